/*
** solver.h -- the constraint engine as the grounding stage sees it.
**
** A Solver owns finite-domain integer variables and propagator instances.
** The grounder creates variables and posts constraints; then search_next()
** enumerates solutions one at a time.  Everything the engine needs lives
** in the Solver (no globals, no I/O), so several solvers can live in one
** process and one solver can be searched again and again (generation and
** grading call it thousands of times).
**
** Values are int32_t; intermediate arithmetic is int64_t.  A variable's
** domain is a bitset when its width (max - min + 1) is at most
** SOLVER_BITSET_WIDTH, otherwise an interval whose holes are not stored
** (propagators re-check at fixing time, so this is sound).
**
** Every constraint is posted under the current origin (solver_set_origin):
** an opaque number that the front end maps back to the clue and file
** position that produced it.  The engine records it in each propagator so
** explanations and conflicts can name the clue.
*/
#ifndef PZ_SOLVER_H
#define PZ_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/types.h"

/* --- life cycle --- */

Solver *solver_new(void);
void solver_free(Solver *s);

/* --- variables (before search) --- */

/* A variable with domain lo..hi (lo <= hi). */
VarId solver_new_var(Solver *s, int32_t lo, int32_t hi);
/* A variable whose domain is the given values (n >= 1, any order, dups ok). */
VarId solver_new_var_values(Solver *s, const int32_t *values, size_t n);
/* A variable fixed to v (cached: the same constant shares one VarId). */
VarId solver_const(Solver *s, int32_t v);
size_t solver_nvars(const Solver *s);

/* Reading domains (valid at any time, also during and after search). */
int32_t var_min(const Solver *s, VarId x);
int32_t var_max(const Solver *s, VarId x);
uint64_t var_size(const Solver *s, VarId x);
bool var_is_fixed(const Solver *s, VarId x);
int32_t var_value(const Solver *s, VarId x);     /* requires var_is_fixed */
bool var_contains(const Solver *s, VarId x, int32_t v);
/* The smallest value of x above v; requires v < var_max(x). */
int32_t var_next(const Solver *s, VarId x, int32_t v);

/* --- constraints (before search) --- */

/* Origin recorded in every propagator posted from now on (0 = none). */
void solver_set_origin(Solver *s, uint32_t origin);
/*
** A second number recorded with every propagator posted from now on and
** reported with its events (SolverEvent.detail): the Model's handle of
** the forall case the constraint was made in, so that a reason can say
** "row 3".  Unlike the origin it never changes how propagators are
** shared or grouped.
*/
void solver_set_detail(Solver *s, uint32_t detail);

/*
** Each post_* adds a propagator.  Posting never fails loudly: a constraint
** found impossible at post time marks the solver as failed, and search
** then reports SEARCH_EXHAUSTED.  Arrays are copied; the caller keeps its
** own.  Coefficients of 0 are allowed and ignored.
*/
void post_linear(Solver *s, size_t n, const int32_t *coef, const VarId *x,
                 LinRel rel, int64_t rhs);
/* b <-> (sum coef*x REL rhs), where b is a 0/1 variable. */
void post_linear_reif(Solver *s, size_t n, const int32_t *coef,
                      const VarId *x, LinRel rel, int64_t rhs, VarId b);
/* All different. */
void post_distinct(Solver *s, size_t n, const VarId *x);
/* result = arr[idx - base]; idx is restricted to base .. base+n-1. */
void post_element(Solver *s, VarId idx, int32_t base, size_t n,
                  const VarId *arr, VarId result);
/*
** arr[pos - 1] = value for a constant value: element with a constant
** result.  The calls over the same array and origin share one propagator
** (the cells of a board, asked for the cell of each number).
*/
void post_cell_of(Solver *s, size_t n, const VarId *arr, int32_t value, VarId pos);
void post_times(Solver *s, VarId x, VarId y, VarId z);  /* z = x * y */
void post_div(Solver *s, VarId x, VarId y, VarId z);    /* z = x / y, truncated; y != 0 */
void post_mod(Solver *s, VarId x, VarId y, VarId z);    /* z = x mod y, sign of x; y != 0 */
void post_abs(Solver *s, VarId x, VarId z);             /* z = |x| */
void post_min(Solver *s, size_t n, const VarId *x, VarId z); /* z = min(x) */
void post_max(Solver *s, size_t n, const VarId *x, VarId z); /* z = max(x) */
/* At least one literal holds: some pos[i] = 1 or some neg[i] = 0 (0/1 vars). */
void post_clause(Solver *s, size_t npos, const VarId *pos, size_t nneg,
                 const VarId *neg);
