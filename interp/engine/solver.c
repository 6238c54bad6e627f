/*
** solver.c -- the Solver's life cycle, variables and read-only queries.
**
** The constraints' post_* entry points live next to their propagators in
** the files of props/ and the search in search.c; this file holds what is left of
** solver.h: creating and freeing a solver, variables and the constant
** cache, and the small setters and getters.
*/
#include "engine/engine.h"
#include "props/props.h"

#include <string.h>

Solver *solver_new(void)
{
  Solver *s = xcalloc(1, sizeof *s);
  trail_init(&s->trail);
  search_init(&s->search);
  s->cause = REASON_DECISION;           /* a change with no propagator: a decision */
  s->clock.countdown = UINT64_MAX;      /* no time limit: never read */
  return s;
}

void solver_free(Solver *s)
{
  if (!s)
    return;
  for (size_t i = 0; i < s->subs.len; i++)
    xfree(s->subs.data[i].ids);
  for (size_t i = 0; i < s->props.len; i++)
    xfree(s->props.data[i].aux);
  for (int c = 0; c < PC_NCLASSES; c++)
    xfree(s->queues[c].ring);
  VEC_FREE(s->doms);
  VEC_FREE(s->subs);
  VEC_FREE(s->words);
  VEC_FREE(s->word_stamps);
  VEC_FREE(s->props);
  VEC_FREE(s->prop_detail);
  VEC_FREE(s->pvars);
  VEC_FREE(s->pconsts);
  VEC_FREE(s->vals);
  VEC_FREE(s->consts);
  VEC_FREE(s->decision_vars);
  VEC_FREE(s->group_vars);
  VEC_FREE(s->group_start);
  VEC_FREE(s->probe_vars);
  VEC_FREE(s->shown_vars);
  VEC_FREE(s->branchers);
  VEC_FREE(s->ne_star);
  VEC_FREE(s->positions);
  neq_graph_free(s->neq_graph);
  VEC_FREE(s->degree_extra);
  /* through the pointers the props left: solver.c names neither file */
  if (s->linsys_memo)
    s->free_linsys_memo(s->linsys_memo);
  if (s->tiling_memo)
    s->free_tiling_memo(s->tiling_memo);
  trail_free(&s->trail);
  search_free(&s->search);
  xfree(s);
}

void solver_begin_edit(Solver *s)
{
  if (s->search.state != SS_IDLE)
    search_reset(s);
  assert(trail_level(&s->trail) == 0);
}

VarId solver_new_var(Solver *s, int32_t lo, int32_t hi)
{
  assert(lo <= hi);
  solver_begin_edit(s);
  return dom_new_range(s, lo, hi);
}

VarId solver_new_var_values(Solver *s, const int32_t *values, size_t n)
{
  assert(n >= 1);
  solver_begin_edit(s);
  VarId x = dom_new_values(s, values, n);
  /* A bounds-only domain cannot hold the holes: a propagator keeps the
  ** bounds on listed values instead, so a fixed value is always listed. */
  if (!dom_is_bitset(s, x))
    member_post(s, x, values, n);
  return x;
}

/* Double the constant table (power-of-two size) and rehash. */
static void consts_grow(Solver *s)
{
  size_t cap = s->consts.len ? s->consts.len * 2 : 64;
  ConstSlot *old = s->consts.data;
  size_t oldlen = s->consts.len;
  s->consts.data = xmalloc(cap * sizeof *s->consts.data);
  s->consts.len = s->consts.cap = cap;
  for (size_t i = 0; i < cap; i++)
    s->consts.data[i] = (ConstSlot){ .x = PROP_NONE };
  for (size_t i = 0; i < oldlen; i++) {
    if (old[i].x == PROP_NONE)
      continue;
    size_t h = ((uint32_t)old[i].value * 2654435761u) & (cap - 1);
    while (s->consts.data[h].x != PROP_NONE)
      h = (h + 1) & (cap - 1);
    s->consts.data[h] = old[i];
  }
  xfree(old);
}

VarId solver_const(Solver *s, int32_t v)
{
  if (2 * (s->nconsts + 1) > s->consts.len)
    consts_grow(s);
  size_t mask = s->consts.len - 1;
  size_t h = ((uint32_t)v * 2654435761u) & mask;
  for (;; h = (h + 1) & mask) {
    ConstSlot *slot = &s->consts.data[h];
    if (slot->x == PROP_NONE)
      break;
    if (slot->value == v)
      return slot->x;
  }
  solver_begin_edit(s);
  VarId x = dom_new_range(s, v, v);
  s->consts.data[h] = (ConstSlot){ .value = v, .x = x };
  s->nconsts++;
  return x;
}

size_t solver_nvars(const Solver *s)
{
  return s->doms.len;
}

int32_t var_min(const Solver *s, VarId x)
{
  return dom_min(s, x);
}

int32_t var_max(const Solver *s, VarId x)
{
  return dom_max(s, x);
}

uint64_t var_size(const Solver *s, VarId x)
{
  return dom_size(s, x);
}

bool var_is_fixed(const Solver *s, VarId x)
{
  return dom_is_fixed(s, x);
}

int32_t var_value(const Solver *s, VarId x)
{
  return dom_value(s, x);
}

