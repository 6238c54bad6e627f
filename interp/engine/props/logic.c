/*
** logic.c -- clauses and reified linear constraints over 0/1 variables.
**
** A clause watches two of its literals (MiniSat's two watched literals,
** without dynamic subscription: it is woken on every fixing of its
** variables but does O(1) work unless a watch went false).  Watches need
** no trail: backtracking only unfixes variables, so a watch that was not
** false stays not false.
**
** linear_reif is b <-> (sum a*x REL c): entailment fixes b, and a fixed b
** turns it into the linear constraint or its negation, run by the linear
** kernels.  The one-variable forms b <-> x = k and b <-> x <= k have their
** own small class because the front end produces them for every
** comparison in a clue.
*/
#include "engine/props/props.h"

#include <stdlib.h>
#include <string.h>

/* --- clause: vars are pos[0..npos) then neg[...]; consts[0] = npos --- */

/* Literal i is true, false or open: pos literals want 1, neg want 0. */
static bool lit_is_true(const Solver *s, const Prop *p, uint32_t i)
{
  VarId x = prop_vars(s, p)[i];
  int32_t want = i < prop_consts(s, p)[0] ? 1 : 0;
  return dom_is_fixed(s, x) && dom_value(s, x) == want;
}

static bool lit_is_false(const Solver *s, const Prop *p, uint32_t i)
{
  VarId x = prop_vars(s, p)[i];
  int32_t want = i < prop_consts(s, p)[0] ? 1 : 0;
  return dom_is_fixed(s, x) && dom_value(s, x) != want;
}

static Event lit_make_true(Solver *s, const Prop *p, uint32_t i)
{
  return dom_fix(s, prop_vars(s, p)[i], i < prop_consts(s, p)[0] ? 1 : 0, p);
}

static PropStatus clause_propagate(Solver *s, Prop *p)
{
  uint32_t *w = p->aux;
  if (p->state == 0) {
    /* First run, at the root: make every variable 0/1, for good. */
    for (uint32_t i = 0; i < p->nvars; i++) {
      PROP_TRY(dom_set_min(s, prop_vars(s, p)[i], 0, p));
      PROP_TRY(dom_set_max(s, prop_vars(s, p)[i], 1, p));
    }
    prop_set_state(s, p, 1);
  }
  if (p->nvars == 1) {
    PROP_TRY(lit_make_true(s, p, 0));
    return PS_DONE;
  }
  for (int j = 0; j < 2; j++) {
    if (lit_is_true(s, p, w[j]))
      return PS_DONE;
    if (!lit_is_false(s, p, w[j]))
      continue;
    /* Find a replacement watch that is not false. */
    uint32_t k;
    for (k = 0; k < p->nvars; k++)
      if (k != w[0] && k != w[1] && !lit_is_false(s, p, k))
        break;
    if (k < p->nvars) {
      if (lit_is_true(s, p, k))
        return PS_DONE;
      w[j] = k;
      continue;
    }
    /* Every literal but the other watch is false: it must hold. */
    PROP_TRY(lit_make_true(s, p, w[1 - j]));
    return PS_DONE;
  }
  return PS_FIX;
}

static bool clause_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  int64_t npos = prop_consts(s, p)[0];
  for (uint32_t i = 0; i < p->nvars; i++)
    if (v[i] == (i < npos ? 1 : 0))
      return true;
  return false;
}

static const PropClass clause_class = { "clause", clause_propagate,
                                        clause_holds, NULL, NULL, NULL };

static int var_cmp(const void *l, const void *r)
{
  VarId a = *(const VarId *)l, b = *(const VarId *)r;
  return (a > b) - (a < b);
}

/* The distinct variables of x[0..n), sorted, into out; returns how many. */
static size_t distinct_vars(const VarId *x, size_t n, VarId *out)
{
  if (n == 0)
    return 0;
  memcpy(out, x, n * sizeof *out);
  qsort(out, n, sizeof *out, var_cmp);
  size_t m = 1;
  for (size_t i = 1; i < n; i++)
    if (out[i] != out[m - 1])
      out[m++] = out[i];
  return m;
}

