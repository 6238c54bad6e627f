/*
** ground.c -- evaluate what is known, post what is not.
**
** Three mutually recursive walkers do the work:
**   eval_entry()   an expression's Value (known, linear term, literal or list);
**   post_entry()   assert a condition (or its negation) as propagators,
**                   without reifying when it does not have to (the common case);
**   reify_entry()  a condition as a literal, for use under or/not/->/count.
** Quantifiers and comprehensions are expanded by each_instance(); rules
** by expand_rule().  Values and literals are in term.c, built-ins in
** builtin.c.
*/
#include "ground/ground.h"
#include "ground/tiling.h"
#include "ground/board.h"
#include "ground/post.h"
#include "ground/grid.h"
#include "ground/regular.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"

static Value const_value(Ground *g, const Node *use, const Stmt *st);
static bool contains_unknowns(Value v);
static Value range_generator(Ground *g, const Env *env, const Node *n, int64_t *first);

/* --- quantifier expansion --- */

/*
** One instance of a quantifier: guards are the unknown conditions it must
** respect (guard -> body); defined is the literal under which the items it
** was bound to are defined (true unless they hold partial terms such as
** x / y): an instance is "defined and body".
*/
typedef void (*InstanceFn)(Ground *g, const Env *env, const Values *guards, Value defined, void *ctx);


/* The walkers: term.h's ground_eval, ground_reify and ground_post call
   them through the Ground (set in ground_program). */
static Value eval_entry(Ground *g, const Env *env, const Node *n);
static Value reify_entry(Ground *g, const Env *env, const Node *n);
static void post_entry(Ground *g, const Env *env, const Node *n, bool pos);

/* "X in S" or "[X, Y] in S" with variables not bound yet (ast_is_generator). */
static bool bound_in(const void *env, Sym s)
{
  return env_find(env, s) != NULL;
}

static bool is_generator(const Env *env, const Node *q)
{
  return ast_is_generator(q, bound_in, env);
}

/* Bind the pattern of a generator to one item; false (reported) on a mismatch. */
static NOINLINE bool bind_pattern(Ground *g, const Env *env, const Node *pat, Value item, Env *frames,
                         const Env **out)
{
  if (pat->kind == NK_VAR) {
    frames[0] = (Env){env, pat->sym, item, 0};
    *out = &frames[0];
    return true;
  }
  if (item.kind != V_LIST || item.n != pat->list.len) {
    ground_error(g, pat->at, "this pattern takes lists of %u items, but the list holds %s",
                 pat->list.len, item.kind == V_LIST ? "lists of another length" : value_words(item));
    return false;
  }
  for (uint32_t k = 0; k < pat->list.len; k++) {
    frames[k] = (Env){env, pat->list.items[k]->sym, item.items[k], 0};
    env = &frames[k];
  }
  *out = env;
  return true;
}

/* A side of a guard that is a known number: a bound variable or a literal. */
static bool known_number(const Env *env, const Node *n, int64_t *v)
{
  if (n->kind == NK_INT) {
    *v = n->ival;
    return true;
  }
  const Value *b = n->kind == NK_VAR ? env_find(env, n->sym) : NULL;
  if (!b || b->kind != V_INT)
    return false;
  *v = b->i;
  return true;
}

typedef struct QuickLin QuickLin;
static const Value *quick_value(Ground *g, const Env *env, const Node *n, unsigned depth, Value *slot,
                                QuickLin *room);
static bool quick_number(Ground *g, const Env *env, const Node *n, int64_t *v);

/*
** A guard such as R1 < R2 between known numbers, decided without the
** walkers (an N-queens model asks it N * N times; Tents asks
** trees[I, 1] + moves[M, 1] = R); false when q is not of that form, or
** grounding is stopping, and reify_entry must judge it.
*/
static bool known_guard(Ground *g, const Env *env, const Node *q, Value *out)
{
  int64_t a, b;
  if (q->kind != NK_BINARY || q->op < OP_EQ || q->op > OP_GE || g->too_big || diag_full(g->diag) ||
      g->nesting + 2 >= MAX_NESTING)
    return false;
  if (known_number(env, q->a, &a) && known_number(env, q->b, &b)) {
    g->here = q->b->at;                 /* where the walkers would have left it */
    *out = value_bool(op_holds(q->op, a - b));
    return true;
  }
  Loc here = g->here;
  if (!quick_number(g, env, q->a, &a) || !quick_number(g, env, q->b, &b)) {
    g->here = here;
    return false;
  }
  *out = value_bool(op_holds(q->op, a - b));   /* g->here: where quick_value() left it */
  return true;
}

/*
** The guard right after generator q, when it compares q's variable with
** a known number (forall R1 in 1..N, R2 in 1..N, R1 < R2): the loop
** judges each number it binds by itself, as known_guard() would after
** binding it, and skips the rejected ones without binding them (the half
** of the N * N cases an N-queens model rejects).
*/
typedef struct OrderGuard {
  Op op;
  bool left;        /* q's variable is the guard's left side */
  int64_t known;    /* the other side */
  Loc at;           /* where known_guard() leaves g->here */
} OrderGuard;

static bool order_guard(Ground *g, const Env *env, const Node *q, const NodeList *quals, uint32_t next,
                        OrderGuard *og)
{
  if (q->a->kind != NK_VAR || next >= quals->len)
    return false;
  const Node *c = quals->items[next];
  if (c->kind != NK_BINARY || c->op < OP_EQ || c->op > OP_GE || g->nesting + 2 >= MAX_NESTING)
    return false;
  Sym x = q->a->sym;
  bool left = c->a->kind == NK_VAR && c->a->sym == x;
  const Node *other = left ? c->b : c->a;
  if (!left && !(c->b->kind == NK_VAR && c->b->sym == x))
    return false;
  if (other->kind == NK_VAR && other->sym == x)
    return false;
  if (!known_number(env, other, &og->known))
    return false;
  og->op = c->op;
  og->left = left;
  og->at = c->b->at;
  return true;
}

/* One unit of the grounding budget, spent at `at`. */
static bool budget_left(Ground *g, Loc at)
{
  g->here = at;
  return ground_charge(g, 1);
}

/*
** Call fn once per binding of the qualifiers quals[i..].  A qualifier
** "X in S" with X not yet bound is a generator; any other qualifier is a
** condition: known false skips the binding, unknown is passed on as a
** guard that the instance must respect.
*/
static void each_instance(Ground *g, const Env *env, const NodeList *quals, uint32_t i,
                          Values *guards, Value defined, InstanceFn fn, void *ctx)
{
  if (diag_full(g->diag) || g->too_big)
    return;
  if (i == quals->len) {
    fn(g, env, guards, defined, ctx);
    return;
  }
  const Node *q = quals->items[i];
  if (is_generator(env, q)) {
    size_t mark = term_context_open(g);
    int64_t first = 0;                  /* a range's numbers, not made into a list */
    bool range = q->a->kind == NK_VAR && q->b->kind == NK_BINARY && q->b->op == OP_RANGE;
    Value coll = range ? range_generator(g, env, q->b, &first) : eval_entry(g, env, q->b);
    defined = lit_and2(g, defined, term_context_take(g, mark));
    if (coll.kind == V_NONE || defined.kind == V_NONE)
      return;
    if (coll.kind == V_BOARD || coll.kind == V_STRING)
      coll = value_expect_list(g, q->b->at, coll, "in");
    if (coll.kind != V_LIST) {
      ground_error(g, q->b->at, "'%s in ...' needs a list or a range after 'in', but this is %s",
                   q->a->kind == NK_VAR ? ground_name(g, q->a->sym) : "[...]", value_words(coll));
      return;
    }
    uint32_t nvars = q->a->kind == NK_VAR ? 1 : q->a->list.len;
    Env *frames = xmalloc(nvars * sizeof *frames);
    OrderGuard og = {0};
    bool ordered = order_guard(g, env, q, quals, i + 1, &og);
    for (uint32_t k = 0; k < coll.n && budget_left(g, q->at); k++) {
      const Env *e;
      Value item = range ? value_int(first + k) : coll.items[k];
      if (ordered && item.kind == V_INT &&
          !op_holds(og.op, og.left ? item.i - og.known : og.known - item.i)) {
        g->here = og.at;                /* where known_guard() leaves it */
        continue;
      }
      if (!bind_pattern(g, env, q->a, item, frames, &e))
        break;
      if (q->a->kind == NK_VAR)
        frames[0].pos = k + 1;          /* "R #3" when R is a whole row */
      each_instance(g, e, quals, i + 1, guards, defined, fn, ctx);
    }
    xfree(frames);
    return;
  }
  Value c;
  if (!known_guard(g, env, q, &c))
    c = lit_check(g, q->at, reify_entry(g, env, q));
  if (c.kind == V_NONE || (c.kind == V_BOOL && !c.i))
    return;
  if (c.kind == V_BOOL) {
    each_instance(g, env, quals, i + 1, guards, defined, fn, ctx);
    return;
  }
  VEC_PUSH(*guards, c);
  each_instance(g, env, quals, i + 1, guards, defined, fn, ctx);
  guards->len--;
}

typedef struct QuantCtx {
  const Node *body;
  bool pos;        /* forall posting: assert the body (or its negation) */
  Values lits;     /* collected literals (reifying forms) */
  Values items;    /* comprehension elements */
  bool reported;   /* a comprehension reports an unknown condition once */
  bool counting;   /* inside count(): each binding is the literal "it holds" */
  bool summing;    /* inside sum(): each item under unknown conditions, or 0 */
} QuantCtx;

static void forall_post_case(Ground *g, const Env *env, const Values *guards, Value defined, QuantCtx *q);

/* Most names of a forall case kept with its constraints ("R = 3, C = 2"). */
#define BINDING_MAX 8

