/* tests/unit/test_pzweb.c -- the playground's bridge (web/pzweb.c), built natively. */
#include "testutil.h"

#include "pz.h"
#include "pzweb.h"

static const char square[] =
  "board sq[3, 3] in 1..9.\n"
  "clue numbers: distinct(sq).\n"
  "clue rows: forall R in rows(sq): sum(R) = 15.\n"
  "clue columns: forall C in columns(sq): sum(C) = 15.\n"
  "clue diagonals: sum(diagonal(sq)) = 15 and sum(antidiagonal(sq)) = 15.\n"
  "show sq.\n";

/* The answer to command on text, which must contain every one of want (NULL-ended). */
static void expect(const char *command, const char *text, const char *const *want)
{
  char *a = pzw_run(command, "sq.pz", text, 1, 0);
  assert_non_null(a);
  for (size_t i = 0; want[i]; i++)
    if (!strstr(a, want[i]))
      fail_msg("%s: no '%s' in %s", command, want[i], a);
  pzw_free(a);
}

static void solve_all_count(void **state)
{
  (void)state;
  expect("solve", square, (const char *const[]){"\"status\": \"solved\"", "\"count\": 1",
         "\"text\": \"sq =\\u000a2 7 6\\u000a9 5 1\\u000a4 3 8\\u000a\"", "\"svg\": \"<?xml", NULL});
  expect("all", square, (const char *const[]){"\"count\": 8", "\"complete\": true",
         "\\u000asolutions: 8\\u000a\"", NULL});
  expect("count", square, (const char *const[]){"\"solutions\": []", "\"text\": \"solutions: 8\\u000a\"", NULL});
  expect("check", square, (const char *const[]){"\"status\": \"ok\"", "sq.pz: no errors", NULL});
}

static void explain_grade_generate(void **state)
{
  (void)state;
  expect("explain", square, (const char *const[]){"\"explain\": {\"version\": 1", "\"steps\": [",
         "\"pictures\": [\"<?xml", "\"verdict\": {\"outcome\": \"several\"", NULL});
  expect("grade", square, (const char *const[]){"\"explain\": {\"version\": 1, \"status\": \"solved\", \"level\": 4",
         "\"pictures\": []", NULL});
  expect("generate", square, (const char *const[]){"\"status\": \"solved\"", "clue generated: ", NULL});
}

static void errors_at_their_line(void **state)
{
  (void)state;
  expect("solve", "var x in 1..3.\nclue c: x = y.\n", (const char *const[]){"\"status\": \"error\"",
         "{\"line\": 2, \"column\": 13, \"severity\": \"error\", \"file\": \"sq.pz\", \"message\": \"unknown name 'y'",
         "\"messages\": \"sq.pz:2:13: error: unknown name 'y'", NULL});
  expect("solve", "var x in 1..3.\nx > 5.\n", (const char *const[]){"\"status\": \"unsatisfiable\"",
         "\"text\": \"no solution\\u000a\"", NULL});
  expect("dance", square, (const char *const[]){"\"text\": \"pz: unknown command\\u000a\"", NULL});
}

/* Out of memory anywhere in pz: still one JSON answer, status error. */
static void out_of_memory(void **state)
{
  (void)state;
  for (uint64_t n = 1; n < 400; n += 7) {
    pz_fail_allocations_after(n);
    char *a = pzw_run("solve", "sq.pz", square, 1, 0);
    pz_fail_allocations_after(0);
    assert_non_null(a);
    if (!strstr(a, "\"status\": \"error\"") && !strstr(a, "\"status\": \"solved\""))
      fail_msg("after %llu allocations: %s", (unsigned long long)n, a);
    pzw_free(a);
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(solve_all_count),
    cmocka_unit_test(explain_grade_generate),
    cmocka_unit_test(errors_at_their_line),
    cmocka_unit_test(out_of_memory),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
