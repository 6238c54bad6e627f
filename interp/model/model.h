/*
** model.h -- the Model: what grounding made of a puzzle, as plain data.
**
** The grounder describes the puzzle as a sequence of steps: create a
** variable (a range, listed values or a constant), post a constraint
** (kind, arguments, origin), and the points where it propagated.  The
** engine builds a search space from that sequence (solver_from_model), as
** many times as it is asked: one per thread, one per variation of a
** puzzle.  Variables are numbered in the order they are created, so a
** VarId means the same in the Model and in every space built from it.
**
** The propagation points are kept so that a space built from the Model
** goes through the very same root fixpoints as the grounder saw, and a
** failure can be traced to the step after which it came.
**
** Nothing here reads or writes a solver: the Model is data only, and
** can be printed (model_flatzinc), copied or dropped at any time.
*/
#ifndef PZ_MODEL_H
#define PZ_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/vec.h"

typedef uint32_t ModelVar;

/* Relations of a linear constraint  sum(coef[i] * x[i])  REL  rhs. */
typedef enum { MODEL_EQ, MODEL_NE, MODEL_LE } ModelRel;

typedef enum {
  /* variables: the i-th variable step creates variable i */
  MS_VAR_RANGE,   /* lo .. hi: k = lo, hi */
  MS_VAR_VALUES,  /* the n listed values at args, in any order, repeats allowed */
  MS_CONST,       /* the constant k */
  /* constraints, each with its origin */
  MS_LINEAR,      /* sum(coef * x) REL k: coef[n] then x[n] at args */
  MS_LINEAR_REIF, /* z <-> (sum(coef * x) REL k), z a 0/1 variable */
  MS_DISTINCT,    /* x[n] all different */
  MS_ELEMENT,     /* z = arr[x - k], arr[n] at args */
  MS_CELL_OF,     /* arr[x - 1] = k, arr[n] at args */
  MS_TIMES,       /* z = x * y */
  MS_DIV,         /* z = x / y, truncated */
  MS_MOD,         /* z = x mod y, with the sign of x */
  MS_ABS,         /* z = |x| */
  MS_MIN,         /* z = min(x[n]) */
  MS_MAX,         /* z = max(x[n]) */
  MS_CLAUSE,      /* some pos[n] = 1 or some neg[m] = 0: pos then neg at args */
  MS_TABLE,       /* (x[n]) is one of m rows: x[n], then m rows of n values */
  MS_TILING,      /* pieces cover a board exactly: n ints at args, see ModelTiling */
  MS_REGULAR,     /* an automaton accepts x[n]: x[n], then accept[hi] (0/1 per state),
                     then m transitions (from, value, to); k is the start, hi the states;
                     rel = 1: it reads runs(x) = [...] */
  MS_CONNECTED,   /* the cells holding a value form one area: n ints at args, see ModelArea */
  MS_AREAS,       /* each area of such cells holds one clue, of its size: see ModelArea */
  MS_SIZES,       /* each area of equal values has as many cells as its value (Fillomino):
                     a ModelArea without value, clues or outside */
  MS_CIRCUIT,     /* x[n] at args: x[i] = k + j when node j follows node i, one cycle */
  /* control */
  MS_DEFER,       /* k = 1: posts only schedule until k = 0 (which propagates) */
  MS_PROPAGATE,   /* run the root fixpoint */
  MS_DECIDE,      /* the decision variables, x[n] at args, in order; k = 1: not the
                     unknowns, only the order the search branches in, instead of them */
  MS_SHOWN,       /* what a solution is: the variables the shown items print, x[n]
                     at args (none: every assignment counts, helpers included) */
  MS_GOAL,        /* minimize x (k = 0) or maximize x (k = 1): for the search that
                     asks for it (pz's own); spaces built from the Model ignore it
                     but for its terms: when x is a linear sum, the sign (1 or -1)
                     of each variable's coefficient, sign[n] then x[n] at args,
                     which the search's value order follows (search.c) */
  MS_NKINDS
} ModelStepKind;

