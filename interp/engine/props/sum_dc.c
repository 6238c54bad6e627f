/*
** sum_dc.c -- x[0] + ... + x[n-1] = c, domain consistent for small sums.
**
** Magic squares, magic hexagons and killer cages are sums of a few
** cells with small values.  Bounds reasoning (lin_eq) cannot see holes:
** in a + b = 19 with 5 used elsewhere, 14 must go from the partner.  Here
** every value that belongs to no solution of the sum is removed.
**
** Shift each term to start at 0 (y[i] = x[i] - min x[i]) so the target
** is t = c - sum of the minima; fixed terms are already in t.  When
** t < 64 and at most three terms are open, their domains are one
** machine word each and support is a matter of a few word operations:
**
**   one open term     y0 = t
**   two               y0 keeps the mirror image of y1 about t:
**                     { t - v : v in y1 }, which is y1 with its bits
**                     reversed and shifted down by 63 - t
**   three             y0 keeps the mirror image of y1 + y2, the set of
**                     sums of a value of y1 and one of y2 (a shifted OR
**                     over the values of one of them), and so on
**
** That is each term's own arc consistency, so one pass is a fixpoint.
** With t too wide (early on, or for big sums) or more open terms, the
** propagator reasons on bounds only: with four or more free cells a sum
** almost never loses an inner value, and the exact rule would cost
** passes over every domain.  The sum only narrows, so the exact rule
** takes over as soon as it applies.
**
** Consts are the eq layout of linear.c (a[0..n) all 1, then c), so the
** explanation and the holds check read the same as any linear sum.
*/
#include "engine/props/props.h"

/* Shifted domains and their sums are words: bits 0..SUM_DC_SPAN-1. */
#define SUM_DC_SPAN 64
/*
** More open variables than this get bounds reasoning only (measured with
** the exact rule for any number: 15% more instructions on the hexagon
** count for the same nodes within 1%).
*/
#define SUM_DC_OPEN 3

/* w with its bits in reverse order (bit i moves to bit 63 - i). */
static uint64_t reverse_bits(uint64_t w)
{
  w = ((w >> 1) & 0x5555555555555555ull) | ((w & 0x5555555555555555ull) << 1);
  w = ((w >> 2) & 0x3333333333333333ull) | ((w & 0x3333333333333333ull) << 2);
  w = ((w >> 4) & 0x0f0f0f0f0f0f0f0full) | ((w & 0x0f0f0f0f0f0f0f0full) << 4);
  return __builtin_bswap64(w);
}

/* Narrow x to the values keep, shifted as y (bit v: x = min + v). */
static Event keep_values(Solver *s, const Prop *p, VarId x, uint64_t keep)
{
  const Dom *d = dom_get(s, x);
  uint32_t shift = (uint32_t)(d->lo - d->base);
  if (keep == d->bits >> shift)
    return EV_NONE;
  return dom_keep_word(s, x, keep << shift, p);
}

/* { t - v : v in w, v <= t }. */
static uint64_t mirror(uint64_t w, int64_t t)
{
  return reverse_bits(w) >> (63 - t);
}

/* { a + b : a in u, b in v } below 64, looping over the values of v. */
static uint64_t sums(uint64_t u, uint64_t v)
{
  uint64_t r = 0;
  for (; v; v &= v - 1)
    r |= u << __builtin_ctzll(v);
  return r;
}

/*
** The target t = c - sum of the minima and the open terms (into
** open[0..*m)); true when the exact rule applies: t fits a word and at
** most SUM_DC_OPEN terms are open.  It stops at the first term too many,
** leaving *t and *m unset.
*/
static bool exact_applies(const Solver *s, const Prop *p, int64_t *t,
                          uint32_t *open, uint32_t *m)
{
  const VarId *x = prop_vars(s, p);
  const Dom *doms = s->doms.data;
  int64_t target = prop_consts(s, p)[p->nvars];
  uint32_t nopen = 0;
  for (uint32_t i = 0; i < p->nvars; i++) {
    const Dom *d = &doms[x[i]];
    int32_t lo = d->lo;
    target -= lo;
    if (lo != d->hi) {
      if (nopen == SUM_DC_OPEN)
        return false;
      open[nopen++] = i;
    }
  }
  *t = target;
  *m = nopen;
  return target < SUM_DC_SPAN;
}

/* Passes of the bounds loop before it hands back to the fixpoint (lin_eq's). */
#define SUM_DC_MAX_PASSES 64

