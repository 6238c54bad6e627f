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

/*
** Which cells lost which numbers.  Each run used to read every place of
** every open pair (on a 16x16 Hidato, 60% of the whole run).  Now advise
** lists the cells that changed, and a copy of each cell's bitset as this
** propagator last saw it (trailed, so that backtracking restores it with
** the domain) tells which numbers each lost: only those numbers' pairs
** lose that place.  When the cells' domains are not bitsets alike, or a
** number has two pairs, every run reads everything, as before.  The
** dirty list is scratch: after a failure it may name a cell whose copy
** already matches, which costs a look; a change it missed was undone.
*/
typedef struct Places {
  uint32_t n, cap;
  uint32_t ncells;
  uint32_t nw;          /* bitset words per cell (0: no index) */
  int32_t vbase;        /* value of bit 0 of each cell's bitset */
  bool fresh;           /* not run since a pair came: read everything */
  bool indexed;
  VarId vmin;           /* cells' VarIds: var_index[x - vmin] */
  uint32_t span;
  uint32_t ndirty;
  uint32_t *perm;       /* pair indices, finished ones first (cap) */
  uint32_t *var_index;  /* span: the cell's place in the array, or UINT32_MAX */
  uint32_t *pair_of;    /* 64 * nw: the pair of number vbase + j, or UINT32_MAX */
  uint32_t *dirty;      /* ncells */
  uint8_t *is_dirty;    /* ncells */
  uint64_t *seen;       /* ncells * nw: each cell's bitset as last seen (trailed) */
  Place e[];
} Places;

/* One block, so that xfree(aux) frees it all. */
static Places *places_new(uint32_t cap, uint32_t ncells, uint32_t span, uint32_t nw)
{
  size_t bytes = sizeof(Places) + cap * sizeof(Place) +
                 (size_t)ncells * nw * sizeof(uint64_t) +
                 (cap + span + 64 * (size_t)nw + ncells) * sizeof(uint32_t) + ncells;
  Places *t = xmalloc(bytes);
  t->n = 0;
  t->cap = cap;
  t->ncells = ncells;
  t->span = span;
  t->nw = nw;
  t->seen = (uint64_t *)&t->e[cap];     /* 8-aligned: Place is 8 bytes */
  t->perm = (uint32_t *)(t->seen + (size_t)ncells * nw);
  t->var_index = t->perm + cap;
  t->pair_of = t->var_index + span;
  t->dirty = t->pair_of + 64 * (size_t)nw;
  t->is_dirty = (uint8_t *)(t->dirty + ncells);
  return t;
}

/* Copy everything but the pairs' capacity into a block for cap pairs. */
static Places *places_grow(Places *t, uint32_t cap)
{
  Places *b = places_new(cap, t->ncells, t->span, t->nw);
  Places keep = *b;
  *b = *t;
  b->cap = cap;
  b->seen = keep.seen;
  b->perm = keep.perm;
  b->var_index = keep.var_index;
  b->pair_of = keep.pair_of;
  b->dirty = keep.dirty;
  b->is_dirty = keep.is_dirty;
  memcpy(b->e, t->e, t->n * sizeof t->e[0]);
  memcpy(b->seen, t->seen, (size_t)t->ncells * t->nw * sizeof *t->seen);
  memcpy(b->perm, t->perm, t->n * sizeof *t->perm);
  memcpy(b->var_index, t->var_index, t->span * sizeof *t->var_index);
  memcpy(b->pair_of, t->pair_of, 64 * (size_t)t->nw * sizeof *t->pair_of);
  memcpy(b->dirty, t->dirty, t->ncells * sizeof *t->dirty);
  memcpy(b->is_dirty, t->is_dirty, t->ncells);
  xfree(t);
  return b;
}

/* The index, when the cells are bitsets alike, not too many words wide,
** each at one place, and their VarIds close together. */
static Places *places_for(const Solver *s, size_t n, const VarId *arr)
{
  VarId vmin = arr[0], vmax = arr[0];
  const Dom *d0 = dom_get(s, arr[0]);
  bool alike = d0->nwords >= 1 && d0->nwords <= 16;
  for (size_t i = 1; i < n; i++) {
    vmin = arr[i] < vmin ? arr[i] : vmin;
    vmax = arr[i] > vmax ? arr[i] : vmax;
    const Dom *d = dom_get(s, arr[i]);
    alike = alike && d->nwords == d0->nwords && d->base == d0->base;
  }
  uint64_t span = (uint64_t)vmax - vmin + 1;
  bool indexed = alike && span <= 4 * (uint64_t)n + 64;
  Places *t = places_new(8, (uint32_t)n, indexed ? (uint32_t)span : 0,
                         indexed ? d0->nwords : 0);
  t->vmin = vmin;
  t->vbase = d0->base;
  t->fresh = true;
  t->indexed = indexed;
  t->ndirty = 0;
  memset(t->is_dirty, 0, n);
  for (uint32_t k = 0; k < t->span; k++)
    t->var_index[k] = UINT32_MAX;
  for (uint32_t k = 0; k < 64 * t->nw; k++)
    t->pair_of[k] = UINT32_MAX;
  for (uint32_t i = 0; indexed && i < n; i++) {
    uint32_t *at = &t->var_index[arr[i] - vmin];
    if (*at != UINT32_MAX)
      t->indexed = false;               /* a cell at two places */
    *at = i;
  }
  return t;
}

static void mark_dirty(Places *t, uint32_t c)
{
  if (!t->is_dirty[c]) {
    t->is_dirty[c] = 1;
    t->dirty[t->ndirty++] = c;
  }
}

