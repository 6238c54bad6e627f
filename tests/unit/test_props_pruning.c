/*
** tests/unit/test_props_pruning.c -- propagators prune where they should.
**
** test_props.c checks every class against its definition on random
** instances; these hand-made cases pin down particular pruning (Hall
** sets, exact sums, shared propagators) and, named for the bug, the
** propagator bugs that the oracle found.
*/
#include "testutil.h"

#include "engine/engine.h"
#include "engine/props/props.h"

/* --- strength --- */

static void distinct_finds_a_hall_set(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x[3] = { solver_new_var(s, 1, 2), solver_new_var(s, 1, 2),
                 solver_new_var(s, 1, 3) };
  post_distinct(s, 3, x);
  assert_false(solver_failed(s));
  assert_true(var_is_fixed(s, x[2]));
  assert_int_equal(var_value(s, x[2]), 3);
  solver_free(s);
}

static void distinct_finds_a_hall_set_over_several_words(void **state)
{
  (void)state;
  /* Domains made over 0..199, then cut down before the distinct: the
  ** value span starts above the domains' own first bit. */
  Solver *s = solver_new();
  VarId x[4];
  int32_t one = 1, minus = -1;
  for (int i = 0; i < 4; i++)
    x[i] = solver_new_var(s, 0, 199);
  for (int i = 0; i < 4; i++)
    post_linear(s, 1, &minus, &x[i], LIN_LE, -70);    /* x >= 70 */
  for (int v = 71; v <= 199; v++)
    if (v != 100 && v != 150 && v != 199)
      for (int i = 0; i < 4; i++)
        post_linear(s, 1, &one, &x[i], LIN_NE, v);
  post_linear(s, 1, &one, &x[0], LIN_NE, 70);
  post_linear(s, 1, &one, &x[1], LIN_NE, 70);
  post_linear(s, 1, &one, &x[0], LIN_NE, 199);
  post_linear(s, 1, &one, &x[1], LIN_NE, 199);
  /* x0, x1 in {100, 150}; x2, x3 in {70, 100, 150, 199} */
  post_distinct(s, 4, x);
  assert_false(solver_failed(s));
  for (int i = 2; i < 4; i++) {
    assert_false(var_contains(s, x[i], 100));
    assert_false(var_contains(s, x[i], 150));
    assert_int_equal(var_size(s, x[i]), 2);
  }
  assert_int_equal(var_size(s, x[0]), 2);
  solver_free(s);
}

static void distinct_over_a_wide_span_finds_hall_intervals(void **state)
{
  (void)state;
  /* 301 values (more than 256): Hall intervals by dbnd.  x0, x1 in
  ** 1000..1001 push x2 below 1000 and x3 above 1001. */
  Solver *s = solver_new();
  VarId x[4] = { solver_new_var(s, 1000, 1001), solver_new_var(s, 1000, 1001),
                 solver_new_var(s, 702, 1001), solver_new_var(s, 1000, 1002) };
  post_distinct(s, 4, x);
  assert_false(solver_failed(s));
  assert_int_equal(var_max(s, x[2]), 999);
  assert_true(var_is_fixed(s, x[3]));
  assert_int_equal(var_value(s, x[3]), 1002);
  solver_free(s);
  /* Three variables over two values fail at once. */
  s = solver_new();
  VarId y[3] = { solver_new_var(s, 1, 2), solver_new_var(s, 1, 2),
                 solver_new_var(s, 1, 2) };
  post_distinct_bounds(s, 3, y);
  assert_true(solver_failed(s));
  solver_free(s);
}

static void distinct_prunes_to_arc_consistency(void **state)
{
  (void)state;
  /* x0, x1 in {1,2}; x2 in {2,3}; x3 in {1,...,4}: x2 = 3, x3 = 4. */
  Solver *s = solver_new();
  VarId x[4] = { solver_new_var(s, 1, 2), solver_new_var(s, 1, 2),
                 solver_new_var(s, 2, 3), solver_new_var(s, 1, 4) };
  post_distinct(s, 4, x);
  assert_int_equal(var_value(s, x[2]), 3);
  assert_int_equal(var_value(s, x[3]), 4);
  solver_free(s);
}

