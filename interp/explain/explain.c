/*
** explain.c -- the steps from the givens to the solution (see explain.h).
**
** All reasoning happens in one space built for it (solver_from_model_
** isolated): every propagator is off until a trial switches on those of
** the clues it asks about, and the known facts are imposed afresh in
** each trial.  So "what follows from clue C and facts F" is one trial,
** and dropping a clue or a fact to see whether a step still follows is
** another.  Facts are kept here, per named unknown, as sorted values.
**
** Finding a step, easiest level first: every clue alone (skipping clues
** none of whose unknowns changed since they last gave nothing), then
** pairs of clues that share an unknown, then suppositions x = v refuted
** by all clues together, then a guess.  The first step found at the
** lowest level is kept: its clues and its facts are then reduced to a
** minimal set by deletion (drop one; if the step still follows, it
** stays dropped).
**
** Whole solves (is there a solution, is it unique, which clues conflict)
** use ordinary spaces built from the Model without some clues
** (solver_from_model_where), with the facts posted as constraints.
*/
#include "explain/explain.h"

#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "explain/rounds.h"
#include "search/parallel.h"
#include "search/search.h"

/* Named unknowns with more values than this are not tracked as facts. */
#define EX_MAX_VALUES 4096
/* At most this many unknowns are tested for "differs between solutions". */
#define EX_MAX_OPEN_TESTS 64
/*
** The searches about other solutions (is the solution unique, which
** unknowns differ, which given would settle it) give up after this many
** decisions: on 100 queens proving there is no second solution would
** never end.  Counted, not timed, so the verdict is the same everywhere;
** what a search that gave up would have shown is then not claimed.
*/
#define EX_COUNT_NODES 2000000
/* v.data + off, or NULL for an empty vector (NULL + 0 is undefined). */
#define SLICE(v, off) ((v).data ? (v).data + (off) : NULL)

/*
** Level 3's work budget per step, in suppositions tried: this many per
** open tracked unknown, and never fewer than EX_MIN_PROBES (a 9x9 sudoku's
** 729 suppositions all fit).  Counted, not timed, so an explanation is the
** same on every machine; once spent, the step is a guess instead, and the
** next step's suppositions go on from where this one stopped.
*/
#define EX_PROBES_PER_UNKNOWN 4
#define EX_MIN_PROBES 1024

/* No variable: no supposition, no link. */
#define NO_VAR UINT32_MAX

typedef VEC(uint64_t) U64Vec;
typedef VEC(uint8_t) U8Vec;
typedef VEC(int32_t) I32Vec;

typedef struct Group {
  uint32_t origin, binding;
  uint32_t props, nprops;     /* slice of Ex.gprops */
  uint32_t vars, nvars;       /* slice of Ex.gvars: the tracked unknowns it mentions */
  uint64_t clean_at;          /* stamp when a trial of it alone last gave nothing */
  uint64_t pairs_clean_at;    /* stamp when all its pairs last gave nothing */
  bool tried, pairs_tried;
  bool unary;                 /* each of its constraints is on one unknown: a given */
} Group;

typedef struct Link {
  VarId x;
  uint32_t origin, binding;
  uint32_t at, n;             /* x's values after it, in Ex.lvals */
} Link;

typedef struct Ex {
  const ExOptions *o;
  const Model *m;
  Explanation *e;
  Solver *s;
  size_t nvars;
  VEC(Group) groups;
  VEC(PropId) gprops;
  VEC(VarId) gvars;
  VEC(uint32_t) var_groups_at;  /* per variable: slice of var_groups (CSR) */
  VEC(uint32_t) var_groups;
  /* the facts, per variable */
  U8Vec tracked;
  /* per variable: tracked and part of the answer (the Model's MS_SHOWN, when
     it has one): the explanation ends when these are known, guesses only
     choose among them, and only they can differ between solutions */
  U8Vec goal;
  VEC(uint32_t) fact_at, fact_n;
  VEC(int32_t) pool;
  VEC(uint64_t) changed_at;
  uint64_t stamp;
  /* in a trial */
  VEC(VarId) touched;
  VEC(uint8_t) is_touched;
  bool recording;
  VEC(Link) links;
  VEC(int32_t) lvals;
  VEC(uint8_t) skip_fact;       /* per variable: not imposed (premise tests) */
  VEC(uint64_t) group_keys;     /* (origin << 32 | binding) of each group, sorted */
  VEC(uint32_t) group_at;       /* the group of each key */
  VEC(uint8_t) used;            /* per group: took part while recording */
  /* which groups may take part */
  VEC(uint8_t) allowed;
  VEC(uint8_t) origin_on;       /* per origin, for whole solves */
  size_t norigins;
  /* the step being built */
  VEC(VarId) dx;                /* deduced: variables */
  VEC(uint32_t) dat;            /* and their new values in dvals */
  VEC(uint32_t) dn;
  VEC(int32_t) dvals;
  VEC(uint32_t) chosen;         /* groups of the step */
  VEC(VarId) premises;
  VEC(uint32_t) mark;           /* scratch per group */
  uint32_t mark_stamp;
  VEC(int32_t) sol;             /* a solution: value per variable */
  uint64_t probe_cursor;        /* level 3 resumes after the last refuted supposition */
  bool sol_known;               /* x->sol is a solution (the last guess's) */
  bool budget_spent;            /* level 3 stopped at its budget this step */
  /* every known fact imposed once, on the trail level under the trials
     (see base_up): a trial then costs only what its clues propagate */
  bool base_on;
  bool premises_only;           /* skip_fact is in use: trials impose facts themselves */
  VEC(uint32_t) init_n;         /* per variable: its values before any fact */
  /* groups that share an unknown the facts do not track (a helper): only
     such a pair can give more than its two clues alone (see two_clues) */
  VEC(uint32_t) gu_at, gu;      /* per group: slice of gu, the untracked variables */
  VEC(uint32_t) ug_at, ug;      /* per variable: slice of ug, the groups of it */
  VEC(uint32_t) mark2;          /* scratch per group */
  uint32_t mark2_stamp;
  bool stopped;
  bool cut;                     /* the last solve gave up at its budget (EX_COUNT_NODES) */
  uint64_t cut_user_nodes;      /* ... at the user's node limit, lower: that limit (0: no) */
} Ex;

/* --- facts --- */

static const int32_t *fact(const Ex *x, VarId v)
{
  return SLICE(x->pool, x->fact_at.data[v]);
}

/* qsort, but not on an empty array (whose data may be NULL). */
static void sort(void *data, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
  if (n > 1)
    qsort(data, n, size, cmp);
}

/* --- the trace hook: which variables a trial touched, and why --- */

