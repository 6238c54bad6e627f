/*
** check_walk.c -- the checker's second pass walks the program.
**
** walk_expr() is the grounder's ground_eval(), ev_cond() its ground_post()
** (post) and ground_reify() in one; quantifiers are expanded case by
** case, rules at each call.  See check_eval.h.
*/
#include "front/check_eval.h"

#include <string.h>

#include "base/mem.h"

#define EV_MAX_RULE_DEPTH 200u
#define EV_MAX_NESTING 1000u
#define EV_MAX_LIST 10000000

static SVal eval_expr(Ev *ev, const EvEnv *env, const Node *n);

static const SVal *evenv_find(const EvEnv *e, Sym s)
{
  for (; e; e = e->up)
    if (e->name == s)
      return &e->val;
  return NULL;
}

/* Nesting of the walkers, bounded as in the grounder: beyond, stop quietly. */
static bool enter(Ev *ev)
{
  if (!ev_step(ev) || ev->nesting >= EV_MAX_NESTING) {
    ev->stop = true;
    return false;
  }
  ev->nesting++;
  return true;
}

static SVal walk_expr(Ev *ev, const EvEnv *env, const Node *n)
{
  if (!enter(ev))
    return SV_UNKNOWN;
  SVal v = eval_expr(ev, env, n);
  ev->nesting--;
  return v;
}

/* --- quantifiers --- */

/* guard: the first condition of the binding that is not known before
   solving (NULL: none) */
typedef void (*EvInstanceFn)(Ev *ev, const EvEnv *env, const Node *guard, void *ctx);

static bool bound_in(const void *env, Sym s)
{
  return evenv_find(env, s) != NULL;
}

/* "X in S" with X not bound yet, as the grounder sees it (ast_is_generator). */
static bool is_generator(const EvEnv *env, const Node *q)
{
  return ast_is_generator(q, bound_in, env);
}

/* A side of a guard that is a known number: a bound variable or a literal. */
static bool known_number(const EvEnv *env, const Node *n, int64_t *v)
{
  if (n->kind == NK_INT) {
    *v = n->ival;
    return true;
  }
  const SVal *b = n->kind == NK_VAR ? evenv_find(env, n->sym) : NULL;
  if (!b || b->kind != SV_NUM || !b->known)
    return false;
  *v = b->i;
  return true;
}

/*
** A guard such as R1 < R2 between known numbers, decided without the
** walkers (an N-queens model asks it N * N times).  It spends the steps
** ev_cond would (the condition and its two sides); false when q is not
** of that form, and ev_cond must judge it.
*/
static bool known_guard(Ev *ev, const EvEnv *env, const Node *q, SVal *out)
{
  int64_t a, b;
  if (q->kind != NK_BINARY || q->op < OP_EQ || q->op > OP_GE || ev->nesting + 2 >= EV_MAX_NESTING ||
      !known_number(env, q->a, &a) || !known_number(env, q->b, &b))
    return false;
  for (int k = 0; k < 3; k++)
    if (!ev_step(ev)) {
      ev->stop = true;
      *out = SV_UNKNOWN;
      return true;
    }
  *out = ev_compare(ev, q->at, q->op, sv_num(a), sv_num(b));
  return true;
}

/*
** fn once per binding of quals[i..], as the grounder's each_instance():
** a known false condition skips the binding, an unknown one guards it.
** A list whose items are all alike (the cells of a board) is one case.
*/
static void each_instance(Ev *ev, const EvEnv *env, const NodeList *quals, uint32_t i,
                          const Node *guard, EvInstanceFn fn, void *ctx)
{
  if (ev->stop || diag_full(ev->diag))
    return;
  if (i == quals->len) {
    fn(ev, env, guard, ctx);
    return;
  }
  const Node *q = quals->items[i];
  if (!is_generator(env, q)) {
    SVal c;
    if (!known_guard(ev, env, q, &c))
      c = ev_cond_check(ev, q->at, ev_cond(ev, env, q, false, true));
    if (c.kind == SV_NONE && ev->stop)
      return;
    if (c.kind == SV_COND && c.known && !c.i)
      return;
    bool known = c.kind == SV_COND && c.known;
    each_instance(ev, env, quals, i + 1, guard ? guard : known ? NULL : q, fn, ctx);
    return;
  }
  SVal coll = walk_expr(ev, env, q->b);
  if (coll.kind == SV_NONE)
    return;
  if (coll.kind == SV_BOARD || coll.kind == SV_STRING)
    coll = ev_expect_list(ev, q->b->at, coll, "in");   /* a board, a string */
  if (coll.kind != SV_LIST) {
    unsigned before = ev->diag->nerrors;
    ev_error(ev, q->b->at, "'%s in ...' needs a list or a range after 'in', but this is %s",
             q->a->kind == NK_VAR ? ev_name(ev, q->a->sym) : "[...]", sv_words(coll));
    if (ev->diag->nerrors > before)
      ev_note_subtraction(ev, q->b);
    return;
  }
  uint32_t nvars = q->a->kind == NK_VAR ? 1 : q->a->list.len;
  EvEnv *frames = xmalloc(nvars * sizeof *frames);
  uint32_t cases = coll.uniform ? 1 : coll.n;
  if (coll.uniform && coll.n_known && coll.n == 0)
    cases = 0;
  for (uint32_t k = 0; k < cases && ev_step(ev); k++) {
    SVal item = sv_item(coll, k);
    const EvEnv *e = env;
    if (q->a->kind == NK_VAR) {
      frames[0] = (EvEnv){env, q->a->sym, item};
      e = &frames[0];
    } else {
      if (item.kind == SV_NONE || (item.kind == SV_LIST && !item.n_known)) {
        for (uint32_t j = 0; j < nvars; j++) {
          frames[j] = (EvEnv){e, q->a->list.items[j]->sym,
                              item.kind == SV_LIST ? sv_item(item, 0) : SV_UNKNOWN};
          e = &frames[j];
        }
      } else if (item.kind != SV_LIST || item.n != nvars) {
        ev_error(ev, q->a->at, "this pattern takes lists of %u items, but the list holds %s", nvars,
                 item.kind == SV_LIST ? "lists of another length" : sv_words(item));
        break;
      } else {
        for (uint32_t j = 0; j < nvars; j++) {
          frames[j] = (EvEnv){e, q->a->list.items[j]->sym, sv_item(item, j)};
          e = &frames[j];
        }
      }
    }
    each_instance(ev, e, quals, i + 1, guard, fn, ctx);
  }
  xfree(frames);
}

