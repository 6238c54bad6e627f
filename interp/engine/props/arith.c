/*
** arith.c -- z = x * y, x / y, x mod y, |x|, and z = min/max of n vars.
**
** Bounds reasoning in int64_t (products of int32_t values fit), sound
** across signs and when one variable fills two places (x * x, d / d).
** Once every variable is fixed a class checks its definition (verdict),
** which is what makes bounds-only domains and the search's "all fixed
** means solved" rule safe.  Except abs on bitsets (domain consistent,
** hence idempotent), these return PS_OK and let the fixpoint rerun them.
**
** Division and remainder follow C: truncation toward zero, and the
** remainder takes the sign of x.  The divisor's domain should not hold 0:
** division by zero makes the enclosing condition false, which the
** grounder decides before it posts (see props.h).  Should y hold 0 all
** the same, y = 0 counts as the constraint being false: the propagators
** remove it, and fail when it is all that is left, never abort.
*/
#include "engine/props/props.h"

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/*
** The status once a run has pruned: PS_OK while a variable is open, and
** with all fixed, the definition's verdict (PS_DONE or PS_FAIL).  The
** bounds rules alone are not exact when one variable is passed twice: in
** d / d, z's bounds are taken before the rule for x fixes d, which is y
** as well, so z = 0 stood beside d = 2 (tests/regress/div_same_variable.pz).
*/
static PropStatus verdict(Solver *s, const Prop *p)
{
  int32_t *v = s->vals.data;            /* holds()'s scratch, as wide as p */
  for (uint32_t i = 0; i < p->nvars; i++) {
    VarId x = prop_vars(s, p)[i];
    if (!dom_is_fixed(s, x))
      return PS_OK;
    v[i] = dom_value(s, x);
  }
  return p->cls->holds(s, p, v) ? PS_DONE : PS_FAIL;
}

/* --- times: vars x, y, z --- */

/* Prune x knowing x * y = z. */
static PropStatus times_divide(Solver *s, const Prop *p, VarId x, VarId y,
                               VarId z)
{
  int64_t ylo = dom_min(s, y), yhi = dom_max(s, y);
  int64_t zlo = dom_min(s, z), zhi = dom_max(s, z);
  if (ylo > 0 || yhi < 0) {
    /* y has one sign, so z / y is monotone in each argument over the box
    ** and its extremes are at the corners; ceil(min) = min(ceil). */
    int64_t zc[2] = { zlo, zhi }, yc[2] = { ylo, yhi };
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++) {
        lo = min64(lo, div_ceil(zc[i], yc[j]));
        hi = max64(hi, div_floor(zc[i], yc[j]));
      }
    PROP_TRY(dom_set_min(s, x, lo, p));
    PROP_TRY(dom_set_max(s, x, hi, p));
  } else if (!dom_contains(s, z, 0)) {
    /* z != 0 needs x != 0 and y != 0, and then |x| <= |z|. */
    int64_t m = max64(-zlo, zhi);
    PROP_TRY(prop_remove(s, x, 0, p));
    PROP_TRY(dom_set_min(s, x, -m, p));
    PROP_TRY(dom_set_max(s, x, m, p));
  }
  return PS_OK;
}

static PropStatus times_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0], y = prop_vars(s, p)[1], z = prop_vars(s, p)[2];
  int64_t xlo = dom_min(s, x), xhi = dom_max(s, x);
  int64_t ylo = dom_min(s, y), yhi = dom_max(s, y);
  int64_t a = xlo * ylo, b = xlo * yhi, c = xhi * ylo, d = xhi * yhi;
  PROP_TRY(dom_set_min(s, z, min64(min64(a, b), min64(c, d)), p));
  PROP_TRY(dom_set_max(s, z, max64(max64(a, b), max64(c, d)), p));
  if (times_divide(s, p, x, y, z) == PS_FAIL ||
      times_divide(s, p, y, x, z) == PS_FAIL)
    return PS_FAIL;
  return verdict(s, p);
}

static bool times_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  (void)p;
  return (int64_t)v[0] * v[1] == v[2];
}

static const PropClass times_class = { "times", times_propagate, times_holds, NULL, NULL, NULL };

/* --- div: vars x, y, z; z = trunc(x / y) --- */

/* The x interval of trunc(x / y) = z for one y > 0 (L and U below are
** monotone in z and in y, so corners bound them). */
static int64_t div_low(int64_t z, int64_t y)
{
  return z * y - (z <= 0 ? y - 1 : 0);
}

static int64_t div_high(int64_t z, int64_t y)
{
  return z * y + (z >= 0 ? y - 1 : 0);
}

/* Candidate y values: the ends of y's positive part and negative part. */
static int y_corners(const Solver *s, VarId y, int64_t yc[4])
{
  int64_t ylo = dom_min(s, y), yhi = dom_max(s, y);
  int k = 0;
  if (yhi >= 1) {
    yc[k++] = max64(ylo, 1);
    yc[k++] = yhi;
  }
  if (ylo <= -1) {
    yc[k++] = ylo;
    yc[k++] = min64(yhi, -1);
  }
  return k;
}

