/*
** generate.c -- a new puzzle from open rules (see generate.h).
*/
#include "explain/generate.h"

#include <string.h>

#include "explain/rounds.h"
#include "search/parallel.h"
#include "search/search.h"

/* Solutions tried for a grade asked for, and for one not excluded. */
#define GEN_MAX_TRIES 20

typedef VEC(int32_t) I32Vec;

/* xorshift64*: small, fast and the same everywhere, so a seed repeats. */
static uint64_t next_random(uint64_t *state)
{
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545F4914F6CDD1Dull;
}

static void shuffle_vars(VarId *a, size_t n, uint64_t *rs)
{
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)(next_random(rs) % i);
    VarId t = a[i - 1];
    a[i - 1] = a[j];
    a[j] = t;
  }
}

void generate_candidates(const Model *m, VarIdVec *named, VarIdVec *out)
{
  VEC_CLEAR(*named);
  VEC_CLEAR(*out);
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind != MS_DECIDE || st->k != 0)      /* k = 1: a branching order */
      continue;
    VEC_CLEAR(*named);
    VEC_CLEAR(*out);
    const int32_t *a = model_args(m, st);
    for (uint32_t k = 0; k < st->n; k++) {
      VarId x = (VarId)a[k];
      if (x < m->names.len && m->names.data[x].a)
        VEC_PUSH(*named, x);
      if (x < m->names.len && m->names.data[x].a && !m->names.data[x].b)
        VEC_PUSH(*out, x);
    }
  }
}

typedef struct Gen {
  const ExOptions *o;
  const GenOptions *g;
  uint64_t rs;
  bool stopped;
  VarIdVec fx;              /* the givens being tried */
  VEC(int32_t) fv;
  VEC(int32_t) sol;         /* the last solution found: a value per variable */
  bool cut;                 /* the last count gave up at its budget */
  bool uncapped;            /* the next counts search without the budget */
} Gen;

/*
** The searches give up after this many decisions (counted, not timed: the
** same puzzle on every machine).  When the search for a second solution
** gives up, the given stays, which keeps the puzzle unique; when the one
** for a first solution does, that value is not chosen.
*/
#define GEN_COUNT_NODES 20000

/* The puzzle's space, its clock set before the root propagation: on a big
   model that propagation runs long, and must stop at the time limit too. */
static Solver *gen_root(const ExOptions *o)
{
  Solver *s = solver_new();
  if (o->clock_from)
    solver_share_clock(s, o->clock_from);
  solver_load_model(s, o->model);
  return s;
}

static Solver *gen_space(void *ctx, bool restarts)
{
  const Gen *gen = ctx;
  Solver *s = gen_root(gen->o);
  for (size_t i = 0; i < gen->fx.len; i++)
    post_table(s, 1, &gen->fx.data[i], 1, &gen->fv.data[i]);
  solver_set_restarts(s, restarts, 1);
  return s;
}

static void gen_limits(void *ctx, Solver *s)
{
  const Gen *gen = ctx;
  if (gen->o->clock_from)
    solver_share_clock(s, gen->o->clock_from);
}

static bool gen_time_up(void *ctx)
{
  const Gen *gen = ctx;
  return gen->o->clock_from && solver_trial_time_is_up(gen->o->clock_from);
}

static void gen_first(void *ctx, Solver *s)
{
  Gen *gen = ctx;
  VEC_CLEAR(gen->sol);
  for (VarId x = 0; x < solver_nvars(s); x++)
    VEC_PUSH(gen->sol, var_value(s, x));
}

/*
** Solutions (up to limit) of the puzzle with givens fx = fv; the first
** goes to sol.  The search goes in rounds, plain and restarting (the
** same seed each time: explain/rounds.h).  It gives up after
** GEN_COUNT_NODES decisions (or the user's node limit, if lower) for the
** first solution when limit is 1, for the second otherwise: then
** gen->cut is set and the count is a lower bound.
*/
static uint32_t count_with(Gen *gen, uint32_t limit)
{
  gen->cut = false;
  /* each call builds a space: on a big model the clock must be read here too */
  if (gen->stopped || gen_time_up(gen)) {
    gen->stopped = true;
    return 0;
  }
  Rounds r = { .make = gen_space, .time_up = gen_time_up, .limits = gen_limits,
               .first = gen_first, .ctx = gen,
               .budget = limit == 1 && gen->uncapped ? 0 : GEN_COUNT_NODES };
  uint32_t n;
  RoundsEnd end = rounds_count(&r, limit, &n);
  gen->cut = end == ROUNDS_GAVE_UP;
  if (end == ROUNDS_STOPPED)
    gen->stopped = true;
  return n;
}

