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

/* s with the host's limits afresh (its own node cap gone). */
static void host_limits(const Rounds *r, Solver *s)
{
  solver_set_limits(s, (SolverLimits){0});
  r->limits(r->ctx, s);
}

/* Free both kinds' spaces; returns end. */
static RoundsEnd finish(Solver *kind[2], RoundsEnd end)
{
  for (int i = 0; i < 2; i++)
    if (kind[i])
      solver_free(kind[i]);
  return end;
}

RoundsEnd rounds_count(Rounds *r, uint32_t limit, uint32_t *count)
{
  *count = 0;
  r->user_nodes = 0;
  /* the first solution: rounds until one kind finds it or both are
     spent; each kind's space goes on from where its last round stopped */
  Solver *kind[2] = { NULL, NULL };
  bool spent[2] = { false, false };
  bool first_only = r->budget && limit == 1;   /* the budget bounds the rounds in all */
  uint64_t left = r->budget;            /* first_only: what the rounds may still use */
  bool restarts = false;
  for (unsigned k = 0;; k++) {
    restarts = !(k & 1);
    if (spent[restarts])
      continue;
    Solver *s = kind[restarts];
    uint64_t before = 0;
    if (!s)
      s = kind[restarts] = r->make(r->ctx, restarts);
    else
      before = solver_stats(s)->nodes;
    uint64_t cap = round_cap(k);
    bool last = first_only && cap >= left;
    if (last)
      cap = left;
    host_limits(r, s);
    bool mine = solver_cap_nodes(s, before + cap);   /* false: the user's node limit is lower */
    SearchResult res = search_next(s);
    if (res == SEARCH_SOLUTION)
      break;
    if (res == SEARCH_EXHAUSTED)
      return finish(kind, ROUNDS_DONE);
    if (stopped(r, res))
      return finish(kind, ROUNDS_STOPPED);
    uint64_t now = solver_stats(s)->nodes;   /* the user's limit, when !mine */
    if (last) {
      r->user_nodes = mine ? 0 : now;
      return finish(kind, ROUNDS_GAVE_UP);   /* the budget is spent */
    }
    uint64_t used = now - before;
    if (first_only)
      left -= used < left ? used : left - 1;
    if (!mine)
      spent[restarts] = true;           /* the user's node limit: this kind's last round */
    if (spent[0] && spent[1]) {
      r->user_nodes = first_only ? now : 0;
      return finish(kind, first_only ? ROUNDS_GAVE_UP : ROUNDS_STOPPED);
    }
  }
  /* then the others, in the same space (after the first solution a
     restarting search finishes its last run's tree without restarts),
     with the count's own cap */
  Solver *s = kind[restarts];
  kind[restarts] = NULL;
  finish(kind, ROUNDS_DONE);
  if (r->first)
    r->first(r->ctx, s);
  uint32_t n = 1;
  SearchResult res = SEARCH_SOLUTION;
  bool mine = true;                     /* false: the user's node limit is lower than the cap */
  if (n < limit) {
    uint64_t nodes = solver_stats(s)->nodes;
    host_limits(r, s);
    if (r->budget)
      mine = solver_cap_nodes(s, nodes + r->budget);
  }
  while (n < limit && (res = search_next(s)) == SEARCH_SOLUTION)
    n++;
  uint64_t now = solver_stats(s)->nodes;
  solver_free(s);
  *count = n;
  if (n >= limit || res == SEARCH_EXHAUSTED)
    return ROUNDS_DONE;
  if (stopped(r, res) || !r->budget)
    return ROUNDS_STOPPED;
  r->user_nodes = mine ? 0 : now;       /* a search stops at its node limit exactly */
  return ROUNDS_GAVE_UP;                /* the count's cap, or the user's node limit */
}
