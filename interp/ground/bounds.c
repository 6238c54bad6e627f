/*
** bounds.c -- the grounder's own reasoning over the Model's constraints
** (see bounds.h): sound, cheap, and bounded in work.
*/
#include "ground/bounds.h"

#include <assert.h>
#include <stdlib.h>

#include "base/mem.h"
#include "base/sorted.h"

__extension__ typedef __int128 BWide;

/* Revisions one fixpoint may spend per constraint watched, beyond a floor. */
#define WORK_PER_STEP 64u
#define WORK_FLOOR 100000u

void bounds_free(Bounds *b)
{
  VEC_FREE(b->var);
  VEC_FREE(b->head);
  VEC_FREE(b->watch);
  VEC_FREE(b->queued);
  VEC_FREE(b->queue);
  VEC_FREE(b->consts);
  VEC_FREE(b->listed);
  *b = (Bounds){0};
}

/* The Bounds whose lists list_of reads: set by each entry point (one grounder at a time per Bounds). */
static const int32_t *list_of(const Bounds *b, const VarBounds *v)
{
  return b->listed.data + (v->list - 1);
}

static int i32_cmp(const void *l, const void *r)
{
  int32_t a = *(const int32_t *)l, c = *(const int32_t *)r;
  return (a > c) - (a < c);
}

void bounds_new_var(Bounds *b, const Model *m, ModelVar x)
{
  assert(x == b->var.len);
  (void)x;                              /* read only by the assert */
  const ModelStep *st = &VEC_LAST(m->steps);
  VarBounds v = {0};
  if (st->kind == MS_VAR_VALUES) {
    const int32_t *a = model_args(m, st);
    v.lo = v.hi = a[0];
    for (uint32_t i = 1; i < st->n; i++) {
      v.lo = a[i] < v.lo ? a[i] : v.lo;
      v.hi = a[i] > v.hi ? a[i] : v.hi;
    }
    if ((int64_t)v.hi - v.lo < 64) {
      v.has_bits = true;
      v.base = v.lo;
      for (uint32_t i = 0; i < st->n; i++)
        v.bits |= (uint64_t)1 << (a[i] - v.base);
    } else {
      size_t at = b->listed.len;          /* sorted, each once */
      for (uint32_t i = 0; i < st->n; i++)
        VEC_PUSH(b->listed, a[i]);
      qsort(b->listed.data + at, st->n, sizeof *b->listed.data, i32_cmp);
      size_t k = at;
      for (size_t i = at; i < b->listed.len; i++)
        if (i == at || b->listed.data[i] != b->listed.data[k - 1])
          b->listed.data[k++] = b->listed.data[i];
      b->listed.len = k;
      v.list = (uint32_t)at + 1;
      v.nlist = (uint32_t)(k - at);
    }
  } else {
    v.lo = st->kind == MS_CONST ? (int32_t)st->k : (int32_t)st->k;
    v.hi = st->kind == MS_CONST ? (int32_t)st->k : st->hi;
    if ((int64_t)v.hi - v.lo < 64) {
      v.has_bits = true;
      v.base = v.lo;
      v.bits = (int64_t)v.hi - v.lo == 63 ? ~(uint64_t)0
                                          : ((uint64_t)1 << (v.hi - v.lo + 1)) - 1;
    }
  }
  VEC_PUSH(b->var, v);
  VEC_PUSH(b->head, 0);
}

/* --- constants, made once per value --- */

static size_t const_slot(const Bounds *b, int32_t v)
{
  size_t mask = b->consts.len - 1;
  size_t h = ((uint32_t)v * 2654435761u) & mask;
  while (b->consts.data[h].x != UINT32_MAX && b->consts.data[h].value != v)
    h = (h + 1) & mask;
  return h;
}

uint32_t bounds_const_find(const Bounds *b, int32_t v)
{
  return b->consts.len ? b->consts.data[const_slot(b, v)].x : UINT32_MAX;
}