/* A solution at random: each candidate in random order takes a random value that still has a solution. */
static bool random_solution(Gen *gen, const VarIdVec *cand, I32Vec *values)
{
  Solver *root = gen_root(gen->o);
  bool ok = !solver_failed(root);
  VarIdVec order = {0};
  for (size_t i = 0; i < cand->len; i++)
    VEC_PUSH(order, cand->data[i]);
  shuffle_vars(order.data, order.len, &gen->rs);
  VEC_CLEAR(gen->fx);
  VEC_CLEAR(gen->fv);
  /* a pool of candidate clues is written about one answer: when they can
     all hold, the solution is one where they do */
  for (size_t k = 0; k < gen->g->nclues; k++) {
    VEC_PUSH(gen->fx, gen->g->clue_x[k]);
    VEC_PUSH(gen->fv, gen->g->clue_v[k]);
  }
  if (gen->g->nclues && count_with(gen, 1) == 0) {
    VEC_CLEAR(gen->fx);
    VEC_CLEAR(gen->fv);
  }
  /* gen->sol is a solution with the givens so far (once a count found one) */
  bool have_sol = false;
  VEC(int32_t) vals = {0};
  for (size_t i = 0; ok && i < order.len && !gen->stopped; i++) {
    VarId x = order.data[i];
    VEC_CLEAR(vals);
    for (int32_t v = var_min(root, x);; v = var_next(root, x, v)) {
      VEC_PUSH(vals, v);
      if (v >= var_max(root, x))
        break;
    }
    /* shuffle the values */
    for (size_t k = vals.len; k > 1; k--) {
      size_t j = (size_t)(next_random(&gen->rs) % k);
      int32_t t = vals.data[k - 1];
      vals.data[k - 1] = vals.data[j];
      vals.data[j] = t;
    }
    /*
    ** Each value within the budget first.  When every value failed or gave
    ** up and one gave up, the cell is searched again without the budget: a
    ** value that gave up may still hold, and "the rules have no solution"
    ** must never rest on a search that gave up.
    */
    bool placed = false, gave_up = false;
    for (int pass = 0; pass < 2 && !placed && !gen->stopped; pass++) {
      if (pass == 1 && !gave_up)
        break;
      gen->uncapped = pass == 1;
      for (size_t k = 0; k < vals.len && !placed && !gen->stopped; k++) {
        VEC_PUSH(gen->fx, x);
        VEC_PUSH(gen->fv, vals.data[k]);
        /* the last solution has x = v: one exists without a search */
        if ((have_sol && x < gen->sol.len && gen->sol.data[x] == vals.data[k]) || count_with(gen, 1) == 1) {
          placed = have_sol = true;
        } else {
          gave_up |= gen->cut;
          gen->fx.len--;
          gen->fv.len--;
        }
      }
    }
    gen->uncapped = false;
    ok = placed;
  }
  VEC_FREE(vals);
  VEC_FREE(order);
  solver_free(root);
  if (!ok || gen->stopped)
    return false;
  VEC_CLEAR(*values);
  for (size_t i = 0; i < gen->sol.len; i++)
    VEC_PUSH(*values, gen->sol.data[i]);
  return true;
}

static bool excluded(const Gen *gen, const VarIdVec *cand, const int32_t *values)
{
  for (size_t e = 0; e < gen->g->nexclude; e++) {
    bool same = true;
    for (size_t i = 0; i < cand->len && same; i++)
      same = gen->g->exclude[e][cand->data[i]] == values[cand->data[i]];
    if (same)
      return true;
  }
  return false;
}

/* The grade level of the puzzle with givens fx = fv (0 when stopped). */
static unsigned level_with(Gen *gen)
{
  ExOptions eo = *gen->o;
  eo.given_x = gen->fx.data;
  eo.given_v = gen->fv.data;
  eo.ngiven = gen->fx.len;
  Explanation e = {0};
  bool ok = explain_puzzle(&eo, &e);
  unsigned level = e.hardest ? e.hardest : 1;
  explanation_free(&e);
  if (!ok)
    gen->stopped = true;
  return ok ? level : 0;
}

/* One given: x = v, a cell (clue < 0) or candidate clue `clue`. */
typedef struct Given {
  VarId x;
  int32_t v;
  int32_t clue;
} Given;

