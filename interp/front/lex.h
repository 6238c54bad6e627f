/*
** lex.h -- the state and helpers behind grammar/lexer.l.
**
** The scanner tracks a byte offset; every token gets a Loc span.  Token
** helpers that need more than one line of C live in lex.c.
*/
#ifndef PZ_LEX_H
#define PZ_LEX_H

#include <stdbool.h>
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
  const char *text;    /* the whole source, which offsets count into */
  unsigned errors;     /* errors reported by the scanner so far */
} Lexer;

/* Give the token just matched its location and move past it. */
void lex_step(Lexer *lx, Loc *at, size_t len);
/* A decimal literal; too large a number is reported and read as 0. */
int64_t lex_number(Lexer *lx, const char *text, size_t len, Loc at);
/* A string literal without its quotes, its escapes (\\ \" \uXXXX) read; others are errors. */
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
/*
** Mistakes brought from other languages.  Each is reported once, in
** words that say what to write instead; the scanner then returns the
** token meant, so that the parser goes on as if it had been written.
**   lex_foreign: an operator of another language (<>, &&, =>, or a
**     mathematical sign such as U+2260), its pz spelling in the message;
**   lex_foreign_comment: '//' (the rest of its line is skipped);
**   lex_hash_comment: '#' when it starts its line (line_text is the
**     whole source); false when it does not, for lex_bad_char;
**   lex_quoted: a word between single or curly quotes ('red', of
**     `quote` bytes each side): true when it is a name (the scanner
**     returns a name), false for a string; *sym is what it holds.
*/
void lex_check_text(Lexer *lx, const char *text, size_t len, Loc at);
void lex_foreign(Lexer *lx, const char *text, size_t len, Loc at);
void lex_foreign_comment(Lexer *lx, Loc at);
bool lex_hash_comment(Lexer *lx, const char *line_text, Loc at);
bool lex_quoted(Lexer *lx, const char *text, size_t len, size_t quote, Loc at, Sym *sym);

#endif
