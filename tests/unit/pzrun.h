/*
** pzrun.h -- run a whole .pz program from a unit test, through pz.h.
**
** For the tests of the stages that only make sense on a whole program
** (grounding, boards): count its solutions, or print its first one.
*/
#ifndef PZ_PZRUN_H
#define PZ_PZRUN_H

#include "testutil.h"

#include "pz.h"

/* Number of solutions of a program, or -1 when it does not load. */
static inline long count_solutions(const char *text)
{
  PzCtx *cx = pz_open(NULL);
  long n = -1;
  if (pz_load(cx, "t.pz", text, strlen(text)))
    for (n = 0; pz_next(cx) == PZ_SOLUTION; n++)
      ;
  pz_close(cx);
  return n;
}

/* The first solution (text or JSON) in buf, or the diagnostics when it fails. */
static inline void first_solution(const char *text, Buf *buf, bool json)
{
  PzCtx *cx = pz_open(NULL);
  if (!pz_load(cx, "t.pz", text, strlen(text)))
    buf_puts(buf, pz_diagnostics(cx));
  else if (pz_next(cx) == PZ_SOLUTION)
    (json ? pz_solution_json : pz_solution_text)(cx, buf);
  else
    buf_puts(buf, "no solution\n");
  pz_close(cx);
}

#define assert_first_as(text, json, expected)                               \
  do {                                                                      \
    Buf b_ = {0};                                                           \
    first_solution(text, &b_, json);                                        \
    assert_string_equal(buf_str(&b_), expected);                            \
    buf_free(&b_);                                                          \
  } while (0)

#endif
