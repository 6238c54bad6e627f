/*
** term.c -- values, linear terms, literals and the solver variables behind them.
**
** Everything here works on Values that are already evaluated: it never
** walks the syntax tree.  Linear terms are kept symbolic (a sum of
** coefficient * variable plus a constant) so that sums and comparisons
** become one linear propagator instead of a chain of auxiliaries.
*/
#include "ground/term.h"
#include "ground/post.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"

/* --- small helpers --- */


Value value_int(int64_t v)
{
  return (Value){.kind = V_INT, .i = v};
}

Value value_bool(bool b)
{
  return (Value){.kind = V_BOOL, .i = b};
}

Value value_lit(VarId x, bool neg)
{
  return (Value){.kind = V_LIT, .i = x, .neg = neg};
}

/* --- the walkers, through the Ground (ground.c sets them) --- */

Value ground_eval(Ground *g, const Env *env, const Node *n)
{
  return g->eval(g, env, n);
}

Value ground_reify(Ground *g, const Env *env, const Node *n)
{
  return g->reify(g, env, n);
}

void ground_post(Ground *g, const Env *env, const Node *n, bool pos)
{
  g->post(g, env, n, pos);
}

void ground_set_global(Ground *g, Sym s, Value v)
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

const char *ground_name(const Ground *g, Sym s)
{
  return sym_name(g->syms, s);
}

Value ground_error(Ground *g, Loc at, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  uint64_t hash = 14695981039346656037u;        /* FNV-1a of the message */
  for (const char *c = buf_str(&b); *c; c++)
    hash = (hash ^ (uint8_t)*c) * 1099511628211u;
  bool seen = false;
  for (size_t i = 0; i < g->errors.len && !seen; i++)
    seen = g->errors.data[i].hash == hash && g->errors.data[i].at.src == at.src &&
           g->errors.data[i].at.off == at.off;
  if (!seen) {
    VEC_PUSH(g->errors, ((struct GroundError){at, hash}));
    diag_error(g->diag, at, "%s", buf_str(&b));
  }
  buf_free(&b);
  return VALUE_NONE;
}

bool value_is_known(Value v)
{
  return v.kind == V_INT || v.kind == V_ATOM || v.kind == V_BOOL || v.kind == V_STRING;
}

const char *value_words(Value v)
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
  case V_BOARD:
    return "a board";
  case V_NONE:
    break;
  }
  return "nothing";
}

const Value *env_find(const Env *e, Sym s)
{
  for (; e; e = e->up)
    if (e->name == s)
      return &e->val;
  return NULL;
}

/* What builtin_of holds for a Sym not looked up yet. */
static const Builtin unseen;

const Builtin *ground_builtin(Ground *g, Sym s)
{
  if (s >= g->nbuiltin_of) {
    uint32_t n = g->syms->count > s ? g->syms->count : s + 1;
    g->builtin_of = xrealloc(g->builtin_of, n * sizeof *g->builtin_of);
    for (uint32_t i = g->nbuiltin_of; i < n; i++)
      g->builtin_of[i] = &unseen;
    g->nbuiltin_of = n;
  }
  if (g->builtin_of[s] == &unseen)
    g->builtin_of[s] = builtin_find(g->syms, s);
  return g->builtin_of[s];
}

bool ground_time_check(Ground *g)
{
  if (g->time_up(g->time_ctx)) {
    g->timed_out = true;
    g->too_big = true;                 /* every walker stops */
  }
  return g->timed_out;
}

bool ground_charge(Ground *g, uint64_t units)
{
  if (g->too_big || ground_time_is_up(g))
    return false;
  if (units <= GROUND_BUDGET - g->work) {    /* g->work <= GROUND_BUDGET: no overflow */
    g->work += units;
    return true;
  }
  g->too_big = true;
  ground_error(g, g->here, "this puzzle is too big to set up: it needs more than %u steps "
               "(cases of forall and exists, list items, cells, rule calls, helper unknowns); pz stops here",
               GROUND_BUDGET);
  return false;
}

Value value_list(Ground *g, uint32_t n)
{
  ground_charge(g, n);    /* past the budget it is still made: the error stops the rest */
  Value v = {.kind = V_LIST, .n = n};
  v.items = n ? arena_array(&g->arena, Value, n) : NULL;
  return v;
}

/* --- linear terms --- */

Lin *lin_alloc(Ground *g, uint32_t n)
{
  /* one block: the Lin, its factors, its variables (8-byte aligned in turn) */
  char *mem = arena_alloc(&g->arena, sizeof(Lin) + n * (sizeof(int64_t) + sizeof(VarId)));
  Lin *l = (Lin *)(void *)mem;
  l->n = n;
  l->coef = n ? (int64_t *)(void *)(mem + sizeof(Lin)) : NULL;
  l->vars = n ? (VarId *)(void *)(mem + sizeof(Lin) + n * sizeof(int64_t)) : NULL;
  return l;
}

Lin *lin_of_var(Ground *g, VarId x)
{
  Lin *l = lin_alloc(g, 1);
  l->coef[0] = 1;
  l->vars[0] = x;
  return l;
}