static void distinct_detects_pigeonholes_on_wide_domains(void **state)
{
  (void)state;
  Solver *s = solver_new();
  int32_t v[3] = { 0, 1, 1000000 };
  VarId x[3] = { solver_new_var(s, 0, 1), solver_new_var(s, 0, 1),
                 solver_new_var_values(s, v, 3) };
  post_distinct(s, 3, x);
  assert_false(solver_failed(s));
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  assert_int_equal(var_value(s, x[2]), 1000000);
  solver_free(s);
}

static void linear_reasons_on_bounds(void **state)
{
  (void)state;
  /* x + y + z = 10 with x, y in 0..3: z in 4..10 -> z in 4..9 */
  Solver *s = solver_new();
  VarId x[3] = { solver_new_var(s, 0, 3), solver_new_var(s, 0, 3),
                 solver_new_var(s, 0, 9) };
  int32_t one[3] = { 1, 1, 1 };
  post_linear(s, 3, one, x, LIN_EQ, 10);
  assert_int_equal(var_min(s, x[2]), 4);
  assert_int_equal(var_max(s, x[2]), 9);
  assert_int_equal(var_min(s, x[0]), 0);
  /* 2x + 3y <= 6 with x, y >= 0: x <= 3, y <= 2 */
  VarId a[2] = { solver_new_var(s, 0, 10), solver_new_var(s, 0, 10) };
  int32_t c[2] = { 2, 3 };
  post_linear(s, 2, c, a, LIN_LE, 6);
  assert_int_equal(var_max(s, a[0]), 3);
  assert_int_equal(var_max(s, a[1]), 2);
  assert_false(solver_failed(s));
  solver_free(s);
}

static void unit_sum_turns_exact_once_its_span_is_small(void **state)
{
  (void)state;
  /* x + y + z = 150, x, y in {30, 60}, z in 20..80: the span starts at
  ** 70 (bounds only), bounds lift z to 30, then the exact rule keeps
  ** only z = 150 - 60 - 60 and z = 150 - 30 - 60. */
  Solver *s = solver_new();
  int32_t ends[2] = { 30, 60 };
  VarId v[3] = { solver_new_var_values(s, ends, 2),
                 solver_new_var_values(s, ends, 2), solver_new_var(s, 20, 80) };
  int32_t one[3] = { 1, 1, 1 };
  post_linear(s, 3, one, v, LIN_EQ, 150);
  assert_false(solver_failed(s));
  assert_int_equal(var_size(s, v[2]), 2);
  assert_true(var_contains(s, v[2], 30));
  assert_true(var_contains(s, v[2], 60));
  solver_free(s);
}

static void unit_sum_with_many_open_terms_reasons_on_bounds(void **state)
{
  (void)state;
  /* a + b + c + d + e = 40 over 1..9 (five open: bounds only, sum_dc's
  ** own kernel): each term must make up 40 - 36 = 4 at least.  Then
  ** -a - b - c - d = -33 (four open, still bounds): each at least 6. */
  Solver *s = solver_new();
  VarId v[5];
  for (int i = 0; i < 5; i++)
    v[i] = solver_new_var(s, 1, 9);
  int32_t one[5] = { 1, 1, 1, 1, 1 }, minus[4] = { -1, -1, -1, -1 };
  post_linear(s, 5, one, v, LIN_EQ, 40);
  assert_false(solver_failed(s));
  for (int i = 0; i < 5; i++) {
    assert_int_equal(var_min(s, v[i]), 4);
    assert_int_equal(var_max(s, v[i]), 9);
  }
  post_linear(s, 4, minus, v, LIN_EQ, -33);
  assert_false(solver_failed(s));
  for (int i = 0; i < 4; i++)
    assert_int_equal(var_min(s, v[i]), 6);
  assert_int_equal(var_max(s, v[0]), 9);
  /* Past what the terms can reach it fails. */
  VarId w[4] = { solver_new_var(s, 1, 9), solver_new_var(s, 1, 9),
                 solver_new_var(s, 1, 9), solver_new_var(s, 1, 9) };
  post_linear(s, 4, one, w, LIN_EQ, 37);
  assert_true(solver_failed(s));
  solver_free(s);
}

