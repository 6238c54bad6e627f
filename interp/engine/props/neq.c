/*
** neq.c -- x != y + c, grouped by variable and clue.
**
** A disequality can only prune once one side is fixed, and then it
** removes one value from the other side.  Miracle Sudoku, queens and map
** colouring post hundreds of them: one propagator per pair would wake a
** dozen propagators for each fixed cell, each to remove a single value.
** Instead every variable x gets one "star" per clue (origin): the list of
** (y, c) with x != y + c, run once when x is fixed.  Each pair is entered
** in both stars, x's and y's, so whichever side is fixed first prunes the
** other, as a propagator per pair would.  Grouping by origin keeps every
** removal traceable to its clue for explanations.
**
** The star's only variable is x (it wakes on x's fixing); the partners
** live in aux, which grows while the model is posted.
*/
#include "engine/props/props.h"

typedef struct StarEdge {
  VarId   y;
  int64_t c;      /* x != y + c: when x = v, y loses v - c */
} StarEdge;

typedef struct Star {
  uint32_t n, cap;
  StarEdge e[];
} Star;

static PropStatus star_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0];
  if (!dom_is_fixed(s, x))
    return PS_FIX;
  int64_t v = dom_value(s, x);
  const Star *st = p->aux;
  for (uint32_t k = 0; k < st->n; k++)
    PROP_TRY(prop_remove(s, st->e[k].y, v - st->e[k].c, p));
  /* A bounds-only y may keep v - c inside; y's own star fails it when
  ** y is fixed there, so this side is finished. */
  return PS_DONE;
}

static bool star_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  const Star *st = p->aux;
  for (uint32_t k = 0; k < st->n; k++)
    if (v[0] == (int64_t)dom_value(s, st->e[k].y) + st->e[k].c)
      return false;
  return true;
}

static const PropClass star_class = { "linear", star_propagate, star_holds, NULL, NULL, NULL };

/* Add x != y + c to x's star for the current origin, creating it. */
static void star_add(Solver *s, VarId x, VarId y, int64_t c)
{
  while (s->ne_star.len <= x)
    VEC_PUSH(s->ne_star, PROP_NONE);
  PropId id = s->ne_star.data[x];
  if (id == PROP_NONE || s->props.data[id].origin != s->origin ||
      (s->separate_cases && s->prop_detail.data[id] != s->detail)) {
    Prop *p = prop_new(s, &star_class, PC_CHEAP, 1, &x, 0, NULL);
    Star *st = xmalloc(sizeof *st + 4 * sizeof st->e[0]);
    st->n = 0;
    st->cap = 4;
    p->aux = st;
    prop_subscribe(s, p, x, EV_VAL);
    p->degree = 0;
    id = prop_id(s, p);
    s->ne_star.data[x] = id;
  }
  Prop *p = &s->props.data[id];
  Star *st = p->aux;
  if (st->n == st->cap) {
    st->cap *= 2;
    st = xrealloc(st, sizeof *st + st->cap * sizeof st->e[0]);
    p->aux = st;
  }
  st->e[st->n++] = (StarEdge){ y, c };
  p->degree = st->n;
  /* Posting happens at the root, where "done" is for good: a star that
  ** already finished must run again for its new partner. */
  p->done = 0;
  prop_schedule(s, id);
}

void ne2_post(Solver *s, VarId x, VarId y, int64_t c)
{
  assert(x != y);
  /* The graph keeps c as an int32_t (2^32 + 1 would become 1); a c
  ** outside that range goes to the stars, which keep all of it. */
  if (s->fuse_neq && c >= INT32_MIN && c <= INT32_MAX) {
    neq_graph_add(s, x, y, c);
    return;
  }
  star_add(s, x, y, c);
  star_add(s, y, x, -c);
  if (!s->deferred && prop_fixpoint(s) == PS_FAIL)
    s->failed = true;
}
