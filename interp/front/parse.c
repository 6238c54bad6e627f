/*
** parse.c -- drive the flex scanner and the bison parser over one source.
*/
#include "front/parse.h"

#include <string.h>

#include "base/buf.h"
#include "base/spell.h"
#include "front/names.h"
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
  ps.lex = (Lexer){.src = src, .off = start, .diag = diag, .syms = syms, .text = s->text};
  pz_yylex_init_extra(&ps.lex, &ps.scanner);
  YY_BUFFER_STATE b = pz_yy_scan_bytes(s->text + start, (int)(s->len - start), ps.scanner);
  VEC_PUSH(ps.levels, ((ParseLevel){0}));
  pz_parse_parse(&ps);
  pz_yy_delete_buffer(b, ps.scanner);
  pz_yylex_destroy(ps.scanner);
  VEC_FREE(ps.levels);
  VEC_FREE(ps.ifs);
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

/* --- what the clause read so far looks like --- */

static bool is_comparison(int tok)
{
  return tok == '=' || tok == '<' || tok == '>' || tok == TOK_NE || tok == TOK_LE ||
         tok == TOK_GE || tok == TOK_IN;
}

/* Tokens that end the left side of a comparison: looser than comparisons. */
static bool ends_operand(int tok)
{
  switch (tok) {
  case ',': case ';': case ':': case TOK_IF: case TOK_AND: case TOK_OR: case TOK_NOT:
  case TOK_IMPLIES: case TOK_IFF: case TOK_IFKW: case TOK_THEN: case TOK_ELSE:
  case TOK_FORALL: case TOK_EXISTS:
    return true;
  default:
    return false;
  }
}

/* The token `t` was parsed: what it opens, closes or compares.  lex_errors:
   the scanner's errors before the token after it. */
static void took(Parser *ps, ParseTok t, unsigned lex_errors)
{
  if (t.tok == 0)
    return;
  if (t.tok == '.') {                   /* a new clause */
    ps->levels.len = 1;
    ps->levels.data[0] = (ParseLevel){0};
    VEC_CLEAR(ps->ifs);
    ps->clause_tokens = 0;
    ps->lex_errors_before = lex_errors;
    return;
  }
  ps->clause_tokens++;
  ParseLevel *lv = &VEC_LAST(ps->levels);
  if (!lv->started && !ends_operand(t.tok) && !is_comparison(t.tok)) {
    lv->start = t.at.off;
    lv->started = true;
  }
  if (t.tok == '(' || t.tok == '[' || t.tok == '{') {
    VEC_PUSH(ps->levels, ((ParseLevel){.open = (char)t.tok, .at = t.at}));
  } else if (t.tok == ')' || t.tok == ']' || t.tok == '}') {
    if (ps->levels.len > 1)
      ps->levels.len--;
  } else if (is_comparison(t.tok)) {
    lv->cmp = t;
  } else if (ends_operand(t.tok)) {
    lv->cmp.tok = 0;
    lv->started = false;
  }
  if (t.tok == TOK_IFKW)
    VEC_PUSH(ps->ifs, t.at);
  else if (t.tok == TOK_ELSE && ps->ifs.len)
    ps->ifs.len--;
}

void parse_saw_token(Parser *ps, int tok, Loc at, Sym sym, unsigned lex_errors)
{
  took(ps, ps->last, lex_errors);
  ps->prev = ps->last;
  ps->last = (ParseTok){tok, at, sym};
}

/* --- the hints of a syntax error --- */

static const char *const keywords[] = {
  "import", "var", "board", "const", "function", "show", "entities", "layout", "attribute",
  "clue", "candidate", "piece", "pieces", "tile", "with", "forall", "exists", "in", "and", "or",
  "not", "mod", "if", "then", "else", "true", "false", "minimize", "maximize", "as", "property",
};
/* The keywords that can start a clause, for "did you mean". */
static const char *const starters[] = {
  "import", "var", "board", "const", "function", "show", "entities", "attribute", "clue",
  "candidate", "piece", "pieces", "tile", "forall", "exists", "if", "not", "minimize", "maximize",
  "property",
};
#define COUNT(a) ((uint32_t)(sizeof(a) / sizeof((a)[0])))