void bounds_const_add(Bounds *b, int32_t v, ModelVar x)
{
  if (2 * (b->nconsts + 1) > b->consts.len) {
    size_t oldlen = b->consts.len, cap = oldlen ? oldlen * 2 : 64;
    BoundsConst *old = b->consts.data;
    b->consts.data = xmalloc(cap * sizeof *old);
    b->consts.len = b->consts.cap = cap;
    for (size_t i = 0; i < cap; i++)
      b->consts.data[i].x = UINT32_MAX;
    for (size_t i = 0; i < oldlen; i++)
      if (old[i].x != UINT32_MAX)
        b->consts.data[const_slot(b, old[i].value)] = old[i];
    xfree(old);
  }
  b->consts.data[const_slot(b, v)] = (BoundsConst){v, x};
  b->nconsts++;
}

/* --- domains --- */

static bool in_bits(const VarBounds *v, int64_t x)
{
  return (v->bits >> (x - v->base)) & 1;
}

bool bounds_contains(const Bounds *b, ModelVar x, int64_t val)
{
  const VarBounds *v = &b->var.data[x];
  if (val < v->lo || val > v->hi)
    return false;
  if (v->has_bits)
    return in_bits(v, val);
  if (v->list) {
    uint32_t i = lower_bound_i32(list_of(b, v), v->nlist, val);
    return i < v->nlist && list_of(b, v)[i] == val;
  }
  return true;
}

/* The smallest value >= val in x's domain, ignoring its bounds' upper end; INT64_MAX: none. */
static int64_t at_least(const Bounds *b, const VarBounds *v, int64_t val)
{
  if (val < v->lo)
    val = v->lo;
  if (v->has_bits) {
    if (val - v->base >= 64)
      return INT64_MAX;
    uint64_t w = v->bits >> (val - v->base);
    return w ? val + __builtin_ctzll(w) : INT64_MAX;
  }
  if (v->list) {
    uint32_t i = lower_bound_i32(list_of(b, v), v->nlist, val);
    return i < v->nlist ? list_of(b, v)[i] : INT64_MAX;
  }
  return val;
}

/* The largest value <= val, ignoring its lower end; INT64_MIN: none. */
static int64_t at_most(const Bounds *b, const VarBounds *v, int64_t val)
{
  if (val > v->hi)
    val = v->hi;
  if (v->has_bits) {
    if (val < v->base)
      return INT64_MIN;
    uint64_t w = val - v->base == 63 ? v->bits : v->bits & (((uint64_t)2 << (val - v->base)) - 1);
    return w ? v->base + 63 - __builtin_clzll(w) : INT64_MIN;
  }
  if (v->list) {
    uint32_t i = lower_bound_i32(list_of(b, v), v->nlist, val + 1);
    return i > 0 ? list_of(b, v)[i - 1] : INT64_MIN;
  }
  return val;
}

int32_t bounds_next(const Bounds *b, ModelVar x, int32_t val)
{
  return (int32_t)at_least(b, &b->var.data[x], (int64_t)val + 1);
}

uint64_t bounds_size(const Bounds *b, ModelVar x)
{
  const VarBounds *v = &b->var.data[x];
  if (v->has_bits)
    return (uint64_t)__builtin_popcountll(v->bits);
  if (v->list) {
    const int32_t *a = list_of(b, v);
    return lower_bound_i32(a, v->nlist, (int64_t)v->hi + 1) - lower_bound_i32(a, v->nlist, v->lo);
  }
  return (uint64_t)((int64_t)v->hi - v->lo + 1);
}

/* x changed: wake the constraints that watch it. */
static void touched(Bounds *b, ModelVar x)
{
  b->narrowed = true;
  bool known = b->var.data[x].lo == b->var.data[x].hi;
  for (uint32_t w = b->head.data[x]; w; w = b->watch.data[w - 1].next) {
    uint32_t st = b->watch.data[w - 1].step;
    if (st != b->current && !b->queued.data[st] && (known || !b->watch.data[w - 1].on_fix)) {
      b->queued.data[st] = 1;
      VEC_PUSH(b->queue, st);
    }
  }
}

