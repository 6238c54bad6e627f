/*
** prop.c -- propagator instances, subscriptions and the fixpoint loop.
**
** The status protocol (prop.h): PS_FIX and PS_DONE end a run; PS_OK asks
** to run again, but only if the run changed a variable the propagator
** watches (Gecode's ES_NOFIX), so an idempotent propagator returns PS_FIX
** and is never woken by its own pruning.  While a propagator runs its
** `queued` flag stays set, which is what keeps it out of the queue.
*/
#include "engine/engine.h"

#include <string.h>

/*
** Grow every queue so that each propagator fits once (setup only).  With
** deferred propagation a queue may hold scheduled propagators while it
** grows: they are copied over in order.
*/
static void queues_fit(Solver *s)
{
  for (int c = 0; c < PC_NCLASSES; c++) {
    PropQueue *q = &s->queues[c];
    if (q->cap >= s->props.len)
      continue;
    uint32_t cap = q->cap ? q->cap : 16;
    while (cap < s->props.len)
      cap *= 2;
    PropId *ring = xmalloc(cap * sizeof *ring);
    for (uint32_t k = 0, i = q->head; k < q->len; k++) {
      ring[k] = q->ring[i];
      if (++i == q->cap)
        i = 0;
    }
    xfree(q->ring);
    q->ring = ring;
    q->cap = cap;
    q->head = 0;
  }
}

Prop *prop_new(Solver *s, const PropClass *cls, PropCost cost, size_t nvars,
               const VarId *vars, size_t nconsts, const int64_t *consts)
{
  assert(trail_level(&s->trail) == 0);
  Prop p = {
    .cls = cls, .origin = s->origin, .cost = (uint8_t)cost,
    .first_var = (uint32_t)s->pvars.len, .nvars = (uint32_t)nvars,
    .first_const = (uint32_t)s->pconsts.len, .nconsts = (uint32_t)nconsts,
    .degree = 1,
  };
  for (size_t i = 0; i < nvars; i++) {
    assert(vars[i] < s->doms.len);
    VEC_PUSH(s->pvars, vars[i]);
  }
  for (size_t i = 0; i < nconsts; i++)
    VEC_PUSH(s->pconsts, consts[i]);
  VEC_RESERVE(s->vals, nvars);
  VEC_PUSH(s->props, p);
  VEC_PUSH(s->prop_detail, s->detail);
  queues_fit(s);
  return &VEC_LAST(s->props);
}

void prop_subscribe(Solver *s, const Prop *p, VarId x, Event ev)
{
  assert(ev >= EV_DOM && ev <= EV_VAL);
  VarSubs *vs = &s->subs.data[x];
  uint32_t n = vs->ndom + vs->nbnd + vs->nval;
  if (n == vs->cap) {
    vs->cap = vs->cap ? vs->cap * 2 : 4;
    vs->ids = xrealloc(vs->ids, vs->cap * sizeof *vs->ids);
  }
  /* Open a hole at the end and walk it left to the end of ev's group,
  ** moving one element of each later group: the groups stay contiguous. */
  uint32_t hole = n;
  if (ev <= EV_BND) {
    if (vs->nval)
      vs->ids[hole] = vs->ids[vs->ndom + vs->nbnd];
    hole = vs->ndom + vs->nbnd;
  }
  if (ev == EV_DOM) {
    if (vs->nbnd)
      vs->ids[hole] = vs->ids[vs->ndom];
    hole = vs->ndom;
  }
  vs->ids[hole] = prop_id(s, p);
  if (ev == EV_DOM)
    vs->ndom++;
  else if (ev == EV_BND)
    vs->nbnd++;
  else
    vs->nval++;
}

void prop_subscribe_all(Solver *s, const Prop *p, Event ev)
{
  for (uint32_t i = 0; i < p->nvars; i++)
    prop_subscribe(s, p, prop_vars(s, p)[i], ev);
}

void prop_brancher(Solver *s, const Prop *p)
{
  assert(p->cls->branch);
  VEC_PUSH(s->branchers, prop_id(s, p));
}

static void enqueue(Solver *s, Prop *p, PropId id)
{
  PropQueue *q = &s->queues[p->cost];
  assert(q->len < q->cap);
  uint32_t tail = q->head + q->len;
  if (tail >= q->cap)
    tail -= q->cap;
  q->ring[tail] = id;
  q->len++;
}

void prop_schedule(Solver *s, PropId id)
{
  Prop *p = &s->props.data[id];
  if (p->queued || p->done)
    return;
  p->queued = 1;
  enqueue(s, p, id);
}

/* Tell the trace hook of x's change (kept out of prop_notify's hot path). */
static void __attribute__((noinline)) trace_change(Solver *s, VarId x, const Prop *why)
{
  const Dom *d = dom_get(s, x);
  SolverEvent e = {
    .kind = why ? REASON_PROPAGATION : (ReasonKind)s->cause, .x = x,
    .origin = why ? why->origin : s->cause_origin, .prop = why ? why->cls->name : NULL,
    .detail = why ? s->prop_detail.data[prop_id(s, why)] : s->cause_detail,
    .lo = d->lo, .hi = d->hi, .size = dom_size(s, x),
    .depth = (uint32_t)s->search.path.len,
  };
  s->trace(s->trace_ctx, &e);
}

