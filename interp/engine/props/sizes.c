/*
** sizes.c -- Fillomino: every area of equal values has as many cells as
** its value (sizes(B)).
**
** The cells of a board are the nodes of a graph (model.h's ModelArea: its
** neighbours, no outside).  The area of a cell is the largest connected
** set of cells around it holding its value.  In a solution the area S of a
** cell with value v has exactly v cells, every one of them may hold v, and
** no cell beside S holds v.
**
** A block is a connected set of cells fixed to one value v (the fixed
** cells' areas so far).  Each rule names the cells that must, or cannot,
** hold v in every solution, and each holds for any block, however stale:
**
**   1. no cell holds a value below 1 or above the number of cells;
**   2. a block larger than its value fails (its area contains it);
**   3. a cell takes v only if 1 + the sizes of the distinct v-blocks beside
**      it stays within v: they would all join its area, disjoint;
**   4. a block B smaller than v grows: its area has a cell beside B that
**      holds v.  None may hold v: fail; one may: it holds v;
**   5. every cell of the area of B (|B| < v) lies within v - |B| steps of B
**      over cells that may hold v (the shortest path inside the area has
**      that many cells outside B, all in it).  A breadth-first search from
**      B over such cells, so bounded, reaching fewer than v cells fails;
**      reaching exactly v, the area is what it reached: they all hold v;
**   6. likewise a cell k may hold v only if the search from k and the
**      v-blocks beside it (which would join), bounded so, reaches v cells;
**   7. a cell c outside B (|B| < v) without which the search of rule 5
**      reaches fewer than v cells holds v: were c not v, the area of B
**      would avoid c, and its v cells, each within v - |B| steps of B over
**      cells of the area, would all be reached by the search that leaves
**      c out.  (A cut cell: every way of completing B passes through it.)
**      Only the first v cells of rule 5's search can be such a c: a search
**      that leaves out a later cell still finds those v the same way;
**   8. the searches of rules 4 to 7 start from seeds (B, or k and the
**      v-blocks beside it) that the area S holds, and pass no cell w
**      beside another v-block B2 when seeds + |B2| + 1 > v: were w in S,
**      so would be B2, and w (in no block) and B2 lie outside the seeds.
**      So a block's way out into such a cell is no way out.
**
** The rules read the domains through may[], a copy of each cell's values
** below 64 taken at the start of a run and narrowed with each pruning the
** run makes; values of 64 and more are read from the domain itself.
**
** Once every cell is fixed, rules 2 and 4 are exactly the definition, so
** the propagator never lets a wrong solution through.  Every pruning is
** made by this propagator, so the reason log names sizes's origin for it.
*/
#include "engine/props/props.h"
#include "model/model.h"

#include <string.h>

typedef struct Sizes {
  ModelArea spec;        /* the graph, pointing into ints below */
  uint32_t *block;       /* per cell: its block (from 1), 0 when not fixed */
  uint32_t *bsize;       /* per block: its cells */
  uint32_t *bstart;      /* per block: where its cells start in member[] */
  uint32_t *member;      /* the cells of block 1, then of block 2, ... */
  int32_t  *bval;        /* per block: its value */
  uint32_t *bseed;       /* per block: the stamp of the search it seeds */
  uint32_t *queue, *dist, *stamp;
  uint64_t *may;         /* per cell: bit v set when it may hold v (v < 64) */
  uint64_t *beside;      /* per cell: bit v set when a v-block lies beside it */
  uint32_t  round;       /* stamp of the current search */
  int32_t   ints[];      /* a copy of the spec, then the arrays above */
} Sizes;

/* One block, so that xfree(aux) frees it all: the header, the spec, then the scratch. */
static Sizes *sizes_new(const int32_t *spec)
{
  size_t len = model_area_len(spec), n = (size_t)model_area(spec).ncells + 2;
  size_t words = (len + 9 * n + 1) & ~(size_t)1;   /* the may[] words start 8-aligned */
  Sizes *z = xcalloc(1, sizeof *z + words * sizeof(int32_t) + 2 * n * sizeof(uint64_t) + 8);
  memcpy(z->ints, spec, len * sizeof(int32_t));
  z->spec = model_area(z->ints);
  uint32_t *at = (uint32_t *)(void *)(z->ints + len);
  uint32_t **arrays[] = { &z->block, &z->bsize, &z->bstart, &z->member, &z->bseed,
                          &z->queue, &z->dist, &z->stamp };
  for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++, at += n)
    *arrays[i] = at;
  z->bval = (int32_t *)(void *)at;
  uintptr_t end = (uintptr_t)(void *)(z->ints + words);
  z->may = (uint64_t *)(void *)((end + 7) & ~(uintptr_t)7);
  z->beside = z->may + n;
  return z;
}

