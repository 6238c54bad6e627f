/*
** linear.c -- sum a[i]*x[i] REL rhs, for REL in =, <=, !=.
**
** Posting normalises the constraint (lin_normalize) and picks the
** cheapest class that fits: lin1 for one variable (usually done at the
** root for good), eq2/le2 for x REL y + c (ne2, x != y + c, is in
** neq.c), and the general classes
** otherwise.  Bounds reasoning is in int64_t: with int32_t values and
** coefficients each term fits, and sums stay exact for the sizes that
** puzzles produce (a sum of more than two extreme terms could overflow).
** The reasoning itself (normal form, bounds, kernels) is lin_kernel.c.
*/
#include "engine/props/props.h"

#include <stdlib.h>

static PropStatus lin1_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0];
  int64_t rel = prop_consts(s, p)[0], k = prop_consts(s, p)[1];
  switch (rel) {
  case LIN_EQ: PROP_TRY(dom_fix(s, x, k, p)); break;
  case LIN_LE: PROP_TRY(dom_set_max(s, x, k, p)); break;
  case LIN_GE: PROP_TRY(dom_set_min(s, x, k, p)); break;
  default:
    PROP_TRY(prop_remove(s, x, k, p));
    if (dom_contains(s, x, k))
      return PS_FIX;
    break;
  }
  return PS_DONE;
}

static bool lin1_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  int64_t rel = prop_consts(s, p)[0], k = prop_consts(s, p)[1];
  switch (rel) {
  case LIN_EQ: return v[0] == k;
  case LIN_LE: return v[0] <= k;
  case LIN_GE: return v[0] >= k;
  default: return v[0] != k;
  }
}

static const PropClass lin1_class = { "linear", lin1_propagate, lin1_holds, NULL, NULL, NULL };

void lin1_post(Solver *s, VarId x, int rel, int64_t k)
{
  int64_t c[2] = { rel, k };
  Prop *p = prop_new(s, &lin1_class, PC_CHEAP, 1, &x, 2, c);
  /* Only a != on a bounds-only domain can outlive the root. */
  if (rel == LIN_NE && !dom_is_bitset(s, x))
    prop_subscribe(s, p, x, EV_BND);
  prop_post(s, p);
}

/* --- eq2: x = y + c, domain consistent --- */

static PropStatus eq2_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0], y = prop_vars(s, p)[1];
  int64_t c = prop_consts(s, p)[0];
  const Dom *dx = dom_get(s, x), *dy = dom_get(s, y);
  if (dx->nwords == 1 && dy->nwords == 1) {
    /* Value w of y is bit w - by of y and bit w + c - bx of x. */
    int64_t k = (int64_t)dy->base + c - dx->base;
    PROP_TRY(dom_keep_word(s, x, word_shift(dy->bits, k), p));
    PROP_TRY(dom_keep_word(s, y, word_shift(dx->bits, -k), p));
  } else {
    Event e;
    do {
      PROP_TRY(dom_set_min(s, x, (int64_t)dom_min(s, y) + c, p));
      PROP_TRY(dom_set_max(s, x, (int64_t)dom_max(s, y) + c, p));
      PROP_TRY(e = dom_set_min(s, y, (int64_t)dom_min(s, x) - c, p));
      Event e2 = dom_set_max(s, y, (int64_t)dom_max(s, x) - c, p);
      PROP_TRY(e2);
      if (e2 != EV_NONE)
        e = e2;
    } while (e != EV_NONE);
    if (dx->nwords && dy->nwords) {
      for (int32_t v = dom_min(s, x);; v = dom_next(s, x, v)) {
        if (!dom_contains(s, y, (int64_t)v - c))
          PROP_TRY(prop_remove(s, x, v, p));
        if (v >= dom_max(s, x))
          break;
      }
      for (int32_t w = dom_min(s, y);; w = dom_next(s, y, w)) {
        if (!dom_contains(s, x, (int64_t)w + c))
          PROP_TRY(prop_remove(s, y, w, p));
        if (w >= dom_max(s, y))
          break;
      }
    }
  }
  return dom_is_fixed(s, x) && dom_is_fixed(s, y) ? PS_DONE : PS_FIX;
}

static bool eq2_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  return v[0] == (int64_t)v[1] + prop_consts(s, p)[0];
}

static const PropClass eq2_class = { "linear", eq2_propagate, eq2_holds, NULL, NULL, NULL };

/* --- le2: x <= y + c, bounds --- */

static PropStatus le2_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0], y = prop_vars(s, p)[1];
  int64_t c = prop_consts(s, p)[0];
  PROP_TRY(dom_set_max(s, x, (int64_t)dom_max(s, y) + c, p));
  PROP_TRY(dom_set_min(s, y, (int64_t)dom_min(s, x) - c, p));
  return dom_max(s, x) <= (int64_t)dom_min(s, y) + c ? PS_DONE : PS_FIX;
}

static bool le2_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  return v[0] <= (int64_t)v[1] + prop_consts(s, p)[0];
}