void prop_notify(Solver *s, VarId x, Event ev, const Prop *why)
{
  const VarSubs *vs = &s->subs.data[x];
  uint32_t end = vs->ndom;
  if (ev >= EV_BND)
    end += vs->nbnd;
  if (ev == EV_VAL)
    end += vs->nval;
  const PropId *ids = vs->ids;          /* nothing grows during search */
  Prop *props = s->props.data;
  for (uint32_t i = 0; i < end; i++) {
    PropId id = ids[i];
    Prop *p = &props[id];
    if (p->advised && p != why)
      p->cls->advise(s, p, x);
    if (p->queued) {
      if (p == s->running)
        s->self_woken = true;
      continue;
    }
    if (p->done)
      continue;
    p->queued = 1;
    enqueue(s, p, id);
  }
  if (s->trace && !s->in_trial)
    trace_change(s, x, why);
}

/* A failure goes to the reason log too, and is kept for a probe to name. */
static void note_failure(Solver *s, const Prop *p)
{
  s->failed_origin = p->origin;
  s->failed_prop = p->cls->name;
  s->failed_detail = s->prop_detail.data[prop_id(s, p)];
  if (s->trace && !s->in_trial) {
    SolverEvent e = {.kind = REASON_FAILURE, .x = PROP_NONE, .origin = p->origin,
                     .prop = p->cls->name, .depth = (uint32_t)s->search.path.len,
                     .detail = s->failed_detail};
    s->trace(s->trace_ctx, &e);
  }
}

/* Empty every queue after a failure, clearing the flags. */
void prop_queues_clear(Solver *s)
{
  for (int c = 0; c < PC_NCLASSES; c++) {
    PropQueue *q = &s->queues[c];
    for (uint32_t k = 0, i = q->head; k < q->len; k++) {
      s->props.data[q->ring[i]].queued = 0;
      if (++i == q->cap)
        i = 0;
    }
    q->head = q->len = 0;
  }
}

/*
** Conflict weights, as in dom/wdeg (Boussemart et al. 2004): each failure
** adds one to the weight of the variables of the propagator that failed.
** Search breaks dom/deg ties by weight, turning to the variables at the
** heart of the conflicts.  Weights live only while a search runs.
*/
void prop_blame(Solver *s, const VarId *x, uint32_t n)
{
  Search *q = &s->search;
  for (uint32_t i = 0; i < n; i++)
    if (x[i] < q->weight.len)
      q->weight.data[x[i]]++;
  if (q->leaves)
    q->weights_changed(s, x, n);
}

/* The failing propagator's variables, or those it named (s->blame). */
static void blame_failure(Solver *s, const Prop *p)
{
  const VarId *x = s->blame ? s->blame : prop_vars(s, p);
  uint32_t n = s->blame ? s->nblame : p->nvars;
  s->blame = NULL;
  prop_blame(s, x, n);
}

PropStatus prop_fixpoint(Solver *s)
{
  for (;;) {
    PropQueue *q = NULL;
    for (int c = 0; c < PC_NCLASSES; c++)
      if (s->queues[c].len) {
        q = &s->queues[c];
        break;
      }
    if (!q)
      return PS_FIX;
    if (solver_tick(s))
      return PS_LIMIT;                  /* the rest stays queued */
    PropId id = q->ring[q->head];
    if (++q->head == q->cap)
      q->head = 0;
    q->len--;
    Prop *p = &s->props.data[id];
    assert(p->queued && !p->done);
    s->running = p;
    s->self_woken = false;
    s->stats.propagations++;
    PropStatus st = p->cls->propagate(s, p);
    s->running = NULL;
    /* The commonest status first (a switch over five became a jump table). */
    assert(st != PS_LIMIT);
    if (st == PS_FIX) {
      p->queued = 0;
    } else if (st == PS_OK) {
      if (s->self_woken)
        enqueue(s, p, id);              /* still flagged queued */
      else
        p->queued = 0;
    } else if (st == PS_DONE) {
      p->queued = 0;
      trail_save(&s->trail, &p->done, 1);
      p->done = 1;
    } else {
      p->queued = 0;
      prop_queues_clear(s);
      s->stats.failures++;
      blame_failure(s, p);
      note_failure(s, p);
      return PS_FAIL;
    }
  }
}

void prop_post(Solver *s, Prop *p)
{
  assert(trail_level(&s->trail) == 0);
  prop_schedule(s, prop_id(s, p));
  if (!s->deferred && prop_fixpoint(s) == PS_FAIL)
    s->failed = true;
}

void prop_set_state(Solver *s, Prop *p, uint32_t state)
{
  if (p->state == state)
    return;
  trail_save(&s->trail, &p->state, 4);
  p->state = state;
}

bool prop_all_hold(Solver *s)
{
  for (size_t i = 0; i < s->doms.len; i++)
    if (!dom_is_fixed(s, (VarId)i))
      return false;
  return prop_first_false(s) == PROP_NONE;
}

PropId prop_first_false(Solver *s)
{
  for (size_t k = 0; k < s->props.len; k++) {
    const Prop *p = &s->props.data[k];
    for (uint32_t i = 0; i < p->nvars; i++)
      s->vals.data[i] = dom_value(s, prop_vars(s, p)[i]);
    if (!p->cls->holds(s, p, s->vals.data))
      return (PropId)k;
  }
  return PROP_NONE;
}
