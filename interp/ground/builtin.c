/*
** builtin.c -- built-in functions, indexing, arithmetic and if-then-else.
**
** Known arguments are computed at once; unknown ones become auxiliary
** variables with a propagator (times, div, mod, abs, min, max, element).
*/
#include "ground/board.h"
#include "ground/post.h"
#include "ground/regular.h"

#include <string.h>

#include "base/mem.h"

/* --- built-ins --- */

static Value builtin_arg_list(Ground *g, const Env *env, const Node *n, const char *what, Values *flat)
{
  Value v;
  if (n->list.len == 1) {
    v = value_expect_list(g, n->list.items[0]->at, ground_eval(g, env, n->list.items[0]), what);
  } else {
    v = value_list(g, n->list.len);
    for (uint32_t i = 0; i < n->list.len; i++)
      v.items[i] = ground_eval(g, env, n->list.items[i]);
  }
  if (flat && v.kind == V_LIST)
    value_flatten(v, flat);
  return v;
}

static NOINLINE Value builtin_sum(Ground *g, Loc at, const Values *items, bool conds)
{
  Lin **parts = xmalloc((items->len ? items->len : 1) * sizeof *parts);
  for (size_t i = 0; i < items->len; i++) {
    bool ok;
    if (conds) {
      Value c = lit_check(g, at, items->data[i]);
      ok = c.kind != V_NONE && to_lin(g, at, c, true, "count", &parts[i]);
    } else {
      ok = to_lin(g, at, items->data[i], false, "sum", &parts[i]);
    }
    if (!ok) {
      xfree(parts);
      return VALUE_NONE;
    }
  }
  Lin *sum = lin_sum(g, parts, items->len);   /* in one pass: adding one at a time is cubic */
  xfree(parts);
  return lin_to_value(sum, false);
}

static NOINLINE Value builtin_min_max(Ground *g, Loc at, const Values *items, bool is_min)
{
  const char *what = is_min ? "min" : "max";
  if (items->len == 0)
    return ground_error(g, at, "%s of an empty list has no value", what);
  bool known = true;
  int64_t best = 0;
  for (size_t i = 0; i < items->len; i++) {
    Value v = items->data[i];
    if (v.kind == V_NONE)
      return VALUE_NONE;
    if (!value_is_number(v))
      return ground_error(g, at, "%s needs numbers, but one of them is %s", what, value_words(v));
    if (v.kind != V_INT)
      known = false;
    else if (i == 0 || (is_min ? v.i < best : v.i > best))
      best = v.i;
  }
  if (known)
    return value_int(best);
  VarId *xs = xmalloc(items->len * sizeof *xs);
  int32_t lo = INT32_MAX, hi = INT32_MIN;
  for (size_t i = 0; i < items->len; i++) {
    if (!term_var(g, at, items->data[i], &xs[i])) {
      xfree(xs);
      return VALUE_NONE;
    }
    int32_t a = ground_min(g, xs[i]), b = ground_max(g, xs[i]);
    if (is_min) {
      lo = i == 0 || a < lo ? a : lo;
      hi = i == 0 || b < hi ? b : hi;
    } else {
      lo = i == 0 || a > lo ? a : lo;
      hi = i == 0 || b > hi ? b : hi;
    }
  }
  VarId z = term_new_var(g, lo, hi, false);
  (is_min ? build_min : build_max)(g, items->len, xs, z);
  xfree(xs);
  return value_var(g, z);
}

static NOINLINE Value builtin_abs(Ground *g, Loc at, Value v)
{
  if (v.kind == V_INT)
    return value_int(v.i < 0 ? -v.i : v.i);
  Lin *l;
  if (!to_lin(g, at, v, false, "abs", &l))
    return VALUE_NONE;
  Wide lo, hi;
  lin_range(g, l, &lo, &hi);
  if (lo >= 0)
    return v;
  if (hi <= 0)
    return lin_to_value(lin_combine(g, lin_alloc(g, 0), 0, l, -1), false);
  VarId x, z;
  if (!term_var(g, at, v, &x))
    return VALUE_NONE;
  int64_t m = -lo > hi ? (int64_t)-lo : (int64_t)hi;
  z = term_new_var(g, 0, (int32_t)m, false);
  build_abs(g, x, z);
  return value_var(g, z);
}

static NOINLINE bool builtin_known_index(Ground *g, Loc at, Value v, uint32_t n, const char *what, uint32_t *out)
{
  if (v.kind == V_NONE)
    return false;
  if (v.kind != V_INT) {
    ground_error(g, at, "the %s number must be known before solving, but this is %s", what, value_words(v));
    return false;
  }
  if (v.i < 1 || v.i > n) {
    ground_error(g, at, "%s %lld does not exist: the board has %s 1 to %u", what, (long long)v.i,
         strcmp(what, "row") == 0 ? "rows" : "columns", n);
    return false;
  }
  *out = (uint32_t)v.i - 1;
  return true;
}

