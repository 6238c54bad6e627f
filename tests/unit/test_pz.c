/* tests/unit/test_pz.c -- the library as a host sees it, through pz.h only. */
#include "pzrun.h"

static const char magic[] =
  "board sq[3, 3] in 1..9.\n"
  "clue numbers: distinct(sq).\n"
  "clue rows: forall R in rows(sq): sum(R) = 15.\n"
  "clue columns: forall C in columns(sq): sum(C) = 15.\n"
  "clue diagonals: sum(diagonal(sq)) = 15, sum(antidiagonal(sq)) = 15.\n"
  "show sq, sq[2, 2], \"done\".\n";

static const char grid[] =
  "entities kid: ann, bob.\nattribute pet: cat, dog.\n"
  "clue 1: ann = dog.\nshow pet(bob).\n";

/* Load text and find its first solution; false (and cx failed) when
   memory ran out on the way. */
static bool first(PzCtx *cx, const char *text)
{
  if (!pz_load(cx, "t.pz", text, strlen(text)))
    return false;
  if (pz_next(cx) != PZ_SOLUTION)
    return false;
  PzText t = {0};
  bool ok = pz_solution_text(cx, pz_text_write, &t) && pz_solution_json(cx, pz_text_write, &t);
  free(t.data);
  char svg[64];
  ok = ok && pz_solution_svg(cx, "t", svg, sizeof svg) > 0;
  PzItem it;
  for (size_t i = 0; pz_solution_item(cx, i, &it); i++)
    ;
  return ok && !pz_failed(cx);
}

/*
** Every allocation of a whole run made to fail in turn: each call comes
** back (ASan checks that nothing leaks), the context says "out of
** memory", and a later context works again.
*/
static void running_out_of_memory_is_an_error(void **state)
{
  (void)state;
  uint64_t before = pz_allocation_count();
  PzCtx *cx = pz_open(NULL);
  assert_true(first(cx, magic));
  pz_close(cx);
  uint64_t k = pz_allocation_count() - before;
  for (uint64_t n = 1; n <= k; n++) {
    pz_fail_allocations_after(n);
    cx = pz_open(NULL);
    if (cx) {
      bool ok = first(cx, magic);
      assert_int_equal(ok, !pz_failed(cx));
      if (pz_failed(cx)) {
        assert_string_equal(pz_diagnostics(cx), "pz: out of memory\n");
        assert_int_equal(pz_diagnostic_count(cx), 1);
        PzDiagnostic d;
        assert_true(pz_diagnostic(cx, 0, &d));
        assert_null(d.file);
        assert_string_equal(d.message, "out of memory");
        assert_int_equal(pz_next(cx), PZ_ERROR);
        assert_int_equal(pz_solution_count_items(cx), 0);
      }
      pz_close(cx);
    }
    pz_fail_allocations_after(0);
  }
  cx = pz_open(NULL);
  assert_true(first(cx, magic));
  pz_close(cx);
}

static void a_solution_reads_as_data(void **state)
{
  (void)state;
  PzCtx *cx = pz_open(NULL);
  assert_true(pz_load(cx, "t.pz", magic, strlen(magic)));
  assert_int_equal(pz_solution_count_items(cx), 0);       /* none found yet */
  assert_int_equal(pz_next(cx), PZ_SOLUTION);
  assert_int_equal(pz_solution_count_items(cx), 3);
  PzItem it;
  assert_true(pz_solution_item(cx, 0, &it));
  assert_int_equal(it.kind, PZ_ITEM_BOARD);
  assert_string_equal(it.label, "sq");
  assert_int_equal(it.value.kind, PZ_LIST);
  assert_int_equal(it.value.count, 3);
  int64_t sum = 0;
  for (size_t r = 0; r < 3; r++) {
    const PzValue *row = &it.value.items[r];
    assert_int_equal(row->kind, PZ_LIST);
    assert_int_equal(row->count, 3);
    assert_int_equal(row->items[0].kind, PZ_NUMBER);
    sum += row->items[0].number + row->items[1].number + row->items[2].number;
  }
  assert_int_equal(sum, 45);
  assert_true(pz_solution_item(cx, 1, &it));
  assert_int_equal(it.kind, PZ_ITEM_VALUE);
  assert_int_equal(it.value.kind, PZ_NUMBER);
  assert_int_equal(it.value.number, 5);                   /* the centre */
  assert_true(pz_solution_item(cx, 2, &it));
  assert_int_equal(it.kind, PZ_ITEM_TEXT);
  assert_string_equal(it.value.text, "done");
  assert_false(pz_solution_item(cx, 3, &it));
  pz_close(cx);
}

