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
** remainder takes the sign of x.  Each narrows x, y and z from the
** other two, one sign quadrant at a time (quadrants() below).  The divisor's domain should not hold 0:
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

/* --- div and mod: vars x, y, z --- */

/*
** Both split into sign quadrants.  In each, x' = sx * x >= 0 and
** y' = sy * y >= 1 (sx, sy in {1, -1}), and the relation becomes one over
** non-negative numbers, where every bound is a corner of the box:
**   div  z' = sx * sy * z = floor(x' / y'), so  z' y' <= x' <= z' y' + y' - 1;
**   mod  z' = sx * z = x' - q y' for q = floor(x' / y') >= 0, 0 <= z' < y'.
** Each quadrant's box is narrowed a few rounds (the fixpoint reruns the
** class for the rest), mapped back, and x, y and z keep the hull of the
** quadrants that are left: none left is a failure.  Values are int32_t,
** so x' and y' are at most 2^31 and every product or sum below fits in
** int64_t.  y = 0 is in no quadrant, but the hull of y's two sign parts
** spans it: a bounds-only y keeps 0 inside, which the verdict settles.
*/
typedef struct Box {
  int64_t lo[3], hi[3];                 /* x', y', z' */
} Box;

enum { BX, BY, BZ, BOX_ROUNDS = 4 };

static int64_t floor_nn(int64_t a, int64_t b) { return a / b; }  /* a >= 0, b >= 1 */
static int64_t ceil_nn(int64_t a, int64_t b) { return (a + b - 1) / b; }

static bool box_empty(const Box *b)
{
  return b->lo[BX] > b->hi[BX] || b->lo[BY] > b->hi[BY] || b->lo[BZ] > b->hi[BZ];
}

/* Narrow b by one rule: v's bounds to at least lo and at most hi. */
static void box_meet(Box *b, int v, int64_t lo, int64_t hi, bool *changed)
{
  if (lo > b->lo[v]) {
    b->lo[v] = lo;
    *changed = true;
  }
  if (hi < b->hi[v]) {
    b->hi[v] = hi;
    *changed = true;
  }
}

/* z' = floor(x' / y'): false when no point of b satisfies it. */
static bool div_box(Box *b)
{
  for (int round = 0; round < BOX_ROUNDS; round++) {
    bool changed = false;
    int64_t xl = b->lo[BX], xh = b->hi[BX], yl = b->lo[BY], yh = b->hi[BY];
    box_meet(b, BZ, floor_nn(xl, yh), floor_nn(xh, yl), &changed);
    if (box_empty(b))
      return false;
    int64_t zl = b->lo[BZ], zh = b->hi[BZ];
    box_meet(b, BX, zl * yl, zh * yh + yh - 1, &changed);
    if (box_empty(b))
      return false;
    xl = b->lo[BX];
    xh = b->hi[BX];
    /* z' <= x' / y' gives y' <= x' / z'; x' < (z' + 1) y' gives y' > x' / (z' + 1). */
    box_meet(b, BY, floor_nn(xl, zh + 1) + 1, zl > 0 ? floor_nn(xh, zl) : yh, &changed);
    if (box_empty(b))
      return false;
    if (!changed)
      break;
  }
  return true;
}

