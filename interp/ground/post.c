/*
** post.c -- the grounder's output: steps of the Model, mirrored into the
** scratch space the grounder reads bounds from (see post.h).
*/
#include "ground/post.h"

#include <assert.h>

#include "base/mem.h"
#include "model/model.h"

/*
** The Model's variable numbers are the scratch space's: checked here.  A
** variable's step carries the origin too, since a space posts helpers
** for some domains (listed values over a wide range) under it.
*/
#define made(x, mx) made_var(g, x, mx)
static VarId made_var(Ground *g, VarId x, ModelVar mx)
{
  assert(x == mx);
  (void)mx;
  g->model->steps.data[g->model->steps.len - 1].origin = g->post_origin;
  return x;
}

VarId build_var(Ground *g, int32_t lo, int32_t hi)
{
  VarId x = solver_new_var(g->s, lo, hi);
  return made(x, model_var_range(g->model, lo, hi));
}

VarId build_var_values(Ground *g, const int32_t *values, size_t n)
{
  VarId x = solver_new_var_values(g->s, values, n);
  return made(x, model_var_values(g->model, values, n));
}

VarId build_const(Ground *g, int32_t v)
{
  size_t before = solver_nvars(g->s);
  VarId x = solver_const(g->s, v);
  if (solver_nvars(g->s) > before)     /* a new constant, not one cached */
    made(x, model_const(g->model, v));
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

void build_linear(Ground *g, size_t n, const int32_t *coef, const VarId *x, LinRel rel, int64_t rhs)
{
  post_linear(g->s, n, coef, x, rel, rhs);
  ModelStep *st = step(g, MS_LINEAR, coef, n, ids(x), n);
  st->n = (uint32_t)n, st->rel = (uint8_t)rel, st->k = rhs;
}

void build_linear_reif(Ground *g, size_t n, const int32_t *coef, const VarId *x,
                       LinRel rel, int64_t rhs, VarId b)
{
  post_linear_reif(g->s, n, coef, x, rel, rhs, b);
  ModelStep *st = step(g, MS_LINEAR_REIF, coef, n, ids(x), n);
  st->n = (uint32_t)n, st->rel = (uint8_t)rel, st->k = rhs, st->z = b;
}

void build_distinct(Ground *g, size_t n, const VarId *x)
{
  post_distinct(g->s, n, x);
  step(g, MS_DISTINCT, ids(x), n, NULL, 0)->n = (uint32_t)n;
}

void build_element(Ground *g, VarId idx, int32_t base, size_t n, const VarId *arr, VarId result)
{
  post_element(g->s, idx, base, n, arr, result);
  ModelStep *st = step(g, MS_ELEMENT, ids(arr), n, NULL, 0);
  st->n = (uint32_t)n, st->x = idx, st->k = base, st->z = result;
}

void build_cell_of(Ground *g, size_t n, const VarId *arr, int32_t value, VarId pos)
{
  post_cell_of(g->s, n, arr, value, pos);
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
  post_times(g->s, x, y, z);
  binary(g, MS_TIMES, x, y, z);
}

void build_div(Ground *g, VarId x, VarId y, VarId z)
{
  post_div(g->s, x, y, z);
  binary(g, MS_DIV, x, y, z);
}

void build_mod(Ground *g, VarId x, VarId y, VarId z)
{
  post_mod(g->s, x, y, z);
  binary(g, MS_MOD, x, y, z);
}

void build_abs(Ground *g, VarId x, VarId z)
{
  post_abs(g->s, x, z);
  binary(g, MS_ABS, x, 0, z);
}

void build_min(Ground *g, size_t n, const VarId *x, VarId z)
{
  post_min(g->s, n, x, z);
  ModelStep *st = step(g, MS_MIN, ids(x), n, NULL, 0);
  st->n = (uint32_t)n, st->z = z;
}

void build_max(Ground *g, size_t n, const VarId *x, VarId z)
{
  post_max(g->s, n, x, z);
  ModelStep *st = step(g, MS_MAX, ids(x), n, NULL, 0);
  st->n = (uint32_t)n, st->z = z;
}

void build_clause(Ground *g, size_t npos, const VarId *pos, size_t nneg, const VarId *neg)
{
  post_clause(g->s, npos, pos, nneg, neg);
  ModelStep *st = step(g, MS_CLAUSE, ids(pos), npos, ids(neg), nneg);
  st->n = (uint32_t)npos, st->m = (uint32_t)nneg;
}

void build_table(Ground *g, size_t n, const VarId *x, size_t ntuples, const int32_t *tuples)
{
  post_table(g->s, n, x, ntuples, tuples);
  ModelStep *st = step(g, MS_TABLE, ids(x), n, tuples, n * ntuples);
  st->n = (uint32_t)n, st->m = (uint32_t)ntuples;
}

void build_regular(Ground *g, size_t n, const VarId *x, uint32_t nstates, uint32_t start,
                   const uint8_t *accept, size_t ntrans, const int32_t *trans, bool runs)
{
  (runs ? post_runs : post_regular)(g->s, n, x, nstates, start, accept, ntrans, trans);
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
  post_tiling(g->s, spec);
  step(g, MS_TILING, spec, len, NULL, 0)->n = (uint32_t)len;
}

void build_area(Ground *g, const int32_t *spec, size_t len)
{
  post_area(g->s, spec);
  step(g, spec[0] ? MS_AREAS : MS_CONNECTED, spec, len, NULL, 0)->n = (uint32_t)len;
}

void build_origin(Ground *g, uint32_t origin)
{
  g->post_origin = origin;
  solver_set_origin(g->s, origin);
}

void build_defer(Ground *g, bool on)
{
  solver_defer_propagation(g->s, on);
  step(g, MS_DEFER, NULL, 0, NULL, 0)->k = on;
}

void build_propagate(Ground *g)
{
  solver_propagate(g->s);
  step(g, MS_PROPAGATE, NULL, 0, NULL, 0);
}

void build_decision_vars(Ground *g, size_t n, const VarId *x)
{
  solver_set_decision_vars(g->s, n, x);
  step(g, MS_DECIDE, ids(x), n, NULL, 0)->n = (uint32_t)n;
}

void build_shown_vars(Ground *g, size_t n, const VarId *x)
{
  solver_set_shown_vars(g->s, n, x);
  step(g, MS_SHOWN, ids(x), n, NULL, 0)->n = (uint32_t)n;
}

void build_goal(Ground *g, VarId x, bool maximize)
{
  ModelStep *st = step(g, MS_GOAL, NULL, 0, NULL, 0);
  st->x = x;
  st->k = maximize;
}
