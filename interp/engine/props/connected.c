/*
** connected.c -- areas of a board: connected(B, V) and areas(B, V, Clues).
**
** The cells of a board are the nodes of a graph (their neighbours, the
** outside of the board as one more node when asked).  A node is IN when
** its cell is fixed to V (the outside always is), OUT when V has left its
** domain, and MAYBE otherwise.
**
** connected: the IN nodes, once all are fixed, form one area.  From the
** first IN node, a search over the nodes that are not OUT reaches what
** may still join it: an IN node it misses fails, a MAYBE node it misses
** loses V.  A MAYBE node that is an articulation point of the reached
** part, cutting off a subtree with an IN node from the root (an IN node
** too), must hold V (Tarjan's low points, as in the connectivity
** constraints of Brand, or Gecode's path propagators).  Both rules are
** at their own fixpoint after one pass: fixing a cut node to V or taking
** V from an unreached node changes neither the reached part nor its cuts.
**
** areas: each area of IN nodes holds exactly one clue cell, and when that
** clue is a size, has that many cells (Nurikabe's islands).  Clue cells
** hold V.  An area with two clues or more cells than its clue fails; a
** full area, or two clued areas, take V from the cells beside them.  From
** each clued area a breadth-first search over the cells that may join it
** (not OUT, not in or beside another clued area) reaches a cell at
** distance d only if size + d stays within the clue; the area cannot
** grow beyond what it reaches, so too few cells reached fails, a MAYBE
** cell no clue reaches loses V and an IN cell no clue reaches fails.
** Every rule is exact once the cells are fixed.
*/
#include "engine/props/props.h"
#include "model/model.h"

#include <string.h>

enum { S_OUT, S_MAYBE, S_IN };

typedef struct Area {
  ModelArea spec;        /* the graph and clues, pointing into consts below */
  uint8_t  *st;          /* per node */
  uint32_t *queue, *comp, *dist, *stamp, *disc, *low, *parent, *iter, *cnt;
  uint32_t *csize;       /* per component (areas) */
  int32_t  *cclue;       /* per component: the clue cell, -1 none, -2 two or more */
  uint32_t  round;       /* stamp of the current search */
  int32_t   ints[];      /* a copy of the spec */
} Area;

/* One block, so that xfree(aux) frees it all: the header, the spec, then the scratch. */
static Area *area_new(const int32_t *spec)
{
  size_t len = model_area_len(spec), nn = (size_t)model_area(spec).nnodes + 1;
  size_t nwords = 11;                   /* the uint32_t arrays below and cclue */
  Area *a = xcalloc(1, sizeof *a + (len + nwords * nn) * sizeof(int32_t) + nn);
  memcpy(a->ints, spec, len * sizeof(int32_t));
  a->spec = model_area(a->ints);
  uint32_t *at = (uint32_t *)(void *)(a->ints + len);
  uint32_t **arrays[] = { &a->queue, &a->comp, &a->dist, &a->stamp, &a->disc, &a->low,
                          &a->parent, &a->iter, &a->cnt, &a->csize };
  for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++, at += nn)
    *arrays[i] = at;
  a->cclue = (int32_t *)(void *)at;
  at += nn;
  a->st = (uint8_t *)(void *)at;
  return a;
}

/* The state of every node; true when some cell is still open. */
static bool classify(const Solver *s, const Prop *p, Area *a)
{
  const VarId *x = prop_vars(s, p);
  const ModelArea *m = &a->spec;
  bool open = false;
  for (uint32_t k = 0; k < m->nnodes; k++) {
    if (k >= m->ncells)
      a->st[k] = S_IN;
    else if (!dom_contains(s, x[k], m->value))
      a->st[k] = S_OUT;
    else if (dom_is_fixed(s, x[k]))
      a->st[k] = S_IN;
    else
      a->st[k] = S_MAYBE, open = true;
  }
  return open;
}

/* Take V from cell k. */
static Event drop(Solver *s, const Prop *p, Area *a, uint32_t k)
{
  a->st[k] = S_OUT;
  return prop_remove(s, prop_vars(s, p)[k], a->spec.value, p);
}

/* Give cell k the value V. */
static Event force(Solver *s, const Prop *p, Area *a, uint32_t k)
{
  a->st[k] = S_IN;
  return dom_fix(s, prop_vars(s, p)[k], a->spec.value, p);
}

/* --- connected --- */

