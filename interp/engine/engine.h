/*
** engine.h -- the Solver's insides, shared by the engine's own files.
**
** The front end sees only solver.h.  Propagators (in props/), the domain
** code, the fixpoint and the search include this header for the Solver
** layout and the inline domain readers that every propagator calls in its
** inner loops.  Arrays are flat and refer to each other by 32-bit ids
** (STYLE 2.6); none of them is reallocated while search levels are open.
*/
#ifndef PZ_ENGINE_H
#define PZ_ENGINE_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/clock.h"
#include "engine/dom.h"
#include "engine/prop.h"
#include "engine/search_state.h"
#include "engine/solver.h"
#include "engine/trail.h"
#include "base/vec.h"

/* Subscribers of one variable: ids[0..ndom) wake on any change,
** then nbnd on bounds or fixing, then nval on fixing only. */
typedef struct VarSubs {
  PropId  *ids;
  uint32_t ndom, nbnd, nval, cap;
} VarSubs;

/* A FIFO ring of propagator ids; each id is in it at most once. */
typedef struct PropQueue {
  PropId  *ring;
  uint32_t head, len, cap;
} PropQueue;

/* One slot of the constant cache (open addressing on the value). */
typedef struct ConstSlot {
  int32_t value;
  VarId   x;      /* PROP_NONE when the slot is empty */
} ConstSlot;


struct Solver {
  VEC(Dom) doms;                /* per variable */
  VEC(VarSubs) subs;            /* per variable */
  VEC(uint64_t) words;          /* bitsets of multi-word domains */
  VEC(uint64_t) word_stamps;    /* trail stamp of each word's last save */
  VEC(Prop) props;
  VEC(VarId) pvars;             /* variable slices of the propagators */
  VEC(int64_t) pconsts;         /* constant slices of the propagators */
  VEC(int32_t) vals;            /* scratch for holds(): max prop arity */
  PropQueue queues[PC_NCLASSES];
  Trail trail;
  Prop *running;                /* the propagator being executed, or NULL */
  bool self_woken;              /* running changed a variable it watches */
  bool failed;                  /* the model is infeasible at the root */
  bool deferred;                /* posts only schedule; solver_propagate runs them */
  bool separate_cases;          /* share no propagator between forall cases (explain) */
  bool checking;                /* confirm each solution before returning it */
  bool node_by_node;            /* no PropClass.solo: every node through the search */
  uint32_t origin;              /* stamped on new propagators */
  uint32_t detail;              /* recorded for new propagators: the Model's binding */
  VEC(uint32_t) prop_detail;    /* per propagator: the detail when it was made */
  SolverTraceFn trace;          /* called with each reason event, or NULL */
  void *trace_ctx;
  uint8_t cause;                /* ReasonKind of a change with no propagator behind it */
  uint32_t cause_origin;        /* its origin (a probe's failing constraint) */
  bool in_trial;                /* inside a probe's trial: nothing is reported */
  uint32_t failed_origin;       /* origin of the last propagator that failed */
  const char *failed_prop;      /* and its class */
  uint32_t failed_detail;       /* and its detail */
  uint32_t cause_detail;        /* the detail of cause_origin */
  VEC(ConstSlot) consts;        /* cache for solver_const; len == cap, power of 2 */
  size_t nconsts;               /* used slots */
  VEC(VarId) decision_vars;
  VEC(VarId) probe_vars;        /* with a branching order (solver_set_branch_vars): the
                                   puzzle's unknowns, which probing tries instead */
  VEC(VarId) shown_vars;        /* with project: solutions are told apart by these alone */
  bool project;                 /* solver_set_shown_vars was called */
  VEC(PropId) branchers;        /* propagators that choose decisions (prop_brancher) */
  VEC(PropId) ne_star;          /* per variable: its != group under the newest origin (neq.c) */
  VEC(PropId) positions;        /* cell_of propagators, one per array and origin (position.c) */
  bool fuse_neq;                /* != and small distinct groups join one graph (neq_graph.c) */
  struct NeqGraph *neq_graph;   /* that graph, or NULL */
  PropId neq_graph_prop;        /* its propagator */
  VEC(uint32_t) degree_extra;   /* per variable: degree a shared propagator stands for */
  bool keep_memo;               /* others are built like it: keep what they copy (below) */
  struct LinsysMemo *linsys_memo;          /* the equations linsys derived here (linsys.c) */
  void (*free_linsys_memo)(struct LinsysMemo *);  /* set by its maker: solver.c calls no prop */
  const struct LinsysMemo *linsys_like;    /* another space's, read instead of deriving */
  struct TilingMemo *tiling_memo;          /* the tilings' first lists here (tiling.c) */
  void (*free_tiling_memo)(struct TilingMemo *);  /* set by its maker, as free_linsys_memo */
  const struct TilingMemo *tiling_like;    /* another space's, copied instead of built */
  const VarId *blame;           /* set with PS_FAIL: the variables to blame, not the prop's */
  uint32_t nblame;
  VarId blame_one;
  VEC(VarId) group_vars;        /* the all-different groups' variables, one after another */
  VEC(uint32_t) group_start;    /* group g is group_vars[group_start[g] .. group_start[g + 1]) */
  Search search;
  SolverStats stats;
  SolverLimits limits;
  SolverClock clock;
  SolverBroken broken;          /* what the check found false (SEARCH_BROKEN) */
};