/*
** The forall case env, as the Model's binding of what it posts; inside a
** rule's body, after the binding at the clue's call of the rule (the
** caller's forall case and the call itself: "R = 3, row_ok(R)").
*/
static uint32_t case_binding(Ground *g, const Env *env)
{
  size_t nbase;
  const int32_t *base = model_binding_triples(g->model, g->call_binding, &nbase);
  int32_t t[3 * (2 * BINDING_MAX + 1)];
  size_t n = 0;
  for (const Env *e = env; e && n < BINDING_MAX; e = e->up)
    if (e->val.kind == V_INT || e->val.kind == V_ATOM) {
      t[3 * n] = (int32_t)e->name;
      t[3 * n + 1] = e->val.kind == V_ATOM;
      t[3 * n + 2] = (int32_t)e->val.i;
      n++;
    } else if (e->pos) {                /* a list or a board: its place */
      t[3 * n] = (int32_t)e->name;
      t[3 * n + 1] = 2;
      t[3 * n + 2] = (int32_t)e->pos;
      n++;
    }
  if (nbase > BINDING_MAX + 1)          /* the call and the innermost names */
    nbase = BINDING_MAX + 1;
  if (nbase)
    memcpy(t + 3 * n, base, 3 * nbase * sizeof *t);
  n += nbase;
  return n ? model_binding(g->model, t, n) : 0;
}

/* The rule call that a clue is, under any foralls ("forall R in 1..9: row_ok(R)"), or NULL. */
static const Node *clue_call(Ground *g, const Node *n)
{
  while (n->kind == NK_QUANT && n->op == OP_FORALL)
    n = n->a;
  if (n->kind != NK_CALL && n->kind != NK_NAME)
    return NULL;
  const NameInfo *ni = names_find(g->names, n->sym);
  return ni && ni->kind == NAME_RULE ? n : NULL;
}

/* The binding at a clue's call of a rule: the binding in force, then the call (kind 3). */
static uint32_t call_binding(Ground *g, const Node *call)
{
  size_t n;
  const int32_t *outer = model_binding_triples(g->model, g->binding, &n);
  int32_t *t = xmalloc(3 * (n + 1) * sizeof *t);
  t[0] = (int32_t)call->sym;
  t[1] = 3;
  t[2] = (int32_t)g->calls.len;
  VEC_PUSH(g->calls, call->at);
  if (n)
    memcpy(t + 3, outer, 3 * n * sizeof *t);
  uint32_t b = model_binding(g->model, t, n + 1);
  xfree(t);
  return b;
}

static void forall_post_fn(Ground *g, const Env *env, const Values *guards, Value defined, void *ctx)
{
  QuantCtx *q = ctx;
  uint32_t outer = g->binding;
  g->binding = case_binding(g, env);
  forall_post_case(g, env, guards, defined, q);
  g->binding = outer;
}

static void forall_post_case(Ground *g, const Env *env, const Values *guards, Value defined, QuantCtx *q)
{
  bool total = defined.kind == V_BOOL && defined.i;
  if (guards->len == 0 && total) {
    post_entry(g, env, q->body, q->pos);
    return;
  }
  Values c = {0};
  for (size_t i = 0; i < guards->len; i++)
    VEC_PUSH(c, lit_not(guards->data[i]));
  Value body = lit_check(g, q->body->at, reify_entry(g, env, q->body));
  body = lit_and2(g, defined, body);
  VEC_PUSH(c, q->pos ? body : lit_not(body));
  lit_post_clause(g, c.data, (uint32_t)c.len);
  VEC_FREE(c);
}

/* Collects guard -> body (forall) or guard and body (exists) literals. */
static void quant_lit_fn(Ground *g, const Env *env, const Values *guards, Value defined, void *ctx)
{
  QuantCtx *q = ctx;
  Value body = lit_and2(g, defined, lit_check(g, q->body->at, reify_entry(g, env, q->body)));
  Values c = {0};
  for (size_t i = 0; i < guards->len; i++)
    VEC_PUSH(c, guards->data[i]);
  VEC_PUSH(c, body);
  Value inst = lit_and(g, c.data, (uint32_t)c.len);
  if (q->pos)                                  /* forall: guards -> body */
    inst = lit_or2(g, lit_not(lit_and(g, c.data, (uint32_t)c.len - 1)), body);
  VEC_PUSH(q->lits, inst);
  VEC_FREE(c);
}

static void comprehension_fn(Ground *g, const Env *env, const Values *guards, Value defined, void *ctx)
{
  QuantCtx *q = ctx;
  term_defined_when(g, defined);      /* the list's condition needs its items defined */
  if (q->counting) {                  /* count([X : ...]): the binding holds when its conditions do */
    Values c = {0};
    for (size_t i = 0; i < guards->len; i++)
      VEC_PUSH(c, guards->data[i]);
    Value e = eval_entry(g, env, q->body);
    if (e.kind == V_BOOL || e.kind == V_LIT)
      VEC_PUSH(c, e);
    VEC_PUSH(q->items, lit_and(g, c.data, (uint32_t)c.len));
    VEC_FREE(c);
    return;
  }
  if (q->summing && guards->len) {    /* sum([E : ...]): if the conditions hold then E else 0 */
    Value held = lit_and(g, guards->data, (uint32_t)guards->len);
    size_t mark = term_context_open(g);
    Value e = eval_entry(g, env, q->body);
    Value defined_e = term_context_take(g, mark);
    Lin *when;
    if (e.kind == V_INT && defined_e.kind == V_BOOL && defined_e.i && to_lin(g, q->body->at, held, true, NULL, &when))
      VEC_PUSH(q->items, lin_to_value(lin_combine(g, when, e.i, when, 0), false));   /* e * held: a sum stays linear */
    else
      VEC_PUSH(q->items, term_if_else(g, q->body->at, q->body->at, held, e, defined_e, value_int(0), value_bool(true)));
    return;
  }
  if (guards->len) {
    if (!q->reported)
      ground_error(g, q->body->at, "a condition inside [ ... : ... ] must be known before solving; "
                           "use count(...), sum(...) or forall for conditions on unknowns");
    q->reported = true;
    return;
  }
  VEC_PUSH(q->items, eval_entry(g, env, q->body));
}

static NOINLINE Value comprehension(Ground *g, const Env *env, const Node *n)
{
  QuantCtx q = {.body = n->a, .counting = g->counting, .summing = g->summing};
  g->counting = g->summing = false;
  Values guards = {0};
  each_instance(g, env, &n->list, 0, &guards, value_bool(true), comprehension_fn, &q);
  Value v = value_list(g, (uint32_t)q.items.len);
  if (q.items.len)
    memcpy(v.items, q.items.data, q.items.len * sizeof *v.items);
  VEC_FREE(q.items);
  VEC_FREE(guards);
  return v;
}

static NOINLINE Value quant_lit(Ground *g, const Env *env, const Node *n)
{
  QuantCtx q = {.body = n->a, .pos = n->op == OP_FORALL};
  Values guards = {0};
  each_instance(g, env, &n->list, 0, &guards, value_bool(true), quant_lit_fn, &q);
  Value r = q.pos ? lit_and(g, q.lits.data, (uint32_t)q.lits.len)
                  : lit_or(g, q.lits.data, (uint32_t)q.lits.len);
  VEC_FREE(q.lits);
  VEC_FREE(guards);
  return r;
}

/* x in S: a range with possibly unknown ends, or a list of values. */
static NOINLINE Value membership(Ground *g, const Env *env, const Node *n, bool pos, bool reif)
{
  Value x = eval_entry(g, env, n->a);
  if (x.kind == V_NONE)
    return VALUE_NONE;
  if (n->b->kind == NK_BINARY && n->b->op == OP_RANGE) {
    Value lo = eval_entry(g, env, n->b->a), hi = eval_entry(g, env, n->b->b);
    Value r;
    if (x.kind == V_STRING && value_is_number(lo) && value_is_number(hi))
      r = value_bool(false);    /* a label lies in no range, as it equals no number in a list */
    else
      r = lit_and2(g, term_compare(g, n->at, OP_LE, lo, x, true),
                   term_compare(g, n->at, OP_LE, x, hi, true));
    if (!pos)
      r = lit_not(r);
    if (!reif)
      lit_post(g, r);
    return r;
  }
  Value s = value_expect_list(g, n->b->at, eval_entry(g, env, n->b), "'in'");
  if (s.kind == V_NONE)
    return VALUE_NONE;
  Values flat = {0};
  value_flatten(s, &flat);
  bool all_known = true;
  for (size_t i = 0; i < flat.len; i++)
    all_known &= value_is_known(flat.data[i]);
  Value r;
  if (!reif && pos && all_known && flat.len > 0 && x.kind == V_LIN) {
    /* the common case: restrict x to the listed values (a copy of them, charged) */
    if (!ground_charge(g, flat.len / 16)) {
      VEC_FREE(flat);
      return VALUE_NONE;
    }
    int32_t *vals = xmalloc(flat.len * sizeof *vals);
    for (size_t i = 0; i < flat.len; i++)
      vals[i] = (int32_t)flat.data[i].i;
    VarId z = build_var_values(g, vals, flat.len);
    term_mark_atom(g, z, x.atom);
    xfree(vals);
    r = term_equal(g, n->at, x, value_var(g, z), false);
  } else {
    Values lits = {0};
    for (size_t i = 0; i < flat.len; i++)
      VEC_PUSH(lits, term_equal(g, n->at, x, flat.data[i], true));
    r = lit_or(g, lits.data, (uint32_t)lits.len);
    VEC_FREE(lits);
    if (!pos)
      r = lit_not(r);
    if (!reif)
      lit_post(g, r);
  }
  VEC_FREE(flat);
  return r;
}

/* --- rules --- */

