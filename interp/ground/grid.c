/*
** grid.c -- the model behind entities and attributes.
**
** For an attribute A over entities e1..en with values v1..vn:
**   A[e]  one unknown per entity, over the values, all different;
**   W[v]  (value names only) one unknown per value, over the entities,
**         all different, tied to A by A[W[v]] = v (an element
**         constraint: the two views channel into each other).
** The decision variables (the puzzle's unknowns) are the A[e]; the search
** branches on W instead where there is one (grid_branch_vars): the clues
** name values, so they are about W, and branching where they act finds
** their clashes sooner.  The search then weighs failures in its choice
** (dom/wdeg) and still probes the A[e] (solver_set_branch_vars):
** bench/logic 10 x 8 proves its answer in 148 nodes, 5,204 on A by
** dom/deg (doc/performance.md, "How cost grows").
** A property (`property car: yes, no.`) is an attribute whose values may
** repeat: A[e] only, with no all-different and no W.
** Entities are coded as numbers (houses 1..5) or as the Syms of their
** names (carrie); element arrays span the codes, with fillers between.
*/
#include "ground/grid.h"
#include "ground/post.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"

static int value_cmp(const void *l, const void *r)
{
  const Value *a = l, *b = r;
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  return (a->i > b->i) - (a->i < b->i);
}

/* Does a list of known items hold one twice?  Sorted, so a million members is quick. */
static bool has_duplicate(Value list)
{
  if (list.n < 2)
    return false;
  Value *sorted = xmalloc(list.n * sizeof *sorted);
  memcpy(sorted, list.items, list.n * sizeof *sorted);
  qsort(sorted, list.n, sizeof *sorted, value_cmp);
  bool twice = false;
  for (uint32_t i = 1; i < list.n && !twice; i++)
    twice = value_cmp(&sorted[i - 1], &sorted[i]) == 0;
  xfree(sorted);
  return twice;
}

/* The members or values of a declaration: names as atoms, numbers and ranges. */
static Value declared_items(Ground *g, const Stmt *st)
{
  Values flat = {0};
  for (uint32_t k = 0; k < st->items.len; k++) {
    const Node *n = st->items.items[k];
    if (n->kind == NK_NAME)
      VEC_PUSH(flat, ((Value){.kind = V_ATOM, .i = n->sym}));
    else
      value_flatten(ground_eval(g, NULL, n), &flat);
  }
  Value v = value_list(g, (uint32_t)flat.len);
  if (flat.len)
    memcpy(v.items, flat.data, flat.len * sizeof *v.items);
  VEC_FREE(flat);
  bool names = false, numbers = false;
  for (uint32_t i = 0; i < v.n; i++) {
    if (v.items[i].kind == V_NONE)
      return VALUE_NONE;
    names |= v.items[i].kind == V_ATOM;
    numbers |= v.items[i].kind == V_INT;
  }
  if (has_duplicate(v))
    return ground_error(g, st->items.items[0]->at, "'%s' lists the same value twice",
                        ground_name(g, st->sym));
  if (names && numbers)
    return ground_error(g, st->name->at, "'%s' mixes names and numbers", ground_name(g, st->sym));
  if (v.n == 0)
    return ground_error(g, st->name->at, "'%s' has no members", ground_name(g, st->sym));
  return v;
}

void grid_entities(Ground *g, const Stmt *st)
{
  if (g->entities_name) {
    ground_error(g, st->name->at, "a puzzle has one set of entities; '%s' is already declared",
                 ground_name(g, g->entities_name));
    return;
  }
  Value v = declared_items(g, st);
  if (v.kind == V_NONE)
    return;
  g->entities_name = st->sym;
  g->entities = v;
}

static int32_t *codes_of(Value list)
{
  int32_t *c = xmalloc((list.n + 1) * sizeof *c);
  for (uint32_t i = 0; i < list.n; i++)
    c[i] = (int32_t)list.items[i].i;
  return c;
}

