/*
** ground.c -- evaluate what is known, post what is not.
**
** Three mutually recursive walkers do the work:
**   eval()   an expression's Value (known, linear term, literal or list);
**   post()   assert a condition (or its negation) as propagators, without
**            reifying when it does not have to (the common case);
**   reify()  a condition as a literal, for use under or/not/->/count.
** Quantifiers and comprehensions are expanded by each_instance().
*/
#include "ground.h"

#include <stdarg.h>
#include <string.h>

#include "mem.h"

/* A quantifier, a rule or a range may not expand beyond these. */
#define MAX_INSTANCES 2000000u
#define MAX_RULE_DEPTH 200u
#define MAX_LIST 10000000
#define MAX_ABS_VALUE 1000000000

__extension__ typedef __int128 Wide;

typedef struct Env {
  const struct Env *up;
  Sym name;
  Value val;
} Env;

typedef VEC(Value) Values;

static Value eval(Ground *g, const Env *env, const Node *n);
static Value const_value(Ground *g, const Node *use, const Stmt *st);
static void set_global(Ground *g, Sym s, Value v);
static bool contains_unknowns(Value v);
static Value reify(Ground *g, const Env *env, const Node *n);
static void post(Ground *g, const Env *env, const Node *n, bool pos);

/* --- small helpers --- */

static const Value NONE = {.kind = V_NONE};

static Value vint(int64_t v)
{
  return (Value){.kind = V_INT, .i = v};
}

static Value vbool(bool b)
{
  return (Value){.kind = V_BOOL, .i = b};
}

static Value vlit(VarId x, bool neg)
{
  return (Value){.kind = V_LIT, .i = x, .neg = neg};
}

static const char *sname(const Ground *g, Sym s)
{
  return sym_name(g->syms, s);
}

__attribute__((format(printf, 3, 4)))
static Value fail(Ground *g, Loc at, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  diag_error(g->diag, at, "%s", buf_str(&b));
  buf_free(&b);
  return NONE;
}

static bool is_known(Value v)
{
  return v.kind == V_INT || v.kind == V_ATOM || v.kind == V_BOOL || v.kind == V_STRING;
}

static const char *kind_words(Value v)
{
  switch (v.kind) {
  case V_INT:
  case V_LIN:
    return v.atom ? "a value name" : "a number";
  case V_ATOM:
    return "a value name";
  case V_BOOL:
  case V_LIT:
    return "a condition";
  case V_STRING:
    return "a string";
  case V_WILD:
    return "'_'";
  case V_LIST:
    return "a list";
  case V_NONE:
    break;
  }
  return "nothing";
}

static const Value *env_find(const Env *e, Sym s)
{
  for (; e; e = e->up)
    if (e->name == s)
      return &e->val;
  return NULL;
}

static Value list_new(Ground *g, uint32_t n)
{
  Value v = {.kind = V_LIST, .n = n};
  v.items = n ? arena_array(&g->arena, Value, n) : NULL;
  return v;
}

/* --- linear terms --- */

static Lin *lin_alloc(Ground *g, uint32_t n)
{
  Lin *l = arena_new(&g->arena, Lin);
  l->n = n;
  l->coef = n ? arena_array(&g->arena, int64_t, n) : NULL;
  l->vars = n ? arena_array(&g->arena, VarId, n) : NULL;
  return l;
}

static Lin *lin_of_var(Ground *g, VarId x)
{
  Lin *l = lin_alloc(g, 1);
  l->coef[0] = 1;
  l->vars[0] = x;
  return l;
}

static Value vlin(Ground *g, VarId x)
{
  Value v = {.kind = V_LIN, .lin = lin_of_var(g, x)};
  v.atom = x < g->var_atom.len && g->var_atom.data[x];
  return v;
}

/* a + sa * b, merging repeated variables. */
static Lin *lin_combine(Ground *g, const Lin *a, int64_t sa, const Lin *b, int64_t sb)
{
  Lin *l = lin_alloc(g, a->n + b->n);
  l->n = 0;
  l->k = sa * a->k + sb * b->k;
  const Lin *parts[2] = {a, b};
  int64_t scale[2] = {sa, sb};
  for (int p = 0; p < 2; p++) {
    for (uint32_t i = 0; i < parts[p]->n; i++) {
      VarId x = parts[p]->vars[i];
      int64_t c = scale[p] * parts[p]->coef[i];
      uint32_t j = 0;
      while (j < l->n && l->vars[j] != x)
        j++;
      if (j == l->n) {
        l->vars[l->n] = x;
        l->coef[l->n++] = 0;
      }
      l->coef[j] += c;
    }
  }
  uint32_t kept = 0;                      /* drop terms that cancelled */
  for (uint32_t i = 0; i < l->n; i++)
    if (l->coef[i] != 0) {
      l->vars[kept] = l->vars[i];
      l->coef[kept++] = l->coef[i];
    }
  l->n = kept;
  return l;
}

static void lin_bounds(const Ground *g, const Lin *l, Wide *lo, Wide *hi)
{
  *lo = *hi = l->k;
  for (uint32_t i = 0; i < l->n; i++) {
    Wide a = (Wide)l->coef[i] * var_min(g->s, l->vars[i]);
    Wide b = (Wide)l->coef[i] * var_max(g->s, l->vars[i]);
    *lo += a < b ? a : b;
    *hi += a < b ? b : a;
  }
}

/* Is this value usable as a number?  Conditions count as 0/1 only if allowed. */
static bool to_lin(Ground *g, Loc at, Value v, bool allow_cond, const char *what, Lin **out)
{
  switch (v.kind) {
  case V_INT:
    *out = lin_alloc(g, 0);
    (*out)->k = v.i;
    return true;
  case V_LIN:
    if (v.atom && what) {
      fail(g, at, "%s needs numbers, but this is a value name", what);
      return false;
    }
    *out = v.lin;
    return true;
  case V_BOOL:
  case V_LIT:
    if (!allow_cond) {
      fail(g, at, "%s needs numbers, but this is a condition (use count(...) to count true conditions)",
           what ? what : "this comparison");
      return false;
    }
    if (v.kind == V_BOOL) {
      *out = lin_alloc(g, 0);
      (*out)->k = v.i;
    } else {
      *out = lin_alloc(g, 1);
      (*out)->vars[0] = (VarId)v.i;
      (*out)->coef[0] = v.neg ? -1 : 1;
      (*out)->k = v.neg ? 1 : 0;
    }
    return true;
  case V_ATOM:
    if (!what) {                       /* comparing value names: their ids */
      *out = lin_alloc(g, 0);
      (*out)->k = v.i;
      return true;
    }
    fail(g, at, "%s needs numbers, but '%s' is a value name", what, sname(g, (Sym)v.i));
    return false;
  case V_NONE:
    return false;
  default:
    fail(g, at, "%s needs numbers, but this is %s", what ? what : "this", kind_words(v));
    return false;
  }
}

/* A Lin as a Value: a known number when it has no variables left. */
static Value lin_value(Lin *l, bool atom)
{
  if (l->n == 0)
    return atom ? (Value){.kind = V_ATOM, .i = l->k} : vint(l->k);
  return (Value){.kind = V_LIN, .lin = l, .atom = atom};
}

static bool fits_value(Wide v)
{
  return v >= -(Wide)MAX_ABS_VALUE * 2 && v <= (Wide)MAX_ABS_VALUE * 2;
}

/* --- posting linear relations --- */

static void post_false(Ground *g)
{
  VarId zero = solver_const(g->s, 0);
  int32_t one = 1;
  post_linear(g->s, 1, &one, &zero, LIN_EQ, 1);
}

/* Copy l's terms into int32 arrays for the solver; false if too large. */
static bool lin_terms(Ground *g, Loc at, const Lin *l, int64_t scale, int32_t **coef, VarId **vars)
{
  *coef = arena_array(&g->arena, int32_t, l->n + 1);
  *vars = arena_array(&g->arena, VarId, l->n + 1);
  for (uint32_t i = 0; i < l->n; i++) {
    int64_t c = l->coef[i] * scale;
    if (c > INT32_MAX || c < -INT32_MAX) {
      fail(g, at, "a factor in this expression is too large (%lld)", (long long)c);
      return false;
    }
    (*coef)[i] = (int32_t)c;
    (*vars)[i] = l->vars[i];
  }
  Wide lo, hi;
  lin_bounds(g, l, &lo, &hi);
  if (lo < -((Wide)1 << 62) || hi > ((Wide)1 << 62)) {
    fail(g, at, "the values of this expression can grow too large to compute");
    return false;
  }
  return true;
}