static NOINLINE Value expand_rule_in(Ground *g, const Env *env, const Node *call, bool post_mode, bool pos)
{
  const NameInfo *ni = names_find(g->names, call->sym);
  uint32_t nargs = call->kind == NK_CALL ? call->list.len : 0;
  Value *args = xmalloc((nargs + 1) * sizeof *args);
  bool ok = true;
  size_t mark = term_context_open(g);
  for (uint32_t i = 0; i < nargs; i++) {
    args[i] = eval_entry(g, env, call->list.items[i]);
    ok &= args[i].kind != V_NONE;
  }
  /* "not r(x / y)" holds where x / y is undefined: the call must be
     reified to be negated together with its arguments' definedness */
  bool negated_partial = post_mode && !pos && g->undef.len > mark;
  if (negated_partial)
    post_mode = false;
  if (ok && !budget_left(g, call->at)) {
    xfree(args);
    return VALUE_NONE;
  }
  if (!ok || g->depth >= MAX_RULE_DEPTH) {
    if (ok && !g->too_big) {
      g->too_big = true;
      ground_error(g, call->at, "the rule '%s' calls itself too deeply (does it have a case that stops?)",
           ground_name(g, call->sym));
    }
    xfree(args);
    return VALUE_NONE;
  }
  g->depth++;
  Values alts = {0};
  bool posted = false, noted = false;
  unsigned errors_before = g->diag->nerrors;
  for (uint32_t c = 0; c < ni->clauses.len && !posted; c++) {
    const Stmt *cl = ni->clauses.data[c];
    Env *frames = xcalloc(nargs + 1, sizeof *frames);
    const Env *scope = NULL;
    Values conds = {0};
    for (uint32_t i = 0; i < nargs; i++) {
      const Node *p = cl->head->list.items[i];
      if (p->kind == NK_VAR) {
        const Value *seen = env_find(scope, p->sym);
        if (seen) {
          VEC_PUSH(conds, term_equal(g, p->at, *seen, args[i], true));
          continue;
        }
        frames[i] = (Env){scope, p->sym, args[i], 0};
        scope = &frames[i];
      } else if (p->kind != NK_WILD) {
        VEC_PUSH(conds, term_equal(g, p->at, eval_entry(g, NULL, p), args[i], true));
      }
    }
    Value match = lit_and(g, conds.data, (uint32_t)conds.len);
    if (match.kind == V_BOOL && !match.i) {
      /* this clause does not apply to these arguments */
    } else if (post_mode && match.kind == V_BOOL && ni->clauses.len == 1) {
      post_entry(g, scope, cl->expr, pos);       /* no reification needed */
      posted = true;
    } else if (match.kind != V_NONE) {
      Value body = lit_check(g, cl->expr->at, reify_entry(g, scope, cl->expr));
      VEC_PUSH(alts, lit_and2(g, match, body));
    }
    /* an error inside a rule also points at the clue's call that expanded
       it (not at every level of a recursion) */
    if (g->diag->nerrors > errors_before && !noted && g->depth == 1) {
      diag_note(g->diag, call->at, "the rule '%s' was used here", ground_name(g, call->sym));
      noted = true;
    }
    VEC_FREE(conds);
    xfree(frames);
  }
  g->depth--;
  xfree(args);
  Value r = value_bool(true);
  if (!posted) {
    r = lit_or(g, alts.data, (uint32_t)alts.len);
    if (negated_partial) {
      lit_post(g, lit_not(term_context_close(g, mark, r)));
      r = value_bool(true);
    } else if (post_mode) {
      lit_post(g, pos ? r : lit_not(r));
      r = value_bool(true);
    }
  }
  VEC_FREE(alts);
  return r;
}

/*
** A rule call.  What it posts (its arguments' constraints too) names the
** call when the call is the clue (under its foralls): a binding of its
** own then holds just what the clue's binding held, so explain's steps,
** which take one binding at a time, stay the same.
*/
static Value expand_rule(Ground *g, const Env *env, const Node *call, bool post_mode, bool pos)
{
  uint32_t outer_binding = g->binding, outer_call = g->call_binding;
  if (g->depth == 0 && post_mode && pos && call == g->clue_call)
    g->binding = g->call_binding = call_binding(g, call);
  Value r = expand_rule_in(g, env, call, post_mode, pos);
  g->binding = outer_binding;
  g->call_binding = outer_call;
  return r;
}

/* --- functions --- */

/*
** f(a, b) is the value of f's definition with its parameters bound to
** the arguments' values (known or not): a macro, as a rule is, with the
** same depth limit and budget.  A partial term inside it (x / 0, an index
** outside its list) is undefined where it is, as if written out.
*/
static NOINLINE Value expand_function(Ground *g, const Env *env, const Node *call)
{
  const NameInfo *ni = names_find(g->names, call->sym);
  const Stmt *def = ni->decl;
  uint32_t nargs = call->kind == NK_CALL ? call->list.len : 0;
  Env *frames = xcalloc(nargs + 1, sizeof *frames);
  const Env *scope = NULL;
  bool ok = true;
  for (uint32_t i = 0; i < nargs; i++) {
    Value a = eval_entry(g, env, call->list.items[i]);
    ok &= a.kind != V_NONE;
    frames[i] = (Env){scope, def->head->list.items[i]->sym, a, 0};
    scope = &frames[i];
  }
  Value v = VALUE_NONE;
  if (ok && budget_left(g, call->at)) {
    if (g->depth >= MAX_RULE_DEPTH) {
      if (!g->too_big) {
        g->too_big = true;
        ground_error(g, call->at, "the function '%s' uses itself too deeply (does it have a case that "
                     "stops?)", ground_name(g, call->sym));
      }
    } else {
      unsigned errors_before = g->diag->nerrors;
      g->depth++;
      v = eval_entry(g, scope, def->expr);
      g->depth--;
      if (g->diag->nerrors > errors_before && g->depth == 0)
        diag_note(g->diag, call->at, "the function '%s' was used here", ground_name(g, call->sym));
    }
  }
  xfree(frames);
  return v;
}

/* --- the three walkers --- */

/*
** A rule call or distinct(...) is a condition: the nearest context of the
** partial terms in its arguments, wherever it is written (in a list given
** to count, say).
*/
static NOINLINE Value called_condition(Ground *g, const Env *env, const Node *n, const Builtin *b)
{
  size_t mark = term_context_open(g);
  Value r = b ? builtin_call(g, env, n, b, false, true) : expand_rule(g, env, n, false, true);
  return term_context_close(g, mark, r);
}

/*
** The numbers of lo..hi: the first and how many, charged to the budget
** as range_list() charges for its list (twice: the range, the list);
** false (reported) when the range is not one.
*/
static bool range_ends(Ground *g, const Env *env, const Node *n, int64_t *first, uint32_t *count)
{
  Value lo = eval_entry(g, env, n->a), hi = eval_entry(g, env, n->b);
  if (lo.kind == V_NONE || hi.kind == V_NONE)
    return false;
  if (lo.kind != V_INT || hi.kind != V_INT) {
    ground_error(g, n->at, "both ends of a range must be numbers known before solving");
    return false;
  }
  if (hi.i - lo.i >= MAX_LIST) {
    ground_error(g, n->at, "the range %lld..%lld is too long (more than %d values)", (long long)lo.i,
                 (long long)hi.i, MAX_LIST);
    return false;
  }
  *first = lo.i;
  *count = 0;
  if (hi.i < lo.i) {
    ground_charge(g, 0);                /* value_list(g, 0)'s */
    return true;
  }
  g->here = n->at;
  if (!ground_charge(g, (uint64_t)(hi.i - lo.i + 1)))   /* before the memory is taken */
    return false;
  *count = (uint32_t)(hi.i - lo.i + 1);
  ground_charge(g, *count);             /* value_list's: past the budget it is still made */
  return true;
}

static NOINLINE Value range_list(Ground *g, const Env *env, const Node *n)
{
  int64_t first;
  uint32_t count;
  if (!range_ends(g, env, n, &first, &count))
    return VALUE_NONE;
  Value v = {.kind = V_LIST, .n = count};
  v.items = count ? arena_array(&g->arena, Value, count) : NULL;
  for (uint32_t i = 0; i < v.n; i++)
    v.items[i] = value_int(first + i);
  return v;
}

/*
** "X in lo..hi" as eval_entry() would judge the range, but with no list
** made: a V_LIST of its count and no items, the first number in *first
** (each_instance() makes the items as it binds them).
*/
static bool enter(Ground *g, Loc at);

static Value range_generator(Ground *g, const Env *env, const Node *n, int64_t *first)
{
  Value r = VALUE_NONE;
  uint32_t count;
  if (!enter(g, n->at))
    return r;
  if (!diag_full(g->diag) && !g->too_big) {
    g->here = n->at;
    if (range_ends(g, env, n, first, &count))
      r = (Value){.kind = V_LIST, .n = count};
  }
  g->nesting--;
  return r;
}

/*
** The walkers recurse once per level of an expression, and rules expand
** inside rules: the product of the two is bounded here, so that no puzzle
** can overflow the C stack (the parser bounds one expression's depth).
*/
static bool enter(Ground *g, Loc at)
{
  if (g->too_big || ground_time_is_up(g))
    return false;
  if (g->nesting < MAX_NESTING) {
    g->nesting++;
    return true;
  }
  g->too_big = true;
  ground_error(g, at, "this puzzle is nested too deeply to set up (more than %u levels of "
               "expressions inside rules inside rules); pz stops here", MAX_NESTING);
  return false;
}

static Value eval_expr(Ground *g, const Env *env, const Node *n);

/*
** A number, a bound name or an unknown's value, as eval_expr() would
** give it, with nothing to report; false when it is not one of those, or
** the walkers are stopping, and eval_expr() must judge it.  q[R1] - q[R2]
** is five of these: 1000 queens asks it a million times.
*/
static inline bool leaf_value(Ground *g, const Env *env, const Node *n, Value *out)
{
  if (g->too_big || g->timed_out || g->nesting >= MAX_NESTING || diag_full(g->diag))
    return false;
  const Value *v = NULL;
  if (n->kind == NK_INT) {
    *out = value_int(n->ival);
  } else if (n->kind == NK_VAR && (v = env_find(env, n->sym)) != NULL) {
    *out = *v;
  } else if (n->kind == NK_NAME && names_find(g->names, n->sym)->kind == NAME_VAR &&
             n->sym < g->nglobals && g->globals[n->sym].kind != V_NONE) {
    *out = g->globals[n->sym];
  } else {
    return false;
  }
  g->here = n->at;
  return true;
}

/*
** A small linear term on the C stack, for quick_value(): at most
** LIN_SMALL terms, as lin_combine() would make them.
*/
struct QuickLin {
  Lin lin;
  int64_t coef[LIN_SMALL];
  VarId vars[LIN_SMALL];
};

/* v as a linear term, a number's in *k (to_lin() without the arena); NULL when v is neither. */
static const Lin *quick_lin(const Value *v, Lin *k)
{
  if (v->kind == V_INT) {
    k->k = v->i;
    return k;
  }
  return v->kind == V_LIN && !v->atom ? v->lin : NULL;
}