Value value_var(Ground *g, VarId x)
{
  Value v = {.kind = V_LIN, .lin = lin_of_var(g, x)};
  v.atom = x < g->var_atom.len && g->var_atom.data[x];
  return v;
}

/*
** The slot of variable x in an open-addressing hash of cap slots (a power
** of two) over vars[]: each slot holds an index + 1 into vars, 0 when
** empty.  The slot that holds x, or the empty one where x would go.
*/
static uint32_t *var_slot(uint32_t *slot, size_t cap, const VarId *vars, VarId x)
{
  size_t h = ((size_t)x * 2654435761u) & (cap - 1);
  while (slot[h] && vars[slot[h] - 1] != x)
    h = (h + 1) & (cap - 1);
  return &slot[h];
}

/* sa * a + sb * b into l, whose arrays hold a->n + b->n terms. */
void lin_combine_into(Lin *l, const Lin *a, int64_t sa, const Lin *b, int64_t sb)
{
  if (a->n + b->n <= 1) {               /* x - 3, 2 - y, q[R] as a term: nothing to merge */
    const Lin *t = a->n ? a : b;
    int64_t c = t->n ? (a->n ? sa : sb) * t->coef[0] : 0;
    l->k = sa * a->k + sb * b->k;
    l->n = c != 0;
    if (c) {
      l->vars[0] = t->vars[0];
      l->coef[0] = c;
    }
    return;
  }
  if (a->n == 1 && b->n == 1 && a->vars[0] != b->vars[0]) {   /* q[R1] - q[R2] */
    int64_t ca = sa * a->coef[0], cb = sb * b->coef[0];
    l->k = sa * a->k + sb * b->k;
    l->n = 0;
    if (ca) {
      l->vars[l->n] = a->vars[0];
      l->coef[l->n++] = ca;
    }
    if (cb) {
      l->vars[l->n] = b->vars[0];
      l->coef[l->n++] = cb;
    }
    return;
  }
  l->n = 0;
  l->k = sa * a->k + sb * b->k;
  const Lin *parts[2] = {a, b};
  int64_t scale[2] = {sa, sb};
  /* long terms find their variables by a hash (index + 1 into l; 0: empty),
     short ones by a look along l: a sum of 100,000 cells is not quadratic */
  size_t cap = 0;
  uint32_t *slot = NULL;
  if (a->n + b->n > LIN_SMALL) {
    for (cap = 16; cap < 2 * ((size_t)a->n + b->n); cap *= 2)
      ;
    slot = xcalloc(cap, sizeof *slot);
  }
  for (int p = 0; p < 2; p++) {
    for (uint32_t i = 0; i < parts[p]->n; i++) {
      VarId x = parts[p]->vars[i];
      int64_t c = scale[p] * parts[p]->coef[i];
      uint32_t j = 0;
      if (slot) {
        uint32_t *at = var_slot(slot, cap, l->vars, x);
        if (!*at)
          *at = l->n + 1;
        j = *at - 1;
      } else {
        while (j < l->n && l->vars[j] != x)
          j++;
      }
      if (j == l->n) {
        l->vars[l->n] = x;
        l->coef[l->n++] = 0;
      }
      l->coef[j] += c;
    }
  }
  xfree(slot);
  uint32_t kept = 0;                      /* drop terms that cancelled */
  for (uint32_t i = 0; i < l->n; i++)
    if (l->coef[i] != 0) {
      l->vars[kept] = l->vars[i];
      l->coef[kept++] = l->coef[i];
    }
  l->n = kept;
}

/*
** The sum of n linear terms in one pass: one term per variable, in the
** order the variables first come, those that cancel dropped (as adding
** them one at a time with lin_combine() makes it).  A hash of the
** variables seen finds each in constant time: sum() over a list of
** 100,000 cells took cubic time and quadratic memory when each item was
** added to a copy of the sum so far.
*/
Lin *lin_sum(Ground *g, Lin *const *parts, size_t n)
{
  size_t cap = 16, len = 0, room = 16;
  uint32_t *slot = xcalloc(cap, sizeof *slot);     /* index + 1 into vars/coef; 0: empty */
  VarId *vars = xmalloc(room * sizeof *vars);
  int64_t *coef = xmalloc(room * sizeof *coef);
  int64_t k = 0;
  for (size_t i = 0; i < n; i++) {
    k += parts[i]->k;
    for (uint32_t t = 0; t < parts[i]->n; t++) {
      VarId x = parts[i]->vars[t];
      uint32_t *at = var_slot(slot, cap, vars, x);
      if (*at) {
        coef[*at - 1] += parts[i]->coef[t];
        continue;
      }
      if (len == room) {
        room *= 2;
        vars = xrealloc(vars, room * sizeof *vars);
        coef = xrealloc(coef, room * sizeof *coef);
      }
      vars[len] = x;
      coef[len] = parts[i]->coef[t];
      *at = (uint32_t)++len;
      if (2 * len > cap) {              /* keep the hash at most half full */
        xfree(slot);
        cap *= 2;
        slot = xcalloc(cap, sizeof *slot);
        for (size_t j = 0; j < len; j++)
          *var_slot(slot, cap, vars, vars[j]) = (uint32_t)(j + 1);
      }
    }
  }
  xfree(slot);
  size_t kept = 0;                      /* drop terms that cancelled */
  for (size_t j = 0; j < len; j++)
    kept += coef[j] != 0;
  Lin *l = lin_alloc(g, (uint32_t)kept);
  l->k = k;
  l->n = 0;
  for (size_t j = 0; j < len; j++)
    if (coef[j] != 0) {
      l->vars[l->n] = vars[j];
      l->coef[l->n++] = coef[j];
    }
  xfree(vars);
  xfree(coef);
  return l;
}

