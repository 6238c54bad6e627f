/*
** neq_graph.c -- every x != y + c of a space, and the value elimination of
** its all-different groups, as one propagator over one graph.
**
** A board such as Miracle Sudoku posts hundreds of disequalities (king's
** and knight's moves, no consecutive neighbours: neq.c's stars, one per
** variable and clue) next to 27 all-different groups (distinct.c's dval,
** one per group).  Fixing one cell then wakes half a dozen propagators,
** each to remove a value or two.  Here they are one graph: an edge
** (x, y, c) says x != y + c, a group of all different variables is a
** clique of edges with c = 0, and when x is fixed to v one pass over x's
** edges removes v - c from each y.  The propagator learns which variables
** were fixed from its advisor (a stack of them, each at most once), so a
** run looks at nothing else.
**
** The fixpoint is the one the stars and dval reach, so every domain after
** propagation is the same; only the order of the removals differs.  What
** each edge stood for is kept: the edges of one clue (and kind) form a
** group whose origin and class name the propagator takes on while it
** removes values for it, so the reason log and explanations still name
** the clue; a failure blames the variables the old propagator would have
** blamed (a star's own variable, a group's variables) for dom/wdeg, and
** each variable keeps the degree it had (Solver.degree_extra).
**
** A group also brings its GAC (distinct.c's gacw_filter, dgacw's rule):
** the propagator holds a local mask per one-word variable, read in one
** pass when a run starts; edges and groups narrow the masks, and each
** changed domain is written once when the run ends, so the rest of the
** engine hears of it once.  A group is queued when one of its masks
** narrows (or its variables change elsewhere, through the advisor, which
** is subscribed to every change of a group's variables); once no fixed
** variable waits, the queued groups run their GAC, which hall_possible
** skips when the domain sizes leave no room for a Hall set.
**
** from_model.c switches it on (Solver.fuse_neq) for boards that gain,
** and never for spaces that explain or trace (see want_neq_graph).  The
** propagator lists no variables (they are its edges' ends), so it cannot
** live next to a brancher that finishes alone.  The graph lives in
** Solver.neq_graph, freed with the solver; the propagator is
** Solver.neq_graph_prop.  Groups over more than 64 variables or wider
** domains keep dval and dgacw (distinct.c).
*/
#include "engine/props/props.h"

#include <string.h>

typedef struct GEdge {
  VarId    y;
  int32_t  c;         /* x != y + c: when x = v, y loses v - c */
  uint32_t group;     /* its GGroup, and E_WIDE */
  int32_t  d;         /* c + y's base, when y is narrow: y loses bit v - d */
} GEdge;

#define E_WIDE 0x80000000u    /* GEdge.group: y is not narrow (no local mask) */

/* An edge as run_edges reads it, in half the room: GEdge's y and d, or
** d = T_WIDE when y is not narrow (GEdge has the rest, at the same index). */
typedef struct TEdge {
  VarId   y;
  int32_t d;
} TEdge;

#define T_WIDE INT32_MIN

typedef struct RawEdge {
  VarId x;
  GEdge e;
} RawEdge;

/* What some edges stand for: a clue's stars, or one all-different group. */
typedef struct GGroup {
  uint32_t origin;
  uint8_t  clique;    /* 1: a distinct group, blamed whole; 0: stars, blame x */
  uint8_t  dirty;     /* a clique in NeqGraph.dirty, its GAC to run */
  uint8_t  same_base; /* a clique whose domains all start at its vmin */
  uint32_t first, n;  /* a clique's variables in NeqGraph.gvars */
  uint32_t gac;       /* a clique's matching in NeqGraph.gacs */
} GGroup;

/* Bits of NeqGraph.mark. */
enum { M_PEND = 1, M_SUB_VAL = 2, M_NARROW = 4, M_SUB_DOM = 8 };

