/*
** parse.c -- drive the flex scanner and the bison parser over one source.
*/
#include "front/parse.h"

#include <string.h>

#include "base/buf.h"
#include "parser.h"
/* lexer.h names the parser's types without bison's prefix */
#define YYSTYPE PZ_PARSE_STYPE
#define YYLTYPE PZ_PARSE_LTYPE
#include "lexer.h"

bool parse_source(Ast *ast, Diag *diag, SymTable *syms, const SrcTable *srcs, SrcId src)
{
  const Src *s = src_get(srcs, src);
  unsigned errors_before = diag->nerrors;
  if (s->len > PARSE_MAX_BYTES) {
    diag_error(diag, (Loc){src, 0, 0}, "this file is too large to read (%zu bytes)", s->len);
    return false;
  }
  uint32_t start = s->start;            /* past a byte-order mark */
  Parser ps = {.ast = ast, .diag = diag, .srcs = srcs};
  ps.lex = (Lexer){.src = src, .off = start, .diag = diag, .syms = syms};
  pz_yylex_init_extra(&ps.lex, &ps.scanner);
  YY_BUFFER_STATE b = pz_yy_scan_bytes(s->text + start, (int)(s->len - start), ps.scanner);
  pz_parse_parse(&ps);
  pz_yy_delete_buffer(b, ps.scanner);
  pz_yylex_destroy(ps.scanner);
  return diag->nerrors == errors_before;
}

void parse_report_too_deep(Parser *ps, Loc at)
{
  diag_error(ps->diag, at, "this expression is nested too deeply (pz allows at most %d levels)",
             AST_MAX_DEPTH);
}

void parse_add_stmt(Parser *ps, Stmt *st)
{
  if (!st)
    return;
  const Node *deepest = ast_stmt_deepest(st);
  if (deepest && deepest->depth > AST_MAX_DEPTH) {
    /* where the nesting passes the limit, counted from the outside */
    parse_report_too_deep(ps, ast_descend(deepest, AST_MAX_DEPTH)->at);
    return;
  }
  ast_add_stmt(ps->ast, st);
}

/* A token name as bison spells it, without the double quotes of an alias. */
static void add_token_name(Buf *b, const char *name)
{
  size_t n = strlen(name);
  if (n >= 2 && name[0] == '"' && name[n - 1] == '"')
    buf_add(b, name + 1, n - 2);
  else
    buf_puts(b, name);
}

void parse_report_syntax_error(Parser *ps, Loc at, bool at_end,
                               const char *const *expected, int nexpected)
{
  /* a bad character or number was just reported on this line: the
     syntax error it causes would only repeat it */
  if (ps->diag->count > 0) {
    const DiagMsg *last = &ps->diag->msgs[ps->diag->count - 1];
    if (last->kind == DIAG_ERROR && last->at.src == at.src &&
        src_linecol(ps->srcs, last->at).line == src_linecol(ps->srcs, at).line)
      return;
  }
  if (at_end) {
    diag_error(ps->diag, at, "the file ends in the middle of a clause (is the final '.' missing?)");
    return;
  }
  const Src *s = src_get(ps->srcs, at.src);
  int len = (int)(at.len > 40 ? 40 : at.len);
  const char *text = s ? s->text + at.off : "";
  bool dot_expected = false;
  for (int i = 0; i < nexpected; i++)
    dot_expected |= strcmp(expected[i], "'.'") == 0;

  Buf b = {0};
  buf_printf(&b, "unexpected '%.*s'", len, text);
  if (nexpected > 0 && nexpected <= 5) {
    buf_puts(&b, ", expected ");
    for (int i = 0; i < nexpected; i++) {
      if (i > 0)
        buf_puts(&b, i == nexpected - 1 ? " or " : ", ");
      add_token_name(&b, expected[i]);
    }
  } else if (dot_expected) {
    buf_puts(&b, " (is a '.' missing at the end of the clause before it?)");
  } else {
    buf_puts(&b, " here");
  }
  diag_error(ps->diag, at, "%s", buf_str(&b));
  buf_free(&b);
}
