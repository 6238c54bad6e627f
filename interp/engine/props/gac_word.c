/*
** gac_word.c -- dgacw's rule on masks the caller holds (gacw_init,
** gacw_filter; see props.h), for neq_graph.c's groups.
*/
#include "engine/props/gac_word.h"

#include <string.h>

void gacw_init(GacWord *g, int32_t vmin)
{
  g->vmin = vmin;
  g->matched = 0;
  memset(g->var_match, -1, sizeof g->var_match);
  memset(g->val_match, -1, sizeof g->val_match);
}

/*
** dgacw's rule on masks the caller holds (neq_graph.c's local domains):
** dom[i] is variable i's domain over vmin .. vmin + 63, narrowed in
** place; false when no matching is left.  The caller has removed every
** fixed value from the other domains (the graph's clique edges), so the
** one-component case has nothing to remove.
*/
bool gacw_filter(GacWord *g, uint32_t n, uint64_t *dom)
{
  uint64_t to[64], open = 0, can_free = 0, matched = g->matched;
  bool intact = true;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t di = dom[i];
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
    to[j] = di & ~own;
    if (di & (di - 1))
      open |= own;
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
        return false;
      }
    g->matched = matched;
    open = 0;
    for (uint32_t i = 0; i < n; i++) {
      uint64_t own = (uint64_t)1 << g->var_match[i];
      to[g->var_match[i]] = dom[i] & matched & ~own;
      if (dom[i] & (dom[i] - 1))
        open |= own;
      if (dom[i] & ~matched)
        can_free |= own;
    }
  }
  if (one_component(to, open))
    return true;
  uint64_t keep[64];
  gacw_keep(to, matched, can_free, open, keep);
  for (uint32_t i = 0; i < n; i++)
    if (dom[i] & (dom[i] - 1))
      dom[i] &= keep[g->var_match[i]];
  return true;
}
