/*
** shrink.h -- make a failing puzzle smaller while it still fails.
*/
#ifndef DIFF_SHRINK_H
#define DIFF_SHRINK_H

#include "model.h"

/* Whether candidate p still shows the failure being shrunk. */
typedef bool (*StillFails)(const Program *p, void *arg);

/*
** The greedy loop, for any case held in one block of memory: try edit
** 0, 1, ... on a copy, keep the first edit that lowers measure and still
** fails, and start again; stop when no edit does (or after max_tries
** candidates run).  Returns how many candidates were run.
*/
typedef struct Shrinker {
  size_t bytes;                                  /* the size of a case */
  int (*edits)(const void *x);                   /* edits to try on x */
  bool (*apply)(void *x, int e);                 /* edit e of x; false: none, or not valid */
  long (*measure)(const void *x, void *arg);     /* every kept edit lowers it */
  bool (*still_fails)(const void *x, void *arg);
} Shrinker;

int shrink_greedy(const Shrinker *sh, void *x, void *arg, int max_tries);

/* Shrink p in place (gen.c's programs); returns how many candidates were run (at most max_tries). */
int shrink(Program *p, StillFails still_fails, void *arg, int max_tries);

#endif
