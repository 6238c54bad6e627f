/*
** regular.c -- the word x[0] x[1] ... x[n-1] is accepted by an automaton.
**
** Pesant's layered graph (CP 2004): layer i holds the automaton's states,
** and an edge from state q in layer i to state r in layer i + 1 stands
** for a transition q --v--> r with v in x[i]'s domain.  A state is kept
** when it is reachable from the start in layer 0 (forward) and reaches
** an accepting state in layer n (backward); a value v of x[i] keeps its
** place when some kept edge of layer i carries it.  Every such edge lies
** on a path from the start to acceptance, that is on an accepted word
** within the domains, so the result is domain consistent, for
** nondeterministic automata too.
**
** Each call rebuilds both passes: O(n * transitions), small for the
** lines of a puzzle (a nonogram row of 15 cells with a clue [3, 1] has
** 7 states and 13 transitions).  A variable listed twice is pruned at
** each of its places (sound); the result is then not always at its own
** fixpoint (PS_OK, never PS_DONE: the next run sees what this one
** fixed).  Bounds-only domains
** take part through their bounds: every value between them counts as
** present, and they are narrowed to the smallest and largest supported
** values.  All memory is allocated at post; prunings blame the
** propagator, so the reason log names its origin.
*/
#include "engine/props/props.h"

#include <stdlib.h>
#include <string.h>

#include "base/sorted.h"

/* vars: x[0..n); no consts; aux: one Regular block; no state. */

typedef struct Regular {
  uint32_t n;          /* the word's length */
  uint32_t nstates;    /* states are 0 .. nstates - 1 */
  uint32_t start;
  uint32_t ntrans;
  uint32_t nvals;      /* distinct values the transitions carry */
  bool aliased;        /* a variable at two places */
  uint8_t *accept;     /* per state */
  uint32_t *from, *to; /* per transition */
  uint32_t *val;       /* per transition: its value's index in vals */
  int32_t *vals;       /* sorted */
  uint8_t *fwd, *bwd;  /* (n + 1) * nstates: reached from the start, reaching acceptance */
  uint8_t *in;         /* n * nvals: value k is in x[i]'s domain */
  uint8_t *sup;        /* n * nvals: value k of x[i] lies on an accepted word */
} Regular;

/* Index of value v in the sorted vals[0..n), or n when absent. */
static uint32_t value_index(const int32_t *vals, uint32_t n, int64_t v)
{
  uint32_t lo = lower_bound_i32(vals, n, v);
  return lo < n && vals[lo] == v ? lo : n;
}

/* Keep in x (at place i) only the values supported there. */
static Event keep_supported(Solver *s, VarId x, const Regular *t, const uint8_t *sup,
                            const Prop *p)
{
  Event ev = EV_NONE;
  if (!dom_is_bitset(s, x)) {
    uint32_t k0 = 0, k1 = t->nvals;
    while (k0 < t->nvals && !sup[k0])
      k0++;
    while (k1 > 0 && !sup[k1 - 1])
      k1--;
    if (k0 == t->nvals)
      return EV_FAIL;
    Event a = dom_set_min(s, x, t->vals[k0], p);
    if (a == EV_FAIL)
      return a;
    Event b = dom_set_max(s, x, t->vals[k1 - 1], p);
    return b == EV_FAIL ? b : a > b ? a : b;
  }
  for (int32_t v = dom_min(s, x);;) {
    int32_t hi = dom_max(s, x);
    int32_t next = v < hi ? dom_next(s, x, v) : v;
    uint32_t k = value_index(t->vals, t->nvals, v);
    if (k == t->nvals || !sup[k]) {
      Event e = prop_remove(s, x, v, p);
      if (e == EV_FAIL)
        return EV_FAIL;
      ev = e > ev ? e : ev;
    }
    if (v >= hi)
      break;
    v = next;
  }
  return ev;
}

