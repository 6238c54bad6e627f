/*
** parse.h -- run the scanner and the parser over one source buffer.
**
** Statements are appended to the Ast; errors go to the Diag, several per
** run, as the grammar recovers at the '.' that ends each clause.
*/
#ifndef PZ_PARSE_H
#define PZ_PARSE_H

#include <stdbool.h>

#include "ast.h"
#include "diag.h"
#include "lex.h"

typedef struct Parser {
  Ast *ast;
  Diag *diag;
  const SrcTable *srcs;
  void *scanner;   /* the flex scanner */
  Lexer lex;
} Parser;

/* Parse source `src` into `ast`.  True when no syntax error was found. */
bool parse_source(Ast *ast, Diag *diag, SymTable *syms, const SrcTable *srcs, SrcId src);

/* Called by the grammar: one plain-words message for a syntax error. */
void parse_report_syntax_error(Parser *ps, Loc at, bool at_end,
                               const char *const *expected, int nexpected);

#endif