static void fail(Bounds *b)
{
  b->failed = true;
}

/* Keep only the values of x in lo..hi (after snapping to its values). */
static bool narrow(Bounds *b, ModelVar x, BWide lo, BWide hi)
{
  if (b->failed)
    return false;
  VarBounds *v = &b->var.data[x];
  if (lo <= v->lo && hi >= v->hi)
    return false;
  if (lo > v->hi || hi < v->lo) {
    fail(b);
    return false;
  }
  int64_t nlo = lo > v->lo ? at_least(b, v, (int64_t)lo) : v->lo;
  int64_t nhi = hi < v->hi ? at_most(b, v, (int64_t)hi) : v->hi;
  if (nlo == INT64_MAX || nhi == INT64_MIN || nlo > nhi) {
    fail(b);
    return false;
  }
  if (nlo == v->lo && nhi == v->hi)
    return false;
  v->lo = (int32_t)nlo;
  v->hi = (int32_t)nhi;
  if (v->has_bits) {
    uint64_t keep = ~(uint64_t)0;
    if (v->lo - v->base > 0)
      keep &= ~(uint64_t)0 << (v->lo - v->base);
    if (v->hi - v->base < 63)
      keep &= ((uint64_t)2 << (v->hi - v->base)) - 1;
    v->bits &= keep;
  }
  touched(b, x);
  return true;
}

static bool fix(Bounds *b, ModelVar x, BWide val)
{
  if (!b->failed && !bounds_contains(b, x, (int64_t)(val < INT64_MIN ? INT64_MIN : val > INT64_MAX ? INT64_MAX : val))) {
    fail(b);
    return false;
  }
  return narrow(b, x, val, val);
}

/* Take value val out of x's domain (an inner value only when x keeps its values as bits). */
static bool remove_value(Bounds *b, ModelVar x, int64_t val)
{
  if (b->failed || !bounds_contains(b, x, val))
    return false;
  VarBounds *v = &b->var.data[x];
  if (v->lo == v->hi) {
    fail(b);
    return false;
  }
  if (val == v->lo)
    return narrow(b, x, (BWide)val + 1, v->hi);
  if (val == v->hi)
    return narrow(b, x, v->lo, (BWide)val - 1);
  if (!v->has_bits)
    return false;
  v->bits &= ~((uint64_t)1 << (val - v->base));
  touched(b, x);
  return true;
}

/* --- the constraints --- */

static BWide floor_div(BWide a, BWide d)
{
  if (d == 1 || d == -1)                /* most coefficients: no 128-bit division */
    return d == 1 ? a : -a;
  BWide q = a / d;
  return (a % d != 0 && ((a < 0) != (d < 0))) ? q - 1 : q;
}

static BWide ceil_div(BWide a, BWide d)
{
  if (d == 1 || d == -1)
    return d == 1 ? a : -a;
  BWide q = a / d;
  return (a % d != 0 && ((a < 0) == (d < 0))) ? q + 1 : q;
}

static void term_range(const Bounds *b, int64_t a, ModelVar x, BWide *lo, BWide *hi)
{
  BWide p = (BWide)a * b->var.data[x].lo, q = (BWide)a * b->var.data[x].hi;
  *lo = p < q ? p : q;
  *hi = p < q ? q : p;
}

