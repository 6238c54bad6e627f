/*
** trial.c -- spaces for explanation: propagate one clue, or a few, alone.
**
** An explanation asks, again and again, "what follows from these clues
** and these facts?"  The space holds every constraint of the Model, with
** every propagator switched off (marked done, which keeps it out of every
** queue at no cost to the fixpoint).  A trial opens a trail level,
** switches some propagators on (the done flag is trailed, so closing the
** level switches them off again), narrows domains to the known facts and
** runs the fixpoint.  Nothing is shared between forall cases, so a
** propagator's (origin, binding) says exactly which case of which clue
** made a deduction.
*/
#include "engine/engine.h"
#include "model/model.h"

Solver *solver_from_model_isolated(const Model *m)
{
  Solver *s = solver_new();
  s->separate_cases = true;
  s->deferred = true;
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind == MS_DEFER || st->kind == MS_PROPAGATE)
      continue;                         /* nothing runs until a trial asks */
    solver_replay_step(s, m, st);
  }
  prop_queues_clear(s);
  for (size_t k = 0; k < s->props.len; k++)
    s->props.data[k].done = 1;
  return s;
}

size_t solver_nprops(const Solver *s)
{
  return s->props.len;
}

uint32_t solver_prop_origin(const Solver *s, PropId p)
{
  return s->props.data[p].origin;
}

uint32_t solver_prop_binding(const Solver *s, PropId p)
{
  return s->prop_detail.data[p];
}

const VarId *solver_prop_vars(const Solver *s, PropId p, size_t *n)
{
  *n = s->props.data[p].nvars;
  return *n ? s->pvars.data + s->props.data[p].first_var : NULL;
}

const PropId *solver_var_watchers(const Solver *s, VarId x, size_t *n)
{
  const VarSubs *vs = &s->subs.data[x];
  *n = (size_t)vs->ndom + vs->nbnd + vs->nval;
  return vs->ids;
}

void solver_trial_begin(Solver *s)
{
  trail_push_level(&s->trail);
}

void solver_trial_end(Solver *s)
{
  prop_queues_clear(s);                 /* a trial stopped by the limit keeps its queue */
  trail_pop_level(&s->trail);
}

void solver_trial_switch_on(Solver *s, PropId id)
{
  assert(trail_level(&s->trail) > 0);
  Prop *p = &s->props.data[id];
  if (!p->done)
    return;
  trail_save(&s->trail, &p->done, 1);
  p->done = 0;
  prop_schedule(s, id);
}

bool solver_trial_keep(Solver *s, VarId x, const int32_t *keep, size_t n)
{
  assert(trail_level(&s->trail) > 0);
  if (n == 0)
    return dom_fix(s, x, (int64_t)dom_min(s, x) - 1, NULL) != EV_FAIL;   /* wipes x out */
  /* one event for a fixed value or new bounds, then the holes one by one */
  if (n == 1)
    return dom_fix(s, x, keep[0], NULL) != EV_FAIL;
  if (dom_set_min(s, x, keep[0], NULL) == EV_FAIL || dom_set_max(s, x, keep[n - 1], NULL) == EV_FAIL)
    return false;
  size_t i = 0;
  for (int32_t v = dom_min(s, x);;) {
    while (i < n && keep[i] < v)
      i++;
    if (i == n || keep[i] != v) {
      if (dom_remove(s, x, v, NULL) == EV_FAIL)
        return false;
    }
    if (v >= dom_max(s, x))
      break;
    v = dom_next(s, x, v);
  }
  return true;
}

bool solver_trial_remove(Solver *s, VarId x, int32_t v)
{
  assert(trail_level(&s->trail) > 0);
  return dom_remove(s, x, v, NULL) != EV_FAIL;
}

SearchResult solver_trial_propagate(Solver *s)
{
  switch (prop_fixpoint(s)) {
  case PS_FAIL:
    return SEARCH_EXHAUSTED;
  case PS_LIMIT:
    return SEARCH_LIMIT;
  default:
    return SEARCH_SOLUTION;
  }
}

void solver_trial_failure(const Solver *s, uint32_t *origin, uint32_t *binding)
{
  *origin = s->failed_origin;
  *binding = s->failed_detail;
}

bool solver_trial_time_is_up(const Solver *s)
{
  if (s->clock.up || (s->limits.poll && s->limits.poll(s->limits.poll_ctx)))
    return true;                        /* up already, or the host says stop (Ctrl-C) */
  if (!s->limits.clock || s->limits.timeout_seconds <= 0)
    return false;
  return s->limits.clock() - s->clock.start >= s->limits.timeout_seconds;
}