static PropStatus regular_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  Regular *t = p->aux;
  uint32_t n = t->n, q = t->nstates;

  /* forward: the states reachable from the start through the domains */
  memset(t->fwd, 0, (size_t)(n + 1) * q);
  t->fwd[t->start] = 1;
  for (uint32_t i = 0; i < n; i++) {
    uint8_t *in = &t->in[(size_t)i * t->nvals];
    for (uint32_t k = 0; k < t->nvals; k++)
      in[k] = dom_contains(s, x[i], t->vals[k]);
    const uint8_t *f = &t->fwd[(size_t)i * q];
    uint8_t *g = &t->fwd[(size_t)(i + 1) * q];
    bool any = false;
    for (uint32_t j = 0; j < t->ntrans; j++)
      if (f[t->from[j]] && in[t->val[j]])
        g[t->to[j]] = 1, any = true;
    if (!any)
      return PS_FAIL;
  }

  /* backward: of those, the ones that still reach acceptance, and the
     values on the edges between them */
  memset(t->bwd, 0, (size_t)(n + 1) * q);
  memset(t->sup, 0, (size_t)n * t->nvals);
  bool any = false;
  for (uint32_t r = 0; r < q; r++) {
    t->bwd[(size_t)n * q + r] = t->fwd[(size_t)n * q + r] && t->accept[r];
    any |= t->bwd[(size_t)n * q + r];
  }
  if (!any)
    return PS_FAIL;
  for (uint32_t i = n; i-- > 0;) {
    const uint8_t *f = &t->fwd[(size_t)i * q], *in = &t->in[(size_t)i * t->nvals];
    const uint8_t *h = &t->bwd[(size_t)(i + 1) * q];
    uint8_t *b = &t->bwd[(size_t)i * q], *sup = &t->sup[(size_t)i * t->nvals];
    for (uint32_t j = 0; j < t->ntrans; j++)
      if (f[t->from[j]] && h[t->to[j]] && in[t->val[j]])
        b[t->from[j]] = 1, sup[t->val[j]] = 1;
  }
  assert(t->bwd[t->start]);   /* acceptance is reached, so from the start */

  bool all_fixed = true;
  for (uint32_t i = 0; i < n; i++) {
    PROP_TRY(keep_supported(s, x[i], t, &t->sup[(size_t)i * t->nvals], p));
    all_fixed &= dom_is_fixed(s, x[i]);
  }
  /* A variable at two places may have been fixed at one of them to a value
     the other place does not support, between its supported bounds when the
     domain is bounds-only: PS_OK runs the propagator again, which then sees it. */
  if (t->aliased)
    return PS_OK;
  return all_fixed ? PS_DONE : PS_FIX;   /* all fixed: the one word left is accepted */
}

/* Run the automaton on the word v[0..n). */
static bool regular_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  Regular *t = p->aux;
  uint32_t q = t->nstates;
  uint8_t *cur = t->bwd, *next = t->bwd + q;   /* scratch: propagate rebuilds it */
  memset(cur, 0, q);
  cur[t->start] = 1;
  for (uint32_t i = 0; i < t->n; i++) {
    uint32_t k = value_index(t->vals, t->nvals, v[i]);
    if (k == t->nvals)
      return false;
    memset(next, 0, q);
    bool any = false;
    for (uint32_t j = 0; j < t->ntrans; j++)
      if (cur[t->from[j]] && t->val[j] == k)
        next[t->to[j]] = 1, any = true;
    if (!any)
      return false;
    memcpy(cur, next, q);
  }
  for (uint32_t r = 0; r < q; r++)
    if (cur[r] && t->accept[r])
      return true;
  return false;
}

static const PropClass regular_class = { "regular", regular_propagate, regular_holds,
                                         NULL, NULL, NULL };
/* The same, posted for runs(L) = [...]: --trace names it so. */
static const PropClass runs_class = { "runs", regular_propagate, regular_holds,
                                      NULL, NULL, NULL };

static int int32_cmp(const void *l, const void *r)
{
  int32_t a = *(const int32_t *)l, b = *(const int32_t *)r;
  return (a > b) - (a < b);
}