/*
** Each built-in's evaluation: n is the call, b its row of
** front/builtins.def; post_mode asserts a condition (pos) or its negation.
*/
#define EVAL_ARGS Ground *g, const Env *env, const Node *n, const Builtin *b, bool post_mode, bool pos
#define UNUSED_EVAL_ARGS (void)env, (void)b, (void)post_mode, (void)pos

/* The nth argument's value. */
static Value arg(Ground *g, const Env *env, const Node *n, uint32_t i)
{
  return ground_eval(g, env, n->list.items[i]);
}

static Value eval_sum(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  Values flat = {0};
  Value r = VALUE_NONE;
  g->summing = n->list.len == 1 && n->list.items[0]->kind == NK_COMPREH;   /* sum([C : C in cost, go(C)]) */
  Value l = builtin_arg_list(g, env, n, "sum", &flat);
  g->summing = false;
  if (l.kind != V_NONE)
    r = builtin_sum(g, n->at, &flat, false);
  VEC_FREE(flat);
  return r;
}

static Value eval_count(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  Values flat = {0};
  Value r = VALUE_NONE;
  if (n->list.len == 2) {                        /* count(value, list) */
    Value want = arg(g, env, n, 0);
    Value l = value_expect_list(g, n->list.items[1]->at, arg(g, env, n, 1), "count");
    if (l.kind != V_NONE && want.kind != V_NONE) {
      value_flatten(l, &flat);
      for (size_t i = 0; i < flat.len; i++)
        flat.data[i] = term_equal(g, n->at, flat.data[i], want, true);
      r = builtin_sum(g, n->at, &flat, true);
    }
  } else {
    g->counting = n->list.items[0]->kind == NK_COMPREH;   /* count([P : P in person, car(P) = yes]) */
    Value l = builtin_arg_list(g, env, n, "count", &flat);
    g->counting = false;
    if (l.kind != V_NONE)
      r = builtin_sum(g, n->at, &flat, true);
  }
  VEC_FREE(flat);
  return r;
}

static Value eval_min_max(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  Values flat = {0};
  Value r = VALUE_NONE;
  if (builtin_arg_list(g, env, n, b->name, &flat).kind != V_NONE)
    r = builtin_min_max(g, n->at, &flat, b->id == BI_MIN);
  VEC_FREE(flat);
  return r;
}

static Value eval_abs(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  return builtin_abs(g, n->at, arg(g, env, n, 0));
}

/* first(house), last(house), middle(house) */
static Value eval_first_last(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  Value r = value_expect_list(g, n->at, arg(g, env, n, 0), b->name);
  if (r.kind != V_LIST)
    return r;
  if (r.n == 0)
    return ground_error(g, n->at, "'%s' of an empty list has no value", b->name);
  if (b->id == BI_MIDDLE && r.n % 2 == 0)
    return ground_error(g, n->at, "a list of %u items has no single middle item", r.n);
  return r.items[b->id == BI_FIRST ? 0 : b->id == BI_LAST ? r.n - 1 : r.n / 2];
}

/* The entity itself; show prints it in full. */
static Value eval_who(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  if (!g->entities_name)
    return ground_error(g, n->at, "'who' needs a logic grid: declare entities and attributes first");
  return arg(g, env, n, 0);
}

static Value eval_len(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  Value r = value_expect_list(g, n->at, arg(g, env, n, 0), "len");
  return r.kind == V_LIST ? value_int(r.n) : r;
}

/* rows, columns, lines, cells */
static Value eval_lines(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  BoardView bv;
  if (!board_view(g, n->at, arg(g, env, n, 0), b->name, &bv))
    return VALUE_NONE;
  return b->id == BI_ROWS ? board_rows(g, &bv) : b->id == BI_COLUMNS ? board_columns(g, &bv)
       : b->id == BI_LINES ? board_lines(g, &bv) : board_cells(g, &bv);
}

static Value eval_row_column(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  BoardView bv;
  uint32_t k;
  if (!board_view(g, n->at, arg(g, env, n, 0), b->name, &bv))
    return VALUE_NONE;
  bool row = b->id == BI_ROW;
  Value lines = row ? board_rows(g, &bv) : board_columns(g, &bv);
  if (!builtin_known_index(g, n->list.items[1]->at, arg(g, env, n, 1), lines.n, row ? "row" : "column", &k))
    return VALUE_NONE;
  return lines.items[k];
}

static Value eval_pairs(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  BoardView bv;
  if (!board_view(g, n->at, arg(g, env, n, 0), b->name, &bv))
    return VALUE_NONE;
  return board_pairs(g, n->at, &bv, arg(g, env, n, 1));
}