/* z' = x' mod y' (x' = q y' + z', q >= 0, 0 <= z' < y'): false when b has no solution. */
static bool mod_box(Box *b)
{
  for (int round = 0; round < BOX_ROUNDS; round++) {
    bool changed = false;
    box_meet(b, BZ, 0, b->hi[BX] < b->hi[BY] - 1 ? b->hi[BX] : b->hi[BY] - 1, &changed);
    if (box_empty(b))
      return false;
    box_meet(b, BY, b->lo[BZ] + 1, b->hi[BY], &changed);
    box_meet(b, BX, b->lo[BZ], b->hi[BX], &changed);
    if (box_empty(b))
      return false;
    int64_t xl = b->lo[BX], xh = b->hi[BX], yl = b->lo[BY], yh = b->hi[BY];
    int64_t zl = b->lo[BZ], zh = b->hi[BZ];
    /* q = floor(x' / y') = (x' - z') / y' */
    int64_t ql = max64(floor_nn(xl, yh), ceil_nn(max64(xl - zh, 0), yh));
    int64_t qh = min64(floor_nn(xh, yl), floor_nn(max64(xh - zl, 0), yl));
    if (ql > qh)
      return false;
    box_meet(b, BX, ql * yl + zl, qh * yh + zh, &changed);
    box_meet(b, BZ, xl - qh * yh, xh - ql * yl, &changed);
    if (box_empty(b))
      return false;
    /* y' = (x' - z') / q */
    xl = b->lo[BX];
    xh = b->hi[BX];
    zl = b->lo[BZ];
    zh = b->hi[BZ];
    box_meet(b, BY, qh > 0 && xl > zh ? ceil_nn(xl - zh, qh) : yl,
             ql > 0 ? floor_nn(max64(xh - zl, 0), ql) : yh, &changed);
    if (box_empty(b))
      return false;
    if (!changed)
      break;
  }
  return true;
}

/* The part of [lo, hi] whose sign is s (s * v >= least), as s * v. */
static bool sign_part(int64_t lo, int64_t hi, int s, int64_t least,
                      int64_t *plo, int64_t *phi)
{
  *plo = max64(s > 0 ? lo : -hi, least);
  *phi = s > 0 ? hi : -lo;
  return *plo <= *phi;
}

static PropStatus quadrants(Solver *s, Prop *p, bool is_div)
{
  VarId v[3] = { prop_vars(s, p)[0], prop_vars(s, p)[1], prop_vars(s, p)[2] };
  PROP_TRY(prop_remove(s, v[BY], 0, p));
  int64_t lo[3], hi[3], nlo[3], nhi[3];
  for (int k = 0; k < 3; k++) {
    lo[k] = dom_min(s, v[k]);
    hi[k] = dom_max(s, v[k]);
    nlo[k] = INT64_MAX;
    nhi[k] = INT64_MIN;
  }
  for (int sx = -1; sx <= 1; sx += 2)
    for (int sy = -1; sy <= 1; sy += 2) {
      int sign[3] = { sx, sy, is_div ? sx * sy : sx };
      int64_t least[3] = { 0, 1, 0 };
      Box b;
      bool open = true;
      for (int k = 0; k < 3 && open; k++)
        open = sign_part(lo[k], hi[k], sign[k], least[k], &b.lo[k], &b.hi[k]);
      if (!open || !(is_div ? div_box(&b) : mod_box(&b)))
        continue;
      for (int k = 0; k < 3; k++) {
        nlo[k] = min64(nlo[k], sign[k] > 0 ? b.lo[k] : -b.hi[k]);
        nhi[k] = max64(nhi[k], sign[k] > 0 ? b.hi[k] : -b.lo[k]);
      }
    }
  if (nlo[BX] > nhi[BX])
    return PS_FAIL;                     /* no quadrant has a solution */
  for (int k = 0; k < 3; k++) {
    PROP_TRY(dom_set_min(s, v[k], nlo[k], p));
    PROP_TRY(dom_set_max(s, v[k], nhi[k], p));
  }
  return verdict(s, p);
}

/* --- div: z = trunc(x / y), as in C --- */

static PropStatus div_propagate(Solver *s, Prop *p)
{
  return quadrants(s, p, true);
}

static bool div_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  (void)p;
  return v[1] != 0 && (int64_t)v[0] / v[1] == v[2];
}

static const PropClass div_class = { "div", div_propagate, div_holds, NULL, NULL, NULL };

/* --- mod: z = x % y as in C: |z| < |y|, and z has the sign of x --- */

static PropStatus mod_propagate(Solver *s, Prop *p)
{
  return quadrants(s, p, false);
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