#define QUICK_DEPTH 6u              /* levels quick_value() follows; deeper is the walkers' */

/*
** The Value of n, as eval_expr() would give it, when n is made of
** numbers, bound names, known constants, unknowns' values, '+', '-' and
** indexing with known numbers that are in range, with nothing to report
** and no helper to make; NULL when it is not (nothing changed then), and
** the walkers must judge it.  The Value is where it is kept (the binding,
** the constant, the list's item), or in *slot, whose linear term may be
** in *room: quick_entry copies it.  g->here is left where the walkers
** leave it (the last leaf).  q[R1] - q[R2] and R2 - R1 of N-queens,
** trees[I, 1] + moves[M, 1] of Tents are of this form.
*/
static const Value *quick_value(Ground *g, const Env *env, const Node *n, unsigned depth, Value *slot,
                                QuickLin *room)
{
  const Value *v;
  switch (n->kind) {
  case NK_INT:
    *slot = value_int(n->ival);
    v = slot;
    break;
  case NK_VAR:
    if (!(v = env_find(env, n->sym)))
      return NULL;
    break;
  case NK_NAME: {
    if (n->sym >= g->nglobals || g->globals[n->sym].kind == V_NONE)
      return NULL;
    NameKind kind = names_find(g->names, n->sym)->kind;
    if (!(kind == NAME_VAR || (kind == NAME_CONST && g->global_state[n->sym] == GLOBAL_DONE)))
      return NULL;
    v = &g->globals[n->sym];
    break;
  }
  case NK_INDEX: {
    Value room_base, room_idx;
    uint32_t k = n->list.len;
    if (depth >= QUICK_DEPTH || k == 0 || k > 4 ||
        !(v = quick_value(g, env, n->a, depth + 1, &room_base, room)) || v->kind != V_LIST)
      return NULL;
    int64_t idx[4];
    for (uint32_t i = 0; i < k; i++) {
      const Value *x = quick_value(g, env, n->list.items[i], depth + 1, &room_idx, room);
      if (!x || x->kind != V_INT)
        return NULL;
      idx[i] = x->i;
    }
    for (uint32_t i = 0; i < k; i++) {
      if (v->kind != V_LIST || idx[i] < 1 || idx[i] > v->n)
        return NULL;
      v = &v->items[idx[i] - 1];
    }
    return v;                           /* g->here: set by the last index */
  }
  case NK_BINARY: {
    if ((n->op != OP_ADD && n->op != OP_SUB) || depth >= QUICK_DEPTH)
      return NULL;
    Value sa, sb;
    QuickLin ra, rb;
    const Value *a = quick_value(g, env, n->a, depth + 1, &sa, &ra);
    const Value *b = a ? quick_value(g, env, n->b, depth + 1, &sb, &rb) : NULL;
    if (!b)
      return NULL;
    if (a->kind == V_INT && b->kind == V_INT) {
      *slot = value_int(n->op == OP_ADD ? a->i + b->i : a->i - b->i);
      return slot;
    }
    Lin ka = {0}, kb = {0};
    const Lin *la = quick_lin(a, &ka), *lb = la ? quick_lin(b, &kb) : NULL;
    if (!lb)
      return NULL;
    if (la->n + lb->n > LIN_SMALL)
      return NULL;
    room->lin.coef = room->coef;
    room->lin.vars = room->vars;
    lin_combine_into(&room->lin, la, 1, lb, n->op == OP_ADD ? 1 : -1);
    *slot = lin_to_value(&room->lin, false);
    return slot;
  }
  default:
    return NULL;
  }
  g->here = n->at;
  return v;
}

/* A known number by quick_value() (g->here moved, as the walkers would). */
static bool quick_number(Ground *g, const Env *env, const Node *n, int64_t *v)
{
  if (g->too_big || g->nesting + QUICK_DEPTH + 2 >= MAX_NESTING || diag_full(g->diag) ||
      ground_time_is_up(g))
    return false;
  QuickLin room;
  Value slot;
  const Value *x = quick_value(g, env, n, 0, &slot, &room);
  if (!x || x->kind != V_INT)
    return false;
  *v = x->i;
  return true;
}

/*
** quick_value() at the top of an expression of the forms it knows (the
** sum, difference or item eval_entry() would make); *out may point into
** *room.  False (nothing changed) when the walkers must judge it.
*/
static bool quick_into(Ground *g, const Env *env, const Node *n, Value *out, QuickLin *room)
{
  if ((n->kind != NK_INDEX && !(n->kind == NK_BINARY && (n->op == OP_ADD || n->op == OP_SUB))) ||
      g->too_big || g->nesting + QUICK_DEPTH + 2 >= MAX_NESTING || diag_full(g->diag) ||
      ground_time_is_up(g))
    return false;
  Loc here = g->here;
  Value slot;
  const Value *v = quick_value(g, env, n, 0, &slot, room);
  if (!v) {
    g->here = here;
    return false;
  }
  *out = *v;
  return true;
}

/* The linear term in *room, moved to the arena. */
static Lin *quick_copy(Ground *g, const QuickLin *room)
{
  Lin *l = lin_alloc(g, room->lin.n);
  l->k = room->lin.k;
  memcpy(l->coef, room->coef, room->lin.n * sizeof *l->coef);
  memcpy(l->vars, room->vars, room->lin.n * sizeof *l->vars);
  return l;
}

/* quick_into(), its linear term moved to the arena. */
static bool quick_entry(Ground *g, const Env *env, const Node *n, Value *out)
{
  QuickLin room;
  if (!quick_into(g, env, n, out, &room))
    return false;
  if (out->kind == V_LIN && out->lin == &room.lin)
    out->lin = quick_copy(g, &room);
  return true;
}

static Value eval_entry(Ground *g, const Env *env, const Node *n)
{
  Value leaf;
  if (leaf_value(g, env, n, &leaf))
    return leaf;
  if (quick_entry(g, env, n, &leaf))
    return leaf;
  if (!enter(g, n->at))
    return VALUE_NONE;
  Value v = eval_expr(g, env, n);
  g->nesting--;
  return v;
}

static Value eval_expr(Ground *g, const Env *env, const Node *n)
{
  if (diag_full(g->diag) || g->too_big)
    return VALUE_NONE;
  g->here = n->at;
  switch (n->kind) {
  case NK_INT:
    return value_int(n->ival);
  case NK_BOOL:
    return value_bool(n->ival);
  case NK_STRING:
    return (Value){.kind = V_STRING, .i = n->sym};
  case NK_WILD:
    return (Value){.kind = V_WILD};
  case NK_VAR: {
    const Value *v = env_find(env, n->sym);
    return v ? *v : ground_error(g, n->at, "the variable '%s' has no value here", ground_name(g, n->sym));
  }
  case NK_NAME: {
    const NameInfo *ni = names_find(g->names, n->sym);
    switch (ni->kind) {
    case NAME_CONST:
      return const_value(g, n, ni->decl);
    case NAME_VAR:
      if (n->sym < g->nglobals && g->globals[n->sym].kind != V_NONE)
        return g->globals[n->sym];
      return VALUE_NONE;                          /* its declaration already failed */
    case NAME_ATOM:
    case NAME_ENTITY:
    case NAME_PIECES:                     /* a piece's name */
      return (Value){.kind = V_ATOM, .i = n->sym};
    case NAME_ENTITIES:
      return g->entities_name == n->sym ? g->entities : VALUE_NONE;
    case NAME_ITEM:
      if (n->sym < g->nglobals && g->globals[n->sym].kind != V_NONE)
        return g->globals[n->sym];
      return VALUE_NONE;                    /* its attribute already failed */
    case NAME_ATTR:
      return ground_error(g, n->at, "'%s' is an attribute: write %s(X)", ground_name(g, n->sym),
                          ground_name(g, n->sym));
    case NAME_RULE:
      return called_condition(g, env, n, NULL);
    case NAME_FUNC:
      return expand_function(g, env, n);
    case NAME_NONE:
      break;
    }
    return ground_error(g, n->at, "unknown name '%s'", ground_name(g, n->sym));
  }
  case NK_UNARY:
    if (n->op == OP_NOT)
      return reify_entry(g, env, n);
    {
      Value a = eval_entry(g, env, n->a);
      Lin *l;
      if (!to_lin(g, n->a->at, a, false, "'-'", &l))
        return VALUE_NONE;
      return lin_to_value(lin_combine(g, l, -1, lin_alloc(g, 0), 0), false);
    }
  case NK_BINARY:
    switch (n->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
    case OP_DIV:
    case OP_MOD:
    case OP_POW:
      return builtin_arith(g, env, n);
    case OP_CONCAT:
      return builtin_concat(g, env, n);
    case OP_RANGE:
      return range_list(g, env, n);
    default:
      return reify_entry(g, env, n);
    }
  case NK_CALL: {
    const Builtin *b = ground_builtin(g, n->sym);
    if (b && b->id != BI_DISTINCT)
      return builtin_call(g, env, n, b, false, true);
    if (!b && names_find(g->names, n->sym)->kind == NAME_ATTR) {
      const GridAttr *a = grid_find_attr(g, n->sym);
      return a ? grid_attr_of(g, n->at, a, eval_entry(g, env, n->list.items[0])) : VALUE_NONE;
    }
    if (!b && names_find(g->names, n->sym)->kind == NAME_FUNC)
      return expand_function(g, env, n);
    return called_condition(g, env, n, b);
  }
  case NK_INDEX:
    return builtin_index(g, env, n);
  case NK_LIST: {
    Value v = value_list(g, n->list.len);
    for (uint32_t i = 0; i < n->list.len; i++)
      v.items[i] = eval_entry(g, env, n->list.items[i]);
    return v;
  }
  case NK_COMPREH:
    return comprehension(g, env, n);
  case NK_QUANT:
    return quant_lit(g, env, n);
  case NK_IF:
    return builtin_if(g, env, n);
  case NK_PICTURE:
    return board_picture(g, n);
  case NK_SHOW:                         /* unwrapped by ast_show: never here */
    break;
  }
  return VALUE_NONE;
}

static Value reify_condition(Ground *g, const Env *env, const Node *n);