/* a + sa * b, merging repeated variables. */
Lin *lin_combine(Ground *g, const Lin *a, int64_t sa, const Lin *b, int64_t sb)
{
  Lin *l = lin_alloc(g, a->n + b->n);
  lin_combine_into(l, a, sa, b, sb);
  return l;
}

void lin_range(const Ground *g, const Lin *l, Wide *lo, Wide *hi)
{
  *lo = *hi = l->k;
  for (uint32_t i = 0; i < l->n; i++) {
    Wide a = (Wide)l->coef[i] * ground_min(g, l->vars[i]);
    Wide b = (Wide)l->coef[i] * ground_max(g, l->vars[i]);
    *lo += a < b ? a : b;
    *hi += a < b ? b : a;
  }
}

/* lin_range over the bounds as they stand, without settling them first (wider). */
static void lin_range_loose(const Ground *g, const Lin *l, Wide *lo, Wide *hi)
{
  *lo = *hi = l->k;
  for (uint32_t i = 0; i < l->n; i++) {
    Wide a = (Wide)l->coef[i] * bounds_min(&g->bounds, l->vars[i]);
    Wide b = (Wide)l->coef[i] * bounds_max(&g->bounds, l->vars[i]);
    *lo += a < b ? a : b;
    *hi += a < b ? b : a;
  }
}

