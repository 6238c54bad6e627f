/*
** distinct.c -- all different.
**
** Two propagators share the work, as in Gecode's "dom" distinct:
**
**  - dval (cheap, on fixing): when a variable is fixed, remove its value
**    from the others.  A sparse-set partition of the variables (fixed ones
**    first; the boundary is the trailed prop state) makes each call look
**    only at variables not yet handled on this branch.
**
**  - dgac (expensive, on any change): Regin's generalized arc consistency.
**    Find a maximum matching of variables to values (repairing the one
**    kept from the previous call), then an edge var-value survives only if
**    it is matched, lies on an alternating cycle (same strongly connected
**    component) or on an even alternating path from a free value.  The
**    graph is contracted to the variables: var i points to var k when i
**    can take the value matched to k; Tarjan's algorithm runs on that
**    graph without recursion.  All scratch memory is allocated at post.
**
**  - dbnd (expensive, on bounds), for groups spanning more than 256
**    values: Hall intervals, O(n log n); dgac then waits until at most
**    256 variables are open (see dbnd below).
**
** Bounds-only (wide) domains get dval plus a pigeonhole check; dval then
** also compares a newly fixed value with the earlier fixed ones, because a
** bounds-only domain cannot record the removal of an inner value.
*/
#include "engine/props/props.h"
#include "engine/props/gac_word.h"

#include <stdlib.h>
#include <string.h>

/* --- dval: vars x; aux perm[n]; state = number of handled fixed vars;
** consts[0] = 1 when some domain is bounds-only --- */

static PropStatus dval_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  uint32_t n = p->nvars, *perm = p->aux, nfixed = p->state;
  bool wide = prop_consts(s, p)[0] != 0;
  for (uint32_t i = nfixed; i < n;) {
    VarId xi = x[perm[i]];
    if (!dom_is_fixed(s, xi)) {
      i++;
      continue;
    }
    int32_t v = dom_value(s, xi);
    if (wide)
      for (uint32_t j = 0; j < nfixed; j++)
        if (dom_value(s, x[perm[j]]) == v)
          return PS_FAIL;
    uint32_t t = perm[i];
    perm[i] = perm[nfixed];
    perm[nfixed++] = t;
    for (uint32_t j = nfixed; j < n; j++)
      PROP_TRY(prop_remove(s, x[perm[j]], v, p));
    i = nfixed;                         /* removals may have fixed others */
  }
  prop_set_state(s, p, nfixed);
  if (nfixed == n)
    return PS_DONE;
  if (wide) {
    /* Pigeonhole: the open variables need as many values as they are. */
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (uint32_t j = nfixed; j < n; j++) {
      lo = dom_min(s, x[perm[j]]) < lo ? dom_min(s, x[perm[j]]) : lo;
      hi = dom_max(s, x[perm[j]]) > hi ? dom_max(s, x[perm[j]]) : hi;
    }
    if (hi - lo + 1 < (int64_t)(n - nfixed))
      return PS_FAIL;
  }
  return PS_FIX;
}

static bool distinct_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  for (uint32_t i = 0; i < p->nvars; i++)
    for (uint32_t j = i + 1; j < p->nvars; j++)
      if (v[i] == v[j])
        return false;
  return true;
}

static const PropClass dval_class = { "distinct", dval_propagate,
                                      distinct_holds, NULL, NULL, NULL };

bool dval_is(const Prop *p)
{
  return p->cls == &dval_class;
}

/* --- dgac --- */

#define UNSEEN UINT32_MAX

typedef struct Gac {
  int64_t   vmin;       /* value of value index 0 */
  uint32_t  nvars;      /* var indices 0..nvars-1 */
  uint32_t  nvals;      /* value indices 0..nvals-1 */
  uint32_t  stamp;      /* for seen[] in the matching search */
  int32_t  *var_match;  /* per var: matched value index, or -1 */
  int32_t  *val_match;  /* per value index: matched var, or -1 */
  uint32_t *seen;       /* per var: stamp of the last BFS that reached it */
  uint32_t *parent;     /* per var: the BFS predecessor */
  uint32_t *queue;      /* BFS queue of vars */
  uint32_t *index;      /* Tarjan: DFS number, or UNSEEN */
  uint32_t *low;        /* Tarjan: lowlink */
  uint32_t *stack;      /* Tarjan: the component stack */
  uint32_t *call;       /* Tarjan: the explicit DFS stack */
  uint32_t *comp;       /* per var: component number */
  uint8_t  *onstack;    /* per var */
  uint8_t  *part;       /* per var: reaches a free value (so far) */
  uint8_t  *reach;      /* per component: reaches a free value */
  int64_t  *iter;       /* per var: last value examined by the DFS */
  uint32_t  words;      /* words per value mask for the shortcut, or 0 */
  uint64_t *masks;      /* shortcut scratch: n domains, then nvals rows */
} Gac;

