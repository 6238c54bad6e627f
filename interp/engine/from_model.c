/*
** from_model.c -- a search space built from a Model.
**
** The Model's steps are replayed in order: its variables are created with
** the same numbers, its constraints posted under their origins, and its
** propagation points kept, so the space reaches the very root fixpoint
** the grounder saw.  Building is cheap next to grounding (no evaluation,
** no names), so a thread, a variation of the puzzle or a restart can
** have a space of its own.
*/
#include "engine/engine.h"
#include "engine/props/props.h"
#include "model/model.h"

static const VarId *ids(const int32_t *a)
{
  return (const VarId *)(const void *)a;
}

void solver_replay_step(Solver *s, const Model *m, const ModelStep *st)
{
  const int32_t *a = model_args(m, st);
  solver_set_origin(s, st->origin);
  solver_set_detail(s, st->binding);
  switch ((ModelStepKind)st->kind) {
  case MS_VAR_RANGE:
    solver_new_var(s, (int32_t)st->k, st->hi);
    break;
  case MS_VAR_VALUES:
    solver_new_var_values(s, a, st->n);
    break;
  case MS_CONST:
    solver_const(s, (int32_t)st->k);
    break;
  case MS_LINEAR:
    post_linear(s, st->n, a, ids(a + st->n), (LinRel)st->rel, st->k);
    break;
  case MS_LINEAR_REIF:
    post_linear_reif(s, st->n, a, ids(a + st->n), (LinRel)st->rel, st->k, st->z);
    break;
  case MS_DISTINCT:
    post_distinct(s, st->n, ids(a));
    solver_note_group(s, st->n, ids(a));
    break;
  case MS_ELEMENT:
    post_element(s, st->x, (int32_t)st->k, st->n, ids(a), st->z);
    break;
  case MS_CELL_OF:
    post_cell_of(s, st->n, ids(a), (int32_t)st->k, st->x);
    break;
  case MS_TIMES:
    post_times(s, st->x, st->y, st->z);
    break;
  case MS_DIV:
    post_div(s, st->x, st->y, st->z);
    break;
  case MS_MOD:
    post_mod(s, st->x, st->y, st->z);
    break;
  case MS_ABS:
    post_abs(s, st->x, st->z);
    break;
  case MS_MIN:
    post_min(s, st->n, ids(a), st->z);
    break;
  case MS_MAX:
    post_max(s, st->n, ids(a), st->z);
    break;
  case MS_CLAUSE:
    post_clause(s, st->n, ids(a), st->m, ids(a + st->n));
    break;
  case MS_TABLE:
    post_table(s, st->n, ids(a), st->m, a + st->n);
    break;
  case MS_TILING:
    post_tiling(s, a);
    break;
  case MS_REGULAR: {
    uint32_t q = (uint32_t)st->hi;
    uint8_t *accept = xmalloc(q + 1);
    for (uint32_t r = 0; r < q; r++)
      accept[r] = a[st->n + r] != 0;
    (st->rel ? post_runs : post_regular)(s, st->n, ids(a), q, (uint32_t)st->k, accept, st->m,
                                         a + st->n + q);
    xfree(accept);
    break;
  }
  case MS_CONNECTED:
  case MS_AREAS:
    post_area(s, a);
    break;
  case MS_SIZES:
    post_sizes(s, a);
    break;
  case MS_CIRCUIT:
    post_circuit(s, st->n, ids(a), (int32_t)st->k);
    break;
  case MS_DEFER:
    solver_defer_propagation(s, st->k != 0);
    break;
  case MS_PROPAGATE:
    solver_propagate(s);
    break;
  case MS_DECIDE:                /* a branching order (k = 1) follows and replaces */
    if (st->k)
      solver_set_branch_vars(s, st->n, ids(a));
    else
      solver_set_decision_vars(s, st->n, ids(a));
    break;
  case MS_SHOWN:
    solver_set_shown_vars(s, st->n, ids(a));
    break;
  case MS_GOAL:                         /* pz_next's search sets it (solver_set_goal) */
    solver_set_goal_terms(s, st->n, a, ids(a + st->n));
    if (st->n)                          /* the goal's own variable, where the search branches on it */
      solver_set_goal_terms(s, 1, (const int32_t[]){1}, &st->x);
    break;
  case MS_NKINDS:
    assert(!"not a step");
    break;
  }
}