struct NeqGraph {
  VEC(RawEdge)  raw;      /* edges as added */
  VEC(uint32_t) start;    /* per variable: first edge in edges (CSR, len = vars + 1) */
  VEC(GEdge)    edges;    /* raw sorted by x, stably */
  VEC(TEdge)    tight;    /* edges' y and d */
  bool          dirty_edges; /* raw has edges that edges lacks */
  VEC(GGroup)   groups;
  VEC(uint32_t) star_groups; /* the groups of kind 0 */
  VEC(VarId)    gvars;
  VEC(VarId)    pend;     /* fixed variables whose edges have not run */
  VEC(uint8_t)  mark;     /* per variable: M_ bits */
  VEC(GacWord)  gacs;     /* per clique: its matching, kept as a hint */
  VEC(uint32_t) dirty;    /* cliques whose GAC is to run (GGroup.dirty) */
  bool          all_dirty; /* every clique's, after loading changed the lists */
  VEC(uint32_t) vg_start; /* per variable: its cliques in vg (CSR) */
  VEC(uint32_t) vg;
  /* With at most 64 cliques (few, as of the last rebuild), dset copies
  ** GGroup.dirty at bit GGroup.gac and each variable's cliques are one
  ** word of vcl: finding those not queued yet is one and.  Otherwise
  ** vcl is 1 for a variable in some clique, and dset 0. */
  bool          few;
  uint64_t      dset;
  VEC(uint64_t) vcl;      /* per variable: its cliques, as bits */
  VEC(uint32_t) cgroup;   /* per clique (GGroup.gac): its group */
  /* Domains of one word, narrowed here during a run and written once at
  ** its end: the mask, its base, and stamps of the run that read and
  ** that changed it. */
  VEC(uint64_t) m;
  VEC(uint8_t)  size;     /* values in m */
  VEC(int32_t)  base;
  VEC(uint32_t) wrote;
  VEC(VarId)    narrow;   /* the variables with a local mask */
  uint32_t      epoch;
  VEC(VarId)    changed;
};

static const PropClass graph_linear_class;
static const PropClass graph_distinct_class;

