/*
** shrink.c -- make a failing puzzle smaller while it still fails.
**
** Greedy: try one edit at a time (drop a clause, hoist a kid into its
** parent's place, replace a part by 0, 1, true or false, drop a list
** item, a filter, an unused declaration, narrow a domain or a range,
** bring a number closer to 0, remove decoration), keep the first edit
** that leaves a valid program which still fails, and start again.  Each
** kept edit lowers size(), so the loop ends.
*/
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "shrink.h"

static bool is_number_kind(int kind)
{
  return kind < N_TRUE;
}

/* A measure every kept edit must lower: text, domains, numbers. */
static long size(const Program *p)
{
  Text t = {0};
  prog_print(p, &t);
  long s = (long)t.len * 64;
  text_free(&t);
  for (int i = 0; i < p->nvars; i++)
    s += p->var[i].n;
  s += p->board_rows * p->board_cols + p->board_hi - p->board_lo;
  for (int l = 0; l < p->nlists; l++)
    s += p->list_len[l];
  /* numbers count by their size, so 5 -> 2 is progress */
  int stack[MAX_NODES], top = 0;
  for (int c = 0; c < p->nclauses; c++)
    stack[top++] = p->clause[c];
  if (p->has_goal)
    stack[top++] = p->goal;
  for (int k = 0; k < p->nrules; k++)
    for (int c = 0; c < p->rule[k].nclauses; c++)
      stack[top++] = p->rule[k].clause[c].body;
  {
    while (top) {
      const Node *x = &p->node[stack[--top]];
      if (x->kind == N_NUM)
        s += abs(x->val);
      for (int k = 0; k < x->nkids; k++)
        if (x->kid[k] >= 0 && top < MAX_NODES)
          stack[top++] = x->kid[k];
    }
  }
  return s;
}

static void set_leaf(Node *x, NodeKind kind, int val)
{
  x->kind = (uint8_t)kind;
  x->val = val;
  x->nkids = 0;
  x->flag = 0;
  x->paren = 0;
}

static bool drop_item(Node *x, int k, int min_items)
{
  int first = x->kind == N_IN_LIST || x->kind == N_LITLIST_AT;
  if (k < first || k >= x->nkids || x->nkids - first <= min_items)
    return false;
  memmove(&x->kid[k], &x->kid[k + 1], (size_t)(x->nkids - k - 1) * sizeof x->kid[0]);
  x->nkids--;
  x->kid[x->nkids] = -1;
  return true;
}

static bool is_list_node(const Node *x)
{
  switch ((NodeKind)x->kind) {
  case N_MIN: case N_MAX: case N_COUNT: case N_SUM: case N_DISTINCT:
  case N_IN_LIST: case N_LITLIST_AT:
    return true;
  default:
    return false;
  }
}

