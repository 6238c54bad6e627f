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
#include <time.h>

#include "solver.h"
#include "vec.h"

/* One applied decision: x = v (eq) or x != v. */
typedef struct SearchStep {
  VarId   x;
  int32_t v;
  bool    eq;
} SearchStep;

typedef enum {
  SS_IDLE,      /* not started (or reset): the next call starts afresh */
  SS_RUNNING,   /* inside the tree: the next call continues from here */
  SS_SOLUTION,  /* a solution is loaded: the next call first leaves it */
  SS_DONE,      /* exhausted */
} SearchState;

typedef struct Search {
  SearchState state;
  bool must_backtrack;    /* the current node failed or was a solution */
  VEC(SearchStep) path;   /* one step per open trail level */
  VEC(VarId) order;       /* decision variables first, then all others */
  VEC(uint32_t) degree;   /* per variable: propagators on it, at start */
  VEC(uint32_t) weight;   /* per variable: failures of its propagators (wdeg) */
  size_t ndecision;       /* order[0..ndecision) are the decision vars */
  struct timespec start;  /* when the search started, for the timeout */
  uint64_t clock_nodes;   /* stats.nodes at which to look at the clock next */
} Search;

/* An idle search with empty buffers; search_free releases them. */
void search_init(Search *q);
void search_free(Search *q);

/*
** The decisions leading to the current node, oldest first: valid until
** the next search call.  *n receives their number.
*/
const SearchStep *search_path(const Solver *s, size_t *n);

#endif
