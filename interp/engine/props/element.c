/*
** element.c -- result = arr[idx - base], arr an array of variables
** (constants are fixed variables).
**
** Domain consistent on idx and on result: idx keeps i only when arr[i]
** and result share a value; result keeps only values some arr[i] with i
** in idx supports; once idx is fixed, arr[idx] and result are equated.
** Not idempotent (pruning result can cut supports of idx), so it returns
** PS_OK and the fixpoint runs it again when it changed its own variables.
** Bounds-only domains take part through their bounds.
*/
#include "engine/props/props.h"

/* vars: idx, result, arr[0..n); consts[0] = base; aux: scratch words
** for a multi-word result. */

/* Do the domains of a and b share a value? */
static bool intersects(const Solver *s, VarId a, VarId b)
{
  const Dom *da = dom_get(s, a), *db = dom_get(s, b);
  int64_t lo = da->lo > db->lo ? da->lo : db->lo;
  int64_t hi = da->hi < db->hi ? da->hi : db->hi;
  if (lo > hi)
    return false;
  if (da->nwords == 1 && db->nwords == 1)
    return (word_shift(da->bits, (int64_t)da->base - db->base) & db->bits) != 0;
  if (da->nwords == 0 || (db->nwords != 0 && db->size < da->size)) {
    VarId t = a;                        /* walk a, the smaller bitset */
    a = b;
    b = t;
  }
  if (!dom_is_bitset(s, a))
    return true;                        /* both bounds only: they overlap */
  int32_t v = dom_contains(s, a, lo) ? (int32_t)lo : dom_next(s, a, (int32_t)lo);
  for (; v <= hi; v = dom_next(s, a, v)) {
    if (dom_contains(s, b, v))
      return true;
    if (v >= dom_max(s, a))
      break;
  }
  return false;
}

/* Keep in result r (a one-word domain) only what arr[i] can take. */
static uint64_t support_word(const Solver *s, VarId r, VarId ai)
{
  const Dom *dr = dom_get(s, r), *da = dom_get(s, ai);
  if (da->nwords == 1)
    return word_shift(da->bits, (int64_t)da->base - dr->base);
  uint64_t m = 0;
  for (int32_t w = dr->lo;; w = dom_next(s, r, w)) {
    if (dom_contains(s, ai, w))
      m |= 1ull << (w - dr->base);
    if (w >= dr->hi)
      break;
  }
  return m;
}

static PropStatus element_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  VarId idx = x[0], res = x[1];
  const VarId *arr = x + 2;
  uint32_t n = p->nvars - 2;
  int64_t base = prop_consts(s, p)[0];
  PROP_TRY(dom_set_min(s, idx, base, p));
  PROP_TRY(dom_set_max(s, idx, base + n - 1, p));

  /* idx: drop the entries that cannot equal result. */
  for (int32_t v = dom_min(s, idx);; v = dom_next(s, idx, v)) {
    if (!intersects(s, arr[v - base], res))
      PROP_TRY(prop_remove(s, idx, v, p));
    if (v >= dom_max(s, idx))
      break;
  }

  /* result: keep the union of the supports. */
  const Dom *dr = dom_get(s, res);
  if (dr->nwords == 1) {
    uint64_t m = 0;
    for (int32_t v = dom_min(s, idx);; v = dom_next(s, idx, v)) {
      m |= support_word(s, res, arr[v - base]);
      if (v >= dom_max(s, idx))
        break;
    }
    PROP_TRY(dom_keep_word(s, res, m, p));
  } else if (dr->nwords > 1) {
    /* the union of the entries' domains, as masks over res's words */
    uint32_t nw = dr->nwords;
    int64_t rbase = dr->base, rend = rbase + 64 * (int64_t)nw - 1;
    uint64_t *m = p->aux, *a = m + nw;
    for (uint32_t k = 0; k < nw; k++)
      m[k] = 0;
    for (int32_t v = dom_min(s, idx);; v = dom_next(s, idx, v)) {
      VarId ai = arr[v - base];
      if (dom_is_bitset(s, ai)) {
        dom_read_mask(s, ai, rbase, nw, a);
        for (uint32_t k = 0; k < nw; k++)
          m[k] |= a[k];
      } else {                          /* bounds only: its whole range */
        int64_t lo = dom_min(s, ai) > rbase ? dom_min(s, ai) : rbase;
        int64_t hi = dom_max(s, ai) < rend ? dom_max(s, ai) : rend;
        for (int64_t w = lo; w <= hi; w++)
          m[(w - rbase) >> 6] |= 1ull << ((w - rbase) & 63);
      }
      if (v >= dom_max(s, idx))
        break;
    }
    PROP_TRY(dom_keep_mask(s, res, rbase, nw, m, p));
  } else {
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int32_t v = dom_min(s, idx);; v = dom_next(s, idx, v)) {
      VarId ai = arr[v - base];
      lo = dom_min(s, ai) < lo ? dom_min(s, ai) : lo;
      hi = dom_max(s, ai) > hi ? dom_max(s, ai) : hi;
      if (v >= dom_max(s, idx))
        break;
    }
    PROP_TRY(dom_set_min(s, res, lo, p));
    PROP_TRY(dom_set_max(s, res, hi, p));
  }

  if (!dom_is_fixed(s, idx))
    return PS_OK;
  /* idx fixed: arr[idx] may only take values result can take. */
  VarId ai = arr[dom_value(s, idx) - base];
  PROP_TRY(dom_set_min(s, ai, dom_min(s, res), p));
  PROP_TRY(dom_set_max(s, ai, dom_max(s, res), p));
  if (dom_is_bitset(s, ai) && dom_is_bitset(s, res)) {
    for (int32_t w = dom_min(s, ai);; w = dom_next(s, ai, w)) {
      if (!dom_contains(s, res, w))
        PROP_TRY(prop_remove(s, ai, w, p));
      if (w >= dom_max(s, ai))
        break;
    }
  }
  if (dom_is_fixed(s, ai) && dom_is_fixed(s, res))
    return dom_value(s, ai) == dom_value(s, res) ? PS_DONE : PS_FAIL;
  return PS_OK;
}

static bool element_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  int64_t i = (int64_t)v[0] - prop_consts(s, p)[0];
  return i >= 0 && i < p->nvars - 2 && v[1] == v[2 + i];
}

static const PropClass element_class = { "element", element_propagate,
                                         element_holds, NULL, NULL, NULL };

void post_element(Solver *s, VarId idx, int32_t base, size_t n,
                  const VarId *arr, VarId result)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  if (n == 0) {
    s->failed = true;
    return;
  }
  VEC(VarId) xs = {0};
  VEC_PUSH(xs, idx);
  VEC_PUSH(xs, result);
  for (size_t i = 0; i < n; i++)
    VEC_PUSH(xs, arr[i]);
  int64_t c = base;
  Prop *p = prop_new(s, &element_class, n <= 16 ? PC_CHEAP : PC_EXPENSIVE,
                     xs.len, xs.data, 1, &c);
  uint32_t nwords = dom_get(s, result)->nwords;
  if (nwords > 1)
    p->aux = xmalloc(2 * nwords * sizeof(uint64_t));
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
  VEC_FREE(xs);
}
