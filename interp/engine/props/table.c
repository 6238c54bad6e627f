/*
** table.c -- (x[0], ..., x[n-1]) is one of the rows of a table of tuples.
**
** Domain consistent, by the simple form of generalized arc consistency
** that suits puzzle tables (a few hundred rows of 2 to 4 values): a row
** is valid while each of its values is in its variable's domain, and a
** value keeps its place only when some valid row uses it.
**
** The valid rows are a sparse set of row indices (as in distinct's dval):
** perm[0..state) are the valid rows, and an invalid row is swapped past
** the boundary.  Only the boundary, the trailed prop state, needs
** restoring on backtrack: later swaps stay inside the smaller prefix, so
** an older boundary still delimits the same set.  Each call walks the
** valid rows once, drops the ones that lost a value, and collects the
** values of the others in a per-variable mask; then every variable keeps
** only its masked values.  Removed values were used by no valid row, so
** the result is at its own fixpoint (PS_FIX).
**
** Bounds-only domains take part through their bounds: a row counts as
** valid when its value lies between them, and the variable is narrowed
** to the smallest and largest supported values.  Once every variable is
** fixed, the valid rows are exactly the rows equal to the assignment, so
** the check is exact there.  All memory is allocated at post.
*/
#include "engine/props/props.h"

#include <string.h>

/* vars: x[0..n); no consts; aux: one Table block; state: valid rows. */

typedef struct Table {
  uint32_t  n;          /* arity */
  uint32_t  nrows;      /* rows kept (repeated variables filtered) */
  int32_t  *rows;       /* nrows * n values, row-major */
  uint32_t *perm;       /* sparse set of row indices: valid ones first */
  uint32_t *first_mask; /* per var: first word of its mask in masks */
  uint64_t *masks;      /* per var: supported values, bit i = base + i */
  int64_t  *lo, *hi;    /* per bounds-only var: supported extremes */
} Table;

/* Is row r still possible on the current domains? */
static bool row_is_valid(const Solver *s, const VarId *x, const int32_t *r,
                         uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    if (!dom_contains(s, x[i], r[i]))
      return false;
  return true;
}

/* Keep in x only the values set in mask (the words of its bitset domain
** between lo and hi). */
static Event keep_mask(Solver *s, VarId x, const uint64_t *mask,
                       const Prop *p)
{
  const Dom *d = dom_get(s, x);
  if (d->nwords == 1)
    return dom_keep_word(s, x, mask[0], p);
  uint32_t k0 = (uint32_t)((int64_t)d->lo - d->base) >> 6;
  uint32_t k1 = (uint32_t)((int64_t)d->hi - d->base) >> 6;
  int32_t base = d->base;
  Event ev = EV_NONE;
  for (uint32_t k = k0; k <= k1; k++) {
    uint64_t gone = dom_word(s, d, k) & ~mask[k];
    for (; gone; gone &= gone - 1) {
      int64_t v = (int64_t)base + k * 64 + __builtin_ctzll(gone);
      Event e = prop_remove(s, x, v, p);
      if (e == EV_FAIL)
        return EV_FAIL;
      ev = e > ev ? e : ev;
    }
  }
  return ev;
}

static PropStatus table_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  Table *t = p->aux;
  uint32_t n = t->n, size = p->state;

  /* Clear the masks over the current bounds; bounds-only vars use lo/hi. */
  int64_t *lo = t->lo, *hi = t->hi;
  for (uint32_t i = 0; i < n; i++) {
    const Dom *d = dom_get(s, x[i]);
    lo[i] = INT64_MAX;
    hi[i] = INT64_MIN;
    if (d->nwords == 0)
      continue;
    uint32_t k0 = (uint32_t)((int64_t)d->lo - d->base) >> 6;
    uint32_t k1 = (uint32_t)((int64_t)d->hi - d->base) >> 6;
    memset(&t->masks[t->first_mask[i] + k0], 0, (k1 - k0 + 1) * sizeof(uint64_t));
  }

  /* Walk the valid rows downwards, so a row swapped in from the end has
  ** already been seen; collect the values of the rows that stay. */
  for (uint32_t j = size; j-- > 0;) {
    const int32_t *r = &t->rows[(size_t)t->perm[j] * n];
    if (!row_is_valid(s, x, r, n)) {
      uint32_t tmp = t->perm[j];
      t->perm[j] = t->perm[--size];
      t->perm[size] = tmp;
      continue;
    }
    for (uint32_t i = 0; i < n; i++) {
      const Dom *d = dom_get(s, x[i]);
      if (d->nwords) {
        uint32_t off = (uint32_t)((int64_t)r[i] - d->base);
        t->masks[t->first_mask[i] + (off >> 6)] |= 1ull << (off & 63);
      } else {
        lo[i] = r[i] < lo[i] ? r[i] : lo[i];
        hi[i] = r[i] > hi[i] ? r[i] : hi[i];
      }
    }
  }
  prop_set_state(s, p, size);
  if (size == 0)
    return PS_FAIL;

  bool all_fixed = true;
  for (uint32_t i = 0; i < n; i++) {
    if (dom_is_bitset(s, x[i])) {
      PROP_TRY(keep_mask(s, x[i], &t->masks[t->first_mask[i]], p));
    } else {
      PROP_TRY(dom_set_min(s, x[i], lo[i], p));
      PROP_TRY(dom_set_max(s, x[i], hi[i], p));
    }
    all_fixed &= dom_is_fixed(s, x[i]);
  }
  /* Fixed variables and a valid row: that row is the assignment. */
  return all_fixed ? PS_DONE : PS_FIX;
}