/* Normal form of "d OP 0" as "scale * d REL shift". */
static void relation_of(Op op, int64_t *scale, LinRel *rel, int64_t *shift)
{
  *scale = 1;
  *shift = 0;
  switch (op) {
  case OP_EQ: *rel = LIN_EQ; break;
  case OP_NE: *rel = LIN_NE; break;
  case OP_LE: *rel = LIN_LE; break;
  case OP_LT: *rel = LIN_LE; *shift = -1; break;
  case OP_GE: *rel = LIN_LE; *scale = -1; break;
  case OP_GT: *rel = LIN_LE; *scale = -1; *shift = -1; break;
  default: *rel = LIN_EQ; break;
  }
}

static Op negate_op(Op op)
{
  switch (op) {
  case OP_EQ: return OP_NE;
  case OP_NE: return OP_EQ;
  case OP_LT: return OP_GE;
  case OP_LE: return OP_GT;
  case OP_GT: return OP_LE;
  case OP_GE: return OP_LT;
  default: return op;
  }
}

static bool holds_known(Op op, int64_t d)
{
  switch (op) {
  case OP_EQ: return d == 0;
  case OP_NE: return d != 0;
  case OP_LT: return d < 0;
  case OP_LE: return d <= 0;
  case OP_GT: return d > 0;
  case OP_GE: return d >= 0;
  default: return false;
  }
}

/*
** Post "d OP 0", or return its literal when reif is set.  A relation whose
** terms all cancel is decided here.
*/
static Value lin_relation(Ground *g, Loc at, const Lin *d, Op op, bool reif)
{
  if (d->n == 0) {
    bool ok = holds_known(op, d->k);
    if (!reif && !ok)
      post_false(g);
    return vbool(ok);
  }
  int64_t scale, shift;
  LinRel rel;
  relation_of(op, &scale, &rel, &shift);
  int32_t *coef;
  VarId *vars;
  if (!lin_terms(g, at, d, scale, &coef, &vars))
    return NONE;
  int64_t rhs = shift - scale * d->k;
  if (!reif) {
    post_linear(g->s, d->n, coef, vars, rel, rhs);
    return vbool(true);
  }
  VarId b = solver_new_var(g->s, 0, 1);
  post_linear_reif(g->s, d->n, coef, vars, rel, rhs, b);
  return vlit(b, false);
}

/* --- materialising values as solver variables --- */

static void mark_atom(Ground *g, VarId x, bool atom)
{
  while (g->var_atom.len <= x)
    VEC_PUSH(g->var_atom, 0);
  if (atom)
    g->var_atom.data[x] = 1;
}

static VarId new_var(Ground *g, int32_t lo, int32_t hi, bool atom)
{
  VarId x = solver_new_var(g->s, lo, hi);
  mark_atom(g, x, atom);
  return x;
}

/* A solver variable equal to v (a constant, the variable itself, or an auxiliary). */
static bool as_var(Ground *g, Loc at, Value v, VarId *out)
{
  switch (v.kind) {
  case V_INT:
  case V_ATOM:
  case V_BOOL:
    if (v.i > MAX_ABS_VALUE * 2LL || v.i < -MAX_ABS_VALUE * 2LL) {
      fail(g, at, "the number %lld is too large", (long long)v.i);
      return false;
    }
    *out = solver_const(g->s, (int32_t)v.i);
    mark_atom(g, *out, v.kind == V_ATOM);
    return true;
  case V_LIT:
    if (!v.neg) {
      *out = (VarId)v.i;
      return true;
    } else {
      VarId z = new_var(g, 0, 1, false);
      VarId xs[2] = {(VarId)v.i, z};
      int32_t cs[2] = {1, 1};
      post_linear(g->s, 2, cs, xs, LIN_EQ, 1);
      *out = z;
      return true;
    }
  case V_LIN: {
    const Lin *l = v.lin;
    if (l->n == 1 && l->coef[0] == 1 && l->k == 0) {
      *out = l->vars[0];
      return true;
    }
    Wide lo, hi;
    lin_bounds(g, l, &lo, &hi);
    if (!fits_value(lo) || !fits_value(hi)) {
      fail(g, at, "the values of this expression can grow too large (beyond %d)", MAX_ABS_VALUE * 2);
      return false;
    }
    VarId z = new_var(g, (int32_t)lo, (int32_t)hi, v.atom);
    Lin *zl = lin_of_var(g, z);
    Lin *d = lin_combine(g, l, 1, zl, -1);
    lin_relation(g, at, d, OP_EQ, false);
    *out = z;
    return true;
  }
  case V_NONE:
    return false;
  default:
    fail(g, at, "expected a number here, but this is %s", kind_words(v));
    return false;
  }
}

/* --- literals and boolean structure --- */

static Value lit_not(Value v)
{
  if (v.kind == V_BOOL)
    return vbool(!v.i);
  if (v.kind == V_LIT)
    v.neg = !v.neg;
  return v;
}

/* Post a clause over literals; known-true literals satisfy it at once. */
static void post_lits_clause(Ground *g, const Value *lits, uint32_t n)
{
  VarId *pos = xmalloc((n + 1) * sizeof *pos), *neg = xmalloc((n + 1) * sizeof *neg);
  size_t np = 0, nn = 0;
  bool satisfied = false;
  for (uint32_t i = 0; i < n && !satisfied; i++) {
    if (lits[i].kind == V_BOOL)
      satisfied = lits[i].i;
    else if (lits[i].kind == V_LIT) {
      if (lits[i].neg)
        neg[nn++] = (VarId)lits[i].i;
      else
        pos[np++] = (VarId)lits[i].i;
    }
  }
  if (!satisfied) {
    if (np + nn == 0)
      post_false(g);
    else
      post_clause(g->s, np, pos, nn, neg);
  }
  xfree(pos);
  xfree(neg);
}

static void post_lit(Ground *g, Value lit)
{
  post_lits_clause(g, &lit, 1);
}

/* The conjunction of n literals, as a literal. */
static Value lit_and(Ground *g, const Value *lits, uint32_t n)
{
  Values open = {0};
  bool is_false = false;
  for (uint32_t i = 0; i < n; i++) {
    if (lits[i].kind == V_NONE) {
      VEC_FREE(open);
      return NONE;
    }
    if (lits[i].kind == V_BOOL)
      is_false |= !lits[i].i;
    else
      VEC_PUSH(open, lits[i]);
  }
  Value r;
  if (is_false)
    r = vbool(false);
  else if (open.len == 0)
    r = vbool(true);
  else if (open.len == 1)
    r = open.data[0];
  else {
    r = vlit(new_var(g, 0, 1, false), false);
    Value pair[2] = {lit_not(r), vbool(false)};
    Values big = {0};
    for (size_t i = 0; i < open.len; i++) {
      pair[1] = open.data[i];             /* r -> l */
      post_lits_clause(g, pair, 2);
      VEC_PUSH(big, lit_not(open.data[i]));
    }
    VEC_PUSH(big, r);                     /* all l -> r */
    post_lits_clause(g, big.data, (uint32_t)big.len);
    VEC_FREE(big);
  }
  VEC_FREE(open);
  return r;
}

static Value lit_or(Ground *g, const Value *lits, uint32_t n)
{
  Value *neg = xmalloc((n + 1) * sizeof *neg);
  for (uint32_t i = 0; i < n; i++)
    neg[i] = lit_not(lits[i]);
  Value r = lit_not(lit_and(g, neg, n));
  xfree(neg);
  return r;
}

static Value lit_and2(Ground *g, Value a, Value b)
{
  Value v[2] = {a, b};
  return lit_and(g, v, 2);
}

static Value lit_or2(Ground *g, Value a, Value b)
{
  Value v[2] = {a, b};
  return lit_or(g, v, 2);
}

