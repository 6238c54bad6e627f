/*
** lin_kernel.c -- the reasoning of linear constraints: the normal form
** (lin_normalize), term bounds, and the =, <= and != kernels (lin_eq,
** lin_le, lin_ne) that iterate to their own fixpoint.
**
** Shared by the linear classes (linear.c), their reified forms (logic.c)
** and the domain-consistent sum (sum_dc.c), which takes the normal form
** (its bounds reasoning is lin_eq written out for unit coefficients);
** keeping them apart from linear.c lets linear.c pick sum_dc without a
** circle between the two.  Bounds reasoning is in int64_t: with int32_t
** values and coefficients each term fits, and sums stay exact for the
** sizes that puzzles produce.
*/
#include "engine/props/props.h"

#include <stdlib.h>

/* --- normal form --- */

typedef struct Term {
  VarId   x;
  int64_t a;
} Term;

static int term_cmp(const void *l, const void *r)
{
  VarId a = ((const Term *)l)->x, b = ((const Term *)r)->x;
  return (a > b) - (a < b);
}

static bool rel_holds(LinRel rel, int64_t lhs, int64_t rhs)
{
  switch (rel) {
  case LIN_EQ: return lhs == rhs;
  case LIN_NE: return lhs != rhs;
  case LIN_LE: return lhs <= rhs;
  }
  return false;
}

LinTruth lin_normalize(const Solver *s, size_t n, const int32_t *coef,
                       const VarId *x, LinRel rel, int64_t rhs, LinForm *f)
{
  Term room[LIN_FORM_ROOM];
  Term *t = n <= LIN_FORM_ROOM ? room : xmalloc(n * sizeof *t);
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (coef[i] == 0)
      continue;
    if (dom_is_fixed(s, x[i]))
      rhs -= (int64_t)coef[i] * dom_value(s, x[i]);
    else
      t[m++] = (Term){ x[i], coef[i] };
  }
  /* Merge repeated variables: 2x - x is x, and x - x vanishes. */
  if (m <= LIN_FORM_ROOM) {               /* a few terms: insertion sort */
    for (size_t i = 1; i < m; i++)
      for (size_t j = i; j > 0 && t[j - 1].x > t[j].x; j--) {
        Term tmp = t[j];
        t[j] = t[j - 1];
        t[j - 1] = tmp;
      }
  } else {
    qsort(t, m, sizeof *t, term_cmp);
  }
  size_t k = 0;
  for (size_t i = 0; i < m; i++) {
    if (k > 0 && t[k - 1].x == t[i].x)
      t[k - 1].a += t[i].a;
    else
      t[k++] = t[i];
    if (t[k - 1].a == 0)
      k--;
  }
  f->n = k;
  f->x = k <= LIN_FORM_ROOM ? f->x_room : xmalloc(k * sizeof *f->x);
  f->a = k <= LIN_FORM_ROOM ? f->a_room : xmalloc(k * sizeof *f->a);
  int64_t g = 0;
  for (size_t i = 0; i < k; i++) {
    f->x[i] = t[i].x;
    f->a[i] = t[i].a;
    g = gcd64(g, t[i].a);
  }
  if (t != room)
    xfree(t);
  if (k == 0) {
    f->rhs = rhs;
    return rel_holds(rel, 0, rhs) ? LIN_TRUE : LIN_FALSE;
  }
  /* Divide by the gcd: 2x + 4y = 7 has no integer solution, 2x + 4y <= 7
  ** is x + 2y <= 3, and 2x + 4y != 7 always holds. */
  if (rhs % g != 0) {
    if (rel == LIN_EQ)
      return LIN_FALSE;
    if (rel == LIN_NE)
      return LIN_TRUE;
  }
  for (size_t i = 0; i < k; i++)
    f->a[i] /= g;
  f->rhs = div_floor(rhs, g);
  return LIN_OPEN;
}

void lin_form_free(LinForm *f)
{
  if (f->x != f->x_room)
    xfree(f->x);
  if (f->a != f->a_room)
    xfree(f->a);
  f->x = NULL;
  f->a = NULL;
}

/* --- kernels --- */

