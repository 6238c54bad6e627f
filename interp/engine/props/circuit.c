/*
** circuit.c -- successors that form one single cycle: circuit(Succ).
**
** x[i] = base + j says that node j comes after node i.  The successors
** are all different (post_circuit posts distinct beside this one, which
** gives the matching's pruning), no node follows itself, and the fixed
** successors never close a cycle shorter than n.  This propagator adds
** the two checks that make it a circuit:
**
**   chains   the fixed successors form chains; a chain from a to b that
**            does not hold every node may not close, so b loses a (the
**            "no sub-tour" rule of Caseau and Laburthe);
**   reach    every node is reachable from node 0 and reaches it back
**            through the successors still possible, or there is no
**            single cycle left (a graph a Hamiltonian cycle runs through
**            is strongly connected).
**
** The scratch arrays live in aux and are recomputed on each call, so
** nothing needs trailing.
*/
#include "engine/props/props.h"

/* One block, so that xfree(aux) frees it all: the header, then the arrays. */
typedef struct Scratch {
  uint32_t n;
  int32_t  base;
  uint32_t *pred;       /* the fixed predecessor of a node, or UINT32_MAX */
  uint32_t *queue;      /* breadth-first queue */
  uint32_t *first;      /* reverse adjacency: first[j] .. first[j + 1] */
  uint32_t *from;       /* the nodes that may come before j */
  uint8_t  *seen;
  uint32_t data[];
} Scratch;

static Scratch *scratch_new(uint32_t n, int32_t base, uint64_t nedges)
{
  size_t words = 3 * (size_t)n + 2 + nedges + 1 + (n + 4) / 4;
  Scratch *t = xmalloc(sizeof *t + words * sizeof t->data[0]);
  t->n = n;
  t->base = base;
  t->pred = t->data;
  t->queue = t->pred + n;
  t->first = t->queue + n;
  t->from = t->first + n + 2;
  t->seen = (uint8_t *)(t->from + nedges + 1);
  return t;
}

/* The node that x, fixed, says comes next. */
static uint32_t next(const Solver *s, VarId x, const Scratch *t)
{
  return (uint32_t)(dom_value(s, x) - t->base);
}

/*
** The chain rule, to its own fixpoint.  A node with two fixed
** predecessors, or a closed cycle shorter than n, fails.
*/
static PropStatus chains(Solver *s, const Prop *p, const VarId *x, Scratch *t)
{
  uint32_t n = t->n;
  for (;;) {
    bool changed = false;
    uint32_t fixed = 0;
    for (uint32_t j = 0; j < n; j++)
      t->pred[j] = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
      if (dom_is_fixed(s, x[i])) {
        uint32_t j = next(s, x[i], t);
        if (t->pred[j] != UINT32_MAX)
          return PS_FAIL;               /* distinct fails it too; never walk in circles */
        t->pred[j] = i;
        fixed++;
      }
    /* Each chain starts at a fixed node no fixed node points to, and ends
    ** at an unfixed one (the predecessors are unique, so it cannot loop). */
    uint32_t on_chains = 0;
    for (uint32_t a = 0; a < n; a++) {
      if (t->pred[a] != UINT32_MAX || !dom_is_fixed(s, x[a]))
        continue;
      uint32_t b = a, len = 1;
      while (dom_is_fixed(s, x[b])) {
        b = next(s, x[b], t);
        len++;
      }
      on_chains += len - 1;
      if (len < n && dom_contains(s, x[b], t->base + (int64_t)a)) {
        Event e = prop_remove(s, x[b], t->base + (int64_t)a, p);
        PROP_TRY(e);
        changed |= e == EV_VAL;         /* b is fixed now: its chain grew */
      }
    }
    if (on_chains < fixed) {            /* the other fixed nodes lie on closed cycles */
      if (fixed < n)
        return PS_FAIL;
      uint32_t i = 0, len = 0;          /* a permutation: one cycle through all? */
      do {
        i = next(s, x[i], t);
        len++;
      } while (i != 0 && len <= n);
      return len == n ? PS_FIX : PS_FAIL;
    }
    if (!changed)
      return PS_FIX;
  }
}

/* A breadth-first walk from node 0: nothing seen but node 0, which is queued; the new tail. */
static uint32_t queue_start(Scratch *t)
{
  for (uint32_t i = 0; i < t->n; i++)
    t->seen[i] = 0;
  t->seen[0] = 1;
  t->queue[0] = 0;
  return 1;
}

