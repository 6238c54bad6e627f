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
** A sum whose terms all lie in one distinct (the lines of a magic square
** or hexagon, a killer cage) is told so at loading (sum_dc_mark_distinct):
** then two open terms cannot both be half of what they sum to, so that
** value goes from each (in a + b = 20, 10 has no partner but itself).
** The lines and distinct one by one keep it until one of the two is
** fixed; measured on the hexagon count, 16% fewer nodes.  (The same for
** three open terms, the supports that repeat a value left out, cut the
** nodes by another 13% but cost more than they saved:
** doc/performance.md.)
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

/*
** The target t = c - sum of the minima and the open terms (into
** open[0..*m)), each with its shifted word y (bit v: x = min + v); true
** when the exact rule applies: t fits a word and at most SUM_DC_OPEN
** terms are open.  It stops at the first term too many, leaving *t and
** *m unset.  One pass reads each domain once.
*/
static inline bool exact_applies(const Solver *s, const Prop *p, int64_t *t,
                                 uint32_t *open, uint64_t *y, uint32_t *m)
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
      y[nopen] = d->bits >> (lo - d->base);
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

/* Bit k, or no bit when k is outside the word. */
static inline uint64_t bit_at(int64_t k)
{
  return k >= 0 && k < SUM_DC_SPAN ? (uint64_t)1 << k : 0;
}

/* Bit k where 2k = twice, or no bit when twice is odd or k outside. */
static inline uint64_t half_bit(int64_t twice)
{
  return twice & 1 ? 0 : bit_at(twice / 2);
}

/*
** The exact rule for three open terms: each keeps the mirror image of
** the sums of the other two.  With r0 and r1 the mirror images of y[0]
** and y[1] about t, { t - a - b : a in y[1], b in y[2] } is r1 shifted
** down by each b: two loops and two reversals make the three sets (the
** sum of two, mirrored, took a third reversal).
*/
static inline void keep3(const uint64_t *y, int64_t t, uint64_t *keep)
{
  uint64_t r0 = mirror(y[0], t), r1 = mirror(y[1], t);
  uint64_t k0 = 0, k1 = 0, k2 = 0;
  for (uint64_t v = y[2]; v; v &= v - 1) {
    int b = __builtin_ctzll(v);
    k0 |= r1 >> b;
    k1 |= r0 >> b;
  }
  for (uint64_t v = y[1]; v; v &= v - 1)
    k2 |= r0 >> __builtin_ctzll(v);
  keep[0] = y[0] & k0;
  keep[1] = y[1] & k1;
  keep[2] = y[2] & k2;
}

/* One run; distinct: the terms are also all different (sum_dcd_class). */
static inline __attribute__((always_inline)) PropStatus sum_run(Solver *s, Prop *p,
                                                                 bool distinct)
{
  const VarId *x = prop_vars(s, p);
  int64_t c = prop_consts(s, p)[p->nvars];
  uint32_t open[SUM_DC_OPEN], m;
  uint64_t y[SUM_DC_OPEN];
  int64_t t;
  /* Bounds reasoning until the exact rule applies (it may start to
  ** apply on the way, and then it must run to keep its promise; only a
  ** moved end can make it apply). */
  if (!exact_applies(s, p, &t, open, y, &m)) {
    bool moved = false;
    PropStatus st = sum_bounds(s, p, c, &moved);
    if (st != PS_FIX || !moved || !exact_applies(s, p, &t, open, y, &m))
      return st;
  }
  if (t < 0)
    return PS_FAIL;

  switch (m) {
  case 0:
    return t == 0 ? PS_DONE : PS_FAIL;
  case 1:
    PROP_TRY(keep_values(s, p, x[open[0]], y[0] & ((uint64_t)1 << t)));
    return PS_DONE;
  case 2: {
    uint64_t keep0 = y[0] & mirror(y[1], t), keep1 = y[1] & mirror(y[0], t);
    if (distinct) {
      /* Not both half of what they sum to: lo0 + i = lo1 + (t - i). */
      int64_t lo0 = dom_get(s, x[open[0]])->lo, lo1 = dom_get(s, x[open[1]])->lo;
      keep0 &= ~half_bit(t + lo1 - lo0);
      keep1 &= ~half_bit(t + lo0 - lo1);
    }
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

static PropStatus sum_dc_propagate(Solver *s, Prop *p)
{
  return sum_run(s, p, false);
}

static PropStatus sum_dcd_propagate(Solver *s, Prop *p)
{
  return sum_run(s, p, true);
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
/* A sum whose terms a distinct also holds (sum_dc_mark_distinct). */
static const PropClass sum_dcd_class = { "linear", sum_dcd_propagate,
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
  return p->cls == &sum_dc_class || p->cls == &sum_dcd_class;
}

void sum_dc_mark_distinct(Solver *s, uint32_t min_vars)
{
  if (s->failed || s->deferred || s->trace)
    return;
  size_t nprops = s->props.len;
  VEC(PropId) groups = {0};
  for (size_t i = 0; i < nprops; i++)
    if (dval_is(&s->props.data[i]) && s->props.data[i].nvars >= min_vars)
      VEC_PUSH(groups, (PropId)i);
  if (groups.len == 0) {
    VEC_FREE(groups);
    return;
  }
  /* mark[x] = g + 1 while group g is looked at and holds x */
  uint32_t *mark = xcalloc(s->doms.len, sizeof *mark);
  for (uint32_t g = 0; g < groups.len; g++) {
    const Prop *d = &s->props.data[groups.data[g]];
    for (uint32_t j = 0; j < d->nvars; j++)
      mark[prop_vars(s, d)[j]] = g + 1;
    for (size_t i = 0; i < nprops; i++) {
      Prop *p = &s->props.data[i];
      if (p->cls != &sum_dc_class)
        continue;
      const VarId *x = prop_vars(s, p);
      uint32_t in = 0;
      for (uint32_t j = 0; j < p->nvars; j++)
        in += mark[x[j]] == g + 1;
      if (in == p->nvars)
        p->cls = &sum_dcd_class;
    }
  }
  xfree(mark);
  VEC_FREE(groups);
}
