/*
** search_state.h -- the state of one search, kept inside the Solver.
**
** Types only: the Solver (engine.h) holds a Search, and the search loop
** (search/search.c) works on it; the path of decisions, the variable
** order and the conflict weights that the fixpoint adds to.
*/
#ifndef PZ_ENGINE_SEARCH_STATE_H
#define PZ_ENGINE_SEARCH_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/types.h"
#include "base/vec.h"

/* One applied decision: x = v (eq) or x != v. */
typedef struct SearchStep {
  VarId   x;
  int32_t v;
  bool    eq;
  bool    closed;   /* its other branch is not this search's: given away
                       to another worker, or outside the cube searched */
} SearchStep;

typedef enum {
  SS_IDLE,      /* not started (or reset): the next call starts afresh */
  SS_RUNNING,   /* inside the tree: the next call continues from here */
  SS_SOLUTION,  /* a solution is loaded: the next call first leaves it */
  SS_DONE,      /* exhausted */
  SS_BROKEN,    /* checking found a solution false: stopped for good */
} SearchState;

/*
** Models with at least this many variables choose the next one with a
** tournament tree over `order` instead of a scan of all of them: the
** scan is quadratic over a whole search (200,000 unknowns took minutes),
** the tree costs a logarithm per domain change, and below this size the
** scan is as fast.
*/
#define SEARCH_TREE_MIN 1024

struct Solver;

/*
** Nogoods learned at restarts (search/nogood.c): each is a set of
** decisions x = v that no solution satisfies all at once.  Nogood c is
** lits[start[c] .. start[c + 1]), its two watched literals first; the
** watches of a literal are a list through next (watch 2c + w is literal
** w of nogood c), its head in the hash table `watches`.
*/
typedef struct NogoodLit {
  VarId   x;
  int32_t v;
} NogoodLit;

typedef struct NogoodSlot {
  VarId    x;             /* UINT32_MAX: an empty slot */
  int32_t  v;
  uint32_t head;          /* the literal's first watch, or UINT32_MAX */
} NogoodSlot;

typedef struct Nogoods {
  VEC(NogoodLit) lits;
  VEC(uint32_t) start;    /* one entry more than there are nogoods */
  VEC(NogoodSlot) watches;/* open addressing on (x, v); len == cap, a power of 2 */
  VEC(uint32_t) nwatch;   /* per variable: watches on its literals */
  VEC(VarId) wvars;       /* the variables watched since the last root pass */
  VEC(uint8_t) listed;    /* per variable: in wvars */
  VEC(uint32_t) next;     /* per watch: the next watch of the same variable */
  VEC(uint64_t) seen;     /* per variable: the trail stamp its fixing was handled at */
  uint64_t learned;       /* nogoods recorded in this search */
  uint64_t pruned;        /* values they removed */
} Nogoods;

/* What search_solo_split takes away (search/search.h). */
typedef enum { SOLO_WHOLE, SOLO_HALF, SOLO_PIECE } SoloSplit;