/* sign * sum(coef * x) REL k */
static void linear(Bounds *b, uint32_t n, const int32_t *coef, const int32_t *x,
                   int rel, BWide k, int sign)
{
  for (int pass = 0; pass < 16 && !b->failed; pass++) {
    BWide smin = 0, smax = 0;
    uint32_t open = 0, last = 0;
    for (uint32_t i = 0; i < n; i++) {
      BWide lo, hi;
      term_range(b, (int64_t)sign * coef[i], (ModelVar)x[i], &lo, &hi);
      smin += lo;
      smax += hi;
      if (lo != hi)
        open++, last = i;
    }
    bool changed = false;
    if (rel == MODEL_NE) {
      if (open == 0 && smin == k)
        fail(b);
      else if (open == 1) {
        BWide lo, hi, a = (BWide)sign * coef[last];
        term_range(b, (int64_t)a, (ModelVar)x[last], &lo, &hi);
        BWide rest = k - (smin - lo);
        if (rest % a == 0) {
          BWide val = rest / a;
          if (val >= INT32_MIN && val <= INT32_MAX)
            changed = remove_value(b, (ModelVar)x[last], (int64_t)val);
        }
      }
      if (!changed)
        return;
      continue;
    }
    if (smin > k || (rel == MODEL_EQ && smax < k)) {
      fail(b);
      return;
    }
    for (uint32_t i = 0; i < n && !b->failed; i++) {
      BWide a = (BWide)sign * coef[i], lo, hi;
      if (a == 0)
        continue;
      term_range(b, (int64_t)a, (ModelVar)x[i], &lo, &hi);
      BWide up = k - (smin - lo);              /* a * x <= up */
      BWide down = rel == MODEL_EQ ? k - (smax - hi) : -((BWide)1 << 100);   /* a * x >= down */
      BWide xlo, xhi;
      if (a > 0) {
        xhi = floor_div(up, a);
        xlo = rel == MODEL_EQ ? ceil_div(down, a) : INT32_MIN;
      } else {
        xlo = ceil_div(up, a);
        xhi = rel == MODEL_EQ ? floor_div(down, a) : INT32_MAX;
      }
      if (narrow(b, (ModelVar)x[i], xlo, xhi)) {
        changed = true;
        break;                                  /* the sums changed: again */
      }
    }
    if (!changed)
      return;
  }
}

/* Are two terms of sum(coef * x) not fixed?  Then a disequality over them rules nothing out. */
static bool two_open(const Bounds *b, uint32_t n, const int32_t *coef, const int32_t *x)
{
  uint32_t open = 0;
  for (uint32_t i = 0; i < n && open < 2; i++)
    open += coef[i] != 0 && b->var.data[x[i]].lo != b->var.data[x[i]].hi;
  return open >= 2;
}

static bool lit_true(const Bounds *b, ModelVar x, bool pos)
{
  return pos ? b->var.data[x].lo >= 1 : b->var.data[x].hi <= 0;
}

static void linear_reif(Bounds *b, const Model *m, const ModelStep *st)
{
  const int32_t *a = model_args(m, st);
  const int32_t *coef = a, *x = a + st->n;
  ModelVar z = st->z;
  const VarBounds *bz = &b->var.data[z];
  if (bz->lo == bz->hi) {
    bool holds = bz->lo != 0;
    int rel = st->rel;
    if (holds)
      linear(b, st->n, coef, x, rel, st->k, 1);
    else if (rel == MODEL_EQ)
      linear(b, st->n, coef, x, MODEL_NE, st->k, 1);
    else if (rel == MODEL_NE)
      linear(b, st->n, coef, x, MODEL_EQ, st->k, 1);
    else
      linear(b, st->n, coef, x, MODEL_LE, -(BWide)st->k - 1, -1);
    return;
  }
  BWide smin = 0, smax = 0;
  uint32_t open = 0, last = 0;
  for (uint32_t i = 0; i < st->n; i++) {
    BWide lo, hi;
    term_range(b, coef[i], (ModelVar)x[i], &lo, &hi);
    smin += lo;
    smax += hi;
    if (lo != hi)
      open++, last = i;
  }
  BWide k = st->k;
  int truth = -1;                               /* -1: open, 0: false, 1: true */
  if (st->rel == MODEL_LE)
    truth = smax <= k ? 1 : smin > k ? 0 : -1;
  else {
    int e = k < smin || k > smax ? 0 : smin == smax ? 1 : -1;
    if (e == -1 && open == 1) {                 /* one unknown: is its value in its domain? */
      BWide lo, hi, c = coef[last];
      term_range(b, coef[last], (ModelVar)x[last], &lo, &hi);
      BWide rest = k - (smin - lo);
      if (rest % c != 0 || rest / c < INT32_MIN || rest / c > INT32_MAX ||
          !bounds_contains(b, (ModelVar)x[last], (int64_t)(rest / c)))
        e = 0;
    }
    truth = e == -1 ? -1 : st->rel == MODEL_EQ ? e : !e;
  }
  if (truth >= 0)
    fix(b, z, truth);
}

