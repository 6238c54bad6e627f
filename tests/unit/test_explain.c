/* tests/unit/test_explain.c -- explain.c and generate.c on real puzzles. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain/explain.h"
#include "explain/generate.h"
#include "engine/solver.h"
#include "model/model.h"
#include "search/search.h"
#include "pz.h"

static PzCtx *load(const char *path)
{
  size_t len;
  char *text = test_read_file(path, &len);
  PzCtx *cx = pz_open(NULL);
  assert_true(pz_load(cx, path, text, len));
  free(text);
  return cx;
}

/* Every origin counts as a clue here: the tests look at steps, not at suspects. */
static bool any_clue(void *ctx, uint32_t origin)
{
  (void)ctx;
  return origin != 0;
}

static ExOptions options(PzCtx *cx)
{
  return (ExOptions){ .model = pz_model(cx), .is_clue = any_clue };
}

static void zebra_is_solved_and_every_step_follows(void **state)
{
  (void)state;
  PzCtx *cx = load("examples/zebra.pz");
  ExOptions o = options(cx);
  Explanation e = {0};
  assert_true(explain_puzzle(&o, &e));
  assert_int_equal(e.outcome, EX_SOLVED);
  assert_int_equal(e.first_guess, 0);
  assert_true(e.steps.len > 10);
  assert_int_equal(explain_verify(&o, &e), 0);
  explanation_free(&e);
  pz_close(cx);
}

/* A step stripped of its clues claims what nothing gives: the check must say so. */
static void a_step_without_its_clues_is_caught(void **state)
{
  (void)state;
  PzCtx *cx = load("examples/zebra.pz");
  ExOptions o = options(cx);
  Explanation e = {0};
  assert_true(explain_puzzle(&o, &e));
  size_t k = 0;
  while (k < e.steps.len && (e.steps.data[k].level != EX_ONE_CLUE || !e.steps.data[k].nfacts))
    k++;
  assert_true(k < e.steps.len);
  e.steps.data[k].nclues = 0;
  assert_int_equal(explain_verify(&o, &e), k + 1);
  explanation_free(&e);
  pz_close(cx);
}

/* A step that names too few facts does not follow either. */
static void a_step_without_its_facts_is_caught(void **state)
{
  (void)state;
  PzCtx *cx = load("examples/sudoku.pz");
  ExOptions o = options(cx);
  Explanation e = {0};
  assert_true(explain_puzzle(&o, &e));
  size_t k = 0;
  while (k < e.steps.len && (e.steps.data[k].level != EX_ONE_CLUE || !e.steps.data[k].npremises))
    k++;
  assert_true(k < e.steps.len);
  e.steps.data[k].npremises = 0;
  assert_int_equal(explain_verify(&o, &e), k + 1);
  explanation_free(&e);
  pz_close(cx);
}

/* Without any one clue of the conflict, the rest has a solution. */
static void the_conflict_is_minimal(void **state)
{
  (void)state;
  PzCtx *cx = load("examples/zebra_conflict.pz");
  ExOptions o = options(cx);
  Explanation e = {0};
  assert_true(explain_puzzle(&o, &e));
  assert_int_equal(e.outcome, EX_NONE);
  assert_true(e.conflict_minimal);
  assert_true(e.conflict.len >= 2);
  assert_int_equal(VEC_LAST(e.steps).level, EX_CONFLICT);
  assert_int_equal(explain_verify(&o, &e), 0);
  explanation_free(&e);
  pz_close(cx);
}

static void several_solutions_name_the_open_unknowns(void **state)
{
  (void)state;
  PzCtx *cx = load("examples/zebra_no_clue11.pz");
  ExOptions o = options(cx);
  Explanation e = {0};
  assert_true(explain_puzzle(&o, &e));
  assert_int_equal(e.outcome, EX_SEVERAL);
  assert_true(e.open.len > 0);
  assert_true(e.has_fix);
  explanation_free(&e);
  pz_close(cx);
}

/* The same seed gives the same puzzle; its givens make it unique, each one needed. */
static void generate_is_repeatable_unique_and_minimal(void **state)
{
  (void)state;
  PzCtx *cx = load("examples/sudoku_empty.pz");
  ExOptions o = options(cx);
  GenOptions g = { .seed = 7 };
  GenResult a, b;
  assert_int_equal(generate_puzzle(&o, &g, &a), GEN_OK);
  assert_int_equal(generate_puzzle(&o, &g, &b), GEN_OK);
  assert_int_equal(a.x.len, b.x.len);
  assert_memory_equal(a.v.data, b.v.data, a.v.len * sizeof *a.v.data);
  for (size_t drop = 0; drop <= a.x.len; drop++) {
    Solver *s = solver_from_model(pz_model(cx));
    for (size_t i = 0; i < a.x.len; i++)
      if (i != drop)
        post_table(s, 1, &a.x.data[i], 1, &a.v.data[i]);
    unsigned n = 0;
    while (n < 2 && search_next(s) == SEARCH_SOLUTION)
      n++;
    solver_free(s);
    assert_int_equal(n, drop == a.x.len ? 1 : 2);   /* all givens: one; one fewer: more */
  }
  gen_result_free(&a);
  gen_result_free(&b);
  pz_close(cx);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(zebra_is_solved_and_every_step_follows),
    cmocka_unit_test(a_step_without_its_clues_is_caught),
    cmocka_unit_test(a_step_without_its_facts_is_caught),
    cmocka_unit_test(the_conflict_is_minimal),
    cmocka_unit_test(several_solutions_name_the_open_unknowns),
    cmocka_unit_test(generate_is_repeatable_unique_and_minimal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
