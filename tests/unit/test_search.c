/* tests/unit/test_search.c -- search.c, through solver.h and search.h. */
#include "testutil.h"

#include <stddef.h>

#include "engine/engine.h"
#include "search/nogood.h"
#include "search/parallel.h"
#include "search/search.h"
#include "pz.h"
#include "pz_internal.h"

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
  solver_set_limits(s, (SolverLimits){ .timeout_seconds = 1e-9, .clock = test_clock });
  SearchResult r;
  while ((r = search_next(s)) == SEARCH_SOLUTION)
    ;
  assert_int_equal(r, SEARCH_LIMIT);
}

/* Every solution of s in order, as values of x[0..n), into out (n per row). */
static size_t all_solutions(Solver *s, size_t n, const VarId *x, int32_t *out,
                            size_t max)
{
  size_t k = 0;
  while (search_next(s) == SEARCH_SOLUTION) {
    assert_true(k < max);
    for (size_t i = 0; i < n; i++)
      out[k * n + i] = var_value(s, x[i]);
    k++;
  }
  return k;
}

/*
** The tournament tree of large models chooses exactly what the scan of
** small ones chooses: same solutions in the same order, same nodes.
*/
static void tree_chooses_as_the_scan(void **state)
{
  (void)state;
  static int32_t scan[92 * 8], tree[92 * 8];
  SolverStats stats[2];
  for (int use_tree = 0; use_tree < 2; use_tree++) {
    Solver *s = solver_new();
    if (use_tree)
      s->search.tree_min = 1;
    VarId q[8];
    post_queens(s, 8, q);
    size_t n = all_solutions(s, 8, q, use_tree ? tree : scan, 92);
    assert_int_equal(n, 92);
    stats[use_tree] = *solver_stats(s);
    solver_free(s);
  }
  assert_memory_equal(scan, tree, sizeof scan);
  assert_int_equal(stats[0].nodes, stats[1].nodes);
  assert_int_equal(stats[0].failures, stats[1].failures);
}

/* With failures (weights) and variables beyond the decision ones. */
static void tree_chooses_as_the_scan_with_weights_and_helpers(void **state)
{
  (void)state;
  SolverStats stats[2];
  int32_t first[2][17];
  for (int use_tree = 0; use_tree < 2; use_tree++) {
    Solver *s = solver_new();
    if (use_tree)
      s->search.tree_min = 1;
    VarId cell[16];
    post_magic(s, 4, cell);
    /* a helper outside the decision variables: h = cell[0] + cell[15] */
    VarId h = solver_new_var(s, 0, 40);
    int32_t coef[3] = { 1, 1, -1 };
    VarId xs[3] = { cell[0], cell[15], h };
    post_linear(s, 3, coef, xs, LIN_EQ, 0);
    solver_set_decision_vars(s, 15, cell);   /* cell[15] is decided later */
    assert_int_equal(search_next(s), SEARCH_SOLUTION);
    for (int i = 0; i < 16; i++)
      first[use_tree][i] = var_value(s, cell[i]);
    first[use_tree][16] = var_value(s, h);
    uint64_t n = 1;
    while (search_next(s) == SEARCH_SOLUTION)
      n++;
    assert_int_equal(n, 7040);
    stats[use_tree] = *solver_stats(s);
    solver_free(s);
  }
  assert_memory_equal(first[0], first[1], sizeof first[0]);
  assert_int_equal(stats[0].nodes, stats[1].nodes);
  assert_int_equal(stats[0].failures, stats[1].failures);
}

/* 200,000 unknowns and no clue: one node each (the scan was quadratic). */
static void many_free_unknowns_are_decided_one_node_each(void **state)
{
  Solver *s = *state;
  enum { N = 200000 };
  VarId *x = malloc(N * sizeof *x);
  for (int i = 0; i < N; i++)
    x[i] = solver_new_var(s, 1, 2);
  solver_set_decision_vars(s, N, x);
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  for (int i = 0; i < N; i += 997)
    assert_int_equal(var_value(s, x[i]), 1);
  assert_int_equal(solver_stats(s)->nodes, N);
  free(x);
}

