/* tests/unit/test_dom.c -- dom.c and trail.c, through dom.h and engine.h. */
#include "testutil.h"

#include "engine/engine.h"

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

/* The values of x, as a bitmask over lo .. lo+63 (bitset domains). */
static uint64_t values_of(const Solver *s, VarId x, int32_t lo)
{
  uint64_t m = 0;
  for (int32_t v = lo; v < lo + 64; v++)
    if (dom_contains(s, x, v))
      m |= 1ull << (v - lo);
  return m;
}

static void removing_the_last_value_fails(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 5, 5);
  assert_int_equal(dom_remove(s, x, 5, NULL), EV_FAIL);
  assert_true(dom_is_fixed(s, x));
  assert_int_equal(dom_value(s, x), 5);
}

static void removals_report_their_event(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 1, 5);
  assert_int_equal(dom_remove(s, x, 9, NULL), EV_NONE);
  assert_int_equal(dom_remove(s, x, 3, NULL), EV_DOM);
  assert_int_equal(dom_remove(s, x, 3, NULL), EV_NONE);
  assert_int_equal(dom_remove(s, x, 1, NULL), EV_BND);
  assert_int_equal(dom_min(s, x), 2);
  assert_int_equal(dom_remove(s, x, 5, NULL), EV_BND);
  assert_int_equal(dom_max(s, x), 4);
  assert_int_equal(dom_size(s, x), 2);
  assert_int_equal(dom_remove(s, x, 2, NULL), EV_VAL);
  assert_int_equal(dom_value(s, x), 4);
}

static void bounds_skip_holes(void **state)
{
  Solver *s = *state;
  int32_t vals[] = { -3, 0, 2, 7, 9 };
  VarId x = solver_new_var_values(s, vals, 5);
  assert_int_equal(dom_size(s, x), 5);
  assert_int_equal(dom_set_min(s, x, -2, NULL), EV_BND);
  assert_int_equal(dom_min(s, x), 0);
  assert_int_equal(dom_set_max(s, x, 8, NULL), EV_BND);
  assert_int_equal(dom_max(s, x), 7);
  assert_int_equal(dom_size(s, x), 3);
  assert_int_equal(dom_next(s, x, 0), 2);
  assert_int_equal(dom_next(s, x, 3), 7);
  assert_int_equal(dom_set_min(s, x, 8, NULL), EV_FAIL);
  assert_int_equal(dom_set_min(s, x, 3, NULL), EV_VAL);
  assert_int_equal(dom_value(s, x), 7);
}

static void fixing_keeps_one_value(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 0, 10);
  assert_int_equal(dom_fix(s, x, 11, NULL), EV_FAIL);
  assert_int_equal(dom_fix(s, x, 4, NULL), EV_VAL);
  assert_int_equal(values_of(s, x, 0), 1ull << 4);
  assert_int_equal(dom_fix(s, x, 4, NULL), EV_NONE);
  assert_int_equal(dom_fix(s, x, 5, NULL), EV_FAIL);
}

static void keep_word_intersects(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 10, 20);
  assert_int_equal(dom_keep_word(s, x, ~0ull, NULL), EV_NONE);
  assert_int_equal(dom_keep_word(s, x, 0x2a, NULL), EV_BND); /* 11, 13, 15 */
  assert_int_equal(dom_min(s, x), 11);
  assert_int_equal(dom_max(s, x), 15);
  assert_int_equal(dom_size(s, x), 3);
  assert_int_equal(dom_keep_word(s, x, 0x0a, NULL), EV_BND);
  assert_int_equal(dom_keep_word(s, x, 0x100, NULL), EV_FAIL);
}

static void multi_word_domains_work_across_words(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, -100, 300);
  assert_true(dom_is_bitset(s, x));
  assert_int_equal(dom_size(s, x), 401);
  assert_int_equal(dom_set_min(s, x, 150, NULL), EV_BND);
  assert_int_equal(dom_size(s, x), 151);
  for (int32_t v = 150; v < 290; v++)
    assert_int_not_equal(dom_remove(s, x, v, NULL), EV_FAIL);
  assert_int_equal(dom_min(s, x), 290);
  assert_int_equal(dom_size(s, x), 11);
  assert_int_equal(dom_set_max(s, x, 295, NULL), EV_BND);
  assert_int_equal(dom_next(s, x, 292), 293);
  assert_int_equal(dom_fix(s, x, 294, NULL), EV_VAL);
  assert_int_equal(dom_size(s, x), 1);
}