/* The bit-parallel shortcut of dgac serves value spans up to this. */
#define GAC_MASK_VALUES 256
/*
** Over wider spans dgac runs only with at most this many variables open
** (dbnd prunes by Hall intervals until then); narrower spans cannot have
** more variables than this.
*/
#define GAC_OPEN_MAX 256

/* One block for the header and every array, so xfree(aux) frees it all. */
static Gac *gac_new(uint32_t n, int64_t vmin, uint32_t nvals)
{
  uint32_t words = nvals <= GAC_MASK_VALUES ? (nvals + 63) / 64 : 0;
  size_t size = sizeof(Gac) + (size_t)(n + nvals) * words * sizeof(uint64_t) +
                n * sizeof(int64_t) + (n + nvals) * sizeof(int32_t) +
                8 * n * sizeof(uint32_t) + 3 * n;
  Gac *g = xcalloc(1, size);
  char *m = (char *)(g + 1);
  g->vmin = vmin;
  g->nvars = n;
  g->nvals = nvals;
  g->words = words;
  g->masks = (uint64_t *)m;     m += (size_t)(n + nvals) * words * sizeof(uint64_t);
  g->iter = (int64_t *)m;       m += n * sizeof(int64_t);
  g->var_match = (int32_t *)m;  m += n * sizeof(int32_t);
  g->val_match = (int32_t *)m;  m += nvals * sizeof(int32_t);
  g->seen = (uint32_t *)m;      m += n * sizeof(uint32_t);
  g->parent = (uint32_t *)m;    m += n * sizeof(uint32_t);
  g->queue = (uint32_t *)m;     m += n * sizeof(uint32_t);
  g->index = (uint32_t *)m;     m += n * sizeof(uint32_t);
  g->low = (uint32_t *)m;       m += n * sizeof(uint32_t);
  g->stack = (uint32_t *)m;     m += n * sizeof(uint32_t);
  g->call = (uint32_t *)m;      m += n * sizeof(uint32_t);
  g->comp = (uint32_t *)m;      m += n * sizeof(uint32_t);
  g->onstack = (uint8_t *)m;    m += n;
  g->part = (uint8_t *)m;       m += n;
  g->reach = (uint8_t *)m;
  for (uint32_t i = 0; i < n; i++)
    g->var_match[i] = -1;
  for (uint32_t j = 0; j < nvals; j++)
    g->val_match[j] = -1;
  return g;
}

/*
** Match var r by an augmenting path found breadth first: from r through
** its values to the vars matched to them, until a free value turns up;
** then shift every var on the path to the value that led to its successor.
*/
static bool augment(const Solver *s, const VarId *x, Gac *g, uint32_t r)
{
  if (++g->stamp == 0) {
    memset(g->seen, 0, g->nvars * sizeof *g->seen);
    g->stamp = 1;
  }
  uint32_t head = 0, tail = 0;
  g->queue[tail++] = r;
  g->seen[r] = g->stamp;
  while (head < tail) {
    uint32_t u = g->queue[head++];
    VarId xu = x[u];
    for (int32_t v = dom_min(s, xu);; v = dom_next(s, xu, v)) {
      int32_t j = (int32_t)(v - g->vmin), w = g->val_match[j];
      if (w < 0) {
        for (uint32_t cur = u;;) {
          int32_t old = g->var_match[cur];
          g->var_match[cur] = j;
          g->val_match[j] = (int32_t)cur;
          if (cur == r)
            return true;
          j = old;
          cur = g->parent[cur];
        }
      }
      if (g->seen[w] != g->stamp) {
        g->seen[w] = g->stamp;
        g->parent[w] = u;
        g->queue[tail++] = (uint32_t)w;
      }
      if (v >= dom_max(s, xu))
        break;
    }
  }
  return false;
}