/* A cell changed by someone else: look at it at the next run. */
static void position_advise(Solver *s, Prop *p, VarId x)
{
  (void)s;
  Places *t = p->aux;
  if (!t->indexed || x < t->vmin || x - t->vmin >= t->span)
    return;                             /* a position: each run looks at them */
  uint32_t c = t->var_index[x - t->vmin];
  if (c != UINT32_MAX)
    mark_dirty(t, c);
}

/* Pair e once its position is fixed: its cell holds its number. */
static Event place_fixed(Solver *s, Prop *p, Places *t, const VarId *arr, const Place *e)
{
  uint32_t c = (uint32_t)dom_value(s, e->pos) - 1;
  Event ev = dom_fix(s, arr[c], e->value, p);
  if (ev != EV_NONE && ev != EV_FAIL && t->indexed)
    mark_dirty(t, c);                   /* it lost the other numbers */
  return ev;
}

/* Cell c as it is now becomes the copy last seen. */
static void see(Solver *s, Places *t, const VarId *arr, uint32_t c)
{
  const Dom *d = dom_get(s, arr[c]);
  uint64_t *seen = &t->seen[(size_t)c * t->nw];
  for (uint32_t k = 0; k < t->nw; k++) {
    uint64_t w = dom_word(s, d, k);
    if (seen[k] != w) {
      trail_save(&s->trail, &seen[k], sizeof seen[k]);
      seen[k] = w;
    }
  }
}

/* The numbers cell c lost since it was last seen lose the place c + 1. */
static PropStatus cell_changed(Solver *s, Prop *p, Places *t, const VarId *arr, uint32_t c)
{
  const Dom *d = dom_get(s, arr[c]);
  const uint64_t *seen = &t->seen[(size_t)c * t->nw];
  for (uint32_t k = 0; k < t->nw; k++) {
    uint64_t lost = seen[k] & ~dom_word(s, d, k);
    while (lost) {
      uint32_t j = 64 * k + (uint32_t)__builtin_ctzll(lost);
      lost &= lost - 1;
      uint32_t i = t->pair_of[j];
      if (i == UINT32_MAX)
        continue;
      const Place *e = &t->e[i];
      Event ev = prop_remove(s, e->pos, (int64_t)c + 1, p);
      PROP_TRY(ev);
      if (ev != EV_NONE && dom_is_fixed(s, e->pos))
        PROP_TRY(place_fixed(s, p, t, arr, e));
    }
  }
  see(s, t, arr, c);
  return PS_OK;
}

static PropStatus position_propagate(Solver *s, Prop *p)
{
  const VarId *arr = prop_vars(s, p);
  uint32_t ncells = p->nvars;
  Places *t = p->aux;
  uint32_t done = p->state;
  bool whole = t->fresh || !t->indexed;
  t->fresh = false;
  if (whole && t->indexed) {            /* read everything: the copies start here */
    for (uint32_t k = 0; k < t->ndirty; k++)
      t->is_dirty[t->dirty[k]] = 0;
    t->ndirty = 0;
    for (uint32_t c = 0; c < ncells; c++)
      see(s, t, arr, c);
  }
  for (uint32_t i = done; i < t->n; i++) {
    const Place *e = &t->e[t->perm[i]];
    if (whole) {
      PROP_TRY(dom_set_min(s, e->pos, 1, p));
      PROP_TRY(dom_set_max(s, e->pos, ncells, p));
    }
    if (dom_is_fixed(s, e->pos)) {
      PROP_TRY(place_fixed(s, p, t, arr, e));
      uint32_t tmp = t->perm[i];        /* finished on this branch */
      t->perm[i] = t->perm[done];
      t->perm[done++] = tmp;
      continue;
    }
    if (!whole)
      continue;
    for (int32_t v = dom_min(s, e->pos);; v = dom_next(s, e->pos, v)) {
      if (!dom_contains(s, arr[v - 1], e->value))
        PROP_TRY(prop_remove(s, e->pos, v, p));
      if (v >= dom_max(s, e->pos))
        break;
    }
  }
  prop_set_state(s, p, done);
  /* The cells that changed, this run's own fixes among them. */
  while (t->ndirty > 0) {
    uint32_t c = t->dirty[--t->ndirty];
    t->is_dirty[c] = 0;
    if (cell_changed(s, p, t, arr, c) == PS_FAIL)
      return PS_FAIL;
  }
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
                                          position_holds, NULL, position_advise, NULL };

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
    p->aux = places_for(s, n, arr);
    p->degree = 0;
    p->advised = 1;
    prop_subscribe_all(s, p, EV_DOM);
    VEC_PUSH(s->positions, prop_id(s, p));
  }
  Places *t = p->aux;
  if (t->n == t->cap)
    p->aux = t = places_grow(t, 2 * t->cap);
  if (t->indexed) {                     /* the number's pair, if it is the only one */
    int64_t j = (int64_t)value - t->vbase;
    if (j < 0 || j >= 64 * (int64_t)t->nw || t->pair_of[j] != UINT32_MAX)
      t->indexed = false;
    else if (pos >= t->vmin && pos - t->vmin < t->span && t->var_index[pos - t->vmin] != UINT32_MAX)
      t->indexed = false;               /* a place that is a cell too: its own removals go unseen */
    else
      t->pair_of[j] = t->n;
  }
  t->e[t->n] = (Place){ value, pos };
  t->perm[t->n] = t->n;
  t->n++;
  t->fresh = true;                      /* its places are not read yet */
  p->degree++;
  prop_subscribe(s, p, pos, EV_VAL);
  /* At the root "done" is for good: a finished propagator must run again
  ** for its new pair (the boundary of finished pairs stays valid). */
  p->done = 0;
  prop_schedule(s, prop_id(s, p));
  if (!s->deferred && prop_fixpoint(s) == PS_FAIL)
    s->failed = true;
}
