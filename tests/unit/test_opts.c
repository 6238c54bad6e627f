/* tests/unit/test_opts.c -- the command line's option reader (interp/cli/opts.c). */
#include "testutil.h"

#include "cli/opts.h"

enum { ALL = 1, COUNT, STATS, SOLUTIONS, TIMEOUT, CHECK, TIME_LIMIT };

static const OptSpec specs[] = {
  {ALL, 'a', "all", false},
  {ALL, 0, "all-solutions", false},
  {COUNT, 'c', "count", false},
  {STATS, 's', "stats", false},
  {STATS, 0, "statistics", false},
  {SOLUTIONS, 'n', "solutions", true},
  {SOLUTIONS, 0, "num-solutions", true},
  {TIMEOUT, 't', "timeout", true},
  {TIME_LIMIT, 0, "time-limit", true},
  {CHECK, 0, "check", false},
};
#define NSPECS (sizeof specs / sizeof specs[0])

/* The parser over the words given (argv[0] is "pz"), from word 1. */
static OptParser parser(const char **words, int n)
{
  OptParser p;
  opt_init(&p, specs, NSPECS, n, words, 1);
  return p;
}

/* Each next option (or operand) is id with value (NULL: none). */
static void expect(OptParser *p, int id, const char *value)
{
  int got = opt_next(p);
  if (got == OPT_ERROR)
    fail_msg("unexpected error: %s", p->message);
  assert_int_equal(got, id);
  if (value)
    assert_string_equal(p->value, value);
  else if (id != OPT_END)
    assert_null(p->value);
}

static void expect_error(OptParser *p, const char *message)
{
  assert_int_equal(opt_next(p), OPT_ERROR);
  assert_string_equal(p->message, message);
}

static void separate_short_and_long_flags(void **state)
{
  (void)state;
  const char *w[] = {"pz", "-a", "--count", "x.pz", "--stats"};
  OptParser p = parser(w, 5);
  expect(&p, ALL, NULL);
  expect(&p, COUNT, NULL);
  expect(&p, OPT_OPERAND, "x.pz");
  expect(&p, STATS, NULL);
  expect(&p, OPT_END, NULL);
  expect(&p, OPT_END, NULL);
}

static void short_flags_combine(void **state)
{
  (void)state;
  const char *w[] = {"pz", "-as", "-cn3"};
  OptParser p = parser(w, 3);
  expect(&p, ALL, NULL);
  assert_string_equal(p.spelling, "-a");
  expect(&p, STATS, NULL);
  expect(&p, COUNT, NULL);
  expect(&p, SOLUTIONS, "3");
  assert_string_equal(p.spelling, "-n");
  expect(&p, OPT_END, NULL);
}

static void values_in_the_word_or_the_next(void **state)
{
  (void)state;
  const char *w[] = {"pz", "-n2", "-n", "4", "--timeout=5", "--timeout", "6", "-t", "-1",
               "--solutions="};
  OptParser p = parser(w, 10);
  expect(&p, SOLUTIONS, "2");
  expect(&p, SOLUTIONS, "4");
  expect(&p, TIMEOUT, "5");
  assert_string_equal(p.spelling, "--timeout");
  expect(&p, TIMEOUT, "6");
  expect(&p, TIMEOUT, "-1");               /* as getopt: the next word, whatever it is */
  expect(&p, SOLUTIONS, "");
  expect(&p, OPT_END, NULL);
}

static void unique_prefixes_and_aliases(void **state)
{
  (void)state;
  const char *w[] = {"pz", "--cou", "--sol=2", "--stat", "--al", "--all", "--num", "7",
               "--time-l", "9", "--ch"};
  OptParser p = parser(w, 11);
  expect(&p, COUNT, NULL);
  expect(&p, SOLUTIONS, "2");
  assert_string_equal(p.spelling, "--solutions");
  expect(&p, STATS, NULL);                 /* --stats and --statistics are one option */
  expect(&p, ALL, NULL);                   /* so are --all and --all-solutions */
  expect(&p, ALL, NULL);
  expect(&p, SOLUTIONS, "7");
  expect(&p, TIME_LIMIT, "9");
  expect(&p, CHECK, NULL);
  expect(&p, OPT_END, NULL);
}

static void an_exact_name_is_never_ambiguous(void **state)
{
  (void)state;
  static const OptSpec two[] = {{1, 0, "seed", true}, {2, 0, "seeds", false}};
  const char *w[] = {"pz", "--seed", "3", "--seeds"};
  OptParser p;
  opt_init(&p, two, 2, 4, w, 1);
  expect(&p, 1, "3");
  expect(&p, 2, NULL);
}

