/*
** nogood.c -- nogoods from restarts, propagated with watched literals.
**
** Why they hold.  Before the first solution every subtree the search has
** left holds no solution.  On a path d1 .. dm, a right branch di = (x != v)
** means the left branch x = v below d1 .. di-1 was searched and is empty,
** so {d1 .. di-1, x = v} is a nogood; and the right branches among
** d1 .. di-1 follow from the nogoods of their own left branches, so they
** can be left out: the positive decisions before di and x = v (reduced
** nld-nogoods, Lecoutre et al. 2007).  The node where the restart happens
** failed, so the deepest left branch of the path is empty too and counts
** as refuted.  A nogood is a consequence of the constraints alone (no
** bound is in force before the first solution, and the root's own
** removals are consequences too), so it stays true for the rest of the
** search, counting a second solution (--unique) included: it removes
** no solution, it only cuts what an earlier run searched already.
**
** Propagation.  A literal y = w is true when y is fixed to w, false when
** w is not in y's domain.  Each nogood watches two literals that are not
** true; when a watched one becomes true another is looked for, and when
** there is none the other watched literal is made false (w removed from
** y), or, if it is true as well, the node fails.  Backtracking restores
** domains exactly, so the watches need no undoing (as in SAT solvers).
** Below the root the variables fixed on the newest trail level are the
** ones whose Doms that level saved and that are now fixed; at the root
** (after each restart) every nogood is looked at afresh: those satisfied
** there are dropped, the literals true there are left out, and the
** watches are rebuilt.
**
** Only literals on bitset domains are recorded: an interval domain
** cannot always lose an inner value.
*/
#include "search/nogood.h"

#define NONE UINT32_MAX

void nogood_clear(Solver *s)
{
  Nogoods *g = &s->search.nogoods;
  size_t nvars = s->doms.len;
  VEC_CLEAR(g->lits);
  VEC_CLEAR(g->next);
  VEC_CLEAR(g->start);
  VEC_PUSH(g->start, 0);
  VEC_RESERVE(g->head, nvars);
  VEC_RESERVE(g->seen, nvars);
  g->head.len = g->seen.len = nvars;
  for (size_t i = 0; i < nvars; i++) {
    g->head.data[i] = NONE;
    g->seen.data[i] = 0;                /* a trail stamp is never 0 */
  }
  g->learned = g->pruned = 0;
}

/* Append the nogood {x = v} + the positive steps of path[0..i), newest first. */
static void learn_one(Solver *s, const SearchStep *path, size_t i, VarId x, int32_t v)
{
  Nogoods *g = &s->search.nogoods;
  if (!dom_is_bitset(s, x))
    return;
  for (size_t k = 0; k < i; k++)
    if (path[k].eq && !dom_is_bitset(s, path[k].x))
      return;
  VEC_PUSH(g->lits, ((NogoodLit){ x, v }));
  for (size_t k = i; k-- > 0;)
    if (path[k].eq)
      VEC_PUSH(g->lits, ((NogoodLit){ path[k].x, path[k].v }));
  VEC_PUSH(g->start, (uint32_t)g->lits.len);
  g->learned++;
}

void nogood_learn(Solver *s, const SearchStep *path, size_t n)
{
  size_t last = n;                      /* the deepest left branch */
  for (size_t k = 0; k < n; k++) {
    if (path[k].closed)
      return;
    if (path[k].eq)
      last = k;
  }
  if (last == n)
    return;
  for (size_t i = 0; i <= last; i++)
    if (!path[i].eq || i == last)
      learn_one(s, path, i, path[i].x, path[i].v);
}

/* Take v out of x, as the nogoods' doing (for the reason log). */
static bool prune(Solver *s, VarId x, int32_t v)
{
  s->cause = REASON_NOGOOD;
  Event e = dom_remove(s, x, v, NULL);
  s->cause = REASON_DECISION;
  assert(e != EV_FAIL);                 /* x was open and held v */
  s->search.nogoods.pruned += e != EV_NONE;
  return e != EV_NONE;
}

static inline bool lit_true(const Solver *s, NogoodLit l)
{
  return dom_is_fixed(s, l.x) && dom_value(s, l.x) == l.v;
}

static inline void watch(Nogoods *g, uint32_t w, VarId x)
{
  g->next.data[w] = g->head.data[x];
  g->head.data[x] = w;
}