/*
** Bounds reasoning, lin_eq with every coefficient 1 (the same passes and
** the same changes in the same order, without the products, divisions
** and gcd tests that unit coefficients make idle).
*/
static PropStatus sum_bounds(Solver *s, const Prop *p, int64_t c, bool *moved)
{
  const VarId *x = prop_vars(s, p);
  uint32_t n = p->nvars;
  int64_t smin = 0, smax = 0;
  for (uint32_t i = 0; i < n; i++) {
    const Dom *d = dom_get(s, x[i]);
    smin += d->lo;
    smax += d->hi;
  }
  for (uint32_t pass = 0;; pass++) {
    if (smin > c || smax < c)
      return PS_FAIL;
    if (pass == SUM_DC_MAX_PASSES)
      return PS_OK;             /* changed its own variables: run again later */
    if (smin == smax)
      return PS_DONE;
    bool again = false;
    for (uint32_t i = 0; i < n; i++) {
      const Dom *d = dom_get(s, x[i]);
      int64_t lo = d->lo, hi = d->hi;
      /* The other terms span [smin - lo, smax - hi]. */
      int64_t want_lo = c - (smax - hi), want_hi = c - (smin - lo);
      if (want_lo <= lo && want_hi >= hi)
        continue;
      Event e1 = dom_set_min(s, x[i], want_lo, p);
      PROP_TRY(e1);
      Event e2 = dom_set_max(s, x[i], want_hi, p);
      PROP_TRY(e2);
      if (e1 == EV_NONE && e2 == EV_NONE)
        continue;
      smin += d->lo - lo;
      smax += d->hi - hi;
      again = true;
      *moved = true;
    }
    if (!again)
      return PS_FIX;
  }
}

/* The exact rule for three open terms: each keeps the mirror image of
** the sums of the other two.  One loop over the values of y[2] makes two
** of the sums. */
static void keep3(const uint64_t *y, int64_t t, uint64_t *keep)
{
  uint64_t s02 = 0, s12 = 0;
  for (uint64_t v = y[2]; v; v &= v - 1) {
    int k = __builtin_ctzll(v);
    s02 |= y[0] << k;
    s12 |= y[1] << k;
  }
  keep[0] = y[0] & mirror(s12, t);
  keep[1] = y[1] & mirror(s02, t);
  keep[2] = y[2] & mirror(sums(y[0], y[1]), t);
}

static PropStatus sum_dc_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  int64_t c = prop_consts(s, p)[p->nvars];
  uint32_t open[SUM_DC_OPEN], m;
  int64_t t;
  /* Bounds reasoning until the exact rule applies (it may start to
  ** apply on the way, and then it must run to keep its promise; only a
  ** moved end can make it apply). */
  if (!exact_applies(s, p, &t, open, &m)) {
    bool moved = false;
    PropStatus st = sum_bounds(s, p, c, &moved);
    if (st != PS_FIX || !moved || !exact_applies(s, p, &t, open, &m))
      return st;
  }
  if (t < 0)
    return PS_FAIL;

  /* y[k] of the k-th open variable: bit v means x = min + v. */
  uint64_t y[SUM_DC_OPEN];
  for (uint32_t k = 0; k < m; k++) {
    const Dom *d = dom_get(s, x[open[k]]);
    y[k] = d->bits >> (d->lo - d->base);
  }
  switch (m) {
  case 0:
    return t == 0 ? PS_DONE : PS_FAIL;
  case 1:
    PROP_TRY(keep_values(s, p, x[open[0]], y[0] & ((uint64_t)1 << t)));
    return PS_DONE;
  case 2: {
    uint64_t keep0 = y[0] & mirror(y[1], t), keep1 = y[1] & mirror(y[0], t);
    PROP_TRY(keep_values(s, p, x[open[0]], keep0));
    PROP_TRY(keep_values(s, p, x[open[1]], keep1));
    return PS_FIX;
  }
  default: {
    uint64_t keep[SUM_DC_OPEN];
    keep3(y, t, keep);
    PROP_TRY(keep_values(s, p, x[open[0]], keep[0]));
    PROP_TRY(keep_values(s, p, x[open[1]], keep[1]));
    PROP_TRY(keep_values(s, p, x[open[2]], keep[2]));
    return PS_FIX;
  }
  }
}

static bool sum_dc_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  int64_t sum = 0;
  for (uint32_t i = 0; i < p->nvars; i++)
    sum += v[i];
  return sum == prop_consts(s, p)[p->nvars];
}

static const PropClass sum_dc_class = { "linear", sum_dc_propagate,
                                        sum_dc_holds, NULL, NULL, NULL };

bool sum_dc_fits(const Solver *s, const LinForm *f)
{
  if (f->n < 3 || f->n > SUM_DC_MAX)
    return false;
  for (size_t i = 0; i < f->n; i++)
    if (f->a[i] != f->a[0] || dom_get(s, f->x[i])->nwords != 1)
      return false;
  return f->a[0] == 1 || f->a[0] == -1;
}

void sum_dc_post(Solver *s, const LinForm *f)
{
  assert(sum_dc_fits(s, f));
  int64_t c[SUM_DC_MAX + 1];
  for (size_t i = 0; i < f->n; i++)
    c[i] = 1;
  /* -x - y - z = r is x + y + z = -r. */
  c[f->n] = f->a[0] == 1 ? f->rhs : -f->rhs;
  Prop *p = prop_new(s, &sum_dc_class, f->n <= 8 ? PC_CHEAP : PC_EXPENSIVE, f->n, f->x, f->n + 1, c);
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
}

bool sum_dc_is(const Prop *p)
{
  return p->cls == &sum_dc_class;
}
