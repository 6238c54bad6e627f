/*
** eval.c -- the brute-force evaluator: the meaning of a generated puzzle.
**
** Written from doc/language.md and the relational semantics of partial
** operations, never from pz's sources:
**   - A / B rounds toward zero and A mod B takes the sign of A (C's / and
**     %); both are undefined when B = 0.  An index outside 1..n of its
**     own dimension is undefined.
**   - A term is undefined when any term inside it is (min, max, sum, abs,
**     list items, ...), except `if C then A else B`, which is undefined
**     only when the branch taken is.
**   - An undefined term makes its nearest enclosing atomic condition
**     false: a comparison, a membership, distinct.  and/or/not/->/<->,
**     if-then-else, forall/exists and the items of count([...]) are
**     built from those, so they never see an undefined value.
*/
#include <stdlib.h>
#include <string.h>

#include "model.h"

static const Node *at(const Env *e, int n)
{
  return &e->p->node[n];
}

static Value undefined(Env *e)
{
  e->saw_undefined = true;
  return (Value){false, 0};
}

static Value defined(int v)
{
  return (Value){true, v};
}

/* The cell of an n-item dimension at 1-based position i, or -1 outside. */
static int position(Value i, int n)
{
  return i.defined && i.v >= 1 && i.v <= n ? i.v - 1 : -1;
}

static Value eval_div(Env *e, const Node *x)
{
  Value a = eval_num(e, x->kid[0]), b = eval_num(e, x->kid[1]);
  if (!a.defined || !b.defined)
    return (Value){false, 0};
  if (b.v == 0)
    return undefined(e);
  return defined(x->kind == N_DIV ? a.v / b.v : a.v % b.v);
}

static Value eval_minmax(Env *e, const Node *x)
{
  int best = 0;
  for (int k = 0; k < x->nkids; k++) {
    Value a = eval_num(e, x->kid[k]);
    if (!a.defined)
      return a;
    if (k == 0 || (x->kind == N_MIN ? a.v < best : a.v > best))
      best = a.v;
  }
  return defined(best);
}

static Value eval_sum(Env *e, const Node *x)
{
  int total = 0;
  for (int k = 0; k < x->nkids; k++) {
    Value a = eval_num(e, x->kid[k]);
    if (!a.defined)
      return a;
    total += a.v;
  }
  return defined(total);
}

/* Whether the comprehension's current value of its variable is kept. */
static bool comp_keeps(Env *e, const Node *x)
{
  return x->kid[3] < 0 || e->bound[x->bound] != at(e, x->kid[3])->val;
}

static Value eval_comprehension(Env *e, const Node *x)
{
  int lo = eval_num(e, x->kid[1]).v, hi = eval_num(e, x->kid[2]).v;
  int total = 0;
  for (int i = lo; i <= hi; i++) {
    e->bound[x->bound] = i;
    if (!comp_keeps(e, x))
      continue;
    if (x->kind == N_COUNT_COMP) {
      total += eval_cond(e, x->kid[0]);
    } else {
      Value a = eval_num(e, x->kid[0]);
      if (!a.defined)
        return a;
      total += a.v;
    }
  }
  return defined(total);
}

static Value eval_index(Env *e, const Node *x)
{
  const Program *p = e->p;
  Value i = eval_num(e, x->kid[0]);
  if (x->kind == N_LIST_AT) {
    int k = position(i, p->list_len[x->val]);
    return k < 0 ? (i.defined ? undefined(e) : i) : defined(p->list[x->val][k]);
  }
  if (x->kind == N_LITLIST_AT) {
    /* Every item is a term of the list: one undefined item spoils it. */
    Value item[MAX_KIDS];
    for (int k = 1; k < x->nkids; k++)
      if (!(item[k] = eval_num(e, x->kid[k])).defined)
        return item[k];
    int k = position(i, x->nkids - 1);
    return k < 0 ? (i.defined ? undefined(e) : i) : item[k + 1];
  }
  Value j = eval_num(e, x->kid[1]);
  if (!i.defined || !j.defined)
    return (Value){false, 0};
  if (x->kind == N_GRID_AT) {
    int r = position(i, p->grid_rows), c = position(j, p->grid_cols);
    return r < 0 || c < 0 ? undefined(e) : defined(p->grid[r][c]);
  }
  int r = position(i, p->board_rows), c = position(j, p->board_cols);
  return r < 0 || c < 0 ? undefined(e)
                        : defined(e->slot[p->nvars + r * p->board_cols + c]);
}