/* pz_solution_svg fills the caller's buffer as snprintf does. */
static void a_solution_draws_into_the_callers_buffer(void **state)
{
  (void)state;
  PzCtx *cx = pz_open(NULL);
  assert_true(pz_load(cx, "t.pz", magic, strlen(magic)));
  assert_int_equal(pz_solution_svg(cx, "t", NULL, 0), 0);   /* no solution yet */
  assert_int_equal(pz_next(cx), PZ_SOLUTION);
  size_t n = pz_solution_svg(cx, "magic <3>", NULL, 0);
  assert_true(n > 100);
  char *whole = malloc(n + 1), small[8];
  assert_int_equal(pz_solution_svg(cx, "magic <3>", whole, n + 1), n);
  assert_int_equal(strlen(whole), n);
  assert_true(strncmp(whole, "<?xml", 5) == 0);
  assert_non_null(strstr(whole, "<title>magic &lt;3&gt;</title>"));
  assert_non_null(strstr(whole, ">done</text>"));         /* the text item as a line */
  assert_int_equal(pz_solution_svg(cx, "magic <3>", small, sizeof small), n);
  assert_string_equal(small, "<?xml v");                  /* cut, and ended with a NUL */
  char *again = malloc(n + 1);
  assert_int_equal(pz_solution_svg(cx, "magic <3>", again, n + 1), n);
  assert_string_equal(whole, again);                      /* the same bytes */
  free(whole);
  free(again);
  pz_close(cx);
}

/* A goal: each solution better than the one before, the last optimal; with ties, as good too. */
static void a_goal_improves_to_its_optimum(void **state)
{
  (void)state;
  static const char goal[] = "var x, y in 1..4.\nx != y.\nmaximize x + y.\n";
  for (int ties = 0; ties <= 1; ties++) {
    PzOptions o = {.goal_ties = ties};
    PzCtx *cx = pz_open(&o);
    int64_t v = 0, last = 0;
    assert_false(pz_goal_value(cx, &v));                   /* nothing loaded */
    assert_true(pz_load(cx, "t.pz", goal, strlen(goal)));
    assert_int_equal(pz_goal(cx), PZ_GOAL_MAXIMIZE);
    int n = 0, at_best = 0;
    while (pz_next(cx) == PZ_SOLUTION) {
      assert_true(pz_goal_value(cx, &v));
      if (n++)
        assert_true(ties ? v >= last : v > last);
      at_best = n > 1 && v == last ? at_best + 1 : 1;
      last = v;
    }
    assert_false(pz_goal_value(cx, &v));                   /* no solution now */
    assert_int_equal(last, 7);
    assert_int_equal(at_best, ties ? 2 : 1);               /* 3 + 4 and 4 + 3 */
    pz_close(cx);
  }
  PzCtx *cx = pz_open(NULL);
  assert_true(pz_load(cx, "t.pz", magic, strlen(magic)));
  assert_int_equal(pz_goal(cx), PZ_GOAL_NONE);
  pz_close(cx);
}

static void a_logic_grid_reads_as_a_table(void **state)
{
  (void)state;
  PzCtx *cx = pz_open(NULL);
  assert_true(pz_load(cx, "t.pz", grid, strlen(grid)));
  assert_int_equal(pz_next(cx), PZ_SOLUTION);
  PzItem it;
  assert_true(pz_solution_item(cx, 0, &it));
  assert_int_equal(it.kind, PZ_ITEM_TABLE);
  assert_int_equal(it.value.count, 3);                    /* headings, ann, bob */
  const PzValue *head = &it.value.items[0], *bob = &it.value.items[2];
  assert_string_equal(head->items[0].text, "kid");
  assert_string_equal(head->items[1].text, "pet");
  assert_string_equal(bob->items[0].text, "bob");
  assert_string_equal(bob->items[1].text, "cat");
  assert_true(pz_solution_item(cx, 1, &it));
  assert_string_equal(it.label, "pet(bob)");
  assert_int_equal(it.value.kind, PZ_NAME);
  assert_string_equal(it.value.text, "cat");
  pz_close(cx);
}