static void clause(Bounds *b, const Model *m, const ModelStep *st)
{
  const int32_t *a = model_args(m, st);
  uint32_t open = 0, last = 0;
  for (uint32_t i = 0; i < st->n + st->m; i++) {
    ModelVar x = (ModelVar)a[i];
    if (lit_true(b, x, i < st->n))
      return;
    if (!lit_true(b, x, i >= st->n))
      open++, last = i;
  }
  if (open == 0)
    fail(b);
  else if (open == 1)
    fix(b, (ModelVar)a[last], last < st->n ? 1 : 0);
}

/* Set x's values to those of bits (a subset of its own): one change, or a failure. */
static void keep_bits(Bounds *b, ModelVar x, uint64_t bits)
{
  VarBounds *v = &b->var.data[x];
  if (bits == v->bits)
    return;
  if (!bits) {
    fail(b);
    return;
  }
  v->bits = bits;
  v->lo = v->base + __builtin_ctzll(bits);
  v->hi = v->base + 63 - __builtin_clzll(bits);
  touched(b, x);
}

/* No two alike: a known value leaves every other variable (in bulk for bit sets). */
static void distinct(Bounds *b, const Model *m, const ModelStep *st)
{
  const int32_t *a = model_args(m, st);
  int32_t small[64];
  int32_t *known = st->n <= 64 ? small : xmalloc(st->n * sizeof *known);
  for (uint32_t nknown = 0, seen = UINT32_MAX; !b->failed;) {
    nknown = 0;
    for (uint32_t i = 0; i < st->n; i++)
      if (bounds_fixed(b, (ModelVar)a[i]))
        known[nknown++] = b->var.data[a[i]].lo;
    if (nknown == seen)
      break;
    seen = nknown;
    /* the known values as bits above kbase, when they span less than 64:
       a value met twice fails at once, and each open variable loses them
       with one mask (the common case: digits, houses) */
    int32_t kbase = nknown ? known[0] : 0, ktop = kbase;
    for (uint32_t k = 1; k < nknown; k++) {
      kbase = known[k] < kbase ? known[k] : kbase;
      ktop = known[k] > ktop ? known[k] : ktop;
    }
    bool kbits = (int64_t)ktop - kbase < 64;
    uint64_t kmask = 0;
    for (uint32_t k = 0; kbits && k < nknown && !b->failed; k++) {
      uint64_t bit = (uint64_t)1 << (known[k] - kbase);
      if (kmask & bit)
        fail(b);                        /* two variables hold one value */
      kmask |= bit;
    }
    for (uint32_t j = 0; j < st->n && !b->failed; j++) {
      ModelVar y = (ModelVar)a[j];
      VarBounds *v = &b->var.data[y];
      uint32_t own = 0;                 /* y's own value, if known, may appear once */
      if (v->lo == v->hi) {
        if (kbits)
          continue;                     /* repeats were found above */
        for (uint32_t k = 0; k < nknown; k++)
          own += known[k] == v->lo;
        if (own > 1)
          fail(b);
        continue;
      }
      if (v->has_bits) {
        uint64_t out = 0;
        int64_t shift = (int64_t)kbase - v->base;
        if (kbits && shift >= 0 && shift < 64)
          out = kmask << shift;
        else if (kbits && shift < 0 && shift > -64)
          out = kmask >> -shift;
        else if (!kbits || shift >= 64 || shift <= -64)
          for (uint32_t k = 0; k < nknown; k++)
            if (known[k] >= v->base && (int64_t)known[k] - v->base < 64)
              out |= (uint64_t)1 << (known[k] - v->base);
        keep_bits(b, y, v->bits & ~out);
      } else {
        for (uint32_t k = 0; k < nknown && !b->failed; k++)
          remove_value(b, y, known[k]);
      }
    }
  }
  if (known != small)
    xfree(known);
}