static void rebuild(NeqGraph *g)
{
  size_t nv = g->mark.len;
  VEC_CLEAR(g->start);
  VEC_RESERVE(g->start, nv + 1);
  memset(g->start.data, 0, (nv + 1) * sizeof *g->start.data);
  g->start.len = nv + 1;
  for (size_t k = 0; k < g->raw.len; k++)
    g->start.data[g->raw.data[k].x + 1]++;
  for (size_t i = 0; i < nv; i++)
    g->start.data[i + 1] += g->start.data[i];
  VEC_CLEAR(g->edges);
  VEC_RESERVE(g->edges, g->raw.len);
  g->edges.len = g->raw.len;
  uint32_t *fill = xmalloc((nv + 1) * sizeof *fill);
  memcpy(fill, g->start.data, (nv + 1) * sizeof *fill);
  for (size_t k = 0; k < g->raw.len; k++)
    g->edges.data[fill[g->raw.data[k].x]++] = g->raw.data[k].e;
  /* An edge given twice (a king's move inside a box) is kept once, the
  ** first time: the clue posted first takes the blame, as its
  ** propagator, run first, did. */
  uint32_t out = 0;
  for (size_t i = 0; i < nv; i++) {
    uint32_t from = g->start.data[i], to = fill[i];
    g->start.data[i] = out;
    for (uint32_t k = from; k < to; k++) {
      const GEdge *e = &g->edges.data[k];
      bool seen = false;
      for (uint32_t j = g->start.data[i]; j < out && !seen && to - from <= 256; j++)
        seen = g->edges.data[j].y == e->y && g->edges.data[j].c == e->c;
      if (!seen) {
        GEdge kept = *e;
        int64_t d = (int64_t)kept.c + g->base.data[kept.y];
        if (!(g->mark.data[kept.y] & M_NARROW) || d != (int32_t)d || d == T_WIDE)
          kept.group |= E_WIDE;
        kept.d = (int32_t)d;
        g->edges.data[out++] = kept;
      }
    }
  }
  g->start.data[nv] = out;
  g->edges.len = out;
  VEC_CLEAR(g->tight);
  VEC_RESERVE(g->tight, out);
  g->tight.len = out;
  for (uint32_t k = 0; k < out; k++) {
    const GEdge *e = &g->edges.data[k];
    g->tight.data[k] = (TEdge){ e->y, e->group & E_WIDE ? T_WIDE : e->d };
  }
  xfree(fill);
  VEC_CLEAR(g->vg_start);
  VEC_RESERVE(g->vg_start, nv + 1);
  memset(g->vg_start.data, 0, (nv + 1) * sizeof *g->vg_start.data);
  g->vg_start.len = nv + 1;
  for (size_t k = 0; k < g->groups.len; k++)
    if (g->groups.data[k].clique)
      for (uint32_t i = 0; i < g->groups.data[k].n; i++)
        g->vg_start.data[g->gvars.data[g->groups.data[k].first + i] + 1]++;
  for (size_t i = 0; i < nv; i++)
    g->vg_start.data[i + 1] += g->vg_start.data[i];
  VEC_CLEAR(g->vg);
  VEC_RESERVE(g->vg, g->vg_start.data[nv]);
  g->vg.len = g->vg_start.data[nv];
  memcpy(fill = xmalloc((nv + 1) * sizeof *fill), g->vg_start.data, (nv + 1) * sizeof *fill);
  for (size_t k = 0; k < g->groups.len; k++)
    if (g->groups.data[k].clique)
      for (uint32_t i = 0; i < g->groups.data[k].n; i++)
        g->vg.data[fill[g->gvars.data[g->groups.data[k].first + i]]++] = (uint32_t)k;
  xfree(fill);
  g->few = g->gacs.len <= 64;
  VEC_CLEAR(g->vcl);
  VEC_RESERVE(g->vcl, nv);
  memset(g->vcl.data, 0, nv * sizeof *g->vcl.data);
  g->vcl.len = nv;
  VEC_CLEAR(g->cgroup);
  for (size_t k = 0; k < g->groups.len; k++)
    if (g->groups.data[k].clique)
      VEC_PUSH(g->cgroup, (uint32_t)k);
  for (size_t i = 0; i < nv; i++)           /* not few: any bit, to reach queue_cliques */
    for (uint32_t k = g->vg_start.data[i]; k < g->vg_start.data[i + 1]; k++)
      g->vcl.data[i] |= g->few ? (uint64_t)1 << g->groups.data[g->vg.data[k]].gac : 1;
  g->dset = 0;
  for (size_t k = 0; g->few && k < g->groups.len; k++)
    if (g->groups.data[k].clique && g->groups.data[k].dirty)
      g->dset |= (uint64_t)1 << g->groups.data[k].gac;
  g->dirty_edges = false;
}

static inline void pend_push(NeqGraph *g, VarId x)
{
  if (!(g->mark.data[x] & M_PEND)) {
    g->mark.data[x] |= M_PEND;
    g->pend.data[g->pend.len++] = x;
  }
}

static inline void dirty_push(NeqGraph *g, uint32_t group)
{
  if (!g->groups.data[group].dirty) {
    g->groups.data[group].dirty = 1;
    if (g->few)
      g->dset |= (uint64_t)1 << g->groups.data[group].gac;
    g->dirty.data[g->dirty.len++] = group;   /* room for every clique */
  }
}

/* Take on the group's clue and kind, for the reason log and explanations. */
static void wear(Prop *p, const GGroup *gr)
{
  p->origin = gr->origin;
  p->cls = gr->clique ? &graph_distinct_class : &graph_linear_class;
}


