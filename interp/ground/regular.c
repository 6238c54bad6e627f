/*
** regular.c -- lines read by an automaton.
**
** regular(L, Transitions, Start, Accepting) says that an automaton,
** starting in Start and reading the items of L one by one, can follow
** the transitions [From, Value, To] to the end of L and stop in one of
** the Accepting states.  States are numbers or value names; the
** automaton may be nondeterministic.  It becomes one MS_REGULAR step
** (props/regular.c, domain consistent).
**
** runs(L) = [3, 1] says that the blocks of filled cells (1s) of the 0/1
** line L have the lengths 3 and 1, in that order: the automaton of
** 0* 1^3 0+ 1^1 0*, posted the same way.  A line known before solving
** simply has its runs as a value (show runs(L) prints them).
*/
#include "ground/regular.h"

#include <stdio.h>

#include "base/mem.h"
#include "ground/post.h"

/* The automaton being read: states as 0 .. n - 1, transitions as ints. */
typedef struct Automaton {
  Values states;       /* the puzzle's state of each number */
  VEC(int32_t) trans;  /* (from, value, to) */
  VEC(uint8_t) accept;
} Automaton;

static void automaton_free(Automaton *a)
{
  VEC_FREE(a->states);
  VEC_FREE(a->trans);
  VEC_FREE(a->accept);
}

static bool same_known(Value a, Value b)
{
  return a.kind == b.kind && a.i == b.i;
}

/*
** Is v a state or a value an automaton can read: a number or a value name
** known before solving?  Else report it at `at` (`what` names the place,
** "the start", "transition 2") and say false.
*/
static bool known_item(Ground *g, Loc at, Value v, const char *what)
{
  if (v.kind == V_INT || v.kind == V_ATOM)
    return true;
  if (v.kind == V_LIN)
    ground_error(g, at, "the automaton of regular must be known before solving, but %s is not", what);
  else if (v.kind != V_NONE)
    ground_error(g, at, "the states and values of regular are numbers or value names, but %s "
                 "is %s", what, value_words(v));
  return false;
}

/* The number of state v (known_item), added if new. */
static int32_t state_of(Automaton *a, Value v)
{
  for (size_t i = 0; i < a->states.len; i++)
    if (same_known(a->states.data[i], v))
      return (int32_t)i;
  VEC_PUSH(a->states, v);
  VEC_PUSH(a->accept, 0);
  return (int32_t)(a->states.len - 1);
}

/* The items of the line as unknowns (constants for the known ones). */
static VarId *line_vars(Ground *g, Loc at, const Values *items)
{
  VarId *x = xmalloc((items->len + 1) * sizeof *x);
  for (size_t i = 0; i < items->len; i++)
    if (!term_var(g, at, items->data[i], &x[i])) {
      xfree(x);
      return NULL;
    }
  return x;
}