/*
** x[0] < x[1] < ... < x[n-1] over 0..10^6, and x[n-1] < x[0] + n - 1 + big*b:
** with b = 0 the bounds creep by one per round of n propagations, about
** 10^6 rounds before the wipe-out (minutes of propagation).
*/
static VarId post_creeping_chain(Solver *s, int n, int32_t big)
{
  VarId *x = malloc((size_t)n * sizeof *x);
  for (int i = 0; i < n; i++)
    x[i] = solver_new_var(s, 0, 1000000);
  VarId b = solver_new_var(s, 0, 1);
  int32_t step[2] = { 1, -1 };
  for (int i = 0; i + 1 < n; i++) {
    VarId xy[2] = { x[i], x[i + 1] };
    post_linear(s, 2, step, xy, LIN_LE, -1);
  }
  int32_t back[3] = { 1, -1, -big };
  VarId xyb[3] = { x[n - 1], x[0], b };
  post_linear(s, 3, back, xyb, LIN_LE, n - 2);
  free(x);
  return b;
}

static void time_limit_stops_root_propagation(void **state)
{
  Solver *s = *state;
  solver_set_limits(s, (SolverLimits){ .timeout_seconds = 0.05, .clock = test_clock });
  solver_defer_propagation(s, true);
  post_creeping_chain(s, 4000, 0);      /* infeasible at the root */
  solver_defer_propagation(s, false);   /* the endless fixpoint, cut short */
  assert_true(solver_time_is_up(s));
  assert_false(solver_failed(s));       /* not a "no solution" */
  assert_int_equal(search_next(s), SEARCH_LIMIT);
  assert_int_equal(search_next(s), SEARCH_LIMIT);
}

static void time_limit_stops_probing(void **state)
{
  Solver *s = *state;
  VarId b = post_creeping_chain(s, 4000, 2000000);
  assert_false(solver_failed(s));
  solver_set_decision_vars(s, 1, &b);   /* few values: probed, b = 0 first */
  solver_set_limits(s, (SolverLimits){ .timeout_seconds = 0.05, .clock = test_clock });
  assert_int_equal(search_next(s), SEARCH_LIMIT);
  assert_int_equal(solver_stats(s)->nodes, 0);
  assert_int_equal(solver_stats(s)->probes, 1);
  assert_false(solver_failed(s));
}

static void time_limit_stops_a_long_node(void **state)
{
  Solver *s = *state;
  post_creeping_chain(s, 4000, 2000000);  /* 4,001 decision vars: no probing */
  solver_set_limits(s, (SolverLimits){ .timeout_seconds = 0.05, .clock = test_clock });
  assert_int_equal(search_next(s), SEARCH_LIMIT);
  assert_int_equal(solver_stats(s)->nodes, 1);  /* b = 0, then endless */
  assert_int_equal(solver_stats(s)->probes, 0);
}

/* No limit set: the clock is never read, and never up. */
static void no_time_limit_is_never_up(void **state)
{
  Solver *s = *state;
  for (int i = 0; i < 100000; i++)
    assert_false(solver_time_is_up(s));
  solver_set_limits(s, (SolverLimits){ .max_nodes = 5 });
  for (int i = 0; i < 100000; i++)
    assert_false(solver_time_is_up(s));
}

/*
** Projection: x in 1..10 shown, eight free helpers in 1..3.  Ten answers,
** each found with one completion of the helpers (at most eight decisions),
** where every assignment would be 65,610 solutions.  With the tournament
** tree (use_tree) the same.
*/
static void projection_counts_answers(Solver *s, bool use_tree)
{
  if (use_tree)
    s->search.tree_min = 1;
  VarId v[9];
  for (int i = 0; i < 9; i++)
    v[i] = solver_new_var(s, 1, i ? 3 : 10);
  solver_set_decision_vars(s, 9, v);
  solver_set_shown_vars(s, 1, &v[0]);
  for (int32_t want = 1; want <= 10; want++) {
    assert_int_equal(search_next(s), SEARCH_SOLUTION);
    assert_int_equal(var_value(s, v[0]), want);      /* each answer once, in order */
    assert_true(solver_holds(s));
  }
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
  assert_int_equal(solver_stats(s)->solutions, 10);
  assert_true(solver_stats(s)->nodes <= 10 * 8 + 2 * 10);
}

static void projection_counts_answers_not_assignments(void **state)
{
  projection_counts_answers(*state, false);
}

static void projection_counts_answers_with_the_tree(void **state)
{
  projection_counts_answers(*state, true);
}

