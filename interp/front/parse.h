/*
** parse.h -- run the scanner and the parser over one source buffer.
**
** Statements are appended to the Ast; errors go to the Diag, several per
** run, as the grammar recovers at the '.' that ends each clause.
*/
#ifndef PZ_PARSE_H
#define PZ_PARSE_H

#include <stdbool.h>

#include "front/ast.h"
#include "base/diag.h"
#include "front/lex.h"
#include "base/vec.h"

/* A token as the parser saw it, for the hints of a syntax error. */
typedef struct ParseTok {
  int tok;         /* bison's token number, a character, or 0 (none yet) */
  Loc at;
  Sym sym;         /* of a name or a variable */
} ParseTok;

/*
** One level of brackets in the clause being read (level 0: outside every
** bracket): where it opened, and the comparison last met at this level
** since a ',', 'and', ':' ... (two comparisons in a row do not chain).
*/
typedef struct ParseLevel {
  char open;       /* '(', '[', '{', or 0 for level 0 */
  Loc at;
  ParseTok cmp;    /* tok 0: none */
  uint32_t start;  /* offset where the comparison's left side starts */
  bool started;
} ParseLevel;

typedef struct Parser {
  Ast *ast;
  Diag *diag;
  const SrcTable *srcs;
  void *scanner;   /* the flex scanner */
  Lexer lex;
  /* what the clause read so far looks like, for the error hints */
  ParseTok last, prev;          /* the lookahead, and the token before it */
  uint32_t clause_tokens;       /* tokens of this clause before the lookahead */
  unsigned lex_errors_before;   /* lex.errors when this clause began */
  VEC(ParseLevel) levels;       /* open brackets, level 0 first */
  VEC(Loc) ifs;                 /* each 'if' still waiting for its 'else' */
} Parser;

/* Called by the grammar for each token it reads, before it parses it;
   lex_errors is lex.errors before the token was read. */
void parse_saw_token(Parser *ps, int tok, Loc at, Sym sym, unsigned lex_errors);

/* Offsets are 32-bit and flex counts in int: a longer text is refused
   (hosts read at most PZ_MAX_SOURCE_BYTES, far below). */
#define PARSE_MAX_BYTES ((size_t)1 << 30)

/*
** Parse source `src` into `ast`.  True when no syntax error was found.
** A UTF-8 byte-order mark at the start is skipped.
*/
bool parse_source(Ast *ast, Diag *diag, SymTable *syms, const SrcTable *srcs, SrcId src);

/*
** Called by the grammar for each statement: it joins the Ast, unless a
** tree in it is deeper than AST_MAX_DEPTH, which is reported (once)
** instead, so that no later stage ever walks such a tree.
*/
void parse_add_stmt(Parser *ps, Stmt *st);
/* A tree too deep, or bison's stack full (which only a tree deeper than
   AST_MAX_DEPTH can fill), at `at`. */
void parse_report_too_deep(Parser *ps, Loc at);

/* Called by the grammar: one plain-words message for a syntax error. */
void parse_report_syntax_error(Parser *ps, Loc at, bool at_end,
                               const char *const *expected, int nexpected);

#endif
