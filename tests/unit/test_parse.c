/* tests/unit/test_parse.c -- the lexer and parser, through parse.h. */
#include "testutil.h"

#include "frontend.h"
#include "base/spell.h"

static bool parse(Fixture *f, const char *text)
{
  SrcId id = src_add(&f->srcs, "t.pz", text, strlen(text));
  return parse_source(&f->ast, &f->diag, &f->syms, &f->srcs, id);
}

static bool parse_bytes(Fixture *f, const char *text, size_t len)
{
  SrcId id = src_add(&f->srcs, "t.pz", text, len);
  return parse_source(&f->ast, &f->diag, &f->syms, &f->srcs, id);
}

static const char *messages(Fixture *f)
{
  buf_clear(&f->text);
  diag_render(&f->diag, &f->text);
  return buf_str(&f->text);
}

static void a_declaration_becomes_a_var_statement(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "board sq[3, 3] in 1..9."));
  assert_int_equal(f->ast.stmts.len, 1);
  Stmt *st = f->ast.stmts.items[0];
  assert_int_equal(st->kind, ST_VAR);
  assert_true(st->board);
  assert_int_equal(st->items.items[0]->kind, NK_INDEX);
  assert_int_equal(st->items.items[0]->list.len, 2);
  assert_int_equal(st->expr->kind, NK_BINARY);
  assert_int_equal(st->expr->op, OP_RANGE);
}

static void arithmetic_binds_tighter_than_comparison(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "x + 2 * y = 7."));
  Node *e = f->ast.stmts.items[0]->expr;
  assert_int_equal(e->op, OP_EQ);
  assert_int_equal(e->a->op, OP_ADD);
  assert_int_equal(e->a->b->op, OP_MUL);
  assert_int_equal(e->b->ival, 7);
}

static void comma_is_and_and_semicolon_is_or(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "a = 1, b = 2 ; c = 3."));
  Node *e = f->ast.stmts.items[0]->expr;
  assert_int_equal(e->op, OP_OR);
  assert_int_equal(e->a->op, OP_AND);
}

static void forall_body_stops_at_a_comma(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "r(B) :- forall R in rows(B): sum(R) = 3, x = 1."));
  Stmt *st = f->ast.stmts.items[0];
  assert_int_equal(st->kind, ST_RULE);
  assert_int_equal(st->expr->op, OP_AND);
  assert_int_equal(st->expr->a->kind, NK_QUANT);
  assert_int_equal(st->expr->a->a->op, OP_EQ);
}

/* A string's escapes: \\ a backslash, \" a quote, \uXXXX a character. */
static void string_escapes_are_read(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "clue \"a\\\\b \\\"c\\\" \\u0023\\u25CB\\u00e9\": x = 1."));
  Node *l = f->ast.stmts.items[0]->label;
  assert_int_equal(l->kind, NK_STRING);
  assert_string_equal(sym_name(&f->syms, l->sym), "a\\b \"c\" #\xe2\x97\x8b\xc3\xa9");
}

/* Any other backslash is an error at the backslash, not dropped. */
static void an_unknown_escape_is_an_error_at_its_backslash(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "clue \"ab\\n\": x = 1."));
  assert_non_null(strstr(messages(f), "t.pz:1:9: error: '\\n' is not an escape"));
}

static void labelled_clues_keep_their_label(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "clue 6: green = ivory + 1.\nclue rows: x = 1.\nclue \"top\": y = 2."));
  assert_int_equal(f->ast.stmts.items[0]->label->kind, NK_INT);
  assert_int_equal(f->ast.stmts.items[0]->label->ival, 6);
  assert_int_equal(f->ast.stmts.items[1]->label->kind, NK_NAME);
  assert_int_equal(f->ast.stmts.items[2]->label->kind, NK_STRING);
}

static void comprehension_and_list_are_told_apart(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "s = sum([X * 2 : X in 1..3, X != 2]).\nt = [1, 2]."));
  Node *call = f->ast.stmts.items[0]->expr->b;
  assert_int_equal(call->kind, NK_CALL);
  assert_int_equal(call->list.items[0]->kind, NK_COMPREH);
  assert_int_equal(call->list.items[0]->list.len, 2);
  assert_int_equal(f->ast.stmts.items[1]->expr->b->kind, NK_LIST);
}

static void prolog_spellings_are_accepted(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "x \\= y.\nx =< y.\nx == y."));
  assert_int_equal(f->ast.stmts.items[0]->expr->op, OP_NE);
  assert_int_equal(f->ast.stmts.items[1]->expr->op, OP_LE);
  assert_int_equal(f->ast.stmts.items[2]->expr->op, OP_EQ);
}