static inline void term_bounds(const Solver *s, VarId x, int64_t a,
                               int64_t *tmin, int64_t *tmax)
{
  int64_t lo = dom_min(s, x), hi = dom_max(s, x);
  if (a > 0) {
    *tmin = a * lo;
    *tmax = a * hi;
  } else {
    *tmin = a * hi;
    *tmax = a * lo;
  }
}

void lin_bounds(const Solver *s, uint32_t n, const VarId *x,
                const int64_t *a, int64_t *smin, int64_t *smax)
{
  int64_t lo = 0, hi = 0;
  for (uint32_t i = 0; i < n; i++) {
    int64_t tmin, tmax;
    term_bounds(s, x[i], a[i], &tmin, &tmax);
    lo += tmin;
    hi += tmax;
  }
  *smin = lo;
  *smax = hi;
}

/*
** Can the open terms still make up what the fixed ones leave of c?  Not
** when their coefficients' gcd does not divide it: in 3x + 3y + z = 1
** with z fixed to 0, bounds reasoning would find that out one unit per
** pass, some 2^32 passes over wide domains
** (tests/regress/linear_gcd_of_open_terms.pz).  Quick when a coefficient
** is 1, as most are.
*/
static bool gcd_allows(const Solver *s, uint32_t n, const VarId *x,
                       const int64_t *a, int64_t c)
{
  int64_t g = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (dom_is_fixed(s, x[i])) {
      c -= a[i] * dom_value(s, x[i]);
      continue;
    }
    g = gcd64(g, a[i]);
    if (g == 1)
      return true;
  }
  return g == 0 ? c == 0 : c % g == 0;
}

/* Most open terms looked at by congruence_prune (beyond: skipped). */
#define CONGRUENCE_MAX_TERMS 16
/* Most values of a term's domain scanned by congruence_prune. */
#define CONGRUENCE_MAX_VALUES 256

/*
** A congruence per term: when the other open coefficients share a factor
** g that x[j]'s coefficient lacks, a[j] * x[j] must be what the fixed
** terms leave of c, modulo g.  In 3x + 3y + z = 1 with z in {0, 2, 3},
** no value of z works (1 - z is never a multiple of 3), a dead end that
** bounds reasoning reaches one unit per pass, 2^31 passes over wide
** domains.  Values of x[j] that break the congruence are removed.  Run
** only when bounds converge slowly (see lin_eq), so it costs nothing
** elsewhere.
*/
static PropStatus congruence_prune(Solver *s, const Prop *p, uint32_t n, const VarId *x,
                                   const int64_t *a, int64_t c)
{
  uint32_t open[CONGRUENCE_MAX_TERMS];
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (dom_is_fixed(s, x[i])) {
      c -= a[i] * dom_value(s, x[i]);
    } else {
      if (k == CONGRUENCE_MAX_TERMS)
        return PS_OK;
      open[k++] = i;
    }
  }
  int64_t pre[CONGRUENCE_MAX_TERMS + 1], suf[CONGRUENCE_MAX_TERMS + 1];
  pre[0] = suf[k] = 0;
  for (uint32_t i = 0; i < k; i++)
    pre[i + 1] = gcd64(pre[i], a[open[i]]);
  for (uint32_t i = k; i-- > 0;)
    suf[i] = gcd64(suf[i + 1], a[open[i]]);
  for (uint32_t j = 0; j < k; j++) {
    int64_t g = gcd64(pre[j], suf[j + 1]);
    VarId y = x[open[j]];
    int64_t aj = a[open[j]];
    if (g <= 1 || aj % g == 0 || dom_size(s, y) > CONGRUENCE_MAX_VALUES)
      continue;
    for (int64_t v = dom_min(s, y);;) {
      int64_t next = v < dom_max(s, y) ? dom_next(s, y, (int32_t)v) : v;
      bool last = v >= dom_max(s, y);
      if ((c - aj * v) % g != 0)
        PROP_TRY(prop_remove(s, y, v, p));
      if (last)
        break;
      v = next;
    }
  }
  return PS_OK;
}

/* Passes of lin_eq's own loop before the congruences are tried, and
   before it hands back to the fixpoint (which reads the clock). */
#define LIN_EQ_SLOW_PASSES 4
#define LIN_EQ_MAX_PASSES 64