static Value eval_neighbours(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  BoardView bv;
  if (!board_view(g, n->at, arg(g, env, n, 0), b->name, &bv))
    return VALUE_NONE;
  Value row = arg(g, env, n, 1), col = arg(g, env, n, 2);
  return board_neighbours(g, n->at, &bv, row, col, arg(g, env, n, 3));
}

static Value eval_regions(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  BoardView bv;
  if (!board_view(g, n->at, arg(g, env, n, 0), b->name, &bv))
    return VALUE_NONE;
  return board_regions(g, n->at, &bv, arg(g, env, n, 1));
}

static Value eval_cell_of(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  BoardView bv;
  if (!board_view(g, n->at, arg(g, env, n, 0), b->name, &bv))
    return VALUE_NONE;
  return board_cell_of(g, n->at, &bv, arg(g, env, n, 1));
}

static Value eval_step(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  if (!post_mode || !pos)
    return ground_error(g, n->at, "'step' can only be a clue of its own (not under or, not, -> or count)");
  BoardView bv;
  if (board_view(g, n->at, arg(g, env, n, 0), b->name, &bv)) {
    Value kind = arg(g, env, n, 1), from = arg(g, env, n, 2);
    board_post_step(g, n->at, &bv, kind, from, arg(g, env, n, 3));
  }
  return value_bool(true);
}

/* runs(L) of a known line; runs(L) = C itself is posted by regular_post_runs */
static Value eval_runs(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  return regular_runs_value(g, n->at, arg(g, env, n, 0));
}

static Value eval_regular(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  if (!post_mode || !pos)
    return ground_error(g, n->at, "'regular' can only be a clue of its own (not under or, not, -> or count)");
  Value line = arg(g, env, n, 0), trans = arg(g, env, n, 1), start = arg(g, env, n, 2);
  regular_post(g, n, line, trans, start, arg(g, env, n, 3));
  return value_bool(true);
}

/* connected(B, V), connected(B, V, outside), areas(B, V, Clues) */
static Value eval_connected(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  if (!post_mode || !pos)
    return ground_error(g, n->at, "'%s' can only be a clue of its own (not under or, not, -> or "
                        "count)", b->name);
  BoardView bv;
  if (!board_view(g, n->at, arg(g, env, n, 0), b->name, &bv))
    return value_bool(true);
  Value value = arg(g, env, n, 1), third = VALUE_NONE;
  bool areas = b->id == BI_AREAS, outside = false;
  if (n->list.len == 3) {
    third = arg(g, env, n, 2);
    if (third.kind == V_NONE)
      return value_bool(true);
    if (!areas) {
      outside = third.kind == V_ATOM && !strcmp(ground_name(g, (Sym)third.i), "outside");
      if (!outside)
        return ground_error(g, n->list.items[2]->at, "the third argument of 'connected' can only "
                            "be the word outside, not %s", value_words(third));
    }
  }
  if (value.kind != V_NONE)
    board_post_area(g, n->at, &bv, value, n->list.items[1]->at, third,
                    n->list.len == 3 ? n->list.items[2]->at : n->at, areas, outside);
  return value_bool(true);
}

/* sizes(B): Fillomino's rule, every area of equal numbers as large as its number */
static Value eval_sizes(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  if (!post_mode || !pos)
    return ground_error(g, n->at, "'sizes' can only be a clue of its own (not under or, not, -> or "
                        "count)");
  BoardView bv;
  if (board_view(g, n->at, arg(g, env, n, 0), b->name, &bv))
    board_post_sizes(g, n->at, &bv);
  return value_bool(true);
}

/*
** circuit(L): item i of L is the position (from 1) of the item after it,
** and following them runs through every item in one cycle.
** circuit(B, Move): the same over the cells of a board, numbered row by
** row as cell_of does, each cell's next one a move of that kind away.
*/
static Value eval_circuit(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  if (!post_mode || !pos)
    return ground_error(g, n->at, "'circuit' can only be a clue of its own (not under or, not, -> or count)");
  if (n->list.len == 2) {
    BoardView bv;
    if (board_view(g, n->at, arg(g, env, n, 0), b->name, &bv)) {
      Value kind = arg(g, env, n, 1);
      if (kind.kind != V_NONE)
        board_post_circuit(g, n->at, &bv, kind);
    }
    return value_bool(true);
  }
  Values flat = {0};
  if (builtin_arg_list(g, env, n, "circuit", &flat).kind == V_NONE)
    goto done;
  VarId *xs = xmalloc((flat.len + 1) * sizeof *xs);
  bool ok = true;
  for (size_t i = 0; i < flat.len && ok; i++) {
    Value v = flat.data[i];
    if (v.kind == V_INT && (v.i < 1 || v.i > (int64_t)flat.len)) {
      ground_error(g, n->at, "item %zu of circuit says the next one is item %lld, but the list "
                   "has items 1 to %zu only", i + 1, (long long)v.i, flat.len);
      ok = false;
    } else if (v.kind != V_INT && v.kind != V_LIT && v.kind != V_LIN && v.kind != V_NONE) {
      ground_error(g, n->at, "circuit reads the positions of the next items, numbers, but item "
                   "%zu is %s", i + 1, value_words(v));
      ok = false;
    } else {
      ok = v.kind != V_NONE && term_var(g, n->at, v, &xs[i]);
    }
  }
  if (ok)
    build_circuit(g, flat.len, xs, 1);
  xfree(xs);
done:
  VEC_FREE(flat);
  return value_bool(true);
}

