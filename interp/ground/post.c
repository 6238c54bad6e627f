/*
** post.c -- the grounder's output: steps of the Model, and what the
** grounder's own reasoning (bounds.h) learns from them (see post.h).
*/
#include "ground/post.h"

#include <assert.h>

#include "base/mem.h"
#include "model/model.h"

/*
** A variable's step carries the origin (and forall case) too, since a
** space posts helpers for some domains (listed values over a wide range)
** under it.
*/
static VarId made(Ground *g, ModelVar x)
{
  ModelStep *st = &VEC_LAST(g->model->steps);
  st->origin = g->post_origin;
  st->binding = g->binding;
  bounds_new_var(&g->bounds, g->model, x);
  return x;
}

VarId build_var(Ground *g, int32_t lo, int32_t hi)
{
  return made(g, model_var_range(g->model, lo, hi));
}

VarId build_var_values(Ground *g, const int32_t *values, size_t n)
{
  return made(g, model_var_values(g->model, values, n));
}

VarId build_const(Ground *g, int32_t v)
{
  uint32_t x = bounds_const_find(&g->bounds, v);   /* one variable per constant */
  if (x == UINT32_MAX) {
    x = made(g, model_const(g->model, v));
    bounds_const_add(&g->bounds, v, x);
  }
  return x;
}

/* Arrays of VarId go into the Model's int32 arguments as they are. */
static const int32_t *ids(const VarId *x)
{
  return (const int32_t *)(const void *)x;
}

static ModelStep *step(Ground *g, ModelStepKind kind, const int32_t *a, size_t na,
                       const int32_t *b, size_t nb)
{
  ModelStep *st = model_step(g->model, kind, g->post_origin, a, na, b, nb);
  st->binding = g->binding;
  return st;
}

void build_linear(Ground *g, size_t n, const int32_t *coef, const VarId *x, ModelRel rel, int64_t rhs)
{
  ModelStep *st = step(g, MS_LINEAR, coef, n, ids(x), n);
  st->n = (uint32_t)n, st->rel = (uint8_t)rel, st->k = rhs;
}

void build_linear_reif(Ground *g, size_t n, const int32_t *coef, const VarId *x,
                       ModelRel rel, int64_t rhs, VarId b)
{
  ModelStep *st = step(g, MS_LINEAR_REIF, coef, n, ids(x), n);
  st->n = (uint32_t)n, st->rel = (uint8_t)rel, st->k = rhs, st->z = b;
}

void build_distinct(Ground *g, size_t n, const VarId *x)
{
  step(g, MS_DISTINCT, ids(x), n, NULL, 0)->n = (uint32_t)n;
}

void build_element(Ground *g, VarId idx, int32_t base, size_t n, const VarId *arr, VarId result)
{
  ModelStep *st = step(g, MS_ELEMENT, ids(arr), n, NULL, 0);
  st->n = (uint32_t)n, st->x = idx, st->k = base, st->z = result;
}

void build_cell_of(Ground *g, size_t n, const VarId *arr, int32_t value, VarId pos)
{
  ModelStep *st = step(g, MS_CELL_OF, ids(arr), n, NULL, 0);
  st->n = (uint32_t)n, st->k = value, st->x = pos;
}

static void binary(Ground *g, ModelStepKind kind, VarId x, VarId y, VarId z)
{
  ModelStep *st = step(g, kind, NULL, 0, NULL, 0);
  st->x = x, st->y = y, st->z = z;
}

void build_times(Ground *g, VarId x, VarId y, VarId z)
{
  binary(g, MS_TIMES, x, y, z);
}

void build_div(Ground *g, VarId x, VarId y, VarId z)
{
  binary(g, MS_DIV, x, y, z);
}

void build_mod(Ground *g, VarId x, VarId y, VarId z)
{
  binary(g, MS_MOD, x, y, z);
}

void build_abs(Ground *g, VarId x, VarId z)
{
  binary(g, MS_ABS, x, 0, z);
}

void build_min(Ground *g, size_t n, const VarId *x, VarId z)
{
  ModelStep *st = step(g, MS_MIN, ids(x), n, NULL, 0);
  st->n = (uint32_t)n, st->z = z;
}

void build_max(Ground *g, size_t n, const VarId *x, VarId z)
{
  ModelStep *st = step(g, MS_MAX, ids(x), n, NULL, 0);
  st->n = (uint32_t)n, st->z = z;
}