static void masks_read_and_keep_through_a_window(void **state)
{
  Solver *s = *state;
  int32_t vals[5] = { 3, 5, 70, 130, 140 };
  VarId x = solver_new_var_values(s, vals, 5);      /* three words from 3 */
  uint64_t m[3];
  dom_read_mask(s, x, 1, 3, m);                     /* window 1 .. 192 */
  assert_int_equal(m[0], (1ull << 2) | (1ull << 4));
  assert_int_equal(m[1], 1ull << 5);                /* 70 is index 69 */
  assert_int_equal(m[2], (1ull << 1) | (1ull << 11));
  dom_read_mask(s, x, 65, 1, m);                    /* window 65 .. 128 */
  assert_int_equal(m[0], 1ull << 5);
  /* keep 5 and 130 through the window 1 .. 192: 3, 70 and 140 go */
  uint64_t keep[3] = { 1ull << 4, 0, 1ull << 1 };
  assert_int_equal(dom_keep_mask(s, x, 1, 3, keep, NULL), EV_BND);
  assert_int_equal(var_size(s, x), 2);
  assert_true(var_contains(s, x, 5) && var_contains(s, x, 130));
  /* a window that leaves values out drops them */
  uint64_t only5[1] = { 1ull };
  assert_int_equal(dom_keep_mask(s, x, 5, 1, only5, NULL), EV_VAL);
  assert_int_equal(var_value(s, x), 5);
  /* one-word domains, windows starting below and above their base */
  VarId y = solver_new_var(s, 10, 20);
  uint64_t from5[1] = { (1ull << 5) | (1ull << 15) };  /* 10 and 20 */
  assert_int_equal(dom_keep_mask(s, y, 5, 1, from5, NULL), EV_DOM);
  assert_int_equal(var_size(s, y), 2);
  uint64_t from15[1] = { 1ull << 5 };                   /* 20; 10 is outside */
  assert_int_equal(dom_keep_mask(s, y, 15, 1, from15, NULL), EV_VAL);
  assert_int_equal(var_value(s, y), 20);
}

static void wide_domains_keep_only_bounds(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 0, 10000000);
  assert_false(dom_is_bitset(s, x));
  assert_int_equal(var_size(s, x), 10000001);
  assert_int_equal(dom_remove(s, x, 5, NULL), EV_NONE);  /* no holes */
  assert_true(dom_contains(s, x, 5));
  assert_int_equal(dom_remove(s, x, 0, NULL), EV_BND);
  assert_int_equal(dom_min(s, x), 1);
  assert_int_equal(dom_set_max(s, x, 2, NULL), EV_BND);
  assert_int_equal(dom_remove(s, x, 2, NULL), EV_VAL);
  assert_int_equal(dom_value(s, x), 1);
}

static void wide_value_lists_stay_on_listed_values(void **state)
{
  Solver *s = *state;
  int32_t vals[] = { -5000000, 7, 5000000 };
  VarId x = solver_new_var_values(s, vals, 3);
  assert_false(dom_is_bitset(s, x));
  assert_int_equal(dom_set_min(s, x, -4999999, NULL), EV_BND);
  assert_false(prop_fixpoint(s) == PS_FAIL);
  assert_int_equal(dom_min(s, x), 7);
}

static void trail_restores_several_levels(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 0, 9), y = solver_new_var(s, 0, 200);
  VarId z = solver_new_var(s, 0, 100000);
  trail_push_level(&s->trail);
  dom_remove(s, x, 3, NULL);
  dom_remove(s, y, 100, NULL);
  dom_set_min(s, z, 10, NULL);
  uint64_t x1 = values_of(s, x, 0);
  trail_push_level(&s->trail);
  dom_remove(s, x, 4, NULL);
  dom_remove(s, x, 0, NULL);
  dom_set_max(s, y, 50, NULL);
  dom_set_max(s, z, 20, NULL);
  trail_push_level(&s->trail);
  dom_fix(s, x, 9, NULL);
  dom_fix(s, y, 7, NULL);
  dom_fix(s, z, 15, NULL);
  assert_true(dom_is_fixed(s, x) && dom_is_fixed(s, y) && dom_is_fixed(s, z));
  trail_pop_level(&s->trail);
  assert_int_equal(dom_size(s, x), 7);
  assert_int_equal(dom_min(s, x), 1);
  assert_int_equal(dom_max(s, y), 50);
  assert_int_equal(dom_size(s, y), 51);
  assert_int_equal(dom_max(s, z), 20);
  trail_pop_level(&s->trail);
  assert_int_equal(values_of(s, x, 0), x1);
  assert_int_equal(dom_size(s, y), 200);
  assert_false(dom_contains(s, y, 100));
  assert_true(dom_contains(s, y, 150));
  assert_int_equal(dom_min(s, z), 10);
  assert_int_equal(dom_max(s, z), 100000);
  trail_pop_level(&s->trail);
  assert_int_equal(dom_size(s, x), 10);
  assert_int_equal(dom_size(s, y), 201);
  assert_int_equal(dom_min(s, z), 0);
  assert_int_equal(trail_level(&s->trail), 0);
}