Value eval_num(Env *e, int n)
{
  const Node *x = at(e, n);
  Value a, b;
  switch ((NodeKind)x->kind) {
  case N_NUM:
    return defined(x->val);
  case N_VAR:
    return defined(e->slot[x->val]);
  case N_BOUND:
    return defined(e->bound[x->val]);
  case N_PARAM:
    return defined(e->param[x->val]);
  case N_NEG:
    a = eval_num(e, x->kid[0]);
    return a.defined ? defined(-a.v) : a;
  case N_ABS:
    a = eval_num(e, x->kid[0]);
    return a.defined ? defined(a.v < 0 ? -a.v : a.v) : a;
  case N_ADD:
  case N_SUB:
  case N_MUL:
    a = eval_num(e, x->kid[0]);
    b = eval_num(e, x->kid[1]);
    if (!a.defined || !b.defined)
      return (Value){false, 0};
    return defined(x->kind == N_ADD ? a.v + b.v
                   : x->kind == N_SUB ? a.v - b.v : a.v * b.v);
  case N_DIV:
  case N_MOD:
    return eval_div(e, x);
  case N_MIN:
  case N_MAX:
    return eval_minmax(e, x);
  case N_IFNUM:
    return eval_num(e, x->kid[eval_cond(e, x->kid[0]) ? 1 : 2]);
  case N_COUNT: {
    int c = 0;
    for (int k = 0; k < x->nkids; k++)
      c += eval_cond(e, x->kid[k]);
    return defined(c);
  }
  case N_SUM:
    return eval_sum(e, x);
  case N_COUNT_COMP:
  case N_SUM_COMP:
    return eval_comprehension(e, x);
  case N_SUM_BOARD: {
    int total = 0;
    for (int k = e->p->nvars; k < prog_board_end(e->p); k++)
      total += e->slot[k];
    return defined(total);
  }
  case N_LIST_AT:
  case N_GRID_AT:
  case N_BOARD_AT:
  case N_LITLIST_AT:
    return eval_index(e, x);
  case N_PROP_AT:
    return defined(e->slot[prog_pa(e->p) + x->val]);
  case N_PROP_SUM: {
    int total = 0;
    for (int k = 0; k < e->p->nent; k++)
      total += e->slot[prog_pa(e->p) + k];
    return defined(total);
  }
  case N_PROP_COUNT: {
    int count = 0;
    for (int k = 0; k < e->p->nent; k++)
      count += e->slot[prog_pb(e->p) + k] == x->flag;
    return defined(count);
  }
  default:
    break;
  }
  return (Value){false, 0}; /* not a number: the generator never does this */
}

static bool compare(CmpOp op, int a, int b)
{
  switch (op) {
  case CMP_EQ: return a == b;
  case CMP_NE: return a != b;
  case CMP_LT: return a < b;
  case CMP_LE: return a <= b;
  case CMP_GT: return a > b;
  case CMP_GE: return a >= b;
  }
  return false;
}