/*
** The root: every nogood afresh.  Drops the satisfied ones and the true
** literals, prunes the units, rebuilds the watches.
*/
static PropStatus root_pass(Solver *s, bool *changed)
{
  Nogoods *g = &s->search.nogoods;
  size_t nvars = s->doms.len;
  for (size_t i = 0; i < nvars; i++)
    g->head.data[i] = NONE;
  size_t nold = g->start.len - 1;
  VEC_RESERVE(g->next, 2 * nold);
  uint32_t out = 0, kept = 0, b = g->start.data[0];
  PropStatus st = PS_FIX;
  for (size_t c = 0; c < nold; c++) {
    uint32_t e = g->start.data[c + 1], from = out;
    bool satisfied = false;
    for (uint32_t p = b; p < e; p++) {
      NogoodLit l = g->lits.data[p];
      if (!dom_contains(s, l.x, l.v)) {
        satisfied = true;
        break;
      }
      if (!dom_is_fixed(s, l.x))
        g->lits.data[out++] = l;
    }
    b = e;
    if (satisfied) {
      out = from;
      continue;
    }
    if (out - from == 0) {              /* true at the root: no solution at all */
      st = PS_FAIL;
      break;
    }
    if (out - from == 1) {
      *changed |= prune(s, g->lits.data[from].x, g->lits.data[from].v);
      out = from;
      continue;
    }
    g->start.data[++kept] = out;
    watch(g, 2 * kept - 2, g->lits.data[from].x);
    watch(g, 2 * kept - 1, g->lits.data[from + 1].x);
  }
  g->lits.len = out;
  g->start.len = kept + 1;
  g->next.len = 2 * (size_t)kept;
  return st;
}

/*
** x is fixed to val: its watches whose literal became true look for
** another literal; with none left, the other watched one is made false.
*/
static PropStatus fixed(Solver *s, VarId x, int32_t val, bool *changed)
{
  Nogoods *g = &s->search.nogoods;
  uint32_t *link = &g->head.data[x];
  while (*link != NONE) {
    uint32_t w = *link, c = w >> 1, k = w & 1;
    NogoodLit *lits = &g->lits.data[g->start.data[c]];
    uint32_t len = g->start.data[c + 1] - g->start.data[c];
    if (lits[k].v != val) {             /* false: the nogood holds */
      link = &g->next.data[w];
      continue;
    }
    uint32_t p = 2;
    while (p < len && lit_true(s, lits[p]))
      p++;
    if (p < len) {                      /* watch lits[p] instead */
      NogoodLit t = lits[k];
      lits[k] = lits[p];
      lits[p] = t;
      *link = g->next.data[w];
      watch(g, w, lits[k].x);
      continue;
    }
    NogoodLit o = lits[1 - k];
    if (!dom_contains(s, o.x, o.v)) {   /* satisfied already */
      link = &g->next.data[w];
      continue;
    }
    if (dom_is_fixed(s, o.x))
      return PS_FAIL;                   /* every literal holds */
    *changed |= prune(s, o.x, o.v);
    link = &g->next.data[w];
  }
  return PS_FIX;
}

/* Below the root: the watches of the variables fixed on the newest level. */
static PropStatus node_pass(Solver *s, bool *changed)
{
  Nogoods *g = &s->search.nogoods;
  const Trail *t = &s->trail;
  uint64_t stamp = t->stamp;
  uintptr_t first = (uintptr_t)s->doms.data;
  uintptr_t end = (uintptr_t)(s->doms.data + s->doms.len);
  for (size_t i = VEC_LAST(t->marks); i < t->entries.len; i++) {
    uintptr_t a = (uintptr_t)t->entries.data[i].addr;
    if (a < first || a >= end)
      continue;
    VarId x = (VarId)((a - first) / sizeof(Dom));
    if (g->head.data[x] == NONE || g->seen.data[x] == stamp || !dom_is_fixed(s, x))
      continue;
    g->seen.data[x] = stamp;
    if (fixed(s, x, dom_value(s, x), changed) == PS_FAIL)
      return PS_FAIL;
  }
  return PS_FIX;
}

PropStatus nogood_fixpoint(Solver *s)
{
  for (;;) {
    bool changed = false;
    PropStatus st = s->search.path.len == 0 ? root_pass(s, &changed)
                                            : node_pass(s, &changed);
    if (st == PS_FAIL) {
      prop_queues_clear(s);
      s->stats.failures++;
      s->failed_origin = 0;
      s->failed_prop = "nogood";
      s->failed_detail = 0;
      if (s->trace && !s->in_trial) {
        SolverEvent e = {.kind = REASON_FAILURE, .x = PROP_NONE, .prop = "nogood",
                         .depth = (uint32_t)s->search.path.len};
        s->trace(s->trace_ctx, &e);
      }
      return PS_FAIL;
    }
    if (!changed)
      return PS_FIX;
    st = prop_fixpoint(s);
    if (st != PS_FIX)
      return st;
  }
}