/*
** The tuple (x[0], ..., x[n-1]) is one of the ntuples rows of `tuples`
** (row-major, n values per row).  Domain consistent.
*/
void post_table(Solver *s, size_t n, const VarId *x, size_t ntuples,
                const int32_t *tuples);
/*
** The word (x[0], ..., x[n-1]) is accepted by an automaton, deterministic
** or not: states 0 .. nstates - 1, the start, accept[q] nonzero for an
** accepting state, and ntrans transitions (from, value, to), three ints
** each.  Domain consistent (props/regular.c).
*/
void post_regular(Solver *s, size_t n, const VarId *x, uint32_t nstates, uint32_t start,
                  const uint8_t *accept, size_t ntrans, const int32_t *trans);
/* The same for the automaton of runs(x) = [...], named "runs" in the reason log. */
void post_runs(Solver *s, size_t n, const VarId *x, uint32_t nstates, uint32_t start,
               const uint8_t *accept, size_t ntrans, const int32_t *trans);

/*
** Pieces cover a board exactly (Algorithm X, props/tiling.c): spec is the
** argument array of an MS_TILING model step (model.h's ModelTiling).
** The cover and column variables must have the domains the layout
** describes (0 .. number of placements, as bitsets).
*/
void post_tiling(Solver *s, const int32_t *spec);
/*
** Areas of a board (props/connected.c): spec is the argument array of an
** MS_CONNECTED or MS_AREAS model step (model.h's ModelArea).
*/
void post_area(Solver *s, const int32_t *spec);
/*
** Fillomino (props/sizes.c): every area of equal values on the graph of
** an MS_SIZES step (model.h's ModelArea) has as many cells as its value.
*/
void post_sizes(Solver *s, const int32_t *spec);
/*
** One single cycle through all n nodes: x[i] = base + j when node j comes
** after node i (MiniZinc's circuit).  Posts distinct(x) too
** (props/circuit.c).
*/
void post_circuit(Solver *s, size_t n, const VarId *x, int32_t base);

/* True once a post found the model impossible (before any search). */
bool solver_failed(const Solver *s);

/*
** While deferred, posts only schedule their propagators; solver_propagate
** runs the root fixpoint (and updates solver_failed).  A grounder posting
** hundreds of constraints propagates once per clue instead of once per
** post.  Turning deferral off propagates what is pending.
*/
void solver_defer_propagation(Solver *s, bool on);
/* Run the root fixpoint now; false when the model is impossible. */
bool solver_propagate(Solver *s);

/* --- search --- */

/*
** Variables to decide first, in this order of preference among equals
** (smallest domain size / degree first).  Variables not listed are
** decided afterwards, in case propagation left them open.
*/
void solver_set_decision_vars(Solver *s, size_t n, const VarId *x);
/*
** The same, for a branching order that is not the puzzle's unknowns (a
** logic grid's values' entities, MS_DECIDE with k = 1), and with dom/wdeg
** (size / (degree + failures)) instead of dom/deg with failures on ties:
** a logic grid's clues on the values are where its search fails.
*/
void solver_set_branch_vars(Solver *s, size_t n, const VarId *x);
/*
** x[0..n) are all different (a distinct step): the search may branch on
** where a value goes in the group (search.c's value view).
*/
void solver_note_group(Solver *s, size_t n, const VarId *x);
/*
** Count answers, not assignments: two solutions that agree on x[0..n)
** are one, and search_next returns one solution per combination of their
** values (the first it meets).  The search decides the shown variables
** first; once they are all fixed it looks for one completion of the rest
** and goes back into the shown part, so helpers' combinations are never
** enumerated.  n may be 0 (nothing varies in what is shown: at most one
** answer).  Without this call every assignment is a solution.
*/
void solver_set_shown_vars(Solver *s, size_t n, const VarId *x);
/*
** Set the limits and start the clock of the time limit now: set them
** before grounding and the deadline covers grounding, root propagation,
** probing and search alike.  Setting them again restarts the clock.
*/
void solver_set_limits(Solver *s, SolverLimits limits);
/*
** True once the time limit has passed, and from then on.  Cheap: each
** call counts one unit of work, as each propagator run and decision
** does, and the clock is read only about once a millisecond, so a long
** loop (the grounder's) may ask on every step.
*/
bool solver_time_is_up(Solver *s);