/* diagonal, antidiagonal, diagonals */
static Value eval_diagonal(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  uint32_t rows, cols;
  Value board = arg(g, env, n, 0);
  if (!board_shape(g, n->at, board, b->name, &rows, &cols))
    return VALUE_NONE;
  if (rows != cols)
    return ground_error(g, n->at, "'%s' needs a square board, but this one is %u by %u", b->name, rows, cols);
  Value d = value_list(g, rows), a = value_list(g, rows);
  for (uint32_t i = 0; i < rows; i++) {
    d.items[i] = board.items[i].items[i];
    a.items[i] = board.items[i].items[rows - 1 - i];
  }
  if (b->id != BI_DIAGONALS)
    return b->id == BI_DIAGONAL ? d : a;
  Value r = value_list(g, 2);
  r.items[0] = d;
  r.items[1] = a;
  return r;
}

static Value eval_distinct(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  Values flat = {0};
  Value r = VALUE_NONE;
  if (builtin_arg_list(g, env, n, "distinct", &flat).kind == V_NONE)
    goto done;
  if (post_mode && pos) {
    VarId *xs = xmalloc((flat.len + 1) * sizeof *xs);
    bool ok = true;
    for (size_t i = 0; i < flat.len && ok; i++)
      ok = term_var(g, n->at, flat.data[i], &xs[i]);
    if (ok)
      build_distinct(g, flat.len, xs);
    xfree(xs);
    r = value_bool(true);
    goto done;
  }
  /* As a condition: every pair differs, one reified != per pair.  The
     pairs grow as the square of the list, so they are charged to the
     grounding budget first, each as a propagator with its own unknown
     (REIFIED_COST units), which also watches the clock. */
  uint64_t pairs = (uint64_t)flat.len * (flat.len ? flat.len - 1 : 0) / 2;
  g->here = n->at;
  if (!ground_charge(g, pairs * REIFIED_COST))
    goto done;
  Values lits = {0};
  for (size_t i = 0; i < flat.len && !g->too_big; i++)     /* the time limit stops it too */
    for (size_t j = i + 1; j < flat.len; j++)
      VEC_PUSH(lits, term_compare(g, n->at, OP_NE, flat.data[i], flat.data[j], true));
  r = lit_and(g, lits.data, (uint32_t)lits.len);
  VEC_FREE(lits);
  if (post_mode) {
    lit_post(g, pos ? r : lit_not(r));
    r = value_bool(true);
  }
done:
  VEC_FREE(flat);
  return r;
}

/* defined with the arithmetic and the lists, below */
static Value eval_product(EVAL_ARGS);
static Value eval_reverse(EVAL_ARGS);

/* The evaluation of each built-in, by BuiltinId: the rows of front/builtins.def. */
typedef Value (*BuiltinFn)(EVAL_ARGS);
static const BuiltinFn builtin_eval[] = {
#define BUILTIN(id, name, lo, hi, what, check, eval) [BI_##id] = eval,
#define BUILTIN_ALIAS(id, name)
#include "front/builtins.def"
};

Value builtin_call(Ground *g, const Env *env, const Node *n, const Builtin *b, bool post_mode,
                          bool pos)
{
  return builtin_eval[b->id](g, env, n, b, post_mode, pos);
}

/* --- partial operations --- */

/*
** A variable equal to x where `defined` holds and to 1 elsewhere, so that
** the propagator behind a partial term (div, mod, element) always has a
** value to work with, and `defined` (recorded for the enclosing condition)
** decides whether the condition can hold.
*/
static NOINLINE bool term_var_or_one(Ground *g, Loc at, VarId x, Value defined, VarId *out)
{
  term_defined_when(g, defined);
  if (defined.kind == V_BOOL) {
    *out = defined.i ? x : build_const(g, 1);
    return true;
  }
  VarId arr[2] = {build_const(g, 1), x}, d;
  if (!term_var(g, at, defined, &d))
    return false;
  *out = term_new_var_for(g, arr, 2, false);
  build_element(g, d, 0, 2, arr, *out);
  return true;
}