/* May cell k hold v?  From may[] below 64, from the domain above. */
static inline bool may_hold(const Solver *s, const VarId *x, const Sizes *z, uint32_t k, int32_t v)
{
  return v < 64 ? (z->may[k] >> v) & 1 : dom_contains(s, x[k], v);
}

/* may[k] from the domain of cell k (values 1..63; rule 1 keeps values above 0). */
static void read_may(const Solver *s, const VarId *x, Sizes *z, uint32_t k)
{
  const Dom *d = dom_get(s, x[k]);
  if (d->nwords == 1 && d->base >= 0 && d->base < 64) {   /* the usual domain, 1..9 */
    z->may[k] = d->bits << d->base;
    return;
  }
  if (d->nwords) {
    dom_read_mask(s, x[k], 0, 1, &z->may[k]);
    return;
  }
  int32_t lo = dom_min(s, x[k]), hi = dom_max(s, x[k]);
  hi = hi > 63 ? 63 : hi;
  z->may[k] = lo > hi ? 0 : (~(uint64_t)0 >> (63 - hi)) & (~(uint64_t)0 << lo);
}

/* Fix cell k to v (for p), keeping may[] up to date. */
static Event fix(Solver *s, const Prop *p, const VarId *x, Sizes *z, uint32_t k, int32_t v)
{
  Event e = dom_fix(s, x[k], v, p);
  if (e != EV_FAIL)
    z->may[k] = v < 64 ? (uint64_t)1 << v : 0;
  return e;
}

/* The blocks of the fixed cells: block[], bsize[], bval[]; false when one is too large. */
static bool blocks(const Solver *s, const VarId *x, Sizes *z, uint32_t *nblocks)
{
  const ModelArea *m = &z->spec;
  uint32_t n = m->ncells, nb = 0, tail = 0;
  memset(z->block, 0, n * sizeof *z->block);
  memset(z->beside, 0, n * sizeof *z->beside);
  for (uint32_t k = 0; k < n; k++) {
    if (z->block[k] || !dom_is_fixed(s, x[k]))
      continue;
    int32_t v = dom_value(s, x[k]);
    uint32_t b = ++nb, head = tail;
    z->block[k] = b;
    z->bval[b] = v;
    z->bstart[b] = tail;
    z->member[tail++] = k;
    while (head < tail) {
      uint32_t u = z->member[head++];
      for (int32_t e = m->first[u]; e < m->first[u + 1]; e++) {
        uint32_t w = (uint32_t)m->adj[e];
        if (!z->block[w] && dom_is_fixed(s, x[w]) && dom_value(s, x[w]) == v) {
          z->block[w] = b;
          z->member[tail++] = w;
        } else if (v < 64) {
          z->beside[w] |= (uint64_t)1 << v;
        }
      }
    }
    z->bsize[b] = tail - z->bstart[b];
    if ((int64_t)z->bsize[b] > v)
      return false;                     /* rule 2 */
  }
  *nblocks = nb;
  return true;
}

/* The cells of the v-blocks beside cell k (other than k's own block), counted once each. */
static uint64_t blocks_beside(const Sizes *z, uint32_t k, int32_t v)
{
  const ModelArea *m = &z->spec;
  uint64_t cells = 0;
  for (int32_t e = m->first[k]; e < m->first[k + 1]; e++) {
    uint32_t w = (uint32_t)m->adj[e], b = z->block[w];
    if (!b || b == z->block[k] || z->bval[b] != v)
      continue;
    bool seen = false;
    for (int32_t f = m->first[k]; f < e && !seen; f++)
      seen = z->block[m->adj[f]] == b;
    if (!seen)
      cells += z->bsize[b];
  }
  return cells;
}

/* Queue cell k as a seed of the current search. */
static void seed(Sizes *z, uint32_t k, uint32_t *tail)
{
  z->stamp[k] = z->round;
  z->dist[k] = 0;
  z->queue[(*tail)++] = k;
}

