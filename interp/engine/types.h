/*
** types.h -- the engine's vocabulary: ids, relations, statistics, limits,
** results, the events of the reason log and what a failed check found.
**
** Types only, no functions: solver.h (the API) and engine.h (the insides)
** both read it, so the engine's files need not reach solver.c for a type.
*/
#ifndef PZ_ENGINE_TYPES_H
#define PZ_ENGINE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t VarId;
typedef uint32_t PropId;
typedef struct Solver Solver;

/* Widest domain kept as a bitset; wider ones keep only their bounds. */
#define SOLVER_BITSET_WIDTH (1u << 16)

/* Relations of a linear constraint  sum(coef[i] * x[i])  REL  rhs. */
typedef enum { LIN_EQ, LIN_NE, LIN_LE } LinRel;

typedef struct SolverStats {
  uint64_t nodes;        /* choice points opened (decisions) */
  uint64_t failures;     /* fixpoints that ended in a wipe-out */
  uint64_t propagations; /* propagator executions */
  uint64_t solutions;    /* solutions returned by search_next */
  uint32_t max_depth;    /* deepest decision level reached */
  uint64_t probes;       /* values tried at the root before search */
  uint64_t restarts;     /* searches started afresh before the first solution */
} SolverStats;

typedef struct SolverLimits {
  double   timeout_seconds; /* 0 = none; wall clock from solver_set_limits */
  uint64_t max_nodes;       /* 0 = none */
  double (*clock)(void);    /* the host's monotonic seconds; NULL: no time limit */
  bool (*poll)(void *ctx);  /* asked at each reading of the clock: true stops as a
                               limit does (the host's Ctrl-C); NULL: none */
  void *poll_ctx;
} SolverLimits;

typedef enum {
  SEARCH_SOLUTION,   /* a solution is loaded: read it with var_value() */
  SEARCH_EXHAUSTED,  /* no (more) solutions */
  SEARCH_LIMIT,      /* stopped by the timeout or the node limit */
  SEARCH_BROKEN,     /* checking found a solution false (a bug): see solver_broken */
} SearchResult;

/*
** The reason log: every domain change and every failure, with why it
** happened.  A propagator's change names the propagator's class and the
** origin of its constraint; a probe's removal (at the root, "x = v fails
** at once") names the origin of the constraint that failed in the trial;
** a decision names none.  Changes made inside a probe's trial are undone
** with it and are not reported.
*/
typedef enum {
  REASON_PROPAGATION,  /* a propagator narrowed x */
  REASON_DECISION,     /* the search chose (x = v, or x != v on backtracking) */
  REASON_PROBE,        /* the root probe removed a value of x that fails at once */
  REASON_FAILURE,      /* a propagator found its constraint false: a dead end */
  REASON_BOUND,        /* the goal must do better than the answer before (search.c) */
  REASON_NOGOOD,       /* an earlier run of the search ruled x = v out here (nogood.c) */
} ReasonKind;

typedef struct SolverEvent {
  ReasonKind kind;
  VarId x;             /* the variable changed (not for REASON_FAILURE) */
  uint32_t origin;     /* the constraint's origin (0: none, or a decision) */
  const char *prop;    /* the propagator's class ("linear"), NULL for a decision */
  int32_t lo, hi;      /* x's domain afterwards: bounds and size */
  uint64_t size;
  uint32_t depth;      /* open search decisions (0 at the root) */
  uint32_t detail;     /* the constraint's detail (solver_set_detail), 0: none */
} SolverEvent;

typedef void (*SolverTraceFn)(void *ctx, const SolverEvent *e);

typedef struct SolverBroken {
  uint32_t origin;    /* origin of the constraint found false (0: none) */
  const char *kind;   /* its propagator class ("linear"); NULL when a variable was open */
  VarId open;         /* the variable left open when kind is NULL */
} SolverBroken;

#endif