/* The divisor of x / y and x mod y: y, where it is not 0. */
static NOINLINE bool divisor_var(Ground *g, Loc at, VarId y, VarId *out)
{
  if (!ground_contains(g, y, 0)) {
    *out = y;
    return true;
  }
  Value nonzero = term_compare(g, at, OP_NE, value_var(g, y), value_int(0), true);
  if (!term_var_or_one(g, at, y, nonzero, out))
    return false;
  lin_relation(g, at, lin_of_var(g, *out), OP_NE, false);
  return true;
}

/*
** An unknown index into a dimension of n items: itself where it lies in
** 1..n, 1 elsewhere (where the indexing is undefined).  Each dimension is
** checked on its own, so b[1, 5] of a 3 x 3 board is never b[2, 2].
*/
static NOINLINE Value index_in_range(Ground *g, Loc at, Value idx, uint32_t n)
{
  if (idx.kind == V_INT) {
    if (idx.i >= 1 && idx.i <= n)
      return idx;
    if (!ground_narrowed(g))           /* as for a zero divisor (term_arith) */
      return ground_error(g, at, "index %lld is outside 1..%u", (long long)idx.i, n);
    term_defined_when(g, value_bool(false));
    return value_int(1);
  }
  Lin *l;
  if (!to_lin(g, at, idx, false, "an index", &l))
    return VALUE_NONE;
  Wide lo, hi;
  lin_range(g, l, &lo, &hi);
  if (lo >= 1 && hi <= n)
    return idx;
  VarId x, safe;
  if (!term_var(g, at, idx, &x))
    return VALUE_NONE;
  Value above = term_compare(g, at, OP_GE, idx, value_int(1), true);
  Value inside = lit_and2(g, above, term_compare(g, at, OP_LE, idx, value_int(n), true));
  if (inside.kind == V_NONE)
    return VALUE_NONE;
  if (inside.kind == V_BOOL)
    return term_var_or_one(g, at, x, inside, &safe) ? value_var(g, safe) : VALUE_NONE;
  /* term_var_or_one, but made in 1..n (x there, 1 elsewhere): the position
     the indices make then has the board's bounds, not those of a wide x
     (b[r, r] for r in -10^9..10^9 was "can grow too large") */
  VarId arr[2] = {build_const(g, 1), x}, d;
  term_defined_when(g, inside);
  if (!term_var(g, at, inside, &d))
    return VALUE_NONE;
  safe = term_new_var(g, 1, (int32_t)n, false);
  build_element(g, d, 0, 2, arr, safe);
  return value_var(g, safe);
}

/* --- indexing --- */