PropStatus lin_eq(Solver *s, const Prop *p, uint32_t n, const VarId *x,
                  const int64_t *a, int64_t c)
{
  int64_t smin, smax;
  lin_bounds(s, n, x, a, &smin, &smax);
  for (uint32_t pass = 0;; pass++) {
    if (smin > c || smax < c || !gcd_allows(s, n, x, a, c))
      return PS_FAIL;
    if (pass == LIN_EQ_SLOW_PASSES) {
      PropStatus st = congruence_prune(s, p, n, x, a, c);
      if (st == PS_FAIL)
        return PS_FAIL;
      lin_bounds(s, n, x, a, &smin, &smax);
      if (smin > c || smax < c)
        return PS_FAIL;
    }
    if (pass == LIN_EQ_MAX_PASSES)
      return PS_OK;           /* changed its own variables: run again later */
    if (smin == smax)
      return PS_DONE;
    bool again = false;
    for (uint32_t i = 0; i < n; i++) {
      int64_t tmin, tmax;
      term_bounds(s, x[i], a[i], &tmin, &tmax);
      /* The other terms span [smin - tmin, smax - tmax], so this term
      ** must lie in [c - (smax - tmax), c - (smin - tmin)]. */
      int64_t want_lo = c - (smax - tmax), want_hi = c - (smin - tmin);
      if (want_lo <= tmin && want_hi >= tmax)
        continue;
      int64_t lo, hi;
      if (a[i] > 0) {
        lo = div_ceil(want_lo, a[i]);
        hi = div_floor(want_hi, a[i]);
      } else {
        lo = div_ceil(want_hi, a[i]);
        hi = div_floor(want_lo, a[i]);
      }
      Event e1 = dom_set_min(s, x[i], lo, p);
      PROP_TRY(e1);
      Event e2 = dom_set_max(s, x[i], hi, p);
      PROP_TRY(e2);
      if (e1 == EV_NONE && e2 == EV_NONE)
        continue;
      int64_t nmin, nmax;
      term_bounds(s, x[i], a[i], &nmin, &nmax);
      smin += nmin - tmin;
      smax += nmax - tmax;
      again = true;
    }
    if (!again)
      return PS_FIX;
  }
}

PropStatus lin_le(Solver *s, const Prop *p, uint32_t n, const VarId *x,
                  const int64_t *a, int64_t sign, int64_t c)
{
  int64_t smin = 0, smax = 0;
  for (uint32_t i = 0; i < n; i++) {
    int64_t tmin, tmax;
    term_bounds(s, x[i], sign * a[i], &tmin, &tmax);
    smin += tmin;
    smax += tmax;
  }
  if (smin > c)
    return PS_FAIL;
  if (smax <= c)
    return PS_DONE;
  /* Only the upper ends of the terms move, so smin is unchanged and one
  ** pass reaches the fixpoint. */
  for (uint32_t i = 0; i < n; i++) {
    int64_t ai = sign * a[i], tmin, tmax;
    term_bounds(s, x[i], ai, &tmin, &tmax);
    int64_t want_hi = c - (smin - tmin);
    if (want_hi >= tmax)
      continue;
    if (ai > 0)
      PROP_TRY(dom_set_max(s, x[i], div_floor(want_hi, ai), p));
    else
      PROP_TRY(dom_set_min(s, x[i], div_ceil(want_hi, ai), p));
  }
  return PS_FIX;
}

PropStatus lin_ne(Solver *s, const Prop *p, uint32_t n, const VarId *x,
                  const int64_t *a, int64_t c)
{
  int64_t sum = 0;
  uint32_t open = n;
  for (uint32_t i = 0; i < n; i++) {
    if (dom_is_fixed(s, x[i]))
      sum += a[i] * dom_value(s, x[i]);
    else if (open != n)
      return PS_FIX;                    /* two open: nothing to prune */
    else
      open = i;
  }
  if (open == n)
    return sum == c ? PS_FAIL : PS_DONE;
  int64_t r = c - sum;
  if (r % a[open] != 0)
    return PS_DONE;
  int64_t v = r / a[open];
  PROP_TRY(prop_remove(s, x[open], v, p));
  /* A bounds-only domain may keep v inside: check again at fixing. */
  return dom_contains(s, x[open], v) ? PS_FIX : PS_DONE;
}

/* --- lin1: x REL k --- */

