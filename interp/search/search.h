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
** The decisions leading to the current node, oldest first: valid until
** the next search call.  *n receives their number.
*/
const SearchStep *search_path(const Solver *s, size_t *n);

#endif