void post_clause(Solver *s, size_t npos, const VarId *pos, size_t nneg,
                 const VarId *neg)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  if (npos + nneg == 0) {
    s->failed = true;                   /* the empty clause */
    return;
  }
  /* Each literal once: two watches on one literal would never see the
  ** clause turn unit (x or x or y with y = 0 left x open). */
  VarId *xs = xmalloc((npos + nneg) * sizeof *xs);
  size_t np = distinct_vars(pos, npos, xs);
  size_t n = np + distinct_vars(neg, nneg, xs + np);
  int64_t c = (int64_t)np;
  Prop *p = prop_new(s, &clause_class, PC_CHEAP, n, xs, 1, &c);
  uint32_t *w = xmalloc(2 * sizeof *w);
  w[0] = 0;
  w[1] = n > 1 ? 1 : 0;
  p->aux = w;
  prop_subscribe_all(s, p, EV_VAL);
  prop_post(s, p);
  xfree(xs);
}

/* --- reif1: b <-> ((x REL k) xor neg), REL in {EQ, LE};
** vars x, b; consts rel, k, neg --- */

static PropStatus reif1_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0], b = prop_vars(s, p)[1];
  const int64_t *c = prop_consts(s, p);
  int64_t rel = c[0], k = c[1], neg = c[2];
  PROP_TRY(dom_set_min(s, b, 0, p));
  PROP_TRY(dom_set_max(s, b, 1, p));
  if (dom_is_fixed(s, b)) {
    bool truth = (dom_value(s, b) == 1) != (neg != 0);
    if (rel == LIN_LE) {
      PROP_TRY(truth ? dom_set_max(s, x, k, p) : dom_set_min(s, x, k + 1, p));
      return PS_DONE;
    }
    if (truth) {
      PROP_TRY(dom_fix(s, x, k, p));
      return PS_DONE;
    }
    PROP_TRY(prop_remove(s, x, k, p));
    return dom_contains(s, x, k) ? PS_FIX : PS_DONE;
  }
  int known = -1;                       /* truth of x REL k, if decided */
  if (rel == LIN_LE) {
    if (dom_max(s, x) <= k)
      known = 1;
    else if (dom_min(s, x) > k)
      known = 0;
  } else {
    if (!dom_contains(s, x, k))
      known = 0;
    else if (dom_is_fixed(s, x))
      known = 1;
  }
  if (known < 0)
    return PS_FIX;
  PROP_TRY(dom_fix(s, b, known != (neg != 0), p));
  return PS_DONE;
}

static bool reif1_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  const int64_t *c = prop_consts(s, p);
  bool truth = c[0] == LIN_LE ? v[0] <= c[1] : v[0] == c[1];
  return (v[1] == 1) == (truth != (c[2] != 0)) && (v[1] == 0 || v[1] == 1);
}

static const PropClass reif1_class = { "linear_reif", reif1_propagate,
                                       reif1_holds, NULL, NULL, NULL };

/* --- lin_reif: vars x[0..n), b; consts a[0..n), c, rel --- */