/* a <-> b as a literal. */
static Value lit_iff(Ground *g, Loc at, Value a, Value b)
{
  if (a.kind == V_NONE || b.kind == V_NONE)
    return NONE;
  if (a.kind == V_BOOL)
    return a.i ? b : lit_not(b);
  if (b.kind == V_BOOL)
    return b.i ? a : lit_not(a);
  Lin *la, *lb;
  to_lin(g, at, a, true, NULL, &la);
  to_lin(g, at, b, true, NULL, &lb);
  return lin_relation(g, at, lin_combine(g, la, 1, lb, -1), OP_EQ, true);
}

/* Is this value a truth (known or literal)?  Reports if not. */
static Value as_cond(Ground *g, Loc at, Value v)
{
  if (v.kind == V_BOOL || v.kind == V_LIT || v.kind == V_NONE)
    return v;
  return fail(g, at, "expected a condition here, but this is %s", kind_words(v));
}

/* --- lists and boards --- */

/* Append the leaves of v (flattening nested lists) to out. */
static void flatten(Value v, Values *out)
{
  if (v.kind == V_LIST)
    for (uint32_t i = 0; i < v.n; i++)
      flatten(v.items[i], out);
  else
    VEC_PUSH(*out, v);
}

static Value expect_list(Ground *g, Loc at, Value v, const char *what)
{
  if (v.kind == V_LIST || v.kind == V_NONE)
    return v;
  return fail(g, at, "%s needs a list, but this is %s", what, kind_words(v));
}

/* A rectangular list of lists: its rows and columns. */
static bool board_shape(Ground *g, Loc at, Value b, const char *what, uint32_t *rows, uint32_t *cols)
{
  if (b.kind == V_NONE)
    return false;
  if (b.kind != V_LIST || b.n == 0 || b.items[0].kind != V_LIST) {
    fail(g, at, "%s needs a board (a list of rows), but this is %s", what, kind_words(b));
    return false;
  }
  *rows = b.n;
  *cols = b.items[0].n;
  for (uint32_t r = 0; r < b.n; r++)
    if (b.items[r].kind != V_LIST || b.items[r].n != *cols) {
      fail(g, at, "%s needs a board whose rows all have the same length", what);
      return false;
    }
  return true;
}

static Value board_column(Ground *g, Value b, uint32_t rows, uint32_t c)
{
  Value col = list_new(g, rows);
  for (uint32_t r = 0; r < rows; r++)
    col.items[r] = b.items[r].items[c];
  return col;
}

/* --- quantifier expansion --- */

typedef void (*InstanceFn)(Ground *g, const Env *env, const Values *guards, void *ctx);

static bool is_generator(const Env *env, const Node *q)
{
  return q->kind == NK_BINARY && q->op == OP_IN && q->a->kind == NK_VAR && !env_find(env, q->a->sym);
}

static bool budget_left(Ground *g, Loc at)
{
  if (++g->instances <= MAX_INSTANCES)
    return true;
  if (!g->too_big) {
    g->too_big = true;
    fail(g, at, "this puzzle expands into more than %u constraints; pz stops here", MAX_INSTANCES);
  }
  return false;
}

/*
** Call fn once per binding of the qualifiers quals[i..].  A qualifier
** "X in S" with X not yet bound is a generator; any other qualifier is a
** condition: known false skips the binding, unknown is passed on as a
** guard that the instance must respect.
*/
static void each_instance(Ground *g, const Env *env, const NodeList *quals, uint32_t i,
                          Values *guards, InstanceFn fn, void *ctx)
{
  if (diag_full(g->diag) || g->too_big)
    return;
  if (i == quals->len) {
    if (budget_left(g, quals->items[0]->at))
      fn(g, env, guards, ctx);
    return;
  }
  const Node *q = quals->items[i];
  if (is_generator(env, q)) {
    Value coll = eval(g, env, q->b);
    if (coll.kind == V_NONE)
      return;
    if (coll.kind != V_LIST) {
      fail(g, q->b->at, "'%s in ...' needs a list or a range after 'in', but this is %s",
           sname(g, q->a->sym), kind_words(coll));
      return;
    }
    for (uint32_t k = 0; k < coll.n; k++) {
      Env e = {env, q->a->sym, coll.items[k]};
      each_instance(g, &e, quals, i + 1, guards, fn, ctx);
    }
    return;
  }
  Value c = as_cond(g, q->at, reify(g, env, q));
  if (c.kind == V_NONE || (c.kind == V_BOOL && !c.i))
    return;
  if (c.kind == V_BOOL) {
    each_instance(g, env, quals, i + 1, guards, fn, ctx);
    return;
  }
  VEC_PUSH(*guards, c);
  each_instance(g, env, quals, i + 1, guards, fn, ctx);
  guards->len--;
}

typedef struct QuantCtx {
  const Node *body;
  bool pos;        /* forall posting: assert the body (or its negation) */
  Values lits;     /* collected literals (reifying forms) */
  Values items;    /* comprehension elements */
} QuantCtx;

static void forall_post_fn(Ground *g, const Env *env, const Values *guards, void *ctx)
{
  QuantCtx *q = ctx;
  if (guards->len == 0) {
    post(g, env, q->body, q->pos);
    return;
  }
  Values c = {0};
  for (size_t i = 0; i < guards->len; i++)
    VEC_PUSH(c, lit_not(guards->data[i]));
  Value body = as_cond(g, q->body->at, reify(g, env, q->body));
  VEC_PUSH(c, q->pos ? body : lit_not(body));
  post_lits_clause(g, c.data, (uint32_t)c.len);
  VEC_FREE(c);
}

