/*
** props.h -- what the propagator files share with each other and with
** solver.c: the linear kernels (reused by linear_reif), the normal form
** of a linear expression, and internal posting helpers.  Not part of
** the front end's interface.
*/
#ifndef PZ_PROPS_H
#define PZ_PROPS_H

#include "engine/engine.h"

/*
** dom_remove for the propagators: most of their calls find v gone already
** (a distinct removing a fixed value from its group), so that test is
** inline here.  It lives here, not in engine.h, so that the engine core
** (dom.c and its callers) never calls back down into dom.c through a header.
*/
static inline Event prop_remove(Solver *s, VarId x, int64_t v, const Prop *why)
{
  return dom_lacks(s, x, v) ? EV_NONE : dom_remove_present(s, x, v, why);
}

/* The greatest common divisor of |a| and |b| (0 when both are 0): the
** linear kernel's normal forms and linsys's exact fractions. */
static inline int64_t gcd64(int64_t a, int64_t b)
{
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/*
** Preconditions of solver.h's post functions, kept by the grounder:
**   post_div, post_mod   the divisor's domain holds no 0: division by zero
**                        makes the enclosing condition false, and the
**                        grounder decides that before posting.  Broken, it
**                        costs only strength: y = 0 counts as false and is
**                        removed (sound, never an abort; test_props.c
**                        posts such divisors on purpose);
**   post_clause          the literals' variables are 0/1 (the clause
**                        narrows them to 0..1 for good);
**   post_linear_reif     b is a 0/1 variable.
*/

/* What normalising a linear constraint found out. */
typedef enum {
  LIN_OPEN,   /* depends on the remaining terms */
  LIN_TRUE,   /* holds whatever the variables are */
  LIN_FALSE,  /* cannot hold */
} LinTruth;

/*
** A linear constraint  sum a[i]*x[i]  REL  rhs  with distinct unfixed
** variables, nonzero coefficients and gcd(|a|) = 1.
*/
#define LIN_FORM_ROOM 4
typedef struct LinForm {
  size_t   n;
  VarId   *x;     /* owned (or x_room); free with lin_form_free */
  int64_t *a;     /* owned (or a_room) */
  int64_t  rhs;
  VarId    x_room[LIN_FORM_ROOM];   /* a short form needs no malloc: posting */
  int64_t  a_room[LIN_FORM_ROOM];   /* 1000 queens makes a million of them */
} LinForm;

/*
** Bring a posted linear constraint to its LinForm: merge repeated
** variables, drop zero coefficients, move fixed variables into the right
** side and divide by the gcd (rounding rhs down for LE).  When the result
** is LIN_TRUE or LIN_FALSE, f->n may be nonzero but should be ignored.
** Root only, since fixed values are folded in for good.
*/
LinTruth lin_normalize(const Solver *s, size_t n, const int32_t *coef,
                       const VarId *x, LinRel rel, int64_t rhs, LinForm *f);
void lin_form_free(LinForm *f);

/* Bounds of sum a[i]*x[i] over the current domains. */
void lin_bounds(const Solver *s, uint32_t n, const VarId *x,
                const int64_t *a, int64_t *smin, int64_t *smax);
/*
** Kernels: prune x for  sum a[i]*x[i] = c,  sign * sum a[i]*x[i] <= c,
** and  sum a[i]*x[i] != c,  blaming p.  Each returns the status that p's
** propagate should return (lin_eq iterates to its own fixpoint).
*/
PropStatus lin_eq(Solver *s, const Prop *p, uint32_t n, const VarId *x,
                  const int64_t *a, int64_t c);
PropStatus lin_le(Solver *s, const Prop *p, uint32_t n, const VarId *x,
                  const int64_t *a, int64_t sign, int64_t c);
PropStatus lin_ne(Solver *s, const Prop *p, uint32_t n, const VarId *x,
                  const int64_t *a, int64_t c);

/* Unary relations of lin1 (x REL k); LIN_EQ, LIN_NE, LIN_LE, then: */
#define LIN_GE 3

/* Post  x REL k  (REL one of LIN_EQ, LIN_NE, LIN_LE, LIN_GE) as a propagator. */
void lin1_post(Solver *s, VarId x, int rel, int64_t k);
/* Post  x != y + c. */
void ne2_post(Solver *s, VarId x, VarId y, int64_t c);
/*
** With Solver.fuse_neq, x != y + c and the value elimination of distinct
** groups over bitset domains are edges of one graph (neq_graph.c).
*/
typedef struct NeqGraph NeqGraph;
void neq_graph_add(Solver *s, VarId x, VarId y, int64_t c);
/* A distinct group over one-word domains from vmin: its edges and its GAC. */
void neq_graph_clique(Solver *s, size_t n, const VarId *x, int32_t vmin);
void neq_graph_free(NeqGraph *g);
/*
** distinct's GAC on one machine word (distinct.c's dgacw), over masks the
** caller holds: value vmin + j is bit j; the matching is kept between
** calls as a hint.  gacw_filter narrows dom[0 .. n) in place and says
** false when the group has no matching; the caller has already removed
** the fixed values from the other domains.
*/
typedef struct GacWord {
  int32_t vmin;         /* value of bit 0 */
  uint64_t matched;     /* the values matched to some var */
  int8_t var_match[64]; /* per var: matched value bit, or -1 */
  int8_t val_match[64]; /* per value bit: matched var, or -1 */
} GacWord;
void gacw_init(GacWord *g, int32_t vmin);
bool gacw_filter(GacWord *g, uint32_t n, uint64_t *dom);
/*
** distinct(x) by value elimination and Hall intervals alone (bounds
** consistency, distinct.c's dbnd), which post_distinct adds for spans
** over 256 values; for the propagator tests.
*/
void post_distinct_bounds(Solver *s, size_t n, const VarId *x);
/*
** Unit sums  x[0] + ... + x[n-1] = c  (or all coefficients -1) of 3 to
** SUM_DC_MAX one-word variables get sum_dc, which is domain consistent
** while the sum's span is under 64 (sum_dc.c).
*/
#define SUM_DC_MAX 16
bool sum_dc_fits(const Solver *s, const LinForm *f);
void sum_dc_post(Solver *s, const LinForm *f);
/* Is p a sum_dc?  Its consts are then 1, ..., 1, c. */
bool sum_dc_is(const Prop *p);
/*
** A sum_dc whose terms all lie in one distinct of min_vars or more
** variables learns that they differ: two open terms lose half their
** total (sum_dc.c).  Root only, not deferred, without a trace (the
** pruning follows from two clues, and the reason log names one).
** from_model.c calls it once the Model is loaded, with LINSYS_MIN_VARS,
** for linsys's reason: magic_square3's first square would change in the
** README and pz.1, for a search of a few dozen nodes.
*/
void sum_dc_mark_distinct(Solver *s, uint32_t min_vars);
/* Is p a distinct's value elimination (dval)?  Its variables are the group. */
bool dval_is(const Prop *p);
/*
** Sums (sum_dc) that share variables are grouped; for each group over
** min_vars or more variables, the equations of up to four terms that
** follow from its sums get one propagator (linsys.c).  Root only, not
** deferred, without a trace (else it does nothing).  from_model.c calls
** it once the Model is loaded, with LINSYS_MIN_VARS: under 12 variables
** (magic_square3) the search takes a few dozen nodes anyway, and the
** equations would only change which answer comes first.
*/
#define LINSYS_MIN_VARS 12
/*
** Equations of the Model that are another one plus one term fix that
** term; two over the same terms with different totals fail the space
** (same_sums.c).  Root only, not deferred, without a trace.  from_model.c
** calls it once the Model is loaded.
*/
struct Model;
void same_sums_post(Solver *s, const struct Model *m);
void linsys_post(Solver *s, uint32_t min_vars);
/*
** What linsys_post derived in a space, group by group (s->linsys_memo):
** a space built from the same Model with s->linsys_like set to it copies
** a group's equations instead of deriving them again (the parallel
** workers' spaces, interp/search/parallel.c).  Read only once made, so
** several threads may read one memo at once.
*/
void linsys_memo_free(struct LinsysMemo *m);
/*
** A tiling's lists as its space first built them (s->tiling_memo): a
** space built from the same Model with s->tiling_like set to it copies
** them when it starts its enumeration from the same root, instead of
** building them again (tiling.c; the parallel workers' spaces).
*/
void tiling_memo_free(struct TilingMemo *m);
/*
** Binary tables over bitset domains of up to 4096 values each get pair,
** with a partner mask per value (pair.c).
*/
bool pair_fits(const Solver *s, VarId x, VarId y);
void pair_post(Solver *s, VarId x, VarId y, size_t npairs, const int32_t *pairs);
/* Post the member constraint x in values[0..n) for a bounds-only x. */
void member_post(Solver *s, VarId x, const int32_t *values, size_t n);

#endif