/* Is this value usable as a number?  Conditions count as 0/1 only if allowed. */
bool to_lin(Ground *g, Loc at, Value v, bool allow_cond, const char *what, Lin **out)
{
  switch (v.kind) {
  case V_INT:
    *out = lin_alloc(g, 0);
    (*out)->k = v.i;
    return true;
  case V_LIN:
    if (v.atom && what) {
      ground_error(g, at, "%s needs numbers, but this is a value name", what);
      return false;
    }
    *out = v.lin;
    return true;
  case V_BOOL:
  case V_LIT:
    if (!allow_cond) {
      ground_error(g, at, "%s needs numbers, but this is a condition (use count(...) to count true conditions)",
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
    ground_error(g, at, "%s needs numbers, but '%s' is a value name", what, ground_name(g, (Sym)v.i));
    return false;
  case V_NONE:
    return false;
  default:
    ground_error(g, at, "%s needs numbers, but this is %s", what ? what : "this", value_words(v));
    return false;
  }
}

/* A Lin as a Value: a known number when it has no variables left. */
Value lin_to_value(Lin *l, bool atom)
{
  if (l->n == 0)
    return atom ? (Value){.kind = V_ATOM, .i = l->k} : value_int(l->k);
  return (Value){.kind = V_LIN, .lin = l, .atom = atom};
}

bool lin_fits(Wide v)
{
  return v >= -(Wide)MAX_ABS_VALUE * 2 && v <= (Wide)MAX_ABS_VALUE * 2;
}

/* --- posting linear relations --- */

void term_post_false(Ground *g)
{
  g->posted_false = true;
  term_post_failing(g);
}

void term_post_failing(Ground *g)
{
  VarId zero = build_const(g, 0);
  int32_t one = 1;
  build_linear(g, 1, &one, &zero, MODEL_EQ, 1);
}

/* l's terms scaled, into coef[l->n] and vars[l->n]; false (reported) if too large. */
static bool lin_terms_into(Ground *g, Loc at, const Lin *l, int64_t scale, int32_t *coef, VarId *vars)
{
  int64_t weight = 0;                   /* sum of |coef|, at most n * 2^31 */
  for (uint32_t i = 0; i < l->n; i++) {
    int64_t c = l->coef[i] * scale;
    if (c > INT32_MAX || c < -INT32_MAX) {
      ground_error(g, at, "a factor in this expression is too large (%lld)", (long long)c);
      return false;
    }
    coef[i] = (int32_t)c;
    vars[i] = l->vars[i];
    weight += c < 0 ? -c : c;
  }
  /* values are int32: weight * 2^31 plus |k| cannot pass 2^62, no bounds to read */
  if (weight <= ((int64_t)1 << 30) && l->k < ((int64_t)1 << 61) && l->k > -((int64_t)1 << 61))
    return true;
  /* the bounds as last settled are wider than the settled ones: when they
     fit, these do too, and the grounder's reasoning (which the engine's
     propagation repeats) need not run for it */
  Wide lo, hi;
  lin_range_loose(g, l, &lo, &hi);
  if (lo >= -((Wide)1 << 62) && hi <= ((Wide)1 << 62))
    return true;
  lin_range(g, l, &lo, &hi);
  if (lo < -((Wide)1 << 62) || hi > ((Wide)1 << 62)) {
    ground_error(g, at, "the values of this expression can grow too large to compute");
    return false;
  }
  return true;
}

/* Copy l's terms into int32 arrays for the solver; false if too large. */
bool lin_solver_terms(Ground *g, Loc at, const Lin *l, int64_t scale, int32_t **coef, VarId **vars)
{
  *coef = arena_array(&g->arena, int32_t, l->n + 1);
  *vars = arena_array(&g->arena, VarId, l->n + 1);
  return lin_terms_into(g, at, l, scale, *coef, *vars);
}

/* Normal form of "d OP 0" as "scale * d REL shift". */
void lin_normal_form(Op op, int64_t *scale, ModelRel *rel, int64_t *shift)
{
  *scale = 1;
  *shift = 0;
  switch (op) {
  case OP_EQ: *rel = MODEL_EQ; break;
  case OP_NE: *rel = MODEL_NE; break;
  case OP_LE: *rel = MODEL_LE; break;
  case OP_LT: *rel = MODEL_LE; *shift = -1; break;
  case OP_GE: *rel = MODEL_LE; *scale = -1; break;
  case OP_GT: *rel = MODEL_LE; *scale = -1; *shift = -1; break;
  default: *rel = MODEL_EQ; break;
  }
}

Op op_negate(Op op)
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


/*
** Remember "x <= y + w" (and both halves of "x = y + w") for the check of
** difference cycles (ground.c): on wide domains, x < y and y < x narrow
** each other by one per pass, a billion passes before they fail.
*/
/*
** Add "to <= from + w".  The potentials satisfied every difference before
** it, so a cycle that cannot hold goes through the new one: relaxing from
** `to` (Bellman-Ford from that one place) reaches `from` and lowers it.
** Long chains added from their far end cost a quadratic number of steps:
** past CYCLE_WORK steps the check stops (search and --timeout remain).
*/
#define CYCLE_WORK 4000000u

static void add_difference(Ground *g, VarId from, VarId to, int64_t w)
{
  VarId most = from > to ? from : to;
  while (g->potential.len <= most) {
    VEC_PUSH(g->potential, 0);
    VEC_PUSH(g->first_out, 0);
  }
  VEC_PUSH(g->differences, ((Difference){from, to, w, g->first_out.data[from]}));
  g->first_out.data[from] = (uint32_t)g->differences.len;
  if (g->cycle || g->cycle_work > CYCLE_WORK || g->potential.data[from] + w >= g->potential.data[to])
    return;
  g->potential.data[to] = g->potential.data[from] + w;
  VEC_CLEAR(g->queue);
  VEC_PUSH(g->queue, to);
  for (size_t head = 0; head < g->queue.len && !g->cycle; head++) {
    VarId u = g->queue.data[head];
    for (uint32_t e = g->first_out.data[u]; e && !g->cycle; e = g->differences.data[e - 1].next_out) {
      const Difference *d = &g->differences.data[e - 1];
      if (g->potential.data[u] + d->w >= g->potential.data[d->to])
        continue;
      if (d->to == from) {
        g->cycle = true;                   /* around the circle and lower still */
        return;
      }
      if (++g->cycle_work > CYCLE_WORK)
        return;
      g->potential.data[d->to] = g->potential.data[u] + d->w;
      VEC_PUSH(g->queue, d->to);
    }
  }
}

static void note_difference(Ground *g, uint32_t n, const int32_t *coef, const VarId *vars, ModelRel rel,
                            int64_t rhs)
{
  if (n != 2 || rel == MODEL_NE || coef[0] != -coef[1] || (coef[0] != 1 && coef[0] != -1))
    return;
  VarId x = coef[0] == 1 ? vars[0] : vars[1], y = coef[0] == 1 ? vars[1] : vars[0];
  bool before = g->cycle;
  add_difference(g, y, x, rhs);                /* x - y <= rhs */
  if (rel == MODEL_EQ)
    add_difference(g, x, y, -rhs);             /* y - x <= -rhs */
  /* Fail now, before propagation crawls; not with clues_apart, where the
     failure would be blamed on this clue alone, not on the cycle's clues. */
  if (g->cycle && !before && !g->clues_apart) {
    VarId zero = build_const(g, 0);
    int32_t one = 1;
    build_linear(g, 1, &one, &zero, MODEL_EQ, 1);
  }
}

/*
** Post "d OP 0", or return its literal when reif is set.  A relation whose
** terms all cancel is decided here.
*/
Value lin_relation(Ground *g, Loc at, const Lin *d, Op op, bool reif)
{
  if (d->n == 0) {
    bool ok = op_holds(op, d->k);
    if (!reif && !ok)
      term_post_false(g);
    return value_bool(ok);
  }
  int64_t scale, shift;
  ModelRel rel;
  lin_normal_form(op, &scale, &rel, &shift);
  /* the Model copies the terms: a short relation needs no room of the arena */
  int32_t coef_room[LIN_SMALL];
  VarId vars_room[LIN_SMALL];
  int32_t *coef = coef_room;
  VarId *vars = vars_room;
  if (d->n > LIN_SMALL ? !lin_solver_terms(g, at, d, scale, &coef, &vars)
                       : !lin_terms_into(g, at, d, scale, coef, vars))
    return VALUE_NONE;
  int64_t rhs = shift - scale * d->k;
  if (!reif) {
    build_linear(g, d->n, coef, vars, rel, rhs);
    note_difference(g, d->n, coef, vars, rel, rhs);
    return value_bool(true);
  }
  ground_charge(g, REIFIED_COST);
  VarId b = build_var(g, 0, 1);
  build_linear_reif(g, d->n, coef, vars, rel, rhs, b);
  return value_lit(b, false);
}

/* --- materialising values as solver variables --- */

void term_mark_atom(Ground *g, VarId x, bool atom)
{
  while (g->var_atom.len <= x)
    VEC_PUSH(g->var_atom, 0);
  if (atom)
    g->var_atom.data[x] = 1;
}

VarId term_new_var(Ground *g, int32_t lo, int32_t hi, bool atom)
{
  ground_charge(g, REIFIED_COST);   /* past the budget it is still made: the error stops the rest */
  VarId x = build_var(g, lo, hi);
  term_mark_atom(g, x, atom);
  return x;
}

static int int32_cmp(const void *l, const void *r)
{
  int32_t a = *(const int32_t *)l, b = *(const int32_t *)r;
  return (a > b) - (a < b);
}

/* Most values listed one by one for term_new_var_for; more use the range. */
#define UNION_MAX_VALUES 4096

VarId term_new_var_for(Ground *g, const VarId *arr, size_t n, bool atom)
{
  int32_t lo = INT32_MAX, hi = INT32_MIN;
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++) {
    lo = ground_min(g, arr[i]) < lo ? ground_min(g, arr[i]) : lo;
    hi = ground_max(g, arr[i]) > hi ? ground_max(g, arr[i]) : hi;
    total += ground_size(g, arr[i]);
  }
  if (total > UNION_MAX_VALUES || total >= (uint64_t)((int64_t)hi - lo + 1))
    return term_new_var(g, lo, hi, atom);   /* dense enough: the range */
  int32_t *vals = xmalloc(total * sizeof *vals);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    for (int32_t v = ground_min(g, arr[i]);; v = ground_next(g, arr[i], v)) {
      vals[k++] = v;
      if (v >= ground_max(g, arr[i]))
        break;
    }
  qsort(vals, k, sizeof *vals, int32_cmp);
  ground_charge(g, REIFIED_COST);
  VarId z = build_var_values(g, vals, k);
  xfree(vals);
  term_mark_atom(g, z, atom);
  return z;
}

/* A solver variable equal to v (a constant, the variable itself, or an auxiliary). */
bool term_var(Ground *g, Loc at, Value v, VarId *out)
{
  switch (v.kind) {
  case V_INT:
  case V_ATOM:
  case V_BOOL:
    if (v.i > MAX_ABS_VALUE * 2LL || v.i < -MAX_ABS_VALUE * 2LL) {
      ground_error(g, at, "the number %lld is too large", (long long)v.i);
      return false;
    }
    *out = build_const(g, (int32_t)v.i);
    term_mark_atom(g, *out, v.kind == V_ATOM);
    return true;
  case V_LIT:
    if (!v.neg) {
      *out = (VarId)v.i;
      return true;
    } else {
      VarId z = term_new_var(g, 0, 1, false);
      VarId xs[2] = {(VarId)v.i, z};
      int32_t cs[2] = {1, 1};
      build_linear(g, 2, cs, xs, MODEL_EQ, 1);
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
    lin_range(g, l, &lo, &hi);
    if (!lin_fits(lo) || !lin_fits(hi)) {
      ground_error(g, at, "the values of this expression can grow too large (beyond %d)", MAX_ABS_VALUE * 2);
      return false;
    }
    VarId z = term_new_var(g, (int32_t)lo, (int32_t)hi, v.atom);
    Lin *zl = lin_of_var(g, z);
    Lin *d = lin_combine(g, l, 1, zl, -1);
    lin_relation(g, at, d, OP_EQ, false);
    *out = z;
    return true;
  }
  case V_NONE:
    return false;
  default:
    ground_error(g, at, "expected a number here, but this is %s", value_words(v));
    return false;
  }
}

/* --- literals and boolean structure --- */

Value lit_not(Value v)
{
  if (v.kind == V_BOOL)
    return value_bool(!v.i);
  if (v.kind == V_LIT)
    v.neg = !v.neg;
  return v;
}

/* Post a clause over literals; known-true literals satisfy it at once. */
void lit_post_clause(Ground *g, const Value *lits, uint32_t n)
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
      term_post_false(g);
    else
      build_clause(g, np, pos, nn, neg);
  }
  xfree(pos);
  xfree(neg);
}