void grid_attribute(Ground *g, const Stmt *st)
{
  if (!g->entities_name) {
    ground_error(g, st->name->at, "declare the entities first, e.g. 'entities house: 1..5.'");
    return;
  }
  Value vals = declared_items(g, st);
  if (vals.kind == V_NONE)
    return;
  Value ents = g->entities;
  if (!st->repeats && vals.n != ents.n) {
    ground_error(g, st->name->at,
                 "the attribute '%s' has %u values, but there are %u entities (%s): each needs exactly one",
                 ground_name(g, st->sym), vals.n, ents.n, ground_name(g, g->entities_name));
    return;
  }
  uint32_t n = ents.n, nvals = vals.n;
  /* n unknowns of nvals values each, charged (one per 16 values) before they
     are made: 100,000 entities with as many values would be 10^10 values,
     tens of gigabytes, sorted one unknown at a time past any --timeout */
  g->here = st->name->at;
  if (!ground_charge(g, (uint64_t)n * nvals / 16))
    return;
  bool names = vals.items[0].kind == V_ATOM;
  bool named_entities = ents.items[0].kind == V_ATOM;
  GridAttr a = {.name = st->sym, .names = names};
  a.of = arena_array(&g->arena, VarId, n);
  int32_t *vcodes = codes_of(vals), *ecodes = codes_of(ents);
  for (uint32_t i = 0; i < n; i++) {
    a.of[i] = build_var_values(g, vcodes, nvals);
    term_mark_atom(g, a.of[i], names);
    VEC_PUSH(g->decision, a.of[i]);
    model_set_name(g->model, a.of[i], (ModelName){
      .a = ground_name(g, named_entities ? (Sym)ecodes[i] : g->entities_name),
      .b = ground_name(g, st->sym), .num_form = !named_entities, .num = ecodes[i]});
  }
  if (!st->repeats)
    build_distinct(g, n, a.of);
  /* element array over the entity codes */
  int32_t lo = ecodes[0], hi = ecodes[0];
  for (uint32_t i = 1; i < n; i++) {
    lo = ecodes[i] < lo ? ecodes[i] : lo;
    hi = ecodes[i] > hi ? ecodes[i] : hi;
  }
  a.base = lo;
  a.span = (uint32_t)(hi - lo + 1);
  a.arr = arena_array(&g->arena, VarId, a.span);
  VarId filler = build_const(g, vcodes[0]);   /* never chosen: no entity has its code */
  for (uint32_t c = 0; c < a.span; c++)
    a.arr[c] = filler;
  for (uint32_t i = 0; i < n; i++)
    a.arr[ecodes[i] - lo] = a.of[i];
  if (names && !st->repeats) {     /* a property's value names stand for no one entity */
    VarId *who = a.who = arena_array(&g->arena, VarId, n);
    for (uint32_t k = 0; k < n; k++) {
      who[k] = build_var_values(g, ecodes, n);
      term_mark_atom(g, who[k], named_entities);
      model_set_name(g->model, who[k], (ModelName){.a = ground_name(g, (Sym)vcodes[k])});
      build_element(g, who[k], a.base, a.span, a.arr, build_const(g, vcodes[k]));
      ground_set_global(g, (Sym)vcodes[k], value_var(g, who[k]));
    }
    build_distinct(g, n, who);
  }
  if (st->repeats) {
    a.values = arena_array(&g->arena, int32_t, nvals);
    memcpy(a.values, vcodes, nvals * sizeof *vcodes);
    a.nvalues = nvals;
  }
  VEC_PUSH(g->attrs, a);
  xfree(vcodes);
  xfree(ecodes);
}

const GridAttr *grid_find_attr(const Ground *g, Sym name)
{
  for (size_t i = 0; i < g->attrs.len; i++)
    if (g->attrs.data[i].name == name)
      return &g->attrs.data[i];
  return NULL;
}

Value grid_attr_of(Ground *g, Loc at, const GridAttr *a, Value x)
{
  if (x.kind == V_NONE)
    return VALUE_NONE;
  bool named = g->entities.items[0].kind == V_ATOM;
  if ((named && !value_is_name(x)) || (!named && !value_is_number(x)))
    return ground_error(g, at, "'%s' needs one of the entities (%s), but this is %s",
                        ground_name(g, a->name), ground_name(g, g->entities_name), value_words(x));
  if (x.kind == V_INT || x.kind == V_ATOM) {
    for (uint32_t i = 0; i < g->entities.n; i++)
      if (g->entities.items[i].i == x.i)
        return value_var(g, a->of[i]);
    if (x.kind == V_ATOM)
      return ground_error(g, at, "'%s' is not one of the entities (%s)", ground_name(g, (Sym)x.i),
                          ground_name(g, g->entities_name));
    return ground_error(g, at, "%lld is not one of the entities (%s)", (long long)x.i,
                        ground_name(g, g->entities_name));
  }
  VarId ix;
  if (!term_var(g, at, x, &ix))
    return VALUE_NONE;
  /* the attribute's own values, not their whole range: 25000..40000 in
  ** steps of 5000 is four values, not 15001 */
  VarId z;
  if (a->values) {                /* a property: its values, each once */
    z = build_var_values(g, a->values, a->nvalues);
    term_mark_atom(g, z, a->names);
  } else {
    z = term_new_var_for(g, a->of, g->entities.n, a->names);
  }
  build_element(g, ix, a->base, a->span, a->arr, z);
  return value_var(g, z);
}

void grid_branch_vars(Ground *g)
{
  bool any = false;
  for (size_t a = 0; a < g->attrs.len; a++)
    any |= g->attrs.data[a].who != NULL;
  if (!any)
    return;
  /* the decision order, each attribute's A[0..n) replaced by its W[0..n) */
  VEC(VarId) order = {0};
  uint32_t n = g->entities.n;
  for (size_t i = 0; i < g->decision.len; i++) {
    VarId x = g->decision.data[i];
    const GridAttr *mine = NULL;
    for (size_t a = 0; a < g->attrs.len && !mine; a++)
      for (uint32_t e = 0; e < n && g->attrs.data[a].who && !mine; e++)
        if (g->attrs.data[a].of[e] == x)
          mine = &g->attrs.data[a];
    if (!mine)
      VEC_PUSH(order, x);
    else if (mine->of[0] == x)
      for (uint32_t k = 0; k < n; k++)
        VEC_PUSH(order, mine->who[k]);
  }
  build_branch_vars(g, order.len, order.data);
  VEC_FREE(order);
}