static void table(Bounds *b, const Model *m, const ModelStep *st)
{
  const int32_t *a = model_args(m, st);
  const int32_t *rows = a + st->n;
  uint32_t n = st->n;
  /* cheap first: a table is read again only once one of its columns is known */
  uint32_t known = 0;
  while (known < n && !bounds_fixed(b, (ModelVar)a[known]))
    known++;
  if (known == n)
    return;
  uint64_t *bits = xcalloc(n + 1, sizeof *bits);
  int32_t *lo = xmalloc((n + 1) * sizeof *lo), *hi = xmalloc((n + 1) * sizeof *hi);
  for (uint32_t j = 0; j < n; j++)
    lo[j] = INT32_MAX, hi[j] = INT32_MIN;
  bool any = false;
  for (uint32_t r = 0; r < st->m; r++) {
    const int32_t *t = rows + (size_t)r * n;
    uint32_t j = 0;
    while (j < n && bounds_contains(b, (ModelVar)a[j], t[j]))
      j++;
    if (j < n)
      continue;
    any = true;
    for (j = 0; j < n; j++) {
      const VarBounds *v = &b->var.data[a[j]];
      if (v->has_bits)
        bits[j] |= (uint64_t)1 << (t[j] - v->base);
      lo[j] = t[j] < lo[j] ? t[j] : lo[j];
      hi[j] = t[j] > hi[j] ? t[j] : hi[j];
    }
  }
  if (!any)
    fail(b);
  for (uint32_t j = 0; j < n && any && !b->failed; j++) {
    ModelVar x = (ModelVar)a[j];
    narrow(b, x, lo[j], hi[j]);
    VarBounds *v = &b->var.data[x];
    if (!b->failed && v->has_bits && (v->bits & bits[j]) != v->bits) {
      v->bits &= bits[j];
      touched(b, x);
    }
  }
  xfree(bits);
  xfree(lo);
  xfree(hi);
}

/* z = arr[idx - base] */
static void element(Bounds *b, const Model *m, const ModelStep *st)
{
  const int32_t *arr = model_args(m, st);
  ModelVar idx = st->x, z = st->z;
  int64_t base = st->k;
  BWide zlo = INT64_MAX, zhi = INT64_MIN;
  int64_t from = b->var.data[idx].lo, to = b->var.data[idx].hi;
  for (int64_t i = from; i <= to && !b->failed; i++) {
    if (!bounds_contains(b, idx, i))
      continue;
    int64_t p = i - base;
    const VarBounds *vz = &b->var.data[z];
    if (p < 0 || p >= st->n || b->var.data[arr[p]].hi < vz->lo || b->var.data[arr[p]].lo > vz->hi) {
      remove_value(b, idx, i);
      continue;
    }
    zlo = b->var.data[arr[p]].lo < zlo ? b->var.data[arr[p]].lo : zlo;
    zhi = b->var.data[arr[p]].hi > zhi ? b->var.data[arr[p]].hi : zhi;
  }
  if (b->failed)
    return;
  if (zlo > zhi) {
    fail(b);
    return;
  }
  narrow(b, z, zlo, zhi);
  if (!b->failed && bounds_fixed(b, idx)) {
    int64_t p = b->var.data[idx].lo - base;
    ModelVar y = (ModelVar)arr[p];
    narrow(b, y, b->var.data[z].lo, b->var.data[z].hi);
    narrow(b, z, b->var.data[y].lo, b->var.data[y].hi);
  }
}