/* Words up to this many layer edges run with the cheap propagators. */
#define REGULAR_CHEAP_EDGES 512

static void post_automaton(Solver *s, const PropClass *cls, size_t n, const VarId *x,
                           uint32_t nstates, uint32_t start, const uint8_t *accept,
                           size_t ntrans, const int32_t *trans)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  assert(start < nstates && n < UINT32_MAX && ntrans < UINT32_MAX);
  if (n == 0) {                         /* the empty word */
    if (!accept[start])
      s->failed = true;
    return;
  }
  if (ntrans == 0) {
    s->failed = true;
    return;
  }
  /* the distinct values the transitions carry */
  int32_t *vals = xmalloc(ntrans * sizeof *vals);
  for (size_t j = 0; j < ntrans; j++)
    vals[j] = trans[3 * j + 1];
  qsort(vals, ntrans, sizeof *vals, int32_cmp);
  size_t nvals = 0;
  for (size_t j = 0; j < ntrans; j++)
    if (nvals == 0 || vals[nvals - 1] != vals[j])
      vals[nvals++] = vals[j];

  size_t layers = (n + 1) * (size_t)nstates, cells = n * nvals;
  size_t size = sizeof(Regular) + nvals * sizeof(int32_t) + 3 * ntrans * sizeof(uint32_t) +
                nstates + 2 * layers + 2 * cells;
  Regular *t = xcalloc(1, size);
  char *m = (char *)(t + 1);
  t->vals = (int32_t *)m;   m += nvals * sizeof(int32_t);
  t->from = (uint32_t *)m;  m += ntrans * sizeof(uint32_t);
  t->to = (uint32_t *)m;    m += ntrans * sizeof(uint32_t);
  t->val = (uint32_t *)m;   m += ntrans * sizeof(uint32_t);
  t->accept = (uint8_t *)m; m += nstates;
  t->fwd = (uint8_t *)m;    m += layers;
  t->bwd = (uint8_t *)m;    m += layers;
  t->in = (uint8_t *)m;     m += cells;
  t->sup = (uint8_t *)m;
  memcpy(t->vals, vals, nvals * sizeof *vals);
  xfree(vals);
  t->n = (uint32_t)n;
  t->nstates = nstates;
  t->start = start;
  t->ntrans = (uint32_t)ntrans;
  t->nvals = (uint32_t)nvals;
  for (uint32_t r = 0; r < nstates; r++)
    t->accept[r] = accept[r] != 0;
  for (size_t j = 0; j < ntrans; j++) {
    assert(trans[3 * j] >= 0 && (uint32_t)trans[3 * j] < nstates);
    assert(trans[3 * j + 2] >= 0 && (uint32_t)trans[3 * j + 2] < nstates);
    t->from[j] = (uint32_t)trans[3 * j];
    t->val[j] = value_index(t->vals, t->nvals, trans[3 * j + 1]);
    t->to[j] = (uint32_t)trans[3 * j + 2];
  }
  t->aliased = n > 4096;                /* a long word: not looked at, PS_OK is safe */
  for (size_t i = 0; i < n && !t->aliased; i++)
    for (size_t k = i + 1; k < n; k++)
      if (x[i] == x[k])
        t->aliased = true;

  Prop *p = prop_new(s, cls, n * ntrans <= REGULAR_CHEAP_EDGES ? PC_CHEAP : PC_EXPENSIVE,
                     n, x, 0, NULL);
  p->aux = t;
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
}

void post_regular(Solver *s, size_t n, const VarId *x, uint32_t nstates, uint32_t start,
                  const uint8_t *accept, size_t ntrans, const int32_t *trans)
{
  post_automaton(s, &regular_class, n, x, nstates, start, accept, ntrans, trans);
}

void post_runs(Solver *s, size_t n, const VarId *x, uint32_t nstates, uint32_t start,
               const uint8_t *accept, size_t ntrans, const int32_t *trans)
{
  post_automaton(s, &runs_class, n, x, nstates, start, accept, ntrans, trans);
}