/* Collects guard -> body (forall) or guard and body (exists) literals. */
static void quant_lit_fn(Ground *g, const Env *env, const Values *guards, void *ctx)
{
  QuantCtx *q = ctx;
  Value body = as_cond(g, q->body->at, reify(g, env, q->body));
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

static void comprehension_fn(Ground *g, const Env *env, const Values *guards, void *ctx)
{
  QuantCtx *q = ctx;
  if (guards->len) {
    if (!q->pos)                        /* report once per comprehension */
      fail(g, q->body->at, "a condition inside [ ... : ... ] must be known before solving; "
                           "use count(...) or forall for conditions on unknowns");
    q->pos = true;
    return;
  }
  VEC_PUSH(q->items, eval(g, env, q->body));
}

static Value comprehension(Ground *g, const Env *env, const Node *n)
{
  QuantCtx q = {.body = n->a};
  Values guards = {0};
  each_instance(g, env, &n->list, 0, &guards, comprehension_fn, &q);
  Value v = list_new(g, (uint32_t)q.items.len);
  if (q.items.len)
    memcpy(v.items, q.items.data, q.items.len * sizeof *v.items);
  VEC_FREE(q.items);
  VEC_FREE(guards);
  return v;
}

static Value quant_lit(Ground *g, const Env *env, const Node *n)
{
  QuantCtx q = {.body = n->a, .pos = n->op == OP_FORALL};
  Values guards = {0};
  each_instance(g, env, &n->list, 0, &guards, quant_lit_fn, &q);
  Value r = q.pos ? lit_and(g, q.lits.data, (uint32_t)q.lits.len)
                  : lit_or(g, q.lits.data, (uint32_t)q.lits.len);
  VEC_FREE(q.lits);
  VEC_FREE(guards);
  return r;
}

/* --- comparisons --- */

/* a = b elementwise for lists; '_' matches anything. */
static Value equal_lit(Ground *g, Loc at, Value a, Value b, bool reif);

static Value list_equal(Ground *g, Loc at, Value a, Value b, bool reif)
{
  if (a.kind != V_LIST || b.kind != V_LIST)
    return fail(g, at, "cannot compare %s with %s", kind_words(a), kind_words(b));
  if (a.n != b.n)
    return fail(g, at, "cannot compare a list of %u items with a list of %u items", a.n, b.n);
  Values lits = {0};
  for (uint32_t i = 0; i < a.n; i++)
    VEC_PUSH(lits, equal_lit(g, at, a.items[i], b.items[i], reif));
  Value r = reif ? lit_and(g, lits.data, (uint32_t)lits.len) : vbool(true);
  VEC_FREE(lits);
  return r;
}

static bool atomish(Value v)
{
  return v.kind == V_ATOM || (v.kind == V_LIN && v.atom);
}

static bool numberish(Value v)
{
  return v.kind == V_INT || (v.kind == V_LIN && !v.atom);
}

/* Post or reify "a OP b" for scalar values. */
static Value compare_values(Ground *g, Loc at, Op op, Value a, Value b, bool reif)
{
  if (a.kind == V_NONE || b.kind == V_NONE)
    return NONE;
  if (a.kind == V_WILD || b.kind == V_WILD)
    return vbool(true);
  if (a.kind == V_LIST || b.kind == V_LIST) {
    if (op == OP_EQ)
      return list_equal(g, at, a, b, reif);
    if (op == OP_NE)
      return lit_not(list_equal(g, at, a, b, true));
    return fail(g, at, "lists can only be compared with = and !=");
  }
  if ((atomish(a) && numberish(b)) || (numberish(a) && atomish(b)))
    return fail(g, at, "cannot compare a value name with a number");
  if ((atomish(a) || atomish(b)) && op != OP_EQ && op != OP_NE)
    return fail(g, at, "value names have no order; only = and != compare them");
  if (a.kind == V_STRING || b.kind == V_STRING)
    return fail(g, at, "strings cannot be compared");
  bool conds = (a.kind == V_BOOL || a.kind == V_LIT) && (b.kind == V_BOOL || b.kind == V_LIT);
  if (conds && (op == OP_EQ || op == OP_NE)) {
    Value r = lit_iff(g, at, a, b);
    r = op == OP_EQ ? r : lit_not(r);
    if (!reif)
      post_lit(g, r);
    return r;
  }
  Lin *la, *lb;
  if (!to_lin(g, at, a, false, NULL, &la) || !to_lin(g, at, b, false, NULL, &lb))
    return NONE;
  return lin_relation(g, at, lin_combine(g, la, 1, lb, -1), op, reif);
}

static Value equal_lit(Ground *g, Loc at, Value a, Value b, bool reif)
{
  return compare_values(g, at, OP_EQ, a, b, reif);
}

/* x in S: a range with possibly unknown ends, or a list of values. */
static Value membership(Ground *g, const Env *env, const Node *n, bool pos, bool reif)
{
  Value x = eval(g, env, n->a);
  if (x.kind == V_NONE)
    return NONE;
  if (n->b->kind == NK_BINARY && n->b->op == OP_RANGE) {
    Value lo = eval(g, env, n->b->a), hi = eval(g, env, n->b->b);
    Value r = lit_and2(g, compare_values(g, n->at, OP_LE, lo, x, true),
                       compare_values(g, n->at, OP_LE, x, hi, true));
    if (!pos)
      r = lit_not(r);
    if (!reif)
      post_lit(g, r);
    return r;
  }
  Value s = expect_list(g, n->b->at, eval(g, env, n->b), "'in'");
  if (s.kind == V_NONE)
    return NONE;
  Values flat = {0};
  flatten(s, &flat);
  bool all_known = true;
  for (size_t i = 0; i < flat.len; i++)
    all_known &= is_known(flat.data[i]);
  Value r;
  if (!reif && pos && all_known && flat.len > 0 && x.kind == V_LIN) {
    /* the common case: restrict x to the listed values */
    int32_t *vals = xmalloc(flat.len * sizeof *vals);
    for (size_t i = 0; i < flat.len; i++)
      vals[i] = (int32_t)flat.data[i].i;
    VarId z = solver_new_var_values(g->s, vals, flat.len);
    mark_atom(g, z, x.atom);
    xfree(vals);
    r = equal_lit(g, n->at, x, vlin(g, z), false);
  } else {
    Values lits = {0};
    for (size_t i = 0; i < flat.len; i++)
      VEC_PUSH(lits, equal_lit(g, n->at, x, flat.data[i], true));
    r = lit_or(g, lits.data, (uint32_t)lits.len);
    VEC_FREE(lits);
    if (!pos)
      r = lit_not(r);
    if (!reif)
      post_lit(g, r);
  }
  VEC_FREE(flat);
  return r;
}

/* --- rules --- */

static Value expand_rule(Ground *g, const Env *env, const Node *call, bool post_mode, bool pos)
{
  const NameInfo *ni = names_find(g->names, call->sym);
  uint32_t nargs = call->kind == NK_CALL ? call->list.len : 0;
  Value *args = xmalloc((nargs + 1) * sizeof *args);
  bool ok = true;
  for (uint32_t i = 0; i < nargs; i++) {
    args[i] = eval(g, env, call->list.items[i]);
    ok &= args[i].kind != V_NONE;
  }
  if (ok && !budget_left(g, call->at)) {
    xfree(args);
    return NONE;
  }
  if (!ok || g->depth >= MAX_RULE_DEPTH) {
    if (ok && !g->too_big) {
      g->too_big = true;
      fail(g, call->at, "the rule '%s' calls itself too deeply (does it have a case that stops?)",
           sname(g, call->sym));
    }
    xfree(args);
    return NONE;
  }
  g->depth++;
  Values alts = {0};
  bool posted = false;
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
          VEC_PUSH(conds, equal_lit(g, p->at, *seen, args[i], true));
          continue;
        }
        frames[i] = (Env){scope, p->sym, args[i]};
        scope = &frames[i];
      } else if (p->kind != NK_WILD) {
        VEC_PUSH(conds, equal_lit(g, p->at, eval(g, NULL, p), args[i], true));
      }
    }
    Value match = lit_and(g, conds.data, (uint32_t)conds.len);
    if (match.kind == V_BOOL && !match.i) {
      /* this clause does not apply to these arguments */
    } else if (post_mode && match.kind == V_BOOL && ni->clauses.len == 1) {
      post(g, scope, cl->expr, pos);       /* no reification needed */
      posted = true;
    } else if (match.kind != V_NONE) {
      Value body = as_cond(g, cl->expr->at, reify(g, scope, cl->expr));
      VEC_PUSH(alts, lit_and2(g, match, body));
    }
    VEC_FREE(conds);
    xfree(frames);
  }
  g->depth--;
  xfree(args);
  if (posted) {
    VEC_FREE(alts);
    return vbool(true);
  }
  Value r = lit_or(g, alts.data, (uint32_t)alts.len);
  VEC_FREE(alts);
  if (post_mode) {
    post_lit(g, pos ? r : lit_not(r));
    return vbool(true);
  }
  return r;
}

/* --- built-ins --- */

static Value arg_list(Ground *g, const Env *env, const Node *n, const char *what, Values *flat)
{
  Value v;
  if (n->list.len == 1) {
    v = expect_list(g, n->list.items[0]->at, eval(g, env, n->list.items[0]), what);
  } else {
    v = list_new(g, n->list.len);
    for (uint32_t i = 0; i < n->list.len; i++)
      v.items[i] = eval(g, env, n->list.items[i]);
  }
  if (flat && v.kind == V_LIST)
    flatten(v, flat);
  return v;
}

static Value sum_of(Ground *g, Loc at, const Values *items, bool conds)
{
  Lin *acc = lin_alloc(g, 0);
  for (size_t i = 0; i < items->len; i++) {
    Lin *l;
    if (conds) {
      Value c = as_cond(g, at, items->data[i]);
      if (c.kind == V_NONE || !to_lin(g, at, c, true, "count", &l))
        return NONE;
    } else if (!to_lin(g, at, items->data[i], false, "sum", &l)) {
      return NONE;
    }
    acc = lin_combine(g, acc, 1, l, 1);
  }
  return lin_value(acc, false);
}