static void without_a_reader_files_cannot_be_imported(void **state)
{
  (void)state;
  const char *text = "import \"other.pz\".\nimport magic.\nvar x in 1..2.\n";
  PzCtx *cx = pz_open(NULL);
  assert_false(pz_load(cx, "t.pz", text, strlen(text)));
  assert_non_null(strstr(pz_diagnostics(cx), "t.pz:1:8: error: cannot read the file 'other.pz'"));
  assert_int_equal(pz_diagnostic_count(cx), 1);           /* the stdlib one loads */
  pz_close(cx);
}

static void without_a_clock_there_is_no_time_limit(void **state)
{
  (void)state;
  PzCtx *cx = pz_open(NULL);
  pz_set_limits(cx, 1e-9, 0);
  assert_true(pz_load(cx, "t.pz", magic, strlen(magic)));
  assert_int_equal(pz_next(cx), PZ_SOLUTION);
  pz_close(cx);
  cx = pz_open(&(PzOptions){.clock = test_clock});
  pz_set_limits(cx, 1e-9, 0);
  pz_load(cx, "t.pz", magic, strlen(magic));
  assert_int_equal(pz_next(cx), PZ_LIMIT);
  pz_close(cx);
}

/* The host's stop flag (a Ctrl-C handler's), and how often pz asked for it. */
typedef struct Stop {
  bool stop;
  unsigned long asked;
  PzCtx *cx;               /* pz_stats is allowed inside the poll */
  uint64_t seen;           /* the solutions pz_stats said there, at the latest */
} Stop;

static bool poll_stop(void *ctx)
{
  Stop *st = ctx;
  st->asked++;
  if (st->cx)
    st->seen = pz_stats(st->cx).solutions;
  return st->stop;
}

/*
** PzOptions.poll: asked as the clock is read, it stops the search as a
** limit does once it says so, and what was found stays counted.  No
** clock, no polling.
*/
static void the_host_can_stop_the_search(void **state)
{
  (void)state;
  static const char latin[] =                   /* far too many to count */
    "board sq[9, 9] in 1..9.\n"
    "clue rows: forall R in rows(sq): distinct(R).\n"
    "clue columns: forall C in columns(sq): distinct(C).\n";
  Stop st = {0};
  PzCtx *cx = pz_open(&(PzOptions){.clock = test_clock, .poll = poll_stop, .poll_ctx = &st});
  st.cx = cx;
  pz_set_limits(cx, 0, 0);
  assert_true(pz_load(cx, "t.pz", latin, strlen(latin)));
  uint64_t found = 0;
  for (; found < 200; found++)
    assert_int_equal(pz_next(cx), PZ_SOLUTION);
  assert_true(st.asked > 0);
  assert_true(st.seen <= found);
  st.stop = true;                               /* Ctrl-C */
  PzResult r;
  while ((r = pz_next(cx)) == PZ_SOLUTION)      /* noticed at the next reading */
    found++;
  assert_int_equal(r, PZ_LIMIT);
  assert_int_equal(pz_stats(cx).solutions, found);
  pz_close(cx);

  st = (Stop){.stop = true};
  cx = pz_open(&(PzOptions){.poll = poll_stop, .poll_ctx = &st});
  pz_set_limits(cx, 0, 0);
  assert_true(pz_load(cx, "t.pz", latin, strlen(latin)));
  assert_int_equal(pz_next(cx), PZ_SOLUTION);
  assert_int_equal(st.asked, 0);
  pz_close(cx);
}

/* A poll that says stop from its `after`-th question on. */
typedef struct StopAfter {
  unsigned long asked, after;
} StopAfter;

static bool poll_stop_after(void *ctx)
{
  StopAfter *st = ctx;
  return ++st->asked > st->after;
}

