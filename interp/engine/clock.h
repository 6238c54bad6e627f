/*
** clock.h -- the clock of the time limit, apart from the Solver.
**
** A header of its own so that reading the clock needs nothing of the
** Solver: engine.h's solver_tick counts a unit of work and, when the
** countdown runs out, asks clock_read.
*/
#ifndef PZ_ENGINE_CLOCK_H
#define PZ_ENGINE_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/types.h"

/*
** The clock of the time limit.  Reading it costs tens of nanoseconds, a
** propagator run as little as a few, so it is read once per `stride`
** units of work (propagator runs, decisions, probes, the grounder's
** steps); the stride doubles while readings come less than half a
** millisecond apart and shrinks in proportion when they come more than
** two apart, so the limit is noticed within about a millisecond (or one
** unit of work, if a unit takes longer) at no measurable cost.
*/
typedef struct SolverClock {
  double   start;       /* the host clock's seconds when the limits were set */
  double   last;        /* at the latest reading */
  uint64_t countdown;   /* units of work left before the next reading */
  uint64_t stride;      /* units of work between two readings */
  bool     up;          /* the time limit has passed (until limits are set again) */
} SolverClock;

/* Read the host's clock now; true when the time limit has passed. */
bool clock_read(SolverClock *c, const SolverLimits *limits);

#endif
