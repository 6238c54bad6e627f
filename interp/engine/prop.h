/*
** prop.h -- propagator instances, subscriptions and the fixpoint.
**
** A propagator is an instance of a PropClass (the vocabulary of Gecode and
** MiniCP): it reads its variables, prunes their domains, and reports a
** PropStatus.  Instances live in Solver.props and refer to their
** variables and constants by slices of Solver.pvars and Solver.pconsts.
** Each variable keeps its subscribers grouped by the weakest event that
** wakes them, so an event wakes one prefix of the list.
**
** The fixpoint is MiniCP's queue (a `queued` flag, no duplicates) with
** one FIFO per cost class: cheap propagators run before expensive ones,
** as Gecode orders by PropCost.  Nothing here allocates during search.
*/
#ifndef PZ_PROP_H
#define PZ_PROP_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/dom.h"

typedef enum {
  PS_FAIL = -1,  /* a domain would become empty: the solver backtracks */
  PS_OK   =  0,  /* pruned; not known to be at its own fixpoint */
  PS_FIX  =  1,  /* at its fixpoint until one of its variables changes */
  PS_DONE =  2,  /* entailed on this branch: not woken until backtrack */
  PS_LIMIT =  3, /* prop_fixpoint only: the time limit passed; the queue is kept */
} PropStatus;

/* Queue classes, cheapest first. */
typedef enum { PC_CHEAP, PC_EXPENSIVE, PC_NCLASSES } PropCost;

typedef struct PropClass {
  const char *name;                       /* "distinct"; shown by explain */
  PropStatus (*propagate)(Solver *s, Prop *p);
  /* Does the constraint hold for vals[i] = value of the i-th variable? */
  bool (*holds)(const Solver *s, const Prop *p, const int32_t *vals);
  /*
  ** Optional: a propagator that knows the puzzle's structure better than
  ** domain sizes (the exact cover's cells and pieces) picks the next
  ** decision x = v itself; false when it has nothing left to decide.
  ** Registered with prop_brancher; asked before the usual choice.
  */
  bool (*branch)(const Solver *s, const Prop *p, VarId *x, int32_t *v);
  /*
  ** Optional, for propagators over many variables that only want to look
  ** at the ones that changed (Gecode's advisors): told of each change of
  ** one of its variables that another propagator, the search or the front
  ** end made, even while queued.  Set Prop.advised to have it called.
  */
  void (*advise)(Solver *s, Prop *p, VarId x);
  /*
  ** Optional, for a brancher: when every variable outside its own is
  ** fixed and no other propagator has an open variable, finish the search
  ** of its part alone, faster than node by node (the exact cover with
  ** bitboards).  Each call loads the next completion into its variables
  ** (PS_FIX; the search has pushed a level for it), or says there is none
  ** left (PS_FAIL), or that the node or time budget ran out (PS_LIMIT;
  ** the next call goes on from there).  `first` starts afresh.
  */
  PropStatus (*solo)(Solver *s, Prop *p, bool first);
} PropClass;

struct Prop {
  const PropClass *cls;
  uint32_t origin;             /* solver_set_origin at post time */
  uint32_t first_var, nvars;   /* slice of Solver.pvars */
  uint32_t first_const, nconsts; /* slice of Solver.pconsts */
  void    *aux;                /* class scratch, allocated at post, freed with the solver */
  uint32_t state;              /* class counter; write with prop_set_state (trailed) */
  uint32_t degree;             /* constraints it stands for, for dom/deg (usually 1) */
  uint8_t  cost;               /* PropCost */
  uint8_t  queued;             /* in a queue, or running */
  uint8_t  done;               /* entailed on this branch (trailed) */
  uint8_t  advised;            /* its class's advise wants every change */
};

#define PROP_NONE UINT32_MAX

/* Return PS_FAIL from the calling propagator when e reports a wipe-out. */
#define PROP_TRY(e)                                                         \
  do {                                                                      \
    if ((e) == EV_FAIL)                                                     \
      return PS_FAIL;                                                       \
  } while (0)

/*
** Add a propagator of class cls over vars[0..nvars) and consts[0..nconsts)
** (both copied) under the current origin.  The result is valid until the
** next prop_new; it is not yet subscribed nor scheduled.  Setup only.
*/
Prop *prop_new(Solver *s, const PropClass *cls, PropCost cost, size_t nvars,
               const VarId *vars, size_t nconsts, const int64_t *consts);
/* Wake p whenever x suffers an event at least as strong as ev (EV_DOM..EV_VAL). */
void prop_subscribe(Solver *s, const Prop *p, VarId x, Event ev);
/* Subscribe p to all its variables with event ev. */
void prop_subscribe_all(Solver *s, const Prop *p, Event ev);
/*
** Schedule the new propagator p and run the root fixpoint; a failure
** marks the solver failed.  Call last in a post_* function.
*/
void prop_post(Solver *s, Prop *p);

/* Ask p (whose class has branch) for decisions before the usual choice. */
void prop_brancher(Solver *s, const Prop *p);

/* Schedule propagator id unless it is queued, running or entailed. */
void prop_schedule(Solver *s, PropId id);
/* Wake the subscribers of x for event ev caused by why, then trace it. */
void prop_notify(Solver *s, VarId x, Event ev, const Prop *why);
/*
** Run queued propagators until none is left (PS_FIX) or one fails
** (PS_FAIL, with the queues emptied).  Counts propagations and failures.
** When the time limit passes it stops with PS_LIMIT and leaves the rest
** queued, so the domains are pruned soundly but not to the fixpoint: the
** caller must report the limit, never a solution or a failure.
*/
PropStatus prop_fixpoint(Solver *s);
/* Empty every queue, clearing the flags (after a failure or a stopped trial). */
void prop_queues_clear(Solver *s);
/*
** Add one to the conflict weight of x[0..n) (dom/wdeg).  The fixpoint
** does it for the variables of a propagator that fails; a propagator
** over many constraints (linsys.c) calls it for the one that failed and
** keeps its own variable slice empty.
*/
void prop_blame(Solver *s, const VarId *x, uint32_t n);
/* Set p->state reversibly. */
void prop_set_state(Solver *s, Prop *p, uint32_t state);
/*
** Does every propagator's constraint hold on the current domains, all of
** whose variables must be fixed?  The oracle behind solver_holds.
*/
bool prop_all_hold(Solver *s);
/*
** The first propagator whose constraint is false on the current values,
** or PROP_NONE when all hold; every variable must be fixed.
*/
PropId prop_first_false(Solver *s);

#endif