typedef struct Search {
  /* Called by the fixpoint when conflict weights of x[0..n) changed while
     a tournament tree is built (leaves != 0): the search places them anew.
     Set by the search with the tree, so the engine names nothing of it. */
  void (*weights_changed)(struct Solver *s, const VarId *x, uint32_t n);
  SearchState state;
  bool must_backtrack;    /* the current node failed or was a solution */
  VEC(SearchStep) path;   /* one step per open trail level */
  VEC(VarId) order;       /* by tier: shown decision variables, other shown
                             variables, other decision variables, the rest */
  VEC(uint32_t) degree;   /* per variable: propagators on it, at start */
  VEC(uint32_t) weight;   /* per variable: failures of its propagators (wdeg) */
  const uint32_t *weight_seed;  /* the next search starts from these weights, not 0,
                                   once (search_seed_weights; nvars, not owned) */
  VEC(uint32_t) groups;   /* the all-different groups the value view asks (search.c) */
  bool groups_known;      /* groups is made for this search */
  bool wdeg;              /* dom/wdeg: the weights count in the ratio, not only
                             on ties (solver_set_branch_vars) */
  size_t ndecision;       /* order[0..ndecision) are the decision (and shown) vars */
  /* Projection (solver_set_shown_vars): order[0..nshown) are the shown
     variables, the shown decision variables first (order[0..nshown_decision)).
     While some is open only they are decided; once all are fixed at path
     length complete_from, the search is completing: it wants one solution
     of the rest, and after it (answered) goes straight back to complete_from. */
  size_t nshown_decision, nshown;
  bool completing, answered;
  size_t complete_from;
  /* The tournament tree (select_by_tree), used from tree_min variables. */
  uint32_t tree_min;      /* SEARCH_TREE_MIN; tests lower it */
  uint32_t leaves;        /* power of two >= order.len; 0: not built */
  VEC(uint32_t) tree;     /* tree[1] is the best position of order; leaves at tree[leaves + k] */
  VEC(uint32_t) pos;      /* per variable: its position in order */
  VEC(VarId) stale;       /* variables whose place in the tree may be out of date */
  VEC(uint8_t) is_stale;  /* per variable: listed in stale */
  size_t synced;          /* trail entries whose variables the tree has seen */
  /* A propagator finishing its part alone (PropClass.solo), below the
     last step of path: solo_first until its first call */
  bool solo_on, solo_first;
  uint32_t solo;          /* its PropId */
  /* Restarts before the first solution (search_set_restarts): the next
     one when failures reach restart_at; after the first, ties in the
     variable order and the values are drawn from rng */
  bool restarts;
  bool found;             /* a solution was found: no more restarts */
  uint32_t nrestarts;     /* restarts so far in this search */
  uint32_t run_depth;     /* the deepest path of this run */
  uint64_t run_start;     /* failures when this run began */
  uint64_t restart_at;
  uint32_t restart_failures; /* failures before the first restart: 100; tests lower it */
  uint64_t seed, rng;
  bool learning;          /* restarts record nogoods (search_set_learning) */
  Nogoods nogoods;
  /* Branch and bound (solver_set_goal): after each solution the goal
     variable must do better, goal_sign * goal <= bound at every node
     (strictly better than the last, or as good with goal_ties) */
  bool has_goal, goal_ties, bounded;
  VarId goal;
  int64_t goal_sign;      /* 1 minimize, -1 maximize */
  int64_t bound;
  VEC(int8_t) goal_gain;  /* per variable: 1 if the goal's sum grows with it, -1 if it
                             shrinks, 0 neither (MS_GOAL's terms); the value order
                             tries first the end that makes the goal better */
  /* Parallel search (search/parallel.c): on_decide is called before each
     decision, on_solo before a propagator finishes alone at the root;
     true stops the search as a limit does.  A propagator finishing alone
     at the root (PropClass.solo) calls on_solo_node between two of its
     nodes, every solo_node_mask + 1 of them (true stops it as a limit
     does; meanwhile search_solo_split may take part of its work away);
     given solo_cube (solo_cube_len words, made by PropClass.solo_split
     in a space built alike), it searches only that part of its own
     search.  It leaves in solo_print a fingerprint of where it started,
     the same in every space built alike */
  bool (*on_decide)(struct Solver *s, void *ctx, VarId x, int32_t v);
  bool (*on_solo)(struct Solver *s, void *ctx);
  bool (*on_solo_node)(struct Solver *s, void *ctx);
  void *on_decide_ctx;
  uint32_t solo_node_mask;
  const uint32_t *solo_cube;
  size_t solo_cube_len;
  uint64_t solo_print;
  /* Set by a propagator finishing alone that can share its search (see
     search_solo_split, with how one of SoloSplit), at its first call:
     solo_room words hold a cube */
  size_t (*solo_split)(struct Solver *s, void *ctx, uint32_t *out, int how);
  void *solo_split_ctx;
  size_t solo_room;
} Search;

/* An idle search with empty buffers; search_free releases them. */
void search_init(Search *q);
void search_free(Search *q);

#endif