/* A condition is the nearest context of the partial terms inside it. */
static Value reify_entry(Ground *g, const Env *env, const Node *n)
{
  if (!enter(g, n->at))
    return VALUE_NONE;
  size_t mark = term_context_open(g);
  Value v = term_context_close(g, mark, reify_condition(g, env, n));
  g->nesting--;
  return v;
}

static Value reify_condition(Ground *g, const Env *env, const Node *n)
{
  if (diag_full(g->diag) || g->too_big)
    return VALUE_NONE;
  if (n->kind == NK_UNARY && n->op == OP_NOT)
    return lit_not(lit_check(g, n->a->at, reify_entry(g, env, n->a)));
  if (n->kind == NK_BINARY) {
    switch (n->op) {
    case OP_AND:
    case OP_OR:
    case OP_IMPLIES:
    case OP_IFF: {
      Value a = lit_check(g, n->a->at, reify_entry(g, env, n->a));
      if (a.kind == V_NONE)
        return VALUE_NONE;
      /* a known left side decides and/or/-> alone: this is what lets a
         guarded recursive rule (N > 0, r(N - 1)) stop */
      if (a.kind == V_BOOL && n->op == OP_AND && !a.i)
        return value_bool(false);
      if (a.kind == V_BOOL && n->op == OP_OR && a.i)
        return value_bool(true);
      if (a.kind == V_BOOL && n->op == OP_IMPLIES && !a.i)
        return value_bool(true);
      Value b = lit_check(g, n->b->at, reify_entry(g, env, n->b));
      if (b.kind == V_NONE)
        return VALUE_NONE;
      if (n->op == OP_AND)
        return lit_and2(g, a, b);
      if (n->op == OP_OR)
        return lit_or2(g, a, b);
      if (n->op == OP_IMPLIES)
        return lit_or2(g, lit_not(a), b);
      return lit_iff(g, n->at, a, b);
    }
    case OP_EQ:
    case OP_NE:
    case OP_LT:
    case OP_LE:
    case OP_GT:
    case OP_GE:
    {
      /* one side after the other: C leaves the order of arguments open,
         and gcc and clang would number the auxiliary variables apart */
      Value a = eval_entry(g, env, n->a), b = eval_entry(g, env, n->b);
      return term_compare(g, n->at, n->op, a, b, true);
    }
    case OP_IN:
      return membership(g, env, n, true, true);
    default:
      break;
    }
  }
  if (n->kind == NK_CALL && ground_builtin(g, n->sym) &&
      ground_builtin(g, n->sym)->id == BI_DISTINCT)
    return builtin_call(g, env, n, ground_builtin(g, n->sym), false, true);
  return eval_entry(g, env, n);
}

/*
** The truth of a comparison whose sides are known, without posting
** anything; V_NONE for anything else.  Lets post_entry() stop at a false guard.
*/
static NOINLINE Value reify_if_known(Ground *g, const Env *env, const Node *n)
{
  if (n->kind != NK_BINARY || n->op < OP_EQ || n->op > OP_GE)
    return VALUE_NONE;
  size_t mark = term_context_open(g);
  Value a = eval_entry(g, env, n->a), b = VALUE_NONE;
  if (value_is_known(a))
    b = eval_entry(g, env, n->b);
  if (!value_is_known(a) || !value_is_known(b) || g->undef.len > mark) {
    g->undef.len = mark;                 /* ground_post evaluates it again */
    return VALUE_NONE;
  }
  return term_compare(g, n->at, n->op, a, b, true);
}

static void post_condition(Ground *g, const Env *env, const Node *n, bool pos);

static bool is_abs_call(Ground *g, const Node *n)
{
  const Builtin *b = n->kind == NK_CALL ? ground_builtin(g, n->sym) : NULL;
  return b && b->id == BI_ABS && n->list.len == 1;
}

/*
** "abs(E) != c" with c known, as "E != c, E != -c": two disequalities
** propagate at once and need no helper unknowns, where abs would add two
** (E and |E|) and two propagators; the natural N-queens model posts one
** per pair of rows.  False (nothing evaluated) when n is not of that form;
** with abs on the left, the other side is evaluated first, which only
** renumbers helpers when it is not known.
*/
static bool post_abs_ne(Ground *g, const Env *env, const Node *n)
{
  bool left = is_abs_call(g, n->a);
  if (left == is_abs_call(g, n->b))
    return false;
  const Node *abs = left ? n->a : n->b;
  Value c = eval_entry(g, env, left ? n->b : n->a);
  if (c.kind != V_INT) {
    Value e = eval_entry(g, env, abs);
    term_compare(g, n->at, OP_NE, left ? e : c, left ? c : e, false);
    return true;
  }
  if (c.i < 0) {                        /* |E| is never negative: true where E is defined */
    eval_entry(g, env, abs->list.items[0]);
    return true;
  }
  const Node *e = abs->list.items[0];
  QuickLin room;
  Value v;
  if (!leaf_value(g, env, e, &v) && !quick_into(g, env, e, &v, &room))
    v = eval_entry(g, env, e);
  /* a linear term in room is short and of numbers: term_post_abs_ne only reads it */
  term_post_abs_ne(g, n->at, v, c.i);
  return true;
}

/*
** Posting a condition asserts the definedness of the partial terms in it
** too.  Negated, it must hold where they are undefined: post_condition
** reifies every negated condition that holds one.
*/
static void post_entry(Ground *g, const Env *env, const Node *n, bool pos)
{
  if (!enter(g, n->at))
    return;
  size_t mark = term_context_open(g);
  post_condition(g, env, n, pos);
  assert(pos || g->undef.len == mark);
  term_context_post(g, mark);
  g->nesting--;
}

static void post_condition(Ground *g, const Env *env, const Node *n, bool pos)
{
  if (diag_full(g->diag) || g->too_big)
    return;
  switch (n->kind) {
  case NK_BOOL:
    if (n->ival != pos)
      term_post_false(g);
    return;
  case NK_UNARY:
    if (n->op == OP_NOT) {
      post_entry(g, env, n->a, !pos);
      return;
    }
    break;
  case NK_BINARY:
    switch (n->op) {
    case OP_AND:
      if (pos) {
        Value a = reify_if_known(g, env, n->a);
        if (a.kind == V_BOOL && !a.i) {
          term_post_false(g);                /* and do not expand the right side */
          return;
        }
        if (a.kind != V_BOOL)
          post_entry(g, env, n->a, true);
        post_entry(g, env, n->b, true);
        return;
      }
      break;
    case OP_OR:
      if (!pos) {
        post_entry(g, env, n->a, false);
        post_entry(g, env, n->b, false);
        return;
      }
      break;
    case OP_IMPLIES:
      if (!pos) {
        post_entry(g, env, n->a, true);
        post_entry(g, env, n->b, false);
        return;
      }
      break;
    case OP_EQ:
    case OP_NE:
    case OP_LT:
    case OP_LE:
    case OP_GT:
    case OP_GE: {
      if (pos && n->op == OP_NE && post_abs_ne(g, env, n))
        return;
      if (pos && n->op == OP_EQ && regular_post_runs(g, env, n))
        return;
      size_t mark = term_context_open(g);
      Value a = eval_entry(g, env, n->a), b = eval_entry(g, env, n->b);
      bool blank = a.kind == V_WILD || b.kind == V_WILD;   /* _ < 0 and _ >= 0 are both false */
      if (!pos && blank && g->undef.len == mark)   /* else the context closes below */
        lit_post(g, lit_not(term_compare(g, n->at, n->op, a, b, true)));
      else if (pos || g->undef.len == mark)
        term_compare(g, n->at, pos ? n->op : op_negate(n->op), a, b, false);
      else
        lit_post(g, lit_not(term_context_close(g, mark, term_compare(g, n->at, n->op, a, b, true))));
      return;
    }
    case OP_IN:
      if (pos) {
        membership(g, env, n, pos, false);
        return;
      }
      break;
    default:
      break;
    }
    break;
  case NK_QUANT:
    if ((n->op == OP_FORALL) == pos) {
      QuantCtx q = {.body = n->a, .pos = pos};
      Values guards = {0};
      each_instance(g, env, &n->list, 0, &guards, value_bool(true), forall_post_fn, &q);
      VEC_FREE(guards);
      return;
    }
    break;
  case NK_CALL: {
    const Builtin *b = ground_builtin(g, n->sym);
    if (b && (b->id == BI_DISTINCT || b->id == BI_STEP || b->id == BI_REGULAR ||
              b->id == BI_CONNECTED || b->id == BI_AREAS || b->id == BI_SIZES ||
              b->id == BI_CIRCUIT) && pos) {
      builtin_call(g, env, n, b, true, pos);
      return;
    }
    if (!b && names_find(g->names, n->sym)->kind == NAME_RULE) {
      expand_rule(g, env, n, true, pos);
      return;
    }
    break;
  }
  case NK_NAME:
    if (names_find(g->names, n->sym)->kind == NAME_RULE) {
      expand_rule(g, env, n, true, pos);
      return;
    }
    break;
  case NK_IF: {
    Value c = lit_check(g, n->a->at, reify_entry(g, env, n->a));
    if (c.kind == V_BOOL) {
      post_entry(g, env, c.i ? n->b : n->c, pos);
      return;
    }
    break;
  }
  default:
    break;
  }
  Value v = lit_check(g, n->at, reify_entry(g, env, n));
  if (v.kind != V_NONE)
    lit_post(g, pos ? v : lit_not(v));
}

/* --- statements --- */

