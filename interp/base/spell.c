/*
** spell.c -- edit distance and the closest candidate.
*/
#include "base/spell.h"

#include <string.h>

/* Insertions, deletions, changes and swaps of two neighbours ("vra" for
   "var") each count one (the optimal string alignment distance). */
uint32_t spell_distance(const char *a, const char *b)
{
  size_t la = strlen(a), lb = strlen(b);
  if (la > 64 || lb > 64)
    return 99;
  uint32_t rows[3][65];                 /* rows i-2, i-1 and i, in turn */
  for (size_t j = 0; j <= lb; j++)
    rows[0][j] = (uint32_t)j;
  for (size_t i = 1; i <= la; i++) {
    uint32_t *cur = rows[i % 3], *up = rows[(i - 1) % 3], *up2 = rows[(i + 1) % 3];
    cur[0] = (uint32_t)i;
    for (size_t j = 1; j <= lb; j++) {
      uint32_t best = up[j - 1] + (a[i - 1] != b[j - 1]);
      if (up[j] + 1 < best)
        best = up[j] + 1;
      if (cur[j - 1] + 1 < best)
        best = cur[j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && up2[j - 2] + 1 < best)
        best = up2[j - 2] + 1;
      cur[j] = best;
    }
  }
  return rows[la % 3][lb];
}

const char *spell_closest(const char *wrong, const char *const *candidates, uint32_t n)
{
  const char *best = NULL;
  size_t len = strlen(wrong);
  if (len < 2)
    return NULL;                        /* any one letter is one change from any other */
  uint32_t best_d = len <= 3 ? 1 : (uint32_t)len / 3 + 1;   /* ~1 typo per 3 letters */
  if (best_d > 3)
    best_d = 3;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t d = spell_distance(wrong, candidates[i]);
    if (d <= best_d && (!best || d < best_d)) {
      best = candidates[i];
      best_d = d;
    }
  }
  return best;
}
