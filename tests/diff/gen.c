/*
** gen.c -- random small puzzles, and what makes one a program pz must accept.
**
** The generator is typed (numbers and conditions never mix) and leans on
** the partial operations: divisors are often unknowns whose domain holds
** 0, indices often unknowns whose domain sticks out of the list or board,
** and both turn up under not, or, count, if and the quantifiers.
**
** A few programs are errors by the language's own rules, and pz is right
** to reject them; prog_invalid() finds them so the generator can try
** again:
**   - a divisor or an index that is known before solving (constant for
**     some values of the enclosing I, J, K) and is 0, or outside the
**     list ("division by zero", "index 3 is outside 1..2");
**   - a clause that is false whatever the unknowns are ("this constraint
**     can never hold");
**   - a number that could leave -LIMIT..LIMIT (kept far from pz's limits).
** Every test is semantic (by enumeration), so a constant spelt in a
** roundabout way (`y - y`) is caught as well as a plain one.
*/
#include <stdio.h>
#include <stdlib.h>

#include "model.h"

#define VALUE_LIMIT 1000
#define PARAM_LIMIT 20     /* rule arguments are small */
#define CLAUSE_BUDGET 70   /* nodes in one clause */

/* --- splitmix64 --- */

uint64_t rng_next(Rng *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

int rng_below(Rng *r, int n)
{
  return n <= 1 ? 0 : (int)(rng_next(r) % (uint64_t)n);
}

int rng_range(Rng *r, int lo, int hi)
{
  return lo + rng_below(r, hi - lo + 1);
}

bool rng_chance(Rng *r, int percent)
{
  return rng_below(r, 100) < percent;
}

Rng rng_for_case(uint64_t seed, uint64_t case_no)
{
  Rng r = {seed * 0x2545f4914f6cdd1du ^ (case_no + 1) * 0x9e3779b97f4a7c15u};
  rng_next(&r);
  return r;
}

/* --- building nodes --- */

typedef struct Gen {
  Program *p;
  Rng *r;
  int bound_lo; /* bound variables in scope: slots bound_lo..nbound-1 */
  int nbound;
  unsigned params; /* inside a rule body: the head's variables A, B, C */
  bool in_rule;
  int budget;   /* nodes left for this clause; at 0 only leaves */
} Gen;

static bool has_bound(const Gen *g)
{
  return g->nbound > g->bound_lo;
}

static bool may_bind(const Gen *g)
{
  return g->nbound < g->bound_lo + BOUND_DEPTH;
}

static int new_node(Gen *g, NodeKind kind, int val)
{
  Program *p = g->p;
  if (p->nnodes >= MAX_NODES) { /* out_of_budget() keeps a margin */
    fprintf(stderr, "difftest: the generator ran out of nodes\n");
    abort();
  }
  int n = p->nnodes++;
  p->node[n] = (Node){.kind = (uint8_t)kind, .val = val, .bound = -1, .list = -1};
  for (int k = 0; k < MAX_KIDS; k++)
    p->node[n].kid[k] = -1;
  g->budget--;
  return n;
}

static void add_kid(Gen *g, int n, int kid)
{
  Node *x = &g->p->node[n];
  x->kid[x->nkids++] = (int16_t)kid;
}

static int node2(Gen *g, NodeKind kind, int a, int b)
{
  int n = new_node(g, kind, 0);
  add_kid(g, n, a);
  add_kid(g, n, b);
  return n;
}

static int node1(Gen *g, NodeKind kind, int a)
{
  int n = new_node(g, kind, 0);
  add_kid(g, n, a);
  return n;
}

/* Pick by weight: weights[i] is the chance of choice i (0: never). */
static int pick(Gen *g, const int *weights, int n)
{
  int total = 0;
  for (int i = 0; i < n; i++)
    total += weights[i];
  int x = rng_below(g->r, total);
  for (int i = 0; i < n; i++)
    if ((x -= weights[i]) < 0)
      return i;
  return 0;
}

static bool out_of_budget(const Gen *g)
{
  return g->budget <= 0 || g->p->nnodes > MAX_NODES - 40 * MAX_KIDS;
}

static int gen_num(Gen *g, int depth);
static int gen_cond(Gen *g, int depth);

static int gen_var(Gen *g)
{
  return new_node(g, N_VAR, rng_below(g->r, g->p->nvars));
}

static int gen_bound(Gen *g)
{
  return new_node(g, N_BOUND, g->bound_lo + rng_below(g->r, g->nbound - g->bound_lo));
}

static int gen_small(Gen *g)
{
  return new_node(g, N_NUM, rng_range(g->r, -3, 5));
}

/* A var whose domain holds 0 (most of the time, when there is one). */
static int gen_zero_var(Gen *g)
{
  const Program *p = g->p;
  int zeros[MAX_VARS], n = 0;
  for (int i = 0; i < p->nvars; i++)
    for (int k = 0; k < p->var[i].n; k++)
      if (p->var[i].vals[k] == 0)
        zeros[n++] = i;
  if (n == 0 || rng_chance(g->r, 20))
    return gen_var(g);
  return new_node(g, N_VAR, zeros[rng_below(g->r, n)]);
}

/* A parameter of the rule whose body is being made. */
static int gen_param(Gen *g)
{
  int names[MAX_ARITY], n = 0;
  for (int v = 0; v < MAX_ARITY; v++)
    if (g->params >> v & 1)
      names[n++] = v;
  return new_node(g, N_PARAM, names[rng_below(g->r, n)]);
}

static int gen_leaf(Gen *g)
{
  const Program *p = g->p;
  int w[] = {p->nvars ? 45 : 0, 25, has_bound(g) ? 20 : 0, p->board_rows ? 8 : 0,
             p->nlists ? 5 : 0, g->params ? 40 : 0, p->prop_max ? 12 : 0};
  switch (pick(g, w, 7)) {
  case 0: return gen_var(g);
  case 6: return new_node(g, N_PROP_AT, rng_below(g->r, p->nent));
  case 5: return gen_param(g);
  case 2: return gen_bound(g);
  case 3: {
    int n = new_node(g, N_BOARD_AT, 0);
    add_kid(g, n, new_node(g, N_NUM, rng_range(g->r, 1, p->board_rows)));
    add_kid(g, n, new_node(g, N_NUM, rng_range(g->r, 1, p->board_cols)));
    return n;
  }
  case 4: {
    int l = rng_below(g->r, p->nlists);
    int n = new_node(g, N_LIST_AT, l);
    add_kid(g, n, new_node(g, N_NUM, rng_range(g->r, 1, p->list_len[l])));
    return n;
  }
  default: return gen_small(g);
  }
}

/* A var, or a var moved by a little: its values are the ones that matter. */
static int gen_shifted_var(Gen *g, bool zero_var)
{
  int v = zero_var ? gen_zero_var(g) : gen_var(g);
  int c = new_node(g, N_NUM, rng_range(g->r, 1, 2));
  return node2(g, rng_chance(g->r, 50) ? N_ADD : N_SUB, v, c);
}

/* A divisor: as often as not able to be 0. */
static int gen_divisor(Gen *g, int depth)
{
  int w[] = {g->p->nvars ? 50 : 0, g->p->nvars ? 15 : 0,
             g->p->nvars && has_bound(g) ? 10 : 0, 25};
  switch (pick(g, w, 4)) {
  case 0: return gen_zero_var(g);
  case 1: return gen_shifted_var(g, true);
  case 2: return node2(g, N_SUB, gen_var(g), gen_bound(g));
  default: return gen_num(g, depth - 1);
  }
}

/* An index into a dimension of n items: often able to leave 1..n. */
static int gen_index(Gen *g, int depth, int n)
{
  int w[] = {g->p->nvars ? 45 : 0, g->p->nvars ? 20 : 0, has_bound(g) ? 10 : 0, 10, 15};
  switch (pick(g, w, 5)) {
  case 0: return gen_var(g);
  case 1: return gen_shifted_var(g, false);
  case 2:
    if (g->p->nvars && rng_chance(g->r, 50))
      return node2(g, N_ADD, gen_bound(g), gen_var(g));
    return gen_bound(g);
  case 3: return new_node(g, N_NUM, rng_range(g->r, 1, n));
  default: return gen_num(g, depth - 1);
  }
}

/* A list of 1..max items made by make(g, depth). */
static void gen_items(Gen *g, int n, int depth, int max, int (*make)(Gen *, int))
{
  int count = rng_range(g->r, 1, max);
  for (int k = 0; k < count; k++)
    add_kid(g, n, make(g, depth - 1));
}

/* A quantifier's or a comprehension's range: lo..hi, lo maybe I + c. */
static void gen_range(Gen *g, int n)
{
  int lo = rng_range(g->r, -1, 2);
  if (has_bound(g) && rng_chance(g->r, 20)) {
    add_kid(g, n, gen_bound(g));
    add_kid(g, n, new_node(g, N_NUM, rng_range(g->r, 1, 3)));
    return;
  }
  add_kid(g, n, new_node(g, N_NUM, lo));
  int width = rng_chance(g->r, 5) ? 0 : rng_range(g->r, 1, 3);
  add_kid(g, n, new_node(g, N_NUM, lo + width - 1));
}

static int gen_comprehension(Gen *g, int depth, NodeKind kind)
{
  int n = new_node(g, kind, 0);
  Node *x = &g->p->node[n];
  x->bound = (int8_t)g->nbound;
  add_kid(g, n, -1);
  gen_range(g, n);
  if (rng_chance(g->r, 20)) {
    add_kid(g, n, new_node(g, N_NUM, rng_range(g->r, 0, 3)));
  } else {
    add_kid(g, n, -1);
  }
  g->nbound++;
  int body = kind == N_COUNT_COMP ? gen_cond(g, depth - 1) : gen_num(g, depth - 1);
  g->nbound--;
  g->p->node[n].kid[0] = (int16_t)body;
  return n;
}

static int gen_lookup(Gen *g, int depth, NodeKind kind)
{
  const Program *p = g->p;
  int n = new_node(g, kind, 0);
  switch (kind) {
  case N_LIST_AT: {
    int l = rng_below(g->r, p->nlists);
    g->p->node[n].val = l;
    add_kid(g, n, gen_index(g, depth, p->list_len[l]));
    break;
  }
  case N_GRID_AT:
    add_kid(g, n, gen_index(g, depth, p->grid_rows));
    add_kid(g, n, gen_index(g, depth, p->grid_cols));
    break;
  case N_BOARD_AT:
    add_kid(g, n, gen_index(g, depth, p->board_rows));
    add_kid(g, n, gen_index(g, depth, p->board_cols));
    break;
  default: { /* [A, B, ...][i] */
    int items = rng_range(g->r, 1, MAX_KIDS - 2);
    add_kid(g, n, gen_index(g, depth, items));
    for (int k = 0; k < items; k++)
      add_kid(g, n, gen_num(g, depth - 1));
    break;
  }
  }
  return n;
}

static int gen_num(Gen *g, int depth)
{
  const Program *p = g->p;
  if (depth <= 0 || out_of_budget(g))
    return gen_leaf(g);
  enum { LEAF, ADDSUB, MUL, DIV, MOD, NEG, ABS, MINMAX, IF, COUNT, SUM,
         COUNT_COMP, SUM_COMP, SUM_BOARD, LIST_AT, GRID_AT, BOARD_AT,
         LITLIST_AT, PROP_SUM, PROP_COUNT, NCHOICES };
  int w[NCHOICES] = {
    [LEAF] = 14, [ADDSUB] = 8, [MUL] = 5, [DIV] = 10, [MOD] = 8, [NEG] = 3,
    [ABS] = 3, [MINMAX] = 5, [IF] = 5, [COUNT] = 4, [SUM] = 4,
    [COUNT_COMP] = may_bind(g) ? 2 : 0,
    [SUM_COMP] = may_bind(g) ? 2 : 0,
    [SUM_BOARD] = p->board_rows ? 1 : 0, [LIST_AT] = p->nlists ? 6 : 0,
    [GRID_AT] = p->grid_rows ? 5 : 0, [BOARD_AT] = p->board_rows ? 6 : 0,
    [LITLIST_AT] = 3, [PROP_SUM] = p->prop_max ? 2 : 0, [PROP_COUNT] = p->has_pb ? 3 : 0,
  };
  int n, choice = pick(g, w, NCHOICES);
  switch (choice) {
  case ADDSUB:
    n = node2(g, rng_chance(g->r, 50) ? N_ADD : N_SUB, gen_num(g, depth - 1), gen_num(g, depth - 1));
    if (g->p->node[n].kind == N_ADD && rng_chance(g->r, 20))
      g->p->node[n].spell = SPELL_FUNCTION;          /* plus(a, b) */
    return n;
  case MUL:
    if (rng_chance(g->r, 15)) {                       /* a ^ 2 */
      int a = gen_leaf(g);
      int b = g->p->node[a].nkids ? gen_leaf(g) : new_node(g, g->p->node[a].kind, g->p->node[a].val);
      n = node2(g, N_MUL, a, b);
      g->p->node[n].spell = SPELL_POWER;
      return n;
    }
    n = node2(g, N_MUL, gen_num(g, depth - 1), gen_num(g, depth - 1));
    g->p->node[n].spell = (uint8_t)(rng_chance(g->r, 20) ? SPELL_FUNCTION
                                    : rng_chance(g->r, 20) ? SPELL_PRODUCT : SPELL_OP);
    return n;
  case DIV:
  case MOD: {
    int a = gen_num(g, depth - 1);
    return node2(g, choice == DIV ? N_DIV : N_MOD, a, gen_divisor(g, depth));
  }
  case NEG: return node1(g, N_NEG, gen_num(g, depth - 1));
  case ABS: return node1(g, N_ABS, gen_num(g, depth - 1));
  case MINMAX:
    n = new_node(g, rng_chance(g->r, 50) ? N_MIN : N_MAX, 0);
    g->p->node[n].flag = rng_chance(g->r, 30);
    gen_items(g, n, depth, 3, gen_num);
    if (!g->p->node[n].flag && g->p->node[n].nkids < 2)
      add_kid(g, n, gen_num(g, depth - 1)); /* min(a) is min of the list a */
    return n;
  case IF:
    n = new_node(g, N_IFNUM, 0);
    add_kid(g, n, gen_cond(g, depth - 1));
    add_kid(g, n, gen_num(g, depth - 1));
    add_kid(g, n, gen_num(g, depth - 1));
    return n;
  case COUNT:
    n = new_node(g, N_COUNT, 0);
    gen_items(g, n, depth, 4, gen_cond);
    return n;
  case SUM:
    n = new_node(g, N_SUM, 0);
    gen_items(g, n, depth, 4, gen_num);
    return n;
  case COUNT_COMP: return gen_comprehension(g, depth, N_COUNT_COMP);
  case SUM_COMP: return gen_comprehension(g, depth, N_SUM_COMP);
  case SUM_BOARD: return new_node(g, N_SUM_BOARD, 0);
  case LIST_AT: return gen_lookup(g, depth, N_LIST_AT);
  case GRID_AT: return gen_lookup(g, depth, N_GRID_AT);
  case BOARD_AT: return gen_lookup(g, depth, N_BOARD_AT);
  case LITLIST_AT: return gen_lookup(g, depth, N_LITLIST_AT);
  case PROP_SUM: return new_node(g, N_PROP_SUM, 0);
  case PROP_COUNT:
    n = new_node(g, N_PROP_COUNT, 0);
    g->p->node[n].flag = (uint8_t)rng_below(g->r, 2);
    return n;
  default: return gen_leaf(g);
  }
}

static bool same_leaf(const Program *p, int a, int b)
{
  const Node *x = &p->node[a], *y = &p->node[b];
  return x->nkids == 0 && y->nkids == 0 && x->kind == y->kind && x->val == y->val;
}

static int gen_compare(Gen *g, int depth)
{
  int a = gen_num(g, depth - 1);
  int b = depth <= 1 && rng_chance(g->r, 35) ? gen_small(g) : gen_num(g, depth - 1);
  if (same_leaf(g->p, a, b)) /* x < x says little; x < 2 says more */
    b = gen_small(g);
  int n = node2(g, N_CMP, a, b);
  g->p->node[n].val = rng_below(g->r, 6);
  g->p->node[n].flag = rng_chance(g->r, 15);
  return n;
}

static int gen_quantifier(Gen *g, int depth, NodeKind kind)
{
  const Program *p = g->p;
  int n = new_node(g, kind, 0);
  g->p->node[n].bound = (int8_t)g->nbound;
  g->p->node[n].flag = rng_chance(g->r, 50);
  if (p->nlists && rng_chance(g->r, 20)) {
    g->p->node[n].list = (int8_t)rng_below(g->r, p->nlists);
    add_kid(g, n, -1);
    add_kid(g, n, -1);
  } else {
    gen_range(g, n);
  }
  g->nbound++;
  add_kid(g, n, rng_chance(g->r, 25) ? gen_cond(g, depth - 1) : -1);
  add_kid(g, n, gen_cond(g, depth - 1));
  g->nbound--;
  return n;
}

/*
** An argument of a rule call: never partial, so that a call means its
** rule's body with the values put in (what an undefined argument means
** is the grounder's choice, not the semantics'), and small.
*/
static int gen_argument(Gen *g)
{
  switch (rng_below(g->r, 10)) {
  case 0: return node1(g, N_NEG, gen_leaf(g));
  case 1: return node1(g, N_ABS, gen_leaf(g));
  case 2: case 3: {
    int a = gen_leaf(g);
    return node2(g, rng_chance(g->r, 50) ? N_ADD : N_SUB, a, gen_leaf(g));
  }
  default: return gen_leaf(g);
  }
}

static int gen_call(Gen *g)
{
  int rule = rng_below(g->r, g->p->nrules);
  int n = new_node(g, N_CALL, rule);
  for (int k = 0; k < g->p->rule[rule].arity; k++)
    add_kid(g, n, gen_argument(g));
  return n;
}

/* An index of the picture known before solving: a number, or I, J, K (plus a little). */
static int gen_pic_index(Gen *g, int size)
{
  if (!has_bound(g) || rng_chance(g->r, 30))
    return new_node(g, N_NUM, rng_range(g->r, 1, size));
  int i = gen_bound(g);
  return rng_chance(g->r, 25) ? node2(g, N_ADD, i, new_node(g, N_NUM, 1)) : i;
}

/* t[R, C] compared with a number, a label or a blank; < and > only on a picture without labels. */
static int gen_pic_cmp(Gen *g, int depth)
{
  const Program *p = g->p;
  int n = new_node(g, N_PIC_CMP, 0);
  add_kid(g, n, gen_pic_index(g, p->pic_rows));
  add_kid(g, n, gen_pic_index(g, p->pic_cols));
  int rhs = rng_below(g->r, 6);
  Node *x = &g->p->node[n];
  x->flag = (uint8_t)(rhs < 3 ? 0 : rhs - 2);
  x->val = x->flag || pic_has_label(p) ? rng_below(g->r, 2) : rng_below(g->r, 6);
  if (x->flag == 0)
    add_kid(g, n, rng_chance(g->r, 50) ? gen_small(g) : gen_num(g, depth - 1));
  return n;
}

static int gen_cond(Gen *g, int depth)
{
  const Program *p = g->p;
  if (depth <= 0 || out_of_budget(g)) {
    if (rng_chance(g->r, 4))
      return new_node(g, rng_chance(g->r, 50) ? N_TRUE : N_FALSE, 0);
    return gen_compare(g, 0);
  }
  enum { CMP, IN_LIST, IN_RANGE, IN_CONST, DISTINCT, DISTINCT_BOARD, AND, OR,
         NOT, IMP, IFF, COMMA, SEMI, IF, FORALL, EXISTS, TRUTH, CALL, PROP_IS, PIC_CMP,
         NCHOICES };
  bool quant = may_bind(g);
  int w[NCHOICES] = {
    [CMP] = 24, [IN_LIST] = 5, [IN_RANGE] = 5, [IN_CONST] = p->nlists ? 3 : 0,
    [DISTINCT] = 4, [DISTINCT_BOARD] = p->board_rows ? 1 : 0, [AND] = 7,
    [OR] = 8, [NOT] = 8, [IMP] = 5, [IFF] = 4, [COMMA] = 2, [SEMI] = 2,
    [IF] = 4, [FORALL] = quant ? 6 : 0, [EXISTS] = quant ? 5 : 0, [TRUTH] = 1,
    [CALL] = p->nrules && !g->in_rule ? 10 : 0,
    [PROP_IS] = p->has_pb ? 6 : 0, [PIC_CMP] = p->pic_rows && !g->in_rule ? 8 : 0,
  };
  static const NodeKind binary[NCHOICES] = {
    [AND] = N_AND, [OR] = N_OR, [IMP] = N_IMP, [IFF] = N_IFF,
    [COMMA] = N_COMMA, [SEMI] = N_SEMI,
  };
  int choice = pick(g, w, NCHOICES), n;
  switch (choice) {
  case IN_LIST:
    n = node1(g, N_IN_LIST, gen_num(g, depth - 1));
    gen_items(g, n, depth, MAX_KIDS - 2, gen_num);
    return n;
  case IN_RANGE:
    n = node1(g, N_IN_RANGE, gen_num(g, depth - 1));
    add_kid(g, n, gen_num(g, depth - 1));
    add_kid(g, n, gen_num(g, depth - 1));
    return n;
  case IN_CONST:
    n = node1(g, N_IN_CONST, gen_num(g, depth - 1));
    g->p->node[n].val = rng_below(g->r, p->nlists);
    return n;
  case DISTINCT:
    n = new_node(g, N_DISTINCT, 0);
    g->p->node[n].flag = rng_chance(g->r, 20);
    gen_items(g, n, depth, 4, gen_num);
    return n;
  case DISTINCT_BOARD: return new_node(g, N_DISTINCT_BOARD, 0);
  case AND: case OR: case IMP: case IFF: case COMMA: case SEMI:
    return node2(g, binary[choice], gen_cond(g, depth - 1), gen_cond(g, depth - 1));
  case NOT: return node1(g, N_NOT, gen_cond(g, depth - 1));
  case IF:
    n = new_node(g, N_IFBOOL, 0);
    add_kid(g, n, gen_cond(g, depth - 1));
    add_kid(g, n, gen_cond(g, depth - 1));
    add_kid(g, n, gen_cond(g, depth - 1));
    return n;
  case FORALL: return gen_quantifier(g, depth, N_FORALL);
  case EXISTS: return gen_quantifier(g, depth, N_EXISTS);
  case TRUTH: return new_node(g, rng_chance(g->r, 50) ? N_TRUE : N_FALSE, 0);
  case CALL: return gen_call(g);
  case PROP_IS:
    n = new_node(g, N_PROP_IS, rng_below(g->r, p->nent));
    g->p->node[n].flag = (uint8_t)rng_below(g->r, 4);
    return n;
  case PIC_CMP: return gen_pic_cmp(g, depth);
  default: return gen_compare(g, depth);
  }
}

/* Ask for parentheses the grammar does not need, here and there. */
/*
** runs([...]) = [...], a clause of its own: cells that are unknowns or
** 0 and 1, and up to three runs of 1 to 3 cells.
*/
static int gen_runs(Gen *g)
{
  int n = new_node(g, N_RUNS, 0);
  int cells = rng_range(g->r, 1, 5);
  for (int k = 0; k < cells; k++)
    add_kid(g, n, g->p->nvars && rng_chance(g->r, 70) ? gen_var(g) : new_node(g, N_NUM, rng_below(g->r, 2)));
  Node *x = &g->p->node[n];
  x->flag = (uint8_t)rng_below(g->r, 4);
  for (int k = 0; k < x->flag; k++)
    x->val |= rng_range(g->r, 1, 3) << (4 * k);
  return n;
}

static void sprinkle_parens(Gen *g, int from)
{
  for (int n = from; n < g->p->nnodes; n++)
    if (g->p->node[n].nkids && rng_chance(g->r, 6))
      g->p->node[n].paren = 1;
}

/* --- declarations --- */

static void gen_unknown(Unknown *u, Rng *r)
{
  *u = (Unknown){0};
  if (rng_chance(r, 15)) { /* a list of values, in order, no repeats */
    u->as_list = true;
    for (int v = -4; v <= 6 && u->n < MAX_DOM; v++)
      if (rng_chance(r, 35))
        u->vals[u->n++] = v;
    if (u->n == 0)
      u->vals[u->n++] = rng_range(r, -2, 3);
    return;
  }
  int lo = rng_range(r, -3, 2), width = rng_range(r, 1, 6);
  for (int k = 0; k < width; k++)
    u->vals[u->n++] = lo + k;
}

static void gen_declarations(Program *p, Rng *r)
{
  p->nvars = rng_range(r, 1, 4);
  for (int i = 0; i < p->nvars; i++)
    gen_unknown(&p->var[i], r);
  if (rng_chance(r, 30)) {
    p->board_rows = rng_range(r, 1, 3);
    p->board_cols = rng_range(r, 1, 3);
    p->board_lo = rng_range(r, -1, 1);
    p->board_hi = p->board_lo + rng_range(r, 1, 2);
    if (rng_chance(r, 30) && p->nvars > 2) /* the board's cells are the unknowns */
      p->nvars = rng_range(r, 0, 2);
  }
  p->nlists = rng_range(r, 0, MAX_LISTS);
  for (int l = 0; l < p->nlists; l++) {
    p->list_len[l] = rng_range(r, 1, MAX_LIST_LEN);
    for (int k = 0; k < p->list_len[l]; k++)
      p->list[l][k] = rng_range(r, -3, 6);
  }
  if (rng_chance(r, 30)) {
    p->grid_rows = rng_range(r, 1, MAX_GRID);
    p->grid_cols = rng_range(r, 1, MAX_GRID);
    for (int i = 0; i < p->grid_rows; i++)
      for (int j = 0; j < p->grid_cols; j++)
        p->grid[i][j] = rng_range(r, -2, 6);
  }
  if (rng_chance(r, 15)) {              /* a picture: digits, blanks and labels */
    static const int cell[] = {0, 1, 2, 3, PIC_BLANK, PIC_BLANK, PIC_T, PIC_A};
    bool labels = rng_chance(r, 60);
    p->pic_rows = rng_range(r, 2, MAX_PIC);
    p->pic_cols = rng_range(r, 1, MAX_PIC);
    for (int i = 0; i < p->pic_rows; i++)
      for (int j = 0; j < p->pic_cols; j++)
        p->pic[i][j] = cell[rng_below(r, labels ? 8 : 6)];
  }
  if (rng_chance(r, 15)) {              /* a logic grid of properties, whose values repeat */
    p->nent = rng_range(r, 2, MAX_ENT);
    p->prop_max = rng_chance(r, 70) ? rng_range(r, 1, 2) : 0;
    p->has_pb = !p->prop_max || rng_chance(r, 60);
  }
  /* Keep the brute force small: drop a property, narrow the board, then the vars. */
  while (prog_space(p) > MAX_SPACE) {
    if (p->prop_max > 1)
      p->prop_max--;
    else if (p->nent > 2)
      p->nent--;
    else if (p->board_rows && p->board_hi > p->board_lo + 1)
      p->board_hi--;
    else if (p->board_rows * p->board_cols > 4)
      p->board_rows--;
    else if (p->prop_max && p->has_pb)
      p->prop_max = 0;
    else {
      bool narrowed = false;
      for (int i = 0; i < p->nvars; i++)
        if (p->var[i].n > 2)
          p->var[i].n--, narrowed = true;
      if (!narrowed)                    /* nothing left to narrow: no grid */
        p->nent = 0, p->prop_max = 0, p->has_pb = false;
    }
  }
  if (p->nvars == 0 && p->board_rows == 0)
    p->nvars = 1, gen_unknown(&p->var[0], r);
}

/* --- validity --- */

static const char *clause_invalid(const Program *p, int clause);
static const char *rule_invalid(const Program *p, const Rule *rule);
static const char *rule_clause_invalid(const Program *p, const Rule *rule, int c);
static const char *goal_invalid(const Program *p);
static bool has_runs(const Program *p, int n, bool root);

/* An N_CONNECTED node at or (below when !self) n: a clue of its own only. */
static bool has_connected(const Program *p, int n, bool self)
{
  if (n < 0)
    return false;
  const Node *x = &p->node[n];
  if (self && (x->kind == N_CONNECTED || x->kind == N_CIRCUIT || x->kind == N_STEP))
    return true;
  for (int k = 0; k < x->nkids; k++)
    if (has_connected(p, x->kid[k], true))
      return true;
  return false;
}

const char *prog_invalid(const Program *p)
{
  if (prog_space(p) > MAX_SPACE)
    return "too many assignments";
  for (int i = 0; i < p->nvars; i++)
    if (p->var[i].n < 1)
      return "an empty domain";
  for (int l = 0; l < p->nlists; l++)
    if (p->list_len[l] < 1)
      return "an empty list";
  if (p->board_rows && (p->board_cols < 1 || p->board_lo > p->board_hi))
    return "an empty board";
  for (int k = 0; k < p->nrules; k++) {
    const char *why = rule_invalid(p, &p->rule[k]);
    if (why)
      return why;
  }
  for (int c = 0; c < p->nclauses; c++) {
    const char *why = clause_invalid(p, c);
    if (why)
      return why;
    if (has_connected(p, p->clause[c], false))
      return "connected or areas inside a condition";
  }
  for (int k = 0; k < p->nrules; k++)
    for (int c = 0; c < p->rule[k].nclauses; c++)
      if (has_connected(p, p->rule[k].clause[c].body, true))
        return "connected or areas in a rule body";
  if (p->has_goal && has_connected(p, p->goal, true))
    return "connected or areas in a goal";
  if (p->has_goal) {
    const char *why = goal_invalid(p);
    if (why)
      return why;
  }
  for (int i = 0; i < p->nshows; i++) {
    const Show *s = &p->show[i];
    bool two = s->kind == SHOW_SUM || s->kind == SHOW_LESS;
    if (s->kind == SHOW_BOARD ? !p->board_rows
        : s->kind != SHOW_TEXT && (s->a >= p->nvars || (two && s->b >= p->nvars)))
      return "a show of an unknown that is not declared";
  }
  return NULL;
}

/* The slots (unknowns) node n mentions, as a bit set. */
static uint32_t slots_of(const Program *p, int n)
{
  if (n < 0)
    return 0;
  const Node *x = &p->node[n];
  uint32_t board = ((1u << prog_board_end(p)) - 1) & ~((1u << p->nvars) - 1);
  uint32_t pa = p->prop_max ? ((1u << p->nent) - 1) << prog_pa(p) : 0;
  uint32_t pb = p->has_pb ? ((1u << p->nent) - 1) << prog_pb(p) : 0;
  uint32_t s = x->kind == N_VAR ? 1u << x->val
               : x->kind == N_BOARD_AT || x->kind == N_SUM_BOARD
                 || x->kind == N_DISTINCT_BOARD || x->kind == N_CONNECTED
                 || (x->kind == N_CIRCUIT && x->flag > 0) || x->kind == N_STEP ? board
               : x->kind == N_PROP_AT ? 1u << (prog_pa(p) + x->val)
               : x->kind == N_PROP_IS ? 1u << (prog_pb(p) + x->val)
               : x->kind == N_PROP_SUM ? pa : x->kind == N_PROP_COUNT ? pb : 0;
  for (int k = 0; k < x->nkids; k++)
    s |= slots_of(p, x->kid[k]);
  if (x->kind == N_CALL) /* its rule's bodies name unknowns too */
    for (int c = 0; c < p->rule[x->val].nclauses; c++)
      s |= slots_of(p, p->rule[x->val].clause[c].body);
  return s;
}

typedef struct Checker {
  const Program *p;
  int call;           /* inside the body of clause call_clause of this call, or -1 */
  int call_clause;
  Env env;
  int dom[MAX_SLOTS][MAX_DOM];
  int size[MAX_SLOTS];
  bool generic;       /* a rule's body on its own: its parameters are anything */
} Checker;

/* Does node n use a rule parameter?  Then, on its own, it is not constant. */
static bool mentions_param(const Program *p, int n)
{
  if (n < 0)
    return false;
  const Node *x = &p->node[n];
  if (x->kind == N_PARAM)
    return true;
  for (int k = 0; k < x->nkids; k++)
    if (mentions_param(p, x->kid[k]))
      return true;
  return false;
}

/* Inside a rule body: A, B, C from the call's arguments, as pz puts them in. */
static void bind_call(Checker *ck)
{
  const Node *call = &ck->p->node[ck->call];
  const Head *head = ck->p->rule[call->val].clause[ck->call_clause].head;
  unsigned seen = 0;
  /* every variable, even where a number in the head does not match: pz
     expands the body all the same, with the match as a condition */
  for (int k = 0; k < call->nkids; k++)
    if (head[k].kind == HEAD_VAR && !(seen >> head[k].val & 1)) {
      ck->env.param[head[k].val] = eval_num(&ck->env, call->kid[k]).v;
      seen |= 1u << head[k].val;
    }
}

/*
** Visit every assignment of the slots in `slots` (the others stay as they
** are) until visit() returns true; whether it did.
*/
static bool any_assignment(Checker *ck, uint32_t slots,
                           bool (*visit)(Checker *, int, void *), int n, void *arg)
{
  int digit[MAX_SLOTS] = {0};
  int nslots = prog_slots(ck->p);
  for (int i = 0; i < nslots; i++)
    ck->env.slot[i] = ck->dom[i][0];
  for (;;) {
    if (ck->call >= 0)
      bind_call(ck);
    if (visit(ck, n, arg))
      return true;
    int i = 0;
    for (; i < nslots; i++) {
      if (!(slots >> i & 1))
        continue;
      if (++digit[i] < ck->size[i]) {
        ck->env.slot[i] = ck->dom[i][digit[i]];
        break;
      }
      digit[i] = 0;
      ck->env.slot[i] = ck->dom[i][0];
    }
    if (i == nslots)
      return false;
  }
}

typedef struct Seen { bool any; Value first; } Seen;

/*
** Two defined values differ.  Undefined values are skipped: pz folds
** 0 mod x * 0 to the known 0, so a term that is one number wherever it is
** defined counts as known (and a divisor known to be 0 is pz's error).
*/
static bool differs(Checker *ck, int n, void *arg)
{
  Seen *seen = arg;
  Value v = eval_num(&ck->env, n);
  if (!v.defined)
    return false;
  if (!seen->any) {
    seen->any = true;
    seen->first = v;
    return false;
  }
  return v.v != seen->first.v;
}

static bool holds(Checker *ck, int n, void *arg)
{
  (void)arg;
  return eval_cond(&ck->env, n);
}

/* Node n is constant for the bound values in ck->env: its value in *v. */
static bool is_constant(Checker *ck, int n, Value *v)
{
  Seen seen = {0};
  uint32_t slots = slots_of(ck->p, n) | (ck->call >= 0 ? slots_of(ck->p, ck->call) : 0);
  if (ck->generic && mentions_param(ck->p, n)) {
    /* A rule's body on its own: its parameters are anything, yet pz may
       still know the term (sum([A : I in 0..-1]) is 0 whatever A is).
       Constant for a sample of parameter values counts as known: at
       worst a valid program is discarded, never a valid one misjudged. */
    static const int sample[] = {-2, 0, 1, 3, 7};
    enum { NS = sizeof sample / sizeof sample[0] };
    for (int i = 0; i < NS * NS * NS; i++) {
      ck->env.param[0] = sample[i % NS];
      ck->env.param[1] = sample[i / NS % NS];
      ck->env.param[2] = sample[i / (NS * NS)];
      if (any_assignment(ck, slots, differs, n, &seen))
        return false;
    }
    *v = seen.any ? seen.first : (Value){.defined = false};
    return true;
  }
  if (any_assignment(ck, slots, differs, n, &seen))
    return false;
  *v = seen.any ? seen.first : (Value){.defined = false};
  return true;
}

/* A known index outside 1..size, or a known divisor 0, is pz's error. */
static const char *bad_constant(Checker *ck, int n, int size)
{
  Value v;
  if (!is_constant(ck, n, &v))
    return NULL;
  if (size == 0)
    return !v.defined || v.v == 0 ? "a known divisor 0" : NULL;
  return !v.defined || v.v < 1 || v.v > size ? "a known index outside the list" : NULL;
}

static const char *check_partial(Checker *ck, const Node *x)
{
  const Program *p = ck->p;
  const char *why = NULL;
  switch ((NodeKind)x->kind) {
  case N_DIV:
  case N_MOD:
    return bad_constant(ck, x->kid[1], 0);
  case N_LIST_AT:
    return bad_constant(ck, x->kid[0], p->list_len[x->val]);
  case N_LITLIST_AT:
    return bad_constant(ck, x->kid[0], x->nkids - 1);
  case N_GRID_AT:
    why = bad_constant(ck, x->kid[0], p->grid_rows);
    return why ? why : bad_constant(ck, x->kid[1], p->grid_cols);
  case N_BOARD_AT:
    why = bad_constant(ck, x->kid[0], p->board_rows);
    return why ? why : bad_constant(ck, x->kid[1], p->board_cols);
  case N_PIC_CMP:
    why = bad_constant(ck, x->kid[0], p->pic_rows);
    return why ? why : bad_constant(ck, x->kid[1], p->pic_cols);
  default:
    return NULL;
  }
}

static const char *check_node(Checker *ck, int n);

/* Check the kids from..to of x once for every value of its variable. */
static const char *check_bound(Checker *ck, const Node *x, int lo_kid, int from, int to)
{
  int vals[64], count = 0;
  if (x->list >= 0) {
    for (int k = 0; k < ck->p->list_len[x->list]; k++)
      vals[count++] = ck->p->list[x->list][k];
  } else {
    if (ck->generic && (mentions_param(ck->p, x->kid[lo_kid]) || mentions_param(ck->p, x->kid[lo_kid + 1])))
      return NULL;             /* pz does not enumerate a range it cannot compute */
    int lo = eval_num(&ck->env, x->kid[lo_kid]).v;
    int hi = eval_num(&ck->env, x->kid[lo_kid + 1]).v;
    for (int i = lo; i <= hi && count < 64; i++)
      vals[count++] = i;
  }
  for (int k = 0; k < count; k++) {
    ck->env.bound[x->bound] = vals[k];
    for (int kid = from; kid <= to; kid++) {
      const char *why = check_node(ck, x->kid[kid]);
      if (why)
        return why;
    }
  }
  return NULL;
}

/* Check node n under the bound values in ck->env. */
static const char *check_node(Checker *ck, int n)
{
  if (n < 0)
    return NULL;
  const Node *x = &ck->p->node[n];
  if (x->kind == N_FORALL || x->kind == N_EXISTS)
    return check_bound(ck, x, 0, 2, 3);
  if (x->kind == N_COUNT_COMP || x->kind == N_SUM_COMP)
    return check_bound(ck, x, 1, 0, 0);
  if (x->kind == N_CALL && ck->call < 0) { /* each clause's body, as pz expands it */
    const Rule *rule = &ck->p->rule[x->val];
    const char *why = NULL;
    ck->call = n;
    for (int c = 0; c < rule->nclauses && !why; c++) {
      ck->call_clause = c;
      why = check_node(ck, rule->clause[c].body);
    }
    ck->call = -1;
    if (why)
      return why;
  }
  for (int k = 0; k < x->nkids; k++) {
    const char *why = check_node(ck, x->kid[k]);
    if (why)
      return why;
  }
  return check_partial(ck, x);
}

typedef struct Interval { long long lo, hi; } Interval;

static Interval span(long long a, long long b)
{
  return a <= b ? (Interval){a, b} : (Interval){b, a};
}

static Interval join(Interval a, Interval b)
{
  return (Interval){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}

static long long magnitude(Interval a)
{
  long long l = a.lo < 0 ? -a.lo : a.lo, h = a.hi < 0 ? -a.hi : a.hi;
  return l > h ? l : h;
}

static Interval list_values(const int *v, int n)
{
  Interval r = {v[0], v[0]};
  for (int k = 1; k < n; k++)
    r = join(r, (Interval){v[k], v[k]});
  return r;
}

/* Bounds of every number in node n; *big set when one leaves the limit. */
static Interval bounds(const Program *p, int n, bool *big)
{
  const Node *x = &p->node[n];
  Interval a = {0, 0}, b = {0, 0}, r = {0, 0};
  int kids = x->kind == N_COUNT_COMP || x->kind == N_SUM_COMP ? 1 : x->nkids;
  Interval kid[MAX_KIDS];
  for (int k = 0; k < kids; k++)
    if (x->kid[k] >= 0)
      kid[k] = bounds(p, x->kid[k], big);
  if (kids > 0)
    a = kid[0];
  if (kids > 1)
    b = kid[1];
  switch ((NodeKind)x->kind) {
  case N_NUM: r = (Interval){x->val, x->val}; break;
  case N_VAR: r = list_values(p->var[x->val].vals, p->var[x->val].n); break;
  case N_BOUND: r = (Interval){-10, 10}; break;
  case N_PARAM: r = (Interval){-PARAM_LIMIT, PARAM_LIMIT}; break;
  case N_CALL:
    for (int k = 0; k < kids; k++)
      if (magnitude(kid[k]) > PARAM_LIMIT)
        *big = true;
    break;
  case N_NEG: r = span(-a.lo, -a.hi); break;
  case N_ABS: r = (Interval){0, magnitude(a)}; break;
  case N_ADD: r = (Interval){a.lo + b.lo, a.hi + b.hi}; break;
  case N_SUB: r = (Interval){a.lo - b.hi, a.hi - b.lo}; break;
  case N_MUL:
    r = join(span(a.lo * b.lo, a.lo * b.hi), span(a.hi * b.lo, a.hi * b.hi));
    break;
  case N_DIV: r = (Interval){-magnitude(a), magnitude(a)}; break;
  case N_MOD: {
    long long m = magnitude(a) < magnitude(b) ? magnitude(a) : magnitude(b);
    r = (Interval){-m, m};
    break;
  }
  case N_MIN: case N_MAX: case N_LITLIST_AT: {
    int from = x->kind == N_LITLIST_AT;
    r = kid[from];
    for (int k = from + 1; k < kids; k++)
      r = join(r, kid[k]);
    break;
  }
  case N_IFNUM: r = join(kid[1], kid[2]); break;
  case N_COUNT: r = (Interval){0, x->nkids}; break;
  case N_COUNT_COMP: r = (Interval){0, 64}; break;
  case N_SUM:
    for (int k = 0; k < kids; k++)
      r = (Interval){r.lo + kid[k].lo, r.hi + kid[k].hi};
    break;
  case N_SUM_COMP: r = (Interval){-8 * magnitude(a), 8 * magnitude(a)}; break;
  case N_SUM_BOARD: {
    long long cells = p->board_rows * p->board_cols;
    r = span(cells * p->board_lo, cells * p->board_hi);
    break;
  }
  case N_LIST_AT: r = list_values(p->list[x->val], p->list_len[x->val]); break;
  case N_GRID_AT:
    r = (Interval){p->grid[0][0], p->grid[0][0]};
    for (int i = 0; i < p->grid_rows; i++)
      r = join(r, list_values(p->grid[i], p->grid_cols));
    break;
  case N_BOARD_AT: r = (Interval){p->board_lo, p->board_hi}; break;
  default: break; /* a condition: its kids were looked at */
  }
  if (magnitude(r) > VALUE_LIMIT)
    *big = true;
  return r;
}

/* The unknown, list or board x names is declared (the shrinker drops some). */
static bool refers_to_declared(const Program *p, const Node *x)
{
  switch ((NodeKind)x->kind) {
  case N_VAR: return x->val < p->nvars;
  case N_LIST_AT: case N_IN_CONST: return x->val < p->nlists;
  case N_GRID_AT: return p->grid_rows > 0;
  case N_BOARD_AT: case N_SUM_BOARD: case N_DISTINCT_BOARD: return p->board_rows > 0;
  case N_CONNECTED: return p->board_rows > (x->flag == 2);   /* a picture has two rows */
  case N_CIRCUIT: return x->flag == 0 || p->board_rows > 0;
  case N_STEP: return p->board_rows > 0;
  case N_FORALL: case N_EXISTS: return x->list < p->nlists;
  case N_CALL: return x->val < p->nrules && x->nkids == p->rule[x->val].arity;
  case N_PROP_AT: case N_PROP_SUM: return x->val < p->nent && p->prop_max > 0;
  case N_PROP_IS: case N_PROP_COUNT: return x->val < p->nent && p->has_pb;
  case N_PIC_CMP:   /* its indices known before solving: no unknowns, no parameters */
    return p->pic_rows >= 2
           && !(slots_of(p, x->kid[0]) | slots_of(p, x->kid[1]))
           && !mentions_param(p, x->kid[0]) && !mentions_param(p, x->kid[1]);
  default: return true;
  }
}

/*
** Every I, J, K is used inside a quantifier or comprehension that binds
** it, and none binds a variable already bound (the shrinker moves
** subtrees, so it can break both).
*/
static bool in_scope(const Program *p, int n, unsigned bound, unsigned params, int lo)
{
  if (n < 0)
    return true;
  const Node *x = &p->node[n];
  if (x->kind == N_BOUND)
    return bound >> x->val & 1;
  if (x->kind == N_PARAM)
    return params >> x->val & 1;
  if (!refers_to_declared(p, x))
    return false;
  bool binder = x->kind == N_FORALL || x->kind == N_EXISTS
                || x->kind == N_COUNT_COMP || x->kind == N_SUM_COMP;
  if (binder && ((bound >> x->bound & 1) || x->bound < lo))
    return false;
  if (x->kind == N_CALL && lo > 0) /* no calls inside rule bodies */
    return false;
  int range = x->kind == N_FORALL || x->kind == N_EXISTS ? 0 : 1;
  for (int k = 0; k < x->nkids; k++) {
    bool is_range = binder && (k == range || k == range + 1);
    unsigned inner = is_range || !binder ? bound : bound | 1u << x->bound;
    if (!in_scope(p, x->kid[k], inner, params, lo))
      return false;
  }
  return true;
}

/* A head's variables as a bit set; false when a number is negative. */
static bool head_names(const Rule *rule, int c, unsigned *names)
{
  *names = 0;
  for (int i = 0; i < rule->arity; i++) {
    const Head *h = &rule->clause[c].head[i];
    if (h->kind == HEAD_VAR)
      *names |= 1u << h->val;
    if (h->kind == HEAD_NUM && h->val < 0)
      return false;
  }
  return true;
}

static const char *rule_clause_invalid(const Program *p, const Rule *rule, int c)
{
  unsigned names;
  bool big = false;
  if (!head_names(rule, c, &names))
    return "a negative number in a rule's head";
  if (has_runs(p, rule->clause[c].body, false))
    return "runs inside a rule";
  if (!in_scope(p, rule->clause[c].body, 0, names, RULE_BOUND))
    return "a rule body with a variable not in its head, or a call";
  bounds(p, rule->clause[c].body, &big);
  if (big)
    return "a number too large";
  /* pz checks every rule's body on its own too, called or not: a known
     divisor 0 or index out of range there is its error */
  Checker ck = {.p = p, .call = -1, .env = {.p = p}, .generic = true};
  for (int i = 0; i < prog_slots(p); i++)
    ck.size[i] = slot_domain(p, i, ck.dom[i]);
  return check_node(&ck, rule->clause[c].body);
}

static const char *rule_invalid(const Program *p, const Rule *rule)
{
  if (rule->nclauses < 1 || rule->arity < 1)
    return "a rule without clauses";
  for (int c = 0; c < rule->nclauses; c++) {
    const char *why = rule_clause_invalid(p, rule, c);
    if (why)
      return why;
  }
  return NULL;
}

/* What makes node n invalid as a clause or a goal, before asking whether it can hold; ck set up. */
static const char *node_invalid(const Program *p, int n, Checker *ck)
{
  if (!in_scope(p, n, 0, 0, 0))
    return "a variable used outside its quantifier, or an undeclared name";
  bool big = false;
  bounds(p, n, &big);
  if (big)
    return "a number too large";
  *ck = (Checker){.p = p, .call = -1, .env = {.p = p}};
  for (int i = 0; i < prog_slots(p); i++)
    ck->size[i] = slot_domain(p, i, ck->dom[i]);
  return check_node(ck, n);
}

/* Does runs appear in node n, below it when root (the clause itself may be one)? */
static bool has_runs(const Program *p, int n, bool root)
{
  if (n < 0)
    return false;
  const Node *x = &p->node[n];
  if (x->kind == N_RUNS && !root)
    return true;
  for (int k = 0; k < x->nkids; k++)
    if (has_runs(p, x->kid[k], false))
      return true;
  return false;
}

static const char *clause_invalid(const Program *p, int clause)
{
  int n = p->clause[clause];
  if (has_runs(p, n, true))
    return "runs inside another condition";
  Checker ck;
  const char *why = node_invalid(p, n, &ck);
  if (why)
    return why;
  if (!any_assignment(&ck, slots_of(p, n), holds, n, NULL))
    return "a clause that can never hold";
  return NULL;
}

/* A goal like a clause, but a number, which need not be defined everywhere. */
static const char *goal_invalid(const Program *p)
{
  Checker ck;
  if (has_runs(p, p->goal, false))
    return "runs inside a goal";
  return node_invalid(p, p->goal, &ck);
}

/* --- rules --- */

/* A clause's head: mostly new variables, sometimes one again, `_` or a number. */
static unsigned gen_head(Rng *r, Head *head, int arity)
{
  unsigned names = 0;
  int next = 0;
  for (int i = 0; i < arity; i++) {
    int roll = rng_below(r, 100);
    if (roll < 15 && names) {
      int v;
      do
        v = rng_below(r, next);
      while (!(names >> v & 1));
      head[i] = (Head){HEAD_VAR, (int8_t)v};
    } else if (roll < 30) {
      head[i] = (Head){HEAD_NUM, (int8_t)rng_range(r, 0, 3)};
    } else if (roll < 40) {
      head[i] = (Head){HEAD_WILD, 0};
    } else {
      head[i] = (Head){HEAD_VAR, (int8_t)next};
      names |= 1u << next++;
    }
  }
  return names;
}

static void gen_rules(Program *p, Rng *r)
{
  if (!rng_chance(r, 35))
    return;
  p->nrules = rng_range(r, 1, MAX_RULES);
  Gen g = {.p = p, .r = r, .in_rule = true, .bound_lo = RULE_BOUND, .nbound = RULE_BOUND};
  for (int k = 0; k < p->nrules; k++) {
    Rule *rule = &p->rule[k];
    rule->arity = rng_range(r, 1, MAX_ARITY);
    rule->nclauses = rng_chance(r, 50) ? 1 : rng_range(r, 2, MAX_RULE_CLAUSES);
    for (int c = 0; c < rule->nclauses; c++) {
      g.params = gen_head(r, rule->clause[c].head, rule->arity);
      int mark = p->nnodes;
      do {
        p->nnodes = mark;
        g.budget = CLAUSE_BUDGET / 2;
        rule->clause[c].body = rng_chance(r, 20) ? new_node(&g, N_TRUE, 0)
                                                 : gen_cond(&g, rng_range(r, 1, 3));
        sprinkle_parens(&g, mark);
      } while (rule_clause_invalid(p, rule, c));
    }
  }
}

/* --- the program --- */

/*
** Some puzzles show only part of their unknowns (the rest are helpers),
** or expressions of them: then pz counts answers, not assignments.
*/
static void gen_shows(Program *p, Rng *r)
{
  if (!rng_chance(r, 40))
    return;
  int n = rng_range(r, 1, MAX_SHOWS);
  for (int i = 0; i < n; i++) {
    Show s = {.kind = (uint8_t)rng_below(r, SHOW_KINDS)};
    if (s.kind == SHOW_BOARD && !p->board_rows)
      s.kind = SHOW_VAR;
    if (s.kind != SHOW_BOARD && s.kind != SHOW_TEXT && !p->nvars)
      s.kind = p->board_rows ? SHOW_BOARD : SHOW_TEXT;
    s.a = (int8_t)(p->nvars ? rng_below(r, p->nvars) : 0);
    s.b = (int8_t)(p->nvars ? rng_below(r, p->nvars) : 0);
    s.as = (uint8_t)(rng_chance(r, 30) ? rng_range(r, 1, 2) : 0);
    p->show[p->nshows++] = s;
  }
}

/* connected(b, V), connected(b, V, outside), areas(b, V, clues) or sizes(b), a clause of its own. */
static int gen_connected(Gen *g)
{
  Program *p = g->p;
  int kind = rng_chance(g->r, 25) ? 3 : rng_below(g->r, p->board_rows > 1 ? 3 : 2);
  int n = new_node(g, N_CONNECTED, rng_range(g->r, p->board_lo, p->board_hi));
  p->node[n].flag = (uint8_t)kind;
  return n;
}

/* circuit over the board (when its values can number its cells) or over a few unknowns. */
static int gen_circuit(Gen *g)
{
  Program *p = g->p;
  if (p->board_rows && p->board_rows * p->board_cols <= p->board_hi && rng_chance(g->r, 70)) {
    int n = new_node(g, N_CIRCUIT, 0);
    p->node[n].flag = (uint8_t)rng_range(g->r, 1, 3);
    return n;
  }
  int n = new_node(g, N_CIRCUIT, 0), items = rng_chance(g->r, 20) ? 1 : rng_range(g->r, 2, 4);
  for (int k = 0; k < items; k++)
    add_kid(g, n, p->nvars && rng_chance(g->r, 85) ? gen_var(g) : new_node(g, N_NUM, rng_range(g->r, 0, 4)));
  return n;
}

/*
** One step of a number path (the path library's clause): the board's
** numbers all different, and the cells of two of them a move apart.
** The numbers are constants (position.c's propagator), now and then one
** the board may not hold, or unknowns (an element over the cells).
*/
static int gen_step(Gen *g)
{
  Program *p = g->p;
  int n = new_node(g, N_STEP, rng_below(g->r, 3));
  for (int k = 0; k < 2; k++)
    add_kid(g, n, p->nvars && rng_chance(g->r, 30) ? gen_var(g)   /* an element over the cells */
                  : new_node(g, N_NUM, rng_chance(g->r, 90) ? rng_range(g->r, p->board_lo, p->board_hi)
                                                            : p->board_hi + 1));
  return n;
}

void gen_program(Program *p, Rng *r)
{
  *p = (Program){0};
  gen_declarations(p, r);
  gen_rules(p, r);
  Gen g = {.p = p, .r = r};
  for (int i = 0; i < MAX_BOARD && p->board_rows; i++)    /* the clues of areas, if it comes */
    for (int c = 0; c < MAX_BOARD; c++) {
      int k = rng_below(r, 10);
      p->area_clue[i][c] = (int8_t)(k < 6 ? 0 : k == 6 ? -1 : rng_range(r, 1, 4));
    }
  int clauses = rng_range(r, 1, 5);
  int deepest = rng_chance(r, 20) ? 5 : 4;
  for (int c = 0; c < clauses; c++) {
    for (int attempt = 0; attempt < 30; attempt++) {
      int mark = p->nnodes;
      g.budget = CLAUSE_BUDGET;
      g.nbound = 0;
      int n = rng_chance(r, 8) ? gen_runs(&g)
              : p->board_rows && rng_chance(r, 15) ? gen_connected(&g)
              : rng_chance(r, 6) ? gen_circuit(&g)
              : p->board_rows && rng_chance(r, 25) ? gen_step(&g)
              : gen_cond(&g, rng_range(r, 2, deepest));
      sprinkle_parens(&g, mark);
      p->clause[p->nclauses] = n;
      p->label[p->nclauses] = (int16_t)(rng_chance(r, 10) ? rng_range(r, 1, 20) : 0);
      p->nclauses++;
      if (!clause_invalid(p, p->nclauses - 1))
        break;
      p->nclauses--;
      p->nnodes = mark;
    }
  }
  gen_shows(p, r);
  if (rng_chance(r, 25)) {              /* a goal: pz's optimum against the brute force's */
    for (int attempt = 0; attempt < 30 && !p->has_goal; attempt++) {
      int mark = p->nnodes;
      g.budget = CLAUSE_BUDGET / 2;
      g.nbound = 0;
      p->goal = gen_num(&g, rng_range(r, 1, 3));
      p->goal_max = rng_chance(r, 50);
      p->has_goal = !goal_invalid(p);
      if (!p->has_goal)
        p->nnodes = mark;
    }
  }
}