static Value min_max(Ground *g, Loc at, const Values *items, bool is_min)
{
  const char *what = is_min ? "min" : "max";
  if (items->len == 0)
    return fail(g, at, "%s of an empty list has no value", what);
  bool known = true;
  int64_t best = 0;
  for (size_t i = 0; i < items->len; i++) {
    Value v = items->data[i];
    if (v.kind == V_NONE)
      return NONE;
    if (!numberish(v))
      return fail(g, at, "%s needs numbers, but one of them is %s", what, kind_words(v));
    if (v.kind != V_INT)
      known = false;
    else if (i == 0 || (is_min ? v.i < best : v.i > best))
      best = v.i;
  }
  if (known)
    return vint(best);
  VarId *xs = xmalloc(items->len * sizeof *xs);
  int32_t lo = INT32_MAX, hi = INT32_MIN;
  for (size_t i = 0; i < items->len; i++) {
    if (!as_var(g, at, items->data[i], &xs[i])) {
      xfree(xs);
      return NONE;
    }
    int32_t a = var_min(g->s, xs[i]), b = var_max(g->s, xs[i]);
    if (is_min) {
      lo = i == 0 || a < lo ? a : lo;
      hi = i == 0 || b < hi ? b : hi;
    } else {
      lo = i == 0 || a > lo ? a : lo;
      hi = i == 0 || b > hi ? b : hi;
    }
  }
  VarId z = new_var(g, lo, hi, false);
  (is_min ? post_min : post_max)(g->s, items->len, xs, z);
  xfree(xs);
  return vlin(g, z);
}

static Value abs_of(Ground *g, Loc at, Value v)
{
  if (v.kind == V_INT)
    return vint(v.i < 0 ? -v.i : v.i);
  Lin *l;
  if (!to_lin(g, at, v, false, "abs", &l))
    return NONE;
  Wide lo, hi;
  lin_bounds(g, l, &lo, &hi);
  if (lo >= 0)
    return v;
  if (hi <= 0)
    return lin_value(lin_combine(g, lin_alloc(g, 0), 0, l, -1), false);
  VarId x, z;
  if (!as_var(g, at, v, &x))
    return NONE;
  int64_t m = -lo > hi ? (int64_t)-lo : (int64_t)hi;
  z = new_var(g, 0, (int32_t)m, false);
  post_abs(g->s, x, z);
  return vlin(g, z);
}

static bool known_index(Ground *g, Loc at, Value v, uint32_t n, const char *what, uint32_t *out)
{
  if (v.kind == V_NONE)
    return false;
  if (v.kind != V_INT) {
    fail(g, at, "the %s number must be known before solving, but this is %s", what, kind_words(v));
    return false;
  }
  if (v.i < 1 || v.i > n) {
    fail(g, at, "%s %lld does not exist: the board has %s 1 to %u", what, (long long)v.i,
         strcmp(what, "row") == 0 ? "rows" : "columns", n);
    return false;
  }
  *out = (uint32_t)v.i - 1;
  return true;
}

static Value call_builtin(Ground *g, const Env *env, const Node *n, const Builtin *b, bool post_mode,
                          bool pos)
{
  Values flat = {0};
  Value r = NONE, board;
  uint32_t rows, cols, k;
  switch (b->id) {
  case BI_SUM:
    if (arg_list(g, env, n, "sum", &flat).kind != V_NONE)
      r = sum_of(g, n->at, &flat, false);
    break;
  case BI_COUNT:
    if (n->list.len == 2) {                        /* count(value, list) */
      Value want = eval(g, env, n->list.items[0]);
      Value l = expect_list(g, n->list.items[1]->at, eval(g, env, n->list.items[1]), "count");
      if (l.kind == V_NONE || want.kind == V_NONE)
        break;
      flatten(l, &flat);
      for (size_t i = 0; i < flat.len; i++)
        flat.data[i] = equal_lit(g, n->at, flat.data[i], want, true);
      r = sum_of(g, n->at, &flat, true);
    } else if (arg_list(g, env, n, "count", &flat).kind != V_NONE) {
      r = sum_of(g, n->at, &flat, true);
    }
    break;
  case BI_MIN:
  case BI_MAX:
    if (arg_list(g, env, n, b->name, &flat).kind != V_NONE)
      r = min_max(g, n->at, &flat, b->id == BI_MIN);
    break;
  case BI_ABS:
    r = abs_of(g, n->at, eval(g, env, n->list.items[0]));
    break;
  case BI_LEN:
    r = expect_list(g, n->at, eval(g, env, n->list.items[0]), "len");
    if (r.kind == V_LIST)
      r = vint(r.n);
    break;
  case BI_ROWS:
    board = eval(g, env, n->list.items[0]);
    if (board_shape(g, n->at, board, b->name, &rows, &cols))
      r = board;
    break;
  case BI_COLUMNS:
    board = eval(g, env, n->list.items[0]);
    if (board_shape(g, n->at, board, b->name, &rows, &cols)) {
      r = list_new(g, cols);
      for (uint32_t c = 0; c < cols; c++)
        r.items[c] = board_column(g, board, rows, c);
    }
    break;
  case BI_ROW:
  case BI_COLUMN:
    board = eval(g, env, n->list.items[0]);
    if (board_shape(g, n->at, board, b->name, &rows, &cols)) {
      bool row = b->id == BI_ROW;
      if (known_index(g, n->list.items[1]->at, eval(g, env, n->list.items[1]), row ? rows : cols,
                      row ? "row" : "column", &k))
        r = row ? board.items[k] : board_column(g, board, rows, k);
    }
    break;
  case BI_DIAGONAL:
  case BI_ANTIDIAGONAL:
  case BI_DIAGONALS:
    board = eval(g, env, n->list.items[0]);
    if (board_shape(g, n->at, board, b->name, &rows, &cols)) {
      if (rows != cols) {
        r = fail(g, n->at, "'%s' needs a square board, but this one is %u by %u", b->name, rows, cols);
        break;
      }
      Value d = list_new(g, rows), a = list_new(g, rows);
      for (uint32_t i = 0; i < rows; i++) {
        d.items[i] = board.items[i].items[i];
        a.items[i] = board.items[i].items[rows - 1 - i];
      }
      if (b->id == BI_DIAGONALS) {
        r = list_new(g, 2);
        r.items[0] = d;
        r.items[1] = a;
      } else {
        r = b->id == BI_DIAGONAL ? d : a;
      }
    }
    break;
  case BI_CELLS:
    board = expect_list(g, n->at, eval(g, env, n->list.items[0]), "cells");
    if (board.kind == V_LIST) {
      flatten(board, &flat);
      r = list_new(g, (uint32_t)flat.len);
      if (flat.len)
        memcpy(r.items, flat.data, flat.len * sizeof *r.items);
    }
    break;
  case BI_DISTINCT: {
    if (arg_list(g, env, n, "distinct", &flat).kind == V_NONE)
      break;
    if (post_mode && pos) {
      VarId *xs = xmalloc((flat.len + 1) * sizeof *xs);
      bool ok = true;
      for (size_t i = 0; i < flat.len && ok; i++)
        ok = as_var(g, n->at, flat.data[i], &xs[i]);
      if (ok)
        post_distinct(g->s, flat.len, xs);
      xfree(xs);
      r = vbool(true);
      break;
    }
    Values lits = {0};            /* as a condition: every pair differs */
    for (size_t i = 0; i < flat.len; i++)
      for (size_t j = i + 1; j < flat.len; j++)
        VEC_PUSH(lits, compare_values(g, n->at, OP_NE, flat.data[i], flat.data[j], true));
    r = lit_and(g, lits.data, (uint32_t)lits.len);
    VEC_FREE(lits);
    if (post_mode) {
      post_lit(g, pos ? r : lit_not(r));
      r = vbool(true);
    }
    break;
  }
  }
  VEC_FREE(flat);
  return r;
}

/* --- indexing --- */