/* Edit `sub` of node n; false when there is no such edit. */
static bool edit_node(Program *p, int n, int sub)
{
  Node *x = &p->node[n];
  bool number = is_number_kind(x->kind);
  if (sub < MAX_KIDS) { /* hoist kid `sub` into x's place */
    if (sub >= x->nkids || x->kid[sub] < 0)
      return false;
    const Node *kid = &p->node[x->kid[sub]];
    if (is_number_kind(kid->kind) != number)
      return false;
    *x = *kid;
    return true;
  }
  sub -= MAX_KIDS;
  switch (sub) {
  case 0: /* a leaf in its place */
  case 1:
    if (x->nkids == 0 && (x->kind == N_NUM || x->kind == N_TRUE || x->kind == N_FALSE))
      return false;
    if (number)
      set_leaf(x, N_NUM, sub);
    else
      set_leaf(x, sub ? N_TRUE : N_FALSE, 0);
    return true;
  case 2: /* a number closer to 0 */
    if (x->kind != N_NUM || x->val == 0)
      return false;
    x->val = x->val / 2;
    return true;
  case 3: /* no filter */
    if ((x->kind != N_FORALL && x->kind != N_EXISTS && x->kind != N_COUNT_COMP
         && x->kind != N_SUM_COMP) || x->kid[x->kind == N_FORALL || x->kind == N_EXISTS ? 2 : 3] < 0)
      return false;
    x->kid[x->kind == N_FORALL || x->kind == N_EXISTS ? 2 : 3] = -1;
    return true;
  case 4: /* narrow a quantifier's range from above */
  case 5: { /* ... or from below */
    if (x->kind != N_FORALL && x->kind != N_EXISTS && x->kind != N_COUNT_COMP
        && x->kind != N_SUM_COMP)
      return false;
    int lo = x->kind == N_FORALL || x->kind == N_EXISTS ? 0 : 1;
    if (x->list >= 0 || x->kid[lo] < 0)
      return false;
    Node *a = &p->node[x->kid[lo]], *b = &p->node[x->kid[lo + 1]];
    if (a->kind != N_NUM || b->kind != N_NUM || a->val > b->val)
      return false;
    if (sub == 4)
      b->val--;
    else
      a->val++;
    return true;
  }
  case 6: /* plain decoration */
    if (!x->paren && !x->flag)
      return false;
    x->paren = 0;
    x->flag = 0;
    return true;
  default: /* drop list item sub - 7 */
    return is_list_node(x)
           && drop_item(x, sub - 7, x->kind == N_MIN || x->kind == N_MAX ? 2 : 1);
  }
}

#define NODE_EDITS (2 * MAX_KIDS + 7)

/* Renumber the unknowns after var i is dropped. */
static void drop_var(Program *p, int i)
{
  for (int n = 0; n < p->nnodes; n++)
    if (p->node[n].kind == N_VAR && p->node[n].val > i)
      p->node[n].val--;
  memmove(&p->var[i], &p->var[i + 1], (size_t)(p->nvars - i - 1) * sizeof p->var[0]);
  p->nvars--;
}

/* Drop a rule's clause, or make a place of its head `_`. */
static bool edit_rule(Program *p, int e)
{
  int rule = e / (MAX_RULE_CLAUSES * (1 + MAX_ARITY));
  int c = e / (1 + MAX_ARITY) % MAX_RULE_CLAUSES, place = e % (1 + MAX_ARITY) - 1;
  if (rule >= p->nrules || c >= p->rule[rule].nclauses)
    return false;
  Rule *r = &p->rule[rule];
  if (place < 0) {
    if (r->nclauses < 2)
      return false;
    memmove(&r->clause[c], &r->clause[c + 1], (size_t)(r->nclauses - c - 1) * sizeof r->clause[0]);
    r->nclauses--;
    return true;
  }
  if (place >= r->arity || r->clause[c].head[place].kind == HEAD_WILD)
    return false;
  r->clause[c].head[place] = (Head){HEAD_WILD, 0};
  return true;
}

#define RULE_EDITS (MAX_RULES * MAX_RULE_CLAUSES * (1 + MAX_ARITY))