typedef struct QuantCtx {
  const Node *body;
  bool post, pos;       /* post each instance's body (pos), or take it as a value */
  bool forall;
  SVals items;          /* a comprehension's elements */
  bool reported;
  bool all_known;       /* every instance known, unguarded */
  bool decided;         /* one instance decides: false for forall, true for exists */
  bool counting;        /* inside count(): unknown conditions are counted */
  bool summing;         /* inside sum(): an item under unknown conditions counts when they hold */
} QuantCtx;

static void quant_fn(Ev *ev, const EvEnv *env, const Node *guard, void *ctx)
{
  QuantCtx *q = ctx;
  bool guarded = guard != NULL;
  SVal c = ev_cond_check(ev, q->body->at, ev_cond(ev, env, q->body, q->post && !guarded, q->pos));
  if (c.kind != SV_COND || !c.known || guarded)
    q->all_known = false;
  else if (q->forall ? !c.i : c.i)
    q->decided = true;
}

static void comprehension_fn(Ev *ev, const EvEnv *env, const Node *guard, void *ctx)
{
  QuantCtx *q = ctx;
  bool guarded = guard != NULL;
  if (q->counting) {                    /* count([X : ...]): how many bindings hold */
    SVal e = walk_expr(ev, env, q->body);
    VEC_PUSH(q->items, e.kind == SV_COND && !guarded ? e : sv_cond_unknown());
    return;
  }
  if (q->summing && guarded) {          /* sum([E : ...]): E or nothing, known once solved */
    SVal e = walk_expr(ev, env, q->body);
    VEC_PUSH(q->items, e.kind == SV_NUM ? sv_num_unknown() : e);
    return;
  }
  if (guarded) {
    if (!q->reported)
      ev_error(ev, guard->at, "a condition inside [ ... : ... ] must be known before solving; "
                                "use count(...), sum(...) or forall for conditions on unknowns");
    q->reported = true;
    return;
  }
  VEC_PUSH(q->items, walk_expr(ev, env, q->body));
}

/* A quantifier posted (forall posted true, exists posted false) or as a value. */
static SVal quantifier(Ev *ev, const EvEnv *env, const Node *n, bool post, bool pos)
{
  bool forall = n->op == OP_FORALL;
  QuantCtx q = {.body = n->a, .forall = forall, .all_known = true};
  q.post = post && forall == pos;
  q.pos = q.post ? pos : true;
  each_instance(ev, env, &n->list, 0, NULL, quant_fn, &q);
  if (ev->stop)
    return SV_UNKNOWN;
  if (q.decided)
    return sv_cond(!forall);
  return q.all_known ? sv_cond(forall) : sv_cond_unknown();
}

/* --- rules --- */

/*
** Does every clause of the rule call it again whatever its arguments
** are: its head takes any arguments, and the call is one of the body's
** conditions joined by ',' (not under or, not, ->, if or a quantifier)?
** Then expanding it never stops: the checker can say so.
*/
static bool calls_itself(const Node *n, Sym rule)
{
  if (n->kind == NK_CALL || n->kind == NK_NAME)
    return n->sym == rule;
  if (n->kind == NK_BINARY && n->op == OP_AND)
    return calls_itself(n->a, rule) || calls_itself(n->b, rule);
  return false;
}

static bool never_stops(const NameInfo *ni, Sym rule)
{
  for (size_t c = 0; c < ni->clauses.len; c++) {
    const Stmt *cl = ni->clauses.data[c];
    for (uint32_t i = 0; cl->head->kind == NK_CALL && i < cl->head->list.len; i++) {
      const Node *p = cl->head->list.items[i];
      if (p->kind != NK_VAR && p->kind != NK_WILD)
        return false;
      for (uint32_t j = 0; j < i; j++)
        if (p->kind == NK_VAR && cl->head->list.items[j]->kind == NK_VAR &&
            cl->head->list.items[j]->sym == p->sym)
          return false;
    }
    if (!calls_itself(cl->expr, rule))
      return false;
  }
  return true;
}