/* arr[pos - 1] = value */
static void cell_of(Bounds *b, const Model *m, const ModelStep *st)
{
  const int32_t *arr = model_args(m, st);
  ModelVar pos = st->x;
  int64_t from = b->var.data[pos].lo, to = b->var.data[pos].hi;
  for (int64_t p = from; p <= to && !b->failed; p++)
    if (bounds_contains(b, pos, p) &&
        (p < 1 || p > st->n || !bounds_contains(b, (ModelVar)arr[p - 1], st->k)))
      remove_value(b, pos, p);
  if (!b->failed && bounds_fixed(b, pos))
    fix(b, (ModelVar)arr[b->var.data[pos].lo - 1], st->k);
}

static void minmax(Bounds *b, const Model *m, const ModelStep *st, bool is_min)
{
  const int32_t *a = model_args(m, st);
  BWide lo = 0, hi = 0;
  for (uint32_t i = 0; i < st->n; i++) {
    const VarBounds *v = &b->var.data[a[i]];
    if (i == 0 || (is_min ? v->lo < lo : v->lo > lo))
      lo = v->lo;
    if (i == 0 || (is_min ? v->hi < hi : v->hi > hi))
      hi = v->hi;
  }
  narrow(b, st->z, lo, hi);
  /* min: every item >= z; max: every item <= z */
  for (uint32_t i = 0; i < st->n && !b->failed; i++)
    if (is_min)
      narrow(b, (ModelVar)a[i], b->var.data[st->z].lo, INT64_MAX);
    else
      narrow(b, (ModelVar)a[i], INT64_MIN, b->var.data[st->z].hi);
}

/* x * y in zl..zh with y > 0: the values x may take */
static void factor(Bounds *b, ModelVar x, ModelVar y, ModelVar z)
{
  const VarBounds *vy = &b->var.data[y], *vz = &b->var.data[z];
  if (vy->lo <= 0)
    return;
  BWide zl = vz->lo, zh = vz->hi;
  BWide lo = ceil_div(zl, zl >= 0 ? vy->hi : vy->lo);
  BWide hi = floor_div(zh, zh >= 0 ? vy->lo : vy->hi);
  narrow(b, x, lo, hi);
}

static void times(Bounds *b, const ModelStep *st)
{
  const VarBounds *x = &b->var.data[st->x], *y = &b->var.data[st->y];
  BWide c[4] = {(BWide)x->lo * y->lo, (BWide)x->lo * y->hi, (BWide)x->hi * y->lo, (BWide)x->hi * y->hi};
  BWide lo = c[0], hi = c[0];
  for (int i = 1; i < 4; i++) {
    lo = c[i] < lo ? c[i] : lo;
    hi = c[i] > hi ? c[i] : hi;
  }
  narrow(b, st->z, lo, hi);
  if (!b->failed)
    factor(b, st->x, st->y, st->z);
  if (!b->failed)
    factor(b, st->y, st->x, st->z);
}

static void abs_(Bounds *b, const ModelStep *st)
{
  const VarBounds *x = &b->var.data[st->x];
  BWide lo = x->lo, hi = x->hi;
  if (lo >= 0)
    narrow(b, st->z, lo, hi);
  else if (hi <= 0)
    narrow(b, st->z, -hi, -lo);
  else
    narrow(b, st->z, 0, -lo > hi ? -lo : hi);
  if (!b->failed)
    narrow(b, st->x, -(BWide)b->var.data[st->z].hi, b->var.data[st->z].hi);
}

static bool reasoned(ModelStepKind kind)
{
  switch (kind) {
  case MS_LINEAR: case MS_LINEAR_REIF: case MS_DISTINCT: case MS_ELEMENT: case MS_CELL_OF:
  case MS_TIMES: case MS_ABS: case MS_MIN: case MS_MAX: case MS_CLAUSE: case MS_TABLE:
    return true;
  default:
    return false;
  }
}