bool var_contains(const Solver *s, VarId x, int32_t v)
{
  return dom_contains(s, x, v);
}

int32_t var_next(const Solver *s, VarId x, int32_t v)
{
  return dom_next(s, x, v);
}

void solver_set_origin(Solver *s, uint32_t origin)
{
  s->origin = origin;
}

void solver_set_detail(Solver *s, uint32_t detail)
{
  s->detail = detail;
}

bool solver_failed(const Solver *s)
{
  return s->failed;
}

void solver_defer_propagation(Solver *s, bool on)
{
  s->deferred = on;
  if (!on)
    solver_propagate(s);
}

bool solver_propagate(Solver *s)
{
  solver_begin_edit(s);
  if (!s->failed && prop_fixpoint(s) == PS_FAIL)
    s->failed = true;
  return !s->failed;
}

void solver_set_decision_vars(Solver *s, size_t n, const VarId *x)
{
  solver_begin_edit(s);
  VEC_CLEAR(s->decision_vars);
  for (size_t i = 0; i < n; i++) {
    assert(x[i] < s->doms.len);
    VEC_PUSH(s->decision_vars, x[i]);
  }
  s->search.wdeg = false;
  VEC_CLEAR(s->probe_vars);
}

void solver_note_group(Solver *s, size_t n, const VarId *x)
{
  if (n < 3)
    return;
  if (!s->group_start.len)
    VEC_PUSH(s->group_start, 0);
  VEC_RESERVE(s->group_vars, s->group_vars.len + n);
  memcpy(s->group_vars.data + s->group_vars.len, x, n * sizeof *x);
  s->group_vars.len += n;
  VEC_PUSH(s->group_start, (uint32_t)s->group_vars.len);
}

void solver_set_branch_vars(Solver *s, size_t n, const VarId *x)
{
  solver_begin_edit(s);
  VEC_CLEAR(s->probe_vars);             /* the unknowns, set just before */
  for (size_t i = 0; i < s->decision_vars.len; i++)
    VEC_PUSH(s->probe_vars, s->decision_vars.data[i]);
  VEC_CLEAR(s->decision_vars);
  for (size_t i = 0; i < n; i++) {
    assert(x[i] < s->doms.len);
    VEC_PUSH(s->decision_vars, x[i]);
  }
  s->search.wdeg = true;
}

void solver_set_shown_vars(Solver *s, size_t n, const VarId *x)
{
  solver_begin_edit(s);
  VEC_CLEAR(s->shown_vars);
  for (size_t i = 0; i < n; i++) {
    assert(x[i] < s->doms.len);
    VEC_PUSH(s->shown_vars, x[i]);
  }
  s->project = true;
}

void solver_set_limits(Solver *s, SolverLimits limits)
{
  if (!limits.clock) {                  /* no clock, no time limit and no polling */
    limits.timeout_seconds = 0;
    limits.poll = NULL;
  }
  s->limits = limits;
  double now = limits.clock ? limits.clock() : 0;
  bool read = limits.timeout_seconds > 0 || limits.poll;
  s->clock = (SolverClock){ .start = now, .last = now, .stride = 1,
                            .countdown = read ? 1 : UINT64_MAX };
}

void solver_share_clock(Solver *to, const Solver *from)
{
  to->limits = from->limits;
  to->clock = from->clock;
}

bool solver_time_is_up(Solver *s)
{
  return solver_tick(s);
}

void solver_set_checking(Solver *s, bool on)
{
  s->checking = on;
}

void solver_set_node_by_node(Solver *s, bool on)
{
  s->node_by_node = on;
}

void solver_set_restarts(Solver *s, bool on, uint64_t seed)
{
  s->search.restarts = on;
  s->search.seed = seed;
}

bool solver_cap_nodes(Solver *s, uint64_t n)
{
  if (s->limits.max_nodes && s->limits.max_nodes <= n)
    return false;
  s->limits.max_nodes = n;
  return true;
}

bool solver_at_node_limit(const Solver *s)
{
  return s->limits.max_nodes && s->stats.nodes >= s->limits.max_nodes;
}

void solver_set_goal(Solver *s, VarId x, bool maximize, bool ties)
{
  Search *q = &s->search;
  q->has_goal = true;
  q->goal = x;
  q->goal_sign = maximize ? -1 : 1;
  q->goal_ties = ties;
}

void solver_set_goal_terms(Solver *s, size_t n, const int32_t *sign, const VarId *x)
{
  Search *q = &s->search;
  for (size_t i = 0; i < n; i++) {
    while (q->goal_gain.len <= x[i])
      VEC_PUSH(q->goal_gain, 0);
    q->goal_gain.data[x[i]] = (int8_t)(sign[i] > 0 ? 1 : -1);
  }
}

SolverBroken solver_broken(const Solver *s)
{
  return s->broken;
}

const SolverStats *solver_stats(const Solver *s)
{
  return &s->stats;
}

void solver_set_trace(Solver *s, SolverTraceFn fn, void *ctx)
{
  s->trace = fn;
  s->trace_ctx = ctx;
}

bool solver_holds(Solver *s)
{
  return prop_all_hold(s);
}