/*
** A cell of the picture against a number, a label or a blank: a label
** equals only the same label, a blank only a blank; any other = (and
** <, <=, >, >=) is false and != true.  An undefined side: false.
*/
static bool eval_pic_cmp(Env *e, const Node *x)
{
  const Program *p = e->p;
  Value r = eval_num(e, x->kid[0]), c = eval_num(e, x->kid[1]);
  if (!r.defined || !c.defined || r.v < 1 || r.v > p->pic_rows || c.v < 1 || c.v > p->pic_cols)
    return false;
  int cell = p->pic[r.v - 1][c.v - 1];
  static const int label[] = {0, PIC_T, PIC_A, PIC_BLANK};
  if (x->flag == 0) {
    Value v = eval_num(e, x->kid[2]);
    if (!v.defined)
      return false;
    if (cell >= 0)
      return compare((CmpOp)x->val, cell, v.v);
    return x->val == CMP_NE;
  }
  return cell == label[x->flag] ? x->val == CMP_EQ : x->val == CMP_NE;
}

/* distinct over values already known to be defined. */
static bool all_different(const int *v, int n)
{
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (v[i] == v[j])
        return false;
  return true;
}

static bool eval_membership(Env *e, const Node *x)
{
  Value a = eval_num(e, x->kid[0]);
  bool found = false, all_defined = a.defined;
  if (x->kind == N_IN_CONST) {
    for (int k = 0; a.defined && k < e->p->list_len[x->val]; k++)
      found |= e->p->list[x->val][k] == a.v;
    return found;
  }
  if (x->kind == N_IN_RANGE) {
    Value lo = eval_num(e, x->kid[1]), hi = eval_num(e, x->kid[2]);
    return a.defined && lo.defined && hi.defined && lo.v <= a.v && a.v <= hi.v;
  }
  for (int k = 1; k < x->nkids; k++) {
    Value item = eval_num(e, x->kid[k]);
    all_defined &= item.defined;
    found |= item.defined && a.defined && item.v == a.v;
  }
  return all_defined && found;
}

static bool eval_distinct(Env *e, const Node *x)
{
  int v[MAX_KIDS];
  for (int k = 0; k < x->nkids; k++) {
    Value a = eval_num(e, x->kid[k]);
    if (!a.defined)
      return false;
    v[k] = a.v;
  }
  return all_different(v, x->nkids);
}

/* The values a quantifier's variable takes, in order; their count. */
static int quantifier_values(Env *e, const Node *x, int *vals)
{
  int n = 0;
  if (x->list >= 0) {
    for (int k = 0; k < e->p->list_len[x->list]; k++)
      vals[n++] = e->p->list[x->list][k];
    return n;
  }
  int lo = eval_num(e, x->kid[0]).v, hi = eval_num(e, x->kid[1]).v;
  for (int i = lo; i <= hi && n < 64; i++)
    vals[n++] = i;
  return n;
}

/*
** forall I in R, F: B  holds when every I with F true has B true;
** exists I in R, F: B  holds when some I has both F and B true.
*/
static bool eval_quantifier(Env *e, const Node *x)
{
  int vals[64];
  int n = quantifier_values(e, x, vals);
  bool is_forall = x->kind == N_FORALL;
  for (int k = 0; k < n; k++) {
    e->bound[x->bound] = vals[k];
    bool kept = x->kid[2] < 0 || eval_cond(e, x->kid[2]);
    if (!kept)
      continue;
    bool body = eval_cond(e, x->kid[3]);
    if (is_forall && !body)
      return false;
    if (!is_forall && body)
      return true;
  }
  return is_forall;
}

bool bind_head(Env *e, const Rule *r, int clause, const int *args)
{
  unsigned seen = 0;
  for (int i = 0; i < r->arity; i++) {
    const Head *h = &r->clause[clause].head[i];
    if (h->kind == HEAD_NUM && args[i] != h->val)
      return false;
    if (h->kind != HEAD_VAR)
      continue;
    if (seen >> h->val & 1) {
      if (e->param[h->val] != args[i])
        return false;
    } else {
      e->param[h->val] = args[i];
      seen |= 1u << h->val;
    }
  }
  return true;
}