static void revise(Bounds *b, const Model *m, uint32_t step)
{
  const ModelStep *st = &m->steps.data[step];
  b->current = step;
  switch ((ModelStepKind)st->kind) {
  case MS_LINEAR: {
    const int32_t *a = model_args(m, st);
    if (st->rel == MODEL_NE && two_open(b, st->n, a, a + st->n))
      break;                            /* x - y != c with both open: nothing to do yet */
    linear(b, st->n, a, a + st->n, st->rel, st->k, 1);
    break;
  }
  case MS_LINEAR_REIF: linear_reif(b, m, st); break;
  case MS_DISTINCT: distinct(b, m, st); break;
  case MS_ELEMENT: element(b, m, st); break;
  case MS_CELL_OF: cell_of(b, m, st); break;
  case MS_TIMES: times(b, st); break;
  case MS_ABS: abs_(b, st); break;
  case MS_MIN: minmax(b, m, st, true); break;
  case MS_MAX: minmax(b, m, st, false); break;
  case MS_CLAUSE: clause(b, m, st); break;
  case MS_TABLE: table(b, m, st); break;
  default: break;
  }
  b->current = UINT32_MAX;
}

/* Wake the step when a variable it mentions changes. */
static void watch(Bounds *b, const Model *m, uint32_t step)
{
  const ModelStep *st = &m->steps.data[step];
  if (!reasoned((ModelStepKind)st->kind))
    return;
  ModelVar room[8];                     /* most steps: a few variables, no allocation */
  size_t need = (size_t)st->n + st->m + 3;
  ModelVar *xs = need <= 8 ? room : xmalloc(need * sizeof *xs);
  const int32_t *a = model_args(m, st);
  size_t n = 0;
  switch ((ModelStepKind)st->kind) {   /* a variable met twice is watched twice: harmless */
  case MS_LINEAR: case MS_LINEAR_REIF:
    for (uint32_t i = 0; i < st->n; i++)
      xs[n++] = (ModelVar)a[st->n + i];
    if (st->kind == MS_LINEAR_REIF)
      xs[n++] = st->z;
    break;
  case MS_CLAUSE:
    for (uint32_t i = 0; i < st->n + st->m; i++)
      xs[n++] = (ModelVar)a[i];
    break;
  case MS_DISTINCT: case MS_TABLE: case MS_ELEMENT: case MS_CELL_OF: case MS_MIN: case MS_MAX:
    for (uint32_t i = 0; i < st->n; i++)
      xs[n++] = (ModelVar)a[i];
    if (st->kind == MS_ELEMENT || st->kind == MS_CELL_OF)
      xs[n++] = st->x;
    if (st->kind == MS_ELEMENT || st->kind == MS_MIN || st->kind == MS_MAX)
      xs[n++] = st->z;
    break;
  default:                              /* times, abs */
    xs[n++] = st->x;
    if (st->kind == MS_TIMES)
      xs[n++] = st->y;
    xs[n++] = st->z;
    break;
  }
  for (size_t i = 0; i < n; i++) {
    bool on_fix = st->kind == MS_DISTINCT || st->kind == MS_TABLE || st->kind == MS_CLAUSE;
    VEC_PUSH(b->watch, ((BoundsWatch){step, b->head.data[xs[i]], on_fix}));
    b->head.data[xs[i]] = (uint32_t)b->watch.len;
  }
  if (xs != room)
    xfree(xs);
}

void bounds_mark(Bounds *b, const Model *m)
{
  b->upto = m->steps.len;
}

void bounds_settle(Bounds *b, const Model *m)
{
  if (b->done >= b->upto)
    return;
  while (b->queued.len < b->upto)
    VEC_PUSH(b->queued, 0);
  for (size_t i = b->done; i < b->upto; i++)
    if (reasoned((ModelStepKind)m->steps.data[i].kind)) {
      watch(b, m, (uint32_t)i);
      b->queued.data[i] = 1;
      VEC_PUSH(b->queue, (uint32_t)i);
    }
  b->done = b->upto;
  uint64_t budget = WORK_FLOOR + (uint64_t)WORK_PER_STEP * b->upto;
  for (size_t head = 0; head < b->queue.len; head++) {
    uint32_t step = b->queue.data[head];
    b->queued.data[step] = 0;
    if (b->failed || b->work >= budget)
      continue;
    b->work++;
    revise(b, m, step);
  }
  VEC_CLEAR(b->queue);
  b->work = 0;
}