/* base[idx...]: known indices walk the list; unknown ones become element. */
Value builtin_index(Ground *g, const Env *env, const Node *n)
{
  Value base = ground_eval(g, env, n->a);
  if (base.kind == V_STRING)                /* "SEND"[1] is s */
    base = value_expect_list(g, n->a->at, base, "an index");
  if (base.kind == V_NONE)
    return VALUE_NONE;
  if (base.kind != V_LIST && base.kind != V_BOARD)   /* x[1] for a plain unknown x */
    return ground_error(g, n->a->at, "only a list or a board can be indexed, but this is %s",
                        value_words(base));
  uint32_t k = n->list.len;
  Value idx_room[4];                        /* q[R]: no allocation for a few indices */
  Value *idx = k <= 4 ? idx_room : xmalloc(k * sizeof *idx);
  bool all_known = true;
  for (uint32_t i = 0; i < k; i++) {
    idx[i] = ground_eval(g, env, n->list.items[i]);
    if (k == 1 && base.kind == V_LIST && idx[0].kind == V_INT && idx[0].i >= 1 && idx[0].i <= base.n)
      return base.items[idx[0].i - 1];      /* q[R], R known: the common case, at once */
    if (idx[i].kind == V_NONE) {
      if (idx != idx_room)
        xfree(idx);
      return VALUE_NONE;
    }
    all_known &= idx[i].kind == V_INT;
  }
  Value cur = base, r = VALUE_NONE;
  if (base.kind == V_BOARD) {                   /* a drawn board: b[row, column] */
    BoardView bv;
    board_view(g, n->at, base, "indexing", &bv);
    const Value *cell = NULL;
    if (k != 2 || !all_known)
      r = ground_error(g, n->at, "a drawn board takes two known indices: b[row, column]");
    else if (!(cell = board_cell(&bv, idx[0].i - 1, idx[1].i - 1)))
      r = ground_error(g, n->at, "there is no cell at row %lld, column %lld of this board",
                       (long long)idx[0].i, (long long)idx[1].i);
    else
      r = *cell;
    if (idx != idx_room)
      xfree(idx);
    return r;
  }
  if (all_known) {
    r = cur;
    for (uint32_t i = 0; i < k; i++) {
      if (r.kind != V_LIST) {
        r = ground_error(g, n->at, "too many indices: this has only %u dimension%s", i, i == 1 ? "" : "s");
        break;
      }
      if (idx[i].i < 1 || idx[i].i > r.n) {
        r = ground_error(g, n->list.items[i]->at, "index %lld is outside 1..%u", (long long)idx[i].i, r.n);
        break;
      }
      r = r.items[idx[i].i - 1];
    }
    if (idx != idx_room)
      xfree(idx);
    return r;
  }
  /* unknown indices: flatten the k leading dimensions, index linearly */
  uint32_t *dims = xmalloc(k * sizeof *dims);
  for (uint32_t i = 0; i < k; i++) {
    if (cur.kind != V_LIST || cur.n == 0) {
      xfree(dims);
      if (idx != idx_room)
        xfree(idx);
      return ground_error(g, n->at, "too many indices for this list");
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
    Value safe = index_in_range(g, n->list.items[i]->at, idx[i], dims[i]);
    if (safe.kind == V_NONE || !to_lin(g, n->list.items[i]->at, safe, false, "an index", &li)) {
      r = VALUE_NONE;
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
          r = ground_error(g, n->at, "an unknown index needs a rectangular board");
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
        r = ground_error(g, n->at, "an index known only after solving can only pick one item, "
                         "not a whole list: write all the indices, as in b[r, c]");
        ok = false;
        break;
      }
      if (k == 1 && leaves.data[j].kind == V_STRING) {   /* ["ab", "cd"][x] */
        const char *s = sym_name(g->syms, (Sym)leaves.data[j].i);
        bool name = s[0] >= 'a' && s[0] <= 'z' && strlen(s) <= 30;
        for (const char *c = s; *c && name; c++)
          name = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_';
        r = ground_error(g, n->at, "an index known only after solving cannot pick an item "
                         "of a list of strings: pz finds numbers and value names, not strings; "
                         "write the items as value names, without quotes (%s instead of \"%s\")",
                         name ? s : "red", name ? s : "red");
        ok = false;
        break;
      }
      if (leaves.data[j].kind == V_WILD || leaves.data[j].kind == V_STRING) {   /* a picture's */
        r = ground_error(g, n->at, "an index known only after solving cannot pick a picture's "
                         "blank or label (here %s); pick the cells with known rows and columns "
                         "instead: forall R in ..., C in ..., p[R, C] = \"T\": ...",
                         value_words(leaves.data[j]));
        ok = false;
        break;
      }
      atom |= value_is_name(leaves.data[j]);
      ok = term_var(g, n->at, leaves.data[j], &arr[j]);
      if (ok) {
        lo = ground_min(g, arr[j]) < lo ? ground_min(g, arr[j]) : lo;
        hi = ground_max(g, arr[j]) > hi ? ground_max(g, arr[j]) : hi;
      }
    }
    VarId ix;
    if (ok && term_var(g, n->at, lin_to_value(pos, false), &ix)) {
      VarId z = term_new_var_for(g, arr, leaves.len, atom);
      build_element(g, ix, 1, leaves.len, arr, z);
      r = value_var(g, z);
    }
    xfree(arr);
  }
done:
  VEC_FREE(leaves);
  xfree(dims);
  if (idx != idx_room)
    xfree(idx);
  return r;
}

/* --- arithmetic --- */

/* a * b: known factors scale a linear term; two unknowns need a helper. */
static NOINLINE Value times(Ground *g, Loc at, Loc at_a, Value a, Loc at_b, Value b)
{
  Lin *la, *lb;
  if (!to_lin(g, at_a, a, false, "'*'", &la) || !to_lin(g, at_b, b, false, "'*'", &lb))
    return VALUE_NONE;
  if (la->n == 0 || lb->n == 0) {
    Lin *l = la->n == 0 ? lb : la;
    int64_t c = la->n == 0 ? la->k : lb->k;
    if ((Wide)c * l->k > (Wide)1 << 40 || (Wide)c * l->k < -((Wide)1 << 40))
      return ground_error(g, at, "this product is too large");
    return lin_to_value(lin_combine(g, l, c, lin_alloc(g, 0), 0), false);
  }
  VarId x, y;
  if (!term_var(g, at_a, a, &x) || !term_var(g, at_b, b, &y))
    return VALUE_NONE;
  Wide xl = ground_min(g, x), xh = ground_max(g, x), yl = ground_min(g, y), yh = ground_max(g, y);
  Wide c[4] = {xl * yl, xl * yh, xh * yl, xh * yh};
  Wide lo = c[0], hi = c[0];
  for (int i = 1; i < 4; i++) {
    lo = c[i] < lo ? c[i] : lo;
    hi = c[i] > hi ? c[i] : hi;
  }
  if (!lin_fits(lo) || !lin_fits(hi))
    return ground_error(g, at, "the values of this expression can grow too large");
  VarId z = term_new_var(g, (int32_t)lo, (int32_t)hi, false);
  build_times(g, x, y, z);
  return value_var(g, z);
}

