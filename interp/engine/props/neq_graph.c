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
** from_model.c switches it on (Solver.fuse_neq) for boards that gain,
** and never for spaces that explain or trace (see want_neq_graph).  The
** propagator lists no variables (they are its edges' ends), so it cannot
** live next to a brancher that finishes alone.  The graph lives in
** Solver.neq_graph, freed with the solver; the propagator is
** Solver.neq_graph_prop.  Groups over more than 64 variables or wider
** domains keep dval (distinct.c).
*/
#include "engine/props/props.h"

#include <string.h>

typedef struct GEdge {
  VarId    y;
  int32_t  c;         /* x != y + c: when x = v, y loses v - c */
  uint32_t group;
} GEdge;

typedef struct RawEdge {
  VarId x;
  GEdge e;
} RawEdge;

/* What some edges stand for: a clue's stars, or one all-different group. */
typedef struct GGroup {
  uint32_t origin;
  uint8_t  clique;    /* 1: a distinct group, blamed whole; 0: stars, blame x */
  uint32_t first, n;  /* a clique's variables in NeqGraph.gvars */
} GGroup;

struct NeqGraph {
  VEC(RawEdge)  raw;      /* edges as added */
  VEC(uint32_t) start;    /* per variable: first edge in edges (CSR, len = vars + 1) */
  VEC(GEdge)    edges;    /* raw sorted by x, stably */
  bool          dirty;    /* raw has edges that edges lacks */
  VEC(GGroup)   groups;
  VEC(uint32_t) star_groups; /* the groups of kind 0 */
  VEC(VarId)    gvars;
  VEC(VarId)    pend;     /* fixed variables whose edges have not run */
  VEC(uint8_t)  mark;     /* per variable: 1 in pend, 2 subscribed (bits) */
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
      if (!seen)
        g->edges.data[out++] = *e;
    }
  }
  g->start.data[nv] = out;
  g->edges.len = out;
  xfree(fill);
  g->dirty = false;
}

static inline void pend_push(NeqGraph *g, VarId x)
{
  if (!(g->mark.data[x] & 1)) {
    g->mark.data[x] |= 1;
    g->pend.data[g->pend.len++] = x;
  }
}

/* Take on the group's clue and kind, for the reason log and explanations. */
static void wear(Prop *p, const GGroup *gr)
{
  p->origin = gr->origin;
  p->cls = gr->clique ? &graph_distinct_class : &graph_linear_class;
}

static PropStatus graph_propagate(Solver *s, Prop *p)
{
  NeqGraph *g = s->neq_graph;
  if (!g->pend.len)
    return PS_FIX;                      /* nothing fixed since: no edge can prune */
  if (g->dirty)
    rebuild(g);
  const uint32_t *start = g->start.data;
  const GEdge *edges = g->edges.data;
  while (g->pend.len) {
    VarId x = g->pend.data[--g->pend.len];
    g->mark.data[x] &= (uint8_t)~1u;
    const Dom *d = dom_get(s, x);
    if (d->lo != d->hi)
      continue;                         /* pending from a branch since undone */
    int64_t v = d->lo;
    uint32_t worn = UINT32_MAX;
    for (uint32_t k = start[x], end = start[x + 1]; k < end; k++) {
      const GEdge *e = &edges[k];
      int64_t w = v - e->c;
      if (dom_lacks(s, e->y, w))
        continue;
      if (e->group != worn) {
        worn = e->group;
        wear(p, &g->groups.data[worn]);
      }
      Event ev = dom_remove_present(s, e->y, w, p);
      if (ev == EV_FAIL) {
        const GGroup *gr = &g->groups.data[worn];
        if (gr->clique) {
          s->blame = &g->gvars.data[gr->first];
          s->nblame = gr->n;
        } else {
          s->blame_one = x;
          s->blame = &s->blame_one;
          s->nblame = 1;
        }
        return PS_FAIL;
      }
      if (ev == EV_VAL)
        pend_push(g, e->y);             /* not advised of its own changes */
    }
  }
  return PS_FIX;
}

static void graph_advise(Solver *s, Prop *p, VarId x)
{
  (void)p;
  pend_push(s->neq_graph, x);          /* subscribed on fixing only */
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

/* Room for x: marks, the pending stack, the subscription and the degree. */
static void graph_touch(Solver *s, NeqGraph *g, VarId x, uint32_t degree)
{
  while (g->mark.len <= x)
    VEC_PUSH(g->mark, 0);
  VEC_RESERVE(g->pend, g->mark.len);
  while (s->degree_extra.len <= x)
    VEC_PUSH(s->degree_extra, 0);
  s->degree_extra.data[x] += degree;
  if (!(g->mark.data[x] & 2)) {
    g->mark.data[x] |= 2;
    prop_subscribe(s, &s->props.data[s->neq_graph_prop], x, EV_VAL);
  }
  if (dom_is_fixed(s, x))
    pend_push(g, x);                    /* at the root: run it if fixed already */
}

static void graph_edge(NeqGraph *g, VarId x, VarId y, int64_t c, uint32_t group)
{
  RawEdge r = { x, { y, (int32_t)c, group } };
  VEC_PUSH(g->raw, r);
  g->dirty = true;
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
    GGroup gr = { s->origin, 0, 0, 0 };
    VEC_PUSH(g->groups, gr);
    VEC_PUSH(g->star_groups, group);
  }
  graph_edge(g, x, y, c, group);
  graph_edge(g, y, x, -c, group);
  graph_touch(s, g, x, 1);
  graph_touch(s, g, y, 1);
  graph_run(s);
}

void neq_graph_clique(Solver *s, size_t n, const VarId *x)
{
  NeqGraph *g = graph_get(s);
  uint32_t group = (uint32_t)g->groups.len;
  GGroup gr = { s->origin, 1, (uint32_t)g->gvars.len, (uint32_t)n };
  VEC_PUSH(g->groups, gr);
  for (size_t i = 0; i < n; i++)
    VEC_PUSH(g->gvars, x[i]);
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      if (i != j)
        graph_edge(g, x[i], x[j], 0, group);
  for (size_t i = 0; i < n; i++)
    graph_touch(s, g, x[i], 1);
  graph_run(s);
}

void neq_graph_free(NeqGraph *g)
{
  if (!g)
    return;
  VEC_FREE(g->raw);
  VEC_FREE(g->start);
  VEC_FREE(g->edges);
  VEC_FREE(g->groups);
  VEC_FREE(g->star_groups);
  VEC_FREE(g->gvars);
  VEC_FREE(g->pend);
  VEC_FREE(g->mark);
  xfree(g);
}