/* Mark the group of (origin, binding) as used (binary search on the keys). */
static void mark_used(Ex *x, uint32_t origin, uint32_t binding)
{
  uint64_t key = (uint64_t)origin << 32 | binding;
  size_t lo = 0, hi = x->group_keys.len;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (x->group_keys.data[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < x->group_keys.len && x->group_keys.data[lo] == key)
    x->used.data[x->group_at.data[lo]] = 1;
}

static void on_event(void *ctx, const SolverEvent *ev)
{
  Ex *x = ctx;
  if (x->recording && ev->kind != REASON_DECISION)
    mark_used(x, ev->origin, ev->detail);   /* helpers' changes too: every clue that took part */
  if (ev->kind == REASON_FAILURE) {
    if (x->recording)
      VEC_PUSH(x->links, ((Link){ NO_VAR, ev->origin, ev->detail, 0, 0 }));
    return;
  }
  if (!x->is_touched.data[ev->x]) {
    x->is_touched.data[ev->x] = 1;
    VEC_PUSH(x->touched, ev->x);
  }
  if (x->recording && ev->kind == REASON_PROPAGATION && x->tracked.data[ev->x]) {
    Link l = { ev->x, ev->origin, ev->detail, (uint32_t)x->lvals.len, 0 };
    const int32_t *f = fact(x, ev->x);
    for (uint32_t k = 0; k < x->fact_n.data[ev->x]; k++)
      if (var_contains(x->s, ev->x, f[k])) {
        VEC_PUSH(x->lvals, f[k]);
        l.n++;
      }
    /* a link says something new: x narrower than known, and than it last said */
    bool news = l.n < x->fact_n.data[ev->x];
    for (size_t k = x->links.len; news && k-- > 0;) {
      const Link *p = &x->links.data[k];
      if (p->x != ev->x)
        continue;
      news = p->n != l.n || memcmp(x->lvals.data + p->at, x->lvals.data + l.at, l.n * sizeof(int32_t)) != 0;
      break;
    }
    if (news)
      VEC_PUSH(x->links, l);
    else
      x->lvals.len = l.at;
  }
}

/* --- trials --- */

static void trial_begin(Ex *x)
{
  for (size_t i = 0; i < x->touched.len; i++)
    x->is_touched.data[x->touched.data[i]] = 0;
  VEC_CLEAR(x->touched);
  VEC_CLEAR(x->links);
  VEC_CLEAR(x->lvals);
  solver_trial_begin(x->s);
}

/*
** The base level: every known fact imposed, with every propagator off, so
** nothing runs and nothing is queued.  Facts only narrow, so a new fact
** is imposed on top (commit_step); the level goes when trials must leave
** facts out (premises) or the facts start again (init_facts).  A trial
** of some clues over all the facts finds what it finds over the facts of
** their unknowns alone: the clues never reach the other unknowns.
*/
static void base_down(Ex *x)
{
  if (!x->base_on)
    return;
  solver_trial_end(x->s);
  x->base_on = false;
}

static bool base_up(Ex *x)
{
  if (x->base_on)
    return true;
  solver_trial_begin(x->s);
  bool ok = true;
  for (VarId v = 0; ok && v < x->nvars; v++)
    if (x->tracked.data[v])
      ok = solver_trial_keep(x->s, v, fact(x, v), x->fact_n.data[v]);
  if (!ok) {
    solver_trial_end(x->s);            /* an empty fact: each trial finds it */
    return false;
  }
  x->base_on = true;
  return true;
}

static void seed_touched(Ex *x, VarId v)
{
  if (x->tracked.data[v] && x->fact_n.data[v] < x->init_n.data[v] && !x->is_touched.data[v]) {
    x->is_touched.data[v] = 1;
    VEC_PUSH(x->touched, v);
  }
}

static bool impose(Ex *x, VarId v)
{
  if (!x->tracked.data[v] || x->skip_fact.data[v])
    return true;
  return solver_trial_keep(x->s, v, fact(x, v), x->fact_n.data[v]);
}

static void switch_on(Ex *x, uint32_t gi)
{
  const Group *g = &x->groups.data[gi];
  for (uint32_t k = 0; k < g->nprops; k++)
    solver_trial_switch_on(x->s, x->gprops.data[g->props + k]);
}

/*
** Open a trial of groups gs[0..ng) (every allowed group when gs is NULL)
** on the known facts of their unknowns (of every unknown when gs is
** NULL), with x = sv supposed when sx is not NO_VAR.  The trial stays
** open for the caller to read: trial_end closes it.
*/
static SearchResult trial(Ex *x, const uint32_t *gs, size_t ng, VarId sx, int32_t sv)
{
  bool base = !x->premises_only && !x->stopped && base_up(x);
  trial_begin(x);
  if (x->stopped || solver_trial_time_is_up(x->s)) {
    x->stopped = true;
    return SEARCH_LIMIT;
  }
  bool ok = true;
  if (base) {
    /* the facts are imposed already: list the unknowns they narrow as
       imposing them here would have, so deductions come in that order */
    if (!gs) {
      for (VarId v = 0; v < x->nvars; v++)
        seed_touched(x, v);
    } else {
      for (size_t i = 0; i < ng; i++) {
        const Group *g = &x->groups.data[gs[i]];
        for (uint32_t k = 0; k < g->nvars; k++)
          seed_touched(x, x->gvars.data[g->vars + k]);
      }
    }
  } else if (!gs) {
    for (VarId v = 0; ok && v < x->nvars; v++)
      ok = impose(x, v);
  } else {
    for (size_t i = 0; ok && i < ng; i++) {
      const Group *g = &x->groups.data[gs[i]];
      for (uint32_t k = 0; ok && k < g->nvars; k++)
        ok = impose(x, x->gvars.data[g->vars + k]);
    }
  }
  if (ok && sx != NO_VAR)
    ok = solver_trial_keep(x->s, sx, &sv, 1);
  if (!ok)
    return SEARCH_EXHAUSTED;
  if (!gs) {
    for (uint32_t gi = 0; gi < x->groups.len; gi++)
      if (x->allowed.data[gi])
        switch_on(x, gi);
  } else {
    for (size_t i = 0; i < ng; i++)
      switch_on(x, gs[i]);
  }
  SearchResult r = solver_trial_propagate(x->s);
  if (r == SEARCH_LIMIT)
    x->stopped = true;
  return r;
}

static void trial_end(Ex *x)
{
  solver_trial_end(x->s);
}

static void clear_deductions(Ex *x)
{
  VEC_CLEAR(x->dx);
  VEC_CLEAR(x->dat);
  VEC_CLEAR(x->dn);
  VEC_CLEAR(x->dvals);
}

/* The one deduction of a step that is not a trial's: v is one of vals[0..n). */
static void deduce_one(Ex *x, VarId v, const int32_t *vals, uint32_t n)
{
  clear_deductions(x);
  VEC_PUSH(x->dx, v);
  VEC_PUSH(x->dat, 0);
  VEC_PUSH(x->dn, n);
  for (uint32_t i = 0; i < n; i++)
    VEC_PUSH(x->dvals, vals[i]);
}

/* The deductions of the open trial: tracked unknowns whose facts shrank. */
static void gather(Ex *x)
{
  clear_deductions(x);
  for (size_t i = 0; i < x->touched.len; i++) {
    VarId v = x->touched.data[i];
    if (!x->tracked.data[v])
      continue;
    uint32_t at = (uint32_t)x->dvals.len, n = 0;
    const int32_t *f = fact(x, v);
    for (uint32_t k = 0; k < x->fact_n.data[v]; k++)
      if (var_contains(x->s, v, f[k])) {
        VEC_PUSH(x->dvals, f[k]);
        n++;
      }
    if (n < x->fact_n.data[v]) {
      VEC_PUSH(x->dx, v);
      VEC_PUSH(x->dat, at);
      VEC_PUSH(x->dn, n);
    } else {
      x->dvals.len = at;
    }
  }
}

/* Does the open trial still deduce everything gathered (each value gone)? */
static bool still_deduces(const Ex *x)
{
  for (size_t i = 0; i < x->dx.len; i++) {
    VarId v = x->dx.data[i];
    const int32_t *keep = SLICE(x->dvals, x->dat.data[i]);
    uint32_t n = x->dn.data[i], j = 0;
    const int32_t *f = fact(x, v);
    for (uint32_t k = 0; k < x->fact_n.data[v]; k++) {
      while (j < n && keep[j] < f[k])
        j++;
      bool kept = j < n && keep[j] == f[k];
      if (!kept && var_contains(x->s, v, f[k]))
        return false;
    }
  }
  return true;
}

/* --- minimal premises and clues --- */

/* The unknowns of the chosen groups whose facts say more than their domains. */
static void candidate_premises(Ex *x, bool all)
{
  base_down(x);                         /* the domains as they start, below */
  VEC_CLEAR(x->premises);
  for (size_t i = 0; i < x->chosen.len; i++) {
    const Group *g = &x->groups.data[x->chosen.data[i]];
    for (uint32_t k = 0; k < g->nvars; k++) {
      VarId v = x->gvars.data[g->vars + k];
      if (x->skip_fact.data[v] == 2)
        continue;
      x->skip_fact.data[v] = 2;       /* listed */
      VEC_PUSH(x->premises, v);
    }
  }
  if (all)
    for (VarId v = 0; v < x->nvars; v++)
      if (x->tracked.data[v] && x->skip_fact.data[v] != 2) {
        x->skip_fact.data[v] = 2;
        VEC_PUSH(x->premises, v);
      }
  size_t n = 0;
  for (size_t i = 0; i < x->premises.len; i++) {
    VarId v = x->premises.data[i];
    x->skip_fact.data[v] = 0;
    uint64_t init = var_size(x->s, v);
    if (x->tracked.data[v] && x->fact_n.data[v] < init)
      x->premises.data[n++] = v;
  }
  x->premises.len = n;
}

/*
** Drop each premise whose fact the step does not need.  `contradiction`:
** the step is a failure (with sx = sv supposed), else the gathered
** deductions.  Facts of unknowns outside the premises stay unimposed.
*/
/* Trials impose the facts of the premises only (on), or of every unknown (off). */
static void impose_premises_only(Ex *x, bool on)
{
  if (on)
    base_down(x);
  x->premises_only = on;
  for (VarId v = 0; v < x->nvars; v++)
    x->skip_fact.data[v] = on;
  for (size_t i = 0; on && i < x->premises.len; i++)
    x->skip_fact.data[x->premises.data[i]] = 0;
}

static void minimize_premises(Ex *x, bool contradiction, VarId sx, int32_t sv)
{
  bool all = !x->chosen.len;
  candidate_premises(x, all);
  impose_premises_only(x, true);
  /* Deletion in chunks, halving: a step that needs 2 of 100 facts costs
  ** a few dozen trials instead of a hundred (a hidoku's "distinct"). */
  size_t chunk = x->premises.len / 2 ? x->premises.len / 2 : 1;
  for (;;) {
    for (size_t i = 0; i < x->premises.len && !x->stopped;) {
      size_t n = i + chunk <= x->premises.len ? chunk : x->premises.len - i;
      for (size_t k = 0; k < n; k++)
        x->skip_fact.data[x->premises.data[i + k]] = 1;
      SearchResult r = trial(x, x->chosen.data, x->chosen.len, sx, sv);
      bool holds = contradiction ? r == SEARCH_EXHAUSTED : (r == SEARCH_SOLUTION && still_deduces(x));
      trial_end(x);
      if (holds) {                      /* not needed: drop them, keeping the order */
        memmove(x->premises.data + i, x->premises.data + i + n,
                (x->premises.len - i - n) * sizeof *x->premises.data);
        x->premises.len -= n;
      } else {
        for (size_t k = 0; k < n; k++)
          x->skip_fact.data[x->premises.data[i + k]] = 0;
        i += n;
      }
    }
    if (chunk == 1 || x->stopped)
      break;
    chunk /= 2;
  }
  impose_premises_only(x, false);
}

/* Drop each chosen group the contradiction (x = sv fails) does not need,
   in chunks as minimize_premises does. */
static void minimize_groups(Ex *x, VarId sx, int32_t sv)
{
  VEC(uint32_t) rest = {0};
  size_t chunk = x->chosen.len / 2 ? x->chosen.len / 2 : 1;
  for (;;) {
    for (size_t i = 0; i < x->chosen.len && !x->stopped;) {
      size_t n = i + chunk <= x->chosen.len ? chunk : x->chosen.len - i;
      VEC_CLEAR(rest);
      for (size_t k = 0; k < x->chosen.len; k++)
        if (k < i || k >= i + n)
          VEC_PUSH(rest, x->chosen.data[k]);
      SearchResult r = SEARCH_SOLUTION;
      if (rest.len) {
        r = trial(x, rest.data, rest.len, sx, sv);
        trial_end(x);
      }
      if (r == SEARCH_EXHAUSTED) {      /* not needed */
        memmove(x->chosen.data + i, x->chosen.data + i + n,
                (x->chosen.len - i - n) * sizeof *x->chosen.data);
        x->chosen.len -= n;
      } else {
        i += n;
      }
    }
    if (chunk == 1 || x->stopped)
      break;
    chunk /= 2;
  }
  VEC_FREE(rest);
}

/* --- recording steps --- */

static uint32_t push_values(Explanation *e, const int32_t *v, uint32_t n)
{
  uint32_t at = (uint32_t)e->ints.len;
  for (uint32_t i = 0; i < n; i++)
    VEC_PUSH(e->ints, v[i]);
  return at;
}

static uint32_t push_clue(Explanation *e, uint32_t origin, uint32_t binding)
{
  VEC_PUSH(e->clues, ((ExClue){ origin, binding }));
  return (uint32_t)e->clues.len - 1;
}

/* Sort a group list by the groups' order in the puzzle. */
static int cmp_u32(const void *a, const void *b)
{
  uint32_t p = *(const uint32_t *)a, q = *(const uint32_t *)b;
  return (p > q) - (p < q);
}

/* Keep the step: its facts become known. */
static void commit_step(Ex *x, ExLevel level, VarId sx, int32_t sv)
{
  Explanation *e = x->e;
  ExStep st = { .level = (uint8_t)level, .x = sx, .v = sv };
  sort(x->chosen.data, x->chosen.len, sizeof *x->chosen.data, cmp_u32);
  st.clues = (uint32_t)e->clues.len;
  for (size_t i = 0; i < x->chosen.len; i++) {
    const Group *g = &x->groups.data[x->chosen.data[i]];
    push_clue(e, g->origin, g->binding);
  }
  st.nclues = (uint32_t)x->chosen.len;
  st.premises = (uint32_t)e->facts.len;
  for (size_t i = 0; i < x->premises.len; i++) {
    VarId v = x->premises.data[i];
    uint32_t at = push_values(e, fact(x, v), x->fact_n.data[v]);
    VEC_PUSH(e->facts, ((ExFact){ v, at, x->fact_n.data[v], at, x->fact_n.data[v], UINT32_MAX }));
  }
  st.npremises = (uint32_t)x->premises.len;
  st.chain = (uint32_t)e->facts.len;
  for (size_t i = 0; i < x->links.len; i++) {
    const Link *l = &x->links.data[i];
    uint32_t clue = push_clue(e, l->origin, l->binding);
    uint32_t before = 0, nbefore = 0, after = 0;
    if (l->x != NO_VAR) {
      nbefore = x->fact_n.data[l->x];
      before = push_values(e, fact(x, l->x), nbefore);
      after = push_values(e, SLICE(x->lvals, l->at), l->n);
    }
    VEC_PUSH(e->facts, ((ExFact){ l->x, before, nbefore, after, l->n, clue }));
  }
  st.nchain = (uint32_t)x->links.len;
  st.facts = (uint32_t)e->facts.len;
  for (size_t i = 0; i < x->dx.len; i++) {
    VarId v = x->dx.data[i];
    uint32_t n = x->dn.data[i];
    uint32_t before = push_values(e, fact(x, v), x->fact_n.data[v]);
    uint32_t after = push_values(e, SLICE(x->dvals, x->dat.data[i]), n);
    VEC_PUSH(e->facts, ((ExFact){ v, before, x->fact_n.data[v], after, n, UINT32_MAX }));
    /* the new fact is a subset: write it over the old one in place */
    if (n)
      memcpy(x->pool.data + x->fact_at.data[v], x->dvals.data + x->dat.data[i], n * sizeof(int32_t));
    x->fact_n.data[v] = n;
    x->changed_at.data[v] = ++x->stamp;
    if (x->base_on && !solver_trial_keep(x->s, v, fact(x, v), n))
      base_down(x);
  }
  st.nfacts = (uint32_t)x->dx.len;
  VEC_PUSH(e->steps, st);
  if (level != EX_GIVEN && level <= EX_GUESS && level > e->hardest) {
    e->hardest = (uint8_t)level;
    e->hardest_step = (uint32_t)e->steps.len;
  }
  if (level == EX_GUESS && !e->first_guess)
    e->first_guess = (uint32_t)e->steps.len;
}

/* --- whole solves --- */

static bool keep_origin(void *ctx, uint32_t origin, uint32_t binding)
{
  (void)binding;
  const Ex *x = ctx;
  return origin >= x->norigins || x->origin_on.data[origin];
}

/* One whole solve of solve(): what its spaces hold. */
typedef struct Solve {
  Ex *x;
  bool facts, eq;
  VarId sx;
  int32_t sv;
} Solve;

static Solver *solve_space(void *ctx, bool restarts)
{
  const Solve *q = ctx;
  Ex *x = q->x;
  Solver *s = solver_new();             /* the clock before the root propagation */
  if (x->o->clock_from)
    solver_share_clock(s, x->o->clock_from);
  solver_load_model_where(s, x->m, keep_origin, x);
  solver_set_restarts(s, restarts, 1);
  if (q->facts)
    for (VarId v = 0; v < x->nvars; v++)
      if (x->tracked.data[v] && x->fact_n.data[v] < var_size(s, v))
        post_table(s, 1, &v, x->fact_n.data[v], fact(x, v));
  if (q->sx != NO_VAR) {
    int32_t one = 1;
    post_linear(s, 1, &one, &q->sx, q->eq ? LIN_EQ : LIN_NE, q->sv);
  }
  return s;
}

static void solve_limits(void *ctx, Solver *s)
{
  const Ex *x = ((const Solve *)ctx)->x;
  if (x->o->clock_from)
    solver_share_clock(s, x->o->clock_from);
}

static bool solve_time_up(void *ctx)
{
  return solver_trial_time_is_up(((Solve *)ctx)->x->s);
}

static void solve_first(void *ctx, Solver *s)
{
  Ex *x = ((Solve *)ctx)->x;
  for (VarId v = 0; v < x->nvars; v++)
    x->sol.data[v] = var_value(s, v);
}

/*
** Count solutions up to `limit` of the allowed origins, with the known
** facts when `facts`, and x = v (eq) or x != v (!eq) when x is not
** NO_VAR.  The first solution's values go to x->sol.  Returns the
** count; a limit sets x->stopped.  The search goes in rounds, plain and
** restarting (explain/rounds.h): the natural model of 100 queens gets
** lost without restarts, the pentominoes take far longer with them.
** With `budget`, the search gives up after EX_COUNT_NODES decisions, or
** the user's node limit if lower (counted after the first solution when
** limit > 1, the first one is always looked for): then x->cut is set
** (and x->cut_user_nodes to the user's limit when it was the one), and
** the count is only a lower bound.
*/
static uint32_t solve(Ex *x, bool facts, VarId sx, int32_t sv, bool eq, uint32_t limit, bool budget)
{
  Solve q = { x, facts, eq, sx, sv };
  Rounds r = { .make = solve_space, .time_up = solve_time_up, .limits = solve_limits,
               .first = solve_first, .ctx = &q, .budget = budget ? EX_COUNT_NODES : 0 };
  uint32_t count;
  RoundsEnd end = rounds_count(&r, limit, &count);
  x->cut = end == ROUNDS_GAVE_UP;
  x->cut_user_nodes = x->cut ? r.user_nodes : 0;
  if (end == ROUNDS_STOPPED)
    x->stopped = true;
  return count;
}

/* --- finding steps --- */

typedef enum { FOUND_NONE, FOUND_STEP, FOUND_CONFLICT } Found;

/* Is any unknown of group g changed since its last empty trial? */
static bool dirty(const Ex *x, const Group *g)
{
  if (!g->tried)
    return true;
  for (uint32_t k = 0; k < g->nvars; k++)
    if (x->changed_at.data[x->gvars.data[g->vars + k]] > g->clean_at)
      return true;
  return false;
}

/* Has any unknown of g changed since `stamp`? */
static bool changed_since(const Ex *x, const Group *g, uint64_t stamp)
{
  for (uint32_t k = 0; k < g->nvars; k++)
    if (x->changed_at.data[x->gvars.data[g->vars + k]] > stamp)
      return true;
  return false;
}

static bool has_open(const Ex *x, const Group *g)
{
  for (uint32_t k = 0; k < g->nvars; k++)
    if (x->fact_n.data[x->gvars.data[g->vars + k]] > 1)
      return true;
  return false;
}

/* A conflict among the chosen groups: the last step, then stop. */
static Found conflict_step(Ex *x)
{
  VEC_CLEAR(x->dx);
  minimize_premises(x, true, NO_VAR, 0);
  VEC_CLEAR(x->links);
  commit_step(x, EX_CONFLICT, NO_VAR, 0);
  return FOUND_CONFLICT;
}

/* A step of the chosen groups whose deductions are gathered. */
static Found deduction_step(Ex *x, ExLevel level)
{
  /* the premises are minimized against a copy of the deductions */
  minimize_premises(x, false, NO_VAR, 0);
  /* gathered deductions survive minimize (still_deduces only reads them) */
  VEC_CLEAR(x->links);
  commit_step(x, level, NO_VAR, 0);
  return FOUND_STEP;
}

static Found one_clue(Ex *x, bool unary_only)
{
  for (uint32_t gi = 0; gi < x->groups.len && !x->stopped; gi++) {
    Group *g = &x->groups.data[gi];
    if (!x->allowed.data[gi] || g->unary != unary_only || !dirty(x, g))
      continue;
    SearchResult r = trial(x, &gi, 1, NO_VAR, 0);
    if (r == SEARCH_LIMIT) {
      trial_end(x);
      return FOUND_NONE;
    }
    VEC_CLEAR(x->chosen);
    VEC_PUSH(x->chosen, gi);
    if (r == SEARCH_EXHAUSTED) {
      trial_end(x);
      return conflict_step(x);
    }
    gather(x);
    trial_end(x);
    g->tried = true;
    if (!x->dx.len) {
      g->clean_at = x->stamp;
      continue;
    }
    return deduction_step(x, unary_only ? EX_GIVEN : EX_ONE_CLUE);
  }
  return FOUND_NONE;
}

static Found two_clues(Ex *x)
{
  for (uint32_t a = 0; a < x->groups.len && !x->stopped; a++) {
    Group *ga = &x->groups.data[a];
    if (!x->allowed.data[a] || !has_open(x, ga))
      continue;
    /* a pair gives what it gave before unless one of its clues' unknowns changed */
    bool a_changed = !ga->pairs_tried || changed_since(x, ga, ga->pairs_clean_at);
    /* the groups a shares a helper with: no other pair can give anything */
    if (x->gu_at.data[a] == x->gu_at.data[a + 1]) {
      ga->pairs_tried = true;
      ga->pairs_clean_at = x->stamp;
      continue;
    }
    x->mark2_stamp++;
    for (uint32_t k = x->gu_at.data[a]; k < x->gu_at.data[a + 1]; k++) {
      VarId u = x->gu.data[k];
      for (uint32_t j = x->ug_at.data[u]; j < x->ug_at.data[u + 1]; j++)
        x->mark2.data[x->ug.data[j]] = x->mark2_stamp;
    }
    x->mark_stamp++;
    for (uint32_t k = 0; k < ga->nvars; k++) {
      VarId v = x->gvars.data[ga->vars + k];
      if (x->fact_n.data[v] <= 1)
        continue;
      for (uint32_t j = x->var_groups_at.data[v]; j < x->var_groups_at.data[v + 1]; j++) {
        uint32_t b = x->var_groups.data[j];
        if (b <= a || !x->allowed.data[b] || x->mark.data[b] == x->mark_stamp ||
            x->mark2.data[b] != x->mark2_stamp)
          continue;
        x->mark.data[b] = x->mark_stamp;
        if (!a_changed && !changed_since(x, &x->groups.data[b], ga->pairs_clean_at))
          continue;
        uint32_t pair[2] = { a, b };
        SearchResult r = trial(x, pair, 2, NO_VAR, 0);
        if (r == SEARCH_LIMIT) {
          trial_end(x);
          return FOUND_NONE;
        }
        VEC_CLEAR(x->chosen);
        VEC_PUSH(x->chosen, a);
        VEC_PUSH(x->chosen, b);
        if (r == SEARCH_EXHAUSTED) {
          trial_end(x);
          return conflict_step(x);
        }
        gather(x);
        trial_end(x);
        if (x->dx.len)
          return deduction_step(x, EX_TWO_CLUES);
      }
    }
    ga = &x->groups.data[a];
    ga->pairs_tried = true;
    ga->pairs_clean_at = x->stamp;
  }
  return FOUND_NONE;
}

/* The open unknowns, fewest values first (then in order). */
static int cmp_open(const void *a, const void *b)
{
  const uint64_t p = *(const uint64_t *)a, q = *(const uint64_t *)b;
  return (p > q) - (p < q);
}

static void open_unknowns(Ex *x, const U8Vec *which, U64Vec *out)
{
  VEC_CLEAR(*out);
  for (VarId v = 0; v < x->nvars; v++)
    if (which->data[v] && x->fact_n.data[v] > 1)
      VEC_PUSH(*out, ((uint64_t)x->fact_n.data[v] << 32) | v);
  sort(out->data, out->len, sizeof *out->data, cmp_open);
}

/*
** Level 3: a supposition x = v that all clues together refute.  A
** supposition refuted once stays refuted (facts only grow), and one that
** survived may fail later, so each pass resumes where the last one found
** something, going round once: the unknowns of a big board are not all
** tried again after every step.
*/
/*
** Open a trial of every allowed clue over the known facts, at its
** fixpoint; false (nothing left open) when it fails or a limit stops it.
*/
static bool all_clues_on(Ex *x)
{
  SearchResult r = trial(x, NULL, 0, NO_VAR, 0);
  if (r == SEARCH_SOLUTION)
    return true;
  trial_end(x);
  return false;
}

/* Inside all_clues_on's trial: does x = sv fail? */
static SearchResult probe(Ex *x, VarId sx, int32_t sv)
{
  if (solver_trial_time_is_up(x->s)) {
    x->stopped = true;
    return SEARCH_LIMIT;
  }
  solver_trial_begin(x->s);
  SearchResult r = solver_trial_keep(x->s, sx, &sv, 1) ? solver_trial_propagate(x->s) : SEARCH_EXHAUSTED;
  solver_trial_end(x->s);
  if (r == SEARCH_LIMIT)
    x->stopped = true;
  return r;
}

static Found contradiction(Ex *x)
{
  U64Vec open = {0};
  open_unknowns(x, &x->tracked, &open);
  Found found = FOUND_NONE;
  /* the candidates in order: (unknown, value), starting at the cursor */
  uint64_t total = 0;
  for (size_t i = 0; i < open.len; i++)
    total += x->fact_n.data[(VarId)(open.data[i] & 0xffffffffu)];
  uint64_t start = total ? x->probe_cursor % total : 0;
  /* every clue switched on over the facts, propagated once; each
     supposition then propagates from there: what it adds, not the whole
     board again.  A refutation found so is checked from scratch below. */
  bool all_on = total && all_clues_on(x);
  uint64_t budget = EX_PROBES_PER_UNKNOWN * (uint64_t)open.len;
  if (budget < EX_MIN_PROBES)
    budget = EX_MIN_PROBES;
  for (uint64_t t = 0; t < total && found == FOUND_NONE && !x->stopped; t++) {
    if (t == budget) {                  /* spent: a guess; the next step goes on from here */
      x->probe_cursor = start + t;
      x->budget_spent = true;
      break;
    }
    uint64_t c = (start + t) % total;
    size_t i = 0;
    VarId v = 0;
    for (; i < open.len; i++) {
      v = (VarId)(open.data[i] & 0xffffffffu);
      if (c < x->fact_n.data[v])
        break;
      c -= x->fact_n.data[v];
    }
    uint32_t k = (uint32_t)c;
    {
      int32_t val = fact(x, v)[k];
      SearchResult r = all_on ? probe(x, v, val) : trial(x, NULL, 0, v, val);
      if (!all_on)
        trial_end(x);
      if (r != SEARCH_EXHAUSTED)
        continue;
      if (all_on) {
        /* from scratch, as the recording below runs it (propagators keep
           hints between trials, which may order the chain's links) */
        trial_end(x);                   /* the clues switched on */
        all_on = false;
        r = trial(x, NULL, 0, v, val);
        trial_end(x);
        if (r != SEARCH_EXHAUSTED) {    /* not refuted from scratch: go on without it */
          if (x->stopped)
            break;
          all_on = all_clues_on(x);
          continue;
        }
      }
      /* the groups that took part: those behind a deduction or the failure */
      x->recording = true;
      if (x->used.len)
        memset(x->used.data, 0, x->used.len);
      trial(x, NULL, 0, v, val);
      x->recording = false;
      trial_end(x);
      x->probe_cursor = start + t;
      /* the groups behind any change (helpers' too) or the failure */
      VEC_CLEAR(x->chosen);
      for (uint32_t gi = 0; gi < x->groups.len; gi++)
        if (x->used.data[gi] && x->allowed.data[gi])
          VEC_PUSH(x->chosen, gi);
      bool refutes = false;
      if (x->chosen.len) {
        refutes = trial(x, x->chosen.data, x->chosen.len, v, val) == SEARCH_EXHAUSTED;
        trial_end(x);
      }
      if (!refutes) {                   /* cannot happen; if it does, name every clue */
        VEC_CLEAR(x->chosen);
        for (uint32_t gi = 0; gi < x->groups.len; gi++)
          if (x->allowed.data[gi])
            VEC_PUSH(x->chosen, gi);
      }
      minimize_groups(x, v, val);
      minimize_premises(x, true, v, val);
      /* the chain, once more, with only what the step names */
      impose_premises_only(x, true);
      x->recording = true;
      trial(x, x->chosen.data, x->chosen.len, v, val);
      x->recording = false;
      trial_end(x);
      impose_premises_only(x, false);
      /* the deduction: v loses val (fact(x, v)[k]) */
      I32Vec rest = {0};
      for (uint32_t j = 0; j < x->fact_n.data[v]; j++)
        if (j != k)
          VEC_PUSH(rest, fact(x, v)[j]);
      deduce_one(x, v, rest.data, (uint32_t)rest.len);
      VEC_FREE(rest);
      if (x->dn.data[0] == 0) {           /* every value fails: a conflict */
        x->links.len = 0;
        found = conflict_step(x);
      } else {
        commit_step(x, EX_CONTRADICTION, v, val);
        found = FOUND_STEP;
      }
      break;
    }
  }
  if (all_on)
    trial_end(x);
  VEC_FREE(open);
  return found;
}

/* No reasoning step is left: guess the value of the solution. */
static Found guess(Ex *x)
{
  /* after the first guess, the last solution still agrees with every fact
     found since (each follows from the clues and that guess) unless the
     facts ruled it out: then it serves again without a search */
  bool reuse = x->sol_known && x->e->first_guess;
  for (VarId v = 0; v < x->nvars && reuse; v++)
    if (x->tracked.data[v] && x->fact_n.data[v] < x->init_n.data[v]) {
      const int32_t *f = fact(x, v);
      bool in = false;
      for (uint32_t j = 0; j < x->fact_n.data[v] && !in; j++)
        in = f[j] == x->sol.data[v];
      reuse = in;
    }
  bool counting = !reuse && !x->e->first_guess;
  uint32_t n = reuse ? 1 : solve(x, true, NO_VAR, 0, true, counting ? 2 : 1, counting);
  if (counting && n == 1 && x->cut) {
    x->e->unchecked = true;             /* one solution, and no time to look for another */
    x->e->unchecked_nodes = x->cut_user_nodes;
  }
  x->sol_known = n > 0;
  if (x->stopped)
    return FOUND_NONE;
  if (n == 0) {
    /* no reasoning step shows it, but no solution is left: every clue
       that may take part, with every fact known, is what the search used */
    VEC_CLEAR(x->chosen);
    for (uint32_t gi = 0; gi < x->groups.len; gi++)
      if (x->allowed.data[gi])
        VEC_PUSH(x->chosen, gi);
    candidate_premises(x, true);
    VEC_CLEAR(x->links);
    VEC_CLEAR(x->dx);
    commit_step(x, EX_CONFLICT, NO_VAR, 0);
    VEC_LAST(x->e->steps).searched = true;
    return FOUND_CONFLICT;
  }
  Explanation *e = x->e;
  if (!e->first_guess && n > 1 && e->outcome != EX_SEVERAL) {
    /* several solutions: which unknowns differ, and one given that settles it */
    e->outcome = EX_SEVERAL;
    VEC(int32_t) first = {0};
    for (VarId v = 0; v < x->nvars; v++)
      VEC_PUSH(first, x->sol.data[v]);
    /* each solution found differs from the first somewhere: every unknown
       it differs on is open without a solve of its own, and each unknown it
       agrees on has two solutions with the first's value */
    VEC(uint8_t) differs = {0}, agrees = {0};
    for (VarId v = 0; v < x->nvars; v++) {
      VEC_PUSH(differs, 0);
      VEC_PUSH(agrees, 0);
    }
    size_t tests = 0;
    for (VarId v = 0; v < x->nvars && tests < EX_MAX_OPEN_TESTS && !x->stopped; v++) {
      if (!x->goal.data[v] || x->fact_n.data[v] <= 1)
        continue;
      if (tests == EX_MAX_OPEN_TESTS - 1)
        e->open_cut = true;
      tests++;
      x->cut = false;
      if (!differs.data[v] && solve(x, true, v, first.data[v], false, 1, true))
        for (VarId w = 0; w < x->nvars; w++) {
          if (x->sol.data[w] != first.data[w])
            differs.data[w] = 1;
          else
            agrees.data[w] = 1;
        }
      if (x->cut)
        e->open_unsure = true;          /* v may differ: the search gave up */
      if (differs.data[v])
        VEC_PUSH(e->open, v);
    }
    for (size_t i = 0; i < e->open.len && i < EX_MAX_OPEN_TESTS && !x->stopped; i++) {
      VarId v = e->open.data[i];
      if (agrees.data[v])
        continue;
      uint32_t c = solve(x, true, v, first.data[v], true, 2, true);
      if (x->cut)
        e->fix_unsure = true;           /* this one may settle it: the search gave up */
      else if (c == 1) {
        e->has_fix = true;
        e->fix_x = v;
        e->fix_v = first.data[v];
        break;
      }
    }
    for (VarId v = 0; v < x->nvars; v++)
      x->sol.data[v] = first.data[v];
    VEC_FREE(first);
    VEC_FREE(differs);
    VEC_FREE(agrees);
    if (x->stopped)
      return FOUND_NONE;
  }
  U64Vec open = {0};
  open_unknowns(x, &x->goal, &open);
  VarId v = (VarId)(open.data[0] & 0xffffffffu);
  VEC_FREE(open);
  int32_t val = x->sol.data[v];
  VEC_CLEAR(x->chosen);
  VEC_CLEAR(x->links);
  VEC_CLEAR(x->premises);
  deduce_one(x, v, &val, 1);
  commit_step(x, EX_GUESS, v, val);
  VEC_LAST(x->e->steps).cut = x->budget_spent;
  return FOUND_STEP;
}

static bool all_known(const Ex *x)
{
  for (VarId v = 0; v < x->nvars; v++)
    if (x->goal.data[v] && x->fact_n.data[v] > 1)
      return false;
  return true;
}

/* Steps until every unknown is known, or a conflict; false on a limit. */
static bool run_steps(Ex *x)
{
  while (one_clue(x, true) == FOUND_STEP)
    ;
  for (;;) {
    if (x->stopped)
      return false;
    if (x->e->steps.len && VEC_LAST(x->e->steps).level == EX_CONFLICT)
      return true;
    if (all_known(x))
      return true;
    Found f = one_clue(x, false);
    if (f == FOUND_NONE && !x->stopped)
      f = two_clues(x);
    x->budget_spent = false;
    if (f == FOUND_NONE && !x->stopped)
      f = contradiction(x);
    if (f == FOUND_NONE && !x->stopped)
      f = guess(x);
    if (f == FOUND_CONFLICT)
      return true;
  }
}

/* --- setting up --- */

typedef struct Key {
  uint32_t origin, binding;
  uint32_t id;        /* a propagator, or a Model step */
  uint8_t is_step;
} Key;

static int cmp_key(const void *a, const void *b)
{
  const Key *p = a, *q = b;
  if (p->origin != q->origin)
    return p->origin < q->origin ? -1 : 1;
  if (p->binding != q->binding)
    return p->binding < q->binding ? -1 : 1;
  if (p->is_step != q->is_step)
    return p->is_step < q->is_step ? -1 : 1;
  return (p->id > q->id) - (p->id < q->id);
}

static int cmp_group(const void *a, const void *b)
{
  const Group *p = a, *q = b;
  return cmp_u32(&p->props, &q->props);
}

static void build_groups(Ex *x)
{
  VEC(Key) keys = {0};
  for (PropId p = 0; p < solver_nprops(x->s); p++)
    VEC_PUSH(keys, ((Key){ solver_prop_origin(x->s, p), solver_prop_binding(x->s, p), p, 0 }));
  for (size_t i = 0; i < x->m->steps.len; i++)
    if (model_is_constraint((ModelStepKind)x->m->steps.data[i].kind))
      VEC_PUSH(keys, ((Key){ x->m->steps.data[i].origin, x->m->steps.data[i].binding, (uint32_t)i, 1 }));
  sort(keys.data, keys.len, sizeof *keys.data, cmp_key);
  VEC(ModelVar) sv = {0};
  VEC(uint8_t) seen = {0};
  for (size_t v = 0; v < x->nvars; v++)
    VEC_PUSH(seen, 0);
  for (size_t i = 0; i < keys.len;) {
    Group g = { .origin = keys.data[i].origin, .binding = keys.data[i].binding,
                .props = (uint32_t)x->gprops.len, .vars = (uint32_t)x->gvars.len, .unary = true };
    size_t j = i;
    for (; j < keys.len && keys.data[j].origin == g.origin && keys.data[j].binding == g.binding; j++) {
      const Key *k = &keys.data[j];
      if (!k->is_step) {
        VEC_PUSH(x->gprops, k->id);
        continue;
      }
      const ModelStep *st = &x->m->steps.data[k->id];
      VEC_RESERVE(sv, st->n + st->m + 3);
      size_t n = model_step_vars(x->m, st, sv.data);
      for (size_t q = 1; q < n && g.unary; q++)
        g.unary = sv.data[q] == sv.data[0];   /* one variable, perhaps named twice */
      for (size_t q = 0; q < n; q++)
        if (sv.data[q] < x->nvars && x->tracked.data[sv.data[q]] && !seen.data[sv.data[q]]) {
          seen.data[sv.data[q]] = 1;
          VEC_PUSH(x->gvars, sv.data[q]);
        }
    }
    for (uint32_t q = g.vars; q < x->gvars.len; q++)
      seen.data[x->gvars.data[q]] = 0;
    g.nprops = (uint32_t)x->gprops.len - g.props;
    g.nvars = (uint32_t)x->gvars.len - g.vars;
    if (g.nprops)
      VEC_PUSH(x->groups, g);
    else
      x->gvars.len = g.vars;
    i = j;
  }
  VEC_FREE(keys);
  VEC_FREE(sv);
  VEC_FREE(seen);
  /* in the puzzle's order: by their first propagator */
  sort(x->groups.data, x->groups.len, sizeof *x->groups.data, cmp_group);
  /* which groups mention each unknown */
  VEC_RESERVE(x->var_groups_at, x->nvars + 1);
  x->var_groups_at.len = x->nvars + 1;
  memset(x->var_groups_at.data, 0, (x->nvars + 1) * sizeof(uint32_t));
  for (uint32_t gi = 0; gi < x->groups.len; gi++) {
    const Group *g = &x->groups.data[gi];
    for (uint32_t k = 0; k < g->nvars; k++)
      x->var_groups_at.data[x->gvars.data[g->vars + k] + 1]++;
  }
  for (size_t v = 0; v < x->nvars; v++)
    x->var_groups_at.data[v + 1] += x->var_groups_at.data[v];
  VEC_RESERVE(x->var_groups, x->var_groups_at.data[x->nvars]);
  x->var_groups.len = x->var_groups_at.data[x->nvars];
  VEC(uint32_t) fill = {0};
  for (size_t v = 0; v < x->nvars; v++)
    VEC_PUSH(fill, x->var_groups_at.data[v]);
  for (uint32_t gi = 0; gi < x->groups.len; gi++) {
    const Group *g = &x->groups.data[gi];
    for (uint32_t k = 0; k < g->nvars; k++)
      x->var_groups.data[fill.data[x->gvars.data[g->vars + k]]++] = gi;
  }
  VEC_FREE(fill);
  for (uint32_t gi = 0; gi < x->groups.len; gi++) {
    VEC_PUSH(x->allowed, 1);
    VEC_PUSH(x->mark, 0);
    VEC_PUSH(x->used, 0);
  }
  /* the keys of the groups, sorted, for mark_used */
  Key *order = xmalloc((x->groups.len ? x->groups.len : 1) * sizeof *order);
  for (uint32_t gi = 0; gi < x->groups.len; gi++)
    order[gi] = (Key){ x->groups.data[gi].origin, x->groups.data[gi].binding, gi, 0 };
  sort(order, x->groups.len, sizeof *order, cmp_key);
  for (uint32_t k = 0; k < x->groups.len; k++) {
    VEC_PUSH(x->group_keys, (uint64_t)order[k].origin << 32 | order[k].binding);
    VEC_PUSH(x->group_at, order[k].id);
  }
  xfree(order);
}

/*
** Which groups share an unknown the facts do not track: a helper of the
** grounder, or a named unknown with too many values.  A group that gives
** nothing alone leaves its tracked unknowns as they are and changes only
** its untracked ones; two such groups together can give more only through
** an untracked unknown they share.
*/
static void build_shared(Ex *x)
{
  uint32_t *prop_group = xmalloc((solver_nprops(x->s) + 1) * sizeof *prop_group);
  for (uint32_t gi = 0; gi < x->groups.len; gi++) {
    const Group *g = &x->groups.data[gi];
    for (uint32_t k = 0; k < g->nprops; k++)
      prop_group[x->gprops.data[g->props + k]] = gi;
  }
  /* (variable, group) pairs: the variables of each propagator and the
     propagators that watch each variable, untracked variables only */
  U64Vec pairs = {0};
  for (uint32_t gi = 0; gi < x->groups.len; gi++) {
    const Group *g = &x->groups.data[gi];
    for (uint32_t k = 0; k < g->nprops; k++) {
      size_t n;
      const VarId *vs = solver_prop_vars(x->s, x->gprops.data[g->props + k], &n);
      for (size_t q = 0; q < n; q++)
        if (vs[q] < x->nvars && !x->tracked.data[vs[q]])
          VEC_PUSH(pairs, (uint64_t)vs[q] << 32 | gi);
    }
  }
  for (VarId v = 0; v < x->nvars; v++) {
    if (x->tracked.data[v])
      continue;
    size_t n;
    const PropId *ps = solver_var_watchers(x->s, v, &n);
    for (size_t q = 0; q < n; q++)
      VEC_PUSH(pairs, (uint64_t)v << 32 | prop_group[ps[q]]);
  }
  xfree(prop_group);
  sort(pairs.data, pairs.len, sizeof *pairs.data, cmp_open);
  /* keep each pair once, and only variables of two groups or more */
  size_t n = 0;
  for (size_t i = 0; i < pairs.len;) {
    size_t j = i;
    while (j < pairs.len && pairs.data[j] >> 32 == pairs.data[i] >> 32)
      j++;
    size_t first = n;
    for (size_t k = i; k < j; k++)
      if (k == i || pairs.data[k] != pairs.data[k - 1])
        pairs.data[n++] = pairs.data[k];
    if (n - first < 2)
      n = first;
    i = j;
  }
  pairs.len = n;
  /* per variable: its groups (CSR); per group: its shared variables */
  for (VarId v = 0; v <= x->nvars; v++)
    VEC_PUSH(x->ug_at, 0);
  for (uint32_t gi = 0; gi <= x->groups.len; gi++)
    VEC_PUSH(x->gu_at, 0);
  for (size_t i = 0; i < pairs.len; i++) {
    x->ug_at.data[(pairs.data[i] >> 32) + 1]++;
    x->gu_at.data[(uint32_t)pairs.data[i] + 1]++;
    VEC_PUSH(x->ug, (uint32_t)pairs.data[i]);
    VEC_PUSH(x->gu, 0);
  }
  for (VarId v = 0; v < x->nvars; v++)
    x->ug_at.data[v + 1] += x->ug_at.data[v];
  for (uint32_t gi = 0; gi < x->groups.len; gi++)
    x->gu_at.data[gi + 1] += x->gu_at.data[gi];
  VEC(uint32_t) fill = {0};
  for (uint32_t gi = 0; gi < x->groups.len; gi++)
    VEC_PUSH(fill, x->gu_at.data[gi]);
  for (size_t i = 0; i < pairs.len; i++)
    x->gu.data[fill.data[(uint32_t)pairs.data[i]]++] = (uint32_t)(pairs.data[i] >> 32);
  for (uint32_t gi = 0; gi < x->groups.len; gi++)
    VEC_PUSH(x->mark2, 0);
  VEC_FREE(fill);
  VEC_FREE(pairs);
}

static void init_facts(Ex *x)
{
  base_down(x);
  VEC_CLEAR(x->pool);
  for (VarId v = 0; v < x->nvars; v++) {
    x->fact_at.data[v] = (uint32_t)x->pool.len;
    x->fact_n.data[v] = 0;
    x->changed_at.data[v] = 0;
    if (!x->tracked.data[v])
      continue;
    for (int32_t val = var_min(x->s, v);; val = var_next(x->s, v, val)) {
      VEC_PUSH(x->pool, val);
      x->fact_n.data[v]++;
      if (val >= var_max(x->s, v))
        break;
    }
  }
  for (size_t i = 0; i < x->o->ngiven; i++) {
    VarId v = x->o->given_x[i];
    if (v < x->nvars && x->tracked.data[v] && x->fact_n.data[v]) {
      x->pool.data[x->fact_at.data[v]] = x->o->given_v[i];
      x->fact_n.data[v] = 1;
    }
  }
  x->stamp = 0;
  for (uint32_t gi = 0; gi < x->groups.len; gi++) {
    x->groups.data[gi].tried = false;
    x->groups.data[gi].clean_at = 0;
    x->groups.data[gi].pairs_tried = false;
    x->groups.data[gi].pairs_clean_at = 0;
  }
}

/*
** goal: the tracked unknowns the answer shows (all of them without
** MS_SHOWN, or when it shows an untracked helper: an expression such as
** count([right(b, R, C)]), known only when the puzzle's unknowns are).
*/
static void mark_goal(Ex *x)
{
  const ModelStep *shown = NULL;
  for (size_t i = 0; i < x->m->steps.len; i++)
    if (x->m->steps.data[i].kind == MS_SHOWN)
      shown = &x->m->steps.data[i];
  for (uint32_t k = 0; shown && k < shown->n; k++) {
    int32_t v = model_args(x->m, shown)[k];
    if ((size_t)v < x->nvars && !x->tracked.data[v] && var_size(x->s, (VarId)v) > 1)
      shown = NULL;
  }
  for (VarId v = 0; v < x->nvars; v++)
    VEC_PUSH(x->goal, shown ? 0 : x->tracked.data[v]);
  if (!shown)
    return;
  const int32_t *a = model_args(x->m, shown);
  for (uint32_t k = 0; k < shown->n; k++)
    if ((size_t)a[k] < x->nvars)
      x->goal.data[a[k]] = x->tracked.data[a[k]];
}

static void ex_init(Ex *x, const ExOptions *o, Explanation *e)
{
  memset(x, 0, sizeof *x);
  x->o = o;
  x->m = o->model;
  x->e = e;
  x->s = solver_from_model_isolated(x->m);
  if (o->clock_from)
    solver_share_clock(x->s, o->clock_from);
  x->nvars = solver_nvars(x->s);
  solver_set_trace(x->s, on_event, x);
  for (VarId v = 0; v < x->nvars; v++) {
    bool named = v < x->m->names.len && x->m->names.data[v].a != NULL;
    VEC_PUSH(x->tracked, named && var_size(x->s, v) <= EX_MAX_VALUES);
    VEC_PUSH(x->fact_at, 0);
    VEC_PUSH(x->fact_n, 0);
    VEC_PUSH(x->changed_at, 0);
    VEC_PUSH(x->is_touched, 0);
    VEC_PUSH(x->skip_fact, 0);
    VEC_PUSH(x->sol, 0);
    VEC_PUSH(x->init_n, (uint32_t)(var_size(x->s, v) < UINT32_MAX ? var_size(x->s, v) : UINT32_MAX));
  }
  mark_goal(x);
  for (uint32_t k = 0; k < x->m->steps.len; k++)
    if (x->m->steps.data[k].origin + 1 > x->norigins)
      x->norigins = x->m->steps.data[k].origin + 1;
  for (size_t k = 0; k < x->norigins; k++)
    VEC_PUSH(x->origin_on, 1);
  build_groups(x);
  build_shared(x);
  init_facts(x);
}

static void ex_free(Ex *x)
{
  solver_free(x->s);
  VEC_FREE(x->groups);
  VEC_FREE(x->gprops);
  VEC_FREE(x->gvars);
  VEC_FREE(x->var_groups_at);
  VEC_FREE(x->var_groups);
  VEC_FREE(x->tracked);
  VEC_FREE(x->goal);
  VEC_FREE(x->fact_at);
  VEC_FREE(x->fact_n);
  VEC_FREE(x->pool);
  VEC_FREE(x->changed_at);
  VEC_FREE(x->touched);
  VEC_FREE(x->is_touched);
  VEC_FREE(x->links);
  VEC_FREE(x->lvals);
  VEC_FREE(x->group_keys);
  VEC_FREE(x->group_at);
  VEC_FREE(x->used);
  VEC_FREE(x->skip_fact);
  VEC_FREE(x->allowed);
  VEC_FREE(x->origin_on);
  VEC_FREE(x->dx);
  VEC_FREE(x->dat);
  VEC_FREE(x->dn);
  VEC_FREE(x->dvals);
  VEC_FREE(x->chosen);
  VEC_FREE(x->premises);
  VEC_FREE(x->mark);
  VEC_FREE(x->sol);
  VEC_FREE(x->gu_at);
  VEC_FREE(x->gu);
  VEC_FREE(x->ug_at);
  VEC_FREE(x->ug);
  VEC_FREE(x->mark2);
  VEC_FREE(x->init_n);
}

static void clear_explanation(Explanation *e)
{
  VEC_CLEAR(e->steps);
  VEC_CLEAR(e->facts);
  VEC_CLEAR(e->clues);
  VEC_CLEAR(e->ints);
  VEC_CLEAR(e->open);
  e->first_guess = 0;
  e->hardest = 0;
  e->hardest_step = 0;
  e->has_fix = false;
}

void explanation_free(Explanation *e)
{
  VEC_FREE(e->steps);
  VEC_FREE(e->facts);
  VEC_FREE(e->clues);
  VEC_FREE(e->ints);
  VEC_FREE(e->open);
  VEC_FREE(e->conflict);
  VEC_FREE(e->solution);
  VEC_FREE(e->solved);
  VEC_FREE(e->redundant);
}

static bool is_clue(const Ex *x, uint32_t origin)
{
  return origin != 0 && x->o->is_clue(x->o->is_clue_ctx, origin);
}

/*
** A minimal set of clues that cannot all hold, by deletion: drop each
** clue in turn and keep it dropped when the rest still has no solution.
*/
static void find_conflict(Ex *x)
{
  Explanation *e = x->e;
  VEC_CLEAR(e->conflict);
  for (uint32_t k = 1; k < x->norigins; k++)
    if (is_clue(x, k))
      VEC_PUSH(e->conflict, k);
  e->conflict_minimal = true;
  for (size_t i = 0; i < e->conflict.len && !x->stopped;) {
    uint32_t c = e->conflict.data[i];
    x->origin_on.data[c] = 0;
    if (solve(x, false, NO_VAR, 0, true, 1, false) == 0 && !x->stopped) {
      for (size_t j = i + 1; j < e->conflict.len; j++)
        e->conflict.data[j - 1] = e->conflict.data[j];
      e->conflict.len--;
    } else {
      x->origin_on.data[c] = 1;
      i++;
    }
  }
  if (x->stopped) {
    e->conflict_minimal = false;
    x->stopped = false;
    for (size_t k = 0; k < x->norigins; k++)
      x->origin_on.data[k] = 1;
  }
}

bool explain_puzzle(const ExOptions *o, Explanation *e)
{
  Ex x;
  ex_init(&x, o, e);
  e->outcome = EX_SOLVED;
  bool done = !solver_failed(x.s) && run_steps(&x);
  if (done && e->steps.len && VEC_LAST(e->steps).level == EX_CONFLICT) {
    /* no solution: name a minimal set of clues, then explain only those */
    e->outcome = EX_NONE;
    find_conflict(&x);
    if (e->conflict_minimal && !x.stopped) {
      for (uint32_t gi = 0; gi < x.groups.len; gi++) {
        uint32_t og = x.groups.data[gi].origin;
        x.allowed.data[gi] = !is_clue(&x, og) || x.origin_on.data[og];
      }
      clear_explanation(e);
      init_facts(&x);
      done = run_steps(&x);
    }
  } else if (solver_failed(x.s)) {
    e->outcome = EX_NONE;
    find_conflict(&x);
  } else if (done) {
    /* every unknown is known: is there a solution with these values? */
    if (solve(&x, true, NO_VAR, 0, true, 1, false) == 0 && !x.stopped) {
      e->outcome = EX_NONE;
      find_conflict(&x);
    } else if (!x.stopped) {
      for (VarId v = 0; v < x.nvars; v++) {
        VEC_PUSH(e->solution, x.sol.data[v]);
        VEC_PUSH(e->solved, 1);
      }
    }
  }
  if (x.stopped || !done)
    e->outcome = EX_STOPPED;
  ex_free(&x);
  return e->outcome != EX_STOPPED;
}

/* explain_redundant's jobs: each clue taken away in turn, the rest counted up to 2. */
typedef struct Without {
  const Ex *x;
  const uint32_t *clues;
  int8_t *result;             /* per clue: its count without it, -1 a limit (or not run) */
} Without;

typedef struct WithoutOne {
  uint32_t origin;
} WithoutOne;

static bool keep_all_but(void *ctx, uint32_t origin, uint32_t binding)
{
  (void)binding;
  return origin != ((const WithoutOne *)ctx)->origin;
}

static void count_without(void *ctx, size_t i, ParJob *j)
{
  Without *w = ctx;
  WithoutOne one = {w->clues[i]};
  Solver *s = solver_new();
  par_job_clock(j, s);                  /* before the root propagation, which may run long */
  solver_load_model_where(s, w->x->m, keep_all_but, &one);
  int8_t count = 0;
  while (count < 2) {
    SearchResult r = search_next(s);
    if (r == SEARCH_LIMIT || r == SEARCH_BROKEN) {
      count = -1;
      par_job_cut(j, i);                /* the explanation stops here */
      break;
    }
    if (r != SEARCH_SOLUTION)
      break;
    count++;
  }
  solver_free(s);
  w->result[i] = count;
}

bool explain_redundant(const ExOptions *o, Explanation *e)
{
  Ex x;
  ex_init(&x, o, e);
  VEC_CLEAR(e->redundant);
  e->nsolutions = solve(&x, false, NO_VAR, 0, true, 2, false);
  if (!x.stopped && e->nsolutions <= 1) {
    /* every clue alone taken away: independent solves, on o->workers */
    VEC(uint32_t) clues = {0};
    for (uint32_t k = 1; k < x.norigins; k++)
      if (is_clue(&x, k))
        VEC_PUSH(clues, k);
    int8_t *result = xmalloc(clues.len + 1);
    memset(result, -1, clues.len + 1);
    Without w = {&x, clues.data, result};
    par_each(o->workers, clues.len, count_without, &w, o->clock_from);
    for (size_t i = 0; i < clues.len && !x.stopped; i++) {
      if (result[i] < 0)
        x.stopped = true;
      else if (result[i] == 1)
        VEC_PUSH(e->redundant, clues.data[i]);
    }
    xfree(result);
    VEC_FREE(clues);
  }
  bool ok = !x.stopped;
  ex_free(&x);
  return ok;
}

/* --- checking an explanation with separate solves --- */

typedef struct StepClues {
  const ExClue *c;
  uint32_t n;
} StepClues;

static bool keep_step_clue(void *ctx, uint32_t origin, uint32_t binding)
{
  const StepClues *sc = ctx;
  for (uint32_t i = 0; i < sc->n; i++)
    if (sc->c[i].origin == origin && sc->c[i].binding == binding)
      return true;
  return false;
}

/*
** Has the puzzle cut down to the step's clues, with its premises (and
** x = v when x is not NO_VAR), a solution?  1 yes, 0 no, -1 the time
** limit (or the host's poll), -2 the node limit.
*/
static int step_satisfiable(const ExOptions *o, const Explanation *e, const ExStep *st,
                            VarId x, int32_t v, const ParJob *j)
{
  StepClues sc = { SLICE(e->clues, st->clues), st->nclues };
  Solver *s = solver_new();
  par_job_clock(j, s);                  /* before the root propagation, which may run long */
  solver_load_model_where(s, o->model, keep_step_clue, &sc);
  for (uint32_t i = 0; i < st->npremises; i++) {
    const ExFact *f = &e->facts.data[st->premises + i];
    post_table(s, 1, &f->x, f->nafter, SLICE(e->ints, f->after));
  }
  if (st->level == EX_CONTRADICTION)
    post_table(s, 1, &st->x, 1, &st->v);
  if (x != NO_VAR)
    post_table(s, 1, &x, 1, &v);
  SearchResult r = search_next(s);
  bool nodes = r == SEARCH_LIMIT && solver_at_node_limit(s);
  solver_free(s);
  return r == SEARCH_SOLUTION ? 1 : r == SEARCH_EXHAUSTED ? 0 : nodes ? -2 : -1;
}

/* One check of explain_verify: step `step` with x = v (x NO_VAR: the step itself). */
typedef struct Check {
  size_t step;
  VarId x;
  int32_t v;
} Check;

typedef struct Checks {
  const ExOptions *o;
  const Explanation *e;
  const Check *c;
  int8_t *result;             /* per check: step_satisfiable's, -1 also when not run */
} Checks;

static void run_check(void *ctx, size_t i, ParJob *j)
{
  Checks *cs = ctx;
  const Check *c = &cs->c[i];
  int sat = step_satisfiable(cs->o, cs->e, &cs->e->steps.data[c->step], c->x, c->v, j);
  cs->result[i] = (int8_t)sat;
  if (sat != 0)
    par_job_cut(j, i);                  /* a limit or a false step: the checks end here */
}

size_t explain_verify(const ExOptions *o, Explanation *e)
{
  e->checks_stopped = 0;
  e->checks_stopped_nodes = false;
  /* the checks, in order; independent solves, run on o->workers */
  VEC(Check) checks = {0};
  for (size_t i = 0; i < e->steps.len; i++) {
    const ExStep *st = &e->steps.data[i];
    if (st->level == EX_GUESS)
      continue;
    if (st->level == EX_CONTRADICTION || st->level == EX_CONFLICT) {
      VEC_PUSH(checks, ((Check){i, NO_VAR, 0}));
      continue;                         /* the supposition fails: nothing more to check */
    }
    /* every value a fact removes must be impossible under the step's clues and premises */
    for (uint32_t k = 0; k < st->nfacts; k++) {
      const ExFact *f = &e->facts.data[st->facts + k];
      for (uint32_t b = 0, a = 0; b < f->nbefore; b++) {
        int32_t w = e->ints.data[f->before + b];
        while (a < f->nafter && e->ints.data[f->after + a] < w)
          a++;
        if (a < f->nafter && e->ints.data[f->after + a] == w)
          continue;
        VEC_PUSH(checks, ((Check){i, f->x, w}));
      }
    }
  }
  int8_t *result = xmalloc(checks.len + 1);
  memset(result, -1, checks.len + 1);
  Checks cs = {o, e, checks.data, result};
  par_each(o->workers, checks.len, run_check, &cs, o->clock_from);
  size_t bad = 0;
  for (size_t i = 0; i < checks.len; i++) {
    if (result[i] < 0) {                /* the limit: nothing more can be checked */
      e->checks_stopped = checks.data[i].step + 1;
      e->checks_stopped_nodes = result[i] == -2;
      break;
    }
    if (result[i] == 1) {
      bad = checks.data[i].step + 1;
      break;
    }
  }
  xfree(result);
  VEC_FREE(checks);
  return bad;
}
