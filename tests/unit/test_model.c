/*
** test_model.c -- spaces built from a Model answer as the grounder's own.
**
** For every example: load it, count its solutions through pz_next (the
** space the grounder built), then build four spaces from the one Model in
** four threads at once and count in each.  Every count must agree, and
** a space built from the Model must search the very same tree (the same
** number of nodes).  Two of the four are built like a fifth space
** (solver_from_model_like: linsys's equations and a tiling's lists
** copied, not worked out again), which the main thread counts in at the
** same time, as pz -p N's caller does.  `make tsan` runs this under
** ThreadSanitizer: the Model is shared read-only, and so is what the
** fifth space keeps for the others; everything else is per space.
*/
#include "testutil.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>

#include "pz.h"
#include "engine/solver.h"
#include "model/model.h"

/* Examples whose whole tree is bigger than this are counted up to it. */
#define NODE_LIMIT 20000
#define THREADS 4

typedef struct Count {
  const Model *model;
  const Solver *like;                   /* built like this space, or from scratch (NULL) */
  uint64_t solutions, nodes;
  bool complete;
} Count;

static void count_space(Solver *s, Count *c)
{
  solver_set_limits(s, (SolverLimits){.max_nodes = NODE_LIMIT});
  SearchResult r;
  while ((r = search_next(s)) == SEARCH_SOLUTION)
    c->solutions++;
  c->complete = r == SEARCH_EXHAUSTED;
  c->nodes = solver_stats(s)->nodes;
}

/* A goal: searched as pz does. */
static void set_goal(Solver *s, const Model *m)
{
  for (size_t i = 0; i < m->steps.len; i++)
    if (m->steps.data[i].kind == MS_GOAL)
      solver_set_goal(s, m->steps.data[i].x, m->steps.data[i].k != 0, false);
}

static void *count_thread(void *arg)
{
  Count *c = arg;
  Solver *s = c->like ? solver_from_model_like(c->model, c->like) : solver_from_model(c->model);
  set_goal(s, c->model);
  count_space(s, c);
  solver_free(s);
  return NULL;
}

static void check_example(const char *path)
{
  size_t len;
  char *text = test_read_file(path, &len);
  PzCtx *cx = pz_open(NULL);
  if (!pz_load(cx, path, text, len))
    fail_msg("%s does not load: %s", path, pz_diagnostics(cx));
  pz_set_limits(cx, 0, NODE_LIMIT);
  Count own = {0};
  PzResult r;
  while ((r = pz_next(cx)) == PZ_SOLUTION)
    own.solutions++;
  own.complete = r == PZ_NO_MORE;
  own.nodes = pz_stats(cx).nodes;

  const Model *m = pz_model(cx);
  assert_non_null(m);
  Solver *like = solver_new();
  solver_keep_memo(like);
  (void)solver_load_model(like, m);
  set_goal(like, m);
  pthread_t t[THREADS];
  Count c[THREADS + 1];
  for (int i = 0; i < THREADS; i++) {
    c[i] = (Count){.model = m, .like = i % 2 ? like : NULL};
    assert_int_equal(pthread_create(&t[i], NULL, count_thread, &c[i]), 0);
  }
  c[THREADS] = (Count){.model = m};
  count_space(like, &c[THREADS]);       /* while the threads copy from it */
  for (int i = 0; i <= THREADS; i++) {
    if (i < THREADS)
      assert_int_equal(pthread_join(t[i], NULL), 0);
    if (c[i].solutions != own.solutions || c[i].complete != own.complete ||
        c[i].nodes != own.nodes)
      fail_msg("%s: thread %d counted %llu solutions in %llu nodes (%s), pz %llu in %llu (%s)",
               path, i, (unsigned long long)c[i].solutions, (unsigned long long)c[i].nodes,
               c[i].complete ? "all" : "limit", (unsigned long long)own.solutions,
               (unsigned long long)own.nodes, own.complete ? "all" : "limit");
  }
  solver_free(like);
  pz_close(cx);
  free(text);
}

