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

#endif