/* The values of a domain: a range (kept as bounds) or a list of values. */
static bool domain_of(Ground *g, const Stmt *st, Sym name, int64_t *lo, int64_t *hi, Values *vals,
                      bool *atom)
{
  const Node *d = st->expr;
  *atom = false;
  if (d->kind == NK_BINARY && d->op == OP_RANGE) {
    Value a = eval_entry(g, NULL, d->a), b = eval_entry(g, NULL, d->b);
    if (a.kind == V_NONE || b.kind == V_NONE)
      return false;
    if (a.kind != V_INT || b.kind != V_INT) {
      ground_error(g, d->at, "the domain of '%s' must be a range of numbers or a list of values",
           ground_name(g, name));
      return false;
    }
    *lo = a.i;
    *hi = b.i;
  } else {
    Value v = eval_entry(g, NULL, d);
    if (v.kind == V_NONE)
      return false;
    if (v.kind != V_LIST) {
      ground_error(g, d->at, "the domain of '%s' must be a range like 1..9 or a list like [red, green], "
                     "not %s", ground_name(g, name), value_words(v));
      return false;
    }
    value_flatten(v, vals);
    bool nums = false;
    for (size_t i = 0; i < vals->len; i++) {
      Value x = vals->data[i];
      if (x.kind == V_ATOM)
        *atom = true;
      else if (x.kind == V_INT)
        nums = true;
      else {
        ground_error(g, d->at, "the domain of '%s' can hold only numbers or value names, not %s",
             ground_name(g, name), value_words(x));
        return false;
      }
    }
    if (*atom && nums) {
      ground_error(g, d->at, "the domain of '%s' mixes numbers and value names", ground_name(g, name));
      return false;
    }
    *lo = 1;
    *hi = (int64_t)vals->len;
  }
  if (*hi < *lo || (vals->len == 0 && !(d->kind == NK_BINARY && d->op == OP_RANGE))) {
    ground_error(g, d->at, "the domain of '%s' is empty", ground_name(g, name));
    return false;
  }
  for (size_t i = 0; i < vals->len && !*atom; i++) {
    *lo = i == 0 || vals->data[i].i < *lo ? vals->data[i].i : *lo;
    *hi = i == 0 || vals->data[i].i > *hi ? vals->data[i].i : *hi;
  }
  if (*lo < -MAX_ABS_VALUE || *hi > MAX_ABS_VALUE) {
    ground_error(g, d->at, "the domain of '%s' is too large: values must lie within -%d..%d",
         ground_name(g, name), MAX_ABS_VALUE, MAX_ABS_VALUE);
    return false;
  }
  return true;
}

static Value make_vars(Ground *g, const uint32_t *dims, uint32_t ndims, int64_t lo, int64_t hi,
                       const Values *vals, bool atom)
{
  if (ndims == 0) {
    VarId x;
    if (vals->len) {
      int32_t *vs = xmalloc(vals->len * sizeof *vs);
      for (size_t i = 0; i < vals->len; i++)
        vs[i] = (int32_t)vals->data[i].i;
      x = build_var_values(g, vs, vals->len);
      xfree(vs);
    } else {
      x = build_var(g, (int32_t)lo, (int32_t)hi);
    }
    term_mark_atom(g, x, atom);
    VEC_PUSH(g->decision, x);
    return value_var(g, x);
  }
  Value v = value_list(g, dims[0]);
  for (uint32_t i = 0; i < dims[0]; i++)
    v.items[i] = make_vars(g, dims + 1, ndims - 1, lo, hi, vals, atom);
  return v;
}


/* Name v's unknown after `base` and the indices that lead to it. */
static void name_unknown(Ground *g, const char *base, const uint32_t *path, uint32_t depth, Value v)
{
  if (v.kind != V_LIN || v.lin->n != 1 || v.lin->k != 0 || v.lin->coef[0] != 1 || depth > 4)
    return;
  ModelName name = {.a = base, .ndims = (uint8_t)depth};
  for (uint32_t i = 0; i < depth; i++)
    name.idx[i] = path[i];
  model_set_name(g->model, v.lin->vars[0], name);
}

/* Name every unknown of a declared value as the puzzle writes it: q[3], b[2,5]. */
static void name_unknowns(Ground *g, const char *base, uint32_t *path, uint32_t depth, Value v)
{
  if (v.kind == V_BOARD) {
    const Board *b = v.board;
    for (uint32_t r = 0; r < b->rows; r++)
      for (uint32_t c = 0; c < b->cols; c++) {
        uint32_t rc[2] = {r, c};
        name_unknown(g, base, rc, 2, b->at[r * b->cols + c]);
      }
  } else if (v.kind == V_LIST && depth < 8) {
    for (uint32_t i = 0; i < v.n; i++) {
      path[depth] = i;
      name_unknowns(g, base, path, depth + 1, v.items[i]);
    }
  } else {
    name_unknown(g, base, path, depth, v);
  }
}

static void ground_var_decl(Ground *g, const Stmt *st)
{
  for (uint32_t k = 0; k < st->items.len; k++) {
    const Node *d = st->items.items[k];
    Sym name = d->kind == NK_INDEX ? d->a->sym : d->sym;
    uint32_t ndims = d->kind == NK_INDEX ? d->list.len : 0;
    uint32_t dims[8];
    if (ndims > 8) {
      ground_error(g, d->at, "'%s' has %u dimensions; at most 8 are allowed", ground_name(g, name), ndims);
      continue;
    }
    double cells = 1;                  /* a double: 65536^4 cells must not wrap to 0 */
    bool ok = true;
    for (uint32_t i = 0; i < ndims && ok; i++) {
      Value v = eval_entry(g, NULL, d->list.items[i]);
      if (v.kind != V_INT || v.i < 1) {
        if (v.kind != V_NONE)
          ground_error(g, d->list.items[i]->at, "a size must be a positive number known before solving");
        ok = false;
      } else {
        dims[i] = (uint32_t)(v.i > MAX_CELLS ? MAX_CELLS : v.i);
        cells *= (double)v.i;
      }
    }
    if (ok && cells > MAX_CELLS) {
      ground_error(g, d->at, "'%s' would have %.0f cells; at most %d are allowed", ground_name(g, name),
                   cells, MAX_CELLS);
      ok = false;
    }
    if (st->tile) {
      Value v = ok ? tiling_ground(g, st) : VALUE_NONE;
      if (v.kind != V_NONE) {
        ground_set_global(g, name, v);
        uint32_t path[8];
        name_unknowns(g, ground_name(g, name), path, 0, v);
      }
      continue;
    }
    int64_t lo, hi;
    bool atom;
    Values vals = {0};
    /* each unknown of a list of values holds its own sorted copy: charged
       (one per 16 values) before a thousand cells copy a million values each */
    if (ok && domain_of(g, st, name, &lo, &hi, &vals, &atom) &&
        (st->layout || ground_charge(g, (uint64_t)(cells * (double)vals.len) / 16))) {
      Value v = st->layout ? board_from_layout(g, st->layout, lo, hi, &vals, atom)
                           : make_vars(g, dims, ndims, lo, hi, &vals, atom);
      ground_set_global(g, name, v);
      uint32_t path[8];
      name_unknowns(g, ground_name(g, name), path, 0, v);
    }
    VEC_FREE(vals);
  }
}

static bool contains_unknowns(Value v)
{
  if (v.kind == V_LIN || v.kind == V_LIT)
    return true;
  for (uint32_t i = 0; v.kind == V_LIST && i < v.n; i++)
    if (contains_unknowns(v.items[i]))
      return true;
  return false;
}

/*
** A constant is evaluated when first used, so constants may refer to each
** other in any order; a constant defined through itself is an error.
*/
static Value const_value(Ground *g, const Node *use, const Stmt *st)
{
  Sym s = st->sym;
  if (s < g->nglobals && g->global_state[s] == GLOBAL_DONE)
    return g->globals[s];
  if (s < g->nglobals && g->global_state[s] == GLOBAL_BUSY)
    return ground_error(g, use->at, "the constant '%s' is defined in terms of itself", ground_name(g, s));
  ground_set_global(g, s, VALUE_NONE);
  g->global_state[s] = GLOBAL_BUSY;
  Value v = eval_entry(g, NULL, st->expr);
  if (contains_unknowns(v)) {
    ground_error(g, st->expr->at, "the constant '%s' must be known before solving, but it depends on unknowns",
         ground_name(g, s));
    v = VALUE_NONE;
  }
  g->globals[s] = v;
  g->global_state[s] = GLOBAL_DONE;
  return v;
}

static void ground_const(Ground *g, const Stmt *st)
{
  const_value(g, st->items.items[0], st);
}

char *ground_source_text(const Ground *g, Loc at)
{
  const Src *s = src_get(g->srcs, at.src);
  if (!s)
    return xstrndup("?", 1);
  Buf b = {0};
  bool space = false;
  for (uint32_t i = at.off; i < at.off + at.len && i < s->len; i++) {
    char c = s->text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = true;
      continue;
    }
    if (space && b.len)
      buf_putc(&b, ' ');
    space = false;
    buf_putc(&b, c);
  }
  return b.data ? b.data : xstrndup("", 0);
}

/*
** Note the variables whose values v prints, so that a solution is told
** apart by them alone (MS_SHOWN).  A term over one variable
** prints a different value for each of its values, so that variable
** stands for it; a sum of several (show x + y) gets a variable of its own
** equal to it, since x = 1, y = 2 and x = 2, y = 1 print one answer.
*/
static void note_shown(Ground *g, Loc at, Value v)
{
  switch (v.kind) {
  case V_LIT:
    VEC_PUSH(g->shown, (VarId)v.i);
    break;
  case V_LIN: {
    Wide lo = 0, hi = 0;
    VarId z;
    /* the range only for a sum: reading it settles the grounder's
       bounds (bounds.h), work that the engine's propagation repeats
       (1000 queens: 0.26 G) */
    if (v.lin->n > 1) {
      lin_range(g, v.lin, &lo, &hi);
      if (lin_fits(lo) && lin_fits(hi) && term_var(g, at, v, &z)) {
        VEC_PUSH(g->shown, z);
        break;
      }
    }
    for (uint32_t i = 0; i < v.lin->n; i++)   /* one variable (or a sum too wide for one) */
      VEC_PUSH(g->shown, v.lin->vars[i]);
    break;
  }
  case V_LIST:
    for (uint32_t i = 0; i < v.n; i++)
      note_shown(g, at, v.items[i]);
    break;
  case V_BOARD:
    for (size_t i = 0; i < (size_t)v.board->rows * v.board->cols; i++)
      note_shown(g, at, v.board->at[i]);
    break;
  default:
    break;
  }
}

/*
** The label of a shown expression: its source text in one spelling, so
** that the same expression written twice is one key of the JSON
** (doc/json.md): comments dropped, one space around binary operators
** (and around the `:` of a comprehension) and after commas, none inside
** brackets, before the `:` of forall, before a call's or an index's
** bracket, around `..` or after a unary minus; `==`, `\=` and `=<` are
** spelt `=`, `!=` and `<=`.  Strings are kept as written.
*/
typedef enum { LT_NONE, LT_WORD, LT_KEYWORD, LT_OPEN, LT_CLOSE, LT_COMMA, LT_COLON,
               LT_DOTDOT, LT_BINOP, LT_UNARY } LabelTok;