/* Words of other languages that start a clause there, and what to say. */
static const struct {
  const char *word;
  const char *say;
} foreign_words[] = {
  {"constraint", "pz has no 'constraint': write the condition alone, as in 'x < y.'"},
  {"solve", "pz has no 'solve': it solves every puzzle file it reads"},
  {"def", "a function is written 'function f(X) = ...' in pz"},
  {"fun", "a function is written 'function f(X) = ...' in pz"},
  {"func", "a function is written 'function f(X) = ...' in pz"},
};

static LineCol linecol(const Parser *ps, Loc at)
{
  return src_linecol(ps->srcs, at);
}

static bool same_line(const Parser *ps, Loc a, Loc b)
{
  return a.src == b.src && linecol(ps, a).line == linecol(ps, b).line;
}

/* The keyword that `word` spells in other letter cases ("Clue"), or NULL. */
static const char *keyword_in_capitals(const char *word)
{
  char low[16];
  size_t n = strlen(word);
  if (n >= sizeof low)
    return NULL;
  for (size_t i = 0; i <= n; i++)
    low[i] = (char)(word[i] >= 'A' && word[i] <= 'Z' ? word[i] - 'A' + 'a' : word[i]);
  for (uint32_t i = 0; i < COUNT(keywords); i++)
    if (strcmp(low, keywords[i]) == 0 && strcmp(word, keywords[i]) != 0)
      return keywords[i];
  return NULL;
}

/* A clause starts with a word that is no keyword: `vra x in 1..3.` */
static bool hint_first_word(Parser *ps)
{
  ParseTok w = ps->prev, next = ps->last;
  bool word_next = next.tok == TOK_ATOM || next.tok == TOK_VARIABLE || next.tok == TOK_NUMBER ||
                   next.tok == TOK_STRING;
  if (ps->clause_tokens != 1 || (w.tok != TOK_ATOM && w.tok != TOK_VARIABLE) || !word_next ||
      !same_line(ps, w.at, next.at))
    return false;
  const char *word = sym_name(ps->lex.syms, w.sym);
  const char *kw = keyword_in_capitals(word);
  if (kw) {
    diag_error(ps->diag, w.at, "keywords are written in lower case: write '%s', not '%s'", kw, word);
    return true;
  }
  if (w.tok == TOK_ATOM && (kw = spell_closest(word, starters, COUNT(starters)))) {
    diag_error(ps->diag, w.at, "'%s' is not a word pz knows: did you mean '%s'?", word, kw);
    return true;
  }
  for (uint32_t i = 0; i < COUNT(foreign_words); i++)
    if (strcmp(word, foreign_words[i].word) == 0) {
      diag_error(ps->diag, w.at, "%s", foreign_words[i].say);
      return true;
    }
  if (w.tok == TOK_ATOM && builtin_find(ps->lex.syms, w.sym)) {
    diag_error(ps->diag, w.at, "'%s' is built in: write what it is given in brackets, as in %s(...)",
               word, word);
    return true;
  }
  if (next.tok != TOK_ATOM && next.tok != TOK_VARIABLE)
    return false;                       /* `x 3.`: an operator is missing */
  diag_error(ps->diag, w.at, "'%s' is not a word pz knows at the start of a clause: a clause starts "
             "with a keyword such as var, const, clue or show, or is a condition such as x < y", word);
  return true;
}

/* The lookahead is a name where a keyword fits: `forall X In 1..3`, `then` as `than`. */
static bool hint_keyword(Parser *ps, const char *const *expected, int nexpected)
{
  ParseTok t = ps->last;
  if ((t.tok != TOK_ATOM && t.tok != TOK_VARIABLE) || !same_line(ps, ps->prev.at, t.at))
    return false;
  const char *word = sym_name(ps->lex.syms, t.sym);
  const char *cands[COUNT(keywords)];
  uint32_t n = 0;
  for (int i = 0; i < nexpected; i++)
    for (uint32_t k = 0; k < COUNT(keywords); k++)
      if (strcmp(expected[i], keywords[k]) == 0 ||
          (expected[i][0] == '"' && strncmp(expected[i] + 1, keywords[k], strlen(keywords[k])) == 0 &&
           expected[i][strlen(keywords[k]) + 1] == '"'))
        cands[n++] = keywords[k];
  const char *kw = keyword_in_capitals(word);
  for (uint32_t i = 0; kw && i < n; i++)
    if (strcmp(kw, cands[i]) == 0) {
      diag_error(ps->diag, t.at, "keywords are written in lower case: write '%s', not '%s'", kw, word);
      return true;
    }
  if (t.tok == TOK_ATOM && (kw = spell_closest(word, cands, n))) {
    diag_error(ps->diag, t.at, "unexpected '%s': did you mean '%s'?", word, kw);
    return true;
  }
  return false;
}