/* The helpers are searched (through failures) for one completion per answer. */
static void projection_searches_the_helpers_for_a_completion(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 1, 4), h[3];
  for (int i = 0; i < 3; i++)
    h[i] = solver_new_var(s, 1, 4);
  VarId all[4] = { x, h[0], h[1], h[2] };
  post_distinct(s, 4, all);
  int32_t one = 1;
  post_linear(s, 1, &one, &h[0], LIN_NE, 2);
  int32_t c[2] = { 1, 1 };
  VarId xy[2] = { x, h[1] };
  post_linear(s, 2, c, xy, LIN_NE, 5);          /* x = 4: h[1] != 1 */
  solver_set_decision_vars(s, 1, &x);           /* the helpers as other variables */
  solver_set_shown_vars(s, 1, &x);
  assert_int_equal(count_solutions(s), 4);
  search_reset(s);
  solver_set_shown_vars(s, 3, all);             /* x, h[0], h[1]: as many answers as solutions */
  uint64_t answers = count_solutions(s);
  Solver *t = solver_new();                     /* the same without projection, by hand */
  VarId tx = solver_new_var(t, 1, 4), th[3];
  for (int i = 0; i < 3; i++)
    th[i] = solver_new_var(t, 1, 4);
  VarId tall[4] = { tx, th[0], th[1], th[2] };
  post_distinct(t, 4, tall);
  post_linear(t, 1, &one, &th[0], LIN_NE, 2);
  VarId txy[2] = { tx, th[1] };
  post_linear(t, 2, c, txy, LIN_NE, 5);
  assert_int_equal(answers, count_solutions(t));   /* h[2] is fixed by the others */
  solver_free(t);
}

/* Nothing shown varies: one answer when there is a solution. */
static void projection_onto_nothing_is_one_answer(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 1, 5);
  solver_set_decision_vars(s, 1, &x);
  solver_set_shown_vars(s, 0, NULL);
  assert_int_equal(count_solutions(s), 1);
}

/* A propagator that prunes nothing and whose constraint never holds. */
static PropStatus liar_propagate(Solver *s, Prop *p)
{
  (void)s;
  (void)p;
  return PS_FIX;
}

static bool liar_holds(const Solver *s, const Prop *p, const int32_t *vals)
{
  (void)s;
  (void)p;
  (void)vals;
  return false;
}

static const PropClass liar = { "liar", liar_propagate, liar_holds, NULL, NULL, NULL };

static void post_liar(Solver *s, VarId x, uint32_t origin)
{
  solver_set_origin(s, origin);
  Prop *p = prop_new(s, &liar, PC_CHEAP, 1, &x, 0, NULL);
  prop_subscribe_all(s, p, EV_VAL);
  prop_post(s, p);
  solver_set_origin(s, 0);
}

static void checking_stops_at_a_false_solution(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 1, 3);
  post_liar(s, x, 7);
  solver_set_checking(s, true);
  assert_int_equal(search_next(s), SEARCH_BROKEN);
  SolverBroken b = solver_broken(s);
  assert_int_equal(b.origin, 7);
  assert_string_equal(b.kind, "liar");
  assert_int_equal(solver_stats(s)->solutions, 0);
  assert_int_equal(search_next(s), SEARCH_BROKEN);   /* stopped for good */
}

static void checking_passes_true_solutions(void **state)
{
  Solver *s = *state;
  VarId q[6];
  post_queens(s, 6, q);
  solver_set_checking(s, true);
  assert_int_equal(count_solutions(s), 4);
}


static void pz_next_reports_a_false_solution_at_its_clue(void **state)
{
  (void)state;
  const char *text = "var x in 1..3.\nclue big: x > 1.\n";
  PzCtx *cx = pz_open(NULL);
  assert_true(pz_load(cx, "t.pz", text, strlen(text)));
  Solver *s = pz_space(cx);
  post_liar(s, 0, 2);                   /* origin 2: the clue on line 2 (1: the declaration) */
  assert_int_equal(pz_next(cx), PZ_INTERNAL);
  const char *want =
    "t.pz:2:1: error: internal error: the answer pz found breaks this clue; "
    "this is a bug in pz, please report it\n"
    "    2 | clue big: x > 1.\n"
    "      | ^~~~~~~~~~~~~~~~\n"
    "t.pz:2:1: note: the liar constraint made of it does not hold\n"
    "    2 | clue big: x > 1.\n"
    "      | ^~~~~~~~~~~~~~~~\n";
  assert_string_equal(pz_diagnostics(cx), want);
  assert_int_equal(pz_next(cx), PZ_INTERNAL);  /* no answer after that */
  assert_string_equal(pz_diagnostics(cx), want);
  pz_close(cx);
}