static void a_stamp_saves_once_per_level(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, 0, 40);
  trail_push_level(&s->trail);
  size_t before = s->trail.entries.len;
  for (int32_t v = 0; v < 20; v++)
    dom_remove(s, x, v, NULL);
  assert_int_equal(s->trail.entries.len - before, 1);
  trail_pop_level(&s->trail);
  assert_int_equal(dom_size(s, x), 41);
}

static int ntraced;
static void count_trace(void *ctx, const SolverEvent *e)
{
  (void)ctx;
  /* a decision names no origin and no propagator; a propagation both */
  if (e->kind == REASON_DECISION)
    assert_null(e->prop);
  else
    assert_string_equal(e->prop, "linear");
  ntraced += e->origin == 7 ? 100 : 1;
}

static void the_trace_hook_names_the_origin(void **state)
{
  Solver *s = *state;
  ntraced = 0;
  solver_set_trace(s, count_trace, NULL);
  VarId x = solver_new_var(s, 0, 5);
  dom_remove(s, x, 2, NULL);             /* decision: origin 0 */
  assert_int_equal(ntraced, 1);
  solver_set_origin(s, 7);
  int32_t one = 1;
  post_linear(s, 1, &one, &x, LIN_LE, 3);
  assert_int_equal(ntraced, 101);
  solver_set_trace(s, NULL, NULL);
  dom_remove(s, x, 3, NULL);
  assert_int_equal(ntraced, 101);
}

static void constants_are_cached(void **state)
{
  Solver *s = *state;
  VarId a = solver_const(s, 42), b = solver_const(s, -1), c = solver_const(s, 42);
  assert_int_equal(a, c);
  assert_int_not_equal(a, b);
  for (int32_t v = 0; v < 1000; v++)
    assert_int_equal(dom_value(s, solver_const(s, v)), v);
  assert_int_equal(solver_const(s, 42), a);
  assert_int_equal(dom_value(s, b), -1);
}

static void extreme_values_are_safe(void **state)
{
  Solver *s = *state;
  VarId x = solver_new_var(s, INT32_MIN, INT32_MAX);
  assert_int_equal(var_size(s, x), 1ull << 32);
  assert_int_equal(dom_set_min(s, x, (int64_t)INT32_MAX + 1, NULL), EV_FAIL);
  assert_int_equal(dom_set_max(s, x, (int64_t)INT32_MIN - 1, NULL), EV_FAIL);
  VarId y = solver_new_var(s, INT32_MAX - 3, INT32_MAX);
  assert_int_equal(dom_remove(s, y, INT32_MAX, NULL), EV_BND);
  assert_int_equal(dom_next(s, y, INT32_MAX - 3), INT32_MAX - 2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, solver_setup, solver_teardown)
    T(removing_the_last_value_fails),
    T(removals_report_their_event),
    T(bounds_skip_holes),
    T(fixing_keeps_one_value),
    T(keep_word_intersects),
    T(multi_word_domains_work_across_words),
    T(masks_read_and_keep_through_a_window),
    T(wide_domains_keep_only_bounds),
    T(wide_value_lists_stay_on_listed_values),
    T(trail_restores_several_levels),
    T(a_stamp_saves_once_per_level),
    T(the_trace_hook_names_the_origin),
    T(constants_are_cached),
    T(extreme_values_are_safe),
#undef T
  };
  return cmocka_run_group_tests_name("dom", tests, NULL, NULL);
}
