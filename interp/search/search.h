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
/* The next search of s starts from these conflict weights (one per
   variable; kept by the caller until then), not from none: a worker
   starts where the search alone's learning got to. */
void search_seed_weights(Solver *s, const uint32_t *weights);

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
** path may come with a cube of the search a propagator finishing alone at
** the root makes (solo, nsolo words: Search.solo_cube), made by
** search_solo_split in a space built alike.
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
                          const uint32_t *solo, size_t nsolo);
/*
** From inside the search of a propagator finishing alone at the root
** (Search.on_solo_node): take a part of what it has left away from it,
** as a solo cube in out (room for search_solo_room words, 0 when it
** cannot share its search).  how: SOLO_WHOLE, the whole of the oldest
** part that has work left; SOLO_HALF, half of the oldest part that can be
** cut in two; SOLO_PIECE, half of the oldest part, or the whole of it
** when it cannot be cut.  Returns the words written, 0 when no such part
** is left.  Every part given away and what the search goes on with never
** meet, and together they are what it had left.
*/
size_t search_solo_split(Solver *s, uint32_t *out, int how);
/*
** Back to the root of a search stopped between two nodes by on_decide or
** on_solo_node (or over), its root fixpoint kept: search_enter may take
** the next cube there.
*/
void search_unwind(Solver *s);
size_t search_solo_room(const Solver *s);

/*
** Load a solution found in another space (every variable's value) on a
** level of its own, for reading it; false when a value is not in its
** domain.  search_unload takes it off, whatever search_load returned.
** Only on a space that is not being searched.
*/
bool search_load(Solver *s, const int32_t *values);
void search_unload(Solver *s);

#endif