static bool label_space(LabelTok p, LabelTok t)
{
  if (p == LT_NONE || p == LT_OPEN || p == LT_UNARY || p == LT_DOTDOT)
    return false;
  if (t == LT_CLOSE || t == LT_COMMA || t == LT_COLON || t == LT_DOTDOT)
    return false;
  if (t == LT_OPEN)
    return !(p == LT_WORD || p == LT_CLOSE);
  return true;
}

static bool label_word_char(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || (unsigned char)c >= 0x80;
}

static char *show_label(const Ground *g, Loc at)
{
  static const char *const keywords[] = { "and", "or", "not", "mod", "in", "if", "then",
                                          "else", "forall", "exists", NULL };
  static const char *const ops[][2] = {   /* longest first; the spelling written */
    {"<->", "<->"}, {":-", ":-"}, {"->", "->"}, {"!=", "!="}, {"\\=", "!="}, {"<=", "<="},
    {"=<", "<="}, {">=", ">="}, {"==", "="}, {"++", "++"},
  };
  const Src *s = src_get(g->srcs, at.src);
  if (!s)
    return xstrndup("?", 1);
  const char *p = s->text + at.off, *end = s->text + (at.off + at.len <= s->len ? at.off + at.len : s->len);
  Buf b = {0};
  LabelTok prev = LT_NONE;
  char open[64];                              /* the brackets open, innermost last */
  uint8_t quants[65] = {0};                   /* per depth: forall/exists waiting for their ':' */
  size_t depth = 0;
  while (p < end) {
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
      p++;
      continue;
    }
    if (*p == '%') {                          /* a comment, to the end of the line */
      while (p < end && *p != '\n')
        p++;
      continue;
    }
    const char *tok = p, *spelt = NULL;
    LabelTok t;
    if (*p == '"') {
      for (p++; p < end && *p != '"'; p++)
        if (*p == '\\' && p + 1 < end)
          p++;
      p += p < end;
      t = LT_WORD;
    } else if (label_word_char(*p)) {
      while (p < end && label_word_char(*p))
        p++;
      t = LT_WORD;
      for (size_t k = 0; keywords[k]; k++)
        if (strlen(keywords[k]) == (size_t)(p - tok) && !strncmp(tok, keywords[k], (size_t)(p - tok)))
          t = LT_KEYWORD;
      bool quant = t == LT_KEYWORD && (*tok == 'f' || *tok == 'e') && tok[1] != 'l';  /* not else */
      if (quant && depth <= sizeof open && quants[depth] < UINT8_MAX)
        quants[depth]++;
    } else if (end - p >= 2 && p[0] == '.' && p[1] == '.') {
      p += 2;
      t = LT_DOTDOT;
    } else {
      t = LT_BINOP;
      for (size_t k = 0; k < sizeof ops / sizeof ops[0] && !spelt; k++) {
        size_t n = strlen(ops[k][0]);
        if ((size_t)(end - p) >= n && !strncmp(p, ops[k][0], n)) {
          spelt = ops[k][1];
          p += n;
        }
      }
      if (!spelt) {
        char c = *p++;
        if ((c == '(' || c == '[' || c == '{') && depth++ < sizeof open) {
          open[depth - 1] = c;
          quants[depth] = 0;
        } else if ((c == ')' || c == ']' || c == '}') && depth) {
          depth--;
        }
        /* a quantifier's ':' is written after its domain, a comprehension's
           between spaces ([K * 2 : K in 1..3, exists J in 1..K: J > 1]) */
        bool quant_colon = c == ':' && depth <= sizeof open && quants[depth] > 0;
        if (quant_colon)
          quants[depth]--;
        t = c == '(' || c == '[' || c == '{' ? LT_OPEN
          : c == ')' || c == ']' || c == '}' ? LT_CLOSE
          : c == ',' ? LT_COMMA
          : c == ':' ? (!quant_colon && depth && depth <= sizeof open && open[depth - 1] == '['
                        ? LT_BINOP : LT_COLON)
          : c == '-' && prev != LT_WORD && prev != LT_CLOSE ? LT_UNARY : LT_BINOP;
      }
    }
    if (label_space(prev, t))
      buf_putc(&b, ' ');
    if (spelt)
      buf_puts(&b, spelt);
    else
      buf_add(&b, tok, (size_t)(p - tok));
    prev = t;
  }
  return b.data ? b.data : xstrndup("", 0);
}

/* The label the user gave (show total: x + y): a name, a number or a text. */
static char *given_label(const Ground *g, const Node *label)
{
  if (label->kind == NK_INT) {
    Buf b = {0};
    buf_printf(&b, "%lld", (long long)label->ival);
    return b.data;
  }
  const char *s = ground_name(g, label->sym);
  return xstrndup(s, strlen(s));
}

/* Bytes in the UTF-8 character that starts with c (a stray byte: 1). */
static size_t utf8_len(unsigned char c)
{
  return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

/*
** show X as ".#": a character for each of the values 0, 1, ...; or
** show X as [0 -> ".", 1 -> "#"] (the checker saw the form).
*/
static void add_drawing(Ground *g, const Node *d, ShowItem *it)
{
  if (d->kind == NK_STRING) {
    const char *s = ground_name(g, d->sym);
    size_t len = strlen(s), n = 0;
    for (size_t at = 0; at < len; at += utf8_len((unsigned char)s[at]))
      n++;
    it->draw_value = arena_array(&g->arena, Value, n + 1);
    it->draw_text = arena_array(&g->arena, const char *, n + 1);
    size_t k = 0;
    for (size_t at = 0, w; at < len; at += w, k++) {
      w = utf8_len((unsigned char)s[at]);
      w = at + w <= len ? w : len - at;
      char *t = arena_alloc(&g->arena, w + 1);
      memcpy(t, s + at, w);
      t[w] = 0;
      it->draw_value[k] = value_int((int64_t)k);
      it->draw_text[k] = t;
    }
    it->ndraw = (uint32_t)n;
    return;
  }
  uint32_t n = d->list.len;
  it->draw_value = arena_array(&g->arena, Value, n + 1);
  it->draw_text = arena_array(&g->arena, const char *, n + 1);
  for (uint32_t k = 0; k < n; k++) {
    const Node *m = d->list.items[k];
    it->draw_value[k] = eval_entry(g, NULL, m->a);
    it->draw_text[k] = ground_name(g, m->b->sym);
  }
  it->ndraw = n;
}

/*
** A name that v holds (a name, or an unknown that takes names), for a
** drawing string, which draws only the numbers 0, 1, ...: its Sym, or 0
** when v holds no name.  An unknown's name is the first of its values.
*/
static Sym drawn_name(const Ground *g, Value v)
{
  if (v.kind == V_ATOM)
    return (Sym)v.i;
  if (v.kind == V_LIN && v.atom && v.lin->n == 1)
    return (Sym)g->model->vars.data[v.lin->vars[0]].lo;
  const Value *items = v.kind == V_BOARD ? v.board->at : v.kind == V_LIST ? v.items : NULL;
  size_t n = v.kind == V_BOARD ? (size_t)v.board->rows * v.board->cols : v.kind == V_LIST ? v.n : 0;
  for (size_t i = 0; i < n; i++) {
    Sym s = drawn_name(g, items[i]);
    if (s)
      return s;
  }
  return 0;
}

static void add_show(Ground *g, const Node *item, const Node *label, const Node *drawing)
{
  Value v = eval_entry(g, NULL, item);
  g->undef.len = 0;                /* a shown term is printed where it is defined */
  if (v.kind == V_NONE)
    return;
  if (!g->all_assignments)
    note_shown(g, item->at, v);
  bool board = false;
  if (item->kind == NK_NAME) {
    const NameInfo *ni = names_find(g->names, item->sym);
    board = ni->kind == NAME_VAR && ni->decl && ni->decl->board;
  }
  bool who = item->kind == NK_CALL && strcmp(ground_name(g, item->sym), "who") == 0;
  ShowItem it = {label ? given_label(g, label) : show_label(g, item->at), v, board, who,
                 item->kind == NK_STRING, 0, NULL, NULL};
  Sym name = drawing && drawing->kind == NK_STRING ? drawn_name(g, v) : 0;
  if (name) {                      /* ".#" draws 0 and 1: it would draw none of the names */
    ground_error(g, drawing->at, "%s", DRAWN_NAMES_MESSAGE);
    return;
  }
  if (drawing)
    add_drawing(g, drawing, &it);
  VEC_PUSH(g->shows, it);
}

/* "clue 6" or "this constraint" */
static void clue_name(const Ground *g, const Stmt *st, Buf *name)
{
  if (st->label) {
    char *text = ground_source_text(g, st->label->at);
    buf_printf(name, "clue %s", text);
    xfree(text);
  } else {
    buf_puts(name, "this constraint");
  }
}

/*
** A clue that is false whatever the unknowns are is a typing mistake: an
** error.  Grounding simplifies with the domains the clues before have
** narrowed (x / x needs no x = 0 case once x > 0): then a clue found false
** may only contradict them, which is an answer, not a mistake, and the
** space built from the Model fails at it (ground_note_failure).
*/
static void report_impossible_clue(Ground *g, const Stmt *st, unsigned errors_before)
{
  if (g->diag->nerrors > errors_before || g->timed_out || !g->posted_false || ground_narrowed(g))
    return;
  Buf name = {0};
  clue_name(g, st, &name);
  ground_error(g, st->at, "%s can never hold", buf_str(&name));
  buf_free(&name);
}

/*
** A clue that only contradicts the clues before it is an answer (no
** solution), but the teacher wants to know which clue: a note, for the
** clue whose steps hold the Model's first failing step.
*/
void ground_note_failure(Ground *g, size_t step)
{
  for (size_t i = 0; i < g->clue_steps.len; i++) {
    const ClueSteps *c = &g->clue_steps.data[i];
    if (step < c->first || step > c->last)
      continue;
    Buf name = {0};
    clue_name(g, c->st, &name);
    diag_note(g->diag, c->st->at, "%s contradicts the clues before it, so there is no solution",
              buf_str(&name));
    buf_free(&name);
    return;
  }
}

/*
** What a solution is (MS_SHOWN): the variables the shown items print
** (note_shown), the logic grid's table when it is printed (with the
** entity of each value name, which the table shows as well), and for a
** tiling any of whose cells is shown, all its cover, name and placement
** variables: the covers say which copy of a piece is where (the copies
** print numbered), and each of them is fixed by the others' values, so
** adding them tells no two answers apart but lets the exact cover finish
** the search alone (search.c, solo_ready).
*/
static void shown_vars(Ground *g)
{
  size_t nvars = g->model->vars.len;
  uint8_t *mark = xcalloc(nvars + 1, 1);
  if (g->table)                         /* the table, and who has each value (it says so too) */
    for (size_t a = 0; a < g->attrs.len; a++)
      for (uint32_t e = 0; e < g->entities.n; e++) {
        VEC_PUSH(g->shown, g->attrs.data[a].of[e]);
        if (g->attrs.data[a].who)
          VEC_PUSH(g->shown, g->attrs.data[a].who[e]);
      }
  for (size_t i = 0; i < g->shown.len; i++)
    mark[g->shown.data[i]] = 1;
  for (size_t i = 0; i < g->model->steps.len; i++) {
    const ModelStep *st = &g->model->steps.data[i];
    if (st->kind != MS_TILING)
      continue;
    ModelTiling t = model_tiling(model_args(g->model, st));
    bool shown = false;
    for (uint32_t c = 0; c < t.ncells && !shown; c++)
      shown = mark[t.cover[c]] || mark[t.name[c]];
    for (uint32_t c = 0; shown && c < t.ncells; c++) {
      VEC_PUSH(g->shown, (VarId)t.cover[c]);
      VEC_PUSH(g->shown, (VarId)t.name[c]);
    }
    for (uint32_t k = 0; shown && k < t.nkinds; k++)
      if (t.column[k] >= 0)
        VEC_PUSH(g->shown, (VarId)t.column[k]);
  }
  memset(mark, 0, nvars);
  size_t n = 0;                         /* each once, in the order met */
  for (size_t i = 0; i < g->shown.len; i++)
    if (!mark[g->shown.data[i]]) {
      mark[g->shown.data[i]] = 1;
      g->shown.data[n++] = g->shown.data[i];
    }
  g->shown.len = n;
  xfree(mark);
  build_shown_vars(g, g->shown.len, g->shown.data);
}

/* Constraints a declaration sets up come from it: a structural origin. */
static void structure_origin(Ground *g, const Stmt *st, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));
static void structure_origin(Ground *g, const Stmt *st, const char *fmt, ...)
{
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  VEC_PUSH(g->origins, ((Origin){st->at, NULL, xstrndup(what, strlen(what))}));
  build_origin(g, (uint32_t)g->origins.len);
}