/* base[idx...]: known indices walk the list; unknown ones become element. */
static Value index_value(Ground *g, const Env *env, const Node *n)
{
  Value base = eval(g, env, n->a);
  if (base.kind == V_NONE)
    return NONE;
  uint32_t k = n->list.len;
  Value *idx = xmalloc(k * sizeof *idx);
  bool all_known = true;
  for (uint32_t i = 0; i < k; i++) {
    idx[i] = eval(g, env, n->list.items[i]);
    if (idx[i].kind == V_NONE) {
      xfree(idx);
      return NONE;
    }
    all_known &= idx[i].kind == V_INT;
  }
  Value cur = base, r = NONE;
  if (all_known) {
    r = cur;
    for (uint32_t i = 0; i < k; i++) {
      if (r.kind != V_LIST) {
        r = fail(g, n->at, "too many indices: this has only %u dimension%s", i, i == 1 ? "" : "s");
        break;
      }
      if (idx[i].i < 1 || idx[i].i > r.n) {
        r = fail(g, n->list.items[i]->at, "index %lld is outside 1..%u", (long long)idx[i].i, r.n);
        break;
      }
      r = r.items[idx[i].i - 1];
    }
    xfree(idx);
    return r;
  }
  /* unknown indices: flatten the k leading dimensions, index linearly */
  uint32_t *dims = xmalloc(k * sizeof *dims);
  for (uint32_t i = 0; i < k; i++) {
    if (cur.kind != V_LIST || cur.n == 0) {
      xfree(dims);
      xfree(idx);
      return fail(g, n->at, "too many indices for this list");
    }
    dims[i] = cur.n;
    cur = cur.items[0];
  }
  Values leaves = {0};
  Lin *pos = lin_alloc(g, 0);
  pos->k = 1;
  int64_t stride = 1;
  for (uint32_t i = k; i-- > 0;) {
    Lin *li;
    if (!to_lin(g, n->list.items[i]->at, idx[i], false, "an index", &li)) {
      r = NONE;
      goto done;
    }
    Lin *one = lin_alloc(g, 0);
    one->k = 1;
    pos = lin_combine(g, pos, 1, lin_combine(g, li, 1, one, -1), stride);
    stride *= dims[i];
  }
  /* collect the leaves in row-major order; shapes must be rectangular */
  {
    Values level = {0}, next = {0};
    VEC_PUSH(level, base);
    for (uint32_t d = 0; d < k; d++) {
      VEC_CLEAR(next);
      for (size_t j = 0; j < level.len; j++) {
        Value v = level.data[j];
        if (v.kind != V_LIST || v.n != dims[d]) {
          VEC_FREE(level);
          VEC_FREE(next);
          r = fail(g, n->at, "an unknown index needs a rectangular board");
          goto done;
        }
        for (uint32_t t = 0; t < v.n; t++)
          VEC_PUSH(next, v.items[t]);
      }
      Values tmp = level;
      level = next;
      next = tmp;
    }
    for (size_t j = 0; j < level.len; j++)
      VEC_PUSH(leaves, level.data[j]);
    VEC_FREE(level);
    VEC_FREE(next);
  }
  {
    VarId *arr = xmalloc(leaves.len * sizeof *arr);
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    bool atom = false, ok = true;
    for (size_t j = 0; j < leaves.len && ok; j++) {
      if (leaves.data[j].kind == V_LIST) {
        r = fail(g, n->at, "an unknown index can only pick a single cell, not a whole list");
        ok = false;
        break;
      }
      atom |= atomish(leaves.data[j]);
      ok = as_var(g, n->at, leaves.data[j], &arr[j]);
      if (ok) {
        lo = var_min(g->s, arr[j]) < lo ? var_min(g->s, arr[j]) : lo;
        hi = var_max(g->s, arr[j]) > hi ? var_max(g->s, arr[j]) : hi;
      }
    }
    VarId ix;
    if (ok && as_var(g, n->at, lin_value(pos, false), &ix)) {
      VarId z = new_var(g, lo, hi, atom);
      post_element(g->s, ix, 1, leaves.len, arr, z);
      r = vlin(g, z);
    }
    xfree(arr);
  }
done:
  VEC_FREE(leaves);
  xfree(dims);
  xfree(idx);
  return r;
}

/* --- arithmetic --- */

static Value arith(Ground *g, const Env *env, const Node *n)
{
  Value a = eval(g, env, n->a), b = eval(g, env, n->b);
  if (a.kind == V_NONE || b.kind == V_NONE)
    return NONE;
  const char *what = n->op == OP_ADD ? "'+'" : n->op == OP_SUB ? "'-'" : n->op == OP_MUL ? "'*'"
                   : n->op == OP_DIV ? "'/'" : "'mod'";
  Lin *la, *lb;
  if (!to_lin(g, n->a->at, a, false, what, &la) || !to_lin(g, n->b->at, b, false, what, &lb))
    return NONE;
  switch (n->op) {
  case OP_ADD:
    return lin_value(lin_combine(g, la, 1, lb, 1), false);
  case OP_SUB:
    return lin_value(lin_combine(g, la, 1, lb, -1), false);
  case OP_MUL:
    if (la->n == 0 || lb->n == 0) {
      Lin *l = la->n == 0 ? lb : la;
      int64_t c = la->n == 0 ? la->k : lb->k;
      if ((Wide)c * l->k > (Wide)1 << 40 || (Wide)c * l->k < -((Wide)1 << 40))
        return fail(g, n->at, "this product is too large");
      return lin_value(lin_combine(g, l, c, lin_alloc(g, 0), 0), false);
    }
    break;
  case OP_DIV:
  case OP_MOD:
    if (lb->n == 0 && lb->k == 0)
      return fail(g, n->b->at, "division by zero");
    if (la->n == 0 && lb->n == 0)
      return vint(n->op == OP_DIV ? la->k / lb->k : la->k % lb->k);
    break;
  default:
    break;
  }
  VarId x, y;
  if (!as_var(g, n->a->at, a, &x) || !as_var(g, n->b->at, b, &y))
    return NONE;
  Wide xl = var_min(g->s, x), xh = var_max(g->s, x), yl = var_min(g->s, y), yh = var_max(g->s, y);
  Wide lo, hi;
  if (n->op == OP_MUL) {
    Wide c[4] = {xl * yl, xl * yh, xh * yl, xh * yh};
    lo = hi = c[0];
    for (int i = 1; i < 4; i++) {
      lo = c[i] < lo ? c[i] : lo;
      hi = c[i] > hi ? c[i] : hi;
    }
  } else if (n->op == OP_DIV) {
    Wide m = xl < 0 ? -xl : xl;
    m = xh > m ? xh : (-xh > m ? -xh : m);
    lo = -m;
    hi = m;
  } else {
    Wide m = (yl < 0 ? -yl : yl) > (yh < 0 ? -yh : yh) ? (yl < 0 ? -yl : yl) : (yh < 0 ? -yh : yh);
    lo = xl < 0 ? -(m - 1) : 0;
    hi = xh > 0 ? m - 1 : 0;
  }
  if (!fits_value(lo) || !fits_value(hi))
    return fail(g, n->at, "the values of this expression can grow too large");
  VarId z = new_var(g, (int32_t)lo, (int32_t)hi, false);
  if (n->op == OP_MUL)
    post_times(g->s, x, y, z);
  else if (n->op == OP_DIV)
    post_div(g->s, x, y, z);
  else
    post_mod(g->s, x, y, z);
  return vlin(g, z);
}

/* if C then A else B, with C unknown: an element over [B, A] indexed by C. */
static Value if_value(Ground *g, const Env *env, const Node *n)
{
  Value c = as_cond(g, n->a->at, reify(g, env, n->a));
  if (c.kind == V_NONE)
    return NONE;
  if (c.kind == V_BOOL)
    return eval(g, env, c.i ? n->b : n->c);
  Value a = eval(g, env, n->b), b = eval(g, env, n->c);
  if (a.kind == V_NONE || b.kind == V_NONE)
    return NONE;
  if ((a.kind == V_BOOL || a.kind == V_LIT) && (b.kind == V_BOOL || b.kind == V_LIT))
    return lit_or2(g, lit_and2(g, c, a), lit_and2(g, lit_not(c), b));
  VarId arr[2], ix;
  if (!as_var(g, n->b->at, c.neg ? a : b, &arr[0]) || !as_var(g, n->c->at, c.neg ? b : a, &arr[1]))
    return NONE;
  ix = (VarId)c.i;
  int32_t lo = var_min(g->s, arr[0]) < var_min(g->s, arr[1]) ? var_min(g->s, arr[0]) : var_min(g->s, arr[1]);
  int32_t hi = var_max(g->s, arr[0]) > var_max(g->s, arr[1]) ? var_max(g->s, arr[0]) : var_max(g->s, arr[1]);
  VarId z = new_var(g, lo, hi, atomish(a));
  post_element(g->s, ix, 0, 2, arr, z);
  return vlin(g, z);
}

/* --- the three walkers --- */

