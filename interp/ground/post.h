/*
** post.h -- how the grounder makes variables and constraints.
**
** Each call appends a step to the Model (g->model), the grounder's
** output.  Where the Model propagates (build_propagate, the end of
** build_defer) the grounder reasons over the constraints so far itself
** (bounds.h), and reads what it learns while it simplifies: the size of
** a helper unknown, a term already fixed, a clue found false.  No solver
** is involved: the search runs in spaces built from the Model.
*/
#ifndef PZ_GROUND_POST_H
#define PZ_GROUND_POST_H

#include "ground/state.h"

VarId build_var(Ground *g, int32_t lo, int32_t hi);
VarId build_var_values(Ground *g, const int32_t *values, size_t n);
VarId build_const(Ground *g, int32_t v);

void build_linear(Ground *g, size_t n, const int32_t *coef, const VarId *x, ModelRel rel, int64_t rhs);
void build_linear_reif(Ground *g, size_t n, const int32_t *coef, const VarId *x,
                       ModelRel rel, int64_t rhs, VarId b);
void build_distinct(Ground *g, size_t n, const VarId *x);
void build_element(Ground *g, VarId idx, int32_t base, size_t n, const VarId *arr, VarId result);
void build_cell_of(Ground *g, size_t n, const VarId *arr, int32_t value, VarId pos);
void build_times(Ground *g, VarId x, VarId y, VarId z);
void build_div(Ground *g, VarId x, VarId y, VarId z);
void build_mod(Ground *g, VarId x, VarId y, VarId z);
void build_abs(Ground *g, VarId x, VarId z);
void build_min(Ground *g, size_t n, const VarId *x, VarId z);
void build_max(Ground *g, size_t n, const VarId *x, VarId z);
void build_clause(Ground *g, size_t npos, const VarId *pos, size_t nneg, const VarId *neg);
void build_table(Ground *g, size_t n, const VarId *x, size_t ntuples, const int32_t *tuples);
/* The word x[0..n) in the language of an automaton (solver.h's post_regular). */
/* runs: it stands for runs(x) = [...] (named so in the reason log). */
void build_regular(Ground *g, size_t n, const VarId *x, uint32_t nstates, uint32_t start,
                   const uint8_t *accept, size_t ntrans, const int32_t *trans, bool runs);
/* The arguments of an MS_TILING step (model.h), len ints. */
void build_tiling(Ground *g, const int32_t *spec, size_t len);
/* connected and areas: spec is an MS_CONNECTED or MS_AREAS step's arguments (ModelArea). */
void build_area(Ground *g, const int32_t *spec, size_t len);
/* sizes: spec is an MS_SIZES step's arguments (ModelArea without value or clues). */
void build_sizes(Ground *g, const int32_t *spec, size_t len);
/* One cycle through all n nodes: x[i] = base + j when node j follows node i. */
void build_circuit(Ground *g, size_t n, const VarId *x, int32_t base);

/* Origin of the constraints built from now on (0: none). */
void build_origin(Ground *g, uint32_t origin);
void build_defer(Ground *g, bool on);
void build_propagate(Ground *g);
void build_decision_vars(Ground *g, size_t n, const VarId *x);
/* The order the search branches in, instead of the decision variables (MS_DECIDE, k = 1). */
void build_branch_vars(Ground *g, size_t n, const VarId *x);
/* What a solution is: the variables whose values the shown items print (MS_SHOWN). */
void build_shown_vars(Ground *g, size_t n, const VarId *x);
/* The goal (MS_GOAL): x as small as can be, or as large when maximize;
   vars[n] are the variables of a linear goal, sign[n] their coefficients' signs. */
void build_goal(Ground *g, VarId x, bool maximize, size_t n, const int32_t *sign, const VarId *vars);

#endif
