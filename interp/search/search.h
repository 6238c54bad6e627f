/*
** search.h -- depth-first search over an explicit stack of decisions.
**
** Binary branching: at each node the chosen variable x takes its smallest
** value v (the left branch, x = v); when that subtree is exhausted, the
** right branch x != v replaces it.  Every applied decision, left or right,
** opens its own trail level and is kept on the path, so the path alone
** names the node: a later split of the tree into independent subproblems
** can replay a prefix of it.  No recursion and no allocation per node.
*/
#ifndef PZ_SEARCH_H
#define PZ_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/search_state.h"
#include "engine/solver.h"
#include "base/vec.h"


/*
** The conflict weights of x[0..n) changed (prop.c's blame_failure): the
** tournament tree, when there is one (leaves != 0), must place them anew.
*/
void search_weights_changed(Solver *s, const VarId *x, uint32_t n);

/*
** Record nogoods at restarts (search/nogood.c), so that restarted runs
** do not search again what earlier runs refuted: off by default (see
** doc/performance.md, "Learning").  Counts are the same either way; a
** first solution may be another one.
*/
void search_set_learning(Solver *s, bool on);

/*
** The decisions leading to the current node, oldest first: valid until
** the next search call.  *n receives their number.
*/
const SearchStep *search_path(const Solver *s, size_t *n);

/*
** Parallel search (search/parallel.c).  search_split gives away the
** other branch of the oldest open decision of the path: the cube of that
** part goes into cube[] (room for the path's length) and its length is
** returned; 0 when nothing is left to give.  search_enter starts the
** search of a cube: the first call of a space begins the search (root
** fixpoint and probing), later ones need the last cube exhausted.
** SEARCH_SOLUTION means go on with search_next; SEARCH_EXHAUSTED that
** the cube is empty; SEARCH_LIMIT that a limit stopped it.  An empty
** cube may be a slice: of the search a propagator finishing alone at the
** root makes (Search.slices), only part `slice` of `slices`.
*/
size_t search_split(Solver *s, SearchStep *cube);
/*
** From a search stopped before a decision (Search.on_decide): the node
** it stands on as a cube of *n steps, its path closed, so that with
** every branch search_split gives it is all the search has left to do.
** False when that node cannot be shared: inside the completion of an
** answer (projection).
*/
bool search_rest(Solver *s, SearchStep *cube, size_t *n);
SearchResult search_enter(Solver *s, const SearchStep *cube, size_t n,
                          uint32_t slice, uint32_t slices);

/*
** Load a solution found in another space (every variable's value) on a
** level of its own, for reading it; false when a value is not in its
** domain.  search_unload takes it off, whatever search_load returned.
** Only on a space that is not being searched.
*/
bool search_load(Solver *s, const int32_t *values);
void search_unload(Solver *s);

#endif