void lit_post(Ground *g, Value lit)
{
  lit_post_clause(g, &lit, 1);
}

/* The conjunction of n literals, as a literal. */
Value lit_and(Ground *g, const Value *lits, uint32_t n)
{
  Values open = {0};
  bool is_false = false;
  for (uint32_t i = 0; i < n; i++) {
    if (lits[i].kind == V_NONE) {
      VEC_FREE(open);
      return VALUE_NONE;
    }
    if (lits[i].kind == V_BOOL)
      is_false |= !lits[i].i;
    else
      VEC_PUSH(open, lits[i]);
  }
  Value r;
  if (is_false)
    r = value_bool(false);
  else if (open.len == 0)
    r = value_bool(true);
  else if (open.len == 1)
    r = open.data[0];
  else {
    r = value_lit(term_new_var(g, 0, 1, false), false);
    Value pair[2] = {lit_not(r), value_bool(false)};
    Values big = {0};
    for (size_t i = 0; i < open.len; i++) {
      pair[1] = open.data[i];             /* r -> l */
      lit_post_clause(g, pair, 2);
      VEC_PUSH(big, lit_not(open.data[i]));
    }
    VEC_PUSH(big, r);                     /* all l -> r */
    lit_post_clause(g, big.data, (uint32_t)big.len);
    VEC_FREE(big);
  }
  VEC_FREE(open);
  return r;
}

