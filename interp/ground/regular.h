/*
** regular.h -- lines read by an automaton: regular(L, T, S, A) and the
** runs of filled cells of a line, runs(L) = [3, 1] (regular.c).
*/
#ifndef PZ_GROUND_REGULAR_H
#define PZ_GROUND_REGULAR_H

#include "ground/term.h"

/* runs(L) as a value: the lengths of the blocks of 1s of a line known before solving. */
Value regular_runs_value(Ground *g, Loc at, Value line);
/*
** Post "runs(L) = C" (or "C = runs(L)") when n is that comparison; false,
** with nothing evaluated, when it is not.
*/
bool regular_post_runs(Ground *g, const Env *env, const Node *n);
/* Post regular(L, Transitions, Start, Accepting): the call n, its arguments' values. */
void regular_post(Ground *g, const Node *n, Value line, Value trans, Value start, Value accept);

#endif