static void two_variable_equality_is_domain_consistent(void **state)
{
  (void)state;
  Solver *s = solver_new();
  int32_t xv[3] = { 1, 4, 6 }, yv[4] = { 0, 2, 3, 5 };
  VarId xy[2] = { solver_new_var_values(s, xv, 3),
                  solver_new_var_values(s, yv, 4) };
  int32_t c[2] = { 1, -1 };
  post_linear(s, 2, c, xy, LIN_EQ, 1);  /* x = y + 1 */
  assert_int_equal(var_size(s, xy[0]), 3);
  assert_int_equal(var_size(s, xy[1]), 3);
  assert_false(var_contains(s, xy[1], 2));
  solver_free(s);
}

static void disequalities_group_per_variable_and_clue(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x = solver_new_var(s, 1, 9), y = solver_new_var(s, 1, 9),
        z = solver_new_var(s, 1, 9);
  int32_t c[2] = { 1, -1 };
  VarId xy[2] = { x, y }, xz[2] = { x, z }, zy[2] = { z, y };
  solver_set_origin(s, 1);
  post_linear(s, 2, c, xy, LIN_NE, 0);      /* x != y */
  post_linear(s, 2, c, xz, LIN_NE, 1);      /* x != z + 1 */
  size_t one_clue = s->props.len;
  assert_int_equal(one_clue, 3);            /* stars of x, y and z */
  solver_set_origin(s, 2);
  post_linear(s, 2, c, zy, LIN_NE, 0);      /* z != y, another clue */
  assert_int_equal(s->props.len, one_clue + 2);
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, x, 5, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  assert_false(var_contains(s, y, 5));
  assert_false(var_contains(s, z, 4));
  assert_true(var_contains(s, z, 5));
  trail_pop_level(&s->trail);
  /* Fixing the other side first prunes x. */
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, z, 3, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  assert_false(var_contains(s, x, 4));
  assert_false(var_contains(s, y, 3));
  trail_pop_level(&s->trail);
  /* A finished star takes a new partner posted later at the root. */
  VarId u = solver_new_var(s, 1, 9), t = solver_new_var(s, 1, 9);
  post_distinct(s, 2, (VarId[]){ u, y });
  post_linear(s, 1, c, &u, LIN_EQ, 3);      /* u = 3: u's star is done */
  assert_false(var_contains(s, y, 3));
  post_distinct(s, 2, (VarId[]){ u, t });   /* u's star again */
  assert_false(var_contains(s, t, 3));
  assert_false(solver_failed(s));
  solver_free(s);
}

static void cells_of_numbers_share_one_propagator(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId cell[3], pos[3];
  for (int i = 0; i < 3; i++) {
    cell[i] = solver_new_var(s, 1, 3);
    pos[i] = solver_new_var(s, 1, 3);
  }
  solver_set_origin(s, 1);
  post_cell_of(s, 3, cell, 1, pos[0]);
  size_t one = s->props.len;
  post_cell_of(s, 3, cell, 2, pos[1]);
  assert_int_equal(s->props.len, one);      /* the same array and clue */
  solver_set_origin(s, 2);
  post_cell_of(s, 3, cell, 3, pos[2]);
  assert_int_equal(s->props.len, one + 1);  /* another clue: its own */
  /* cell 2 cannot hold 1: the 1 is not there */
  int32_t c[1] = { 1 };
  post_linear(s, 1, c, &cell[1], LIN_NE, 1);
  assert_false(var_contains(s, pos[0], 2));
  /* the 2 is in cell 3: cell 3 holds 2 */
  post_linear(s, 1, c, &pos[1], LIN_EQ, 3);
  assert_true(var_is_fixed(s, cell[2]));
  assert_int_equal(var_value(s, cell[2]), 2);
  assert_false(var_contains(s, pos[0], 3));
  assert_false(solver_failed(s));
  solver_free(s);
}