/*
** A rule call is its rule's clauses joined by `or`, each with the
** arguments put in for its head.  The arguments are never partial (the
** generator sees to it), so each is a plain value.
*/
static bool eval_call(Env *e, const Node *x)
{
  const Rule *r = &e->p->rule[x->val];
  int args[MAX_ARITY], saved[MAX_ARITY];
  for (int k = 0; k < r->arity; k++)
    args[k] = eval_num(e, x->kid[k]).v;
  for (int k = 0; k < MAX_ARITY; k++)
    saved[k] = e->param[k];
  bool holds = false;
  for (int c = 0; c < r->nclauses && !holds; c++)
    holds = bind_head(e, r, c, args) && eval_cond(e, r->clause[c].body);
  for (int k = 0; k < MAX_ARITY; k++)
    e->param[k] = saved[k];
  return holds;
}

/*
** connected and areas by flood fill: the cells of b holding x->val, each
** area in turn; with the outside, the areas touching the edge count as one.
** sizes (flag 3): every area of equal values, each as large as its value.
*/
static bool eval_connected(const Env *e, const Node *x)
{
  const Program *p = e->p;
  int rows = p->board_rows, cols = p->board_cols, n = rows * cols;
  const int *cell = e->slot + p->nvars;
  int area[MAX_BOARD * MAX_BOARD], stack[MAX_BOARD * MAX_BOARD], nareas = 0;
  for (int i = 0; i < n; i++)
    area[i] = -1;
  for (int i = 0; i < n && x->flag == 3; i++) {
    if (area[i] >= 0)
      continue;
    int sp = 0, size = 0;
    area[i] = i;
    stack[sp++] = i;
    while (sp > 0) {
      int k = stack[--sp], r = k / cols, c = k % cols;
      size++;
      int nb[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (int t = 0; t < 4; t++) {
        int w = nb[t][0] * cols + nb[t][1];
        if (nb[t][0] >= 0 && nb[t][1] >= 0 && nb[t][0] < rows && nb[t][1] < cols && area[w] < 0 &&
            cell[w] == cell[i]) {
          area[w] = i;
          stack[sp++] = w;
        }
      }
    }
    if (size != cell[i])
      return false;
  }
  if (x->flag == 3)
    return true;
  for (int i = 0; i < n; i++) {
    if (x->flag == 2 && p->area_clue[i / cols][i % cols] && cell[i] != x->val)
      return false;
    if (cell[i] != x->val || area[i] >= 0)
      continue;
    int sp = 0, size = 0, clues = 0, clue = 0;
    bool edge = false;
    area[i] = nareas;
    stack[sp++] = i;
    while (sp > 0) {
      int k = stack[--sp], r = k / cols, c = k % cols;
      size++;
      if (p->area_clue[r][c]) {
        clues++;
        clue = p->area_clue[r][c];
      }
      edge |= r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
      int nb[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (int t = 0; t < 4; t++) {
        int r2 = nb[t][0], c2 = nb[t][1];
        if (r2 < 0 || c2 < 0 || r2 >= rows || c2 >= cols)
          continue;
        int w = r2 * cols + c2;
        if (cell[w] == x->val && area[w] < 0) {
          area[w] = nareas;
          stack[sp++] = w;
        }
      }
    }
    nareas++;
    if (x->flag == 2 && (clues != 1 || (clue > 0 && clue != size)))
      return false;
    if (x->flag == 1 && !edge)
      return false;                     /* shut in */
  }
  return x->flag != 0 || nareas <= 1;
}

/*
** circuit: item k holds the position (from 1) of the item after it, and
** following them from the first runs through all of them back to it; on
** the board the items are its cells row by row, each next one a move of
** the given kind away (flag 2 orthogonal, 3 king).
*/
static bool eval_circuit(Env *e, const Node *x)
{
  const Program *p = e->p;
  int v[MAX_BOARD * MAX_BOARD + MAX_KIDS], n = 0;
  if (x->flag == 0) {
    for (int k = 0; k < x->nkids; k++) {
      Value a = eval_num(e, x->kid[k]);
      if (!a.defined)
        return false;
      v[n++] = a.v;
    }
  } else {
    n = p->board_rows * p->board_cols;
    for (int i = 0; i < n; i++)
      v[i] = e->slot[p->nvars + i];
  }
  for (int k = 0; k < n; k++) {
    if (v[k] < 1 || v[k] > n)
      return false;
    if (x->flag >= 2) {
      int cols = p->board_cols, dr = (v[k] - 1) / cols - k / cols, dc = (v[k] - 1) % cols - k % cols;
      int ar = dr < 0 ? -dr : dr, ac = dc < 0 ? -dc : dc;
      if (x->flag == 2 ? ar + ac != 1 : ar > 1 || ac > 1 || ar + ac == 0)
        return false;
    }
  }
  int at = 0, steps = 0;
  bool seen[MAX_BOARD * MAX_BOARD + MAX_KIDS] = { false };
  while (n > 0 && !seen[at]) {
    seen[at] = true;
    at = v[at] - 1;
    steps++;
  }
  return at == 0 && steps == n;
}

/*
** distinct(b), step(b, Move, cell_of(b, K1), cell_of(b, K2)): with the
** numbers all different each is at one cell or none, and the cells of
** K1 and K2 are a move apart (orthogonal, king or knight).
*/
static bool eval_step(Env *e, const Node *x)
{
  const Program *p = e->p;
  int n = p->board_rows * p->board_cols, at[2] = { -1, -1 };
  const int *b = e->slot + p->nvars;
  if (!all_different(b, n))
    return false;
  for (int k = 0; k < 2; k++) {
    Value want = eval_num(e, x->kid[k]);
    for (int i = 0; i < n; i++)
      if (want.defined && b[i] == want.v)
        at[k] = i;
    if (at[k] < 0)
      return false;
  }
  int dr = at[0] / p->board_cols - at[1] / p->board_cols;
  int dc = at[0] % p->board_cols - at[1] % p->board_cols;
  int ar = dr < 0 ? -dr : dr, ac = dc < 0 ? -dc : dc;
  return x->val == 0 ? ar + ac == 1
       : x->val == 1 ? ar <= 1 && ac <= 1 && ar + ac > 0
                     : (ar == 1 && ac == 2) || (ar == 2 && ac == 1);
}

bool eval_cond(Env *e, int n)
{
  const Node *x = at(e, n);
  switch ((NodeKind)x->kind) {
  case N_TRUE:
    return true;
  case N_FALSE:
    return false;
  case N_CMP: {
    Value a = eval_num(e, x->kid[0]), b = eval_num(e, x->kid[1]);
    return a.defined && b.defined && compare((CmpOp)x->val, a.v, b.v);
  }
  case N_IN_LIST:
  case N_IN_RANGE:
  case N_IN_CONST:
    return eval_membership(e, x);
  case N_DISTINCT:
    return eval_distinct(e, x);
  case N_DISTINCT_BOARD:
    return all_different(e->slot + e->p->nvars, prog_board_end(e->p) - e->p->nvars);
  case N_RUNS: {                        /* the blocks of 1s of a 0/1 line */
    int nruns = 0, run = 0;
    for (int k = 0; k <= x->nkids; k++) {
      int v = 0;
      if (k < x->nkids) {
        Value c = eval_num(e, x->kid[k]);
        if (!c.defined || (c.v != 0 && c.v != 1))
          return false;
        v = c.v;
      }
      if (v == 1) {
        run++;
      } else if (run > 0) {
        if (nruns >= x->flag || (x->val >> (4 * nruns) & 15) != run)
          return false;
        nruns++;
        run = 0;
      }
    }
    return nruns == x->flag;
  }
  case N_CONNECTED:
    return eval_connected(e, x);
  case N_CIRCUIT:
    return eval_circuit(e, x);
  case N_STEP:
    return eval_step(e, x);
  case N_PROP_IS:
    return (e->slot[prog_pb(e->p) + x->val] == (x->flag & 1)) != (x->flag >> 1 & 1);
  case N_PIC_CMP:
    return eval_pic_cmp(e, x);
  case N_AND:
  case N_COMMA:
    return eval_cond(e, x->kid[0]) && eval_cond(e, x->kid[1]);
  case N_OR:
  case N_SEMI:
    return eval_cond(e, x->kid[0]) || eval_cond(e, x->kid[1]);
  case N_NOT:
    return !eval_cond(e, x->kid[0]);
  case N_IMP:
    return !eval_cond(e, x->kid[0]) || eval_cond(e, x->kid[1]);
  case N_IFF:
    return eval_cond(e, x->kid[0]) == eval_cond(e, x->kid[1]);
  case N_IFBOOL:
    return eval_cond(e, x->kid[eval_cond(e, x->kid[0]) ? 1 : 2]);
  case N_FORALL:
  case N_EXISTS:
    return eval_quantifier(e, x);
  case N_CALL:
    return eval_call(e, x);
  default:
    break;
  }
  return false; /* not a condition: the generator never does this */
}

int slot_domain(const Program *p, int i, int *vals)
{
  if (i < p->nvars) {
    for (int k = 0; k < p->var[i].n; k++)
      vals[k] = p->var[i].vals[k];
    return p->var[i].n;
  }
  int n = 0;
  if (i >= prog_pb(p)) {                /* yes, no */
    vals[0] = 0, vals[1] = 1;
    return 2;
  }
  if (i >= prog_pa(p)) {
    for (int v = 0; v <= p->prop_max; v++)
      vals[n++] = v;
    return n;
  }
  for (int v = p->board_lo; v <= p->board_hi; v++)
    vals[n++] = v;
  return n;
}

long prog_space(const Program *p)
{
  long space = 1;
  int vals[MAX_DOM];
  for (int i = 0; i < prog_slots(p) && space <= MAX_SPACE; i++)
    space *= slot_domain(p, i, vals);
  return space;
}

/* Step the assignment like an odometer; false after the last one. */
static bool next_assignment(Env *e, int (*dom)[MAX_DOM], const int *size, int *digit)
{
  for (int i = 0; i < prog_slots(e->p); i++) {
    if (++digit[i] < size[i]) {
      e->slot[i] = dom[i][digit[i]];
      return true;
    }
    digit[i] = 0;
    e->slot[i] = dom[i][0];
  }
  return false;
}

long brute_count(const Program *p, bool *undef)
{
  Env e = {.p = p};
  int dom[MAX_SLOTS][MAX_DOM], size[MAX_SLOTS], digit[MAX_SLOTS] = {0};
  for (int i = 0; i < prog_slots(p); i++) {
    size[i] = slot_domain(p, i, dom[i]);
    e.slot[i] = dom[i][0];
  }
  long solutions = 0;
  do {
    bool ok = true;
    for (int c = 0; c < p->nclauses && ok; c++)
      ok = eval_cond(&e, p->clause[c]);
    solutions += ok;
  } while (next_assignment(&e, dom, size, digit));
  *undef = e.saw_undefined;
  return solutions;
}

/* --- answers: what the shows (and a logic grid's table) print, each distinct one once --- */

#define MAX_ANSWER (MAX_SHOWS * MAX_BOARD * MAX_BOARD + 2 * MAX_ENT)

/* The values the shows print under e's assignment, into out; how many. */
static int answer_of(const Env *e, int *out)
{
  const Program *p = e->p;
  int n = 0;
  for (int i = 0; i < p->nshows; i++) {
    const Show *s = &p->show[i];
    int a = s->a >= 0 && s->a < p->nvars ? e->slot[s->a] : 0;
    int b = s->b >= 0 && s->b < p->nvars ? e->slot[s->b] : 0;
    switch (s->kind) {
    case SHOW_VAR: out[n++] = a; break;
    case SHOW_SUM: out[n++] = a + b; break;
    case SHOW_TWICE: out[n++] = a * 2; break;
    case SHOW_LESS: out[n++] = a < b; break;
    case SHOW_BOARD:
      for (int k = p->nvars; k < prog_board_end(p); k++)
        out[n++] = e->slot[k];
      break;
    default: break;
    }
  }
  for (int k = prog_pa(p); k < prog_slots(p); k++)   /* a logic grid's table always prints */
    out[n++] = e->slot[k];
  return n;
}

static int answer_len;

static int cmp_answer(const void *x, const void *y)
{
  return memcmp(x, y, (size_t)answer_len * sizeof(int));
}

long brute_answers(const Program *p)
{
  bool undef;
  if (p->nshows == 0)
    return brute_count(p, &undef);
  Env e = {.p = p};
  int dom[MAX_SLOTS][MAX_DOM], size[MAX_SLOTS], digit[MAX_SLOTS] = {0};
  for (int i = 0; i < prog_slots(p); i++) {
    size[i] = slot_domain(p, i, dom[i]);
    e.slot[i] = dom[i][0];
  }
  int *answers = malloc((size_t)MAX_SPACE * MAX_ANSWER * sizeof *answers);
  if (!answers)
    abort();
  long n = 0;
  do {
    bool ok = true;
    for (int c = 0; c < p->nclauses && ok; c++)
      ok = eval_cond(&e, p->clause[c]);
    if (ok && n < MAX_SPACE) {
      memset(answers + n * MAX_ANSWER, 0, MAX_ANSWER * sizeof *answers);
      answer_of(&e, answers + n * MAX_ANSWER);
      n++;
    }
  } while (next_assignment(&e, dom, size, digit));
  answer_len = MAX_ANSWER;
  qsort(answers, (size_t)n, MAX_ANSWER * sizeof *answers, cmp_answer);
  long distinct = 0;
  for (long i = 0; i < n; i++)
    distinct += i == 0 || cmp_answer(answers + i * MAX_ANSWER, answers + (i - 1) * MAX_ANSWER) != 0;
  free(answers);
  return distinct;
}

/* --- the optimum of a goal --- */

long brute_optimum(const Program *p, bool all, int *best)
{
  Env e = {.p = p};
  int dom[MAX_SLOTS][MAX_DOM], size[MAX_SLOTS], digit[MAX_SLOTS] = {0};
  for (int i = 0; i < prog_slots(p); i++) {
    size[i] = slot_domain(p, i, dom[i]);
    e.slot[i] = dom[i][0];
  }
  bool answers = !all && p->nshows > 0;
  int *found = malloc((size_t)MAX_SPACE * MAX_ANSWER * sizeof *found);
  if (!found)
    abort();
  long n = 0;
  bool any = false;
  do {
    bool ok = true;
    for (int c = 0; c < p->nclauses && ok; c++)
      ok = eval_cond(&e, p->clause[c]);
    Value v = ok ? eval_num(&e, p->goal) : (Value){0};
    if (!v.defined)
      continue;
    if (!any || (p->goal_max ? v.v > *best : v.v < *best))
      n = 0;                            /* better: count afresh */
    else if (v.v != *best)
      continue;
    any = true;
    *best = v.v;
    if (n < MAX_SPACE) {
      memset(found + n * MAX_ANSWER, 0, MAX_ANSWER * sizeof *found);
      if (answers)
        answer_of(&e, found + n * MAX_ANSWER);
      else
        found[n * MAX_ANSWER] = (int)n;   /* every assignment its own */
      n++;
    }
  } while (next_assignment(&e, dom, size, digit));
  answer_len = MAX_ANSWER;
  qsort(found, (size_t)n, MAX_ANSWER * sizeof *found, cmp_answer);
  long distinct = 0;
  for (long i = 0; i < n; i++)
    distinct += i == 0 || cmp_answer(found + i * MAX_ANSWER, found + (i - 1) * MAX_ANSWER) != 0;
  free(found);
  return distinct;
}