static void locations_point_at_the_token(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "x = 1.\n  y = 22."));
  Node *e = f->ast.stmts.items[1]->expr;
  LineCol lc = src_linecol(&f->srcs, e->b->at);
  assert_int_equal(lc.line, 2);
  assert_int_equal(lc.col, 7);
  assert_int_equal(e->b->at.len, 2);
}

static void a_missing_dot_is_reported_with_a_hint(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "var x in 1..9\nx = 3."));
  assert_non_null(strstr(messages(f), "t.pz:2:1: error: unexpected 'x'"));
  assert_non_null(strstr(messages(f), "is a '.' missing"));
}

static void recovery_reports_several_errors(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "x = = 3.\ny + .\nz = 1."));
  assert_int_equal(f->diag.nerrors, 2);
  assert_int_equal(f->ast.stmts.len, 1);            /* z = 1 survives */
}

static void bad_characters_and_big_numbers_are_errors(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "x = 3 # 4.\ny = 99999999999."));
  const char *m = messages(f);
  assert_non_null(strstr(m, "t.pz:1:7: error: the character '#' has no meaning here"));
  assert_non_null(strstr(m, "t.pz:2:5: error: the number 99999999999 is too large"));
}

static void end_of_file_inside_a_clause_is_explained(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "x = "));
  assert_non_null(strstr(messages(f), "the file ends in the middle of a clause"));
}

static void binary_garbage_never_crashes(void **state)
{
  Fixture *f = *state;
  char junk[256];
  for (int i = 0; i < 255; i++)
    junk[i] = (char)(i + 1);
  junk[255] = '\0';
  assert_false(parse(f, junk));
  assert_true(f->diag.nerrors > 0);
}

static void a_nul_byte_is_an_error_where_it_is(void **state)
{
  Fixture *f = *state;
  static const char text[] = "x = \"a\0b\".\ny = 1.\n% z\0\n";
  assert_false(parse_bytes(f, text, sizeof text - 1));
  const char *m = messages(f);
  assert_non_null(strstr(m, "t.pz:1:7: error: there is a NUL byte (0x00) here"));
  assert_non_null(strstr(m, "t.pz:3:4: error: there is a NUL byte (0x00) here"));
  assert_non_null(strstr(m, "x = \"a\\x00b\"."));      /* shown, not cut short */
  assert_int_equal(f->diag.nerrors, 2);
  assert_int_equal(f->ast.stmts.len, 2);
}

static void a_byte_order_mark_is_skipped(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "\xEF\xBB\xBFx = y z."));
  const char *m = messages(f);
  assert_non_null(strstr(m, "t.pz:1:7: error: unexpected 'z'"));
  assert_non_null(strstr(m, "    1 | x = y z.\n      |       ^\n"));
}

/* The operands of a chain of `op`, left to right, into out[*n]. */
static void chain_operands(const Node *e, Op op, int64_t *out, size_t *n)
{
  if (e->kind == NK_BINARY && e->op == op) {
    chain_operands(e->a, op, out, n);
    chain_operands(e->b, op, out, n);
  } else {
    out[(*n)++] = e->kind == NK_INT ? e->ival : e->b->ival;
  }
}

static void long_chains_stay_shallow_and_in_order(void **state)
{
  Fixture *f = *state;
  enum { N = 100000 };
  const char *seps[] = {" + ", ", "};
  Op ops[] = {OP_ADD, OP_AND};
  for (int k = 0; k < 2; k++) {
    Buf b = {0};
    buf_puts(&b, k == 0 ? "x = 1" : "x = 1");
    for (int i = 2; i <= N; i++)
      buf_printf(&b, k == 0 ? "%s%d" : "%sx = %d", seps[k], i);
    buf_puts(&b, ".\n");
    assert_true(parse(f, buf_str(&b)));
    buf_free(&b);
    Node *e = f->ast.stmts.items[k]->expr;
    if (k == 0)
      e = e->b;
    assert_true(e->depth <= 2 * 17 + 1);             /* 2 log2(N) + 1 */
    int64_t *seen = malloc(N * sizeof *seen);
    size_t n = 0;
    chain_operands(e, ops[k], seen, &n);
    assert_int_equal(n, N);
    for (size_t i = 0; i < n; i++)
      assert_int_equal(seen[i], (int64_t)i + 1);
    free(seen);
  }
}