/* The clique has left the queue. */
static inline void dirty_pop(NeqGraph *g, GGroup *gr)
{
  gr->dirty = 0;
  if (g->few)
    g->dset &= ~((uint64_t)1 << gr->gac);
}

/* Queue x's cliques: those of add when few, else each not queued yet. */
static void queue_cliques(NeqGraph *g, VarId x, uint64_t add)
{
  if (!g->few) {
    for (uint32_t k = g->vg_start.data[x], end = g->vg_start.data[x + 1]; k < end; k++)
      dirty_push(g, g->vg.data[k]);
    return;
  }
  g->dset |= add;
  for (; add; add &= add - 1) {
    uint32_t group = g->cgroup.data[__builtin_ctzll(add)];
    g->groups.data[group].dirty = 1;
    g->dirty.data[g->dirty.len++] = group;
  }
}

/* x's local mask lost values: write it at the end, run its cliques' GAC. */
static inline void narrowed(NeqGraph *g, VarId x, uint64_t mask)
{
  if (g->wrote.data[x] != g->epoch) {
    g->wrote.data[x] = g->epoch;
    g->changed.data[g->changed.len++] = x;
  }
  uint64_t add = g->vcl.data[x] & ~g->dset;   /* its cliques not queued yet, in vg's order */
  if (add)
    queue_cliques(g, x, add);
  if (!(mask & (mask - 1)))
    pend_push(g, x);
}

/* A failure: blame what the old propagator would have, forget the rest. */
static PropStatus fail(Solver *s, Prop *p, NeqGraph *g, uint32_t group, VarId x)
{
  const GGroup *gr = &g->groups.data[group];
  wear(p, gr);
  if (gr->clique) {
    s->blame = &g->gvars.data[gr->first];
    s->nblame = gr->n;
  } else {
    s->blame_one = x;
    s->blame = &s->blame_one;
    s->nblame = 1;
  }
  while (g->pend.len)
    g->mark.data[g->pend.data[--g->pend.len]] &= (uint8_t)~M_PEND;
  while (g->dirty.len)
    g->groups.data[g->dirty.data[--g->dirty.len]].dirty = 0;
  g->dset = 0;
  return PS_FAIL;
}

/* x is fixed to v: its neighbours lose what its edges forbid. */
static PropStatus run_edges(Solver *s, Prop *p, NeqGraph *g, VarId x, int64_t v)
{
  const TEdge *tight = g->tight.data;
  for (uint32_t k = g->start.data[x], end = g->start.data[x + 1]; k < end; k++) {
    VarId y = tight[k].y;
    int32_t d = tight[k].d;
    uint64_t j = (uint64_t)(v - d);
    if (j < 64 && d != T_WIDE) {
      uint64_t *my = &g->m.data[y];
      if (!(*my >> j & 1))
        continue;
      if (!(*my &= ~((uint64_t)1 << j)))
        return fail(s, p, g, g->edges.data[k].group, x);
      g->size.data[y]--;
      narrowed(g, y, *my);
      continue;
    }
    if (d != T_WIDE)
      continue;                         /* v - c is not in y's word */
    const GEdge *e = &g->edges.data[k];
    uint32_t group = e->group & ~E_WIDE;
    int64_t w = v - e->c;
    if (dom_lacks(s, y, w))
      continue;
    wear(p, &g->groups.data[group]);
    Event ev = dom_remove_present(s, y, w, p);
    if (ev == EV_FAIL)
      return fail(s, p, g, group, x);
    if (ev == EV_VAL)
      pend_push(g, y);                  /* not advised of its own changes */
  }
  return PS_FIX;
}

