/*
** trail.c -- levels and undo for the trail (see trail.h).
**
** Saving is inline in trail.h because it is on every propagator's path;
** what lives here runs once per decision or backtrack.
*/
#include "engine/trail.h"

#include <assert.h>

void trail_init(Trail *t)
{
  memset(t, 0, sizeof *t);
  t->stamp = 1;
}

void trail_free(Trail *t)
{
  VEC_FREE(t->entries);
  VEC_FREE(t->marks);
}

void trail_reserve(Trail *t, size_t entries, size_t levels)
{
  VEC_RESERVE(t->entries, t->entries.len + entries);
  VEC_RESERVE(t->marks, t->marks.len + levels);
}

void trail_push_level(Trail *t)
{
  VEC_PUSH(t->marks, t->entries.len);
  t->stamp++;
}

void trail_pop_level(Trail *t)
{
  assert(t->marks.len > 0);
  size_t mark = VEC_POP(t->marks);
  /* Newest first, so a cell saved twice ends at its oldest value. */
  for (size_t i = t->entries.len; i-- > mark;) {
    TrailEntry *e = &t->entries.data[i];
    switch (e->bytes) {
    case 1: memcpy(e->addr, e->old, 1); break;
    case 4: memcpy(e->addr, e->old, 4); break;
    case 8: memcpy(e->addr, e->old, 8); break;
    default: memcpy(e->addr, e->old, TRAIL_MAX_BYTES); break;
    }
  }
  t->entries.len = mark;
  t->stamp++;
}

void trail_undo_to(Trail *t, size_t level)
{
  while (t->marks.len > level)
    trail_pop_level(t);
}