static void pz_limits_set_before_loading_cover_grounding(void **state)
{
  (void)state;
  const char *text =
    "var x[4000] in 0..1000000.\n"
    "clue chain: forall I in 1..3999: x[I] < x[I+1].\n"
    "clue back: x[4000] < x[1] + 3999.\n";
  PzCtx *cx = pz_open(&(PzOptions){.clock = test_clock});
  pz_set_limits(cx, 0.05, 0);
  pz_load(cx, "t.pz", text, strlen(text));
  assert_int_equal(pz_next(cx), PZ_LIMIT);
  pz_close(cx);
}

/* --- nogoods from restarts (search/nogood.c) --- */

/* Open a decision level by hand, as the search does for step st. */
static void push_step(Solver *s, SearchStep st)
{
  trail_push_level(&s->trail);
  VEC_PUSH(s->search.path, st);
  Event e = st.eq ? dom_fix(s, st.x, st.v, NULL) : dom_remove(s, st.x, st.v, NULL);
  assert_true(e != EV_FAIL);
}

static void pop_step(Solver *s)
{
  (void)VEC_POP(s->search.path);
  trail_pop_level(&s->trail);
}

/* x0 = 1 was followed by x1 != 0 (so x1 = 0 was refuted) and a failed
** x2 = 2: below x0 = 1 both values go, and come back when x0 = 1 does. */
static void nogoods_prune_the_refuted_branches(void **state)
{
  Solver *s = *state;
  VarId x[3];
  for (int i = 0; i < 3; i++)
    x[i] = solver_new_var(s, 0, 2);
  nogood_clear(s);
  SearchStep path[3] = {{ .x = x[0], .v = 1, .eq = true }, { .x = x[1], .v = 0, .eq = false },
                        { .x = x[2], .v = 2, .eq = true }};
  nogood_learn(s, path, 3);
  assert_int_equal(s->search.nogoods.learned, 2);
  assert_int_equal(nogood_fixpoint(s), PS_FIX);     /* the root: nothing holds yet */
  assert_int_equal(var_size(s, x[1]), 3);
  push_step(s, path[0]);
  assert_int_equal(nogood_fixpoint(s), PS_FIX);
  assert_false(var_contains(s, x[1], 0));
  assert_false(var_contains(s, x[2], 2));
  assert_int_equal(var_size(s, x[1]), 2);
  pop_step(s);
  push_step(s, (SearchStep){ .x = x[0], .v = 1, .eq = false });
  assert_int_equal(nogood_fixpoint(s), PS_FIX);     /* x0 != 1: the nogoods hold */
  assert_int_equal(var_size(s, x[1]), 3);
  assert_int_equal(var_size(s, x[2]), 3);
  pop_step(s);
}

/* A nogood whose decisions are all made at once fails the node. */
static void nogoods_fail_the_node_where_they_all_hold(void **state)
{
  Solver *s = *state;
  VarId x[3];
  for (int i = 0; i < 3; i++)
    x[i] = solver_new_var(s, 0, 2);
  nogood_clear(s);
  SearchStep path[3] = {{ .x = x[0], .v = 1, .eq = true }, { .x = x[1], .v = 2, .eq = true },
                        { .x = x[2], .v = 0, .eq = true }};
  nogood_learn(s, path, 3);                         /* {x2 = 0, x1 = 2, x0 = 1} */
  assert_int_equal(s->search.nogoods.learned, 1);
  assert_int_equal(nogood_fixpoint(s), PS_FIX);
  push_step(s, path[0]);
  assert_int_equal(nogood_fixpoint(s), PS_FIX);
  assert_int_equal(var_size(s, x[2]), 3);           /* two literals open: nothing yet */
  trail_push_level(&s->trail);
  VEC_PUSH(s->search.path, path[1]);
  assert_true(dom_fix(s, x[1], 2, NULL) != EV_FAIL);
  assert_true(dom_fix(s, x[2], 0, NULL) != EV_FAIL);
  uint64_t failures = solver_stats(s)->failures;
  assert_int_equal(nogood_fixpoint(s), PS_FAIL);
  assert_int_equal(solver_stats(s)->failures, failures + 1);
  pop_step(s);
  pop_step(s);
}

