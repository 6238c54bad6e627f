/*
** nogood.h -- nogoods recorded at restarts, so that a new run does not
** search again the parts of the tree an earlier run found empty.
**
** Lecoutre, Sais, Tabary and Vidal, "Recording and minimizing nogoods
** from restarts" (JSAT 2007): at a restart, each right branch x != v of
** the path says that the left branch x = v under the positive decisions
** before it holds no solution (the reduced nld-nogoods).  A nogood is a
** set of decisions y = w that cannot all hold; when all but one hold,
** the value of the last is removed.  Two watched literals per nogood, as
** in SAT solvers, so a nogood costs nothing while its watched variables
** stay open.  The store lives in the Search (Search.nogoods) and is
** emptied when a search starts.
*/
#ifndef PZ_SEARCH_NOGOOD_H
#define PZ_SEARCH_NOGOOD_H

#include <stddef.h>

#include "engine/engine.h"

/* Forget every nogood (a new search on a model that may have changed). */
void nogood_clear(Solver *s);

/*
** Record the nogoods of a path that has failed, before the search goes
** back to the root: the failed node and every right branch refute their
** left branches.  Records nothing when a step's other branch is not this
** search's (parallel cubes).
*/
void nogood_learn(Solver *s, const SearchStep *path, size_t n);

/*
** After a fixpoint: propagate the nogoods, alternating with the
** propagators, to a common fixpoint.  At the root every nogood is looked
** at (those satisfied there are dropped); below it only those watching a
** variable fixed on the newest level.  PS_FIX, PS_FAIL (a failure counted
** as a propagator's is) or PS_LIMIT.
*/
PropStatus nogood_fixpoint(Solver *s);

/* True when there is a nogood to propagate. */
static inline bool nogood_any(const Solver *s)
{
  return s->search.nogoods.start.len > 1;
}

#endif