static void a_chain_keeps_its_span(void **state)
{
  Fixture *f = *state;
  assert_true(parse(f, "x = 1 + 2 + 3 + 4 + 5."));
  Node *sum = f->ast.stmts.items[0]->expr->b;
  assert_int_equal(src_linecol(&f->srcs, sum->at).col, 5);
  assert_int_equal(sum->at.len, 17);
}

static void deep_nesting_is_one_located_error(void **state)
{
  Fixture *f = *state;
  Buf b = {0};
  buf_puts(&b, "x = ");
  for (int i = 0; i < AST_MAX_DEPTH + 1; i++)
    buf_puts(&b, "abs(");
  buf_puts(&b, "1");
  for (int i = 0; i < AST_MAX_DEPTH + 1; i++)
    buf_puts(&b, ")");
  buf_puts(&b, ".\ny = 2.\n");
  assert_false(parse(f, buf_str(&b)));
  buf_free(&b);
  assert_int_equal(f->diag.nerrors, 1);
  /* where the nesting passes the limit, counted from the outside */
  assert_non_null(strstr(messages(f), "t.pz:1:2001: error: this expression is nested too deeply"));
  assert_int_equal(f->ast.stmts.len, 1);             /* y = 2 survives */
}

static void a_full_parser_stack_is_nested_too_deeply(void **state)
{
  Fixture *f = *state;
  Buf b = {0};
  for (int i = 0; i < 40000; i++)
    buf_puts(&b, "not ");
  buf_puts(&b, "x = 1.");
  assert_false(parse(f, buf_str(&b)));
  buf_free(&b);
  const char *m = messages(f);
  assert_non_null(strstr(m, "error: this expression is nested too deeply"));
  assert_null(strstr(m, "memory exhausted"));
}

static void control_bytes_are_escaped_in_excerpts(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "x = \"\x1b[2J\" # 1."));
  const char *m = messages(f);
  assert_null(strchr(m, '\x1b'));
  assert_non_null(strstr(m, "    1 | x = \"\\x1b[2J\" # 1.\n      |               ^\n"));
}

static void a_long_line_is_shown_as_a_window(void **state)
{
  Fixture *f = *state;
  Buf b = {0};
  buf_puts(&b, "x = 1");
  for (int i = 0; i < 2000; i++)
    buf_puts(&b, " + 1");
  buf_puts(&b, " # 2.");
  assert_false(parse(f, buf_str(&b)));
  buf_free(&b);
  const char *m = messages(f);
  assert_non_null(strstr(m, "    1 | ...+ 1 + 1"));
  assert_non_null(strstr(m, "+ 1 # 2.\n"));
  assert_true(strlen(m) < 400);
}

static void errors_past_the_twentieth_are_counted(void **state)
{
  Fixture *f = *state;
  Buf b = {0};
  for (int i = 0; i < DIAG_MAX_ERRORS + 7; i++)
    buf_puts(&b, "x = # 1.\n");
  assert_false(parse(f, buf_str(&b)));
  buf_free(&b);
  assert_int_equal(f->diag.nerrors, DIAG_MAX_ERRORS + 7);
  const char *m = messages(f);
  assert_non_null(strstr(m, "t.pz:20:5: error"));
  assert_null(strstr(m, "t.pz:21:5: error"));
  assert_non_null(strstr(m, "\n... and 7 more errors\n"));
}

static void each_pupils_mistake_is_one_error(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "vra x in 1..3.\nClue 1: x = 1.\ndistinct([x, y).\na = b = c.\n"
                        "if x = 1 then y = 2.\nminimise x.\nx <> y && z.\n// note\ny = 'red'.\n"));
  assert_int_equal(f->diag.nerrors, 10);
  const char *m = messages(f);
  assert_non_null(strstr(m, "t.pz:1:1: error: 'vra' is not a word pz knows: did you mean 'var'?"));
  assert_non_null(strstr(m, "t.pz:2:1: error: keywords are written in lower case: write 'clue'"));
  assert_non_null(strstr(m, "t.pz:3:15: error: unexpected ')': the '[' on line 3, column 10 is still open"));
  assert_non_null(strstr(m, "t.pz:4:7: error: comparisons cannot be chained: write 'a = b, b = c'"));
  assert_non_null(strstr(m, "t.pz:5:20: error: the 'if' on line 5, column 1 has no 'else'"));
  assert_non_null(strstr(m, "t.pz:6:1: error: 'minimise' is not a word pz knows: did you mean 'minimize'?"));
  assert_non_null(strstr(m, "t.pz:7:3: error: '<>' has no meaning in pz: write !="));
  assert_non_null(strstr(m, "t.pz:7:8: error: '&&' has no meaning in pz: write 'and'"));
  assert_non_null(strstr(m, "t.pz:8:1: error: '//' does not start a comment in pz"));
  assert_non_null(strstr(m, "t.pz:9:5: error: quotes have no meaning around a name"));
}