/* A first decision refuted is a nogood of one literal: gone at the root. */
static void nogoods_of_one_decision_prune_the_root(void **state)
{
  Solver *s = *state;
  VarId x[2];
  for (int i = 0; i < 2; i++)
    x[i] = solver_new_var(s, 0, 2);
  nogood_clear(s);
  SearchStep path[2] = {{ .x = x[0], .v = 0, .eq = false }, { .x = x[1], .v = 1, .eq = true }};
  nogood_learn(s, path, 2);                         /* {x0 = 0} and {x1 = 1} */
  assert_int_equal(nogood_fixpoint(s), PS_FIX);
  assert_false(var_contains(s, x[0], 0));
  assert_false(var_contains(s, x[1], 1));
  assert_false(nogood_any(s));                      /* satisfied for good: dropped */
}

/* Restarting after every failure, with and without nogoods: the same
** 416 magic squares with 16 in a corner, whatever the seed. */
static void learning_keeps_every_solution(void **state)
{
  (void)state;
  for (uint64_t seed = 1; seed <= 4; seed++)
    for (int learn = 0; learn < 2; learn++) {
      Solver *s = solver_new();
      VarId cell[16];
      post_magic(s, 4, cell);
      int32_t one = 1;
      post_linear(s, 1, &one, &cell[0], LIN_EQ, 16);
      solver_set_restarts(s, true, seed);
      search_set_learning(s, learn);
      s->search.restart_failures = 1;
      assert_int_equal(count_solutions(s), 416);
      assert_true(solver_stats(s)->restarts > 0);
      assert_true(learn ? s->search.nogoods.learned > 0 : s->search.nogoods.learned == 0);
      solver_free(s);
    }
}

/* A clock the test moves by hand. */
static double hand_now;

static double hand_clock(void)
{
  return hand_now;
}

/* Each job of par_each: a space of its own, given the caller's clock; one tick. */
static void tick_once(void *ctx, size_t i, ParJob *j)
{
  bool *up = ctx;
  Solver *s = solver_new();
  par_job_clock(j, s);
  up[i] = solver_time_is_up(s);
  solver_free(s);
}

/*
** Found by the fuzzer (explain's check of a step of 100,000 values ran
** on past --timeout): every job started from the same copy of the
** caller's countdown, so jobs shorter than it never read the clock.  Each
** job now reads it at its first tick, alone or on threads.
*/
static void jobs_read_the_clock_at_their_first_tick(void **state)
{
  Solver *from = *state;
  hand_now = 0;
  solver_set_limits(from, (SolverLimits){ .timeout_seconds = 1, .clock = hand_clock });
  from->clock.stride = from->clock.countdown = 1u << 20;   /* a long stride, as after a fast search */
  hand_now = 5;                                            /* past the time limit */
  for (unsigned workers = 1; workers <= 2; workers++) {
    bool up[8] = {false};
    par_each(workers, 8, tick_once, up, from);
    for (int i = 0; i < 8; i++)
      assert_true(up[i]);
  }
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
    T(tree_chooses_as_the_scan),
    T(tree_chooses_as_the_scan_with_weights_and_helpers),
    T(many_free_unknowns_are_decided_one_node_each),
    T(time_limit_stops_root_propagation),
    T(time_limit_stops_probing),
    T(time_limit_stops_a_long_node),
    T(no_time_limit_is_never_up),
    T(checking_stops_at_a_false_solution),
    T(checking_passes_true_solutions),
    T(pz_next_reports_a_false_solution_at_its_clue),
    T(pz_limits_set_before_loading_cover_grounding),
    T(projection_counts_answers_not_assignments),
    T(projection_counts_answers_with_the_tree),
    T(projection_searches_the_helpers_for_a_completion),
    T(projection_onto_nothing_is_one_answer),
    T(nogoods_prune_the_refuted_branches),
    T(nogoods_fail_the_node_where_they_all_hold),
    T(nogoods_of_one_decision_prune_the_root),
    T(learning_keeps_every_solution),
    T(jobs_read_the_clock_at_their_first_tick),
#undef T
  };
  return cmocka_run_group_tests_name("search", tests, NULL, NULL);
}