/* Next value of var u's domain after iter[u], or false when done. */
static bool next_value(const Solver *s, VarId xu, int64_t *it, int32_t *v)
{
  if (*it >= dom_max(s, xu))
    return false;
  *v = *it < dom_min(s, xu) ? dom_min(s, xu) : dom_next(s, xu, (int32_t)*it);
  *it = *v;
  return true;
}

/*
** Tarjan's strongly connected components on the contracted graph, where
** var u points to var val_match[v] for each other value v of u.  Also
** computes, per component, whether it reaches a var that can take a free
** value: Tarjan finishes a component after every component it reaches.
*/
static void components(const Solver *s, const VarId *x, Gac *g, uint32_t n)
{
  uint32_t counter = 0, sp = 0, cp = 0, ncomp = 0;
  for (uint32_t i = 0; i < n; i++)
    g->index[i] = UNSEEN;
  for (uint32_t r = 0; r < n; r++) {
    if (g->index[r] != UNSEEN)
      continue;
    uint32_t u = r;
    for (;;) {
      if (g->index[u] == UNSEEN) {
        /* Enter u: number it and put it on both stacks. */
        g->index[u] = g->low[u] = counter++;
        g->stack[sp++] = u;
        g->onstack[u] = 1;
        g->part[u] = 0;
        g->iter[u] = INT64_MIN;
        g->call[cp++] = u;
      }
      int32_t v;
      uint32_t child = UNSEEN;
      while (child == UNSEEN && next_value(s, x[u], &g->iter[u], &v)) {
        int32_t j = (int32_t)(v - g->vmin);
        if (j == g->var_match[u])
          continue;
        int32_t w = g->val_match[j];
        if (w < 0)
          g->part[u] = 1;                 /* u can take a free value */
        else if (g->index[w] == UNSEEN)
          child = (uint32_t)w;
        else if (g->onstack[w])
          g->low[u] = g->index[w] < g->low[u] ? g->index[w] : g->low[u];
        else
          g->part[u] |= g->reach[g->comp[w]];
      }
      if (child != UNSEEN) {
        u = child;
        continue;
      }
      /* u is finished: close its component if it is the root of one. */
      cp--;
      if (g->low[u] == g->index[u]) {
        uint8_t reach = 0;
        uint32_t m;
        do {
          m = g->stack[--sp];
          g->onstack[m] = 0;
          g->comp[m] = ncomp;
          reach |= g->part[m];
        } while (m != u);
        g->reach[ncomp++] = reach;
      }
      if (cp == 0)
        break;
      uint32_t up = g->call[cp - 1];
      if (g->onstack[u])
        g->low[up] = g->low[u] < g->low[up] ? g->low[u] : g->low[up];
      else
        g->part[up] |= g->reach[g->comp[u]];
      u = up;
    }
  }
}

/*
** one_component for masks of `words` words (at most 4): forward from the
** first open value, then backward to it by passes over the rest.
*/
static bool one_component_multi(const uint64_t *to, const uint64_t *open,
                                uint32_t words)
{
  uint64_t forward[4] = { 0 }, frontier[4] = { 0 }, backward[4] = { 0 };
  uint32_t root = UINT32_MAX;
  for (uint32_t k = 0; k < words && root == UINT32_MAX; k++)
    if (open[k])
      root = 64 * k + (uint32_t)__builtin_ctzll(open[k]);
  if (root == UINT32_MAX)
    return true;
  forward[root >> 6] = frontier[root >> 6] = (uint64_t)1 << (root & 63);
  for (uint32_t k = 0; k < words;) {
    if (!frontier[k]) {
      k++;
      continue;
    }
    uint32_t u = 64 * k + (uint32_t)__builtin_ctzll(frontier[k]);
    frontier[k] &= frontier[k] - 1;
    for (uint32_t i = 0; i < words; i++) {
      uint64_t fresh = to[u * words + i] & ~forward[i];
      forward[i] |= fresh;
      frontier[i] |= fresh;
    }
    k = 0;                              /* fresh bits may lie below k */
  }
  for (uint32_t k = 0; k < words; k++)
    if (open[k] & ~forward[k])
      return false;
  backward[root >> 6] = (uint64_t)1 << (root & 63);
  for (bool grew = true; grew;) {
    grew = false;
    for (uint32_t k = 0; k < words; k++)
      for (uint64_t m = open[k] & ~backward[k]; m; m &= m - 1) {
        uint32_t j = 64 * k + (uint32_t)__builtin_ctzll(m);
        for (uint32_t i = 0; i < words; i++)
          if (to[j * words + i] & backward[i]) {
            backward[k] |= m & -m;
            grew = true;
            break;
          }
      }
  }
  for (uint32_t k = 0; k < words; k++)
    if (open[k] & ~backward[k])
      return false;
  return true;
}