/* Queue the cells of block b as seeds of the current search. */
static void seed_block(Sizes *z, uint32_t b, uint32_t *tail)
{
  z->bseed[b] = z->round;
  for (uint32_t i = z->bstart[b]; i < z->bstart[b] + z->bsize[b]; i++)
    seed(z, z->member[i], tail);
}

/*
** Rule 8: may the open cell w join an area of v that holds `seeds` cells
** already?  Not when a v-block beside it (not among the seeds) would make
** it too large: seeds + that block + w.
*/
static bool joins_beside(const Sizes *z, uint32_t w, int32_t v, uint32_t seeds)
{
  const ModelArea *m = &z->spec;
  for (int32_t e = m->first[w]; e < m->first[w + 1]; e++) {
    uint32_t b = z->block[m->adj[e]];
    if (b && z->bval[b] == v && z->bseed[b] != z->round &&
        (uint64_t)seeds + z->bsize[b] + 1 > (uint64_t)v)
      return false;
  }
  return true;
}

/* joins_beside, asked only of cells beside a v-block (all of them above 63). */
static inline bool joins(const Sizes *z, uint32_t w, int32_t v, uint32_t seeds)
{
  return (v < 64 && !((z->beside[w] >> v) & 1)) || joins_beside(z, w, v, seeds);
}

/*
** Breadth first from the queued seeds (seeds cells, dist 0, stamped) over
** the cells that may hold v, each at most v - seeds steps out; stops once
** `enough` cells are reached.  The number reached (at most enough).
*/
static uint32_t reach(const Solver *s, const VarId *x, Sizes *z, uint32_t seeds, int32_t v,
                      uint64_t enough)
{
  const ModelArea *m = &z->spec;
  uint32_t stamp = z->round, head = 0, tail = seeds;
  uint64_t limit = (uint64_t)v;
  while (head < tail && tail < enough) {
    uint32_t u = z->queue[head++];
    if (seeds + (uint64_t)z->dist[u] + 1 > limit)
      continue;
    for (int32_t e = m->first[u]; e < m->first[u + 1] && tail < enough; e++) {
      uint32_t w = (uint32_t)m->adj[e];
      if (z->stamp[w] == stamp || !may_hold(s, x, z, w, v) ||
          (!z->block[w] && !joins(z, w, v, seeds)))
        continue;
      z->stamp[w] = stamp;
      z->dist[w] = z->dist[u] + 1;
      z->queue[tail++] = w;
    }
  }
  return tail;
}

/* At most this many cells are tried by rule 7 per block. */
#define CUT_TRIES 64

/* Rules 4, 5 and 7 (with 8) for block b (smaller than its value). */
static PropStatus grow(Solver *s, const Prop *p, const VarId *x, Sizes *z, uint32_t b)
{
  const ModelArea *m = &z->spec;
  int32_t v = z->bval[b];
  uint32_t tail = 0, exits = 0, exit = 0;
  z->round++;
  seed_block(z, b, &tail);
  for (uint32_t i = 0; i < tail; i++) {
    uint32_t u = z->queue[i];
    for (int32_t e = m->first[u]; e < m->first[u + 1]; e++) {
      uint32_t w = (uint32_t)m->adj[e];
      if (z->block[w] != b && z->stamp[w] != z->round + 1 && may_hold(s, x, z, w, v) &&
          joins(z, w, v, z->bsize[b])) {
        z->stamp[w] = z->round + 1;     /* counted once */
        exits++;
        exit = w;
      }
    }
  }
  if (exits == 0)
    return PS_FAIL;                     /* rule 4 */
  if (exits == 1)
    PROP_TRY(fix(s, p, x, z, exit, v));
  z->round += 2;                        /* a fresh stamp: the exits' one is spent */
  tail = 0;
  seed_block(z, b, &tail);
  uint32_t seeds = tail, reached = reach(s, x, z, seeds, v, (uint64_t)v + 1);
  if ((int64_t)reached < v)
    return PS_FAIL;                     /* rule 5 */
  if ((int64_t)reached == v) {
    for (uint32_t i = seeds; i < reached; i++)
      PROP_TRY(fix(s, p, x, z, z->queue[i], v));
    return PS_OK;
  }
  /* rule 7: only the first v cells reached can be cut cells (see the header) */
  uint32_t cand[CUT_TRIES], ncand = 0;
  for (uint32_t i = seeds; i < (uint32_t)v && ncand < CUT_TRIES; i++)
    if (!dom_is_fixed(s, x[z->queue[i]]))
      cand[ncand++] = z->queue[i];
  for (uint32_t i = 0; i < ncand; i++) {
    uint32_t c = cand[i];
    z->round++;
    tail = 0;
    seed_block(z, b, &tail);
    z->stamp[c] = z->round;             /* left out of the search */
    if ((int64_t)reach(s, x, z, tail, v, (uint64_t)v) < v)
      PROP_TRY(fix(s, p, x, z, c, v));
  }
  return PS_OK;
}

