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
** The value order of a goal through the terms that define its terms.
** MS_GOAL gives the goal's linear terms and their signs (goal_gain); a
** term that is no unknown of the puzzle but stands for x / y, x * y,
** abs(x), min or max, or a sum (its first defining step: the result of
** one of those, or the first equation it is in) passes its sign on to
** what it is made of, where that is monotone over the root domains:
**   x * y   to x with the sign of y, to y with the sign of x;
**   x / y   to x with the sign of y, to y against the sign of x
**           (|x / y| shrinks as |y| grows), both one-signed, y not 0;
**   abs(x)  to x with its sign;  min, max  to each argument;
**   a sum   sum a_i x_i + a z = k: z = (k - sum a_i x_i) / a.
** So maximize x / y - y / x over positive ranges tries the largest x and
** the smallest y first.  The first sign a variable gets stays (the goal's
** own terms come first); a variable whose sign is unclear gets none.
** Only an order: any answer is found either way.
*/
static int8_t sign_of(const Solver *s, VarId x)
{
  return dom_min(s, x) >= 0 && dom_max(s, x) > 0 ? 1
       : dom_max(s, x) <= 0 && dom_min(s, x) < 0 ? -1 : 0;
}

typedef VEC(VarId) VarQueue;

static void gain_give(Solver *s, VarId x, int g, VarQueue *queue)
{
  Search *q = &s->search;
  if (g == 0 || x >= q->goal_gain.len || q->goal_gain.data[x])
    return;
  q->goal_gain.data[x] = (int8_t)(g > 0 ? 1 : -1);
  VEC_PUSH(*queue, x);
}

static void goal_order(Solver *s, const Model *m)
{
  Search *q = &s->search;
  size_t nvars = s->doms.len;
  if (!q->goal_gain.len || !nvars)
    return;                             /* no goal, or one that is no sum */
  while (q->goal_gain.len < nvars)
    VEC_PUSH(q->goal_gain, 0);
  /* the puzzle's own unknowns, and each other variable's defining step */
  uint8_t *decision = xcalloc(nvars, 1);
  uint32_t *def = xmalloc(nvars * sizeof *def);
  for (size_t i = 0; i < nvars; i++)
    def[i] = UINT32_MAX;
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    const int32_t *a = model_args(m, st);
    if (st->kind == MS_DECIDE && !st->k)
      for (uint32_t k = 0; k < st->n; k++)
        decision[a[k]] = 1;
  }
  VarQueue queue = {0};
  for (size_t x = 0; x < nvars; x++)
    if (q->goal_gain.data[x])
      VEC_PUSH(queue, (VarId)x);
  for (size_t i = 0; i < m->steps.len && queue.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    const int32_t *a = model_args(m, st);
    switch ((ModelStepKind)st->kind) {
    case MS_TIMES: case MS_DIV: case MS_ABS: case MS_MIN: case MS_MAX:
      if (st->z < nvars && def[st->z] == UINT32_MAX)
        def[st->z] = (uint32_t)i;
      break;
    case MS_LINEAR:
      for (uint32_t k = 0; k < st->n && st->rel == MODEL_EQ; k++)
        if (def[a[st->n + k]] == UINT32_MAX)
          def[a[st->n + k]] = (uint32_t)i;
      break;
    default:
      break;
    }
  }
  for (size_t h = 0; h < queue.len; h++) {
    VarId z = queue.data[h];
    int g = q->goal_gain.data[z];
    if (decision[z] || def[z] == UINT32_MAX)
      continue;
    const ModelStep *st = &m->steps.data[def[z]];
    const int32_t *a = model_args(m, st);
    switch ((ModelStepKind)st->kind) {
    case MS_TIMES:
      gain_give(s, st->x, g * sign_of(s, st->y), &queue);
      gain_give(s, st->y, g * sign_of(s, st->x), &queue);
      break;
    case MS_DIV: {
      int sy = sign_of(s, st->y) && !dom_contains(s, st->y, 0) ? sign_of(s, st->y) : 0;
      gain_give(s, st->x, g * sy, &queue);
      gain_give(s, st->y, sy ? -g * sign_of(s, st->x) : 0, &queue);
      break;
    }
    case MS_ABS:
      gain_give(s, st->x, g * sign_of(s, st->x), &queue);
      break;
    case MS_MIN:
    case MS_MAX:
      if (st->z != z)
        break;
      for (uint32_t k = 0; k < st->n; k++)
        gain_give(s, (VarId)a[k], g, &queue);
      break;
    case MS_LINEAR: {
      int az = 0;
      for (uint32_t k = 0; k < st->n; k++)
        if ((VarId)a[st->n + k] == z)
          az = a[k] > 0 ? 1 : -1;
      for (uint32_t k = 0; k < st->n; k++)
        if ((VarId)a[st->n + k] != z)
          gain_give(s, (VarId)a[st->n + k], -g * az * (a[k] > 0 ? 1 : -1), &queue);
      break;
    }
    default:
      break;
    }
  }
  VEC_FREE(queue);
  xfree(def);
  xfree(decision);
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
  goal_order(s, m);
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