/*
** dgac's shortcut for value spans up to GAC_MASK_VALUES, the bit-parallel
** rule of dgacw on several words: with the matching complete, build the
** graph on matched values as masks; when its open part is one strongly
** connected component, only the values of fixed variables go.  False
** when the full algorithm must run.
*/
static bool gac_shortcut(Solver *s, const Prop *p, const VarId *x, Gac *g,
                         PropStatus *st)
{
  uint32_t n = g->nvars, w = g->words;
  uint64_t *dom = g->masks, *to = g->masks + (size_t)n * w;
  uint64_t matched[4] = { 0 }, open[4] = { 0 }, fixed[4] = { 0 };
  for (uint32_t i = 0; i < n; i++) {
    uint32_t j = (uint32_t)g->var_match[i];
    matched[j >> 6] |= (uint64_t)1 << (j & 63);
  }
  for (uint32_t i = 0; i < n; i++) {
    uint32_t j = (uint32_t)g->var_match[i];
    uint64_t *di = dom + (size_t)i * w, *tj = to + (size_t)j * w;
    dom_read_mask(s, x[i], g->vmin, w, di);
    if (dom_is_fixed(s, x[i]))
      fixed[j >> 6] |= (uint64_t)1 << (j & 63);
    else
      open[j >> 6] |= (uint64_t)1 << (j & 63);
    for (uint32_t k = 0; k < w; k++)
      tj[k] = di[k] & matched[k];
    tj[j >> 6] &= ~((uint64_t)1 << (j & 63));
  }
  if (!one_component_multi(to, open, w))
    return false;
  *st = PS_FIX;
  for (uint32_t i = 0; i < n; i++) {
    if (dom_is_fixed(s, x[i]))
      continue;
    for (uint32_t k = 0; k < w; k++)
      for (uint64_t gone = dom[(size_t)i * w + k] & fixed[k]; gone; gone &= gone - 1)
        if (prop_remove(s, x[i], g->vmin + 64 * k + __builtin_ctzll(gone), p) == EV_FAIL) {
          *st = PS_FAIL;
          return true;
        }
  }
  return true;
}

static PropStatus dgac_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  uint32_t n = p->nvars;
  Gac *g = p->aux;
  /* Keep the matching edges that survived, then complete the matching. */
  uint32_t open = 0;
  for (uint32_t i = 0; i < n; i++) {
    int32_t j = g->var_match[i];
    if (j >= 0 && !dom_contains(s, x[i], g->vmin + j)) {
      g->val_match[j] = -1;
      g->var_match[i] = -1;
    }
    open += !dom_is_fixed(s, x[i]);
  }
  if (open > GAC_OPEN_MAX)
    return PS_FIX;                      /* dbnd's Hall intervals meanwhile */
  bool all_fixed = open == 0;
  for (uint32_t i = 0; i < n; i++)
    if (g->var_match[i] < 0 && !augment(s, x, g, i))
      return PS_FAIL;
  if (all_fixed)
    return PS_DONE;
  PropStatus st;
  if (g->words && gac_shortcut(s, p, x, g, &st))
    return st;
  components(s, x, g, n);
  for (uint32_t i = 0; i < n; i++) {
    VarId xi = x[i];
    if (dom_is_fixed(s, xi))
      continue;
    for (int32_t v = dom_min(s, xi);; v = dom_next(s, xi, v)) {
      int32_t j = (int32_t)(v - g->vmin), w = g->val_match[j];
      /* Keep the matched value, free values, alternating cycles, and
      ** values whose var can move on towards a free value. */
      if (j != g->var_match[i] && w >= 0 && g->comp[w] != g->comp[i] &&
          !g->reach[g->comp[w]])
        PROP_TRY(prop_remove(s, xi, v, p));
      if (v >= dom_max(s, xi))
        break;
    }
  }
  return PS_FIX;
}

static const PropClass dgac_class = { "distinct", dgac_propagate,
                                      distinct_holds, NULL, NULL, NULL };