static void every_example_counts_the_same_in_four_spaces(void **state)
{
  (void)state;
  DIR *d = opendir("examples");
  assert_non_null(d);
  int seen = 0;
  for (struct dirent *e; (e = readdir(d));) {
    size_t n = strlen(e->d_name);
    if (n < 4 || strcmp(e->d_name + n - 3, ".pz") != 0)
      continue;
    char path[512];
    snprintf(path, sizeof path, "examples/%s", e->d_name);
    check_example(path);
    seen++;
  }
  closedir(d);
  assert_true(seen >= 10);
}

/* --trace's reader: counts the lines that name no clue. */
static void count_unexplained(void *ctx, const char *line)
{
  if (strstr(line, "no clue"))
    (*(int *)ctx)++;
}

/* Every pruning, probe and dead end on every example names its origin. */
static void every_deduction_has_an_origin(void **state)
{
  (void)state;
  DIR *d = opendir("examples");
  assert_non_null(d);
  for (struct dirent *e; (e = readdir(d));) {
    size_t n = strlen(e->d_name);
    if (n < 4 || strcmp(e->d_name + n - 3, ".pz") != 0)
      continue;
    char path[512];
    snprintf(path, sizeof path, "examples/%s", e->d_name);
    size_t len;
    char *text = test_read_file(path, &len);
    PzCtx *cx = pz_open(NULL);
    int unexplained = 0;
    pz_set_trace(cx, count_unexplained, &unexplained);
    if (!pz_load(cx, path, text, len))
    fail_msg("%s does not load: %s", path, pz_diagnostics(cx));
    pz_set_limits(cx, 0, 2000);
    for (int k = 0; k < 3 && pz_next(cx) == PZ_SOLUTION; k++)
      ;
    if (unexplained)
      fail_msg("%s: %d deductions name no clue", path, unexplained);
    pz_close(cx);
    free(text);
  }
  closedir(d);
}

/* A model that fails at the root fails in every space built from it. */
/*
** props/same_sums.c sums the coefficients of a variable written twice in
** one equation; when that sum overflows int32 the equation must be left
** out whole.  It kept its first terms (a + M x = 2M + 2 of a + M x + M x),
** and with a + M x + y = M + 7 derived y = 5 - M: no solution, though
** a = 2, x = 1, y = 5 is one.  The grounder makes no such Model; a Model
** made by hand does.
*/
static void an_equation_whose_summed_coefficient_overflows_is_left_out(void **state)
{
  (void)state;
  Model m;
  model_init(&m);
  int32_t a = (int32_t)model_var_range(&m, 0, 5), x = (int32_t)model_var_range(&m, 1, 1),
          y = (int32_t)model_var_range(&m, 0, 10);
  const int32_t big = INT32_MAX;
  int32_t c1[] = {1, big, big}, x1[] = {a, x, x};
  ModelStep *st = model_step(&m, MS_LINEAR, 0, c1, 3, x1, 3);
  st->n = 3, st->rel = MODEL_EQ, st->k = 2 * (int64_t)big + 2;
  int32_t c2[] = {1, big, 1}, x2[] = {a, x, y};
  st = model_step(&m, MS_LINEAR, 0, c2, 3, x2, 3);
  st->n = 3, st->rel = MODEL_EQ, st->k = (int64_t)big + 7;
  model_step(&m, MS_PROPAGATE, 0, NULL, 0, NULL, 0);
  Solver *s = solver_from_model(&m);
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  assert_int_equal(var_value(s, (VarId)a), 2);
  assert_int_equal(var_value(s, (VarId)y), 5);
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
  solver_free(s);
  model_free(&m);
}

static void an_impossible_model_has_no_solution_in_a_new_space(void **state)
{
  (void)state;
  const char *text = "var x, y in 1..3. x + y = 7.";
  PzCtx *cx = pz_open(NULL);
  assert_true(pz_load(cx, "t.pz", text, strlen(text)));
  Solver *s = solver_from_model(pz_model(cx));
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
  solver_free(s);
  pz_close(cx);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_example_counts_the_same_in_four_spaces),
    cmocka_unit_test(an_impossible_model_has_no_solution_in_a_new_space),
    cmocka_unit_test(an_equation_whose_summed_coefficient_overflows_is_left_out),
    cmocka_unit_test(every_deduction_has_an_origin),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