static void element_prunes_index_and_result(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId arr[4] = { solver_const(s, 10), solver_const(s, 20),
                   solver_const(s, 30), solver_const(s, 20) };
  VarId idx = solver_new_var(s, -5, 10), res = solver_new_var(s, 15, 35);
  post_element(s, idx, 1, 4, arr, res);
  /* idx in 1..4, arr[0] = 10 is out of result's range: idx in {2,3,4}. */
  assert_int_equal(var_min(s, idx), 2);
  assert_int_equal(var_max(s, idx), 4);
  assert_int_equal(var_size(s, res), 2);  /* {20, 30} */
  int32_t one = 1;
  post_linear(s, 1, &one, &res, LIN_NE, 30);
  assert_int_equal(var_size(s, idx), 2);  /* {2, 4} */
  assert_false(var_contains(s, idx, 3));
  solver_free(s);
}

static void reified_equality_decides_its_boolean(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x = solver_new_var(s, 0, 5), b = solver_new_var(s, 0, 1);
  int32_t one = 1;
  post_linear_reif(s, 1, &one, &x, LIN_EQ, 3, b);
  assert_false(var_is_fixed(s, b));
  post_linear(s, 1, &one, &x, LIN_NE, 3);
  assert_true(var_is_fixed(s, b));
  assert_int_equal(var_value(s, b), 0);
  solver_free(s);
}

/* --- table --- */

static void table_keeps_exactly_the_supported_values(void **state)
{
  (void)state;
  /* (9, 0) is out of x's domain, so y loses 0 too. */
  Solver *s = solver_new();
  VarId x[2] = { solver_new_var(s, 0, 5), solver_new_var(s, 0, 5) };
  int32_t rows[][2] = { { 0, 1 }, { 0, 3 }, { 2, 3 }, { 4, 5 }, { 9, 0 },
                        { 2, 3 } };
  post_table(s, 2, x, 6, &rows[0][0]);
  assert_false(solver_failed(s));
  for (int32_t v = 0; v <= 5; v++) {
    assert_int_equal(var_contains(s, x[0], v), v % 2 == 0);
    assert_int_equal(var_contains(s, x[1], v), v % 2 == 1);
  }
  solver_free(s);
  /* The same over multi-word domains: y = 2x for x a multiple of 3. */
  s = solver_new();
  x[0] = solver_new_var(s, 0, 199);
  x[1] = solver_new_var(s, 0, 199);
  int32_t wide[100][2];
  for (int32_t i = 0; i < 100; i++) {
    wide[i][0] = 3 * i;
    wide[i][1] = 6 * i;
  }
  post_table(s, 2, x, 100, &wide[0][0]);
  assert_int_equal(var_size(s, x[0]), 34);    /* 0, 3, ..., 99 */
  assert_int_equal(var_max(s, x[0]), 99);
  assert_int_equal(var_size(s, x[1]), 34);    /* 0, 6, ..., 198 */
  assert_int_equal(var_max(s, x[1]), 198);
  assert_false(var_contains(s, x[1], 3));
  solver_free(s);
}

/* --- regular --- */

static void regular_keeps_the_values_on_accepted_words(void **state)
{
  (void)state;
  /* runs = [2] on a line of 4: 0* 1 1 0*, states 0, 1, 2 then 3 (trailing). */
  Solver *s = solver_new();
  VarId x[4];
  for (int i = 0; i < 4; i++)
    x[i] = solver_new_var(s, 0, 1);
  int32_t tr[][3] = { { 0, 0, 0 }, { 0, 1, 1 }, { 1, 1, 2 }, { 2, 0, 3 }, { 3, 0, 3 } };
  uint8_t accept[] = { 0, 0, 1, 1 };
  post_regular(s, 4, x, 4, 0, accept, 5, &tr[0][0]);
  assert_false(solver_failed(s));
  assert_int_equal(var_size(s, x[1]), 2);
  dom_fix(s, x[0], 1, NULL);                   /* the block starts here: 1 1 0 0 */
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  int32_t want[] = { 1, 1, 0, 0 };
  for (int i = 0; i < 4; i++) {
    assert_true(var_is_fixed(s, x[i]));
    assert_int_equal(var_value(s, x[i]), want[i]);
  }
  solver_free(s);
}