/* --- dgac on one machine word: at most 64 variables and 64 values ---
**
** The same rule as dgac, computed with bit masks: value j of the span
** is bit j.  The matching is repaired by breadth-first search over
** variables.  The contracted graph is kept on matched values (one mask
** per row, straight from the domain); when its open part is one strongly
** connected component, as it mostly is, two bit-parallel searches prove
** it, and otherwise each component comes from one forward and one
** backward bit-parallel search (gacw_keep, gac_word.h), a few word
** operations per value, where the transitive closure took n * n.
*/


/* x's domain as a mask over vmin .. vmin + 63. */
static uint64_t word_of(const Solver *s, VarId x, int32_t vmin)
{
  const Dom *d = dom_get(s, x);
  return word_shift(d->bits, (int64_t)d->base - vmin);
}

/* The one-component case: open variables lose only the fixed values. */
static PropStatus keep_all_but(Solver *s, const Prop *p, const VarId *x,
                               uint32_t n, int32_t vmin, const uint64_t *dom,
                               uint64_t fixed_values)
{
  for (uint32_t i = 0; i < n; i++) {
    if (!(dom[i] & (dom[i] - 1)) || !(dom[i] & fixed_values))
      continue;
    const Dom *d = dom_get(s, x[i]);
    PROP_TRY(dom_keep_word(s, x[i],
                           word_shift(dom[i] & ~fixed_values, (int64_t)vmin - d->base), p));
  }
  return PS_FIX;
}


static PropStatus dgacw_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  uint32_t n = p->nvars;
  GacWord *g = p->aux;
  uint64_t dom[64], matched = g->matched;
  /* The graph on matched values: value o points to value k when the
  ** variable matched to o can take k.  It is dgac's graph on variables
  ** with each variable named by its matched value, so a row is one mask
  ** of the domain, with no loop over the values.  Built in the same pass
  ** that reads the domains while the matching holds, as it mostly does;
  ** built again after repairing it otherwise. */
  uint64_t to[64], open = 0, fixed_values = 0, can_free = 0, open_values = 0;
  bool intact = true;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t di = dom[i] = word_of(s, x[i], g->vmin);
    int j = g->var_match[i];
    if (j < 0 || !(di >> j & 1)) {
      if (j >= 0) {
        g->val_match[j] = -1;
        g->var_match[i] = -1;
        matched &= ~((uint64_t)1 << j);
      }
      intact = false;
      continue;
    }
    uint64_t own = (uint64_t)1 << j;
    to[j] = di & ~own;                  /* & matched, once it is known */
    if (di & (di - 1)) {
      open |= own;
      open_values |= di;
    } else {
      fixed_values |= own;
    }
  }
  if (intact) {
    for (uint64_t mk = matched; mk; mk &= mk - 1) {
      int k = __builtin_ctzll(mk);
      if (to[k] & ~matched)
        can_free |= (uint64_t)1 << k;
      to[k] &= matched;
    }
  } else {
    for (uint32_t i = 0; i < n; i++)
      if (g->var_match[i] < 0 && !augment_word(dom, g, &matched, i)) {
        g->matched = matched;
        return PS_FAIL;
      }
    g->matched = matched;
    open = fixed_values = open_values = 0;
    for (uint32_t i = 0; i < n; i++) {
      uint64_t own = (uint64_t)1 << g->var_match[i];
      to[g->var_match[i]] = dom[i] & matched & ~own;
      if (dom[i] & (dom[i] - 1)) {
        open |= own;
        open_values |= dom[i];
      } else {
        fixed_values |= own;
      }
      if (dom[i] & ~matched)
        can_free |= own;
    }
  }
  if (!open)
    return PS_DONE;
  if (one_component(to, open)) {
    if (!(open_values & fixed_values))
      return PS_FIX;                    /* nothing to remove (dval ran first) */
    return keep_all_but(s, p, x, n, g->vmin, dom, fixed_values);
  }
  uint64_t keep_of[64];
  gacw_keep(to, matched, can_free, open, keep_of);
  for (uint32_t i = 0; i < n; i++) {
    if ((dom[i] & (dom[i] - 1)) == 0)       /* fixed: nothing to prune */
      continue;
    uint64_t keep = dom[i] & keep_of[g->var_match[i]];
    if (keep != dom[i]) {
      const Dom *d = dom_get(s, x[i]);
      PROP_TRY(dom_keep_word(s, x[i], word_shift(keep, (int64_t)g->vmin - d->base), p));
    }
  }
  return PS_FIX;
}

static const PropClass dgacw_class = { "distinct", dgacw_propagate,
                                       distinct_holds, NULL, NULL, NULL };

