/*
** search_state.c -- a Search's life: made idle with the Solver, freed
** with it (the search loop itself is search/search.c).
*/
#include "engine/search_state.h"

#include <string.h>

#include "base/mem.h"

void search_init(Search *q)
{
  memset(q, 0, sizeof *q);
  q->state = SS_IDLE;
  q->tree_min = SEARCH_TREE_MIN;
}

void search_free(Search *q)
{
  VEC_FREE(q->path);
  VEC_FREE(q->order);
  VEC_FREE(q->degree);
  VEC_FREE(q->weight);
  VEC_FREE(q->tree);
  VEC_FREE(q->pos);
  VEC_FREE(q->stale);
  VEC_FREE(q->is_stale);
}