/*
** explain_says_which_steps_a_limit_left_unchecked: pz explain checks its
** steps with separate solves (check_solutions), which a limit may stop
** after the explanation is complete.  The explanation then says which
** steps were not checked, and the answer is a limit, not a solution.
** The stop comes from the poll at its N-th question (as Ctrl-C would, at
** a reading of the clock), for N = 0, 1, ...: deterministic, whatever
** the machine's speed.  Some N stops the checks and not the explanation
** (each check reads the clock at its first tick); no N leaves the limit
** unsaid.  The host stopped it, so the words say "interrupted", not "the
** time limit" (they did: explain_interrupted_is_not_the_time_limit), in
** the text and in JSON.
*/
static void explain_says_which_steps_a_limit_left_unchecked(void **state)
{
  (void)state;
  static const char puzzle[] =
    "var x, y, z in 1..3.\n"
    "x != y. y != z. x != z.\n"
    "x = 1. y < z.\n";
  bool seen = false, after_a_step = false;
  for (unsigned long n = 0; n < 10000 && !after_a_step; n++) {
    StopAfter st = {0, n};
    PzCtx *cx = pz_open(&(PzOptions){.clock = test_clock, .poll = poll_stop_after, .poll_ctx = &st,
                                     .check_solutions = true});
    pz_set_limits(cx, 0, 0);
    assert_true(pz_load(cx, "t.pz", puzzle, strlen(puzzle)));
    PzText t = {0};
    PzResult r = pz_explain(cx, &(PzExplainOptions){.what = PZ_EXPLAIN_STEPS}, pz_text_write, &t);
    const char *text = t.data ? t.data : "";
    bool complete = strstr(text, "Verdict: solved") != NULL;
    const char *said = strstr(text, "Not checked: ");
    if (said) {
      assert_true(complete);
      assert_int_equal(r, PZ_LIMIT);
      if (!seen)                                /* the first check: the given's */
        assert_string_equal(said, "Not checked: an interruption stopped the checks of the steps "
                                  "before the first, so no step was checked.\n");
      else
        assert_non_null(strstr(said, "Not checked: an interruption stopped the checks "));
      seen = true;
      after_a_step = strstr(said, " after step ") != NULL;
    } else if (complete) {                      /* everything was checked */
      assert_int_equal(r, PZ_SOLUTION);
      assert_true(st.asked <= st.after);
    } else {
      assert_int_equal(r, PZ_LIMIT);
      if (*text)                                /* stopped while explaining, after loading */
        assert_non_null(strstr(text, "Verdict: interrupted after "));
    }
    free(t.data);
    pz_close(cx);
    /* the same stop in JSON: status "interrupted", not "limit" */
    st = (StopAfter){0, n};
    cx = pz_open(&(PzOptions){.clock = test_clock, .poll = poll_stop_after, .poll_ctx = &st,
                              .check_solutions = true});
    pz_set_limits(cx, 0, 0);
    assert_true(pz_load(cx, "t.pz", puzzle, strlen(puzzle)));
    t = (PzText){0};
    r = pz_explain(cx, &(PzExplainOptions){.what = PZ_EXPLAIN_STEPS, .json = true}, pz_text_write, &t);
    if (r == PZ_LIMIT && t.data && *t.data) {
      assert_non_null(strstr(t.data, "\"status\": \"interrupted\""));
      assert_null(strstr(t.data, "\"status\": \"limit\""));
    }
    free(t.data);
    pz_close(cx);
  }
  assert_true(after_a_step);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(running_out_of_memory_is_an_error),
    cmocka_unit_test(a_solution_reads_as_data),
    cmocka_unit_test(a_solution_draws_into_the_callers_buffer),
    cmocka_unit_test(a_goal_improves_to_its_optimum),
    cmocka_unit_test(a_logic_grid_reads_as_a_table),
    cmocka_unit_test(without_a_reader_files_cannot_be_imported),
    cmocka_unit_test(without_a_clock_there_is_no_time_limit),
    cmocka_unit_test(the_host_can_stop_the_search),
    cmocka_unit_test(explain_says_which_steps_a_limit_left_unchecked),
  };
  return cmocka_run_group_tests_name("pz", tests, NULL, NULL);
}