/*
** Whether the GAC could remove anything or fail.  It removes values only
** for a Hall set: k open variables whose domains together hold k values,
** and not all the open ones (the edges have removed the fixed values
** from the open domains already); it fails only for k open variables
** with fewer than k values.  Either way k variables have at most k
** values each, for some k in 2 .. open - 1 (or all of them fewer than
** open), which sizes and unions rule out in most runs.
*/
static bool hall_possible(const NeqGraph *g, const VarId *x, const uint64_t *dom, uint32_t n)
{
  uint64_t with[65];                    /* by size (over n as n): union of the open domains */
  uint8_t count[65];
  uint32_t open = 0;
  if (n < 16) {                         /* sizes of constant length: stores, not memset calls */
    memset(with, 0, 16 * sizeof *with);
    memset(count, 0, 16);
  } else {
    memset(with, 0, sizeof with);
    memset(count, 0, sizeof count);
  }
  for (uint32_t i = 0; i < n; i++)
    if (g->size.data[x[i]] > 1) {
      uint32_t size = g->size.data[x[i]];
      size = size < n ? size : n;
      with[size] |= dom[i];
      count[size]++;
      open++;
    }
  /* A Hall set of k is k of the c domains of at most k values: when
  ** c = k it can only be all of them, whose values then number k. */
  uint64_t values = 0;
  uint32_t c = 0;
  for (uint32_t k = 2; k < open; k++) {
    c += count[k];
    values |= with[k];
    if (c > k || (c == k && bit_count(values) <= k))
      return true;
  }
  return false;
}

/* 1 in nibble s of a tally, for a domain of s values (15 for more). */
#define NIB(s) ((uint64_t)1 << 4 * (s))
#define NIB15_8 NIB(15), NIB(15), NIB(15), NIB(15), NIB(15), NIB(15), NIB(15), NIB(15)
static const uint64_t size_nibble[65] = {
  NIB(0), NIB(1), NIB(2), NIB(3), NIB(4), NIB(5), NIB(6), NIB(7), NIB(8), NIB(9), NIB(10),
  NIB(11), NIB(12), NIB(13), NIB(14), NIB(15), NIB15_8, NIB15_8, NIB15_8, NIB15_8, NIB15_8,
  NIB15_8, NIB(15)
};

/*
** hall_possible for fewer than 16 variables of one base, read as they
** are loaded: tally holds in nibble s how many of them have s values (15
** for more), so one multiplication gives, in nibble k, how many open ones
** have at most k; the union is taken only for a k where that is k.
*/
/*
** With no room for a Hall set below open - 1 and every open domain of at
** most open - 1 values: when those domains hold exactly open values, a
** Hall set of open - 1 of them is the one value the last one alone holds
** (a hidden single); any other union needs the matching.
*/
static bool hidden_single(const NeqGraph *g, const VarId *x, uint32_t n, uint32_t open)
{
  uint64_t once = 0, twice = 0;
  for (uint32_t i = 0; i < n; i++)
    if (g->size.data[x[i]] > 1) {
      uint64_t d = g->m.data[x[i]];
      twice |= once & d;
      once |= d;
    }
  return bit_count(once) != open || (once & ~twice);
}

static bool hall_tally(const NeqGraph *g, const VarId *x, uint32_t n, uint64_t tally)
{
  uint32_t open = n - (uint32_t)(tally & 15) - (uint32_t)(tally >> 4 & 15);
  if (open < 3)
    return false;                       /* no k in 2 .. open - 1 */
  uint64_t upto = (tally & ~(uint64_t)0xff) * 0x1111111111111111ull;
  /* Every k at once: c_k - k in a byte of its own (the even k in one
  ** word, the odd in another), its sign at bit 7; moved to bit 4k. */
  const uint64_t high = 0x8080808080808080ull, low = 0x0f0f0f0f0f0f0f0full;
  uint64_t even = ((upto & low) | high) - 0x0e0c0a0806040200ull;
  uint64_t odd = ((upto >> 4 & low) | high) - 0x0f0d0b0907050301ull;
  uint64_t at = ((even & high) >> 7 | (odd & high) >> 3) & ~(uint64_t)0xff &
                (((uint64_t)1 << 4 * open) - 1);
  for (; at; at &= at - 1) {            /* each k in 2 .. open - 1 with c_k >= k */
    uint32_t k = (uint32_t)__builtin_ctzll(at) / 4;
    if ((upto >> 4 * k & 15) > k)
      return k + 1 < open || hidden_single(g, x, n, open);
    uint64_t values = 0;
    for (uint32_t i = 0; i < n; i++) {
      uint32_t size = g->size.data[x[i]];
      if (size > 1 && size <= k)
        values |= g->m.data[x[i]];
    }
    if (bit_count(values) <= k)
      return true;
  }
  return false;
}

