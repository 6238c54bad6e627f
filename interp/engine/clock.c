/*
** clock.c -- the time limit: the host's clock, read now and then.
**
** Every propagator run, probe and decision counts one unit of work
** (solver_tick, inline in engine.h); the clock is read when a countdown
** of units runs out, and the stride between readings adapts so that a
** reading comes about every half millisecond whatever a unit costs.  A
** file of its own: the fixpoint and the search read the clock, and they
** must not need the rest of solver.c to do so (setting the limits is
** solver.c's).
*/
#include "engine/clock.h"

/* Readings closer than this are wasted work: read half as often. */
#define CLOCK_SOON 0.0005
/* Readings further apart than this make the limit late: read more often. */
#define CLOCK_LATE 0.002

bool clock_read(SolverClock *c, const SolverLimits *limits)
{
  if (c->up) {
    c->countdown = 1;                   /* and true at every tick from now on */
    return true;
  }
  if (limits->timeout_seconds <= 0 && !limits->poll) {
    c->countdown = UINT64_MAX;
    return false;
  }
  double now = limits->clock(), gap = now - c->last;
  c->last = now;
  if (gap < CLOCK_SOON && c->stride < ((uint64_t)1 << 30))
    c->stride *= 2;
  else if (gap > CLOCK_LATE) {
    double fit = (double)c->stride * (CLOCK_SOON / gap);
    c->stride = fit < 1 ? 1 : (uint64_t)fit;
  }
  c->countdown = c->stride;
  c->up = (limits->timeout_seconds > 0 && now - c->start >= limits->timeout_seconds) ||
          (limits->poll && limits->poll(limits->poll_ctx));
  if (c->up)
    c->countdown = 1;
  return c->up;
}