/* --- dbnd: bounds consistency, for groups over more than GAC_MASK_VALUES values ---
**
** Hall intervals by the algorithm of Lopez-Ortiz, Quimper, Tromp and van
** Beek (IJCAI 2003): the variables' bounds, sorted by minimum and by
** maximum, are merged into the list of distinct bound values; a pass in
** increasing order of maxima, with union-find trees (path compression)
** over those values, finds the Hall intervals below each variable and
** raises its minimum past them; a mirror pass lowers maxima.  O(n log n)
** for n variables, and nothing per value, where dgac is O(n * values)
** per call: 1000 queens spent 26 s in dgac's components.  The two sort
** orders are kept between calls and repaired by insertion sort, which
** is linear when few bounds moved.  Woken on bounds only.  A raised
** minimum may land in a hole and move on, so it says PS_OK.
*/

typedef struct Bnd {
  uint32_t  n;
  int64_t  *lo, *hi;             /* per var: bounds, hi exclusive (max + 1) */
  int64_t  *newlo, *newhi;       /* per var: the bounds the passes find */
  int32_t  *minrank, *maxrank;   /* per var: its bounds' places in bounds[] */
  uint32_t *minsorted;           /* var indices by increasing lo */
  uint32_t *maxsorted;           /* var indices by increasing hi */
  int64_t  *bounds;              /* the distinct bound values, 2n + 2 */
  int32_t  *t, *h;               /* trees over bounds[]: gaps and Hall intervals */
  int64_t  *d;                   /* per bound: room left up to the next one */
} Bnd;

static Bnd *bnd_new(uint32_t n)
{
  size_t m = 2 * (size_t)n + 2;
  size_t size = sizeof(Bnd) + (4 * n + 2 * m) * sizeof(int64_t) +
                (2 * n + 2 * m) * sizeof(int32_t) + 2 * n * sizeof(uint32_t);
  Bnd *b = xcalloc(1, size);
  char *mem = (char *)(b + 1);
  b->n = n;
  b->lo = (int64_t *)mem;         mem += n * sizeof(int64_t);
  b->hi = (int64_t *)mem;         mem += n * sizeof(int64_t);
  b->newlo = (int64_t *)mem;      mem += n * sizeof(int64_t);
  b->newhi = (int64_t *)mem;      mem += n * sizeof(int64_t);
  b->bounds = (int64_t *)mem;     mem += m * sizeof(int64_t);
  b->d = (int64_t *)mem;          mem += m * sizeof(int64_t);
  b->minrank = (int32_t *)mem;    mem += n * sizeof(int32_t);
  b->maxrank = (int32_t *)mem;    mem += n * sizeof(int32_t);
  b->t = (int32_t *)mem;          mem += m * sizeof(int32_t);
  b->h = (int32_t *)mem;          mem += m * sizeof(int32_t);
  b->minsorted = (uint32_t *)mem; mem += n * sizeof(uint32_t);
  b->maxsorted = (uint32_t *)mem;
  for (uint32_t i = 0; i < n; i++)
    b->minsorted[i] = b->maxsorted[i] = i;
  return b;
}

/* Insertion sort of order[] by key[]: linear on the nearly sorted. */
static void sort_by(uint32_t *order, const int64_t *key, uint32_t n)
{
  for (uint32_t i = 1; i < n; i++) {
    uint32_t v = order[i];
    uint32_t j = i;
    for (; j > 0 && key[order[j - 1]] > key[v]; j--)
      order[j] = order[j - 1];
    order[j] = v;
  }
}

/* Merge the sorted lows and highs into bounds[1..nb] and rank each var. */
static int32_t bnd_ranks(Bnd *b)
{
  uint32_t n = b->n, i = 0, j = 0;
  int32_t nb = 0;
  int64_t min = b->lo[b->minsorted[0]], max = b->hi[b->maxsorted[0]];
  int64_t last = min - 2;
  b->bounds[0] = last;
  for (;;) {
    if (i < n && min <= max) {
      if (min != last)
        b->bounds[++nb] = last = min;
      b->minrank[b->minsorted[i]] = nb;
      if (++i < n)
        min = b->lo[b->minsorted[i]];
    } else {
      if (max != last)
        b->bounds[++nb] = last = max;
      b->maxrank[b->maxsorted[j]] = nb;
      if (++j == n)
        break;
      max = b->hi[b->maxsorted[j]];
    }
  }
  b->bounds[nb + 1] = b->bounds[nb] + 2;
  return nb;
}