/* A clique's GAC (distinct.c's gacw_filter) on the local masks. */
static PropStatus run_gac(Solver *s, Prop *p, NeqGraph *g, uint32_t group)
{
  GGroup *gr = &g->groups.data[group];
  GacWord *gw = &g->gacs.data[gr->gac];
  const VarId *x = &g->gvars.data[gr->first];
  uint32_t n = gr->n;
  uint64_t dom[64];
  /* gr->dirty stays set while it runs: its own narrowing queues it not. */
  if (gr->same_base && n < 16) {        /* every domain's bit 0 is vmin */
    uint64_t tally = 0;
    for (uint32_t i = 0; i < n; i++)
      tally += size_nibble[g->size.data[x[i]]];
    if (!hall_tally(g, x, n, tally))
      goto done;
    for (uint32_t i = 0; i < n; i++)
      dom[i] = g->m.data[x[i]];
  } else {
    for (uint32_t i = 0; i < n; i++)
      dom[i] = word_shift(g->m.data[x[i]], (int64_t)g->base.data[x[i]] - gw->vmin);
    if (!hall_possible(g, x, dom, n))
      goto done;
  }
  if (!gacw_filter(gw, n, dom)) {
    dirty_pop(g, gr);
      return fail(s, p, g, group, x[0]);
  }
  for (uint32_t i = 0; i < n; i++) {
    uint64_t mi = gr->same_base ? dom[i]
                                : word_shift(dom[i], (int64_t)gw->vmin - g->base.data[x[i]]);
    if (mi != g->m.data[x[i]]) {
      g->m.data[x[i]] = mi;
      g->size.data[x[i]] = (uint8_t)bit_count(mi);
      narrowed(g, x[i], mi);
    }
  }
done:
  dirty_pop(g, gr);
  return PS_FIX;
}

static PropStatus graph_propagate(Solver *s, Prop *p)
{
  NeqGraph *g = s->neq_graph;
  if (!g->pend.len && !g->dirty.len && !g->all_dirty)
    return PS_FIX;                      /* nothing changed since: no edge can prune */
  if (g->dirty_edges)
    rebuild(g);
  if (g->all_dirty) {
    g->all_dirty = false;
    for (size_t k = 0; k < g->groups.len; k++)
      if (g->groups.data[k].clique)
        dirty_push(g, (uint32_t)k);
  }
  if (++g->epoch == 0) {                /* stamps wrapped: none is current */
    memset(g->wrote.data, 0, g->wrote.len * sizeof *g->wrote.data);
    g->epoch = 1;
  }
  for (size_t k = 0; k < g->narrow.len; k++) {
    VarId x = g->narrow.data[k];
    const Dom *d = dom_get(s, x);
    g->m.data[x] = d->bits;
    g->size.data[x] = (uint8_t)d->size;
  }
  g->changed.len = 0;
  for (;;) {
    while (g->pend.len) {
      VarId x = g->pend.data[--g->pend.len];
      g->mark.data[x] &= (uint8_t)~M_PEND;
      int64_t v;
      if (g->mark.data[x] & M_NARROW) {
        uint64_t mx = g->m.data[x];
        if (mx & (mx - 1))
          continue;                     /* pending from a branch since undone */
        v = (int64_t)g->base.data[x] + __builtin_ctzll(mx);
      } else {
        const Dom *d = dom_get(s, x);
        if (d->lo != d->hi)
          continue;
        v = d->lo;
      }
      if (run_edges(s, p, g, x, v) == PS_FAIL)
        return PS_FAIL;
    }
    if (!g->dirty.len)
      break;
    if (run_gac(s, p, g, g->dirty.data[--g->dirty.len]) == PS_FAIL)
      return PS_FAIL;
  }
  for (size_t k = 0; k < g->changed.len; k++) {
    VarId x = g->changed.data[k];
    Event ev = dom_keep_word(s, x, g->m.data[x], p);
    assert(ev != EV_FAIL);
    (void)ev;
  }
  return PS_FIX;
}

