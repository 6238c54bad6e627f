/*
** search_state.c -- a Search's life: made idle with the Solver, reset to the root, freed
** with it (the search loop itself is search/search.c).
*/
#include "engine/search_state.h"

#include <string.h>

#include "base/mem.h"
#include "engine/engine.h"

void search_init(Search *q)
{
  memset(q, 0, sizeof *q);
  q->state = SS_IDLE;
  q->tree_min = SEARCH_TREE_MIN;
  q->restart_failures = 100;
}

void search_free(Search *q)
{
  VEC_FREE(q->path);
  VEC_FREE(q->order);
  VEC_FREE(q->degree);
  VEC_FREE(q->weight);
  VEC_FREE(q->groups);
  VEC_FREE(q->tree);
  VEC_FREE(q->pos);
  VEC_FREE(q->stale);
  VEC_FREE(q->is_stale);
  VEC_FREE(q->goal_gain);
  VEC_FREE(q->nogoods.lits);
  VEC_FREE(q->nogoods.start);
  VEC_FREE(q->nogoods.watches);
  VEC_FREE(q->nogoods.nwatch);
  VEC_FREE(q->nogoods.wvars);
  VEC_FREE(q->nogoods.listed);
  VEC_FREE(q->nogoods.next);
  VEC_FREE(q->nogoods.seen);
}

/* Back to the root, idle: the engine calls it before a space is edited
   (solver_begin_edit), so it lives here rather than in search/. */
void search_reset(Solver *s)
{
  Search *q = &s->search;
  trail_undo_to(&s->trail, 0);
  VEC_CLEAR(q->path);
  q->must_backtrack = false;
  q->solo_on = false;
  q->completing = q->answered = false;
  q->state = SS_IDLE;
  memset(&s->stats, 0, sizeof s->stats);
}