static void path_set(int32_t *t, int32_t start, int32_t end, int32_t to)
{
  for (int32_t k = start; k != end;) {
    int32_t next = t[k];
    t[k] = to;
    k = next;
  }
}

static int32_t path_min(const int32_t *t, int32_t i)
{
  while (t[i] < i)
    i = t[i];
  return i;
}

static int32_t path_max(const int32_t *t, int32_t i)
{
  while (t[i] > i)
    i = t[i];
  return i;
}

/* Raise minima past the Hall intervals below them; false: no room left. */
static bool bnd_lower(Bnd *b, int32_t nb, int64_t *newlo)
{
  int32_t *t = b->t, *h = b->h;
  int64_t *d = b->d, *bounds = b->bounds;
  for (int32_t i = 1; i <= nb + 1; i++) {
    t[i] = h[i] = i - 1;
    d[i] = bounds[i] - bounds[i - 1];
  }
  for (uint32_t k = 0; k < b->n; k++) {   /* by increasing maximum */
    uint32_t v = b->maxsorted[k];
    int32_t x = b->minrank[v], y = b->maxrank[v];
    int32_t z = path_max(t, x + 1), j = t[z];
    if (--d[z] == 0) {
      t[z] = z + 1;
      z = path_max(t, t[z]);
      t[z] = j;
    }
    path_set(t, x + 1, z, z);
    if (d[z] < bounds[z] - bounds[y])
      return false;
    if (h[x] > x) {
      int32_t w = path_max(h, h[x]);
      newlo[v] = bounds[w];
      path_set(h, x, w, w);
    }
    if (d[z] == bounds[z] - bounds[y]) {
      path_set(h, h[y], j - 1, y);      /* a Hall interval [bounds[j], bounds[y]) */
      h[y] = j - 1;
    }
  }
  return true;
}

/* The mirror image: lower maxima (exclusive) below the Hall intervals above. */
static bool bnd_upper(Bnd *b, int32_t nb, int64_t *newhi)
{
  int32_t *t = b->t, *h = b->h;
  int64_t *d = b->d, *bounds = b->bounds;
  for (int32_t i = 0; i <= nb; i++) {
    t[i] = h[i] = i + 1;
    d[i] = bounds[i + 1] - bounds[i];
  }
  for (uint32_t k = b->n; k-- > 0;) {     /* by decreasing minimum */
    uint32_t v = b->minsorted[k];
    int32_t x = b->maxrank[v], y = b->minrank[v];
    int32_t z = path_min(t, x - 1), j = t[z];
    if (--d[z] == 0) {
      t[z] = z - 1;
      z = path_min(t, t[z]);
      t[z] = j;
    }
    path_set(t, x - 1, z, z);
    if (d[z] < bounds[y] - bounds[z])
      return false;
    if (h[x] < x) {
      int32_t w = path_min(h, h[x]);
      newhi[v] = bounds[w];
      path_set(h, x, w, w);
    }
    if (d[z] == bounds[y] - bounds[z]) {
      path_set(h, h[y], j + 1, y);
      h[y] = j + 1;
    }
  }
  return true;
}

static PropStatus dbnd_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  Bnd *b = p->aux;
  uint32_t n = b->n;
  bool all_fixed = true;
  for (uint32_t i = 0; i < n; i++) {
    b->lo[i] = dom_min(s, x[i]);
    b->hi[i] = (int64_t)dom_max(s, x[i]) + 1;
    all_fixed &= b->lo[i] + 1 == b->hi[i];
  }
  sort_by(b->minsorted, b->lo, n);
  sort_by(b->maxsorted, b->hi, n);
  int32_t nb = bnd_ranks(b);
  /* The passes read the ranks of the old bounds; the new ones go to
  ** copies, as in the paper, where each pass updates its own field. */
  int64_t *newlo = b->newlo, *newhi = b->newhi;
  memcpy(newlo, b->lo, n * sizeof *newlo);
  memcpy(newhi, b->hi, n * sizeof *newhi);
  if (!bnd_lower(b, nb, newlo) || !bnd_upper(b, nb, newhi))
    return PS_FAIL;
  if (all_fixed)
    return PS_DONE;
  for (uint32_t i = 0; i < n; i++) {
    if (newlo[i] != b->lo[i])
      PROP_TRY(dom_set_min(s, x[i], newlo[i], p));
    if (newhi[i] != b->hi[i])
      PROP_TRY(dom_set_max(s, x[i], newhi[i] - 1, p));
  }
  return PS_OK;
}