static PropStatus reif_propagate(Solver *s, Prop *p)
{
  uint32_t n = p->nvars - 1;
  const VarId *x = prop_vars(s, p);
  VarId b = x[n];
  const int64_t *a = prop_consts(s, p);
  int64_t c = a[n], rel = a[n + 1];
  PROP_TRY(dom_set_min(s, b, 0, p));
  PROP_TRY(dom_set_max(s, b, 1, p));
  if (dom_is_fixed(s, b)) {
    bool truth = dom_value(s, b) == 1;
    switch (rel) {
    case LIN_EQ:
      return truth ? lin_eq(s, p, n, x, a, c) : lin_ne(s, p, n, x, a, c);
    case LIN_NE:
      return truth ? lin_ne(s, p, n, x, a, c) : lin_eq(s, p, n, x, a, c);
    default:
      /* not (sum <= c) is sum >= c + 1, that is -sum <= -c - 1 */
      return truth ? lin_le(s, p, n, x, a, 1, c)
                   : lin_le(s, p, n, x, a, -1, -c - 1);
    }
  }
  int64_t smin, smax;
  lin_bounds(s, n, x, a, &smin, &smax);
  int known = -1;                       /* truth of the linear, if decided */
  if (rel == LIN_LE) {
    if (smax <= c)
      known = 1;
    else if (smin > c)
      known = 0;
  } else {
    if (c < smin || c > smax)
      known = 0;
    else if (smin == smax)
      known = 1;
    if (known >= 0 && rel == LIN_NE)
      known = !known;
  }
  if (known < 0)
    return PS_FIX;
  PROP_TRY(dom_fix(s, b, known, p));
  return PS_DONE;
}

static bool reif_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  uint32_t n = p->nvars - 1;
  const int64_t *a = prop_consts(s, p);
  int64_t sum = 0;
  for (uint32_t i = 0; i < n; i++)
    sum += a[i] * v[i];
  bool truth = a[n + 1] == LIN_EQ ? sum == a[n]
             : a[n + 1] == LIN_NE ? sum != a[n] : sum <= a[n];
  return (v[n] == 0 || v[n] == 1) && (v[n] == 1) == truth;
}

static const PropClass reif_class = { "linear_reif", reif_propagate,
                                      reif_holds, NULL, NULL, NULL };

void post_linear_reif(Solver *s, size_t n, const int32_t *coef,
                      const VarId *x, LinRel rel, int64_t rhs, VarId b)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  LinForm f;
  LinTruth t = lin_normalize(s, n, coef, x, rel, rhs, &f);
  if (t != LIN_OPEN) {
    lin1_post(s, b, LIN_EQ, t == LIN_TRUE);
  } else if (f.n == 1) {
    /* With a = -1: -x = k is x = -k; -x <= k is x >= -k, the negation
    ** of x <= -k - 1; -x != k is the negation of x = -k. */
    int64_t k = f.a[0] == 1 ? f.rhs : -f.rhs, neg = rel == LIN_NE;
    int64_t r = rel == LIN_LE ? LIN_LE : LIN_EQ;
    if (rel == LIN_LE && f.a[0] == -1) {
      k = -f.rhs - 1;
      neg = 1;
    }
    int64_t c[3] = { r, k, neg };
    VarId xs[2] = { f.x[0], b };
    Prop *p = prop_new(s, &reif1_class, PC_CHEAP, 2, xs, 3, c);
    prop_subscribe(s, p, f.x[0], r == LIN_LE ? EV_BND : EV_DOM);
    prop_subscribe(s, p, b, EV_VAL);
    prop_post(s, p);
  } else {
    VEC(int64_t) c = {0};
    VEC(VarId) xs = {0};
    for (size_t i = 0; i < f.n; i++) {
      VEC_PUSH(c, f.a[i]);
      VEC_PUSH(xs, f.x[i]);
    }
    VEC_PUSH(c, f.rhs);
    VEC_PUSH(c, (int64_t)rel);
    VEC_PUSH(xs, b);
    Prop *p = prop_new(s, &reif_class, f.n <= 8 ? PC_CHEAP : PC_EXPENSIVE,
                       xs.len, xs.data, c.len, c.data);
    for (size_t i = 0; i < f.n; i++)
      prop_subscribe(s, p, f.x[i], EV_BND);
    prop_subscribe(s, p, b, EV_VAL);
    prop_post(s, p);
    VEC_FREE(c);
    VEC_FREE(xs);
  }
  lin_form_free(&f);
}