void regular_post(Ground *g, const Node *n, Value line, Value trans, Value start, Value accept)
{
  Loc at = n->at, at_trans = n->list.items[1]->at, at_acc = n->list.items[3]->at;
  line = value_expect_list(g, n->list.items[0]->at, line, "regular");
  trans = value_expect_list(g, at_trans, trans, "regular");
  accept = value_expect_list(g, at_acc, accept, "regular");
  if (line.kind == V_NONE || trans.kind == V_NONE || accept.kind == V_NONE || start.kind == V_NONE)
    return;
  Automaton a = {0};
  Values items = {0}, acc = {0};
  VarId *x = NULL;
  char what[64];
  if (!known_item(g, n->list.items[2]->at, start, "the start"))
    goto done;
  int32_t s0 = state_of(&a, start);
  value_flatten(line, &items);
  bool names = false, numbers = false;
  for (size_t i = 0; i < items.len; i++) {
    if (items.data[i].kind == V_NONE)
      goto done;
    if (!value_is_name(items.data[i]) && !value_is_number(items.data[i])) {
      ground_error(g, n->list.items[0]->at, "regular reads a line of numbers or value names, "
                   "but one of its items is %s", value_words(items.data[i]));
      goto done;
    }
    names |= value_is_name(items.data[i]);
    numbers |= value_is_number(items.data[i]);
  }
  for (uint32_t j = 0; j < trans.n; j++) {
    Value t = trans.items[j];
    if (t.kind == V_NONE)
      goto done;
    if (t.kind != V_LIST || t.n != 3) {
      ground_error(g, at_trans, "each transition of regular is a list [from, value, to], "
                   "but transition %u is not", j + 1);
      goto done;
    }
    snprintf(what, sizeof what, "transition %u", j + 1);
    for (uint32_t k = 0; k < 3; k++)
      if (!known_item(g, at_trans, t.items[k], what))
        goto done;
    Value v = t.items[1];
    if ((v.kind == V_ATOM && numbers) || (v.kind == V_INT && names)) {
      ground_error(g, at_trans, "transition %u reads %s, but the line holds %s", j + 1,
                   v.kind == V_ATOM ? "a value name" : "a number",
                   v.kind == V_ATOM ? "numbers" : "value names");
      goto done;
    }
    if (v.i > MAX_ABS_VALUE || v.i < -MAX_ABS_VALUE) {
      ground_error(g, at_trans, "the number %lld is too large", (long long)v.i);
      goto done;
    }
    int32_t from = state_of(&a, t.items[0]);
    VEC_PUSH(a.trans, from);
    VEC_PUSH(a.trans, (int32_t)v.i);
    VEC_PUSH(a.trans, state_of(&a, t.items[2]));
  }
  value_flatten(accept, &acc);
  for (size_t i = 0; i < acc.len; i++) {
    if (!known_item(g, at_acc, acc.data[i], "an accepting state"))
      goto done;
    a.accept.data[state_of(&a, acc.data[i])] = 1;
  }
  if (!ground_charge(g, (uint64_t)items.len * (a.trans.len / 3 + 1)))
    goto done;
  x = line_vars(g, at, &items);
  if (x)
    build_regular(g, items.len, x, (uint32_t)a.states.len, (uint32_t)s0, a.accept.data,
                  a.trans.len / 3, a.trans.data, false);
done:
  xfree(x);
  VEC_FREE(items);
  VEC_FREE(acc);
  automaton_free(&a);
}

/* --- runs --- */

/* Is n a call runs(L)? */
static bool is_runs_call(Ground *g, const Node *n)
{
  const Builtin *b = n->kind == NK_CALL ? ground_builtin(g, n->sym) : NULL;
  return b && b->id == BI_RUNS && n->list.len == 1;
}

/* A cell of a line that runs reads: 0, 1 or an unknown; false (reported) for anything else. */
static bool runs_cell(Ground *g, Loc at, Value v)
{
  if (v.kind == V_NONE)
    return false;
  if ((v.kind == V_INT && (v.i == 0 || v.i == 1)) || (v.kind == V_LIN && !v.atom) ||
      v.kind == V_LIT)
    return true;
  if (v.kind == V_INT)
    ground_error(g, at, "runs reads a line of 0s (blank) and 1s (filled), but one of its "
                 "cells is %lld", (long long)v.i);
  else
    ground_error(g, at, "runs reads a line of 0s (blank) and 1s (filled), but one of its "
                 "cells is %s", value_words(v));
  return false;
}

Value regular_runs_value(Ground *g, Loc at, Value line)
{
  line = value_expect_list(g, at, line, "runs");
  if (line.kind == V_NONE)
    return line;
  Values items = {0};
  value_flatten(line, &items);
  Value r = VALUE_NONE;
  uint32_t nruns = 0;
  for (size_t i = 0; i < items.len; i++) {
    if (!runs_cell(g, at, items.data[i]))
      goto done;
    if (items.data[i].kind != V_INT) {
      ground_error(g, at, "the runs of a line with unknowns are only known once it is solved: "
                   "write them as a clue of its own, as in 'runs(L) = [3, 1]'");
      goto done;
    }
    nruns += items.data[i].i == 1 && (i == 0 || items.data[i - 1].i == 0);
  }
  r = value_list(g, nruns);
  for (size_t i = 0, k = 0; i < items.len; i++)
    if (items.data[i].i == 1) {
      if (i == 0 || items.data[i - 1].i == 0)
        r.items[k++] = value_int(0);
      r.items[k - 1].i++;
    }
done:
  VEC_FREE(items);
  return r;
}