static SVal expand_rule(Ev *ev, const EvEnv *env, const Node *call, bool post, bool pos)
{
  const NameInfo *ni = names_find(ev->names, call->sym);
  uint32_t nargs = call->kind == NK_CALL ? call->list.len : 0;
  SVal *args = xmalloc((nargs + 1) * sizeof *args);
  for (uint32_t i = 0; i < nargs; i++)
    args[i] = walk_expr(ev, env, call->list.items[i]);
  if (ev->generic) {                /* a rule's body on its own: calls are not expanded */
    xfree(args);
    return sv_cond_unknown();
  }
  ev_grow_globals(ev, call->sym);
  ev->expanded[call->sym] = true;
  if (ev->stop || ev->depth >= EV_MAX_RULE_DEPTH) {
    /* the grounder expands the same way, so it would go on for ever too;
       when the checker cannot see why, it leaves the matter to the grounder */
    if (!ev->stop && never_stops(ni, call->sym))
      ev_error(ev, call->at, "the rule '%s' calls itself too deeply (does it have a case that stops?)",
               ev_name(ev, call->sym));
    ev->stop = true;
    xfree(args);
    return SV_UNKNOWN;
  }
  ev->depth++;
  unsigned errors_before = ev->diag->nerrors;
  bool noted = false, posted = false;
  /* the call's value is known when every clause's match and body are:
     it holds when some clause that applies holds */
  bool known = true, holds = false;
  for (size_t c = 0; c < ni->clauses.len && !posted && !ev->stop; c++) {
    const Stmt *cl = ni->clauses.data[c];
    EvEnv *frames = xcalloc(nargs + 1, sizeof *frames);
    const EvEnv *scope = NULL;
    bool match_known = true, match = true;
    for (uint32_t i = 0; i < nargs; i++) {
      const Node *p = cl->head->list.items[i];
      SVal m = sv_cond(true);
      if (p->kind == NK_VAR) {
        const SVal *seen = evenv_find(scope, p->sym);
        if (!seen) {
          frames[i] = (EvEnv){scope, p->sym, args[i]};
          scope = &frames[i];
          continue;
        }
        m = ev_compare(ev, p->at, OP_EQ, *seen, args[i]);
      } else if (p->kind != NK_WILD) {
        m = ev_compare(ev, p->at, OP_EQ, walk_expr(ev, NULL, p), args[i]);
      }
      if (m.kind != SV_COND || !m.known)
        match_known = false;
      else
        match &= m.i != 0;
    }
    if (match_known && !match) {
      /* this clause does not apply to these arguments */
    } else if (post && match_known && ni->clauses.len == 1) {
      ev_cond(ev, scope, cl->expr, true, pos);
      posted = true;
      known = false;
    } else {
      SVal b = ev_cond_check(ev, cl->expr->at, ev_cond(ev, scope, cl->expr, false, true));
      if (b.kind == SV_COND && b.known && match_known)
        holds |= b.i != 0;
      else
        known = false;
    }
    if (ev->diag->nerrors > errors_before && !noted && ev->depth == 1) {
      diag_note(ev->diag, call->at, "the rule '%s' was used here", ev_name(ev, call->sym));
      noted = true;
    }
    xfree(frames);
  }
  ev->depth--;
  xfree(args);
  if (ev->stop || ev->diag->nerrors > errors_before)
    return sv_cond_unknown();
  return holds ? sv_cond(true) : known ? sv_cond(false) : sv_cond_unknown();
}

/* --- functions --- */

/*
** Does the value of a function use the function again whatever its
** arguments are: not under an if, and/or, a quantifier or a
** comprehension, which may stop it?  Then expanding it never stops.
*/
static bool uses_itself(const Node *n, Sym f)
{
  if (!n)
    return false;
  switch (n->kind) {
  case NK_NAME:
    return n->sym == f;
  case NK_CALL:
  case NK_LIST:
    if (n->kind == NK_CALL && n->sym == f)
      return true;
    for (uint32_t i = 0; i < n->list.len; i++)
      if (uses_itself(n->list.items[i], f))
        return true;
    return false;
  case NK_UNARY:
    return uses_itself(n->a, f);
  case NK_INDEX:
    return uses_itself(n->a, f);
  case NK_BINARY:
    if (n->op == OP_AND || n->op == OP_OR || n->op == OP_IMPLIES)
      return uses_itself(n->a, f);
    return uses_itself(n->a, f) || uses_itself(n->b, f);
  case NK_IF:
    return uses_itself(n->a, f);
  default:
    return false;
  }
}

/* f(a, b): the value of f's definition with its parameters bound. */
static SVal expand_function(Ev *ev, const EvEnv *env, const Node *call)
{
  const NameInfo *ni = names_find(ev->names, call->sym);
  const Stmt *def = ni->decl;
  uint32_t nargs = call->kind == NK_CALL ? call->list.len : 0;
  EvEnv *frames = xcalloc(nargs + 1, sizeof *frames);
  const EvEnv *scope = NULL;
  for (uint32_t i = 0; i < nargs; i++) {
    frames[i] = (EvEnv){scope, def->head->list.items[i]->sym, walk_expr(ev, env, call->list.items[i])};
    scope = &frames[i];
  }
  if (ev->generic) {                /* a body on its own: calls are not expanded */
    xfree(frames);
    return SV_UNKNOWN;
  }
  ev_grow_globals(ev, call->sym);
  ev->expanded[call->sym] = true;
  if (ev->stop || ev->depth >= EV_MAX_RULE_DEPTH) {
    if (!ev->stop && uses_itself(def->expr, call->sym))
      ev_error(ev, call->at, "the function '%s' uses itself too deeply (does it have a case that stops?)",
               ev_name(ev, call->sym));
    ev->stop = true;
    xfree(frames);
    return SV_UNKNOWN;
  }
  ev->depth++;
  unsigned errors_before = ev->diag->nerrors;
  SVal v = walk_expr(ev, scope, def->expr);
  if (ev->diag->nerrors > errors_before && ev->depth == 1)
    diag_note(ev->diag, call->at, "the function '%s' was used here", ev_name(ev, call->sym));
  ev->depth--;
  xfree(frames);
  return v;
}

