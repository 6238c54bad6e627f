/*
** parallel.h -- counting and enumerating with several worker threads.
**
** One Model, one search space per worker (solver_from_model), and a
** shared queue of cubes (search.h): paths from the root whose subtrees
** split the tree into parts that never meet.  The search first runs
** alone, in the space the caller searches anyway; a puzzle solved
** within a few milliseconds never starts a thread.  When it runs
** longer, its remaining work becomes cubes (every open branch of its
** path, and the node it stands on) and the workers take over.  A worker
** that sees the queue short gives away the oldest open branch of its own
** path (work stealing by donation), so one hard subtree does not leave
** the other workers idle.  One worker a core starts at first; the
** others (pz -p 8 on 2 cores) only once the search has run for a while.
** When counting, the caller is worker 0 itself, in the space it searched
** alone (par_next searches its cubes): one space fewer to build, and no
** thread waking to take each solution.  Only this module knows of
** threads.
**
** The caller (pz.c, one thread) asks par_next for solutions one at a
** time, as it asks search_next: with values, it gets each one's
** assignment to load and print; without (counting), only that there was
** one more.  Every solution is found exactly once, in some order.
*/
#ifndef PZ_SEARCH_PARALLEL_H
#define PZ_SEARCH_PARALLEL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/solver.h"

typedef struct Par Par;

typedef struct ParConfig {
  const struct Model *model;
  unsigned workers;       /* >= 2 */
  uint64_t want;          /* stop every worker after this many solutions (0: all) */
  bool values;            /* keep each solution's assignment (not when counting) */
  bool node_by_node, checking;   /* as solver_set_node_by_node, solver_set_checking */
  bool at_once;           /* hand over at the first decision, and start the workers
                             beyond the cores at the caller's first wait (tests) */
  unsigned cores;         /* the workers started at first (0: the machine's cores); the
                             others start once the search has run for a while */
} ParConfig;

/*
** How the search ended, or PAR_SOLUTION: one more solution (its values,
** with ParConfig.values, at par_values until the next call).
*/
typedef enum {
  PAR_SOLUTION,
  PAR_DONE,        /* every cube searched: no more solutions */
  PAR_LIMIT,       /* the time or node limit, or the host's poll, stopped it */
  PAR_CAPPED,      /* ParConfig.want solutions were found */
  PAR_BROKEN,      /* checking found a solution false: par_broken says where */
  PAR_OUT_OF_MEMORY,
} ParResult;

/*
** A parallel search that starts alone in `alone` (the caller's space,
** with its limits and clock set; not searched yet): the caller calls
** search_next on it as usual.  When that returns SEARCH_LIMIT and
** par_handed_over is true, the rest of the search is in cubes: the
** caller calls par_launch and from then on par_next.  Allocation
** failures jump to the caller's catch point (mem.h).
*/
Par *par_new(const ParConfig *c, Solver *alone);
bool par_handed_over(const Par *p);
void par_launch(Par *p);

/*
** Distributed search (pz_split): the search alone hands over only once
** it has made n cubes, giving away its oldest open branch at each
** decision until then, and never by the clock, so that every machine
** makes the same cubes from the same puzzle.  par_ncubes counts them
** and par_cubes_print is a fingerprint of them all, to compare between
** machines.  par_new_cubes starts the workers on the cubes ids[0..n) of
** `from` (each worker builds its space once for them all).
** par_split_step calls each(ctx) (may be NULL) at every solution it
** meets, loaded in the space alone.
*/
void par_split_into(Par *p, size_t n);
bool par_split_step(Par *p, uint64_t *found, void (*each)(void *ctx), void *ctx,
                    SearchResult *r);
size_t par_ncubes(const Par *p);
/* The decisions splitting made: the search alone's, and one a par_split_step that cut a cube in two. */
uint64_t par_split_nodes(const Par *p);
uint64_t par_cubes_print(const Par *p);
Par *par_new_cubes(const ParConfig *c, Solver *alone, const Par *from, const size_t *ids,
                   size_t n);
/*
** Cube i of `from` in the space s itself, with no thread: the space that
** split the search, or one that searched a cube before (its root is kept
** from one cube to the next).  Its counters start again at zero.  As
** search_enter: then search_next.
*/
SearchResult par_enter_cube(Par *from, size_t i, Solver *s);
/*
** The next solution, waiting for the workers; poll (the host's, may be
** NULL) is asked every few milliseconds meanwhile, and true stops them.
*/
ParResult par_next(Par *p, bool (*poll)(void *ctx), void *poll_ctx);
const int32_t *par_values(const Par *p);
SolverBroken par_broken(const Par *p);

/* Every worker's counters added up (with the search alone before them). */
SolverStats par_stats(const Par *p);
/* Worker i's share: decisions, cubes searched, seconds waiting for work
   (worker 0 is the caller when counting). */
typedef struct ParWorkerStats {
  uint64_t nodes, cubes;
  double idle_seconds, start_seconds;   /* waiting; its first cube, after the search's start */
} ParWorkerStats;
unsigned par_nworkers(const Par *p);    /* 0 until launched */
ParWorkerStats par_worker_stats(const Par *p, unsigned i);

/* Stop and join the workers, free everything (NULL is fine). */
void par_free(Par *p);

/*
** Many independent solves (explanations, generation, grading): job(ctx,
** i, j) for every i < n, on `workers` threads (the calling thread waits,
** asking clock_from's poll meanwhile), or in the calling thread itself
** with one worker.  A job builds its own spaces from a Model, gives each
** the caller's limits with par_job_clock, keeps its result in ctx at i,
** and frees what it made.  par_job_cut(j, i): the jobs after i are not
** needed (a job that found what ends the search); jobs past the lowest
** cut are skipped, those before it all run.  An allocation failure in a
** worker stops the rest and reaches the caller's catch point (mem.h)
** once every worker has returned.
*/
typedef struct ParJob ParJob;
typedef void (*ParJobFn)(void *ctx, size_t i, ParJob *j);
void par_each(unsigned workers, size_t n, ParJobFn job, void *ctx, const Solver *clock_from);
void par_job_clock(const ParJob *j, Solver *s);
void par_job_cut(ParJob *j, size_t i);
/* Has the job's worker been told to stop (the caller's limit or poll)? */
bool par_job_stopped(const ParJob *j);

#endif