/*
** Once the Model is in: the terms two equations fix together
** (props/same_sums.c), sums over cells that one distinct holds told so
** (props/sum_dc.c), and the equations that follow from sums over shared
** cells (props/linsys.c), for searching; not for the reason log, nor in
** the spaces of explain (solver_from_model_where, trial.c).
*/
static void load_finish(Solver *s, const Model *m)
{
  same_sums_post(s, m);
  sum_dc_mark_distinct(s, LINSYS_MIN_VARS);
  linsys_post(s, LINSYS_MIN_VARS);
}

/*
** Disequalities and all-different groups as one graph (neq_graph.c), for
** boards that have both: binary x != y + c steps on variables that lie in
** two distinct groups or more (Miracle Sudoku's king's and knight's moves
** on a sudoku's cells; not queens, whose one group gains nothing).
** Only spaces that search and count ask for it: not trial.c's nor the
** explanations' (solver_from_model_where), nor a space whose reason log is
** read from the start, since the graph prunes in another order and names
** no forall case.  Boards with only one kind keep their propagators, and
** so their search order.
*/
static void want_neq_graph(Solver *s, const Model *m)
{
  if (s->separate_cases || s->trace)
    return;
  size_t ndistinct = 0, ntiling = 0;
  for (size_t i = 0; i < m->steps.len; i++) {
    ndistinct += m->steps.data[i].kind == MS_DISTINCT;
    ntiling += m->steps.data[i].kind == MS_TILING;
  }
  /* The tiling's brancher finishes alone when no propagator has an open
  ** variable (search.c's solo_ready), and the graph lists none. */
  if (ndistinct < 2 || ntiling)
    return;
  size_t nvars = m->vars.len;
  uint8_t *seen = xcalloc(nvars ? nvars : 1, 1);   /* groups (up to 2), then 4: in a != */
  bool twice = false;
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind != MS_DISTINCT || st->n <= 2)
      continue;
    const int32_t *a = model_args(m, st);
    for (uint32_t k = 0; k < st->n; k++) {
      seen[a[k]] += (seen[a[k]] & 3) < 2;
      twice |= seen[a[k]] == 2;
    }
  }
  for (size_t i = 0; i < m->steps.len && twice; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind != MS_LINEAR || st->rel != MODEL_NE || st->n != 2)
      continue;
    const int32_t *a = model_args(m, st);
    if (a[0] == -a[1] && (a[0] == 1 || a[0] == -1)) {
      seen[a[2]] |= 4;
      seen[a[3]] |= 4;
    }
  }
  for (size_t x = 0; x < nvars && !s->fuse_neq; x++)
    s->fuse_neq = seen[x] == (4 | 2);
  xfree(seen);
}

Solver *solver_from_model(const Model *m)
{
  return solver_from_model_like(m, NULL);
}

void solver_keep_memo(Solver *s)
{
  s->keep_memo = true;
}

Solver *solver_from_model_like(const Model *m, const Solver *like)
{
  Solver *s = solver_new();
  s->linsys_like = like ? like->linsys_memo : NULL;
  s->tiling_like = like ? like->tiling_memo : NULL;   /* read at its first enumeration */
  want_neq_graph(s, m);
  for (size_t i = 0; i < m->steps.len; i++)
    solver_replay_step(s, m, &m->steps.data[i]);
  load_finish(s, m);
  s->linsys_like = NULL;                /* like may be freed before s */
  return s;
}

size_t solver_load_model(Solver *s, const Model *m)
{
  size_t failed = m->steps.len;
  want_neq_graph(s, m);
  for (size_t i = 0; i < m->steps.len; i++) {
    solver_replay_step(s, m, &m->steps.data[i]);
    if (failed == m->steps.len && solver_failed(s))
      failed = i;
  }
  load_finish(s, m);
  return failed;
}

void solver_load_model_where(Solver *s, const Model *m, SolverKeepFn keep, void *ctx)
{
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (model_is_constraint((ModelStepKind)st->kind) && !keep(ctx, st->origin, st->binding))
      continue;
    solver_replay_step(s, m, st);
  }
}

Solver *solver_from_model_where(const Model *m, SolverKeepFn keep, void *ctx)
{
  Solver *s = solver_new();
  solver_load_model_where(s, m, keep, ctx);
  return s;
}
