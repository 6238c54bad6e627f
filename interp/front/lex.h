/*
** lex.h -- the state and helpers behind grammar/lexer.l.
**
** The scanner tracks a byte offset; every token gets a Loc span.  Token
** helpers that need more than one line of C live in lex.c.
*/
#ifndef PZ_LEX_H
#define PZ_LEX_H

#include <stddef.h>

#include "front/ast.h"
#include "base/diag.h"
#include "base/src.h"
#include "base/sym.h"

typedef struct Lexer {
  SrcId src;
  uint32_t off;        /* byte offset of the next token */
  Diag *diag;
  SymTable *syms;
} Lexer;

/* Give the token just matched its location and move past it. */
void lex_step(Lexer *lx, Loc *at, size_t len);
/* A decimal literal; too large a number is reported and read as 0. */
int64_t lex_number(Lexer *lx, const char *text, size_t len, Loc at);
/* A string literal without its quotes (no escapes but \" and \\). */
Sym lex_string(Lexer *lx, const char *text, size_t len, Loc at);
void lex_bad_char(Lexer *lx, const char *text, Loc at);
/* A run of bytes >= 0x80 outside strings and comments. */
void lex_not_ascii(Lexer *lx, const char *text, size_t len, Loc at);
void lex_unterminated_string(Lexer *lx, const char *text, size_t len, Loc at);
/*
** NUL bytes are not text: one is reported where it is, whether between
** tokens (lex_nul, once per run) or inside a comment or a string
** (lex_check_text, once per token).
*/
void lex_nul(Lexer *lx, Loc at);
void lex_check_text(Lexer *lx, const char *text, size_t len, Loc at);

#endif