typedef struct ModelStep {
  uint8_t  kind;    /* ModelStepKind */
  uint8_t  rel;     /* ModelRel, for the linear kinds */
  uint32_t origin;  /* the constraint's origin (0: none) */
  uint32_t binding; /* the forall case it was made in (model_binding), 0: none */
  uint32_t n, m;    /* argument counts (see the kinds) */
  uint32_t args;    /* first argument in Model.ints */
  int64_t  k;       /* a constant: rhs, lo, base, value, on/off */
  int32_t  hi;      /* MS_VAR_RANGE's upper bound */
  ModelVar x, y, z; /* scalar variable arguments */
} ModelStep;

/* What the model knows of one variable, for printing and interval reasoning. */
typedef struct ModelVarInfo {
  int32_t lo, hi;   /* its initial bounds */
  uint32_t step;    /* the step that created it */
} ModelVarInfo;

/*
** The puzzle's name of a variable, kept as parts and put into words only
** when asked (model_name): naming every cell of a board costs no text.
**   a[i1,...]         a with ndims indices (from 1): "q[3]", "b[2,5]"
**   a: b              with num_form = 0: "Norwegian: house"
**   a NUM: b          with num_form = 1: "house 3: drink"
** The strings are the caller's and must outlive the Model (symbol names).
*/
typedef struct ModelName {
  const char *a, *b;
  uint8_t ndims, num_form;
  int32_t num;
  uint32_t idx[4];
} ModelName;

typedef struct Model {
  VEC(ModelStep) steps;
  VEC(int32_t) ints;        /* the arguments of every step, one after another */
  VEC(ModelVarInfo) vars;   /* vars.data[x] describes variable x */
  VEC(ModelName) names;     /* names.data[x]: the puzzle's name of x, or none (a == NULL) */
  size_t nconstraints;      /* steps that post a constraint */
} Model;

void model_init(Model *m);
void model_free(Model *m);

/* The name of a step's kind ("linear", "distinct", ...), for dumps and messages. */
const char *model_kind_name(ModelStepKind kind);
bool model_is_constraint(ModelStepKind kind);

/* --- building (the grounder, through ground/post.h) --- */

ModelVar model_var_range(Model *m, int32_t lo, int32_t hi);
ModelVar model_var_values(Model *m, const int32_t *sorted, size_t n);
ModelVar model_const(Model *m, int32_t v);
/* Append a step whose int arguments are a[0..na) then b[0..nb). */
ModelStep *model_step(Model *m, ModelStepKind kind, uint32_t origin,
                      const int32_t *a, size_t na, const int32_t *b, size_t nb);

/*
** The bindings of a forall case ("R = 3, C = 2"): n names with their
** values, kept as data (sym, kind, value: kind 0 a number, 1 a name, 2 the
** place of a list in the forall's list, 3 a rule call, the grounder's
** index of it) so that making them costs
** no text.  Returns the handle steps carry in `binding` (never 0).
*/
uint32_t model_binding(Model *m, const int32_t *triples, size_t n);
/* The bindings behind a handle: *n triples (sym, is a name, value). */
const int32_t *model_binding_triples(const Model *m, uint32_t binding, size_t *n);

/* Name variable x as the puzzle does (see ModelName). */
void model_set_name(Model *m, ModelVar x, ModelName name);
/* Append x's name to out; false (nothing appended) for a helper the grounder made. */
bool model_name(const Model *m, ModelVar x, Buf *out);

/*
** The variables a constraint step mentions, in order, into out (room
** for n + m + 3 of them); returns how many.  A variable the step
** mentions twice may come twice.  0 for other steps.
*/
size_t model_step_vars(const Model *m, const ModelStep *st, ModelVar *out);