static PropStatus div_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0], y = prop_vars(s, p)[1], z = prop_vars(s, p)[2];
  PROP_TRY(prop_remove(s, y, 0, p));
  int64_t yc[4];
  int k = y_corners(s, y, yc);
  assert(k > 0);
  /* z: trunc(x / y) is monotone in x, and in y on each sign part. */
  int64_t xc[2] = { dom_min(s, x), dom_max(s, x) };
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < k; j++) {
      lo = min64(lo, xc[i] / yc[j]);
      hi = max64(hi, xc[i] / yc[j]);
    }
  PROP_TRY(dom_set_min(s, z, lo, p));
  PROP_TRY(dom_set_max(s, z, hi, p));
  /* x: for y < 0, trunc(x / y) = z is trunc(x / -y) = -z. */
  int64_t zlo = dom_min(s, z), zhi = dom_max(s, z);
  lo = INT64_MAX;
  hi = INT64_MIN;
  for (int j = 0; j < k; j++) {
    if (yc[j] > 0) {
      lo = min64(lo, div_low(zlo, yc[j]));
      hi = max64(hi, div_high(zhi, yc[j]));
    } else {
      lo = min64(lo, div_low(-zhi, -yc[j]));
      hi = max64(hi, div_high(-zlo, -yc[j]));
    }
  }
  PROP_TRY(dom_set_min(s, x, lo, p));
  PROP_TRY(dom_set_max(s, x, hi, p));
  return verdict(s, p);
}

static bool div_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  (void)p;
  return v[1] != 0 && (int64_t)v[0] / v[1] == v[2];
}

static const PropClass div_class = { "div", div_propagate, div_holds, NULL, NULL, NULL };

/* --- mod: vars x, y, z; z = x % y as in C --- */

static PropStatus mod_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0], y = prop_vars(s, p)[1], z = prop_vars(s, p)[2];
  PROP_TRY(prop_remove(s, y, 0, p));
  if (dom_is_fixed(s, x) && dom_is_fixed(s, y)) {
    PROP_TRY(dom_fix(s, z, (int64_t)dom_value(s, x) % dom_value(s, y), p));
    return PS_DONE;
  }
  /* |z| < |y| and |z| <= |x|, and z has the sign of x. */
  int64_t m = max64(-(int64_t)dom_min(s, y), dom_max(s, y)) - 1;
  int64_t xlo = dom_min(s, x), xhi = dom_max(s, x);
  PROP_TRY(dom_set_min(s, z, xlo >= 0 ? 0 : max64(xlo, -m), p));
  PROP_TRY(dom_set_max(s, z, xhi <= 0 ? 0 : min64(xhi, m), p));
  /* A nonzero z fixes the sign of x and bounds it away from 0. */
  if (dom_min(s, z) > 0)
    PROP_TRY(dom_set_min(s, x, dom_min(s, z), p));
  if (dom_max(s, z) < 0)
    PROP_TRY(dom_set_max(s, x, dom_max(s, z), p));
  return verdict(s, p);
}

static bool mod_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  (void)p;
  return v[1] != 0 && (int64_t)v[0] % v[1] == v[2];
}

static const PropClass mod_class = { "mod", mod_propagate, mod_holds, NULL, NULL, NULL };

/* --- abs: vars x, z; z = |x| --- */

static PropStatus abs_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0], z = prop_vars(s, p)[1];
  PROP_TRY(dom_set_min(s, z, 0, p));
  if (dom_is_bitset(s, x) && dom_is_bitset(s, z)) {
    /* Domain consistent: each side keeps what the other supports. */
    for (int32_t v = dom_min(s, x);; v = dom_next(s, x, v)) {
      if (!dom_contains(s, z, v < 0 ? -(int64_t)v : v))
        PROP_TRY(prop_remove(s, x, v, p));
      if (v >= dom_max(s, x))
        break;
    }
    for (int32_t w = dom_min(s, z);; w = dom_next(s, z, w)) {
      if (!dom_contains(s, x, w) && !dom_contains(s, x, -(int64_t)w))
        PROP_TRY(prop_remove(s, z, w, p));
      if (w >= dom_max(s, z))
        break;
    }
    return dom_is_fixed(s, x) ? PS_DONE : PS_FIX;
  }
  int64_t xlo = dom_min(s, x), xhi = dom_max(s, x);
  int64_t zlo = xlo >= 0 ? xlo : xhi <= 0 ? -xhi : 0;
  PROP_TRY(dom_set_min(s, z, zlo, p));
  PROP_TRY(dom_set_max(s, z, max64(-xlo, xhi), p));
  int64_t zmin = dom_min(s, z), zmax = dom_max(s, z);
  PROP_TRY(dom_set_min(s, x, -zmax, p));
  PROP_TRY(dom_set_max(s, x, zmax, p));
  /* |x| >= zmin: if one side of 0 is out of reach, x is on the other. */
  if (dom_min(s, x) > -zmin)
    PROP_TRY(dom_set_min(s, x, zmin, p));
  if (dom_max(s, x) < zmin)
    PROP_TRY(dom_set_max(s, x, -zmin, p));
  return verdict(s, p);
}

