/*
** pair.c -- (x, y) is one of a set of pairs: the binary table, domain
** consistent by bit masks.
**
** Hidoku's step(h, king, cell_of(h, N), cell_of(h, N + 1)) is a table of
** some 700 pairs of positions, 99 times over.  Walking the rows (table.c)
** costs every row on every call.  Here each value of x keeps the mask of
** the values of y it pairs with, and each value of y the mask of x's, so
**
**   y keeps   D(y) & (union over v in D(x) of the mask of v)
**   x keeps   D(x) & (union over w in the new D(y) of the mask of w)
**
** which is arc consistency in one pass each way (a value of y kept has a
** partner v in D(x), and v keeps that partner), at a cost of a few words
** per value instead of a walk over the rows.  The masks are made at post
** over the values x and y have then, at most PAIR_MAX_VALUES each and
** PAIR_MAX_WORDS words in all (256 KB).
*/
#include "engine/props/props.h"

#include <string.h>

/* Widest value window of x or y (64 words a mask), and most mask words. */
#define PAIR_MAX_VALUES 4096
#define PAIR_MAX_WORDS (1 << 15)

typedef struct Pairs {
  int64_t   xmin, ymin;     /* value of index 0 */
  uint32_t  xwords, ywords; /* words of a mask over x's values, y's values */
  uint32_t  xspan, yspan;   /* values in the windows */
  uint64_t *of_x;           /* per x index: y's partners, ywords each */
  uint64_t *of_y;           /* per y index: x's partners, xwords each */
  uint64_t *dx, *dy;       /* scratch: the domains as masks */
  uint8_t  *res_x, *res_y;  /* per value: the word where its last partner was */
} Pairs;

/*
** Keep the values of set (set_words words) that have a partner in other
** (words words; rows[i] is value i's mask of partners).  The word where
** value i last found one, res[i], is tried first: it usually still holds
** (AC-3 with residues, Lecoutre and Hemery 2007), so a value costs one
** test instead of a union over every value of the other side.  Residues
** are hints, not state: backtracking need not restore them.
*/
static bool keep_supported(uint64_t *set, uint32_t set_words, const uint64_t *rows,
                           uint32_t words, const uint64_t *other, uint8_t *res)
{
  bool changed = false;
  for (uint32_t k = 0; k < set_words; k++)
    for (uint64_t m = set[k]; m; m &= m - 1) {
      uint32_t i = 64 * k + (uint32_t)__builtin_ctzll(m);
      const uint64_t *r = rows + (size_t)i * words;
      if (r[res[i]] & other[res[i]])
        continue;
      uint32_t w = 0;
      while (w < words && !(r[w] & other[w]))
        w++;
      if (w < words) {
        res[i] = (uint8_t)w;
        continue;
      }
      set[k] &= ~((uint64_t)1 << (i & 63));
      changed = true;
    }
  return changed;
}

static PropStatus pair_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0], y = prop_vars(s, p)[1];
  Pairs *t = p->aux;
  dom_read_mask(s, x, t->xmin, t->xwords, t->dx);
  dom_read_mask(s, y, t->ymin, t->ywords, t->dy);
  if (keep_supported(t->dy, t->ywords, t->of_y, t->xwords, t->dx, t->res_y))
    PROP_TRY(dom_keep_mask(s, y, t->ymin, t->ywords, t->dy, p));
  if (keep_supported(t->dx, t->xwords, t->of_x, t->ywords, t->dy, t->res_x))
    PROP_TRY(dom_keep_mask(s, x, t->xmin, t->xwords, t->dx, p));
  return dom_is_fixed(s, x) && dom_is_fixed(s, y) ? PS_DONE : PS_FIX;
}

static bool pair_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  const Pairs *t = p->aux;
  int64_t i = v[0] - t->xmin, j = v[1] - t->ymin;
  if (i < 0 || i >= t->xspan || j < 0 || j >= t->yspan)
    return false;
  return t->of_x[(size_t)i * t->ywords + (uint64_t)j / 64] >> (j % 64) & 1;
}

static const PropClass pair_class = { "table", pair_propagate, pair_holds, NULL, NULL, NULL };

bool pair_fits(const Solver *s, VarId x, VarId y)
{
  if (x == y || !dom_is_bitset(s, x) || !dom_is_bitset(s, y))
    return false;
  int64_t xspan = (int64_t)dom_max(s, x) - dom_min(s, x) + 1;
  int64_t yspan = (int64_t)dom_max(s, y) - dom_min(s, y) + 1;
  if (xspan > PAIR_MAX_VALUES || yspan > PAIR_MAX_VALUES)
    return false;
  /* The masks take xspan * yspan bits twice: past PAIR_MAX_WORDS the
  ** rows of table.c are the better deal. */
  return xspan * ((yspan + 63) / 64) + yspan * ((xspan + 63) / 64) <= PAIR_MAX_WORDS;
}

void pair_post(Solver *s, VarId x, VarId y, size_t npairs, const int32_t *pairs)
{
  assert(pair_fits(s, x, y));
  int64_t xmin = dom_min(s, x), ymin = dom_min(s, y);
  uint32_t xspan = (uint32_t)(dom_max(s, x) - xmin + 1);
  uint32_t yspan = (uint32_t)(dom_max(s, y) - ymin + 1);
  uint32_t xw = (xspan + 63) / 64, yw = (yspan + 63) / 64;
  size_t nwords = (size_t)xspan * yw + (size_t)yspan * xw + 2 * (xw + yw);
  Pairs *t = xcalloc(1, sizeof *t + nwords * sizeof(uint64_t) + xspan + yspan);
  uint64_t *m = (uint64_t *)(t + 1);
  *t = (Pairs){ .xmin = xmin, .ymin = ymin, .xwords = xw, .ywords = yw,
                .xspan = xspan, .yspan = yspan };
  t->of_x = m;  m += (size_t)xspan * yw;
  t->of_y = m;  m += (size_t)yspan * xw;
  t->dx = m;    m += xw + yw;
  t->dy = m;    m += xw + yw;
  t->res_x = (uint8_t *)m;
  t->res_y = t->res_x + xspan;
  for (size_t k = 0; k < npairs; k++) {
    int64_t i = pairs[2 * k] - xmin, j = pairs[2 * k + 1] - ymin;
    if (i < 0 || i >= xspan || j < 0 || j >= yspan)
      continue;                         /* outside the domains: never valid */
    t->of_x[(size_t)i * yw + (size_t)j / 64] |= (uint64_t)1 << (j % 64);
    t->of_y[(size_t)j * xw + (size_t)i / 64] |= (uint64_t)1 << (i % 64);
  }
  VarId xs[2] = { x, y };
  Prop *p = prop_new(s, &pair_class, PC_CHEAP, 2, xs, 0, NULL);
  p->aux = t;
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
}
