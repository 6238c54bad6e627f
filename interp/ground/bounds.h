/*
** bounds.h -- what the grounder knows of its unknowns' values, worked out
** from the Model alone (it never reads a solver).
**
** Grounding simplifies with what earlier clues settled: a product of
** known size needs a helper of that size, |x| of an x >= 0 is x, x / y
** needs no y = 0 case once y != 0 holds.  So each Model variable keeps
** its domain as the grounder sees it: bounds, and a set of values when
** it spans at most 64 (or its listed values).  At the points where the
** Model propagates (MS_PROPAGATE, the end of MS_DEFER) the grounder runs
** cheap reasoning over the constraints posted so far to a fixpoint:
** linear sums (bounds), unary facts, clauses, tables, all-different of
** fixed values, element and cell_of.  The reasoning is sound, so a value
** ruled out here is ruled out in every solution; it may rule out less
** than the engine's propagation, never more.
*/
#ifndef PZ_GROUND_BOUNDS_H
#define PZ_GROUND_BOUNDS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/vec.h"
#include "model/model.h"

typedef struct VarBounds {
  int32_t lo, hi;
  int32_t base;        /* bits: value base + i is bit i */
  uint32_t list;       /* no bits, listed values: 1 + their place in Bounds.listed */
  uint32_t nlist;
  bool has_bits;
  uint64_t bits;
} VarBounds;

/* Step `step` watches a variable: on every change, or (on_fix) once it is known. */
typedef struct BoundsWatch { uint32_t step, next; bool on_fix; } BoundsWatch;
typedef struct BoundsConst { int32_t value; uint32_t x; } BoundsConst;

typedef struct Bounds {
  VEC(VarBounds) var;           /* per ModelVar */
  VEC(int32_t) listed;          /* the listed values of wide variables, sorted, each once */
  VEC(uint32_t) head;           /* per ModelVar: 1 + its first watch, 0: none */
  VEC(BoundsWatch) watch;
  VEC(uint8_t) queued;          /* per step */
  VEC(uint32_t) queue;
  VEC(BoundsConst) consts;      /* constants made, hashed by value */
  size_t nconsts;
  size_t done;                  /* steps looked at by the last fixpoint */
  size_t upto;                  /* steps up to the last propagation point (bounds_mark) */
  uint32_t current;             /* the step being revised (not woken by its own changes) */
  bool failed;                  /* the constraints so far cannot all hold */
  bool narrowed;                /* a fixpoint narrowed a domain */
  uint64_t work;                /* revisions spent (bounded: see bounds.c) */
} Bounds;

void bounds_free(Bounds *b);

/* A new variable's domain, as its Model step says (call after the step). */
void bounds_new_var(Bounds *b, const Model *m, ModelVar x);
/* The variable holding constant v made before, or UINT32_MAX. */
uint32_t bounds_const_find(const Bounds *b, int32_t v);
void bounds_const_add(Bounds *b, int32_t v, ModelVar x);
/*
** The Model propagates here: what is known from now on is the fixpoint of
** the constraints posted so far.  The reasoning itself waits until a
** domain is read (bounds_settle), so a grounding that never asks pays
** nothing, and the answer is the same as reasoning at once.
*/
void bounds_mark(Bounds *b, const Model *m);
/* Reason over the constraints up to the last mark, to a fixpoint; whether anything narrowed. */
void bounds_settle(Bounds *b, const Model *m);

static inline int32_t bounds_min(const Bounds *b, ModelVar x) { return b->var.data[x].lo; }
static inline int32_t bounds_max(const Bounds *b, ModelVar x) { return b->var.data[x].hi; }
static inline bool bounds_fixed(const Bounds *b, ModelVar x)
{
  return b->var.data[x].lo == b->var.data[x].hi;
}
bool bounds_contains(const Bounds *b, ModelVar x, int64_t v);
/* The smallest value of x above v (v < its max). */
int32_t bounds_next(const Bounds *b, ModelVar x, int32_t v);
/* How many values x has. */
uint64_t bounds_size(const Bounds *b, ModelVar x);

#endif