/*
** Find the next solution.  The first call starts the search; each later
** call resumes after the previous solution.  After SEARCH_SOLUTION the
** domains hold the solution until the next call.
*/
SearchResult search_next(Solver *s);
/* Forget the search so the next search_next starts afresh. */
void search_reset(Solver *s);

/* Counters since solver_new or the last search_reset: the propagation
** at the root while the model was posted counts too. */
const SolverStats *solver_stats(const Solver *s);

/* --- spaces built from a Model --- */

/*
** A new solver holding the Model's variables (with the same numbers) and
** constraints, propagated at the root as the grounder propagated them.
** Each call builds an independent space: several threads may each build
** and search their own from one Model at once.
*/
struct Model;
Solver *solver_from_model(const struct Model *m);
/*
** The same, for a space like `like` (built from m): work done once
** (linsys's derived equations at loading, a tiling's lists at its first
** enumeration) is copied from it, not redone.  like is only read, so its
** own thread may go on searching it, and must outlive the new space.
*/
Solver *solver_from_model_like(const struct Model *m, const Solver *like);
/* s (new, before its Model is loaded) will be a `like`: it keeps what they copy. */
void solver_keep_memo(Solver *s);
/*
** The same, into s (new, with its limits and reason log's reader set):
** returns the first step after which s had failed, or the number of
** steps when it never did.
*/
size_t solver_load_model(Solver *s, const struct Model *m);

/*
** Give `to` the limits and the running clock of `from`: the time limit
** set before grounding keeps counting
** in the space that is searched.
*/
void solver_share_clock(Solver *to, const Solver *from);

/* --- spaces for explanation: one clue at a time --- */

/*
** A space for explanation: the Model's variables and constraints, nothing
** propagated, and no propagator shared between two forall cases, so each
** propagator belongs to one (origin, binding).  Every propagator starts
** switched off; a trial switches on the ones it wants.  NULL never; a
** constraint false on its own leaves solver_failed set.
*/
Solver *solver_from_model_isolated(const struct Model *m);

/*
** A space as solver_from_model builds it, but only with the constraints
** whose step keep() accepts (variables and control steps are always kept):
** the puzzle with some clues left out, for conflicts and uniqueness.
*/
typedef bool (*SolverKeepFn)(void *ctx, uint32_t origin, uint32_t binding);
Solver *solver_from_model_where(const struct Model *m, SolverKeepFn keep, void *ctx);
/*
** The same, into s (new, with its clock set: the root propagation of a big
** model runs long, and must stop at the time limit like the search).
*/
void solver_load_model_where(Solver *s, const struct Model *m, SolverKeepFn keep, void *ctx);

size_t solver_nprops(const Solver *s);
uint32_t solver_prop_origin(const Solver *s, PropId p);
uint32_t solver_prop_binding(const Solver *s, PropId p);
/* The variables propagator p was posted over, and the propagators that
   wake on a change of x (whatever the event). */
const VarId *solver_prop_vars(const Solver *s, PropId p, size_t *n);
const PropId *solver_var_watchers(const Solver *s, VarId x, size_t *n);