static const PropClass le2_class = { "linear", le2_propagate, le2_holds, NULL, NULL, NULL };

/* --- the general classes: consts are a[0..n) then rhs --- */

static PropStatus eq_propagate(Solver *s, Prop *p)
{
  const int64_t *a = prop_consts(s, p);
  return lin_eq(s, p, p->nvars, prop_vars(s, p), a, a[p->nvars]);
}

static PropStatus le_propagate(Solver *s, Prop *p)
{
  const int64_t *a = prop_consts(s, p);
  return lin_le(s, p, p->nvars, prop_vars(s, p), a, 1, a[p->nvars]);
}

static PropStatus ne_propagate(Solver *s, Prop *p)
{
  const int64_t *a = prop_consts(s, p);
  return lin_ne(s, p, p->nvars, prop_vars(s, p), a, a[p->nvars]);
}

static int64_t sum_of(const Solver *s, const Prop *p, const int32_t *v)
{
  const int64_t *a = prop_consts(s, p);
  int64_t sum = 0;
  for (uint32_t i = 0; i < p->nvars; i++)
    sum += a[i] * v[i];
  return sum;
}

static bool eq_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  return sum_of(s, p, v) == prop_consts(s, p)[p->nvars];
}

static bool le_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  return sum_of(s, p, v) <= prop_consts(s, p)[p->nvars];
}

static bool ne_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  return sum_of(s, p, v) != prop_consts(s, p)[p->nvars];
}

static const PropClass eq_class = { "linear", eq_propagate, eq_holds, NULL, NULL, NULL };
static const PropClass le_class = { "linear", le_propagate, le_holds, NULL, NULL, NULL };
static const PropClass ne_class = { "linear", ne_propagate, ne_holds, NULL, NULL, NULL };

/* Linear constraints longer than this go to the expensive queue. */
#define LIN_CHEAP_MAX 8

/* xs[0] - xs[1] REL c, both open and apart. */
static void post_difference(Solver *s, const VarId xs[2], LinRel rel, int64_t c)
{
  if (rel == LIN_NE) {
    ne2_post(s, xs[0], xs[1], c);
    return;
  }
  Prop *p = prop_new(s, rel == LIN_EQ ? &eq2_class : &le2_class, PC_CHEAP, 2, xs, 1, &c);
  prop_subscribe_all(s, p, rel == LIN_EQ ? EV_DOM : EV_BND);
  prop_post(s, p);
}

void post_linear(Solver *s, size_t n, const int32_t *coef, const VarId *x,
                 LinRel rel, int64_t rhs)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  if (n == 2 && x[0] != x[1] && coef[0] == -coef[1] && (coef[0] == 1 || coef[0] == -1) &&
      !dom_is_fixed(s, x[0]) && !dom_is_fixed(s, x[1])) {
    /* x - y REL c with both open is its own normal form (the million
       diagonals of 1000 queens): straight to the binary case below */
    VarId xs[2] = { coef[0] == 1 ? x[0] : x[1], coef[0] == 1 ? x[1] : x[0] };
    post_difference(s, xs, rel, rhs);
    return;
  }
  LinForm f;
  LinTruth t = lin_normalize(s, n, coef, x, rel, rhs, &f);
  if (t == LIN_FALSE) {
    s->failed = true;
  } else if (t == LIN_OPEN && f.n == 1) {
    /* -x = k is x = -k; -x <= k is x >= -k; -x != k is x != -k. */
    if (f.a[0] == 1)
      lin1_post(s, f.x[0], (int)rel, f.rhs);
    else
      lin1_post(s, f.x[0], rel == LIN_LE ? LIN_GE : (int)rel, -f.rhs);
  } else if (t == LIN_OPEN && f.n == 2 && f.a[0] == -f.a[1] &&
             (f.a[0] == 1 || f.a[0] == -1)) {
    /* x - y REL c is x REL y + c; for -x + y swap the two. */
    VarId xs[2] = { f.x[0], f.x[1] };
    if (f.a[0] == -1) {
      xs[0] = f.x[1];
      xs[1] = f.x[0];
    }
    post_difference(s, xs, rel, f.rhs);
  } else if (t == LIN_OPEN && rel == LIN_EQ && sum_dc_fits(s, &f)) {
    sum_dc_post(s, &f);
  } else if (t == LIN_OPEN) {
    VEC(int64_t) c = {0};
    for (size_t i = 0; i < f.n; i++)
      VEC_PUSH(c, f.a[i]);
    VEC_PUSH(c, f.rhs);
    const PropClass *cls = rel == LIN_EQ ? &eq_class
                         : rel == LIN_LE ? &le_class : &ne_class;
    Prop *p = prop_new(s, cls, f.n <= LIN_CHEAP_MAX ? PC_CHEAP : PC_EXPENSIVE,
                       f.n, f.x, c.len, c.data);
    prop_subscribe_all(s, p, rel == LIN_NE ? EV_VAL : EV_BND);
    prop_post(s, p);
    VEC_FREE(c);
  }
  lin_form_free(&f);
}