void build_clause(Ground *g, size_t npos, const VarId *pos, size_t nneg, const VarId *neg)
{
  ModelStep *st = step(g, MS_CLAUSE, ids(pos), npos, ids(neg), nneg);
  st->n = (uint32_t)npos, st->m = (uint32_t)nneg;
}

void build_table(Ground *g, size_t n, const VarId *x, size_t ntuples, const int32_t *tuples)
{
  ModelStep *st = step(g, MS_TABLE, ids(x), n, tuples, n * ntuples);
  st->n = (uint32_t)n, st->m = (uint32_t)ntuples;
}

/* An automaton gets no reasoning of the grounder's (bounds.h): sound, and weaker. */
void build_regular(Ground *g, size_t n, const VarId *x, uint32_t nstates, uint32_t start,
                   const uint8_t *accept, size_t ntrans, const int32_t *trans, bool runs)
{
  int32_t *spec = xmalloc((nstates + 3 * ntrans + 1) * sizeof *spec);
  for (uint32_t r = 0; r < nstates; r++)
    spec[r] = accept[r] != 0;
  for (size_t j = 0; j < 3 * ntrans; j++)
    spec[nstates + j] = trans[j];
  ModelStep *st = step(g, MS_REGULAR, ids(x), n, spec, nstates + 3 * ntrans);
  st->n = (uint32_t)n, st->m = (uint32_t)ntrans, st->k = start, st->hi = (int32_t)nstates;
  st->rel = runs;
  xfree(spec);
}

void build_tiling(Ground *g, const int32_t *spec, size_t len)
{
  step(g, MS_TILING, spec, len, NULL, 0)->n = (uint32_t)len;
}

/* Areas get no reasoning of the grounder's (bounds.h): sound, and weaker. */
void build_area(Ground *g, const int32_t *spec, size_t len)
{
  step(g, spec[0] ? MS_AREAS : MS_CONNECTED, spec, len, NULL, 0)->n = (uint32_t)len;
}

/* Nor does sizes (Fillomino). */
void build_sizes(Ground *g, const int32_t *spec, size_t len)
{
  step(g, MS_SIZES, spec, len, NULL, 0)->n = (uint32_t)len;
}

/* A circuit gets no reasoning of the grounder's (bounds.h): sound, and weaker. */
void build_circuit(Ground *g, size_t n, const VarId *x, int32_t base)
{
  ModelStep *st = step(g, MS_CIRCUIT, ids(x), n, NULL, 0);
  st->n = (uint32_t)n, st->k = base;
}

/* Where the Model propagates, the grounder's knowledge moves on too (bounds.h). */
static void reason(Ground *g)
{
  bounds_mark(&g->bounds, g->model);
}

void build_origin(Ground *g, uint32_t origin)
{
  g->post_origin = origin;
}

void build_defer(Ground *g, bool on)
{
  step(g, MS_DEFER, NULL, 0, NULL, 0)->k = on;
  if (!on)
    reason(g);
}

/*
** With clues_apart, the grounder's knowledge stays at the declarations:
** a clue simplified with what earlier clues settled (y < x found false
** once x < y narrowed both) says that only together with them, and the
** explanations, which leave clues out to see what follows from which,
** would blame it alone.
*/
void build_propagate(Ground *g)
{
  step(g, MS_PROPAGATE, NULL, 0, NULL, 0);
  if (!g->clues_apart)
    reason(g);
}

void build_decision_vars(Ground *g, size_t n, const VarId *x)
{
  step(g, MS_DECIDE, ids(x), n, NULL, 0)->n = (uint32_t)n;
}

void build_branch_vars(Ground *g, size_t n, const VarId *x)
{
  ModelStep *st = step(g, MS_DECIDE, ids(x), n, NULL, 0);
  st->n = (uint32_t)n;
  st->k = 1;
}

void build_shown_vars(Ground *g, size_t n, const VarId *x)
{
  step(g, MS_SHOWN, ids(x), n, NULL, 0)->n = (uint32_t)n;
}

void build_goal(Ground *g, VarId x, bool maximize, size_t n, const int32_t *sign, const VarId *vars)
{
  ModelStep *st = step(g, MS_GOAL, sign, n, ids(vars), n);
  st->n = (uint32_t)n, st->x = x, st->k = maximize;
}