static PropStatus sizes_propagate(Solver *s, Prop *p)
{
  Sizes *z = p->aux;
  const ModelArea *m = &z->spec;
  const VarId *x = prop_vars(s, p);
  uint32_t n = m->ncells, nb = 0;
  bool open = false;                     /* any cell open before the rules below fix some */
  for (uint32_t k = 0; k < n; k++) {
    if (dom_min(s, x[k]) < 1)            /* rule 1 */
      PROP_TRY(dom_set_min(s, x[k], 1, p));
    if ((int64_t)dom_max(s, x[k]) > (int64_t)n)
      PROP_TRY(dom_set_max(s, x[k], n, p));
    open = open || !dom_is_fixed(s, x[k]);
    read_may(s, x, z, k);
  }
  if (!blocks(s, x, z, &nb))
    return PS_FAIL;
  for (uint32_t b = 1; b <= nb; b++)
    if ((int64_t)z->bsize[b] < z->bval[b]) {
      PropStatus st = grow(s, p, x, z, b);
      if (st == PS_FAIL)
        return st;
    }
  /* rules 3 and 6 over the open cells, from the blocks as they were */
  for (uint32_t k = 0; k < n; k++) {
    if (dom_is_fixed(s, x[k]))
      continue;
    for (int32_t v = dom_min(s, x[k]);; v = dom_next(s, x[k], v)) {
      uint64_t joined = 1 + blocks_beside(z, k, v);
      bool out = joined > (uint64_t)v;
      if (!out) {
        uint32_t tail = 0;
        z->round++;
        seed(z, k, &tail);
        for (int32_t e = m->first[k]; e < m->first[k + 1]; e++) {
          uint32_t b = z->block[m->adj[e]];
          if (b && z->bval[b] == v && z->stamp[m->adj[e]] != z->round)
            seed_block(z, b, &tail);
        }
        out = (int64_t)reach(s, x, z, tail, v, (uint64_t)v) < v;
      }
      bool last = v >= dom_max(s, x[k]);
      if (out) {
        PROP_TRY(prop_remove(s, x[k], v, p));
        if (v < 64)
          z->may[k] &= ~((uint64_t)1 << v);
      }
      if (last || dom_is_fixed(s, x[k]))
        break;
    }
  }
  /* with every cell fixed from the start, rules 2 and 4 checked the definition */
  return open ? PS_OK : PS_DONE;
}

/* The definition: each area of equal values has as many cells as its value. */
static bool sizes_holds(const Solver *s, const Prop *p, const int32_t *vals)
{
  (void)s;
  Sizes *z = p->aux;
  const ModelArea *m = &z->spec;
  uint32_t n = m->ncells;
  memset(z->block, 0, n * sizeof *z->block);
  for (uint32_t k = 0; k < n; k++) {
    if (z->block[k])
      continue;
    uint32_t head = 0, tail = 0;
    z->block[k] = 1;
    z->queue[tail++] = k;
    while (head < tail) {
      uint32_t u = z->queue[head++];
      for (int32_t e = m->first[u]; e < m->first[u + 1]; e++) {
        uint32_t w = (uint32_t)m->adj[e];
        if (!z->block[w] && vals[w] == vals[k]) {
          z->block[w] = 1;
          z->queue[tail++] = w;
        }
      }
    }
    if ((int64_t)tail != vals[k])
      return false;
  }
  return true;
}

static const PropClass sizes_class = { "sizes", sizes_propagate, sizes_holds, NULL, NULL, NULL };

void post_sizes(Solver *s, const int32_t *spec)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  ModelArea m = model_area(spec);
  Prop *p = prop_new(s, &sizes_class, PC_EXPENSIVE, m.ncells, (const VarId *)(const void *)m.x, 0, NULL);
  p->aux = sizes_new(spec);
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
}
