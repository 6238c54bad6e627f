/* tests/unit/test_search.c -- search.c, through solver.h and search.h. */
#include "testutil.h"

#include "solver.h"
#include "search.h"

static int solver_setup(void **state)
{
  *state = solver_new();
  return 0;
}

static int solver_teardown(void **state)
{
  solver_free(*state);
  return 0;
}

static uint64_t count_solutions(Solver *s)
{
  uint64_t n = 0;
  SearchResult r;
  while ((r = search_next(s)) == SEARCH_SOLUTION) {
    assert_true(solver_holds(s));
    n++;
  }
  assert_int_equal(r, SEARCH_EXHAUSTED);
  return n;
}

/* n queens, one per column, rows q[i]: pairwise different rows and diagonals. */
static void post_queens(Solver *s, int n, VarId *q)
{
  for (int i = 0; i < n; i++)
    q[i] = solver_new_var(s, 0, n - 1);
  int32_t coef[2] = { 1, -1 };
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      VarId xy[2] = { q[i], q[j] };
      post_linear(s, 2, coef, xy, LIN_NE, 0);
      post_linear(s, 2, coef, xy, LIN_NE, j - i);
      post_linear(s, 2, coef, xy, LIN_NE, i - j);
    }
  solver_set_decision_vars(s, (size_t)n, q);
}

static void eight_queens_have_92_solutions(void **state)
{
  Solver *s = *state;
  VarId q[8];
  post_queens(s, 8, q);
  assert_int_equal(count_solutions(s), 92);
  assert_int_equal(solver_stats(s)->solutions, 92);
}

/* An n x n magic square over 1..n*n with distinct cells. */
static void post_magic(Solver *s, int n, VarId *cell)
{
  int32_t sum = n * (n * n + 1) / 2;
  for (int i = 0; i < n * n; i++)
    cell[i] = solver_new_var(s, 1, n * n);
  post_distinct(s, (size_t)(n * n), cell);
  int32_t ones[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
  VarId line[8];
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++)
      line[c] = cell[r * n + c];
    post_linear(s, (size_t)n, ones, line, LIN_EQ, sum);
  }
  for (int c = 0; c < n; c++) {
    for (int r = 0; r < n; r++)
      line[r] = cell[r * n + c];
    post_linear(s, (size_t)n, ones, line, LIN_EQ, sum);
  }
  for (int i = 0; i < n; i++)
    line[i] = cell[i * n + i];
  post_linear(s, (size_t)n, ones, line, LIN_EQ, sum);
  for (int i = 0; i < n; i++)
    line[i] = cell[i * n + (n - 1 - i)];
  post_linear(s, (size_t)n, ones, line, LIN_EQ, sum);
  solver_set_decision_vars(s, (size_t)(n * n), cell);
}

static void magic_square_3_has_8_solutions(void **state)
{
  Solver *s = *state;
  VarId cell[9];
  post_magic(s, 3, cell);
  assert_false(solver_failed(s));
  assert_int_equal(count_solutions(s), 8);
}

static void node_limit_stops_the_search(void **state)
{
  Solver *s = *state;
  VarId q[8];
  post_queens(s, 8, q);
  solver_set_limits(s, (SolverLimits){ .max_nodes = 10 });
  SearchResult r;
  int found = 0;
  while ((r = search_next(s)) == SEARCH_SOLUTION)
    found++;
  assert_int_equal(r, SEARCH_LIMIT);
  assert_true(found < 92);
  assert_true(solver_stats(s)->nodes <= 10);
}

static void reset_enumerates_the_same_solutions_again(void **state)
{
  Solver *s = *state;
  VarId q[6];
  post_queens(s, 6, q);
  assert_int_equal(count_solutions(s), 4);
  search_reset(s);
  assert_int_equal(count_solutions(s), 4);
  /* Reset in the middle of the enumeration as well. */
  search_reset(s);
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  search_reset(s);
  assert_int_equal(count_solutions(s), 4);
}

static void first_solution_is_the_leftmost(void **state)
{
  Solver *s = *state;
  VarId q[8];
  post_queens(s, 8, q);
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  /* Smallest values first from q[0]: the classic first solution. */
  int32_t want[8] = { 0, 4, 7, 5, 2, 6, 1, 3 };
  for (int i = 0; i < 8; i++)
    assert_int_equal(var_value(s, q[i]), want[i]);
  size_t n;
  const SearchStep *path = search_path(s, &n);
  assert_true(n > 0);
  assert_non_null(path);
}