static const char *closer_of(char open)
{
  return open == '(' ? ")" : open == '[' ? "]" : "}";
}

/* A bracket closed by the wrong kind, or never closed before the '.'. */
static bool hint_brackets(Parser *ps)
{
  int tok = ps->last.tok;
  const ParseLevel *top = &VEC_LAST(ps->levels);
  bool closer = tok == ')' || tok == ']' || tok == '}';
  if (closer && ps->levels.len == 1) {
    diag_error(ps->diag, ps->last.at, "this '%c' closes nothing: there is no '%c' open before it",
               tok, tok == ')' ? '(' : tok == ']' ? '[' : '{');
    return true;
  }
  if (ps->levels.len == 1 || (closer && *closer_of(top->open) == tok))
    return false;
  LineCol lc = linecol(ps, top->at);
  if (closer)
    diag_error(ps->diag, ps->last.at, "unexpected '%c': the '%c' on line %u, column %u is still "
               "open, so a '%s' is missing before this", tok, top->open, lc.line, lc.col, closer_of(top->open));
  else if (tok == '.')
    diag_error(ps->diag, ps->last.at, "the clause ends here, but the '%c' on line %u, column %u "
               "is not closed: a '%s' is missing", top->open, lc.line, lc.col, closer_of(top->open));
  else
    return false;
  return true;
}

/* The text of a source span, trimmed, when it is short and on one line. */
static bool short_text(const Parser *ps, uint32_t from, uint32_t to, Buf *out)
{
  const Src *s = src_get(ps->srcs, ps->last.at.src);
  while (from < to && (s->text[from] == ' ' || s->text[from] == '\t'))
    from++;
  while (to > from && (s->text[to - 1] == ' ' || s->text[to - 1] == '\t'))
    to--;
  if (to == from || to - from > 24)
    return false;
  for (uint32_t i = from; i < to; i++)
    if (s->text[i] == '\n' || s->text[i] == '%' || (unsigned char)s->text[i] < ' ')
      return false;
  buf_add(out, s->text + from, to - from);
  return true;
}

/* The right side of a chained comparison, read ahead in the source: a
   name or a number alone, or false. */
static bool right_side(const Parser *ps, Buf *out)
{
  const Src *s = src_get(ps->srcs, ps->last.at.src);
  uint32_t from = ps->last.at.off + ps->last.at.len, to;
  while (from < s->len && (s->text[from] == ' ' || s->text[from] == '\t'))
    from++;
  for (to = from; to < s->len && (s->text[to] == '_' || (s->text[to] >= '0' && s->text[to] <= '9') ||
                                   ((s->text[to] | 0x20) >= 'a' && (s->text[to] | 0x20) <= 'z')); to++)
    ;
  bool alone = to < s->len && s->text[to] != '\0' && strchr(".,;)]}\n% \t", s->text[to]);
  if (to == from || to - from > 24 || !alone)
    return false;
  buf_add(out, s->text + from, to - from);
  return true;
}