Value lit_or(Ground *g, const Value *lits, uint32_t n)
{
  Value *neg = xmalloc((n + 1) * sizeof *neg);
  for (uint32_t i = 0; i < n; i++)
    neg[i] = lit_not(lits[i]);
  Value r = lit_not(lit_and(g, neg, n));
  xfree(neg);
  return r;
}

Value lit_and2(Ground *g, Value a, Value b)
{
  Value v[2] = {a, b};
  return lit_and(g, v, 2);
}

Value lit_or2(Ground *g, Value a, Value b)
{
  Value v[2] = {a, b};
  return lit_or(g, v, 2);
}

/* a <-> b as a literal. */
Value lit_iff(Ground *g, Loc at, Value a, Value b)
{
  if (a.kind == V_NONE || b.kind == V_NONE)
    return VALUE_NONE;
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
Value lit_check(Ground *g, Loc at, Value v)
{
  if (v.kind == V_BOOL || v.kind == V_LIT || v.kind == V_NONE)
    return v;
  return ground_error(g, at, "expected a condition here, but this is %s", value_words(v));
}

/* --- partial terms --- */

/*
** pz gives x / 0, x mod 0 and list[i] outside the list the meaning
** MiniZinc gives them (relational semantics): the nearest enclosing
** condition is false.  So `not (x / y = 9)` holds when y = 0, and so do
** `true or x / y = 9` and `x / y = 9 or true`.  The walkers open a context
** at each condition; a partial term records the literal under which it is
** defined; the condition is closed as "defined and cond".
*/
void term_defined_when(Ground *g, Value defined)
{
  if (defined.kind == V_BOOL && defined.i)
    return;
  VEC_PUSH(g->undef, defined);
}

size_t term_context_open(const Ground *g)
{
  return g->undef.len;
}

Value term_context_take(Ground *g, size_t mark)
{
  if (g->undef.len <= mark)
    return value_bool(true);
  Value r = lit_and(g, g->undef.data + mark, (uint32_t)(g->undef.len - mark));
  g->undef.len = mark;
  return r;
}

Value term_context_close(Ground *g, size_t mark, Value cond)
{
  if (g->undef.len <= mark || (cond.kind != V_BOOL && cond.kind != V_LIT && cond.kind != V_NONE))
    return cond;                     /* not a condition: its terms belong to the one around it */
  Value defined = term_context_take(g, mark);
  if (cond.kind == V_NONE || defined.kind == V_NONE)
    return VALUE_NONE;
  return lit_and2(g, defined, cond);
}

void term_context_post(Ground *g, size_t mark)
{
  for (size_t i = mark; i < g->undef.len; i++)
    if (g->undef.data[i].kind != V_NONE)
      lit_post(g, g->undef.data[i]);
  if (g->undef.len > mark)
    g->undef.len = mark;
}

/* --- lists and boards --- */

/* A drawn board as rows with V_WILD in the holes. */
Value board_rows_with_holes(Ground *g, Value board)
{
  const Board *b = board.board;
  Value rows = value_list(g, b->rows);
  for (uint32_t r = 0; r < b->rows; r++) {
    rows.items[r] = value_list(g, b->cols);
    memcpy(rows.items[r].items, b->at + (size_t)r * b->cols, b->cols * sizeof(Value));
  }
  return rows;
}

/* Append the leaves of v (flattening nested lists) to out. */
void value_flatten(Value v, Values *out)
{
  if (v.kind == V_LIST)
    for (uint32_t i = 0; i < v.n; i++)
      value_flatten(v.items[i], out);
  else if (v.kind == V_BOARD)                   /* the cells, row by row, not the holes */
    for (size_t i = 0; i < (size_t)v.board->rows * v.board->cols; i++) {
      if (v.board->at[i].kind != V_WILD)
        VEC_PUSH(*out, v.board->at[i]);
    }
  else
    VEC_PUSH(*out, v);
}

/*
** "SEND" where a list is wanted: its letters, each the name of that letter
** in lower case (s, e, n, d: an unknown, a constant or a value name), and
** its digits, each a number.  The checker reported any other character.
*/
static NOINLINE Value string_letters(Ground *g, Loc at, Value v)
{
  const char *s = sym_name(g->syms, (Sym)v.i);
  size_t len = strlen(s);
  Value l = value_list(g, (uint32_t)len);
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      l.items[i] = value_int(c - '0');
      continue;
    }
    char low = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    Node name = {.kind = NK_NAME, .at = at, .sym = sym_intern(g->syms, &low, 1)};
    if (!(low >= 'a' && low <= 'z') || names_find(g->names, name.sym)->kind == NAME_NONE)
      return ground_error(g, at, "the string \"%s\" as a list: '%c' is no declared name", s, c);
    l.items[i] = ground_eval(g, NULL, &name);
    if (l.items[i].kind == V_NONE)
      return VALUE_NONE;
  }
  return l;
}

