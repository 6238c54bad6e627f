/*
** search.c -- depth-first search for solutions, one at a time.
**
** The loop (search_next) alternates propagation and decisions on an
** explicit path of SearchSteps, one per trail level, so there is no
** recursion and nothing is allocated per node.  Before the first
** decision, small models are probed (probe_root).  Variable choice: the
** smallest domain size divided by degree (number of constraints on it,
** plus one) among the open decision variables; ties go to the variable whose
** propagators failed most often so far (dom/wdeg's weights), then to the
** smaller domain, then to the given order; once they are all fixed, any
** other open variable the same way.  Value choice: the smallest.
** (dom/deg instead of plain smallest-domain: 8% fewer nodes on
** magic_square4; the weights as tie-break: magic_square5's first square
** in 1224 nodes instead of 1523; see doc/performance.md.)
*/
#include "engine.h"

#include <string.h>

/* Look at the clock once per this many nodes: it costs a system call. */
#define CLOCK_EVERY 256

void search_init(Search *q)
{
  memset(q, 0, sizeof *q);
  q->state = SS_IDLE;
}

void search_free(Search *q)
{
  VEC_FREE(q->path);
  VEC_FREE(q->order);
  VEC_FREE(q->degree);
  VEC_FREE(q->weight);
}

const SearchStep *search_path(const Solver *s, size_t *n)
{
  *n = s->search.path.len;
  return s->search.path.data;
}

/* Prepare a fresh search: variable order, degrees, buffers, clock. */
static void search_start(Solver *s)
{
  Search *q = &s->search;
  size_t nvars = s->doms.len;
  VEC_CLEAR(q->order);
  VEC_CLEAR(q->degree);
  VEC_RESERVE(q->order, nvars);
  VEC_RESERVE(q->degree, nvars);
  VEC_CLEAR(q->weight);
  VEC_RESERVE(q->weight, nvars);
  for (size_t i = 0; i < nvars; i++)
    q->weight.data[i] = 0;
  q->weight.len = nvars;
  /* degree doubles as a "listed" mark while the order is built. */
  for (size_t i = 0; i < nvars; i++)
    q->degree.data[i] = 0;
  q->degree.len = nvars;
  for (size_t i = 0; i < s->decision_vars.len; i++) {
    VarId x = s->decision_vars.data[i];
    if (!q->degree.data[x]) {
      q->degree.data[x] = 1;
      VEC_PUSH(q->order, x);
    }
  }
  q->ndecision = q->order.len;
  for (size_t i = 0; i < nvars; i++)
    if (!q->degree.data[i])
      VEC_PUSH(q->order, (VarId)i);
  for (size_t i = 0; i < nvars; i++) {
    const VarSubs *vs = &s->subs.data[i];
    uint32_t degree = 0;
    for (uint32_t k = 0; k < vs->ndom + vs->nbnd + vs->nval; k++)
      degree += s->props.data[vs->ids[k]].degree;
    q->degree.data[i] = degree;
  }
  /* Size the trail and the path up front so search does not allocate
  ** in the common case: a level saves each domain and flag at most once. */
  VEC_CLEAR(q->path);
  VEC_RESERVE(q->path, 2 * nvars + 64);
  trail_reserve(&s->trail, 4 * (nvars + s->props.len) + 1024,
                2 * nvars + 64);
  memset(&s->stats, 0, sizeof s->stats);
  clock_gettime(CLOCK_MONOTONIC, &q->start);
  q->clock_nodes = CLOCK_EVERY;
  q->must_backtrack = false;
  q->state = SS_RUNNING;
}

/* Best open variable of order[from, to), or PROP_NONE. */
static VarId select_in(const Solver *s, size_t from, size_t to)
{
  const Search *q = &s->search;
  VarId best = PROP_NONE;
  uint64_t best_size = UINT64_MAX;
  uint32_t best_degree = 0, best_weight = 0;
  for (size_t k = from; k < to; k++) {
    VarId x = q->order.data[k];
    const Dom *d = dom_get(s, x);
    if (d->lo == d->hi)
      continue;
    uint64_t size = dom_size(s, x);
    uint32_t degree = q->degree.data[x], weight = q->weight.data[x];
    /* smallest size / degree (dom/deg), compared without division; on a
    ** tie the variable in more failures, then the smaller domain */
    uint64_t mine = size * (best_degree + 1), theirs = best_size * (degree + 1);
    if (best == PROP_NONE || mine < theirs ||
        (mine == theirs && (weight > best_weight ||
                            (weight == best_weight && size < best_size)))) {
      best = x;
      best_size = size;
      best_degree = degree;
      best_weight = weight;
    }
  }
  return best;
}

/*
** Singleton consistency at the root ("probing", as SAT solvers call it):
** try each value of each open decision variable, propagate, and remove
** the values that fail at once.  Round after round until no value goes
** (or the work budget is spent).  It is what a person does with "if
** house 3 were red, clues 4 and 9 would clash", it often leaves nothing
** to guess on logic grids, and it is cheap next to the search it saves:
** each probe is one fixpoint.  Capped by PROBE_MAX_VALUES open values so
** that large models go straight to search.  Returns PS_FAIL when the
** root itself fails.
*/
#define PROBE_MAX_VALUES 256
/* Give up after this many probes in a row that removed nothing. */
#define PROBE_FUTILE 64

static bool time_is_up(const Solver *s);