/* A program-wide edit; false when there is no edit number e. */
static bool edit_program(Program *p, int e)
{
  if (e < MAX_CLAUSES) { /* drop a clause */
    if (e >= p->nclauses)
      return false;
    memmove(&p->clause[e], &p->clause[e + 1], (size_t)(p->nclauses - e - 1) * sizeof p->clause[0]);
    memmove(&p->label[e], &p->label[e + 1], (size_t)(p->nclauses - e - 1) * sizeof p->label[0]);
    p->nclauses--;
    return true;
  }
  e -= MAX_CLAUSES;
  if (e < MAX_VARS) { /* drop an unknown (invalid if still used) */
    if (e >= p->nvars)
      return false;
    drop_var(p, e);
    return true;
  }
  e -= MAX_VARS;
  if (e < 2 * MAX_VARS) { /* a value fewer */
    Unknown *u = &p->var[e / 2];
    if (e / 2 >= p->nvars || u->n <= 1)
      return false;
    if (e % 2 == 0)
      memmove(u->vals, u->vals + 1, (size_t)(u->n - 1) * sizeof u->vals[0]);
    u->n--;
    return true;
  }
  e -= 2 * MAX_VARS;
  switch (e) {
  case 0: if (!p->board_rows) return false; p->board_rows = 0; return true;
  case 1: if (p->board_rows < 2) return false; p->board_rows--; return true;
  case 2: if (p->board_cols < 2 || !p->board_rows) return false; p->board_cols--; return true;
  case 3: if (!p->board_rows || p->board_hi <= p->board_lo) return false; p->board_hi--; return true;
  case 4: if (!p->board_rows || p->board_hi <= p->board_lo) return false; p->board_lo++; return true;
  case 5: if (!p->grid_rows) return false; p->grid_rows = 0; return true;
  case 6: if (p->grid_rows < 2) return false; p->grid_rows--; return true;
  case 7: if (p->grid_cols < 2 || !p->grid_rows) return false; p->grid_cols--; return true;
  case 8: if (!p->nlists) return false; p->nlists--; return true;
  case 9: case 10:
    if (e - 9 >= p->nlists || p->list_len[e - 9] < 2) return false;
    p->list_len[e - 9]--;
    return true;
  case 11: case 12: case 13: case 14: case 15: case 16:
    if (e - 11 >= p->nclauses || !p->label[e - 11]) return false;
    p->label[e - 11] = 0;
    return true;
  case 17: if (!p->nrules) return false; p->nrules--; return true;
  case 18: if (!p->has_goal) return false; p->has_goal = false; return true;
  default:
    return edit_rule(p, e - 19);
  }
}

#define PROGRAM_EDITS (MAX_CLAUSES + 3 * MAX_VARS + 19 + RULE_EDITS)

static bool apply_edit(Program *p, int e)
{
  if (e < PROGRAM_EDITS)
    return edit_program(p, e);
  e -= PROGRAM_EDITS;
  if (e / NODE_EDITS >= p->nnodes)
    return false;
  return edit_node(p, e / NODE_EDITS, e % NODE_EDITS);
}

int shrink_greedy(const Shrinker *sh, void *x, void *arg, int max_tries)
{
  int tries = 0;
  long best = sh->measure(x, arg);
  bool progress = true;
  void *cand = malloc(sh->bytes);
  if (!cand)
    return 0;
  while (progress && tries < max_tries) {
    progress = false;
    int edits = sh->edits(x);
    for (int e = 0; e < edits && tries < max_tries; e++) {
      memcpy(cand, x, sh->bytes);
      if (!sh->apply(cand, e))
        continue;
      long s = sh->measure(cand, arg);
      if (s >= best)
        continue;
      tries++;
      if (sh->still_fails(cand, arg)) {
        memcpy(x, cand, sh->bytes);
        best = s;
        progress = true;
        break;
      }
    }
  }
  free(cand);
  return tries;
}

/* --- the random programs of gen.c --- */

static int program_edits(const void *x)
{
  const Program *p = x;
  return PROGRAM_EDITS + p->nnodes * NODE_EDITS;
}

/* An edit that leaves a valid program. */
static bool program_apply(void *x, int e)
{
  return apply_edit(x, e) && !prog_invalid(x);
}

static long program_size(const void *x, void *arg)
{
  (void)arg;
  return size(x);
}

typedef struct ProgramGoal { StillFails still_fails; void *arg; } ProgramGoal;

static bool program_fails(const void *x, void *arg)
{
  const ProgramGoal *goal = arg;
  return goal->still_fails(x, goal->arg);
}

int shrink(Program *p, StillFails still_fails, void *arg, int max_tries)
{
  static const Shrinker sh = {sizeof(Program), program_edits, program_apply, program_size,
                              program_fails};
  ProgramGoal goal = {still_fails, arg};
  return shrink_greedy(&sh, p, &goal, max_tries);
}
