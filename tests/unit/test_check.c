/* tests/unit/test_check.c -- the checker, through check.h. */
#include "testutil.h"

#include "frontend.h"

/* Parse and check; returns the rendered messages ("" when clean). */
static const char *check(Fixture *f, const char *text)
{
  SrcId id = src_add(&f->srcs, "t.pz", text, strlen(text));
  assert_true(parse_source(&f->ast, &f->diag, &f->syms, &f->srcs, id));
  check_program(&f->ast, &f->names, &f->syms, &f->diag);
  buf_clear(&f->text);
  diag_render(&f->diag, &f->text);
  return buf_str(&f->text);
}

static void a_clean_program_has_no_messages(void **state)
{
  Fixture *f = *state;
  assert_string_equal(check(f, "var x, y in 1..3.\nnext(A, B) :- B = A + 1.\nnext(x, y).\n"
                               "forall I in 1..3: x != I + 5.\n"), "");
}

static void a_typo_gets_did_you_mean(void **state)
{
  Fixture *f = *state;
  const char *m = check(f, "var chesterfield, fox in 1..5.\nchesterfeld = fox.\n");
  assert_non_null(strstr(m, "t.pz:2:1: error: unknown name 'chesterfeld'"));
  assert_non_null(strstr(m, "t.pz:1:5: note: did you mean 'chesterfield'?"));
}

static void value_names_come_from_domains(void **state)
{
  Fixture *f = *state;
  assert_string_equal(check(f, "var c in [red, green].\nc = red.\n"), "");
  assert_int_equal(names_find(&f->names, sym_intern_cstr(&f->syms, "red"))->kind, NAME_ATOM);
}

static void wrong_arity_is_reported_for_rules_and_builtins(void **state)
{
  Fixture *f = *state;
  const char *m = check(f, "var a in 1..3.\nr(X) :- X = 1.\nr(a, a).\nabs(a, a) = 1.\n");
  assert_non_null(strstr(m, "t.pz:3:1: error: the rule 'r' takes 1 argument, but 2 were given"));
  assert_non_null(strstr(m, "t.pz:4:1: error: 'abs' takes 1 argument, but 2 were given"));
}

static void unknown_rules_suggest_builtins_too(void **state)
{
  Fixture *f = *state;
  const char *m = check(f, "var a in 1..3.\ndistnct([a]).\n");
  assert_non_null(strstr(m, "unknown rule 'distnct'"));
  assert_non_null(strstr(m, "did you mean 'distinct' (built in)?"));
}

static void unbound_variables_are_reported(void **state)
{
  Fixture *f = *state;
  const char *m = check(f, "var x[3] in 1..3.\nforall I in 1..3: x[J] = I.\n");
  assert_non_null(strstr(m, "t.pz:2:21: error: the variable 'J' has no value here"));
}

static void quantifier_variables_go_out_of_scope(void **state)
{
  Fixture *f = *state;
  const char *m = check(f, "var x[3] in 1..3.\n(forall I in 1..3: x[I] > 0), x[I] = 1.\n");
  assert_non_null(strstr(m, "the variable 'I' has no value here"));
}

static void duplicates_point_at_the_first_declaration(void **state)
{
  Fixture *f = *state;
  const char *m = check(f, "var x in 1..3.\nvar x in 1..4.\n");
  assert_non_null(strstr(m, "t.pz:2:5: error: 'x' is already declared"));
  assert_non_null(strstr(m, "t.pz:1:5: note: 'x' was first declared here"));
}

static void builtins_cannot_be_redefined_as_rules(void **state)
{
  Fixture *f = *state;
  assert_non_null(strstr(check(f, "sum(X) :- X = 1.\n"), "'sum' is a built-in name"));
}

static void constants_may_share_a_builtin_name(void **state)
{
  Fixture *f = *state;
  assert_string_equal(check(f, "const pairs = [1, 2].\nvar x in 1..3.\nx = sum(pairs).\n"), "");
}

static void rule_clauses_must_agree_on_arity(void **state)
{
  Fixture *f = *state;
  const char *m = check(f, "r(X) :- X = 1.\nr(X, Y) :- X = Y.\n");
  assert_non_null(strstr(m, "the rule 'r' has 2 parameters here but 1 in its first clause"));
}

/* builtin_find searches the table by name: every row (aliases too) is found
   as itself, names are not shared, and names around them are not built-ins. */
static void every_builtin_is_found_by_its_name(void **state)
{
  Fixture *f = *state;
  uint32_t n;
  const Builtin *t = builtin_table(&n);
  assert_true(n > 30);
  for (uint32_t i = 0; i < n; i++) {
    assert_ptr_equal(builtin_find(&f->syms, sym_intern_cstr(&f->syms, t[i].name)), &t[i]);
    for (uint32_t j = 0; j < i; j++)
      assert_string_not_equal(t[i].name, t[j].name);
  }
  const char *not_builtins[] = {"", "a", "su", "summ", "sum_", "zzzz", "Sum", "~"};
  for (size_t i = 0; i < sizeof not_builtins / sizeof not_builtins[0]; i++)
    assert_null(builtin_find(&f->syms, sym_intern_cstr(&f->syms, not_builtins[i])));
  assert_int_equal(builtin_find(&f->syms, sym_intern_cstr(&f->syms, "cols"))->id, BI_COLUMNS);
}

static void closest_name_needs_to_be_close(void **state)
{
  (void)state;
  const char *cands[] = {"zebra", "water", "fox"};
  assert_string_equal(check_closest("zebar", cands, 3), "zebra");
  assert_null(check_closest("horse", cands, 3));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(a_clean_program_has_no_messages, setup, teardown),
    cmocka_unit_test_setup_teardown(a_typo_gets_did_you_mean, setup, teardown),
    cmocka_unit_test_setup_teardown(value_names_come_from_domains, setup, teardown),
    cmocka_unit_test_setup_teardown(wrong_arity_is_reported_for_rules_and_builtins, setup, teardown),
    cmocka_unit_test_setup_teardown(unknown_rules_suggest_builtins_too, setup, teardown),
    cmocka_unit_test_setup_teardown(unbound_variables_are_reported, setup, teardown),
    cmocka_unit_test_setup_teardown(quantifier_variables_go_out_of_scope, setup, teardown),
    cmocka_unit_test_setup_teardown(duplicates_point_at_the_first_declaration, setup, teardown),
    cmocka_unit_test_setup_teardown(builtins_cannot_be_redefined_as_rules, setup, teardown),
    cmocka_unit_test_setup_teardown(constants_may_share_a_builtin_name, setup, teardown),
    cmocka_unit_test_setup_teardown(rule_clauses_must_agree_on_arity, setup, teardown),
    cmocka_unit_test_setup_teardown(every_builtin_is_found_by_its_name, setup, teardown),
    cmocka_unit_test(closest_name_needs_to_be_close),
  };
  return cmocka_run_group_tests_name("check", tests, NULL, NULL);
}
