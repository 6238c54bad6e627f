/*
** gac_word.h -- the steps of distinct's GAC on one machine word (at
** most 64 variables and 64 values: the matching, the one-component
** test, the components' pruning), inline so that dgacw
** (distinct.c) and gacw_filter (gac_word.c, which neq_graph.c calls on
** its local masks) keep them in their loops.  A file of their own, so
** that the graph and distinct.c, which hands it its groups, do not call
** each other in a circle.
*/
#ifndef PZ_GAC_WORD_H
#define PZ_GAC_WORD_H

#include "engine/props/props.h"

/* Match var r by a breadth-first augmenting path; *matched is the set of matched values. */
static inline bool augment_word(const uint64_t *dom, GacWord *g, uint64_t *matched, uint32_t r)
{
  int8_t parent[64];
  uint32_t queue[64], head = 0, tail = 0;
  uint64_t seen = (uint64_t)1 << r;
  queue[tail++] = r;
  while (head < tail) {
    uint32_t u = queue[head++];
    uint64_t free_here = dom[u] & ~*matched;
    if (free_here) {                        /* shift the path back to r */
      int j = __builtin_ctzll(free_here);
      *matched |= (uint64_t)1 << j;
      for (uint32_t cur = u;;) {
        int old = g->var_match[cur];
        g->var_match[cur] = (int8_t)j;
        g->val_match[j] = (int8_t)cur;
        if (cur == r)
          return true;
        j = old;
        cur = (uint32_t)parent[cur];
      }
    }
    for (uint64_t m = dom[u]; m; m &= m - 1) {
      uint32_t w = (uint32_t)g->val_match[__builtin_ctzll(m)];
      if (!(seen >> w & 1)) {
        seen |= (uint64_t)1 << w;
        parent[w] = (int8_t)u;
        queue[tail++] = w;
      }
    }
  }
  return false;
}

/*
** Do the open variables form one strongly connected component of the
** graph to[]?  Then every edge between them lies on a cycle and stays,
** which is the common case in a sudoku-like group: two bit-parallel
** searches (forward from one open variable, backward to it) instead of
** gacw_keep's search per component.
*/
static inline bool one_component(const uint64_t *to, uint64_t open)
{
  if (!open)
    return true;
  uint64_t root = open & -open, forward = root, frontier = root;
  while (frontier) {
    uint64_t fresh = to[__builtin_ctzll(frontier)] & ~forward;
    frontier = (frontier & (frontier - 1)) | fresh;
    forward |= fresh;
  }
  if ((forward & open) != open)
    return false;
  /* Backward: a round adds at once what it finds, so the next test in
  ** the same round sees it (two rounds mostly do). */
  uint64_t backward = root;
  for (;;) {
    uint64_t rest = open & ~backward, before = backward;
    if (!rest)
      return true;
    for (; rest; rest &= rest - 1)
      if (to[__builtin_ctzll(rest)] & backward)
        backward |= rest & -rest;
    if (backward == before)
      return false;
  }
}

/*
** What each open variable may keep once the graph to[] on the matched
** values (value o points to k when o's variable can take k) has more
** than one strongly connected component: keep[o] for each o in
** open_values, the values of o's component, those whose variable can
** move on towards a free value (can_free: o's variable has a value no
** one is matched to), and the free values themselves.  Each component
** comes from a forward search from one of its values and a backward
** search within what that reached, on the transposed rows: a few row
** operations per value, where a transitive closure took matched *
** matched.
*/
static inline void gacw_keep(const uint64_t *to, uint64_t matched, uint64_t can_free,
                             uint64_t open_values, uint64_t *keep)
{
  uint64_t from[64];
  for (uint64_t mk = matched; mk; mk &= mk - 1)
    from[__builtin_ctzll(mk)] = 0;
  for (uint64_t mk = matched; mk; mk &= mk - 1) {
    int k = __builtin_ctzll(mk);
    for (uint64_t mj = to[k]; mj; mj &= mj - 1)
      from[__builtin_ctzll(mj)] |= (uint64_t)1 << k;
  }
  uint64_t to_free = can_free;          /* values whose variable reaches a free value */
  for (uint64_t frontier = can_free; frontier;) {
    uint64_t fresh = from[__builtin_ctzll(frontier)] & ~to_free;
    to_free |= fresh;
    frontier = (frontier & (frontier - 1)) | fresh;
  }
  uint64_t beyond = to_free | ~matched;
  for (uint64_t rest = open_values; rest;) {
    uint64_t root = rest & -rest, forward = root, backward = root;
    for (uint64_t frontier = root; frontier;) {
      uint64_t fresh = to[__builtin_ctzll(frontier)] & ~forward;
      forward |= fresh;
      frontier = (frontier & (frontier - 1)) | fresh;
    }
    for (uint64_t frontier = root; frontier;) {
      uint64_t fresh = from[__builtin_ctzll(frontier)] & forward & ~backward;
      backward |= fresh;
      frontier = (frontier & (frontier - 1)) | fresh;
    }
    for (uint64_t mk = backward & rest; mk; mk &= mk - 1)
      keep[__builtin_ctzll(mk)] = backward | beyond;
    rest &= ~backward;
  }
}

#endif