static Value range_list(Ground *g, const Env *env, const Node *n)
{
  Value lo = eval(g, env, n->a), hi = eval(g, env, n->b);
  if (lo.kind == V_NONE || hi.kind == V_NONE)
    return NONE;
  if (lo.kind != V_INT || hi.kind != V_INT)
    return fail(g, n->at, "both ends of a range must be numbers known before solving");
  if (hi.i - lo.i >= MAX_LIST)
    return fail(g, n->at, "the range %lld..%lld is too long (more than %d values)", (long long)lo.i,
                (long long)hi.i, MAX_LIST);
  if (hi.i < lo.i)
    return list_new(g, 0);
  Value v = list_new(g, (uint32_t)(hi.i - lo.i + 1));
  for (uint32_t i = 0; i < v.n; i++)
    v.items[i] = vint(lo.i + i);
  return v;
}

static Value eval(Ground *g, const Env *env, const Node *n)
{
  if (diag_full(g->diag))
    return NONE;
  switch (n->kind) {
  case NK_INT:
    return vint(n->ival);
  case NK_BOOL:
    return vbool(n->ival);
  case NK_STRING:
    return (Value){.kind = V_STRING, .i = n->sym};
  case NK_WILD:
    return (Value){.kind = V_WILD};
  case NK_VAR: {
    const Value *v = env_find(env, n->sym);
    return v ? *v : fail(g, n->at, "the variable '%s' has no value here", sname(g, n->sym));
  }
  case NK_NAME: {
    const NameInfo *ni = names_find(g->names, n->sym);
    switch (ni->kind) {
    case NAME_CONST:
      return const_value(g, n, ni->decl);
    case NAME_VAR:
      if (n->sym < g->nglobals && g->globals[n->sym].kind != V_NONE)
        return g->globals[n->sym];
      return NONE;                          /* its declaration already failed */
    case NAME_ATOM:
      return (Value){.kind = V_ATOM, .i = n->sym};
    case NAME_RULE:
      return expand_rule(g, env, n, false, true);
    case NAME_NONE:
      break;
    }
    return fail(g, n->at, "unknown name '%s'", sname(g, n->sym));
  }
  case NK_UNARY:
    if (n->op == OP_NOT)
      return reify(g, env, n);
    {
      Value a = eval(g, env, n->a);
      Lin *l;
      if (!to_lin(g, n->a->at, a, false, "'-'", &l))
        return NONE;
      return lin_value(lin_combine(g, l, -1, lin_alloc(g, 0), 0), false);
    }
  case NK_BINARY:
    switch (n->op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
    case OP_DIV:
    case OP_MOD:
      return arith(g, env, n);
    case OP_RANGE:
      return range_list(g, env, n);
    default:
      return reify(g, env, n);
    }
  case NK_CALL: {
    const Builtin *b = builtin_find(g->syms, n->sym);
    return b ? call_builtin(g, env, n, b, false, true) : expand_rule(g, env, n, false, true);
  }
  case NK_INDEX:
    return index_value(g, env, n);
  case NK_LIST: {
    Value v = list_new(g, n->list.len);
    for (uint32_t i = 0; i < n->list.len; i++)
      v.items[i] = eval(g, env, n->list.items[i]);
    return v;
  }
  case NK_COMPREH:
    return comprehension(g, env, n);
  case NK_QUANT:
    return quant_lit(g, env, n);
  case NK_IF:
    return if_value(g, env, n);
  }
  return NONE;
}

