/*
** tiling.h -- grounding a tile statement (see tiling.c).
*/
#ifndef PZ_GROUND_TILING_H
#define PZ_GROUND_TILING_H

#include "ground/state.h"

/*
** The board of a tile statement, its cells holding the names of the
** pieces that cover them; posts the tiling.  VALUE_NONE after an error.
*/
Value tiling_ground(Ground *g, const Stmt *st);

#endif