/* Queue node j unless the walk has seen it; the new tail. */
static uint32_t queue_visit(Scratch *t, uint32_t tail, uint32_t j)
{
  if (!t->seen[j]) {
    t->seen[j] = 1;
    t->queue[tail++] = j;
  }
  return tail;
}

/* Does every node reach node 0 and node 0 every node, through the possible successors? */
static bool strongly_connected(const Solver *s, const VarId *x, Scratch *t)
{
  uint32_t n = t->n, head = 0, tail = queue_start(t);
  /* forward from node 0 */
  while (head < tail) {
    VarId v = x[t->queue[head++]];
    for (int32_t w = dom_min(s, v);; w = dom_next(s, v, w)) {
      tail = queue_visit(t, tail, (uint32_t)(w - t->base));
      if (w >= dom_max(s, v))
        break;
    }
  }
  if (tail != n)
    return false;
  /* backward to node 0, over the reverse edges counted and filled here */
  for (uint32_t j = 0; j <= n; j++)
    t->first[j] = 0;
  for (uint32_t i = 0; i < n; i++)
    for (int32_t w = dom_min(s, x[i]);; w = dom_next(s, x[i], w)) {
      t->first[w - t->base + 1]++;
      if (w >= dom_max(s, x[i]))
        break;
    }
  for (uint32_t j = 0; j < n; j++)
    t->first[j + 1] += t->first[j];
  for (uint32_t i = 0; i < n; i++)          /* fill, moving first[j] up; then shift back */
    for (int32_t w = dom_min(s, x[i]);; w = dom_next(s, x[i], w)) {
      t->from[t->first[w - t->base]++] = i;
      if (w >= dom_max(s, x[i]))
        break;
    }
  for (uint32_t j = n; j > 0; j--)
    t->first[j] = t->first[j - 1];
  t->first[0] = 0;
  head = 0, tail = queue_start(t);
  while (head < tail) {
    uint32_t j = t->queue[head++];
    for (uint32_t k = t->first[j]; k < t->first[j + 1]; k++)
      tail = queue_visit(t, tail, t->from[k]);
  }
  return tail == n;
}

static PropStatus circuit_propagate(Solver *s, Prop *p)
{
  const VarId *x = prop_vars(s, p);
  Scratch *t = p->aux;
  for (uint32_t i = 0; i < t->n; i++) {     /* the nodes are base .. base + n - 1, never i itself */
    PROP_TRY(dom_set_min(s, x[i], t->base, p));
    PROP_TRY(dom_set_max(s, x[i], t->base + (int64_t)t->n - 1, p));
    if (t->n > 1)
      PROP_TRY(prop_remove(s, x[i], t->base + (int64_t)i, p));
  }
  if (chains(s, p, x, t) == PS_FAIL)
    return PS_FAIL;
  if (t->n > 0 && !strongly_connected(s, x, t))
    return PS_FAIL;
  return PS_FIX;
}

static bool circuit_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  const Scratch *t = p->aux;
  (void)s;
  uint32_t n = t->n, i = 0, len = 0;
  for (uint32_t k = 0; k < n; k++)
    if (v[k] < t->base || v[k] - (int64_t)t->base >= n)
      return false;
  if (n == 0)
    return true;
  do {                                      /* from node 0, n steps back to node 0 */
    i = (uint32_t)(v[i] - t->base);
    len++;
  } while (i != 0 && len <= n);
  return len == n;
}

static const PropClass circuit_class = { "circuit", circuit_propagate, circuit_holds,
                                         NULL, NULL, NULL };

void post_circuit(Solver *s, size_t n, const VarId *x, int32_t base)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  uint64_t nedges = 0;
  for (size_t i = 0; i < n; i++)
    nedges += dom_size(s, x[i]);
  if (nedges > (uint64_t)n * n)
    nedges = (uint64_t)n * n;
  post_distinct(s, n, x);
  if (s->failed)
    return;
  Prop *p = prop_new(s, &circuit_class, PC_EXPENSIVE, n, x, 0, NULL);
  p->aux = scratch_new((uint32_t)n, base, nedges);
  prop_subscribe_all(s, p, EV_DOM);
  prop_post(s, p);
}