/* --- expressions --- */

static SVal range_list(Ev *ev, const EvEnv *env, const Node *n)
{
  SVal lo = walk_expr(ev, env, n->a), hi = walk_expr(ev, env, n->b);
  if (lo.kind == SV_NONE || hi.kind == SV_NONE)
    return SV_UNKNOWN;
  if (lo.kind != SV_NUM || hi.kind != SV_NUM || !lo.known || !hi.known)
    return ev_error(ev, n->at, "both ends of a range must be numbers known before solving");
  if (hi.i - lo.i >= EV_MAX_LIST)
    return ev_error(ev, n->at, "the range %lld..%lld is too long (more than %d values)", (long long)lo.i,
                    (long long)hi.i, EV_MAX_LIST);
  SVal v = {.kind = SV_LIST, .n_known = true, .i = lo.i};
  v.n = hi.i < lo.i ? 0 : (uint32_t)(hi.i - lo.i + 1);
  return v;
}

static SVal arith(Ev *ev, const EvEnv *env, const Node *n)
{
  SVal a = walk_expr(ev, env, n->a), b = walk_expr(ev, env, n->b);
  const char *what = n->op == OP_ADD ? "'+'" : n->op == OP_SUB ? "'-'" : n->op == OP_MUL ? "'*'"
                   : n->op == OP_POW ? "'^'" : n->op == OP_DIV ? "'/'" : "'mod'";
  /* each side on its own: in a rule's body one may be a parameter of any kind */
  bool ok_a = ev_expect_number(ev, n->a->at, a, false, what);
  bool ok_b = ev_expect_number(ev, n->b->at, b, false, what);
  if (!ok_a || !ok_b)
    return SV_UNKNOWN;
  if ((n->op == OP_DIV || n->op == OP_MOD) && b.known && b.i == 0)
    return ev_error(ev, n->b->at, "division by zero");
  if (n->op == OP_POW && !b.known)
    return ev_error(ev, n->b->at, "the exponent of '^' must be a number known before solving, 0 or more, "
                    "but this is an unknown number");
  if (n->op == OP_POW && b.i < 0)
    return ev_error(ev, n->b->at, "the exponent of '^' must be 0 or more, not %lld (pz has no fractions)",
                    (long long)b.i);
  if (n->op == OP_POW) {
    if (!a.known || a.i == 0 || a.i == 1 || b.i == 0)
      return !a.known ? sv_num_unknown() : sv_num(b.i == 0 ? 1 : a.i);
    if (a.i == -1)
      return sv_num(b.i % 2 ? -1 : 1);
    /* as the grounder computes it: no step beyond 2^40 */
    int64_t r = 1, lim = (int64_t)1 << 40, m = a.i < 0 ? -a.i : a.i;
    if (m > lim)
      return ev_error(ev, n->at, "this power is too large");
    for (int64_t k = 0; k < b.i; k++) {
      if (m > lim / (r < 0 ? -r : r))
        return ev_error(ev, n->at, "this power is too large");
      r *= a.i;
    }
    return sv_num(r);
  }
  if (!a.known || !b.known)
    return sv_num_unknown();
  /* known numbers stay within +-2^62 here; the grounder reports larger ones */
  int64_t lim = (int64_t)1 << 40;
  if (a.i > lim || a.i < -lim || b.i > lim || b.i < -lim)
    return sv_num_unknown();
  switch (n->op) {
  case OP_ADD: return sv_num(a.i + b.i);
  case OP_SUB: return sv_num(a.i - b.i);
  case OP_MUL: return sv_num(a.i * b.i);
  case OP_DIV: return sv_num(a.i / b.i);
  default: return sv_num(a.i % b.i);
  }
}

/* A ++ B: two lists */
static SVal concat(Ev *ev, const EvEnv *env, const Node *n)
{
  SVal a = ev_expect_list(ev, n->a->at, walk_expr(ev, env, n->a), "'++'");
  SVal b = ev_expect_list(ev, n->b->at, walk_expr(ev, env, n->b), "'++'");
  if (a.kind != SV_LIST || b.kind != SV_LIST)
    return SV_UNKNOWN;
  if (!a.n_known || !b.n_known || (uint64_t)a.n + b.n > 100000)  /* longer: the grounder judges */
    return SV_UNKNOWN;
  SVal *items = arena_array(&ev->arena, SVal, a.n + b.n + 1);
  for (uint32_t i = 0; i < a.n; i++)
    items[i] = sv_item(a, i);
  for (uint32_t i = 0; i < b.n; i++)
    items[a.n + i] = sv_item(b, i);
  return (SVal){.kind = SV_LIST, .n = a.n + b.n, .n_known = true, .items = items};
}