Value value_expect_list(Ground *g, Loc at, Value v, const char *what)
{
  if (v.kind == V_LIST || v.kind == V_NONE)
    return v;
  if (v.kind == V_STRING)
    return string_letters(g, at, v);
  if (v.kind == V_BOARD) {                      /* a drawn board as a list: its cells */
    Values cells = {0};
    value_flatten(v, &cells);
    Value l = value_list(g, (uint32_t)cells.len);
    if (cells.len)
      memcpy(l.items, cells.data, cells.len * sizeof *l.items);
    VEC_FREE(cells);
    return l;
  }
  return ground_error(g, at, "%s needs a list, but this is %s", what, value_words(v));
}

/* A rectangular list of lists: its rows and columns. */
bool board_shape(Ground *g, Loc at, Value b, const char *what, uint32_t *rows, uint32_t *cols)
{
  if (b.kind == V_NONE)
    return false;
  if (b.kind == V_BOARD) {
    ground_error(g, at, "%s needs a square board of rows and columns, not a drawn shape", what);
    return false;
  }
  if (b.kind != V_LIST || b.n == 0 || b.items[0].kind != V_LIST) {
    ground_error(g, at, "%s needs a board (a list of rows), but this is %s", what, value_words(b));
    return false;
  }
  *rows = b.n;
  *cols = b.items[0].n;
  for (uint32_t r = 0; r < b.n; r++)
    if (b.items[r].kind != V_LIST || b.items[r].n != *cols) {
      ground_error(g, at, "%s needs a board whose rows all have the same length", what);
      return false;
    }
  return true;
}

Value board_column(Ground *g, Value b, uint32_t rows, uint32_t c)
{
  Value col = value_list(g, rows);
  for (uint32_t r = 0; r < rows; r++)
    col.items[r] = b.items[r].items[c];
  return col;
}

/* --- comparisons --- */

/* a = b elementwise for lists; a blank ('_', '.') leaves its place open, as in givens. */

Value value_list_equal(Ground *g, Loc at, Value a, Value b, bool reif)
{
  if (a.kind != V_LIST || b.kind != V_LIST)
    return ground_error(g, at, "cannot compare %s with %s", value_words(a), value_words(b));
  if (a.n != b.n)
    return ground_error(g, at, "cannot compare a list of %u items with a list of %u items", a.n, b.n);
  Values lits = {0};
  for (uint32_t i = 0; i < a.n; i++)
    if (a.items[i].kind != V_WILD && b.items[i].kind != V_WILD)
      VEC_PUSH(lits, term_equal(g, at, a.items[i], b.items[i], reif));
  Value r = reif ? lit_and(g, lits.data, (uint32_t)lits.len) : value_bool(true);
  VEC_FREE(lits);
  return r;
}

bool value_is_name(Value v)
{
  return v.kind == V_ATOM || (v.kind == V_LIN && v.atom);
}

bool value_is_number(Value v)
{
  return v.kind == V_INT || (v.kind == V_LIN && !v.atom);
}

/*
** l's terms as they are, into coef and vars, when lin_terms_into() would
** take them at once with either constant k1 or k2 (no bounds to read, no
** error): l has terms, and none is large.
*/
static bool lin_terms_fit(const Lin *l, int64_t k1, int64_t k2, int32_t *coef, VarId *vars)
{
  int64_t weight = 0, big = (int64_t)1 << 61;
  for (uint32_t i = 0; i < l->n; i++) {
    int64_t c = l->coef[i];
    if (c > INT32_MAX || c < -INT32_MAX)
      return false;
    coef[i] = (int32_t)c;
    vars[i] = l->vars[i];
    weight += c < 0 ? -c : c;
  }
  return l->n > 0 && weight <= ((int64_t)1 << 30) && k1 < big && k1 > -big && k2 < big && k2 > -big;
}