typedef VEC(Given) Givens;

/* The givens kept[i] of items, as fx = fv. */
static void set_givens(Gen *gen, const Givens *items, const uint8_t *kept)
{
  VEC_CLEAR(gen->fx);
  VEC_CLEAR(gen->fv);
  for (size_t k = 0; k < items->len; k++)
    if (kept[k]) {
      VEC_PUSH(gen->fx, items->data[k].x);
      VEC_PUSH(gen->fv, items->data[k].v);
    }
}

/*
** Taking givens away on several workers (ExOptions.workers), with the
** answer of one: the next `workers` items are each tried away at once,
** from the same givens, then read in order.  A given that must stay
** (two solutions without it) must stay whatever went before it in the
** batch, since fewer givens never make fewer solutions; but once one
** goes, the tries after it were made with it still there, so the next
** batch starts after it.  Only for uniqueness: a level cap (an
** explanation's grade) is not so monotonic, and goes one by one.
*/
typedef struct Tries {
  const Gen *gen;
  const Givens *items;
  const uint8_t *kept;
  size_t from;
  int8_t *result;           /* per try: solutions up to 2, -1 a limit (or not run) */
} Tries;

/* One try of try_without: its job, and the given taken away. */
typedef struct Try {
  const Tries *t;
  size_t away;
  ParJob *j;
} Try;

static Solver *try_space(void *ctx, bool restarts)
{
  const Try *y = ctx;
  const Tries *t = y->t;
  Solver *s = solver_new();
  par_job_clock(y->j, s);               /* before the root propagation, which may run long */
  solver_load_model(s, t->gen->o->model);
  for (size_t k = 0; k < t->items->len; k++)
    if (t->kept[k] && k != y->away)
      post_table(s, 1, &t->items->data[k].x, 1, &t->items->data[k].v);
  solver_set_restarts(s, restarts, 1);
  return s;
}

static void try_limits(void *ctx, Solver *s)
{
  par_job_clock(((const Try *)ctx)->j, s);
}

static bool try_time_up(void *ctx)
{
  return par_job_stopped(((const Try *)ctx)->j);
}

static void try_without(void *ctx, size_t b, ParJob *j)
{
  Tries *t = ctx;
  if (par_job_stopped(j))
    return;
  Try y = { t, t->from + b, j };
  Rounds r = { .make = try_space, .time_up = try_time_up, .limits = try_limits,
               .ctx = &y, .budget = GEN_COUNT_NODES };
  uint32_t n;
  switch (rounds_count(&r, 2, &n)) {
  case ROUNDS_DONE:
    t->result[b] = (int8_t)n;
    break;
  case ROUNDS_GAVE_UP:
    t->result[b] = 2;                   /* gave up: the given stays, as count_with's caller does */
    break;
  case ROUNDS_STOPPED:
    t->result[b] = -1;
    break;
  }
}

static void take_away_parallel(Gen *gen, const Givens *items, uint8_t *kept)
{
  unsigned w = gen->o->workers;
  int8_t *result = xmalloc(w);
  for (size_t i = 0; i < items->len && !gen->stopped;) {
    if (gen->o->clock_from && solver_trial_time_is_up(gen->o->clock_from)) {
      gen->stopped = true;
      break;
    }
    size_t n = items->len - i < w ? items->len - i : w;
    memset(result, -1, w);
    Tries t = {gen, items, kept, i, result};
    par_each(w, n, try_without, &t, gen->o->clock_from);
    bool went = false;
    size_t b = 0;
    for (; b < n; b++) {
      if (result[b] < 0) {
        gen->stopped = true;
        break;
      }
      if (result[b] != 1)
        continue;                       /* needed: it stays */
      if (went)
        break;                          /* tried with one that has gone since: again */
      kept[i + b] = 0;
      went = true;
    }
    i += b;
  }
  xfree(result);
}

