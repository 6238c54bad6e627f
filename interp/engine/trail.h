/*
** trail.h -- the undo log that makes every solver write reversible.
**
** The trail records (address, old bytes) pairs and a mark per decision
** level, as MiniSat's trail/trail_lim.  Popping a level writes the old
** bytes back, newest first, so the oldest value saved on that level wins.
** The stamp changes on every push and pop of a level; a structure that
** remembers the stamp of its last save (Dom, for one) can skip saving
** again on the same level (MiniCPP's "magic").  Level 0 is the root: its
** changes are permanent, so nothing is recorded there.
**
** This is not a general allocator: addresses must stay valid until their
** level is popped, which holds because the solver never reallocates its
** arrays while a search has levels open.
*/
#ifndef PZ_TRAIL_H
#define PZ_TRAIL_H

#include <stdint.h>
#include <string.h>

#include "base/vec.h"

/* Largest block saved in one entry: a Dom's mutable part (see dom.h). */
#define TRAIL_MAX_BYTES 24

typedef struct TrailEntry {
  void    *addr;                      /* where the old bytes go back */
  uint32_t bytes;                     /* 1, 4, 8 or TRAIL_MAX_BYTES */
  unsigned char old[TRAIL_MAX_BYTES]; /* the bytes before the change */
} TrailEntry;

typedef struct Trail {
  VEC(TrailEntry) entries;
  VEC(size_t) marks;   /* entries.len when each level was pushed */
  uint64_t stamp;      /* bumped on every level push and pop; never 0 */
} Trail;

void trail_init(Trail *t);
void trail_free(Trail *t);
/* Make sure n more entries and levels fit without growing (setup only). */
void trail_reserve(Trail *t, size_t entries, size_t levels);

/* Open a new level; later saves are undone by the matching pop. */
void trail_push_level(Trail *t);
/* Undo every save of the newest level and close it.  Requires a level. */
void trail_pop_level(Trail *t);
/* Pop levels until only `level` remain open (0 = back to the root). */
void trail_undo_to(Trail *t, size_t level);

/* Number of open levels; 0 at the root. */
static inline size_t trail_level(const Trail *t)
{
  return t->marks.len;
}

/*
** Record the current `bytes` bytes at addr so the newest level's pop
** restores them.  At the root nothing is recorded: root changes are
** consequences of the model and stay.  The constant sizes let the
** compiler inline the copy.
*/
static inline void trail_save(Trail *t, void *addr, uint32_t bytes)
{
  if (t->marks.len == 0)
    return;
  VEC_RESERVE(t->entries, t->entries.len + 1);
  TrailEntry *e = &t->entries.data[t->entries.len++];
  e->addr = addr;
  e->bytes = bytes;
  switch (bytes) {
  case 1: memcpy(e->old, addr, 1); break;
  case 4: memcpy(e->old, addr, 4); break;
  case 8: memcpy(e->old, addr, 8); break;
  default: memcpy(e->old, addr, TRAIL_MAX_BYTES); break;
  }
}

#endif
