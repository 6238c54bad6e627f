/*
** dom.h -- finite integer domains and the events their changes cause.
**
** A domain is [lo, hi] plus, when its initial width is at most
** SOLVER_BITSET_WIDTH, a bitset of the values relative to a fixed base.
** One word (64 values or fewer) lives inside the Dom itself, so the common
** case touches one cache line; wider bitsets live in Solver.words.  Wider
** domains keep only bounds: removing an inner value is a no-op, which is
** sound because every propagator re-checks its constraint once its
** variables are fixed.
**
** Every write goes through the trail and then wakes the subscribers and
** the trace hook.  A domain never becomes empty: an operation that would
** empty it changes nothing and returns EV_FAIL.  Propagators read domains
** through the inline accessors in engine.h and never write Dom fields.
*/
#ifndef PZ_DOM_H
#define PZ_DOM_H

#include <stdint.h>

#include "engine/solver.h"

typedef struct Prop Prop;

/* Strength of a change, weakest first: a stronger event implies weaker ones. */
typedef enum {
  EV_FAIL = -1,  /* the operation would empty the domain; nothing changed */
  EV_NONE = 0,   /* nothing changed */
  EV_DOM  = 1,   /* an inner value went */
  EV_BND  = 2,   /* lo or hi moved */
  EV_VAL  = 3,   /* the domain is now a single value */
} Event;

/*
** The first 24 bytes are the mutable part, saved by one trail entry per
** level (base rides along because it fills the gap; it never changes).
*/
typedef struct Dom {
  int32_t  lo, hi;     /* current bounds; lo <= hi always */
  uint32_t size;       /* number of values; unused (0) for bounds-only */
  int32_t  base;       /* value of bit 0 of the bitset */
  uint64_t bits;       /* the bitset when nwords == 1 */
  uint32_t nwords;     /* bitset words; 0 = bounds only */
  uint32_t first_word; /* first word in Solver.words when nwords > 1 */
  uint64_t stamp;      /* trail stamp of the last save of the mutable part */
} Dom;

/*
** Create a variable with domain lo..hi (lo <= hi), or with the given
** values (n >= 1).  Setup only: may grow the solver's arrays.  Values of a
** bounds-only domain outside the list are excluded by a member propagator
** posted by the caller (solver.c), not here.
*/
VarId dom_new_range(Solver *s, int32_t lo, int32_t hi);
VarId dom_new_values(Solver *s, const int32_t *values, size_t n);

/*
** The operations below change x's domain and blame propagator why (NULL
** for a search decision or the front end).  Each returns the event caused
** (EV_NONE if nothing changed) or EV_FAIL if the domain would become
** empty, in which case nothing changed.  Bounds are int64_t so callers can
** pass unclamped arithmetic; values outside int32_t behave as expected.
*/
Event dom_remove(Solver *s, VarId x, int64_t v, const Prop *why);
/* dom_remove once v is known to be in x (prop_remove in props.h tests that inline). */
Event dom_remove_present(Solver *s, VarId x, int64_t v, const Prop *why);
Event dom_set_min(Solver *s, VarId x, int64_t v, const Prop *why);
Event dom_set_max(Solver *s, VarId x, int64_t v, const Prop *why);
Event dom_fix(Solver *s, VarId x, int64_t v, const Prop *why);
/*
** Keep only the values of x whose bit is set in mask, for a one-word
** domain (nwords == 1); bit i stands for base + i.  The fast path of
** domain-consistent binary propagators.
*/
Event dom_keep_word(Solver *s, VarId x, uint64_t mask, const Prop *why);
/*
** A bitset domain as `words` words of value indices: bit j of out stands
** for value vmin + j (values outside vmin .. vmin + 64 * words - 1 are
** left out).  And its inverse: keep only the values of x whose index bit
** is set in keep (values outside the window go too); word by word when
** the window starts at the domain's own base, value by value otherwise.
*/
void dom_read_mask(const Solver *s, VarId x, int64_t vmin, uint32_t words,
                   uint64_t *out);
Event dom_keep_mask(Solver *s, VarId x, int64_t vmin, uint32_t words,
                    const uint64_t *keep, const Prop *why);

#endif