static bool abs_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  (void)p;
  return (v[0] < 0 ? -(int64_t)v[0] : v[0]) == v[1];
}

static const PropClass abs_class = { "abs", abs_propagate, abs_holds, NULL, NULL, NULL };

/* --- min/max: vars x[0..n), z; consts[0] = 1 for max.  max(x) is
** -min(-x), so the code reads bounds through a negating view. --- */

static int64_t view_lo(const Solver *s, VarId x, bool neg)
{
  return neg ? -(int64_t)dom_max(s, x) : dom_min(s, x);
}

static int64_t view_hi(const Solver *s, VarId x, bool neg)
{
  return neg ? -(int64_t)dom_min(s, x) : dom_max(s, x);
}

static Event view_set_lo(Solver *s, VarId x, int64_t v, bool neg,
                         const Prop *p)
{
  return neg ? dom_set_max(s, x, -v, p) : dom_set_min(s, x, v, p);
}

static Event view_set_hi(Solver *s, VarId x, int64_t v, bool neg,
                         const Prop *p)
{
  return neg ? dom_set_min(s, x, -v, p) : dom_set_max(s, x, v, p);
}

static PropStatus minmax_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  uint32_t n = p->nvars - 1;
  VarId z = x[n];
  bool neg = prop_consts(s, p)[0] != 0;
  int64_t lo = INT64_MAX, hi = INT64_MAX;
  for (uint32_t i = 0; i < n; i++) {
    lo = min64(lo, view_lo(s, x[i], neg));
    hi = min64(hi, view_hi(s, x[i], neg));
  }
  PROP_TRY(view_set_lo(s, z, lo, neg, p));
  PROP_TRY(view_set_hi(s, z, hi, neg, p));
  int64_t zlo = view_lo(s, z, neg), zhi = view_hi(s, z, neg);
  /* Every x is at least the minimum; some x must reach down to zhi, and
  ** when only one can, it is the minimum. */
  uint32_t cand = n, ncand = 0;
  for (uint32_t i = 0; i < n; i++) {
    PROP_TRY(view_set_lo(s, x[i], zlo, neg, p));
    if (view_lo(s, x[i], neg) <= zhi) {
      cand = i;
      ncand++;
    }
  }
  if (ncand == 0)
    return PS_FAIL;
  if (ncand == 1)
    PROP_TRY(view_set_hi(s, x[cand], zhi, neg, p));
  return verdict(s, p);
}

static bool minmax_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  uint32_t n = p->nvars - 1;
  bool neg = prop_consts(s, p)[0] != 0;
  int32_t best = v[0];
  for (uint32_t i = 1; i < n; i++)
    if (neg ? v[i] > best : v[i] < best)
      best = v[i];
  return v[n] == best;
}

static const PropClass minmax_class = { "minmax", minmax_propagate,
                                        minmax_holds, NULL, NULL, NULL };

/* --- posting --- */

static void post3(Solver *s, const PropClass *cls, VarId x, VarId y, VarId z)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  VarId xs[3] = { x, y, z };
  Prop *p = prop_new(s, cls, PC_CHEAP, 3, xs, 0, NULL);
  prop_subscribe_all(s, p, EV_BND);
  prop_post(s, p);
}

void post_times(Solver *s, VarId x, VarId y, VarId z)
{
  post3(s, &times_class, x, y, z);
}

void post_div(Solver *s, VarId x, VarId y, VarId z)
{
  post3(s, &div_class, x, y, z);
}

void post_mod(Solver *s, VarId x, VarId y, VarId z)
{
  post3(s, &mod_class, x, y, z);
}

void post_abs(Solver *s, VarId x, VarId z)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  VarId xs[2] = { x, z };
  Prop *p = prop_new(s, &abs_class, PC_CHEAP, 2, xs, 0, NULL);
  bool dc = dom_is_bitset(s, x) && dom_is_bitset(s, z);
  prop_subscribe_all(s, p, dc ? EV_DOM : EV_BND);
  prop_post(s, p);
}

static void post_minmax(Solver *s, size_t n, const VarId *x, VarId z,
                        bool is_max)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  if (n == 0) {
    s->failed = true;                   /* min of nothing */
    return;
  }
  VEC(VarId) xs = {0};
  for (size_t i = 0; i < n; i++)
    VEC_PUSH(xs, x[i]);
  VEC_PUSH(xs, z);
  int64_t c = is_max;
  Prop *p = prop_new(s, &minmax_class, n <= 8 ? PC_CHEAP : PC_EXPENSIVE,
                     xs.len, xs.data, 1, &c);
  prop_subscribe_all(s, p, EV_BND);
  prop_post(s, p);
  VEC_FREE(xs);
}

void post_min(Solver *s, size_t n, const VarId *x, VarId z)
{
  post_minmax(s, n, x, z, false);
}

void post_max(Solver *s, size_t n, const VarId *x, VarId z)
{
  post_minmax(s, n, x, z, true);
}