static void graph_advise(Solver *s, Prop *p, VarId x)
{
  (void)p;
  NeqGraph *g = s->neq_graph;
  if (dom_is_fixed(s, x))
    pend_push(g, x);
  if (!(g->mark.data[x] & M_SUB_DOM))
    return;                             /* in no clique */
  if (g->dirty_edges || x + 1 >= g->vg_start.len) {
    g->all_dirty = true;                /* loading: the lists are not made yet */
    return;
  }
  for (uint32_t k = g->vg_start.data[x], end = g->vg_start.data[x + 1]; k < end; k++)
    dirty_push(g, g->vg.data[k]);
}

/* Holds when no edge joins two values it forbids (every variable fixed). */
static bool graph_holds(const Solver *s, const Prop *p, const int32_t *vals)
{
  (void)p;
  (void)vals;
  const NeqGraph *g = s->neq_graph;
  for (size_t k = 0; k < g->raw.len; k++) {
    const RawEdge *r = &g->raw.data[k];
    if ((int64_t)dom_value(s, r->x) == (int64_t)dom_value(s, r->e.y) + r->e.c)
      return false;
  }
  return true;
}

static const PropClass graph_linear_class = { "linear", graph_propagate, graph_holds,
                                              NULL, graph_advise, NULL };
static const PropClass graph_distinct_class = { "distinct", graph_propagate, graph_holds,
                                                NULL, graph_advise, NULL };

/* The graph and its propagator, made on the first edge. */
static NeqGraph *graph_get(Solver *s)
{
  if (s->neq_graph)
    return s->neq_graph;
  NeqGraph *g = xcalloc(1, sizeof *g);
  s->neq_graph = g;
  Prop *p = prop_new(s, &graph_linear_class, PC_CHEAP, 0, NULL, 0, NULL);
  p->advised = 1;
  p->degree = 0;                        /* each variable's share is in degree_extra */
  s->neq_graph_prop = prop_id(s, p);
  return g;
}

/* Room for x: marks, local mask, the pending stack, the subscription and the degree. */
static void graph_touch(Solver *s, NeqGraph *g, VarId x, uint32_t degree, Event ev)
{
  while (g->mark.len <= x) {
    VEC_PUSH(g->mark, 0);
    VEC_PUSH(g->m, 0);
    VEC_PUSH(g->size, 0);
    VEC_PUSH(g->base, 0);
    VEC_PUSH(g->wrote, 0);
  }
  VEC_RESERVE(g->pend, g->mark.len);
  VEC_RESERVE(g->changed, g->mark.len);
  while (s->degree_extra.len <= x)
    VEC_PUSH(s->degree_extra, 0);
  s->degree_extra.data[x] += degree;
  const Dom *d = dom_get(s, x);
  if (d->nwords == 1 && !(g->mark.data[x] & M_NARROW)) {
    g->mark.data[x] |= M_NARROW;
    VEC_PUSH(g->narrow, x);
    g->base.data[x] = d->base;
  }
  uint8_t bit = ev == EV_VAL ? M_SUB_VAL : M_SUB_DOM;
  if (!(g->mark.data[x] & bit)) {
    g->mark.data[x] |= bit;
    prop_subscribe(s, &s->props.data[s->neq_graph_prop], x, ev);
  }
  if (dom_is_fixed(s, x))
    pend_push(g, x);                    /* at the root: run it if fixed already */
}

