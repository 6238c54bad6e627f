/*
** pzrun.h -- run a whole .pz program from a unit test, through pz.h.
**
** For the tests of the stages that only make sense on a whole program
** (grounding, boards): count its solutions, or print its first one.
*/
#ifndef PZ_PZRUN_H
#define PZ_PZRUN_H

#include "testutil.h"

#include <stdio.h>

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

/* Text the library writes (PzWrite), gathered in a malloc'd string. */
typedef struct PzText {
  char *data;
  size_t len;
} PzText;

static inline void pz_text_write(void *to, const char *text, size_t len)
{
  PzText *t = to;
  t->data = realloc(t->data, t->len + len + 1);
  assert_non_null(t->data);
  memcpy(t->data + t->len, text, len);
  t->len += len;
  t->data[t->len] = '\0';
}

static inline void pz_text_puts(PzText *t, const char *s)
{
  pz_text_write(t, s, strlen(s));
}

/* The first solution (text or JSON) in t, or the diagnostics when it fails. */
static inline void first_solution(const char *text, PzText *t, bool json)
{
  PzCtx *cx = pz_open(NULL);
  if (!pz_load(cx, "t.pz", text, strlen(text)))
    pz_text_puts(t, pz_diagnostics(cx));
  else if (pz_next(cx) == PZ_SOLUTION)
    (json ? pz_solution_json : pz_solution_text)(cx, pz_text_write, t);
  else
    pz_text_puts(t, "no solution\n");
  pz_close(cx);
}

#define assert_first_as(text, json, expected)                               \
  do {                                                                      \
    PzText t_ = {0};                                                        \
    first_solution(text, &t_, json);                                        \
    assert_string_equal(t_.data ? t_.data : "", expected);                  \
    free(t_.data);                                                          \
  } while (0)

#endif