static void regular_over_one_variable_twice_sees_what_it_fixed(void **state)
{
  (void)state;
  /* The word x x, x bounds-only in 0..5: the first letter must be 3 and
  ** the second 0 or 5; pruning the first place fixes x to 3, which the
  ** bounds of the second (0 and 5) do not exclude.  (Found by the oracle:
  ** the propagator said "done" there.) */
  Solver *s = solver_new();
  VarId x = solver_new_var(s, -200000, 200000);
  dom_set_min(s, x, 0, NULL);
  dom_set_max(s, x, 5, NULL);
  VarId w[2] = { x, x };
  int32_t tr[][3] = { { 2, 0, 1 }, { 2, 5, 2 }, { 0, 3, 2 }, { 0, -3, 2 } };
  uint8_t accept[] = { 1, 1, 1 };
  post_regular(s, 2, w, 3, 0, accept, 4, &tr[0][0]);
  assert_true(solver_failed(s));
  solver_free(s);
}

static void table_without_rows_fails(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x[2] = { solver_new_var(s, 0, 5), solver_new_var(s, 0, 5) };
  post_table(s, 2, x, 0, NULL);
  assert_true(solver_failed(s));
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
  solver_free(s);
  /* Rows that no domain allows fail the same way. */
  s = solver_new();
  x[0] = solver_new_var(s, 0, 5);
  x[1] = solver_new_var(s, 0, 5);
  int32_t rows[][2] = { { 6, 0 }, { 0, -1 } };
  post_table(s, 2, x, 2, &rows[0][0]);
  assert_true(solver_failed(s));
  solver_free(s);
}

static void fixing_one_table_variable_leaves_its_partners(void **state)
{
  (void)state;
  /* King moves on a 3x3 board, cells 0..8: the partners of the corner 0
  ** are 1, 3 and 4; of the centre 4, everything else. */
  Solver *s = solver_new();
  VarId x[2] = { solver_new_var(s, 0, 8), solver_new_var(s, 0, 8) };
  int32_t rows[64][2];
  size_t nrows = 0;
  for (int32_t a = 0; a < 9; a++)
    for (int32_t b = 0; b < 9; b++) {
      int32_t dr = a / 3 - b / 3, dc = a % 3 - b % 3;
      if (a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1) {
        rows[nrows][0] = a;
        rows[nrows++][1] = b;
      }
    }
  post_table(s, 2, x, nrows, &rows[0][0]);
  assert_int_equal(var_size(s, x[1]), 9);
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, x[0], 0, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  assert_int_equal(var_size(s, x[1]), 3);
  assert_true(var_contains(s, x[1], 1));
  assert_true(var_contains(s, x[1], 3));
  assert_true(var_contains(s, x[1], 4));
  trail_pop_level(&s->trail);
  assert_int_equal(var_size(s, x[1]), 9);     /* the rows came back */
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, x[0], 4, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  assert_int_equal(var_size(s, x[1]), 8);
  assert_false(var_contains(s, x[1], 4));
  trail_pop_level(&s->trail);
  /* At the root for good: y = 8 leaves x in {4, 5, 7}. */
  int32_t one = 1;
  post_linear(s, 1, &one, &x[1], LIN_EQ, 8);
  assert_int_equal(var_size(s, x[0]), 3);
  assert_true(var_contains(s, x[0], 5));
  assert_true(var_contains(s, x[0], 7));
  solver_free(s);
}

static void table_over_a_repeated_variable_keeps_the_diagonal(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId v = solver_new_var(s, 0, 5);
  VarId x[2] = { v, v };
  int32_t rows[][2] = { { 1, 2 }, { 3, 3 }, { 4, 0 }, { 5, 5 } };
  post_table(s, 2, x, 4, &rows[0][0]);
  assert_int_equal(var_size(s, v), 2);        /* {3, 5} */
  assert_true(var_contains(s, v, 3));
  assert_true(var_contains(s, v, 5));
  int n = 0;
  while (search_next(s) == SEARCH_SOLUTION) {
    assert_true(solver_holds(s));
    n++;
  }
  assert_int_equal(n, 2);
  solver_free(s);
}