/*
** The arguments of an MS_TILING step, one int array:
**   C K P gap_name L
**   cover[C]  name[C]  gap[C]  column[K]  count[K]  kind_name[K]
**   kind[P]  first[P + 1]  cells[L]
** Cell c has a cover variable, whose value j < n_c says that the j-th
** placement over c (in placement order) covers it and j = n_c that it is
** left uncovered (only when gap[c]), and a name variable, the value of the
** board's cell: the name of the covering piece, or gap_name.  Placement p
** is a piece of kind kind[p] on cells[first[p] .. first[p + 1]).  A kind
** is used count[k] times (-1: any number); column[k] is its placement
** variable (value j: its j-th placement) or -1.
*/
typedef struct ModelTiling {
  uint32_t ncells, nkinds, nplace, ncellrefs;
  int32_t gap_name;
  const int32_t *cover, *name, *gap, *column, *count, *kind_name;
  const int32_t *kind, *first, *cells;
} ModelTiling;

static inline ModelTiling model_tiling(const int32_t *a)
{
  ModelTiling t = {(uint32_t)a[0], (uint32_t)a[1], (uint32_t)a[2], (uint32_t)a[4], a[3],
                   0, 0, 0, 0, 0, 0, 0, 0, 0};
  const int32_t *at = a + 5;
  t.cover = at;     at += t.ncells;
  t.name = at;      at += t.ncells;
  t.gap = at;       at += t.ncells;
  t.column = at;    at += t.nkinds;
  t.count = at;     at += t.nkinds;
  t.kind_name = at; at += t.nkinds;
  t.kind = at;      at += t.nplace;
  t.first = at;     at += t.nplace + 1;
  t.cells = at;
  return t;
}

static inline size_t model_tiling_len(uint32_t ncells, uint32_t nkinds, uint32_t nplace,
                                      uint32_t ncellrefs)
{
  return 5 + 3 * (size_t)ncells + 3 * (size_t)nkinds + 2 * (size_t)nplace + 1 + ncellrefs;
}

/*
** The arguments of an MS_CONNECTED, MS_AREAS or MS_SIZES step, one int array:
**   areas ncells nnodes value nadj  x[ncells]  first[nnodes + 1]  adj[nadj]
**   clue[ncells] (MS_AREAS only)
** Node k < ncells is the cell x[k]; a node beyond them is the outside of
** the board, which always counts as holding the value.  Node k's
** neighbours are adj[first[k] .. first[k + 1]), each edge listed both
** ways.  clue[k] > 0 is a clue of that size, -1 a clue of any size, 0 none.
** MS_SIZES has areas = 0, value = 0 and no outside node (nnodes = ncells).
*/
typedef struct ModelArea {
  bool areas;
  uint32_t ncells, nnodes, nadj;
  int32_t value;
  const int32_t *x, *first, *adj, *clue;
} ModelArea;

static inline ModelArea model_area(const int32_t *a)
{
  ModelArea m = {a[0] != 0, (uint32_t)a[1], (uint32_t)a[2], (uint32_t)a[4], a[3], 0, 0, 0, 0};
  m.x = a + 5;
  m.first = m.x + m.ncells;
  m.adj = m.first + m.nnodes + 1;
  m.clue = m.areas ? m.adj + m.nadj : NULL;
  return m;
}

static inline size_t model_area_len(const int32_t *a)
{
  ModelArea m = model_area(a);
  return 5 + (size_t)m.ncells * (m.areas ? 2 : 1) + m.nnodes + 1 + m.nadj;
}

/* A step's arguments. */
static inline const int32_t *model_args(const Model *m, const ModelStep *st)
{
  return m->ints.data ? m->ints.data + st->args : NULL;   /* none yet: NULL, never NULL + 0 */
}

/*
** The Model in FlatZinc, for any FlatZinc solver (fzn-gecode, ...): every
** variable, every constraint (the global ones decomposed into FlatZinc's
** builtins), and `solve satisfy`.  The variables listed in shown[0..nshown)
** are output variables.  A constraint's comment names its origin k as
** origins[k - 1] when k <= norigins ("clue 6"), by number otherwise.
*/
void model_flatzinc(const Model *m, const ModelVar *shown, size_t nshown,
                    const char *const *origins, size_t norigins, Buf *out);

#endif