static void double_dash_ends_the_options(void **state)
{
  (void)state;
  const char *w[] = {"pz", "-a", "--", "-c", "--count", "-"};
  OptParser p = parser(w, 6);
  expect(&p, ALL, NULL);
  expect(&p, OPT_OPERAND, "-c");
  expect(&p, OPT_OPERAND, "--count");
  expect(&p, OPT_OPERAND, "-");
  expect(&p, OPT_END, NULL);
}

static void a_lone_dash_is_an_operand(void **state)
{
  (void)state;
  const char *w[] = {"pz", "-", "-c"};
  OptParser p = parser(w, 3);
  expect(&p, OPT_OPERAND, "-");
  expect(&p, COUNT, NULL);
}

static void ambiguous_prefix(void **state)
{
  (void)state;
  const char *w[] = {"pz", "--s"};
  OptParser p = parser(w, 2);
  expect_error(&p, "option '--s' is ambiguous: it could be --stats, --solutions");
  const char *w2[] = {"pz", "--c=1"};
  p = parser(w2, 2);
  expect_error(&p, "option '--c' is ambiguous: it could be --count, --check");
}

static void unknown_long_option_did_you_mean(void **state)
{
  (void)state;
  const char *w[] = {"pz", "--coutn"};
  OptParser p = parser(w, 2);
  expect_error(&p, "unknown option '--coutn' (did you mean '--count'?)");
  const char *w2[] = {"pz", "--timout=3"};
  p = parser(w2, 2);
  expect_error(&p, "unknown option '--timout' (did you mean '--timeout'?)");
  const char *w3[] = {"pz", "--frobnicate"};
  p = parser(w3, 2);
  expect_error(&p, "unknown option '--frobnicate'");
  const char *w4[] = {"pz", "--=3"};
  p = parser(w4, 2);
  expect_error(&p, "unknown option '--'");
}

static void unknown_short_option(void **state)
{
  (void)state;
  const char *w[] = {"pz", "-x"};
  OptParser p = parser(w, 2);
  expect_error(&p, "unknown option '-x'");
  const char *w2[] = {"pz", "-ax"};
  p = parser(w2, 2);
  expect(&p, ALL, NULL);
  expect_error(&p, "unknown option '-x' in '-ax'");
  /* a long option typed with one dash */
  const char *w3[] = {"pz", "-count"};
  p = parser(w3, 2);
  expect(&p, COUNT, NULL);
  expect_error(&p, "unknown option '-o' in '-count' (did you mean '--count'?)");
}

static void missing_and_unwanted_values(void **state)
{
  (void)state;
  const char *w[] = {"pz", "-n"};
  OptParser p = parser(w, 2);
  expect_error(&p, "option '-n' needs a value");
  assert_int_equal(p.missing, SOLUTIONS);
  const char *w2[] = {"pz", "--sol"};
  p = parser(w2, 2);
  expect_error(&p, "option '--solutions' needs a value");
  const char *w3[] = {"pz", "--count=2"};
  p = parser(w3, 2);
  expect_error(&p, "option '--count' takes no value, but was given '2'");
  assert_int_equal(p.missing, 0);
  const char *w4[] = {"pz", "-as", "-n"};
  p = parser(w4, 3);
  expect(&p, ALL, NULL);
  expect(&p, STATS, NULL);
  expect_error(&p, "option '-n' needs a value");
}

static void nearest_names(void **state)
{
  (void)state;
  assert_string_equal(opt_nearest(specs, NSPECS, "cuont"), "count");   /* swapped */
  assert_string_equal(opt_nearest(specs, NSPECS, "statistic"), "statistics");
  assert_string_equal(opt_nearest(specs, NSPECS, "al"), "all");
  assert_string_equal(opt_nearest(specs, NSPECS, "solution"), "solutions");
  assert_null(opt_nearest(specs, NSPECS, "xyz"));
  assert_null(opt_nearest(specs, NSPECS, ""));
  char longer[100];
  memset(longer, 'a', sizeof longer - 1);
  longer[sizeof longer - 1] = '\0';
  assert_null(opt_nearest(specs, NSPECS, longer));
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(separate_short_and_long_flags),
    cmocka_unit_test(short_flags_combine),
    cmocka_unit_test(values_in_the_word_or_the_next),
    cmocka_unit_test(unique_prefixes_and_aliases),
    cmocka_unit_test(an_exact_name_is_never_ambiguous),
    cmocka_unit_test(double_dash_ends_the_options),
    cmocka_unit_test(a_lone_dash_is_an_operand),
    cmocka_unit_test(ambiguous_prefix),
    cmocka_unit_test(unknown_long_option_did_you_mean),
    cmocka_unit_test(unknown_short_option),
    cmocka_unit_test(missing_and_unwanted_values),
    cmocka_unit_test(nearest_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
