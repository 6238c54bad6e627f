/*
** position.c -- "the cell that holds n": arr[pos - 1] = n for many
** constants n over one array, in one propagator.
**
** cell_of(B, N) is an element constraint, arr[pos_N - 1] = N.  A path
** puzzle asks it for every N, and then each change to any cell wakes
** one element per number: on a 16x16 board, 256 of them, which made
** waking subscribers 41% of the run.  Here the elements over the same
** array (and clue) share one propagator, woken once per change; per
** pair (N, pos) it does what element does with a constant result:
**
**   pos keeps p only while N is still a value of arr[p - 1]
**   once pos is fixed to p, arr[p - 1] = N
**
** Finished pairs (pos fixed, its cell fixed to N) are moved past a
** trailed boundary, as in distinct's dval, so a call looks only at the
** pairs still open on this branch.  Fixing a cell can take support from
** a pair seen earlier in the same call, so the status is PS_OK: the
** fixpoint runs it again if it changed one of its own cells.
*/
#include "engine/props/props.h"

#include <string.h>

typedef struct Place {
  int32_t value;        /* n */
  VarId   pos;          /* where n is, 1-based */
} Place;

/* One block, so that xfree(aux) frees it all: the header, cap Places,
** then cap perm entries. */
typedef struct Places {
  uint32_t n, cap;
  uint32_t *perm;       /* pair indices, finished ones first: after e[cap] */
  Place e[];
} Places;

static Places *places_new(uint32_t cap)
{
  Places *t = xmalloc(sizeof *t + cap * (sizeof t->e[0] + sizeof *t->perm));
  t->n = 0;
  t->cap = cap;
  t->perm = (uint32_t *)&t->e[cap];
  return t;
}

static PropStatus position_propagate(Solver *s, Prop *p)
{
  const VarId *arr = prop_vars(s, p);
  uint32_t ncells = p->nvars;
  Places *t = p->aux;
  uint32_t done = p->state;
  for (uint32_t i = done; i < t->n; i++) {
    const Place *e = &t->e[t->perm[i]];
    PROP_TRY(dom_set_min(s, e->pos, 1, p));
    PROP_TRY(dom_set_max(s, e->pos, ncells, p));
    if (dom_is_fixed(s, e->pos)) {
      VarId cell = arr[dom_value(s, e->pos) - 1];
      PROP_TRY(dom_fix(s, cell, e->value, p));
      uint32_t tmp = t->perm[i];        /* finished on this branch */
      t->perm[i] = t->perm[done];
      t->perm[done++] = tmp;
      continue;
    }
    for (int32_t v = dom_min(s, e->pos);; v = dom_next(s, e->pos, v)) {
      if (!dom_contains(s, arr[v - 1], e->value))
        PROP_TRY(prop_remove(s, e->pos, v, p));
      if (v >= dom_max(s, e->pos))
        break;
    }
  }
  prop_set_state(s, p, done);
  return done == t->n ? PS_DONE : PS_OK;
}

static bool position_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  const Places *t = p->aux;
  for (uint32_t i = 0; i < t->n; i++) {
    int32_t at = dom_value(s, t->e[i].pos);
    if (at < 1 || at > (int64_t)p->nvars || v[at - 1] != t->e[i].value)
      return false;
  }
  return true;
}

static const PropClass position_class = { "element", position_propagate,
                                          position_holds, NULL, NULL, NULL };

/* The shared propagator for this array under the current origin, or NULL. */
static Prop *find(Solver *s, size_t n, const VarId *arr)
{
  for (size_t k = s->positions.len; k-- > 0;) {
    Prop *p = &s->props.data[s->positions.data[k]];
    if (p->origin != s->origin || p->nvars != n)
      continue;
    if (s->separate_cases && s->prop_detail.data[s->positions.data[k]] != s->detail)
      continue;
    const VarId *x = prop_vars(s, p);
    size_t i = 0;
    while (i < n && x[i] == arr[i])
      i++;
    if (i == n)
      return p;
  }
  return NULL;
}

void post_cell_of(Solver *s, size_t n, const VarId *arr, int32_t value, VarId pos)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  if (n == 0) {
    s->failed = true;
    return;
  }
  Prop *p = find(s, n, arr);
  if (!p) {
    p = prop_new(s, &position_class, PC_EXPENSIVE, n, arr, 0, NULL);
    p->aux = places_new(8);
    p->degree = 0;
    prop_subscribe_all(s, p, EV_DOM);
    VEC_PUSH(s->positions, prop_id(s, p));
  }
  Places *t = p->aux;
  if (t->n == t->cap) {                 /* grow: both arrays move */
    Places *bigger = places_new(2 * t->cap);
    bigger->n = t->n;
    memcpy(bigger->e, t->e, t->n * sizeof t->e[0]);
    memcpy(bigger->perm, t->perm, t->n * sizeof *t->perm);
    xfree(t);
    p->aux = t = bigger;
  }
  t->e[t->n] = (Place){ value, pos };
  t->perm[t->n] = t->n;
  t->n++;
  p->degree++;
  prop_subscribe(s, p, pos, EV_VAL);
  /* At the root "done" is for good: a finished propagator must run again
  ** for its new pair (the boundary of finished pairs stays valid). */
  p->done = 0;
  prop_schedule(s, prop_id(s, p));
  if (!s->deferred && prop_fixpoint(s) == PS_FAIL)
    s->failed = true;
}