/*
** Post "e != c" and, when c is not 0, "e != -c" (abs(e) != c, c >= 0) as
** term_compare() would, with e's terms brought to their normal form once
** for both: the natural N-queens model posts a pair for every two rows.
*/
void term_post_abs_ne(Ground *g, Loc at, Value e, int64_t c)
{
  if (e.kind != V_LIN || e.atom || e.lin->n > LIN_SMALL) {
    term_compare(g, at, OP_NE, e, value_int(c), false);
    if (c != 0)
      term_compare(g, at, OP_NE, e, value_int(-c), false);
    return;
  }
  int64_t coef[LIN_SMALL];
  VarId vars[LIN_SMALL];
  Lin d = {.coef = coef, .vars = vars}, zero = {0};
  lin_combine_into(&d, e.lin, 1, &zero, -1);
  int64_t k = d.k;
  int32_t cf[LIN_SMALL];
  VarId vs[LIN_SMALL];
  if (lin_terms_fit(&d, k - c, k + c, cf, vs)) {
    /* what the two lin_relation()s below post, the terms copied once */
    build_linear(g, d.n, cf, vs, MODEL_NE, c - k);
    if (c != 0)
      build_linear(g, d.n, cf, vs, MODEL_NE, -(k + c));
    return;
  }
  d.k = k - c;
  lin_relation(g, at, &d, OP_NE, false);
  if (c != 0) {
    d.k = k + c;
    lin_relation(g, at, &d, OP_NE, false);
  }
}

/* Post or reify "a OP b" for scalar values. */
Value term_compare(Ground *g, Loc at, Op op, Value a, Value b, bool reif)
{
  if (a.kind == V_NONE || b.kind == V_NONE)
    return VALUE_NONE;
  if (a.kind == V_INT && b.kind == V_INT) {     /* two numbers (a guard R1 < R2): decided here */
    bool ok = op_holds(op, a.i - b.i);
    if (!reif && !ok)
      term_post_false(g);
    return value_bool(ok);
  }
  if (a.kind == V_WILD || b.kind == V_WILD) {   /* a blank is nothing: it equals only a blank */
    bool both = a.kind == V_WILD && b.kind == V_WILD;
    bool holds = op == OP_NE ? !both : op == OP_EQ && both;
    if (!reif && !holds)
      term_post_false(g);
    return value_bool(holds);
  }
  if (a.kind == V_BOARD)                        /* compare a drawn board as its picture */
    a = board_rows_with_holes(g, a);
  if (b.kind == V_BOARD)
    b = board_rows_with_holes(g, b);
  if (a.kind == V_LIST || b.kind == V_LIST) {
    if (op == OP_EQ)
      return value_list_equal(g, at, a, b, reif);
    if (op == OP_NE)
      return lit_not(value_list_equal(g, at, a, b, true));
    return ground_error(g, at, "lists can only be compared with = and !=");
  }
  if (a.kind == V_STRING || b.kind == V_STRING) {
    /* a letter of a picture, or a text: the same letters are equal; a
       value name spelt the same is equal too; a number is not */
    if (op != OP_EQ && op != OP_NE)
      return ground_error(g, at, "letters and texts have no order; only = and != compare them");
    Value o = a.kind == V_STRING ? b : a;
    bool known = o.kind == V_STRING || o.kind == V_INT || value_is_number(o) || o.kind == V_ATOM;
    if (!known && !value_is_name(o))
      return ground_error(g, at, "cannot compare a text with %s", value_words(o));
    if (known) {
      bool same = o.kind != V_INT && !value_is_number(o) && a.i == b.i;
      bool holds = (op == OP_EQ) == same;
      if (!reif && !holds)
        term_post_false(g);
      return value_bool(holds);
    }
    if (a.kind == V_STRING)                     /* an unknown value name: the name spelt so */
      a = (Value){.kind = V_ATOM, .i = a.i};
    else
      b = (Value){.kind = V_ATOM, .i = b.i};
  }
  if ((value_is_name(a) && value_is_number(b)) || (value_is_number(a) && value_is_name(b)))
    return ground_error(g, at, "cannot compare a value name with a number");
  if ((value_is_name(a) || value_is_name(b)) && op != OP_EQ && op != OP_NE)
    return ground_error(g, at, "value names have no order; only = and != compare them");
  bool conds = (a.kind == V_BOOL || a.kind == V_LIT) && (b.kind == V_BOOL || b.kind == V_LIT);
  if (conds && (op == OP_EQ || op == OP_NE)) {
    Value r = lit_iff(g, at, a, b);
    r = op == OP_EQ ? r : lit_not(r);
    if (!reif)
      lit_post(g, r);
    return r;
  }
  /* a number is a Lin of no terms; a short difference stays on the C stack */
  Lin ka = {.k = a.i}, kb = {.k = b.i}, *la = &ka, *lb = &kb;
  if ((a.kind != V_INT && !to_lin(g, at, a, false, NULL, &la)) ||
      (b.kind != V_INT && !to_lin(g, at, b, false, NULL, &lb)))
    return VALUE_NONE;
  if (la->n + lb->n > LIN_SMALL)
    return lin_relation(g, at, lin_combine(g, la, 1, lb, -1), op, reif);
  int64_t coef[LIN_SMALL];
  VarId vars[LIN_SMALL];
  Lin d = {.coef = coef, .vars = vars};
  lin_combine_into(&d, la, 1, lb, -1);
  return lin_relation(g, at, &d, op, reif);
}

Value term_equal(Ground *g, Loc at, Value a, Value b, bool reif)
{
  return term_compare(g, at, OP_EQ, a, b, reif);
}