static void graph_edge(NeqGraph *g, VarId x, VarId y, int64_t c, uint32_t group)
{
  RawEdge r = { x, { y, (int32_t)c, group, 0 } };
  VEC_PUSH(g->raw, r);
  g->dirty_edges = true;
}

static void graph_run(Solver *s)
{
  /* Posting happens at the root; a new edge may prune at once. */
  prop_schedule(s, s->neq_graph_prop);
  if (!s->deferred && prop_fixpoint(s) == PS_FAIL)
    s->failed = true;
}

void neq_graph_add(Solver *s, VarId x, VarId y, int64_t c)
{
  assert(x != y);
  NeqGraph *g = graph_get(s);
  uint32_t group = UINT32_MAX;
  for (size_t k = g->star_groups.len; k-- > 0;)
    if (g->groups.data[g->star_groups.data[k]].origin == s->origin) {
      group = g->star_groups.data[k];
      break;
    }
  if (group == UINT32_MAX) {
    group = (uint32_t)g->groups.len;
    GGroup gr = { s->origin, 0, 0, 0, 0, 0, 0 };
    VEC_PUSH(g->groups, gr);
    VEC_PUSH(g->star_groups, group);
  }
  graph_edge(g, x, y, c, group);
  graph_edge(g, y, x, -c, group);
  graph_touch(s, g, x, 1, EV_VAL);
  graph_touch(s, g, y, 1, EV_VAL);
  graph_run(s);
}

void neq_graph_clique(Solver *s, size_t n, const VarId *x, int32_t vmin)
{
  NeqGraph *g = graph_get(s);
  uint32_t group = (uint32_t)g->groups.len;
  GGroup gr = { s->origin, 1, 0, 1, (uint32_t)g->gvars.len, (uint32_t)n, (uint32_t)g->gacs.len };
  for (size_t i = 0; i < n; i++)
    gr.same_base &= dom_get(s, x[i])->base == vmin;
  VEC_PUSH(g->groups, gr);
  GacWord gw;
  gacw_init(&gw, vmin);
  VEC_PUSH(g->gacs, gw);
  VEC_RESERVE(g->dirty, g->gacs.len);
  if (g->gacs.len > 64)
    g->few = false;                     /* dset has no bit for it */
  for (size_t i = 0; i < n; i++)
    VEC_PUSH(g->gvars, x[i]);
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      if (i != j)
        graph_edge(g, x[i], x[j], 0, group);
  /* Degree 2: the value elimination and the GAC, as dval and dgacw had. */
  for (size_t i = 0; i < n; i++)
    graph_touch(s, g, x[i], 2, EV_DOM);
  dirty_push(g, group);
  graph_run(s);
}

void neq_graph_free(NeqGraph *g)
{
  if (!g)
    return;
  VEC_FREE(g->raw);
  VEC_FREE(g->start);
  VEC_FREE(g->edges);
  VEC_FREE(g->tight);
  VEC_FREE(g->groups);
  VEC_FREE(g->star_groups);
  VEC_FREE(g->gvars);
  VEC_FREE(g->pend);
  VEC_FREE(g->mark);
  VEC_FREE(g->gacs);
  VEC_FREE(g->dirty);
  VEC_FREE(g->vg_start);
  VEC_FREE(g->vg);
  VEC_FREE(g->m);
  VEC_FREE(g->size);
  VEC_FREE(g->base);
  VEC_FREE(g->vcl);
  VEC_FREE(g->cgroup);
  VEC_FREE(g->narrow);
  VEC_FREE(g->wrote);
  VEC_FREE(g->changed);
  xfree(g);
}