static PropStatus connected_propagate(Solver *s, Prop *p)
{
  Area *a = p->aux;
  const ModelArea *m = &a->spec;
  bool open = classify(s, p, a);
  uint32_t root = 0;
  while (root < m->nnodes && a->st[root] != S_IN)
    root++;
  if (root == m->nnodes)
    return open ? PS_FIX : PS_DONE;
  /* depth first from the root over the nodes not OUT, with low points */
  uint32_t time = 0, sp = 0;
  memset(a->disc, 0, m->nnodes * sizeof *a->disc);
  a->disc[root] = a->low[root] = ++time;
  a->cnt[root] = 1;
  a->iter[root] = (uint32_t)m->first[root];
  a->queue[sp++] = root;
  while (sp > 0) {
    uint32_t u = a->queue[sp - 1];
    if (a->iter[u] < (uint32_t)m->first[u + 1]) {
      uint32_t w = (uint32_t)m->adj[a->iter[u]++];
      if (a->st[w] == S_OUT)
        continue;
      if (!a->disc[w]) {
        a->parent[w] = u;
        a->disc[w] = a->low[w] = ++time;
        a->cnt[w] = a->st[w] == S_IN;
        a->iter[w] = (uint32_t)m->first[w];
        a->queue[sp++] = w;
      } else if (w != a->parent[u] && a->disc[w] < a->low[u]) {
        a->low[u] = a->disc[w];
      }
      continue;
    }
    if (--sp == 0)
      break;
    uint32_t up = a->queue[sp - 1];
    if (a->low[u] < a->low[up])
      a->low[up] = a->low[u];
    a->cnt[up] += a->cnt[u];
    /* up cuts u's subtree off from the root: it must join when that subtree holds an IN node */
    if (a->low[u] >= a->disc[up] && a->cnt[u] > 0 && a->st[up] == S_MAYBE)
      PROP_TRY(force(s, p, a, up));
  }
  for (uint32_t k = 0; k < m->nnodes; k++) {
    if (a->disc[k])
      continue;
    if (a->st[k] == S_IN)
      return PS_FAIL;
    if (a->st[k] == S_MAYBE)
      PROP_TRY(drop(s, p, a, k));
  }
  for (uint32_t k = 0; k < m->ncells; k++)
    if (a->st[k] == S_MAYBE)
      return PS_FIX;
  return PS_DONE;
}

/* The areas of the nodes holding V: comp[k] (from 1; 0 for the others), their count. */
static uint32_t areas_of(const ModelArea *m, const int32_t *vals, Area *a)
{
  uint32_t ncomp = 0;
  memset(a->comp, 0, m->nnodes * sizeof *a->comp);
  for (uint32_t k = 0; k < m->nnodes; k++) {
    if (a->comp[k] || (k < m->ncells && vals[k] != m->value))
      continue;
    a->comp[k] = ++ncomp;
    a->csize[ncomp] = 0;
    a->cclue[ncomp] = -1;
    uint32_t head = 0, tail = 0;
    a->queue[tail++] = k;
    while (head < tail) {
      uint32_t u = a->queue[head++];
      a->csize[ncomp]++;
      if (u < m->ncells && m->areas && m->clue[u] != 0)
        a->cclue[ncomp] = a->cclue[ncomp] == -1 ? (int32_t)u : -2;
      for (int32_t e = m->first[u]; e < m->first[u + 1]; e++) {
        uint32_t w = (uint32_t)m->adj[e];
        if (!a->comp[w] && (w >= m->ncells || vals[w] == m->value)) {
          a->comp[w] = ncomp;
          a->queue[tail++] = w;
        }
      }
    }
  }
  return ncomp;
}

static bool area_holds(const Solver *s, const Prop *p, const int32_t *vals)
{
  (void)s;
  Area *a = p->aux;
  const ModelArea *m = &a->spec;
  uint32_t ncomp = areas_of(m, vals, a);
  if (!m->areas)
    return ncomp <= 1;
  for (uint32_t k = 0; k < m->ncells; k++)
    if (m->clue[k] != 0 && vals[k] != m->value)
      return false;
  for (uint32_t c = 1; c <= ncomp; c++) {
    int32_t cl = a->cclue[c];
    if (cl < 0 || (m->clue[cl] > 0 && (uint32_t)m->clue[cl] != a->csize[c]))
      return false;
  }
  return true;
}

/* --- areas --- */

/* Is node w in, or beside, a clued area other than c? */
static bool taken(const ModelArea *m, const Area *a, uint32_t w, uint32_t c)
{
  if (a->comp[w] && a->comp[w] != c && a->cclue[a->comp[w]] >= 0)
    return true;
  for (int32_t e = m->first[w]; e < m->first[w + 1]; e++) {
    uint32_t z = a->comp[m->adj[e]];
    if (z && z != c && a->cclue[z] >= 0)
      return true;
  }
  return false;
}