static PropStatus probe_root(Solver *s)
{
  const Search *q = &s->search;
  /* The decision variables, or every variable when none were named. */
  size_t nprobe = q->ndecision ? q->ndecision : q->order.len;
  uint64_t values = 0;
  for (size_t k = 0; k < nprobe; k++) {
    VarId x = q->order.data[k];
    if (!dom_is_fixed(s, x))
      values += dom_is_bitset(s, x) ? dom_size(s, x) : PROBE_MAX_VALUES + 1;
  }
  if (values > PROBE_MAX_VALUES)
    return PS_FIX;
  uint32_t futile = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < nprobe; k++) {
      VarId x = q->order.data[k];
      if (dom_is_fixed(s, x))
        continue;
      for (int32_t v = dom_min(s, x);; v = dom_next(s, x, v)) {
        /* The timeout covers probing too; search then reports it. */
        if (s->stats.probes % CLOCK_EVERY == CLOCK_EVERY - 1 && time_is_up(s))
          return PS_FIX;
        trail_push_level(&s->trail);
        s->stats.probes++;
        bool fails = dom_fix(s, x, v, NULL) == EV_FAIL ||
                     prop_fixpoint(s) == PS_FAIL;
        trail_pop_level(&s->trail);
        if (!fails && ++futile == PROBE_FUTILE)
          return PS_FIX;
        if (fails) {
          futile = 0;
          changed = true;
          if (dom_remove(s, x, v, NULL) == EV_FAIL ||
              prop_fixpoint(s) == PS_FAIL)
            return PS_FAIL;
        }
        if (dom_is_fixed(s, x) || v >= dom_max(s, x))
          break;
      }
    }
  }
  return PS_FIX;
}

static VarId search_select(const Solver *s)
{
  const Search *q = &s->search;
  VarId x = select_in(s, 0, q->ndecision);
  return x != PROP_NONE ? x : select_in(s, q->ndecision, q->order.len);
}

/* Apply decision x = v (eq) or x != v on a new level. */
static void search_decide(Solver *s, VarId x, int32_t v, bool eq)
{
  Search *q = &s->search;
  trail_push_level(&s->trail);
  VEC_PUSH(q->path, ((SearchStep){ .x = x, .v = v, .eq = eq }));
  s->stats.nodes++;
  if (q->path.len > s->stats.max_depth)
    s->stats.max_depth = (uint32_t)q->path.len;
  Event e = eq ? dom_fix(s, x, v, NULL) : dom_remove(s, x, v, NULL);
  /* x was open and held v when the step was chosen, and the level
  ** below is restored exactly, so neither branch can wipe x out. */
  assert(e != EV_FAIL && e != EV_NONE);
  (void)e;
}

/*
** Leave the current node: undo levels until a left branch x = v is
** found, and replace it by its right branch x != v.  False when no left
** branch is left, i.e. the tree is exhausted.
*/
static bool search_backtrack(Solver *s)
{
  Search *q = &s->search;
  while (q->path.len > 0) {
    SearchStep st = VEC_POP(q->path);
    trail_pop_level(&s->trail);
    if (st.eq) {
      search_decide(s, st.x, st.v, false);
      return true;
    }
  }
  return false;
}

/* Has the search run longer than the timeout?  Reads the clock. */
static bool time_is_up(const Solver *s)
{
  if (s->limits.timeout_seconds <= 0)
    return false;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  double elapsed = (double)(now.tv_sec - s->search.start.tv_sec) +
                   (double)(now.tv_nsec - s->search.start.tv_nsec) * 1e-9;
  return elapsed >= s->limits.timeout_seconds;
}

static bool search_out_of_budget(Solver *s)
{
  Search *q = &s->search;
  if (s->limits.max_nodes && s->stats.nodes >= s->limits.max_nodes)
    return true;
  if (s->limits.timeout_seconds > 0 && s->stats.nodes >= q->clock_nodes) {
    q->clock_nodes = s->stats.nodes + CLOCK_EVERY;
    return time_is_up(s);
  }
  return false;
}

SearchResult search_next(Solver *s)
{
  Search *q = &s->search;
  switch (q->state) {
  case SS_DONE:
    return SEARCH_EXHAUSTED;
  case SS_IDLE:
    if (s->failed) {
      q->state = SS_DONE;
      return SEARCH_EXHAUSTED;
    }
    search_start(s);
    if (prop_fixpoint(s) == PS_FAIL || probe_root(s) == PS_FAIL) {
      s->failed = true;
      q->state = SS_DONE;
      return SEARCH_EXHAUSTED;
    }
    break;
  case SS_SOLUTION:
    q->state = SS_RUNNING;
    q->must_backtrack = true;           /* leave the previous solution */
    break;
  case SS_RUNNING:
    break;
  }
  for (;;) {
    if (q->must_backtrack) {
      /* Every decision, right branches included, is within budget. */
      if (search_out_of_budget(s))
        return SEARCH_LIMIT;
      q->must_backtrack = false;
      if (!search_backtrack(s)) {
        q->state = SS_DONE;
        return SEARCH_EXHAUSTED;
      }
    }
    if (prop_fixpoint(s) == PS_FAIL) {
      if (q->path.len == 0)
        s->failed = true;               /* failed at the root */
      q->must_backtrack = true;
      continue;
    }
    VarId x = search_select(s);
    if (x == PROP_NONE) {
      assert(prop_all_hold(s));
      q->state = SS_SOLUTION;
      s->stats.solutions++;
      return SEARCH_SOLUTION;
    }
    if (search_out_of_budget(s))
      return SEARCH_LIMIT;
    search_decide(s, x, dom_min(s, x), true);
  }
}

void search_reset(Solver *s)
{
  Search *q = &s->search;
  trail_undo_to(&s->trail, 0);
  VEC_CLEAR(q->path);
  q->must_backtrack = false;
  q->state = SS_IDLE;
}