/*
** The goal's step, with the variables of a linear EXPR and the signs of
** their coefficients: the search tries first the end of each variable's
** domain that makes the goal better (maximize x - y: x's largest value,
** y's smallest), where the smallest first would climb the goal by one a
** solution.  A goal that is no sum gets no terms.
*/
static void goal_terms(Ground *g, VarId x, Value v, bool maximize)
{
  if (v.kind != V_LIN) {
    build_goal(g, x, maximize, 0, NULL, NULL);
    return;
  }
  const Lin *l = v.lin;
  int32_t *sign = xmalloc(((size_t)l->n + 1) * sizeof *sign);
  for (uint32_t i = 0; i < l->n; i++)
    sign[i] = l->coef[i] > 0 ? 1 : -1;
  build_goal(g, x, maximize, l->n, sign, l->vars);
  xfree(sign);
}

/*
** minimize EXPR. or maximize EXPR.: a variable equal to EXPR, which the
** search makes better at each solution (MS_GOAL).  EXPR must be defined
** (a[i] with i in range, no division by zero) in every solution.
*/
static void ground_goal(Ground *g, const Stmt *st)
{
  structure_origin(g, st, "the goal");
  size_t mark = term_context_open(g);
  Value v = eval_entry(g, NULL, st->expr);
  term_context_post(g, mark);
  VarId x;
  if (term_var(g, st->expr->at, v, &x)) {
    g->has_goal = true;
    g->maximize = st->maximize;
    g->goal = x;
    goal_terms(g, x, v, st->maximize);
  }
  build_origin(g, 0);
}

bool ground_program(Ground *g)
{
  g->eval = eval_entry;
  g->reify = reify_entry;
  g->post = post_entry;
  unsigned before = g->diag->nerrors;
  const StmtList *sl = &g->ast->stmts;
  bool any_show = false;
  build_defer(g, true);
  for (uint32_t i = 0; i < sl->len; i++)       /* entities before their attributes */
    if (sl->items[i]->kind == ST_ENTITIES)
      grid_entities(g, sl->items[i]);
  for (uint32_t i = 0; i < sl->len; i++)
    if (sl->items[i]->kind == ST_ATTRIBUTE) {
      structure_origin(g, sl->items[i], "the logic grid of %s: each %s has one, no two alike",
                       ground_name(g, sl->items[i]->sym), ground_name(g, g->entities_name));
      grid_attribute(g, sl->items[i]);
    }
  for (uint32_t i = 0; i < sl->len; i++) {
    const Stmt *st = sl->items[i];
    if (st->kind == ST_CONST) {
      ground_const(g, st);
    } else if (st->kind == ST_VAR) {
      const Node *d = st->items.len ? st->items.items[0] : NULL;
      Sym name = !d ? 0 : d->kind == NK_INDEX ? d->a->sym : d->sym;
      if (st->tile)
        structure_origin(g, st, "the tiling of %s: each cell covered by one piece",
                         name ? ground_name(g, name) : "?");
      else
        structure_origin(g, st, st->layout ? "the board %s as drawn, with its givens" : "the values %s can take",
                         name ? ground_name(g, name) : "?");
      ground_var_decl(g, st);
    }
  }
  build_origin(g, 0);
  for (uint32_t i = 0; i < sl->len && !diag_full(g->diag) && !g->too_big; i++) {
    const Stmt *st = sl->items[i];
    if (st->kind == ST_CONSTRAINT) {
      VEC_PUSH(g->origins, ((Origin){st->at, st->label, NULL}));
      g->origin = (uint32_t)g->origins.len;
      build_origin(g, g->origin);
      size_t first = g->model->steps.len;
      g->posted_false = false;
      unsigned errors_before = g->diag->nerrors;
      if (st->candidate) {              /* a literal, not a constraint: see Candidate */
        Value lit = lit_check(g, st->expr->at, reify_entry(g, NULL, st->expr));
        if (lit.kind == V_LIT)
          VEC_PUSH(g->candidates, ((Candidate){ st, g->origin, (uint32_t)lit.i, lit.neg }));
        build_origin(g, 0);
        continue;
      }
      g->clue_call = clue_call(g, st->expr);
      post_entry(g, NULL, st->expr, true);
      g->clue_call = NULL;
      build_origin(g, 0);
      build_propagate(g);             /* once per clue, not once per post */
      VEC_PUSH(g->clue_steps, ((ClueSteps){st, first, g->model->steps.len - 1}));
      report_impossible_clue(g, st, errors_before);
    } else if (st->kind == ST_OBJECTIVE) {
      ground_goal(g, st);
    } else if (st->kind == ST_SHOW) {
      any_show = true;
      structure_origin(g, st, "what is shown");   /* its helpers: the house of water, ... */
      for (uint32_t k = 0; k < st->items.len; k++)
        add_show(g, st->items.items[k], st->show_label[k], st->show_as[k]);
      build_origin(g, 0);
    }
  }
  g->table = g->entities_name && g->attrs.len;
  if (!any_show) {                        /* by default: every declared unknown */
    for (uint32_t i = 0; i < sl->len; i++) {
      const Stmt *st = sl->items[i];
      if (st->kind != ST_VAR)
        continue;
      for (uint32_t k = 0; k < st->items.len; k++) {
        const Node *d = st->items.items[k];
        add_show(g, d->kind == NK_INDEX ? d->a : d, NULL, NULL);
      }
    }
  }
  build_defer(g, false);
  build_decision_vars(g, g->decision.len, g->decision.data);
  grid_branch_vars(g);
  if (!g->all_assignments)
    shown_vars(g);
  return g->diag->nerrors == before;
}

void ground_free(Ground *g)
{
  for (size_t i = 0; i < g->shows.len; i++)
    xfree(g->shows.data[i].label);
  VEC_FREE(g->shows);
  for (size_t i = 0; i < g->origins.len; i++)
    xfree(g->origins.data[i].what);
  VEC_FREE(g->origins);
  VEC_FREE(g->calls);
  VEC_FREE(g->candidates);
  VEC_FREE(g->var_atom);
  VEC_FREE(g->decision);
  VEC_FREE(g->shown);
  for (size_t i = 0; i < g->tiles.len; i++) {
    TileCopies *t = &g->tiles.data[i];
    xfree(t->cover);
    xfree(t->cell_first);
    xfree(t->cell_place);
    xfree(t->anchor);
    xfree(t->reading);
    xfree(t->kind);
    xfree(t->label_first);
    xfree(t->label);
  }
  VEC_FREE(g->tiles);
  VEC_FREE(g->var_tile);
  for (size_t i = 0; i < g->maps.len; i++) {
    xfree(g->maps.data[i].cell);
    xfree(g->maps.data[i].region);
  }
  VEC_FREE(g->maps);
  VEC_FREE(g->attrs);
  VEC_FREE(g->positions);
  VEC_FREE(g->undef);
  VEC_FREE(g->errors);
  VEC_FREE(g->differences);
  VEC_FREE(g->potential);
  VEC_FREE(g->first_out);
  VEC_FREE(g->queue);
  VEC_FREE(g->clue_steps);
  bounds_free(&g->bounds);
  xfree(g->globals);
  xfree(g->global_state);
  xfree(g->builtin_of);
  board_cache_free(g);
  g->globals = NULL;
  g->global_state = NULL;
  g->builtin_of = NULL;
  g->nbuiltin_of = 0;
  arena_free(&g->arena);
}