/* The product of the items: known ones first multiplied, then one helper per unknown. */
static NOINLINE Value builtin_product(Ground *g, Loc at, const Values *items)
{
  Value r = value_int(1);
  for (size_t i = 0; i < items->len && r.kind != V_NONE; i++) {
    Value v = items->data[i];
    if (v.kind == V_NONE)
      return VALUE_NONE;
    if (!value_is_number(v))
      return ground_error(g, at, "product needs numbers, but one of them is %s", value_words(v));
    r = times(g, at, at, r, at, v);
  }
  return r;
}

static Value eval_product(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  Values flat = {0};
  Value r = VALUE_NONE;
  if (builtin_arg_list(g, env, n, "product", &flat).kind != V_NONE)
    r = builtin_product(g, n->at, &flat);
  VEC_FREE(flat);
  return r;
}

/*
** B ^ E: E must be known, 0 or more; a known B gives a number, an unknown
** one the product of E copies of B.
*/
static NOINLINE Value power(Ground *g, const Node *n, Value a, Value b)
{
  if (b.kind != V_INT)
    return ground_error(g, n->b->at, "the exponent of '^' must be a number known before solving, "
                        "0 or more, but this is %s", value_words(b));
  if (b.i < 0)
    return ground_error(g, n->b->at, "the exponent of '^' must be 0 or more, not %lld (pz has no "
                        "fractions)", (long long)b.i);
  if (a.kind == V_INT) {
    if (b.i == 0 || a.i == 0 || a.i == 1)
      return value_int(b.i == 0 ? 1 : a.i);
    if (a.i == -1)
      return value_int(b.i % 2 ? -1 : 1);
    Wide r = 1;                           /* beyond 2^40 within 41 steps */
    for (int64_t k = 0; k < b.i; k++) {
      r *= a.i;
      if (r > (Wide)1 << 40 || r < -((Wide)1 << 40))
        return ground_error(g, n->at, "this power is too large");
    }
    return value_int((int64_t)r);
  }
  Value r = value_int(1);
  for (int64_t k = 0; k < b.i && r.kind != V_NONE; k++)
    r = times(g, n->at, n->at, r, n->a->at, a);
  return r;
}

Value builtin_arith(Ground *g, const Env *env, const Node *n)
{
  Value a = ground_eval(g, env, n->a), b = ground_eval(g, env, n->b);
  if (a.kind == V_NONE || b.kind == V_NONE)
    return VALUE_NONE;
  if (a.kind == V_INT && b.kind == V_INT && (n->op == OP_ADD || n->op == OP_SUB))
    return value_int(n->op == OP_ADD ? a.i + b.i : a.i - b.i);   /* R2 - R1: no Lin made */
  if (n->op == OP_MUL)
    return times(g, n->at, n->a->at, a, n->b->at, b);
  const char *what = n->op == OP_ADD ? "'+'" : n->op == OP_SUB ? "'-'" : n->op == OP_POW ? "'^'"
                   : n->op == OP_DIV ? "'/'" : "'mod'";
  Lin *la, *lb;
  if (!to_lin(g, n->a->at, a, false, what, &la) || !to_lin(g, n->b->at, b, false, what, &lb))
    return VALUE_NONE;
  switch (n->op) {
  case OP_ADD:
    return lin_to_value(lin_combine(g, la, 1, lb, 1), false);
  case OP_SUB:
    return lin_to_value(lin_combine(g, la, 1, lb, -1), false);
  case OP_POW:
    return power(g, n, a, b);
  case OP_DIV:
  case OP_MOD:
    if (lb->n == 0 && lb->k == 0) {
      /* Zero as written is the checker's error; zero because the clues
         before fixed its unknowns is an undefined term (language.md 6) */
      if (!ground_narrowed(g))
        return ground_error(g, n->b->at, "division by zero");
      term_defined_when(g, value_bool(false));
      return value_int(0);
    }
    if (la->n == 0 && lb->n == 0)
      return value_int(n->op == OP_DIV ? la->k / lb->k : la->k % lb->k);
    break;
  default:
    break;
  }
  VarId x, y;
  if (!term_var(g, n->a->at, a, &x) || !term_var(g, n->b->at, b, &y))
    return VALUE_NONE;
  if (!divisor_var(g, n->b->at, y, &y))
    return VALUE_NONE;
  Wide xl = ground_min(g, x), xh = ground_max(g, x), yl = ground_min(g, y), yh = ground_max(g, y);
  Wide lo, hi;
  if (n->op == OP_DIV) {
    Wide m = xl < 0 ? -xl : xl;
    m = xh > m ? xh : (-xh > m ? -xh : m);
    lo = -m;
    hi = m;
  } else {
    Wide m = (yl < 0 ? -yl : yl) > (yh < 0 ? -yh : yh) ? (yl < 0 ? -yl : yl) : (yh < 0 ? -yh : yh);
    lo = xl < 0 ? -(m - 1) : 0;
    hi = xh > 0 ? m - 1 : 0;
  }
  if (!lin_fits(lo) || !lin_fits(hi))
    return ground_error(g, n->at, "the values of this expression can grow too large");
  VarId z = term_new_var(g, (int32_t)lo, (int32_t)hi, false);
  if (n->op == OP_DIV)
    build_div(g, x, y, z);
  else
    build_mod(g, x, y, z);
  return value_var(g, z);
}