bool regular_post_runs(Ground *g, const Env *env, const Node *n)
{
  bool left = is_runs_call(g, n->a);
  if (n->op != OP_EQ || !(left || is_runs_call(g, n->b)))
    return false;
  const Node *call = left ? n->a : n->b, *other = left ? n->b : n->a;
  Value line = value_expect_list(g, call->at, ground_eval(g, env, call->list.items[0]), "runs");
  Value clue = ground_eval(g, env, other);
  if (line.kind == V_NONE || clue.kind == V_NONE)
    return true;
  Values items = {0};
  value_flatten(line, &items);
  bool known = true;
  for (size_t i = 0; i < items.len; i++) {
    if (!runs_cell(g, call->at, items.data[i])) {
      VEC_FREE(items);
      return true;
    }
    known &= items.data[i].kind == V_INT;
  }
  if (known) {                          /* the runs are known: compare them */
    VEC_FREE(items);
    Value r = regular_runs_value(g, call->at, line);
    term_compare(g, n->at, OP_EQ, left ? r : clue, left ? clue : r, false);
    return true;
  }
  /* the clue: known lengths of at least 1 */
  if (clue.kind != V_LIST) {
    ground_error(g, other->at, "runs are compared with a list of lengths, such as [3, 1], "
                 "but this is %s", value_words(clue));
    VEC_FREE(items);
    return true;
  }
  for (uint32_t j = 0; j < clue.n; j++) {
    Value c = clue.items[j];
    if (c.kind != V_INT || c.i < 1) {
      if (c.kind == V_INT)
        ground_error(g, other->at, "a run is at least 1 cell long, but the clue says %lld "
                     "(a line with no filled cell has the runs [])", (long long)c.i);
      else if (c.kind == V_LIN && !c.atom)
        ground_error(g, other->at, "the lengths of the runs must be known before solving");
      else if (c.kind != V_NONE)
        ground_error(g, other->at, "the lengths of the runs must be numbers, but one is %s",
                     value_words(c));
      VEC_FREE(items);
      return true;
    }
  }
  int64_t need = clue.n ? (int64_t)clue.n - 1 : 0;
  for (uint32_t j = 0; j < clue.n; j++)
    need += clue.items[j].i;
  /* cannot fit: no line of unknowns has these runs, a puzzle with no
     solution (like sum(L) = 99), not a mistake; this keeps the automaton small */
  if (need > (int64_t)items.len) {
    VEC_FREE(items);
    term_post_failing(g);
    return true;
  }
  /* 0* 1^c1 0+ 1^c2 ... 1^ck 0*: state 0 the leading blanks, one state per
     filled cell, one per gap, and the trailing blanks */
  VEC(int32_t) tr = {0};
  VEC(uint8_t) acc = {0};
#define EDGE(f, v, t)                                                   \
  do {                                                                  \
    VEC_PUSH(tr, (f));                                                  \
    VEC_PUSH(tr, (v));                                                  \
    VEC_PUSH(tr, (t));                                                  \
  } while (0)
  int32_t q = 1, cur = 0;
  EDGE(0, 0, 0);
  for (uint32_t j = 0; j < clue.n; j++) {
    if (j > 0) {
      EDGE(cur, 0, q);
      EDGE(q, 0, q);
      cur = q++;
    }
    for (int64_t k = 0; k < clue.items[j].i; k++) {
      EDGE(cur, 1, q);
      cur = q++;
    }
  }
  if (clue.n > 0) {
    EDGE(cur, 0, q);
    EDGE(q, 0, q);
    q++;
  }
#undef EDGE
  for (int32_t s = 0; s < q; s++)
    VEC_PUSH(acc, (uint8_t)(s == cur || (clue.n > 0 && s == q - 1)));
  VarId *x = NULL;
  if (ground_charge(g, (uint64_t)items.len * (tr.len / 3 + 1)))
    x = line_vars(g, call->at, &items);
  if (x)
    build_regular(g, items.len, x, (uint32_t)q, 0, acc.data, tr.len / 3, tr.data, true);
  xfree(x);
  VEC_FREE(tr);
  VEC_FREE(acc);
  VEC_FREE(items);
  return true;
}