/*
** Count one unit of work; true when the time limit has passed.  Inline
** and nearly free: a decrement and a branch, the clock read now and then.
*/
static inline bool solver_tick(Solver *s)
{
  if (--s->clock.countdown != 0)
    return false;
  return clock_read(&s->clock, &s->limits);
}

/*
** Leave any search in progress so the model can change: posting and
** creating variables happen at the root, with no trail levels open.
*/
void solver_begin_edit(Solver *s);

/* Replay one step of a Model into s (from_model.c; trial.c too). */
struct Model;
struct ModelStep;
void solver_replay_step(Solver *s, const struct Model *m, const struct ModelStep *st);

/* --- domain readers (inline: they are every propagator's inner loop) --- */

static inline const Dom *dom_get(const Solver *s, VarId x)
{
  assert(x < s->doms.len);
  return &s->doms.data[x];
}

static inline int32_t dom_min(const Solver *s, VarId x)
{
  return dom_get(s, x)->lo;
}

static inline int32_t dom_max(const Solver *s, VarId x)
{
  return dom_get(s, x)->hi;
}

static inline bool dom_is_fixed(const Solver *s, VarId x)
{
  const Dom *d = dom_get(s, x);
  return d->lo == d->hi;
}

static inline int32_t dom_value(const Solver *s, VarId x)
{
  assert(dom_is_fixed(s, x));
  return dom_get(s, x)->lo;
}

static inline bool dom_is_bitset(const Solver *s, VarId x)
{
  return dom_get(s, x)->nwords != 0;
}

static inline uint64_t dom_size(const Solver *s, VarId x)
{
  const Dom *d = dom_get(s, x);
  return d->nwords ? d->size : (uint64_t)((int64_t)d->hi - d->lo) + 1;
}

/* Word i of a bitset domain. */
static inline uint64_t dom_word(const Solver *s, const Dom *d, uint32_t i)
{
  return d->nwords == 1 ? d->bits : s->words.data[d->first_word + i];
}

static inline bool dom_contains(const Solver *s, VarId x, int64_t v)
{
  const Dom *d = dom_get(s, x);
  if (v < d->lo || v > d->hi)
    return false;
  if (d->nwords == 0)
    return true;
  uint32_t off = (uint32_t)(v - d->base);
  return (dom_word(s, d, off >> 6) >> (off & 63)) & 1;
}

/* The smallest value of x above v; requires v < dom_max(x). */
static inline int32_t dom_next(const Solver *s, VarId x, int32_t v)
{
  const Dom *d = dom_get(s, x);
  assert(v < d->hi);
  if (v < d->lo)
    return d->lo;
  if (d->nwords == 0)
    return v + 1;
  uint32_t off = (uint32_t)((int64_t)v - d->base) + 1;
  if (d->nwords == 1)
    return d->base + (int32_t)(off + (uint32_t)__builtin_ctzll(d->bits >> off));
  uint32_t i = off >> 6;
  uint64_t w = s->words.data[d->first_word + i] >> (off & 63);
  if (w)
    return d->base + (int32_t)(off + (uint32_t)__builtin_ctzll(w));
  for (i++;; i++) {
    w = s->words.data[d->first_word + i];
    if (w)
      return d->base + (int32_t)(i * 64 + (uint32_t)__builtin_ctzll(w));
  }
}

/*
** Whether v is certainly not in x: outside its bounds, or a clear bit of a
** one-word domain (wider domains answer false and dom_remove_present looks).
** The cheap test in front of both removals, dom_remove and prop_remove.
*/
static inline bool dom_lacks(const Solver *s, VarId x, int64_t v)
{
  const Dom *d = dom_get(s, x);
  return v < d->lo || v > d->hi || (d->nwords == 1 && !(d->bits >> (v - d->base) & 1));
}

/* The one-word bitset of x, for domains with nwords == 1. */
static inline uint64_t dom_bits(const Solver *s, VarId x)
{
  assert(dom_get(s, x)->nwords == 1);
  return dom_get(s, x)->bits;
}

/* w shifted left by k bits (right when k < 0); 0 when |k| >= 64. */
static inline uint64_t word_shift(uint64_t w, int64_t k)
{
  if (k >= 64 || k <= -64)
    return 0;
  return k >= 0 ? w << k : w >> -k;
}

/* --- propagator readers --- */

static inline const VarId *prop_vars(const Solver *s, const Prop *p)
{
  return &s->pvars.data[p->first_var];
}

static inline const int64_t *prop_consts(const Solver *s, const Prop *p)
{
  return &s->pconsts.data[p->first_const];
}

static inline PropId prop_id(const Solver *s, const Prop *p)
{
  return (PropId)(p - s->props.data);
}

/* Floor and ceiling of a / b for b != 0 (C's / truncates). */
/*
** Bits set in w.  Without the popcnt instruction (the x86-64 baseline)
** GCC calls a library routine; this branch-free version is inline.
*/
static inline uint32_t bit_count(uint64_t w)
{
#ifdef __POPCNT__
  return (uint32_t)__builtin_popcountll(w);
#else
  w -= (w >> 1) & 0x5555555555555555ull;
  w = (w & 0x3333333333333333ull) + ((w >> 2) & 0x3333333333333333ull);
  w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (uint32_t)((w * 0x0101010101010101ull) >> 56);
#endif
}

static inline int64_t div_floor(int64_t a, int64_t b)
{
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static inline int64_t div_ceil(int64_t a, int64_t b)
{
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

#endif