/* base[i, j, ...]: known indices must lie in their lists. */
static SVal index_expr(Ev *ev, const EvEnv *env, const Node *n)
{
  SVal base = walk_expr(ev, env, n->a);
  if (base.kind == SV_STRING && base.i)            /* "SEND"[1] is s */
    base = ev_expect_list(ev, n->a->at, base, "an index");
  if (base.kind == SV_NUM || base.kind == SV_NAME || base.kind == SV_COND || base.kind == SV_WILD)
    base = ev_error(ev, n->a->at, "only a list or a board can be indexed, but this is %s",
                    sv_words(base));                /* x[1] for a plain unknown x */
  uint32_t k = n->list.len;
  SVal idx_room[4];                        /* q[R]: no allocation for a few indices */
  SVal *idx = k <= 4 ? idx_room : xmalloc(k * sizeof *idx);
  bool all_known = true, none = base.kind == SV_NONE;
  for (uint32_t i = 0; i < k; i++) {
    idx[i] = walk_expr(ev, env, n->list.items[i]);
    none |= idx[i].kind == SV_NONE;
    all_known &= idx[i].kind == SV_NUM && idx[i].known;
  }
  SVal r = SV_UNKNOWN;
  if (none || base.kind == SV_BOARD) {
    /* a drawn board's holes are the grounder's to find */
  } else if (all_known) {
    r = base;
    for (uint32_t i = 0; i < k; i++) {
      if (r.kind == SV_NONE)
        break;
      if (r.kind != SV_LIST) {
        r = ev_error(ev, n->at, "too many indices: this has only %u dimension%s", i, i == 1 ? "" : "s");
        break;
      }
      if (!r.n_known) {
        r = r.items ? r.items[0] : SV_UNKNOWN;
        continue;
      }
      if (idx[i].i < 1 || idx[i].i > r.n) {
        r = ev_error(ev, n->list.items[i]->at, "index %lld is outside 1..%u", (long long)idx[i].i, r.n);
        break;
      }
      r = sv_item(r, (uint32_t)(idx[i].i - 1));
    }
  } else {
    /* unknown indices pick a leaf of a rectangular board: its kind */
    r = base;
    for (uint32_t i = 0; i < k && r.kind != SV_NONE; i++) {
      if (r.kind != SV_LIST) {
        r = ev_error(ev, n->at, "too many indices for this list");
        break;
      }
      if (idx[i].kind == SV_NUM && idx[i].known && r.n_known && (idx[i].i < 1 || idx[i].i > r.n)) {
        r = ev_error(ev, n->list.items[i]->at, "index %lld is outside 1..%u", (long long)idx[i].i, r.n);
        break;
      }
      if (idx[i].kind != SV_NUM && idx[i].kind != SV_NONE) {
        ev_expect_number(ev, n->list.items[i]->at, idx[i], false, "an index");
        r = SV_UNKNOWN;
        break;
      }
      r = r.uniform && r.items ? r.items[0] : r.items ? SV_UNKNOWN : sv_num_unknown();
    }
    if (r.kind == SV_NUM)
      r.known = false;
    else if (r.kind == SV_NAME)
      r.known = false;
    else
      r = SV_UNKNOWN;
  }
  if (idx != idx_room)
    xfree(idx);
  return r;
}

/* if C then A else B */
static SVal if_expr(Ev *ev, const EvEnv *env, const Node *n)
{
  SVal c = ev_cond_check(ev, n->a->at, ev_cond(ev, env, n->a, false, true));
  if (c.kind == SV_NONE)
    return SV_UNKNOWN;
  if (c.known)
    return walk_expr(ev, env, c.i ? n->b : n->c);
  SVal a = walk_expr(ev, env, n->b), b = walk_expr(ev, env, n->c);
  if (a.kind == SV_COND && b.kind == SV_COND)
    return sv_cond_unknown();
  if (a.kind == b.kind && (a.kind == SV_NUM || a.kind == SV_NAME))
    return (SVal){.kind = a.kind};
  return SV_UNKNOWN;
}

static SVal name_value(Ev *ev, const EvEnv *env, const Node *n)
{
  const NameInfo *ni = names_find(ev->names, n->sym);
  switch (ni->kind) {
  case NAME_CONST:
    return ev_const_value(ev, n, ni->decl);
  case NAME_VAR:
    return ev_var_value(ev, n->sym);
  case NAME_ATOM:
  case NAME_ENTITY:
  case NAME_PIECES:                     /* a piece's name (the checker refused sets) */
    return (SVal){.kind = SV_NAME, .known = true, .i = n->sym};
  case NAME_ENTITIES:
    return ev->has_entities ? ev->entities : SV_UNKNOWN;
  case NAME_ITEM:
    return ev->has_entities ? (SVal){.kind = ev->entities_named ? SV_NAME : SV_NUM} : SV_UNKNOWN;
  case NAME_RULE:
    return expand_rule(ev, env, n, false, true);
  case NAME_FUNC:
    return expand_function(ev, env, n);
  case NAME_ATTR:
  case NAME_NONE:
    break;
  }
  return SV_UNKNOWN;                    /* the first pass reported it */
}