/* --- lists --- */

/* A ++ B: the items of A, then those of B (a drawn board counts as its cells). */
Value builtin_concat(Ground *g, const Env *env, const Node *n)
{
  Value a = value_expect_list(g, n->a->at, ground_eval(g, env, n->a), "'++'");
  if (a.kind != V_LIST)
    return VALUE_NONE;
  Value b = value_expect_list(g, n->b->at, ground_eval(g, env, n->b), "'++'");
  if (b.kind != V_LIST)
    return VALUE_NONE;
  if ((uint64_t)a.n + b.n > MAX_LIST)
    return ground_error(g, n->at, "this list is too long (more than %d items)", MAX_LIST);
  Value v = value_list(g, a.n + b.n);
  if (a.n)
    memcpy(v.items, a.items, a.n * sizeof *v.items);
  if (b.n)
    memcpy(v.items + a.n, b.items, b.n * sizeof *v.items);
  return v;
}

/* reverse(L): the items of L, last first. */
static Value eval_reverse(EVAL_ARGS)
{
  UNUSED_EVAL_ARGS;
  Value l = value_expect_list(g, n->list.items[0]->at, arg(g, env, n, 0), "reverse");
  if (l.kind != V_LIST)
    return VALUE_NONE;
  Value v = value_list(g, l.n);
  for (uint32_t i = 0; i < l.n; i++)
    v.items[i] = l.items[l.n - 1 - i];
  return v;
}

/* if C then A else B, with C unknown: an element over [B, A] indexed by C. */
Value builtin_if(Ground *g, const Env *env, const Node *n)
{
  Value c = lit_check(g, n->a->at, ground_reify(g, env, n->a));
  if (c.kind == V_NONE)
    return VALUE_NONE;
  if (c.kind == V_BOOL)
    return ground_eval(g, env, c.i ? n->b : n->c);
  /* defined where the branch taken is defined */
  size_t mark = term_context_open(g);
  Value a = ground_eval(g, env, n->b);
  Value defined_a = term_context_take(g, mark);
  Value b = ground_eval(g, env, n->c);
  Value defined_b = term_context_take(g, mark);
  return term_if_else(g, n->b->at, n->c->at, c, a, defined_a, b, defined_b);
}

Value term_if_else(Ground *g, Loc at_a, Loc at_b, Value c, Value a, Value defined_a, Value b, Value defined_b)
{
  if (c.kind == V_NONE || a.kind == V_NONE || b.kind == V_NONE || defined_a.kind == V_NONE ||
      defined_b.kind == V_NONE)
    return VALUE_NONE;
  if (c.kind == V_BOOL) {
    term_defined_when(g, c.i ? defined_a : defined_b);
    return c.i ? a : b;
  }
  Value taken_a = lit_and2(g, c, defined_a);
  term_defined_when(g, lit_or2(g, taken_a, lit_and2(g, lit_not(c), defined_b)));
  if ((a.kind == V_BOOL || a.kind == V_LIT) && (b.kind == V_BOOL || b.kind == V_LIT)) {
    Value then_a = lit_and2(g, c, a);         /* first: one order of variables for every compiler */
    return lit_or2(g, then_a, lit_and2(g, lit_not(c), b));
  }
  VarId arr[2], ix;
  if (!term_var(g, c.neg ? at_a : at_b, c.neg ? a : b, &arr[0]) ||
      !term_var(g, c.neg ? at_b : at_a, c.neg ? b : a, &arr[1]))
    return VALUE_NONE;
  ix = (VarId)c.i;
  VarId z = term_new_var_for(g, arr, 2, value_is_name(a));
  build_element(g, ix, 0, 2, arr, z);
  return value_var(g, z);
}