static Value reify(Ground *g, const Env *env, const Node *n)
{
  if (diag_full(g->diag))
    return NONE;
  if (n->kind == NK_UNARY && n->op == OP_NOT)
    return lit_not(as_cond(g, n->a->at, reify(g, env, n->a)));
  if (n->kind == NK_BINARY) {
    switch (n->op) {
    case OP_AND:
    case OP_OR:
    case OP_IMPLIES:
    case OP_IFF: {
      Value a = as_cond(g, n->a->at, reify(g, env, n->a));
      if (a.kind == V_NONE)
        return NONE;
      /* a known left side decides and/or/-> alone: this is what lets a
         guarded recursive rule (N > 0, r(N - 1)) stop */
      if (a.kind == V_BOOL && n->op == OP_AND && !a.i)
        return vbool(false);
      if (a.kind == V_BOOL && n->op == OP_OR && a.i)
        return vbool(true);
      if (a.kind == V_BOOL && n->op == OP_IMPLIES && !a.i)
        return vbool(true);
      Value b = as_cond(g, n->b->at, reify(g, env, n->b));
      if (b.kind == V_NONE)
        return NONE;
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
      return compare_values(g, n->at, n->op, eval(g, env, n->a), eval(g, env, n->b), true);
    case OP_IN:
      return membership(g, env, n, true, true);
    default:
      break;
    }
  }
  if (n->kind == NK_CALL && builtin_find(g->syms, n->sym) &&
      builtin_find(g->syms, n->sym)->id == BI_DISTINCT)
    return call_builtin(g, env, n, builtin_find(g->syms, n->sym), false, true);
  return eval(g, env, n);
}

/*
** The truth of a comparison whose sides are known, without posting
** anything; V_NONE for anything else.  Lets post() stop at a false guard.
*/
static Value reify_if_known(Ground *g, const Env *env, const Node *n)
{
  if (n->kind != NK_BINARY || n->op < OP_EQ || n->op > OP_GE)
    return NONE;
  Value a = eval(g, env, n->a);
  if (!is_known(a))
    return NONE;
  Value b = eval(g, env, n->b);
  if (!is_known(b))
    return NONE;
  return compare_values(g, n->at, n->op, a, b, true);
}

static void post(Ground *g, const Env *env, const Node *n, bool pos)
{
  if (diag_full(g->diag) || g->too_big)
    return;
  switch (n->kind) {
  case NK_BOOL:
    if (n->ival != pos)
      post_false(g);
    return;
  case NK_UNARY:
    if (n->op == OP_NOT) {
      post(g, env, n->a, !pos);
      return;
    }
    break;
  case NK_BINARY:
    switch (n->op) {
    case OP_AND:
      if (pos) {
        Value a = reify_if_known(g, env, n->a);
        if (a.kind == V_BOOL && !a.i) {
          post_false(g);                /* and do not expand the right side */
          return;
        }
        if (a.kind != V_BOOL)
          post(g, env, n->a, true);
        post(g, env, n->b, true);
        return;
      }
      break;
    case OP_OR:
      if (!pos) {
        post(g, env, n->a, false);
        post(g, env, n->b, false);
        return;
      }
      break;
    case OP_IMPLIES:
      if (!pos) {
        post(g, env, n->a, true);
        post(g, env, n->b, false);
        return;
      }
      break;
    case OP_EQ:
    case OP_NE:
    case OP_LT:
    case OP_LE:
    case OP_GT:
    case OP_GE:
      compare_values(g, n->at, pos ? n->op : negate_op(n->op), eval(g, env, n->a),
                     eval(g, env, n->b), false);
      return;
    case OP_IN:
      membership(g, env, n, pos, false);
      return;
    default:
      break;
    }
    break;
  case NK_QUANT:
    if ((n->op == OP_FORALL) == pos) {
      QuantCtx q = {.body = n->a, .pos = pos};
      Values guards = {0};
      each_instance(g, env, &n->list, 0, &guards, forall_post_fn, &q);
      VEC_FREE(guards);
      return;
    }
    break;
  case NK_CALL: {
    const Builtin *b = builtin_find(g->syms, n->sym);
    if (b && b->id == BI_DISTINCT) {
      call_builtin(g, env, n, b, true, pos);
      return;
    }
    if (!b) {
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
    Value c = as_cond(g, n->a->at, reify(g, env, n->a));
    if (c.kind == V_BOOL) {
      post(g, env, c.i ? n->b : n->c, pos);
      return;
    }
    break;
  }
  default:
    break;
  }
  Value v = as_cond(g, n->at, reify(g, env, n));
  if (v.kind != V_NONE)
    post_lit(g, pos ? v : lit_not(v));
}

/* --- statements --- */

/* The values of a domain: a range (kept as bounds) or a list of values. */
static bool domain_of(Ground *g, const Stmt *st, Sym name, int64_t *lo, int64_t *hi, Values *vals,
                      bool *atom)
{
  const Node *d = st->expr;
  *atom = false;
  if (d->kind == NK_BINARY && d->op == OP_RANGE) {
    Value a = eval(g, NULL, d->a), b = eval(g, NULL, d->b);
    if (a.kind == V_NONE || b.kind == V_NONE)
      return false;
    if (a.kind != V_INT || b.kind != V_INT) {
      fail(g, d->at, "the domain of '%s' must be a range of numbers or a list of values",
           sname(g, name));
      return false;
    }
    *lo = a.i;
    *hi = b.i;
  } else {
    Value v = eval(g, NULL, d);
    if (v.kind == V_NONE)
      return false;
    if (v.kind != V_LIST) {
      fail(g, d->at, "the domain of '%s' must be a range like 1..9 or a list like [red, green], "
                     "not %s", sname(g, name), kind_words(v));
      return false;
    }
    flatten(v, vals);
    bool nums = false;
    for (size_t i = 0; i < vals->len; i++) {
      Value x = vals->data[i];
      if (x.kind == V_ATOM)
        *atom = true;
      else if (x.kind == V_INT)
        nums = true;
      else {
        fail(g, d->at, "the domain of '%s' can hold only numbers or value names, not %s",
             sname(g, name), kind_words(x));
        return false;
      }
    }
    if (*atom && nums) {
      fail(g, d->at, "the domain of '%s' mixes numbers and value names", sname(g, name));
      return false;
    }
    *lo = 1;
    *hi = (int64_t)vals->len;
  }
  if (*hi < *lo || (vals->len == 0 && !(d->kind == NK_BINARY && d->op == OP_RANGE))) {
    fail(g, d->at, "the domain of '%s' is empty", sname(g, name));
    return false;
  }
  for (size_t i = 0; i < vals->len && !*atom; i++) {
    *lo = i == 0 || vals->data[i].i < *lo ? vals->data[i].i : *lo;
    *hi = i == 0 || vals->data[i].i > *hi ? vals->data[i].i : *hi;
  }
  if (*lo < -MAX_ABS_VALUE || *hi > MAX_ABS_VALUE) {
    fail(g, d->at, "the domain of '%s' is too large: values must lie within -%d..%d",
         sname(g, name), MAX_ABS_VALUE, MAX_ABS_VALUE);
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
      x = solver_new_var_values(g->s, vs, vals->len);
      xfree(vs);
    } else {
      x = solver_new_var(g->s, (int32_t)lo, (int32_t)hi);
    }
    mark_atom(g, x, atom);
    VEC_PUSH(g->decision, x);
    return vlin(g, x);
  }
  Value v = list_new(g, dims[0]);
  for (uint32_t i = 0; i < dims[0]; i++)
    v.items[i] = make_vars(g, dims + 1, ndims - 1, lo, hi, vals, atom);
  return v;
}

static void set_global(Ground *g, Sym s, Value v)
{
  if (s >= g->nglobals) {
    uint32_t n = g->nglobals ? g->nglobals : 64;
    while (n <= s)
      n *= 2;
    g->globals = xrealloc(g->globals, n * sizeof *g->globals);
    g->global_state = xrealloc(g->global_state, n * sizeof *g->global_state);
    memset(g->globals + g->nglobals, 0, (n - g->nglobals) * sizeof *g->globals);
    memset(g->global_state + g->nglobals, 0, (n - g->nglobals) * sizeof *g->global_state);
    g->nglobals = n;
  }
  g->globals[s] = v;
}

static void ground_var_decl(Ground *g, const Stmt *st)
{
  for (uint32_t k = 0; k < st->items.len; k++) {
    const Node *d = st->items.items[k];
    Sym name = d->kind == NK_INDEX ? d->a->sym : d->sym;
    uint32_t ndims = d->kind == NK_INDEX ? d->list.len : 0;
    uint32_t dims[8];
    if (ndims > 8) {
      fail(g, d->at, "'%s' has %u dimensions; at most 8 are allowed", sname(g, name), ndims);
      continue;
    }
    uint64_t cells = 1;
    bool ok = true;
    for (uint32_t i = 0; i < ndims && ok; i++) {
      Value v = eval(g, NULL, d->list.items[i]);
      if (v.kind != V_INT || v.i < 1) {
        if (v.kind != V_NONE)
          fail(g, d->list.items[i]->at, "a size must be a positive number known before solving");
        ok = false;
      } else {
        dims[i] = (uint32_t)(v.i > 1000000 ? 1000000 : v.i);
        cells *= dims[i];
      }
    }
    if (ok && cells > 1000000) {
      fail(g, d->at, "'%s' would have %llu cells; at most 1000000 are allowed", sname(g, name),
           (unsigned long long)cells);
      ok = false;
    }
    int64_t lo, hi;
    bool atom;
    Values vals = {0};
    if (ok && domain_of(g, st, name, &lo, &hi, &vals, &atom))
      set_global(g, name, make_vars(g, dims, ndims, lo, hi, &vals, atom));
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
    return fail(g, use->at, "the constant '%s' is defined in terms of itself", sname(g, s));
  set_global(g, s, NONE);
  g->global_state[s] = GLOBAL_BUSY;
  Value v = eval(g, NULL, st->expr);
  if (contains_unknowns(v)) {
    fail(g, st->expr->at, "the constant '%s' must be known before solving, but it depends on unknowns",
         sname(g, s));
    v = NONE;
  }
  g->globals[s] = v;
  g->global_state[s] = GLOBAL_DONE;
  return v;
}

static void ground_const(Ground *g, const Stmt *st)
{
  const_value(g, st->items.items[0], st);
}

static char *source_text(const Ground *g, Loc at)
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

static void add_show(Ground *g, const Node *item)
{
  Value v = eval(g, NULL, item);
  if (v.kind == V_NONE)
    return;
  bool board = false;
  if (item->kind == NK_NAME) {
    const NameInfo *ni = names_find(g->names, item->sym);
    board = ni->kind == NAME_VAR && ni->decl && ni->decl->board;
  }
  VEC_PUSH(g->shows, ((ShowItem){source_text(g, item->at), v, board}));
}

bool ground_program(Ground *g)
{
  unsigned before = g->diag->nerrors;
  const StmtList *sl = &g->ast->stmts;
  bool any_show = false;
  for (uint32_t i = 0; i < sl->len; i++) {
    const Stmt *st = sl->items[i];
    if (st->kind == ST_CONST)
      ground_const(g, st);
    else if (st->kind == ST_VAR)
      ground_var_decl(g, st);
  }
  for (uint32_t i = 0; i < sl->len && !diag_full(g->diag) && !g->too_big; i++) {
    const Stmt *st = sl->items[i];
    if (st->kind == ST_CONSTRAINT) {
      VEC_PUSH(g->origins, ((Origin){st->at, st->label}));
      g->origin = (uint32_t)g->origins.len;
      solver_set_origin(g->s, g->origin);
      post(g, NULL, st->expr, true);
      solver_set_origin(g->s, 0);
    } else if (st->kind == ST_SHOW) {
      any_show = true;
      for (uint32_t k = 0; k < st->items.len; k++)
        add_show(g, st->items.items[k]);
    }
  }
  if (!any_show) {                        /* by default: every declared unknown */
    for (uint32_t i = 0; i < sl->len; i++) {
      const Stmt *st = sl->items[i];
      if (st->kind != ST_VAR)
        continue;
      for (uint32_t k = 0; k < st->items.len; k++) {
        const Node *d = st->items.items[k];
        add_show(g, d->kind == NK_INDEX ? d->a : d);
      }
    }
  }
  solver_set_decision_vars(g->s, g->decision.len, g->decision.data);
  return g->diag->nerrors == before;
}

void ground_free(Ground *g)
{
  for (size_t i = 0; i < g->shows.len; i++)
    xfree(g->shows.data[i].label);
  VEC_FREE(g->shows);
  VEC_FREE(g->origins);
  VEC_FREE(g->var_atom);
  VEC_FREE(g->decision);
  xfree(g->globals);
  xfree(g->global_state);
  g->globals = NULL;
  g->global_state = NULL;
  arena_free(&g->arena);
}
