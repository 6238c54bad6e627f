/*
** sum_dc.c -- x[0] + ... + x[n-1] = c, domain consistent for small sums.
**
** Magic squares, magic hexagons and killer cages are sums of a few
** cells with small values.  Bounds reasoning (lin_eq) cannot see holes:
** in a + b = 19 with 5 used elsewhere, 14 must go from the partner.  Here
** every value that belongs to no solution of the sum is removed.
**
** Shift each term to start at 0 (y[i] = x[i] - min x[i]) so the target
** is T = c - sum of the minima.  When T < 64, sets of partial sums fit
** in one machine word:
**
**   P[k]  sums reachable by y[0..k)          P[0] = {0}
**   Q     sums of y[0..k) that the rest can complete to T, built from
**         the right:  Q = {T}, then Q = union over v in y[k] of Q - v
**
** Value v of y[k] has a support exactly when (P[k] << v) meets the Q of
** y[k+1..n).  That is 2 * (sum of domain sizes) shifts, with no search.
** The result is the sum's own arc consistency, so one pass is a
** fixpoint.  While T is too wide (early on, or for big sums), or more
** than SUM_DC_OPEN variables are open, the propagator reasons on bounds
** only; the sum only narrows, so it switches to the exact rule as soon
** as both hold.  One or two open variables take a shortcut without
** loops (sum_dc_small).
**
** Consts are the eq layout of linear.c (a[0..n) all 1, then c), so the
** explanation and the holds check read the same as any linear sum.
*/
#include "props.h"

/* Bitsets of partial sums hold bits 0..SUM_DC_SPAN-1. */
#define SUM_DC_SPAN 64
/*
** More open variables than this get bounds reasoning only: with four or
** more free cells a sum almost never loses an inner value, and the exact
** rule costs two passes over every domain (measured: 15% fewer
** instructions on the hexagon count, the same nodes within 1%).
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

/*
** At most two open variables, the common case deep in the search: one
** takes t exactly; two, y0 + y1 = t, keep in y0 the mirror image of y1
** about t (bit v of y1 is bit 63 - v reversed, t - v after the shift).
*/
static PropStatus sum_dc_small(Solver *s, const Prop *p, const VarId *x,
                               const uint32_t *open, const uint64_t *dom,
                               uint32_t m, int64_t t)
{
  if (m == 0)
    return t == 0 ? PS_DONE : PS_FAIL;
  if (m == 1) {
    PROP_TRY(keep_values(s, p, x[open[0]], dom[0] & ((uint64_t)1 << t)));
    return PS_DONE;
  }
  uint32_t down = (uint32_t)(63 - t);
  uint64_t keep0 = dom[0] & (reverse_bits(dom[1]) >> down);
  uint64_t keep1 = dom[1] & (reverse_bits(dom[0]) >> down);
  PROP_TRY(keep_values(s, p, x[open[0]], keep0));
  PROP_TRY(keep_values(s, p, x[open[1]], keep1));
  return PS_FIX;
}

/*
** The target t = c - sum of the minima and the open variables (into
** open[0..*m)); true when the exact rule applies: t fits a word and at
** most SUM_DC_OPEN variables are open.
*/
static bool exact_applies(const Solver *s, const Prop *p, int64_t *t,
                          uint32_t *open, uint32_t *m)
{
  const VarId *x = prop_vars(s, p);
  int64_t target = prop_consts(s, p)[p->nvars];
  uint32_t nopen = 0;
  for (uint32_t i = 0; i < p->nvars; i++) {
    const Dom *d = dom_get(s, x[i]);
    target -= d->lo;
    if (d->lo != d->hi)
      open[nopen++] = i;
  }
  *t = target;
  *m = nopen;
  return target < SUM_DC_SPAN && nopen <= SUM_DC_OPEN;
}

static PropStatus sum_dc_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  const int64_t *a = prop_consts(s, p);
  uint32_t n = p->nvars, open[SUM_DC_MAX], m;
  int64_t t;
  /* Bounds reasoning until the exact rule applies (it may start to
  ** apply on the way, and then it must run to keep its promise). */
  if (!exact_applies(s, p, &t, open, &m)) {
    PropStatus st = lin_eq(s, p, n, x, a, a[n]);
    if (st != PS_FIX || !exact_applies(s, p, &t, open, &m))
      return st;
  }
  if (t < 0)
    return PS_FAIL;

  /* Only the open variables take part: a fixed one is already in t.
  ** dom[k] = y of the k-th open variable (bit v: x = min + v). */
  uint64_t prefix[SUM_DC_MAX + 1], dom[SUM_DC_MAX];
  uint64_t below_t = t == 63 ? UINT64_MAX : ((uint64_t)1 << (t + 1)) - 1;
  for (uint32_t k = 0; k < m; k++) {
    const Dom *d = dom_get(s, x[open[k]]);
    dom[k] = (d->bits >> (d->lo - d->base)) & below_t;
  }
  if (m <= 2)
    return sum_dc_small(s, p, x, open, dom, m, t);
  prefix[0] = 1;
  for (uint32_t k = 0; k < m; k++) {
    uint64_t reach = 0;
    for (uint64_t b = dom[k]; b; b &= b - 1)
      reach |= prefix[k] << __builtin_ctzll(b);
    prefix[k + 1] = reach & below_t;
  }
  if (!(prefix[m] >> t & 1))
    return PS_FAIL;
  uint64_t need = (uint64_t)1 << t;
  for (uint32_t k = m; k-- > 0;) {
    uint64_t keep = 0, need_before = 0;
    for (uint64_t b = dom[k]; b; b &= b - 1) {
      int v = __builtin_ctzll(b);
      if ((prefix[k] << v) & need)
        keep |= (uint64_t)1 << v;
      need_before |= need >> v;
    }
    PROP_TRY(keep_values(s, p, x[open[k]], keep));
    need = need_before;
  }
  return PS_FIX;
}

static bool sum_dc_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  int64_t sum = 0;
  for (uint32_t i = 0; i < p->nvars; i++)
    sum += v[i];
  return sum == prop_consts(s, p)[p->nvars];
}

static const PropClass sum_dc_class = { "linear", sum_dc_propagate,
                                        sum_dc_holds };

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