static PropStatus areas_propagate(Solver *s, Prop *p)
{
  Area *a = p->aux;
  const ModelArea *m = &a->spec;
  uint32_t n = m->ncells;
  classify(s, p, a);
  for (uint32_t k = 0; k < n; k++)
    if (m->clue[k] != 0 && a->st[k] != S_IN) {
      if (a->st[k] == S_OUT)
        return PS_FAIL;
      PROP_TRY(force(s, p, a, k));
    }
  /* the areas of IN cells: comp[k] from 1 */
  uint32_t ncomp = 0;
  memset(a->comp, 0, n * sizeof *a->comp);
  for (uint32_t k = 0; k < n; k++) {
    if (a->comp[k] || a->st[k] != S_IN)
      continue;
    uint32_t c = ++ncomp, head = 0, tail = 0;
    a->comp[k] = c;
    a->csize[c] = 0;
    a->cclue[c] = -1;
    a->queue[tail++] = k;
    while (head < tail) {
      uint32_t u = a->queue[head++];
      a->csize[c]++;
      if (m->clue[u] != 0) {
        if (a->cclue[c] != -1)
          return PS_FAIL;               /* two clues in one area */
        a->cclue[c] = (int32_t)u;
      }
      for (int32_t e = m->first[u]; e < m->first[u + 1]; e++) {
        uint32_t w = (uint32_t)m->adj[e];
        if (!a->comp[w] && a->st[w] == S_IN) {
          a->comp[w] = c;
          a->queue[tail++] = w;
        }
      }
    }
    if (a->cclue[c] >= 0 && m->clue[a->cclue[c]] > 0 && a->csize[c] > (uint32_t)m->clue[a->cclue[c]])
      return PS_FAIL;
  }
  /* a cell beside a full area, or beside two clued areas, stays out */
  for (uint32_t k = 0; k < n; k++) {
    if (a->st[k] != S_MAYBE)
      continue;
    uint32_t seen = 0;
    bool out = false;
    for (int32_t e = m->first[k]; e < m->first[k + 1] && !out; e++) {
      uint32_t c = a->comp[m->adj[e]];
      if (!c || a->cclue[c] < 0)
        continue;
      int32_t size = m->clue[a->cclue[c]];
      out = (seen && seen != c) || (size > 0 && a->csize[c] == (uint32_t)size);
      seen = c;
    }
    if (out)
      PROP_TRY(drop(s, p, a, k));
  }
  /* what each clued area can reach */
  memset(a->cnt, 0, n * sizeof *a->cnt);    /* cnt[k]: reached by some clue */
  for (uint32_t c = 1; c <= ncomp; c++) {
    if (a->cclue[c] < 0)
      continue;
    int32_t size = m->clue[a->cclue[c]];
    uint64_t limit = size > 0 ? (uint64_t)size : UINT64_MAX;
    uint32_t stamp = ++a->round, head = 0, tail = 0, reached = 0;
    for (uint32_t k = 0; k < n; k++)
      if (a->comp[k] == c) {
        a->stamp[k] = stamp;
        a->dist[k] = 0;
        a->queue[tail++] = k;
      }
    while (head < tail) {
      uint32_t u = a->queue[head++];
      reached++;
      a->cnt[u] = 1;
      if (a->csize[c] + (uint64_t)a->dist[u] + 1 > limit)
        continue;
      for (int32_t e = m->first[u]; e < m->first[u + 1]; e++) {
        uint32_t w = (uint32_t)m->adj[e];
        if (a->stamp[w] == stamp || a->st[w] == S_OUT || taken(m, a, w, c))
          continue;
        a->stamp[w] = stamp;
        a->dist[w] = a->dist[u] + 1;
        a->queue[tail++] = w;
      }
    }
    if ((uint64_t)reached < (size > 0 ? (uint64_t)size : 0))
      return PS_FAIL;
  }
  bool open = false;
  for (uint32_t k = 0; k < n; k++) {
    if (a->cnt[k] || a->st[k] == S_OUT)
      continue;
    if (a->st[k] == S_IN)
      return PS_FAIL;                   /* an area no clue can reach */
    PROP_TRY(drop(s, p, a, k));
  }
  for (uint32_t k = 0; k < n && !open; k++)
    open = a->st[k] == S_MAYBE;
  return open ? PS_OK : PS_DONE;
}

static const PropClass connected_class = { "connected", connected_propagate, area_holds,
                                           NULL, NULL, NULL };
static const PropClass areas_class = { "areas", areas_propagate, area_holds, NULL, NULL, NULL };

void post_area(Solver *s, const int32_t *spec)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  ModelArea m = model_area(spec);
  Prop *p = prop_new(s, m.areas ? &areas_class : &connected_class, PC_EXPENSIVE, m.ncells,
                     (const VarId *)(const void *)m.x, 0, NULL);
  p->aux = area_new(spec);
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
}