static SVal eval_expr(Ev *ev, const EvEnv *env, const Node *n)
{
  switch (n->kind) {
  case NK_INT:
    return sv_num(n->ival);
  case NK_BOOL:
    return sv_cond(n->ival != 0);
  case NK_STRING:
    return (SVal){.kind = SV_STRING, .i = n->sym};
  case NK_WILD:
    return (SVal){.kind = SV_WILD};
  case NK_VAR: {
    const SVal *v = evenv_find(env, n->sym);
    return v ? *v : SV_UNKNOWN;
  }
  case NK_NAME:
    return name_value(ev, env, n);
  case NK_UNARY:
    if (n->op == OP_NOT)
      return ev_cond(ev, env, n, false, true);
    {
      SVal a = walk_expr(ev, env, n->a);
      if (!ev_expect_number(ev, n->a->at, a, false, "'-'"))
        return SV_UNKNOWN;
      return a.known ? sv_num(-a.i) : a;
    }
  case NK_BINARY:
    switch (n->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
    case OP_DIV:
    case OP_MOD:
    case OP_POW:
      return arith(ev, env, n);
    case OP_CONCAT:
      return concat(ev, env, n);
    case OP_RANGE:
      return range_list(ev, env, n);
    default:
      return ev_cond(ev, env, n, false, true);
    }
  case NK_CALL: {
    const Builtin *b = ev_builtin(ev, n->sym);
    if (b)
      return check_builtin(ev, env, n, b, false, true);
    const NameInfo *ni = names_find(ev->names, n->sym);
    if (ni->kind == NAME_ATTR) {
      SVal x = walk_expr(ev, env, n->list.items[0]);
      if (!ev->has_entities || x.kind == SV_NONE)
        return SV_UNKNOWN;
      if ((ev->entities_named && x.kind != SV_NAME) || (!ev->entities_named && x.kind != SV_NUM))
        return ev_error(ev, n->list.items[0]->at, "'%s' needs one of the entities, but this is %s",
                        ev_name(ev, n->sym), sv_words(x));
      const Stmt *st = ni->decl;
      bool names = st && st->items.len && st->items.items[0]->kind == NK_NAME;
      return (SVal){.kind = names ? SV_NAME : SV_NUM};
    }
    if (ni->kind == NAME_FUNC)
      return expand_function(ev, env, n);
    return expand_rule(ev, env, n, false, true);
  }
  case NK_INDEX:
    return index_expr(ev, env, n);
  case NK_LIST: {
    SVal *items = arena_array(&ev->arena, SVal, n->list.len + 1);
    for (uint32_t i = 0; i < n->list.len; i++)
      items[i] = walk_expr(ev, env, n->list.items[i]);
    return (SVal){.kind = SV_LIST, .n = n->list.len, .n_known = true, .items = items};
  }
  case NK_COMPREH: {
    QuantCtx q = {.body = n->a, .counting = ev->counting, .summing = ev->summing};
    ev->counting = ev->summing = false;
    each_instance(ev, env, &n->list, 0, NULL, comprehension_fn, &q);
    SVal v = sv_list(ev, q.items.data, (uint32_t)q.items.len);
    VEC_FREE(q.items);
    return ev->stop || q.reported ? SV_UNKNOWN : v;   /* reported: no second error from its empty list */
  }
  case NK_QUANT:
    return quantifier(ev, env, n, false, true);
  case NK_IF:
    return if_expr(ev, env, n);
  case NK_PICTURE:
    return ev_picture(ev, n);
  case NK_SHOW:                         /* unwrapped by ast_show: never here */
    break;
  }
  return SV_UNKNOWN;
}

/* --- conditions --- */

static SVal membership(Ev *ev, const EvEnv *env, const Node *n)
{
  SVal x = walk_expr(ev, env, n->a);
  if (x.kind == SV_NONE)
    return SV_UNKNOWN;
  if (n->b->kind == NK_BINARY && n->b->op == OP_RANGE) {
    SVal lo = walk_expr(ev, env, n->b->a), hi = walk_expr(ev, env, n->b->b);
    if (x.kind == SV_STRING && sv_is_number(lo) && sv_is_number(hi))
      return sv_cond(false);    /* a label lies in no range, as in the grounder */
    SVal above = ev_compare(ev, n->at, OP_LE, lo, x);
    SVal below = ev_compare(ev, n->at, OP_LE, x, hi);
    if (above.kind != SV_COND || below.kind != SV_COND)
      return SV_UNKNOWN;
    if (above.known && below.known)
      return sv_cond(above.i && below.i);
    return (above.known && !above.i) || (below.known && !below.i) ? sv_cond(false) : sv_cond_unknown();
  }
  unsigned before = ev->diag->nerrors;
  SVal s = ev_expect_list(ev, n->b->at, walk_expr(ev, env, n->b), "'in'");
  if (ev->diag->nerrors > before && n->b->kind == NK_BINARY && n->b->op == OP_SUB)
    ev_note_subtraction(ev, n->b);
  if (s.kind == SV_NONE)
    return SV_UNKNOWN;
  SVals flat = {0};
  SVal r = sv_cond_unknown();
  if (sv_flatten(s, &flat)) {
    bool known = true, any = false;
    for (size_t i = 0; i < flat.len; i++) {
      SVal e = ev_compare(ev, n->at, OP_EQ, x, flat.data[i]);
      if (e.kind != SV_COND) {
        r = SV_UNKNOWN;
        known = false;
        break;
      }
      known &= e.known;
      any |= e.known && e.i;
    }
    if (any)
      r = sv_cond(true);
    else if (known)
      r = sv_cond(false);
  }
  VEC_FREE(flat);
  return r;
}