static void table_narrows_bounds_only_domains(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x[2] = { solver_new_var(s, -1000000, 1000000),
                 solver_new_var(s, 0, 3) };
  int32_t rows[][2] = { { -50, 1 }, { 7, 2 }, { 900, 3 }, { 2000000, 0 } };
  post_table(s, 2, x, 4, &rows[0][0]);
  assert_int_equal(var_min(s, x[0]), -50);
  assert_int_equal(var_max(s, x[0]), 900);
  assert_false(var_contains(s, x[1], 0));
  int n = 0;
  while (search_next(s) == SEARCH_SOLUTION) {
    assert_true(solver_holds(s));
    n++;
  }
  assert_int_equal(n, 3);
  solver_free(s);
}

/* --- bugs the oracle found --- */

static void clause_with_a_repeated_literal_turns_unit(void **state)
{
  (void)state;
  /* not x or not x or not y, with y = 1: the two watches sat on the two
  ** copies of not x, so x = 1 stayed although the clause had become
  ** unit.  Each literal is now kept once. */
  Solver *s = solver_new();
  VarId x = solver_new_var(s, 0, 1), y = solver_new_var(s, 0, 1);
  VarId neg[3] = { x, x, y };
  post_clause(s, 0, NULL, 3, neg);
  assert_int_equal(var_size(s, x), 2);
  int32_t one = 1;
  post_linear(s, 1, &one, &y, LIN_EQ, 1);
  assert_false(solver_failed(s));
  assert_true(var_is_fixed(s, x));
  assert_int_equal(var_value(s, x), 0);
  solver_free(s);
}

static void linear_sees_the_gcd_of_its_open_terms(void **state)
{
  (void)state;
  /* 3x + 3y + z = 1 with z = 0: 3x + 3y = 1 has no integer solution.
  ** Bounds reasoning alone narrowed x and y one unit per pass (minutes
  ** over domains a billion wide, tests/regress/linear_gcd_of_open_terms.pz);
  ** the gcd of the open coefficients fails it before any narrowing. */
  Solver *s = solver_new();
  VarId v[3] = { solver_new_var(s, -1000000, 1000000),
                 solver_new_var(s, -1000000, 1000000), solver_new_var(s, 0, 2) };
  int32_t c[3] = { 3, 3, 1 };
  post_linear(s, 3, c, v, LIN_EQ, 1);
  assert_false(solver_failed(s));
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, v[2], 0, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FAIL);
  assert_int_equal(var_min(s, v[0]), -1000000);
  assert_int_equal(var_max(s, v[0]), 1000000);
  trail_pop_level(&s->trail);
  solver_free(s);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(distinct_finds_a_hall_set),
    cmocka_unit_test(distinct_finds_a_hall_set_over_several_words),
    cmocka_unit_test(distinct_over_a_wide_span_finds_hall_intervals),
    cmocka_unit_test(distinct_prunes_to_arc_consistency),
    cmocka_unit_test(distinct_detects_pigeonholes_on_wide_domains),
    cmocka_unit_test(linear_reasons_on_bounds),
    cmocka_unit_test(unit_sum_turns_exact_once_its_span_is_small),
    cmocka_unit_test(unit_sum_with_many_open_terms_reasons_on_bounds),
    cmocka_unit_test(two_variable_equality_is_domain_consistent),
    cmocka_unit_test(disequalities_group_per_variable_and_clue),
    cmocka_unit_test(cells_of_numbers_share_one_propagator),
    cmocka_unit_test(element_prunes_index_and_result),
    cmocka_unit_test(reified_equality_decides_its_boolean),
    cmocka_unit_test(table_keeps_exactly_the_supported_values),
    cmocka_unit_test(table_without_rows_fails),
    cmocka_unit_test(fixing_one_table_variable_leaves_its_partners),
    cmocka_unit_test(table_over_a_repeated_variable_keeps_the_diagonal),
    cmocka_unit_test(table_narrows_bounds_only_domains),
    cmocka_unit_test(regular_keeps_the_values_on_accepted_words),
    cmocka_unit_test(regular_over_one_variable_twice_sees_what_it_fixed),
    cmocka_unit_test(clause_with_a_repeated_literal_turns_unit),
    cmocka_unit_test(linear_sees_the_gcd_of_its_open_terms),
  };
  return cmocka_run_group_tests_name("props_pruning", tests, NULL, NULL);
}