/* `a = b = c`, `1 < x < 9`: comparisons do not chain. */
static bool hint_chain(Parser *ps)
{
  const ParseLevel *lv = &VEC_LAST(ps->levels);
  if (!is_comparison(ps->last.tok) || lv->cmp.tok == 0 || !lv->started ||
      ps->prev.at.off == lv->cmp.at.off)  /* `x = = 3`: nothing between */
    return false;
  const Src *s = src_get(ps->srcs, ps->last.at.src);
  int l1 = (int)lv->cmp.at.len, l2 = (int)ps->last.at.len;
  const char *o1 = s->text + lv->cmp.at.off, *o2 = s->text + ps->last.at.off;
  Buf a = {0}, b = {0}, c = {0};
  if (!short_text(ps, lv->start, lv->cmp.at.off, &a) ||
      !short_text(ps, lv->cmp.at.off + lv->cmp.at.len, ps->last.at.off, &b) || !right_side(ps, &c)) {
    buf_clear(&a), buf_clear(&b), buf_clear(&c);
    buf_puts(&a, "a"), buf_puts(&b, "b"), buf_puts(&c, "c");
  }
  diag_error(ps->diag, ps->last.at, "comparisons cannot be chained: write '%s %.*s %s, %s %.*s %s' "
             "for '%s %.*s %s %.*s %s'", buf_str(&a), l1, o1, buf_str(&b), buf_str(&b), l2, o2,
             buf_str(&c), buf_str(&a), l1, o1, buf_str(&b), l2, o2, buf_str(&c));
  buf_free(&a);
  buf_free(&b);
  buf_free(&c);
  return true;
}

/* `if C then A.`: the else part is missing. */
static bool hint_else(Parser *ps, const char *const *expected, int nexpected)
{
  bool else_expected = false;
  for (int i = 0; i < nexpected; i++)
    else_expected |= strcmp(expected[i], "else") == 0 || strcmp(expected[i], "\"else\"") == 0;
  if (!else_expected || ps->ifs.len == 0)
    return false;
  LineCol lc = linecol(ps, VEC_LAST(ps->ifs));
  diag_error(ps->diag, ps->last.at, "the 'if' on line %u, column %u has no 'else': write "
             "'if C then A else B' (for 'when C holds, so does A', write 'C -> A')", lc.line, lc.col);
  return true;
}

/* An operand, then a comment that starts with '%' on the same line: `x % 2 = 1`
   meant the remainder, and the rest of the line was read as a comment. */
static bool hint_percent(Parser *ps, Loc at, bool at_end)
{
  /* at the end of the file the lookahead may be the end itself */
  ParseTok p = at_end && ps->last.tok > 0 ? ps->last : ps->prev;
  bool operand = p.tok == TOK_NUMBER || p.tok == TOK_ATOM || p.tok == TOK_VARIABLE ||
                 p.tok == ')' || p.tok == ']';
  const Src *s = src_get(ps->srcs, p.at.src);
  if (!operand || !s)
    return false;
  uint32_t end = at_end || at.src != p.at.src ? (uint32_t)s->len : at.off;
  for (uint32_t i = p.at.off + p.at.len; i < end && s->text[i] != '\n'; i++) {
    if (s->text[i] == ' ' || s->text[i] == '\t')
      continue;
    if (s->text[i] != '%')
      return false;
    uint32_t j = i + 1;
    while (j < end && (s->text[j] == ' ' || s->text[j] == '\t'))
      j++;
    char c = j < end ? s->text[j] : 0;
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '('))
      return false;
    diag_error(ps->diag, (Loc){p.at.src, i, 1},
               "'%%' starts a comment in pz, so the rest of line %u is not read: for the remainder "
               "of a division write 'mod', as in 'x mod 2'", linecol(ps, p.at).line);
    return true;
  }
  return false;
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
  /* a bad character or number was reported in this clause or on this
     line: the syntax error it causes would only repeat it */
  if (ps->lex.errors > ps->lex_errors_before)
    return;
  if (ps->diag->count > 0) {
    const DiagMsg *last = &ps->diag->msgs[ps->diag->count - 1];
    if (last->kind == DIAG_ERROR && last->at.src == at.src &&
        src_linecol(ps->srcs, last->at).line == src_linecol(ps->srcs, at).line)
      return;
  }
  if (at_end && ps->levels.len > 1) {
    const ParseLevel *top = &VEC_LAST(ps->levels);
    LineCol lc = linecol(ps, top->at);
    diag_error(ps->diag, at, "the file ends, but the '%c' on line %u, column %u is not closed: "
               "a '%s' is missing", top->open, lc.line, lc.col, closer_of(top->open));
    return;
  }
  if (hint_percent(ps, at, at_end))
    return;
  if (at_end) {
    diag_error(ps->diag, at, "the file ends in the middle of a clause (is the final '.' missing?)");
    return;
  }
  if (hint_brackets(ps) || hint_chain(ps) || hint_keyword(ps, expected, nexpected) ||
      hint_else(ps, expected, nexpected) || hint_first_word(ps))
    return;
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