/*
** A condition, posted (post: asserted when pos, denied when not) or as a
** value.  Mirrors the grounder's ground_post() and ground_reify(): a
** known left side of and/or/-> decides alone, and the right side is then
** not looked at.
*/
SVal ev_cond(Ev *ev, const EvEnv *env, const Node *n, bool post, bool pos)
{
  if (!enter(ev))
    return SV_UNKNOWN;
  SVal r = SV_UNKNOWN;
  if (n->kind == NK_UNARY && n->op == OP_NOT) {
    SVal a = ev_cond_check(ev, n->a->at, ev_cond(ev, env, n->a, post, !pos));
    r = a.kind == SV_COND && a.known ? sv_cond(!a.i) : a.kind == SV_COND ? sv_cond_unknown() : a;
  } else if (post && n->kind == NK_BINARY && ((n->op == OP_AND && pos) || (n->op == OP_OR && !pos) ||
                                              (n->op == OP_IMPLIES && !pos))) {
    /* posted, "a, b" (and "not (a; b)", "not (a -> b)") is two posted parts;
       only a comparison of known sides on the left stops the right */
    bool cmp = n->a->kind == NK_BINARY && n->a->op >= OP_EQ && n->a->op <= OP_GE;
    SVal a = ev_cond_check(ev, n->a->at, ev_cond(ev, env, n->a, true, n->op == OP_IMPLIES ? true : pos));
    if (n->op == OP_AND && cmp && a.kind == SV_COND && a.known && !a.i)
      r = sv_cond(false);
    else if (!ev->stop)
      r = ev_cond_check(ev, n->b->at, ev_cond(ev, env, n->b, true, n->op == OP_IMPLIES ? false : pos));
    if (r.kind == SV_COND)
      r = sv_cond_unknown();
  } else if (n->kind == NK_BINARY && (n->op == OP_AND || n->op == OP_OR || n->op == OP_IMPLIES ||
                                      n->op == OP_IFF)) {
    SVal a = ev_cond_check(ev, n->a->at, ev_cond(ev, env, n->a, false, true));
    if (a.kind == SV_NONE && ev->stop) {
      r = SV_UNKNOWN;
    } else if (a.kind == SV_COND && a.known &&
               ((n->op == OP_AND && !a.i) || (n->op == OP_OR && a.i) || (n->op == OP_IMPLIES && !a.i))) {
      r = sv_cond(n->op != OP_AND);
    } else if (a.kind != SV_NONE) {
      SVal b = ev_cond_check(ev, n->b->at, ev_cond(ev, env, n->b, false, true));
      if (a.kind == SV_COND && b.kind == SV_COND && a.known && b.known) {
        bool x = a.i != 0, y = b.i != 0;
        r = sv_cond(n->op == OP_AND ? x && y : n->op == OP_OR ? x || y : n->op == OP_IMPLIES ? !x || y : x == y);
      } else if (a.kind == SV_COND && b.kind == SV_COND) {
        r = sv_cond_unknown();
      }
    }
  } else if (post && pos && check_is_runs_clue(ev, n)) {
    r = check_runs_clue(ev, env, n);
  } else if (n->kind == NK_BINARY && n->op >= OP_EQ && n->op <= OP_GE) {
    SVal a = walk_expr(ev, env, n->a), b = walk_expr(ev, env, n->b);
    r = ev_compare(ev, n->at, n->op, a, b);
  } else if (n->kind == NK_BINARY && n->op == OP_IN) {
    r = membership(ev, env, n);
  } else if (n->kind == NK_QUANT) {
    r = quantifier(ev, env, n, post, pos);
  } else if (n->kind == NK_CALL && ev_builtin(ev, n->sym)) {
    r = check_builtin(ev, env, n, ev_builtin(ev, n->sym), post, pos);
  } else if ((n->kind == NK_CALL || n->kind == NK_NAME) &&
             names_find(ev->names, n->sym)->kind == NAME_RULE) {
    r = expand_rule(ev, env, n, post, pos);
  } else if (n->kind == NK_IF) {
    SVal c = ev_cond_check(ev, n->a->at, ev_cond(ev, env, n->a, false, true));
    if (c.kind == SV_COND && c.known)
      r = ev_cond(ev, env, c.i ? n->b : n->c, post, pos);
    else if (c.kind == SV_COND)
      r = if_expr(ev, env, n);
  } else {
    r = walk_expr(ev, env, n);
  }
  ev->nesting--;
  return r;
}

/* --- statements --- */

/* Most members of entities or an attribute the pass checks. */
#define EV_MAX_GRID 10000u