/*
** A trial: domains narrowed and propagators switched on inside it are all
** restored by solver_trial_end.  Trials nest.  Inside one:
**   solver_trial_switch_on   runs p from now on (scheduled at once);
**   solver_trial_keep        narrows x to the values in keep[0..n);
**   solver_trial_remove      takes v out of x;
**   solver_trial_propagate   runs the switched-on propagators to their
**                            fixpoint: SEARCH_EXHAUSTED on a wipe-out
**                            (solver_trial_failure names the culprit),
**                            SEARCH_LIMIT at the time limit, else
**                            SEARCH_SOLUTION (a fixpoint, not a solution).
** The narrowing calls return false when x is wiped out.
*/
void solver_trial_begin(Solver *s);
void solver_trial_end(Solver *s);
void solver_trial_switch_on(Solver *s, PropId p);
bool solver_trial_keep(Solver *s, VarId x, const int32_t *keep, size_t n);
bool solver_trial_remove(Solver *s, VarId x, int32_t v);
SearchResult solver_trial_propagate(Solver *s);
/*
** The time limit, read from the clock at once: trials can be few and
** slow (a big board's facts imposed in each), so counting work units,
** as solver_time_is_up does, may read the clock too late.
*/
bool solver_trial_time_is_up(const Solver *s);
/* The origin and binding of the propagator that failed last. */
void solver_trial_failure(const Solver *s, uint32_t *origin, uint32_t *binding);

/* --- tracing and checking (additions for explain and grading) --- */

/*
** Note on editing after a search: creating variables (solver_const of a
** new value included), posting, or setting decision variables while a
** search is under way first performs search_reset, so the model always
** changes at the root.  Posting runs propagation at the root at once, so
** domains read right after a post are already pruned.
*/

/*
** Called with every event of the reason log as it happens; NULL turns
** tracing off.  The hook must not call back into the solver except to
** read domains.
*/
void solver_set_trace(Solver *s, SolverTraceFn fn, void *ctx);

/*
** True when every variable is fixed and every posted constraint holds on
** those values, checked from the constraints' definitions rather than by
** propagation.  Meant for tests and grading, e.g. right after
** search_next returned SEARCH_SOLUTION.
*/
bool solver_holds(Solver *s);

/*
** Checking: when on, search_next confirms every solution with the
** constraints' definitions (each propagator's holds(), every variable
** fixed) before returning it.  A solution that fails is a bug in a
** propagator: search_next returns SEARCH_BROKEN, then and on every later
** call, and solver_broken says what failed.
*/
void solver_set_checking(Solver *s, bool on);
/* Never hand the rest of the search to a propagator (PropClass.solo). */
void solver_set_node_by_node(Solver *s, bool on);
/*
** Restart the search until the first solution is found (search.c): on
** for a first solution, off for counting.  The same seed, the same
** search.
*/
void solver_set_restarts(Solver *s, bool on, uint64_t seed);
/*
** Lower the node limit of s to n decisions in all (solver_stats' count),
** unless it has a lower one already: a budget for a search that may give
** up on its own.  True when n is the limit now, so that SEARCH_LIMIT with
** n nodes counted is the budget's and not the user's.
*/
bool solver_cap_nodes(Solver *s, uint64_t n);
/* Did the last search_next stop (SEARCH_LIMIT) at the node limit, rather than the clock? */
bool solver_at_node_limit(const Solver *s);
/*
** Branch and bound: each solution after the first makes x smaller (or
** larger, maximize) than the one before; with ties, as small as the
** best so far (to count the optimal solutions).  The tree is exhausted
** once none is better: the last solution is then optimal.  Set before
** the first search_next; unset by default.
*/
void solver_set_goal(Solver *s, VarId x, bool maximize, bool ties);

/*
** The goal's terms (MS_GOAL): x[i] makes the goal's sum larger as it
** grows when sign[i] > 0, smaller when sign[i] < 0.  Once solver_set_goal
** has run, the first value tried for x[i] is the end of its domain that
** makes the goal better; before, and without a goal, nothing changes.
*/
void solver_set_goal_terms(Solver *s, size_t n, const int32_t *sign, const VarId *x);

/* What the check found false; valid after SEARCH_BROKEN. */
SolverBroken solver_broken(const Solver *s);

#endif
