/*
** pz_internal.h -- what the library's own unit tests may reach inside a
** PzCtx.  Not public: hosts use pz.h alone.
*/
#ifndef PZ_PZ_INTERNAL_H
#define PZ_PZ_INTERNAL_H

#include "pz.h"

struct Solver;

/* The space pz_next searches (NULL before a successful pz_load). */
struct Solver *pz_space(PzCtx *cx);

#endif