/* entities and attributes: the grounder's grid checks that need no solver. */
static void grid_decls(Ev *ev)
{
  const StmtList *sl = &ev->ast->stmts;
  uint32_t nent = 0;
  bool have = false;
  for (uint32_t i = 0; i < sl->len; i++) {
    const Stmt *st = sl->items[i];
    if (st->kind != ST_ENTITIES && st->kind != ST_ATTRIBUTE)
      continue;
    SVals flat = {0};
    bool ok = true;
    for (uint32_t k = 0; k < st->items.len && ok; k++) {
      const Node *m = st->items.items[k];
      if (m->kind == NK_NAME)
        VEC_PUSH(flat, ((SVal){.kind = SV_NAME, .known = true, .i = m->sym}));
      else {
        SVal v = walk_expr(ev, NULL, m);
        /* a grid that big is the grounder's to judge (and its budget's):
           flattening a million members here took seconds under sanitizers */
        ok = !(v.kind == SV_LIST && v.n_known && v.n > EV_MAX_GRID) && sv_flatten(v, &flat);
      }
    }
    if (ok && flat.len) {
      if (st->kind == ST_ENTITIES && !have) {
        have = true;
        nent = (uint32_t)flat.len;
        ev->has_entities = true;
        ev->entities_name = st->sym;
        ev->entities_named = flat.data[0].kind == SV_NAME;
        ev->entities = sv_list(ev, flat.data, (uint32_t)flat.len);
      } else if (st->kind == ST_ATTRIBUTE && !st->repeats && have && flat.len != nent) {
        ev_error(ev, st->name->at,
                 "the attribute '%s' has %u values, but there are %u entities (%s): each needs exactly one",
                 ev_name(ev, st->sym), (uint32_t)flat.len, nent, ev_name(ev, ev->entities_name));
      }
    }
    VEC_FREE(flat);
  }
}

/* Does v hold a value name (show X as ".#" draws only numbers)? */
static bool sv_has_name(SVal v)
{
  if (v.kind == SV_NAME)
    return true;
  if ((v.kind != SV_LIST && v.kind != SV_BOARD) || !v.items)
    return false;
  uint32_t n = v.uniform || v.kind == SV_BOARD || !v.n_known ? 1 : v.n;
  for (uint32_t k = 0; k < n; k++)
    if (sv_has_name(v.items[k]))
      return true;
  return false;
}

void check_eval_program(const Ast *ast, Names *names, SymTable *syms, Diag *diag,
                        CheckTimeUp time_up, void *time_ctx)
{
  Ev ev = {.expr = walk_expr, .ast = ast, .names = names, .syms = syms, .diag = diag,
           .time_up = time_up, .time_ctx = time_ctx};
  const StmtList *sl = &ast->stmts;
  grid_decls(&ev);
  for (uint32_t i = 0; i < sl->len && !ev.stop; i++) {
    const Stmt *st = sl->items[i];
    if (st->kind == ST_CONST) {
      ev_const_value(&ev, st->items.items[0], st);
    } else if (st->kind == ST_VAR) {
      for (uint32_t k = 0; k < st->items.len; k++) {
        const Node *d = st->items.items[k];
        ev_var_value(&ev, d->kind == NK_INDEX ? d->a->sym : d->sym);
      }
    }
  }
  for (uint32_t i = 0; i < sl->len && !ev.stop && !diag_full(diag); i++) {
    const Stmt *st = sl->items[i];
    unsigned errors_before = diag->nerrors;
    if (st->kind == ST_CONSTRAINT) {
      SVal v = ev_cond_check(&ev, st->expr->at, ev_cond(&ev, NULL, st->expr, true, true));
      if (!ev.stop && diag->nerrors == errors_before)
        check_warn_clue(&ev, st, v);
    } else if (st->kind == ST_SHOW)
      for (uint32_t k = 0; k < st->items.len; k++) {
        SVal v = walk_expr(&ev, NULL, st->items.items[k]);
        const Node *d = st->show_as ? st->show_as[k] : NULL;
        if (d && d->kind == NK_STRING && sv_has_name(v))
          ev_error(&ev, d->at, "%s", DRAWN_NAMES_MESSAGE);
      }
    else if (st->kind == ST_OBJECTIVE) {
      SVal v = walk_expr(&ev, NULL, st->expr);
      if (ev_expect_number(&ev, st->expr->at, v, false, st->maximize ? "'maximize'" : "'minimize'") &&
          !ev.stop && diag->nerrors == errors_before)
        check_warn_goal(&ev, st, v);
    }
  }
  /* the rules no clue used: their bodies on their own, with parameters
     of any kind, so that a mistake in them is found before they are used */
  ev.generic = true;
  for (uint32_t i = 0; i < sl->len && !ev.stop && !diag_full(diag); i++) {
    const Stmt *st = sl->items[i];
    Sym s = st->kind == ST_RULE || st->kind == ST_FUNCTION ? st->head->sym : 0;
    if (!s || (s < ev.nglobals && ev.expanded[s]))
      continue;
    uint32_t nparams = st->head->kind == NK_CALL ? st->head->list.len : 0;
    EvEnv *frames = xcalloc(nparams + 1, sizeof *frames);
    const EvEnv *scope = NULL;
    for (uint32_t k = 0; k < nparams; k++) {
      const Node *p = st->head->list.items[k];
      if (p->kind == NK_VAR) {
        frames[k] = (EvEnv){scope, p->sym, SV_UNKNOWN};
        scope = &frames[k];
      }
    }
    if (st->kind == ST_FUNCTION)
      walk_expr(&ev, scope, st->expr);
    else      /* as a clue of its own, the one place where connected(...) and the like may stand */
      ev_cond_check(&ev, st->expr->at, ev_cond(&ev, scope, st->expr, true, true));
    xfree(frames);
  }
  VEC_FREE(ev.reported);
  xfree(ev.globals);
  xfree(ev.state);
  xfree(ev.expanded);
  xfree(ev.builtin_of);
  arena_free(&ev.arena);
}