static void infeasible_at_post_time_is_exhausted(void **state)
{
  Solver *s = *state;
  VarId x[3];
  for (int i = 0; i < 3; i++)
    x[i] = solver_new_var(s, 1, 2);
  post_distinct(s, 3, x);
  assert_true(solver_failed(s));
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
}

static void infeasible_found_by_search_is_exhausted(void **state)
{
  Solver *s = *state;
  VarId q[3];
  post_queens(s, 3, q);
  assert_false(solver_failed(s));
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
  assert_true(solver_stats(s)->failures > 0);
}

/* x, y, z pairwise different: each != alone waits for a fixed side. */
static void post_triangle(Solver *s, VarId x, VarId y, VarId z)
{
  int32_t coef[2] = { 1, -1 };
  VarId pairs[3][2] = { { x, y }, { y, z }, { x, z } };
  for (int i = 0; i < 3; i++)
    post_linear(s, 2, coef, pairs[i], LIN_NE, 0);
}

static void probing_refutes_what_propagation_cannot(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 0, 1), y = solver_new_var(s, 0, 1),
        z = solver_new_var(s, 0, 1);
  post_triangle(s, x, y, z);
  assert_false(solver_failed(s));       /* three values short of a clash */
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
  assert_int_equal(solver_stats(s)->nodes, 0);
  assert_true(solver_stats(s)->probes > 0);
}

static void probing_removes_failing_values_and_keeps_solutions(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 0, 2), y = solver_new_var(s, 0, 1),
        z = solver_new_var(s, 0, 1);
  post_triangle(s, x, y, z);
  assert_false(var_is_fixed(s, x));
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  assert_int_equal(var_value(s, x), 2);   /* x = 0 and x = 1 fail at once */
  assert_int_equal(solver_stats(s)->nodes, 1);  /* y = 0; z follows */
  assert_int_equal(count_solutions(s), 1);      /* and (2, 1, 0) */
}

static void stats_counters_move(void **state)
{
  Solver *s = *state;
  VarId q[8];
  post_queens(s, 8, q);
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  const SolverStats *st = solver_stats(s);
  assert_true(st->nodes > 0);
  assert_true(st->propagations > 0);
  assert_true(st->failures > 0);
  assert_int_equal(st->solutions, 1);
  assert_true(st->max_depth >= 7);
}

static void undecided_variables_are_decided_too(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 0, 2), y = solver_new_var(s, 0, 2);
  solver_set_decision_vars(s, 1, &x);
  assert_int_equal(count_solutions(s), 9);
  (void)y;
}

static void posting_after_a_solution_restarts_from_the_root(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 0, 3);
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  assert_int_equal(var_value(s, x), 0);
  int32_t one = 1;
  post_linear(s, 1, &one, &x, LIN_NE, 0);
  assert_int_equal(var_min(s, x), 1);
  assert_int_equal(var_max(s, x), 3);
  assert_int_equal(count_solutions(s), 3);
}

static void wide_domains_are_searched(void **state)
{
  Solver *s = *state;
  /* x + y = 10^6 + 3 over wide domains, x - y = 1, x, y in 0 .. 10^6. */
  VarId x = solver_new_var(s, 0, 1000000), y = solver_new_var(s, 0, 1000000);
  int32_t c[2] = { 1, 1 }, d[2] = { 1, -1 };
  VarId xy[2] = { x, y };
  post_linear(s, 2, c, xy, LIN_EQ, 1000003);
  post_linear(s, 2, d, xy, LIN_EQ, 1);
  assert_int_equal(count_solutions(s), 1);
}

static void timeout_returns_limit(void **state)
{
  Solver *s = *state;
  VarId q[14];
  post_queens(s, 14, q);
  solver_set_limits(s, (SolverLimits){ .timeout_seconds = 1e-9 });
  SearchResult r;
  while ((r = search_next(s)) == SEARCH_SOLUTION)
    ;
  assert_int_equal(r, SEARCH_LIMIT);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, solver_setup, solver_teardown)
    T(eight_queens_have_92_solutions),
    T(magic_square_3_has_8_solutions),
    T(node_limit_stops_the_search),
    T(reset_enumerates_the_same_solutions_again),
    T(first_solution_is_the_leftmost),
    T(infeasible_at_post_time_is_exhausted),
    T(infeasible_found_by_search_is_exhausted),
    T(stats_counters_move),
    T(probing_refutes_what_propagation_cannot),
    T(probing_removes_failing_values_and_keeps_solutions),
    T(undecided_variables_are_decided_too),
    T(posting_after_a_solution_restarts_from_the_root),
    T(wide_domains_are_searched),
    T(timeout_returns_limit),
#undef T
  };
  return cmocka_run_group_tests_name("search", tests, NULL, NULL);
}