GenStatus generate_puzzle(const ExOptions *o, const GenOptions *g, GenResult *r)
{
  Gen gen = { .o = o, .g = g, .rs = g->seed * 0x9E3779B97F4A7C15ull + 1 };
  memset(r, 0, sizeof *r);
  VarIdVec named = {0}, cand = {0};
  generate_candidates(o->model, &named, &cand);
  size_t ncand = cand.len;                  /* before those with too many values go */
  {
    Solver *root = gen_root(o);
    size_t n = 0;
    for (size_t i = 0; i < cand.len; i++)
      if (var_size(root, cand.data[i]) <= GEN_MAX_VALUES)
        cand.data[n++] = cand.data[i];
    cand.len = n;
    n = 0;
    for (size_t i = 0; i < named.len; i++)
      if (var_size(root, named.data[i]) <= GEN_MAX_VALUES)
        named.data[n++] = named.data[i];
    named.len = n;
    solver_free(root);
  }
  I32Vec values = {0};
  VEC(uint8_t) kept = {0};
  Givens items = {0};
  r->status = GEN_NOT_FOUND;
  if (!cand.len && !g->nclues) {
    r->status = ncand ? GEN_TOO_MANY_VALUES : GEN_NO_CANDIDATES;
    VEC_FREE(cand);
    VEC_FREE(named);
    return r->status;
  }
  for (unsigned t = 0; t < GEN_MAX_TRIES && !gen.stopped; t++) {
    r->tries = t + 1;
    if (!random_solution(&gen, &named, &values)) {
      if (!gen.stopped)
        r->status = GEN_NONE;
      break;
    }
    if (excluded(&gen, &cand, values.data))
      continue;
    /* what may be given: every cell, and every candidate clue true here */
    VEC_CLEAR(items);
    for (size_t i = 0; i < cand.len; i++)
      VEC_PUSH(items, ((Given){ cand.data[i], values.data[cand.data[i]], -1 }));
    for (size_t k = 0; k < g->nclues; k++)
      if (values.data[g->clue_x[k]] == g->clue_v[k])
        VEC_PUSH(items, ((Given){ g->clue_x[k], g->clue_v[k], (int32_t)k }));
    /* shuffle them, then take each away in turn */
    for (size_t i = items.len; i > 1; i--) {
      size_t j = (size_t)(next_random(&gen.rs) % i);
      Given tmp = items.data[i - 1];
      items.data[i - 1] = items.data[j];
      items.data[j] = tmp;
    }
    VEC_CLEAR(kept);
    for (size_t i = 0; i < items.len; i++)
      VEC_PUSH(kept, 1);
    /* every candidate given must pin the solution down, or no givens can */
    set_givens(&gen, &items, kept.data);
    if (count_with(&gen, 2) != 1 || gen.cut) {
      if (!gen.stopped && !gen.cut)     /* gave up: not known either way */
        r->status = GEN_NOT_UNIQUE;
      break;
    }
    if (o->workers > 1 && !g->max_level)
      take_away_parallel(&gen, &items, kept.data);
    else for (size_t i = 0; i < items.len && !gen.stopped; i++) {
      kept.data[i] = 0;
      set_givens(&gen, &items, kept.data);
      bool unique = count_with(&gen, 2) == 1 && !gen.cut;   /* gave up: it stays */
      if (unique && g->max_level && !gen.stopped)
        unique = level_with(&gen) <= g->max_level;
      if (!unique)
        kept.data[i] = 1;
    }
    set_givens(&gen, &items, kept.data);
    if (gen.stopped)
      break;
    unsigned level = level_with(&gen);
    if (gen.stopped)
      break;
    if (g->want_level && level != g->want_level)
      continue;
    r->level = level;
    r->status = GEN_OK;
    /* the cells in the order of the variables, as a board reads; the clues in their order */
    for (size_t k = 0; k < cand.len; k++)
      for (size_t j = 0; j < items.len; j++)
        if (kept.data[j] && items.data[j].clue < 0 && items.data[j].x == cand.data[k]) {
          VEC_PUSH(r->x, cand.data[k]);
          VEC_PUSH(r->v, items.data[j].v);
        }
    for (size_t k = 0; k < g->nclues; k++)
      for (size_t j = 0; j < items.len; j++)
        if (kept.data[j] && items.data[j].clue == (int32_t)k)
          VEC_PUSH(r->clues, (uint32_t)k);
    break;
  }
  if (gen.stopped)
    r->status = GEN_STOPPED;
  VEC_FREE(cand);
  VEC_FREE(named);
  VEC_FREE(values);
  VEC_FREE(kept);
  VEC_FREE(items);
  VEC_FREE(gen.fx);
  VEC_FREE(gen.fv);
  VEC_FREE(gen.sol);
  return r->status;
}

void gen_result_free(GenResult *r)
{
  VEC_FREE(r->x);
  VEC_FREE(r->v);
  VEC_FREE(r->clues);
}