static const PropClass dbnd_class = { "distinct", dbnd_propagate,
                                      distinct_holds, NULL, NULL, NULL };

static void post_dbnd(Solver *s, size_t n, const VarId *x)
{
  Prop *p = prop_new(s, &dbnd_class, PC_EXPENSIVE, n, x, 0, NULL);
  p->aux = bnd_new((uint32_t)n);
  prop_subscribe_all(s, p, EV_BND);
  prop_post(s, p);
}

static int var_cmp(const void *l, const void *r)
{
  VarId a = *(const VarId *)l, b = *(const VarId *)r;
  return (a > b) - (a < b);
}

/* dval, the value elimination every distinct has. */
static void post_dval(Solver *s, size_t n, const VarId *x, bool wide)
{
  int64_t c = wide;
  Prop *p = prop_new(s, &dval_class, PC_CHEAP, n, x, 1, &c);
  uint32_t *perm = xmalloc(n * sizeof *perm);
  for (uint32_t i = 0; i < n; i++)
    perm[i] = i;
  p->aux = perm;
  prop_subscribe_all(s, p, EV_VAL);
  prop_post(s, p);
}

void post_distinct_bounds(Solver *s, size_t n, const VarId *x)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  bool wide = false;
  for (size_t i = 0; i < n; i++)
    wide |= !dom_is_bitset(s, x[i]);
  post_dval(s, n, x, wide);
  if (!s->failed && n >= 2)
    post_dbnd(s, n, x);
}

/* Value ranges wider than this skip the matching (memory per value). */
#define GAC_MAX_VALUES (1u << 20)

void post_distinct(Solver *s, size_t n, const VarId *x)
{
  solver_begin_edit(s);
  if (s->failed || n <= 1)
    return;
  VarId *sorted = xmalloc(n * sizeof *sorted);
  memcpy(sorted, x, n * sizeof *sorted);
  qsort(sorted, n, sizeof *sorted, var_cmp);
  bool repeated = false;
  for (size_t i = 1; i < n; i++)
    repeated |= sorted[i] == sorted[i - 1];
  xfree(sorted);
  if (repeated) {
    s->failed = true;                   /* x != x */
    return;
  }
  if (n == 2) {
    ne2_post(s, x[0], x[1], 0);
    return;
  }
  bool wide = false;
  int64_t vmin = INT64_MAX, vmax = INT64_MIN;
  for (size_t i = 0; i < n; i++) {
    wide |= !dom_is_bitset(s, x[i]);
    vmin = dom_min(s, x[i]) < vmin ? dom_min(s, x[i]) : vmin;
    vmax = dom_max(s, x[i]) > vmax ? dom_max(s, x[i]) : vmax;
  }
  bool small = !wide && n <= 64 && vmax - vmin < 64;
  for (size_t i = 0; i < n && small; i++)
    small = dom_get(s, x[i])->nwords == 1;
  if (s->fuse_neq && small) {
    neq_graph_clique(s, n, x, (int32_t)vmin);   /* its GAC too */
    return;
  }
  post_dval(s, n, x, wide);
  if (s->failed || wide)
    return;
  /* Over wide spans, Hall intervals every time and the matching only on
  ** small remainders (dgac waits until GAC_OPEN_MAX variables are open). */
  if (vmax - vmin + 1 > GAC_MASK_VALUES) {
    post_dbnd(s, n, x);
    if (s->failed || vmax - vmin + 1 > GAC_MAX_VALUES)
      return;
  }
  Prop *p;
  bool one_word = n <= 64 && vmax - vmin + 1 <= 64;
  for (size_t i = 0; i < n && one_word; i++)
    one_word = dom_get(s, x[i])->nwords == 1;
  if (one_word) {
    GacWord *gw = xmalloc(sizeof *gw);
    gacw_init(gw, (int32_t)vmin);
    p = prop_new(s, &dgacw_class, PC_EXPENSIVE, n, x, 0, NULL);
    p->aux = gw;
    prop_subscribe_all(s, p, EV_DOM);
    prop_post(s, p);
    return;
  }
  p = prop_new(s, &dgac_class, PC_EXPENSIVE, n, x, 0, NULL);
  p->aux = gac_new((uint32_t)n, vmin, (uint32_t)(vmax - vmin + 1));
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
}