static bool table_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  const Table *t = p->aux;
  for (uint32_t j = 0; j < t->nrows; j++)
    if (memcmp(&t->rows[(size_t)j * t->n], v, t->n * sizeof *v) == 0)
      return true;
  return false;
}

static const PropClass table_class = { "table", table_propagate, table_holds, NULL, NULL, NULL };

/* Does row r give the same value to every repeated variable? */
static bool row_is_coherent(const VarId *x, size_t n, const int32_t *r)
{
  for (size_t i = 0; i < n; i++)
    for (size_t k = i + 1; k < n; k++)
      if (x[i] == x[k] && r[i] != r[k])
        return false;
  return true;
}

/* Tables up to this many values run with the cheap propagators. */
#define TABLE_CHEAP_VALUES 256

void post_table(Solver *s, size_t n, const VarId *x, size_t ntuples,
                const int32_t *tuples)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  if (ntuples == 0) {
    s->failed = true;
    return;
  }
  if (n == 0)
    return;                             /* the empty tuple is a row */
  assert(n <= UINT32_MAX && ntuples <= UINT32_MAX);
  if (n == 2 && pair_fits(s, x[0], x[1])) {
    pair_post(s, x[0], x[1], ntuples, tuples);
    return;
  }

  /* One block: header, masks, extremes, rows, perm, mask offsets. */
  size_t nmask = 0;
  for (size_t i = 0; i < n; i++)
    nmask += dom_get(s, x[i])->nwords;
  size_t size = sizeof(Table) + (nmask + 2 * n) * sizeof(uint64_t) +
                ntuples * n * sizeof(int32_t) +
                (ntuples + n) * sizeof(uint32_t);
  Table *t = xcalloc(1, size);
  char *m = (char *)(t + 1);
  t->masks = (uint64_t *)m;      m += nmask * sizeof(uint64_t);
  t->lo = (int64_t *)m;          m += n * sizeof(int64_t);
  t->hi = (int64_t *)m;          m += n * sizeof(int64_t);
  t->rows = (int32_t *)m;        m += ntuples * n * sizeof(int32_t);
  t->perm = (uint32_t *)m;       m += ntuples * sizeof(uint32_t);
  t->first_mask = (uint32_t *)m;
  t->n = (uint32_t)n;
  for (size_t i = 0, w = 0; i < n; i++) {
    t->first_mask[i] = (uint32_t)w;
    w += dom_get(s, x[i])->nwords;
  }
  /* A variable listed twice takes one value: drop rows that disagree. */
  for (size_t j = 0; j < ntuples; j++) {
    const int32_t *r = &tuples[j * n];
    if (!row_is_coherent(x, n, r))
      continue;
    memcpy(&t->rows[(size_t)t->nrows * n], r, n * sizeof *r);
    t->perm[t->nrows] = t->nrows;
    t->nrows++;
  }
  if (t->nrows == 0) {
    xfree(t);
    s->failed = true;
    return;
  }

  Prop *p = prop_new(s, &table_class,
                     (size_t)t->nrows * n <= TABLE_CHEAP_VALUES ? PC_CHEAP
                                                                : PC_EXPENSIVE,
                     n, x, 0, NULL);
  p->aux = t;
  p->state = t->nrows;                  /* root: nothing to trail */
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
}
