/*
** rounds.c -- counting solutions in rounds (see rounds.h).
*/
#include "explain/rounds.h"

#include "search/search.h"

/* The cap of round k: rounds 2i (restarting) and 2i + 1 (plain) have ROUNDS_FIRST * 4^i. */
static uint64_t round_cap(unsigned k)
{
  uint64_t cap = ROUNDS_FIRST;
  for (unsigned i = 0; i < k / 2 && cap <= UINT64_MAX / 4; i++)
    cap *= 4;
  return cap;
}

/* Did the search stop for a reason other than a node limit? */
static bool stopped(const Rounds *r, SearchResult res)
{
  return res == SEARCH_BROKEN || r->time_up(r->ctx);
}

RoundsEnd rounds_count(const Rounds *r, uint32_t limit, uint32_t *count)
{
  *count = 0;
  /* the first solution: rounds until one kind finds it or both are spent */
  bool spent[2] = { false, false };
  bool first_only = r->budget && limit == 1;   /* the budget bounds the rounds in all */
  Solver *s = NULL;
  bool restarts = false, mine = false;
  uint64_t cap = 0;
  uint64_t left = r->budget;            /* first_only: what the rounds may still use */
  for (unsigned k = 0;; k++) {
    restarts = !(k & 1);
    if (spent[restarts])
      continue;
    cap = round_cap(k);
    bool last = first_only && cap >= left;
    if (last)
      cap = left;
    s = r->make(r->ctx, restarts);
    mine = solver_cap_nodes(s, cap);    /* false: the user's node limit is lower */
    SearchResult res = search_next(s);
    if (res == SEARCH_SOLUTION)
      break;
    uint64_t used = solver_stats(s)->nodes;
    solver_free(s);
    if (res == SEARCH_EXHAUSTED)
      return ROUNDS_DONE;
    if (stopped(r, res))
      return ROUNDS_STOPPED;
    if (last)
      return ROUNDS_GAVE_UP;            /* the budget is spent */
    if (first_only)
      left -= used < left ? used : left - 1;
    if (!mine)
      spent[restarts] = true;           /* the user's node limit: this kind's last round */
    if (spent[0] && spent[1])
      return first_only ? ROUNDS_GAVE_UP : ROUNDS_STOPPED;
  }
  /* then the others, in the same space: after the first solution a
     restarting search finishes its last run's tree without restarts */
  uint64_t want = 0;                    /* the count's own cap, 0 for none */
  if (r->budget && limit > 1) {
    want = solver_stats(s)->nodes + r->budget;
    if (want < cap) {
      mine = solver_cap_nodes(s, want);
      cap = want;
    }
  }
  r->first(r->ctx, s);
  uint32_t n = 1;
  for (;;) {
    SearchResult res = SEARCH_SOLUTION;
    while (n < limit) {
      res = search_next(s);
      if (res != SEARCH_SOLUTION)
        break;
      if (n == 0)
        r->first(r->ctx, s);
      n++;
    }
    if (n >= limit || res == SEARCH_EXHAUSTED) {
      solver_free(s);
      *count = n;
      return ROUNDS_DONE;
    }
    if (stopped(r, res)) {
      solver_free(s);
      *count = n;
      return ROUNDS_STOPPED;
    }
    if (mine && (!want || cap < want)) {
      /* the round's cap, not the count's: the same round again (it
         finds the same solutions in the same order) with the count's */
      solver_free(s);
      s = r->make(r->ctx, restarts);
      mine = want && solver_cap_nodes(s, want);
      cap = want;
      n = 0;
      continue;
    }
    solver_free(s);
    *count = n;
    return r->budget ? ROUNDS_GAVE_UP : ROUNDS_STOPPED;
  }
}
