/*
** testutil.h -- what every cmocka unit test includes first.
**
** cmocka.h needs these standard headers before it; keeping them in one
** place means a test file starts with a single include.
*/
#ifndef PZ_TESTUTIL_H
#define PZ_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

/* The host's clock (PzOptions.clock, SolverLimits.clock), as the CLI's. */
static inline double test_clock(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A whole file (an example puzzle), NUL-terminated; the test fails without it. */
static inline char *test_read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)n + 1);
  assert_non_null(text);
  assert_int_equal(fread(text, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  text[n] = '\0';
  *len = (size_t)n;
  return text;
}

#endif
