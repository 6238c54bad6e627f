/*
** rounds.h -- counting solutions in rounds, for explain and generate.
**
** Restarts find the first solution of a search that took a wrong turn
** near the root and would never come back (the natural model of 100
** queens, with a few queens placed), but they cost a search that only
** needs patience: the pentominoes' plain search finds theirs in 36,000
** decisions, the restarting one in 465,000.  Neither kind is right for
** every puzzle, and a setting between them (restart later) trades one
** for the other.  So the first solution is searched in rounds that
** alternate the two kinds, each in a space of its own that goes on
** where its last round stopped: restarting up to ROUNDS_FIRST
** decisions, plain up to as many, then each up to four times as many,
** and so on.  A search that one kind finds in n decisions costs at most
** about 5n in all (the other kind's rounds up to 4n), whichever kind it
** is; one the restarting kind finds in its first round is the search pz
** made before the rounds.
** Counted, not timed: the same rounds, and the same solutions, on every
** machine.
*/
#ifndef PZ_ROUNDS_H
#define PZ_ROUNDS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/solver.h"

/* The first round's decisions, each kind. */
#define ROUNDS_FIRST 1000

typedef struct Rounds {
  /* A fresh space for one round, restarting or not (with the same seed
     each time, so a round run again finds the same solutions). */
  Solver *(*make)(void *ctx, bool restarts);
  /* True once the host's limits stop everything (time, Ctrl-C): a
     search stopped then is stopped, not given up. */
  bool (*time_up)(void *ctx);
  /* Give s the host's limits (time, Ctrl-C, the user's node limit), as
     make does: called before each round, which then lowers the node cap. */
  void (*limits)(void *ctx, Solver *s);
  /* The first solution, while it is loaded in s (NULL: not wanted). */
  void (*first)(void *ctx, Solver *s);
  void *ctx;
  /*
  ** 0: none.  Otherwise the search gives up after this many decisions:
  ** those after the first solution when counting up to 2 or more (the
  ** first is always looked for), those of all the rounds together when
  ** looking for one.  The user's node limit, when lower, is the budget
  ** instead (it caps each round: a round it stops is that kind's last).
  */
  uint64_t budget;
  /* Set by rounds_count when it gives up: the user's node limit when that
     limit, lower than the budget, is what the last round stopped at (the
     search made that many decisions); 0 when the budget is. */
  uint64_t user_nodes;
} Rounds;

typedef enum {
  ROUNDS_DONE,       /* the count is exact */
  ROUNDS_GAVE_UP,    /* the budget ran out: the count is a lower bound */
  ROUNDS_STOPPED,    /* a limit of the user's or a broken solution: stop */
} RoundsEnd;

/* Up to `limit` solutions (limit >= 1); *count gets how many were found. */
RoundsEnd rounds_count(Rounds *r, uint32_t limit, uint32_t *count);

#endif
