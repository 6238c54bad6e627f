/* tests/unit/test_ground.c -- grounding, through the public pz.h pipeline. */
#include "pzrun.h"

#define assert_first(text, expected) assert_first_as(text, false, expected)

static void arithmetic_on_known_values_folds(void **state)
{
  (void)state;
  assert_first("const n = 7.\nvar x in 0..100.\nx = n * 3 - 10 / 3 + 10 mod 4 + abs(-2).\n",
               "x = 22\n");
}

static void linear_equations_are_solved(void **state)
{
  (void)state;
  assert_first("var x, y in 0..10.\nx + y = 10, x - y = 4.\n", "x = 7\ny = 3\n");
}

static void forall_expands_over_ranges_with_conditions(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("var x[4] in 1..4.\ndistinct(x).\n"
                                   "forall I in 1..4, I < 4: x[I] < x[I + 1].\n"), 1);
}

static void exists_is_a_disjunction(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("var x[3] in 0..1.\nexists I in 1..3: x[I] = 1.\n"), 7);
}

static void or_implies_and_not_reify(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("var a, b in 0..2.\n(a = 1 or b = 1), not (a = b).\n"), 4);
  assert_int_equal(count_solutions("var a, b in 0..1.\na = 1 -> b = 1.\n"), 3);
  assert_int_equal(count_solutions("var a, b in 0..1.\n(a = 1) <-> (b = 0).\n"), 2);
}

static void count_counts_true_conditions(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("var x[4] in 0..1.\ncount([x[I] = 1 : I in 1..4]) = 2.\n"), 6);
  assert_int_equal(count_solutions("var x[4] in 0..2.\ncount(2, x) = 3.\n"), 8);
}

static void rules_expand_with_patterns_and_clauses(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("var a, b in 1..5.\nnext_to(A, B) :- abs(A - B) = 1.\n"
                                   "next_to(a, b).\n"), 8);
  /* a clause without ':-' is a constraint, not a fact: small(1) asks 1 = 2,
     which can never hold */
  assert_int_equal(count_solutions("var a in 1..5.\nsmall(X) :- X = 2.\nsmall(1).\nsmall(a).\n"), -1);
  /* two clauses: either may hold */
  assert_int_equal(count_solutions("var a in 1..5.\nok(1) :- true.\nok(X) :- X = 4.\nok(a).\n"), 2);
}

static void unknown_index_becomes_element(void **state)
{
  (void)state;
  assert_first("const t = [10, 20, 30].\nvar i in 1..3.\nvar y in 0..100.\ny = t[i], y > 15, y < 25.\n",
               "i = 2\ny = 20\n");
}

static void boards_give_rows_columns_and_diagonals(void **state)
{
  (void)state;
  assert_first("board b[2, 2] in 1..4.\ndistinct(b).\nrow(b, 1) = [1, 2].\ncolumn(b, 1) = [1, 4].\n",
               "b =\n1 2\n4 3\n");
}

static void wildcards_leave_cells_free(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("board b[2, 2] in 1..2.\nb = [[1, _], [_, 2]].\n"), 4);
}

static void value_names_print_as_names(void **state)
{
  (void)state;
  assert_first("var c, d in [red, green].\nc != d, c = green.\n", "c = green\nd = red\n");
}

static void membership_restricts_values(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("var x in 1..10.\nx in [2, 4, 8].\n"), 3);
  assert_int_equal(count_solutions("var x in 1..10.\nnot (x in 3..8).\n"), 4);
}

static void if_then_else_picks_by_a_condition(void **state)
{
  (void)state;
  assert_first("var x in 1..3.\nvar y in 0..20.\nx = 2.\ny = if x > 1 then 10 else 20.\n",
               "x = 2\ny = 10\n");
}

static void show_prints_expressions(void **state)
{
  (void)state;
  assert_first("var x, y in 1..3.\nx = 1, y = 3.\nshow x + y, [x, y].\n", "x + y = 4\n[x, y] = [1, 3]\n");
}

static void impossible_clues_give_no_solution(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("var x in 1..3.\nx > 5.\n"), 0);
  assert_int_equal(count_solutions("var x in 1..3.\nx < 2, x > 2.\n"), 0);
}

static void clues_false_in_themselves_are_errors(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("false.\n"), -1);
  assert_first("var x in 1..3.\nclue 4: 1 + 1 = 3.\n",
               "t.pz:2:1: error: clue 4 can never hold\n"
               "    2 | clue 4: 1 + 1 = 3.\n      | ^~~~~~~~~~~~~~~~~~\n");
}

static void value_errors_are_located(void **state)
{
  (void)state;
  assert_first("var c in [red, green].\nc + 1 = 2.\n",
               "t.pz:2:1: error: '+' needs numbers, but this is a value name\n"
               "    2 | c + 1 = 2.\n      | ^\n");
}

static void logic_grids_channel_values_and_entities(void **state)
{
  (void)state;
  const char *grid = "entities kid: ann, bob, cy.\nattribute age: 7..9.\n"
                     "attribute pet: cat, dog, eel.\n";
  char b[512];
  snprintf(b, sizeof b, "%sage(dog) = 9, cat = bob, age(ann) < age(bob).\nshow pet(cy), first(kid).\n", grid);
  assert_first(b, "kid  age  pet\nann  7    eel\nbob  8    cat\ncy   9    dog\n"
                  "pet(cy) = dog\nfirst(kid) = ann\n");
  snprintf(b, sizeof b, "%scat != ann.\n", grid);
  assert_int_equal(count_solutions(b), 24);      /* 3! ages x 4 pet orders */
}

static void endless_recursion_is_stopped(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("var x in 1..3.\nloop(X) :- loop(X + 1).\nloop(x).\n"), -1);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(arithmetic_on_known_values_folds),
    cmocka_unit_test(linear_equations_are_solved),
    cmocka_unit_test(forall_expands_over_ranges_with_conditions),
    cmocka_unit_test(exists_is_a_disjunction),
    cmocka_unit_test(or_implies_and_not_reify),
    cmocka_unit_test(count_counts_true_conditions),
    cmocka_unit_test(rules_expand_with_patterns_and_clauses),
    cmocka_unit_test(unknown_index_becomes_element),
    cmocka_unit_test(boards_give_rows_columns_and_diagonals),
    cmocka_unit_test(wildcards_leave_cells_free),
    cmocka_unit_test(value_names_print_as_names),
    cmocka_unit_test(membership_restricts_values),
    cmocka_unit_test(if_then_else_picks_by_a_condition),
    cmocka_unit_test(show_prints_expressions),
    cmocka_unit_test(impossible_clues_give_no_solution),
    cmocka_unit_test(clues_false_in_themselves_are_errors),
    cmocka_unit_test(value_errors_are_located),
    cmocka_unit_test(logic_grids_channel_values_and_entities),
    cmocka_unit_test(endless_recursion_is_stopped),
  };
  return cmocka_run_group_tests_name("ground", tests, NULL, NULL);
}