static void foreign_operators_parse_as_meant(void **state)
{
  Fixture *f = *state;
  assert_false(parse(f, "a <> b.\na = 1 && b = 2.\na \xe2\x89\xa4 b.\ny = 'red'.\n"));
  assert_int_equal(f->diag.nerrors, 4);
  assert_int_equal(f->ast.stmts.len, 4);          /* each clause is read as if written in pz */
  assert_int_equal(f->ast.stmts.items[0]->expr->op, OP_NE);
  assert_int_equal(f->ast.stmts.items[1]->expr->op, OP_AND);
  assert_int_equal(f->ast.stmts.items[2]->expr->op, OP_LE);
  assert_int_equal(f->ast.stmts.items[3]->expr->b->kind, NK_NAME);
}

static void spelling_counts_a_swap_as_one_typo(void **state)
{
  (void)state;
  assert_int_equal(spell_distance("vra", "var"), 1);
  assert_int_equal(spell_distance("atribute", "attribute"), 1);
  assert_int_equal(spell_distance("day", "max"), 2);
  static const char *const words[] = {"max", "var", "sum"};
  assert_null(spell_closest("day", words, 3));             /* two changes in three letters */
  assert_string_equal(spell_closest("vra", words, 3), "var");
  assert_null(spell_closest("x", words, 3));               /* one letter: anything is close */
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(a_declaration_becomes_a_var_statement, setup, teardown),
    cmocka_unit_test_setup_teardown(arithmetic_binds_tighter_than_comparison, setup, teardown),
    cmocka_unit_test_setup_teardown(comma_is_and_and_semicolon_is_or, setup, teardown),
    cmocka_unit_test_setup_teardown(forall_body_stops_at_a_comma, setup, teardown),
    cmocka_unit_test_setup_teardown(labelled_clues_keep_their_label, setup, teardown),
    cmocka_unit_test_setup_teardown(comprehension_and_list_are_told_apart, setup, teardown),
    cmocka_unit_test_setup_teardown(prolog_spellings_are_accepted, setup, teardown),
    cmocka_unit_test_setup_teardown(locations_point_at_the_token, setup, teardown),
    cmocka_unit_test_setup_teardown(a_missing_dot_is_reported_with_a_hint, setup, teardown),
    cmocka_unit_test_setup_teardown(recovery_reports_several_errors, setup, teardown),
    cmocka_unit_test_setup_teardown(bad_characters_and_big_numbers_are_errors, setup, teardown),
    cmocka_unit_test_setup_teardown(end_of_file_inside_a_clause_is_explained, setup, teardown),
    cmocka_unit_test_setup_teardown(binary_garbage_never_crashes, setup, teardown),
    cmocka_unit_test_setup_teardown(a_nul_byte_is_an_error_where_it_is, setup, teardown),
    cmocka_unit_test_setup_teardown(a_byte_order_mark_is_skipped, setup, teardown),
    cmocka_unit_test_setup_teardown(long_chains_stay_shallow_and_in_order, setup, teardown),
    cmocka_unit_test_setup_teardown(a_chain_keeps_its_span, setup, teardown),
    cmocka_unit_test_setup_teardown(deep_nesting_is_one_located_error, setup, teardown),
    cmocka_unit_test_setup_teardown(a_full_parser_stack_is_nested_too_deeply, setup, teardown),
    cmocka_unit_test_setup_teardown(control_bytes_are_escaped_in_excerpts, setup, teardown),
    cmocka_unit_test_setup_teardown(a_long_line_is_shown_as_a_window, setup, teardown),
    cmocka_unit_test_setup_teardown(errors_past_the_twentieth_are_counted, setup, teardown),
    cmocka_unit_test_setup_teardown(each_pupils_mistake_is_one_error, setup, teardown),
    cmocka_unit_test_setup_teardown(foreign_operators_parse_as_meant, setup, teardown),
    cmocka_unit_test_setup_teardown(spelling_counts_a_swap_as_one_typo, setup, teardown),
    cmocka_unit_test_setup_teardown(string_escapes_are_read, setup, teardown),
    cmocka_unit_test_setup_teardown(an_unknown_escape_is_an_error_at_its_backslash, setup, teardown),
  };
  return cmocka_run_group_tests_name("parse", tests, NULL, NULL);
}
