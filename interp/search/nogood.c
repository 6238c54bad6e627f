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
  VEC_CLEAR(g->watches);
  VEC_CLEAR(g->wvars);
  VEC_RESERVE(g->nwatch, nvars);
  VEC_RESERVE(g->listed, nvars);
  VEC_RESERVE(g->seen, nvars);
  g->nwatch.len = g->listed.len = g->seen.len = nvars;
  for (size_t i = 0; i < nvars; i++) {
    g->nwatch.data[i] = 0;
    g->listed.data[i] = 0;
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

/*
** The slot of literal l in the watch table, made when `make`; NULL when
** it has none.  The table holds at least twice as many slots as there
** are literals (root_pass), so it never fills and slots never move
** between two root passes.
*/
static NogoodSlot *slot_of(Nogoods *g, NogoodLit l, bool make)
{
  uint64_t h = ((uint64_t)l.x << 32 | (uint32_t)l.v) * 0x9E3779B97F4A7C15ull;
  h ^= h >> 31;                         /* splitmix64's finish: every bit counts */
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  size_t mask = g->watches.len - 1;
  for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
    NogoodSlot *sl = &g->watches.data[i];
    if (sl->x == l.x && sl->v == l.v)
      return sl;
    if (sl->x == NONE) {
      if (!make)
        return NULL;
      *sl = (NogoodSlot){ l.x, l.v, NONE };
      return sl;
    }
  }
}

/* Watch w (literal w & 1 of nogood w >> 1) is on l. */
static void watch(Nogoods *g, uint32_t w, NogoodLit l)
{
  NogoodSlot *sl = slot_of(g, l, true);
  g->next.data[w] = sl->head;
  sl->head = w;
  if (g->nwatch.data[l.x]++ == 0 && !g->listed.data[l.x]) {
    g->listed.data[l.x] = 1;
    VEC_PUSH(g->wvars, l.x);
  }
}

/*
** The root: every nogood afresh.  Drops the satisfied ones and the true
** literals, prunes the units, rebuilds the watches.
*/
static PropStatus root_pass(Solver *s, bool *changed)
{
  Nogoods *g = &s->search.nogoods;
  size_t nvars = s->doms.len;
  for (size_t i = 0; i < g->wvars.len; i++)
    g->listed.data[g->wvars.data[i]] = 0;
  VEC_CLEAR(g->wvars);
  for (size_t i = 0; i < nvars; i++)
    g->nwatch.data[i] = 0;
  size_t nold = g->start.len - 1, slots = 16;
  while (slots < 2 * g->lits.len)
    slots *= 2;
  VEC_RESERVE(g->watches, slots);
  g->watches.len = slots;
  for (size_t i = 0; i < slots; i++)
    g->watches.data[i].x = NONE;
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
    watch(g, 2 * kept - 2, g->lits.data[from]);
    watch(g, 2 * kept - 1, g->lits.data[from + 1]);
  }
  g->lits.len = out;
  g->start.len = kept + 1;
  g->next.len = 2 * (size_t)kept;
  return st;
}

/*
** x is fixed to val: the watches of x = val look for another literal;
** with none left, the other watched one is made false.  (The watches of
** x = w for other values w need nothing: their nogoods hold.)
*/
static PropStatus fixed(Solver *s, VarId x, int32_t val, bool *changed)
{
  Nogoods *g = &s->search.nogoods;
  NogoodSlot *sl = slot_of(g, (NogoodLit){ x, val }, false);
  if (!sl)
    return PS_FIX;
  uint32_t *link = &sl->head;
  while (*link != NONE) {
    uint32_t w = *link, c = w >> 1, k = w & 1;
    NogoodLit *lits = &g->lits.data[g->start.data[c]];
    uint32_t len = g->start.data[c + 1] - g->start.data[c];
    assert(lits[k].x == x && lits[k].v == val);
    uint32_t p = 2;
    while (p < len && lit_true(s, lits[p]))
      p++;
    if (p < len) {                      /* watch lits[p] instead */
      NogoodLit t = lits[k];
      lits[k] = lits[p];
      lits[p] = t;
      *link = g->next.data[w];
      g->nwatch.data[x]--;
      watch(g, w, lits[k]);
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

/* x, if it was fixed on the newest level and not yet looked at there. */
static PropStatus maybe_fixed(Solver *s, VarId x, uint64_t stamp, bool *changed)
{
  Nogoods *g = &s->search.nogoods;
  if (!g->nwatch.data[x] || g->seen.data[x] == stamp || !dom_is_fixed(s, x))
    return PS_FIX;
  g->seen.data[x] = stamp;
  return fixed(s, x, dom_value(s, x), changed);
}

/*
** Below the root: the watches of the variables fixed on the newest level,
** those whose Doms it saved.  They are found among the watched variables
** (a Dom saved on this level carries its stamp) or among the level's
** trail entries, whichever list is the shorter.
*/
static PropStatus node_pass(Solver *s, bool *changed)
{
  Nogoods *g = &s->search.nogoods;
  const Trail *t = &s->trail;
  uint64_t stamp = t->stamp;
  if (g->wvars.len < t->entries.len - VEC_LAST(t->marks)) {
    for (size_t i = 0; i < g->wvars.len; i++) {
      VarId x = g->wvars.data[i];
      if (s->doms.data[x].stamp == stamp && maybe_fixed(s, x, stamp, changed) == PS_FAIL)
        return PS_FAIL;
    }
    return PS_FIX;
  }
  uintptr_t first = (uintptr_t)s->doms.data;
  uintptr_t end = (uintptr_t)(s->doms.data + s->doms.len);
  for (size_t i = VEC_LAST(t->marks); i < t->entries.len; i++) {
    uintptr_t a = (uintptr_t)t->entries.data[i].addr;
    if (a < first || a >= end)
      continue;
    if (maybe_fixed(s, (VarId)((a - first) / sizeof(Dom)), stamp, changed) == PS_FAIL)
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
