/*
** check_builtin.c -- each built-in's static rule: the `check` column of
** builtins.def.
**
** A rule computes the kinds of the arguments, reports what is wrong with
** them as the grounder would (the same words, at the same place), and
** returns the kind of the result, with its value or length when those
** are known before solving.
*/
#include "front/check_eval.h"
#include "front/picture.h"

#include <stdio.h>
#include <string.h>

#define CHECK_ARGS Ev *ev, const EvEnv *env, const Node *n, const Builtin *b, bool post, bool pos
#define UNUSED_CHECK_ARGS (void)env, (void)b, (void)post, (void)pos
#define MAX_OFFSETS 64

static SVal arg(Ev *ev, const EvEnv *env, const Node *n, uint32_t i)
{
  return ev_expr(ev, env, n->list.items[i]);
}

/* The items of f(list) or f(a, b, c), flattened; false when not known here. */
static bool arg_items(Ev *ev, const EvEnv *env, const Node *n, const char *what, SVals *flat)
{
  SVal v;
  if (n->list.len == 1) {
    v = ev_expect_list(ev, n->list.items[0]->at, arg(ev, env, n, 0), what);
  } else {
    SVals items = {0};
    for (uint32_t i = 0; i < n->list.len; i++)
      VEC_PUSH(items, arg(ev, env, n, i));
    v = sv_list(ev, items.data, (uint32_t)items.len);
    VEC_FREE(items);
  }
  return v.kind == SV_LIST && sv_flatten(v, flat);
}

/* --- boards --- */

typedef struct BoardShape {
  uint32_t rows, cols;
  bool drawn, hex;
  SVal board;
} BoardShape;

/* A board: drawn, or a rectangular list of rows; else an error naming what. */
static bool board_shape_of(Ev *ev, Loc at, SVal v, const char *what, bool drawn_ok, BoardShape *bs)
{
  memset(bs, 0, sizeof *bs);
  bs->board = v;
  if (v.kind == SV_NONE)
    return false;
  if (v.kind == SV_BOARD) {
    if (!drawn_ok) {
      ev_error(ev, at, "%s needs a square board of rows and columns, not a drawn shape", what);
      return false;
    }
    bs->rows = v.n;
    bs->cols = v.cols;
    bs->drawn = true;
    bs->hex = v.hex;
    return true;
  }
  if (v.kind == SV_LIST && !v.n_known)
    return false;
  SVal first = v.kind == SV_LIST && v.n ? sv_item(v, 0) : SV_UNKNOWN;
  if (first.kind == SV_NONE && v.kind == SV_LIST && v.n)
    return false;
  if (v.kind != SV_LIST || v.n == 0 || first.kind != SV_LIST) {
    ev_error(ev, at, "%s needs a board (a list of rows), but this is %s", what, sv_words(v));
    return false;
  }
  bs->rows = v.n;
  bs->cols = first.n;
  for (uint32_t r = 0; r < v.n; r++) {
    SVal row = sv_item(v, r);
    if (row.kind == SV_NONE || !row.n_known)
      return false;
    if (row.kind != SV_LIST || row.n != bs->cols) {
      ev_error(ev, at, "%s needs a board whose rows all have the same length", what);
      return false;
    }
    if (v.uniform)
      break;
  }
  return true;
}

/* The cell at row r, column c (0-based) of a rectangular board. */
static SVal cell(const BoardShape *bs, uint32_t r, uint32_t c)
{
  return sv_item(sv_item(bs->board, r), c);
}

/* Any cell: the kind of every cell when the board is alike throughout. */
static SVal some_cell(const BoardShape *bs)
{
  if (bs->drawn)
    return bs->board.items ? bs->board.items[0] : SV_UNKNOWN;
  SVal row = sv_item(bs->board, 0);
  SVal c = sv_item(row, 0);
  return bs->board.uniform && row.uniform ? c : (SVal){.kind = c.kind == SV_NUM || c.kind == SV_NAME ? c.kind : SV_NONE};
}

/* A list of lines of unknown number and length: a drawn board's, or lines(). */
static SVal some_lines(Ev *ev, const BoardShape *bs)
{
  return sv_list_of(ev, sv_list_of(ev, some_cell(bs), 0, false), 0, false);
}

static SVal column_of(Ev *ev, const BoardShape *bs, uint32_t c)
{
  if (bs->board.uniform)
    return sv_list_of(ev, cell(bs, 0, c), bs->rows, true);
  SVals items = {0};
  for (uint32_t r = 0; r < bs->rows; r++)
    VEC_PUSH(items, cell(bs, r, c));
  SVal v = sv_list(ev, items.data, (uint32_t)items.len);
  VEC_FREE(items);
  return v;
}

/* A move: orthogonal, diagonal, king, knight, adjacent or [[dr, dc], ...]. */
static bool check_move(Ev *ev, Loc at, const BoardShape *bs, SVal kind)
{
  if (kind.kind == SV_NAME && kind.known) {
    const char *k = ev_name(ev, (Sym)kind.i);
    bool ortho = !strcmp(k, "orthogonal") || !strcmp(k, "adjacent");
    bool other = !strcmp(k, "diagonal") || !strcmp(k, "king") || !strcmp(k, "knight");
    if (bs->hex && other) {
      ev_error(ev, at, "'%s' moves are not defined on a hex board; use orthogonal", k);
      return false;
    }
    if (ortho || other)
      return true;
  } else if (kind.kind == SV_LIST) {
    if (!kind.n_known)
      return true;
    for (uint32_t i = 0; i < kind.n; i++) {
      SVal p = sv_item(kind, i);
      if (p.kind == SV_NONE)
        return false;
      if (p.kind != SV_LIST || !p.n_known || p.n != 2 || i == MAX_OFFSETS ||
          sv_item(p, 0).kind != SV_NUM || !sv_item(p, 0).known ||
          sv_item(p, 1).kind != SV_NUM || !sv_item(p, 1).known) {
        ev_error(ev, at, "a neighbourhood is a list of [row step, column step] pairs of numbers, "
                         "at most %d of them", MAX_OFFSETS);
        return false;
      }
    }
    return true;
  }
  if (kind.kind != SV_NONE)
    ev_error(ev, at, "a move is orthogonal, diagonal, king, knight or a list of [row, column] "
                     "steps, not %s", sv_words(kind));
  return false;
}

/* --- the rules --- */

static SVal check_sum(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVals flat = {0};
  SVal r = SV_UNKNOWN;
  ev->summing = n->list.len == 1 && n->list.items[0]->kind == NK_COMPREH;   /* sum([C : C in cost, go(C)]) */
  bool ok = arg_items(ev, env, n, "sum", &flat);
  ev->summing = false;
  if (ok) {
    r = sv_num(0);
    for (size_t i = 0; i < flat.len && r.kind == SV_NUM; i++) {
      if (!ev_expect_number(ev, n->at, flat.data[i], false, "sum"))
        r = SV_UNKNOWN;
      else if (!flat.data[i].known)
        r.known = false;
      else if (r.known)
        r.i += flat.data[i].i;
    }
  }
  VEC_FREE(flat);
  return r.kind == SV_NUM && !r.known ? sv_num_unknown() : r;
}

static SVal check_product(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVals flat = {0};
  SVal r = SV_UNKNOWN;
  int64_t lim = (int64_t)1 << 40;
  if (arg_items(ev, env, n, "product", &flat)) {
    r = sv_num(1);
    for (size_t i = 0; i < flat.len && r.kind == SV_NUM; i++) {
      if (!ev_expect_number(ev, n->at, flat.data[i], false, "product"))
        r = SV_UNKNOWN;
      else if (!flat.data[i].known)
        r.known = false;
      else if (r.known && (r.i > lim || r.i < -lim || flat.data[i].i > lim || flat.data[i].i < -lim))
        r.known = false;                /* the grounder reports a product too large */
      else if (r.known)
        r.i *= flat.data[i].i;
    }
  }
  VEC_FREE(flat);
  return r.kind == SV_NUM && !r.known ? sv_num_unknown() : r;
}

static SVal check_count(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVals flat = {0};
  bool ok;
  SVal want = SV_UNKNOWN;
  if (n->list.len == 2) {
    want = arg(ev, env, n, 0);
    SVal l = ev_expect_list(ev, n->list.items[1]->at, arg(ev, env, n, 1), "count");
    ok = l.kind == SV_LIST && want.kind != SV_NONE && sv_flatten(l, &flat);
  } else {
    ev->counting = n->list.items[0]->kind == NK_COMPREH;   /* count([P : P in person, car(P) = yes]) */
    ok = arg_items(ev, env, n, "count", &flat);
    ev->counting = false;
  }
  for (size_t i = 0; ok && i < flat.len; i++) {
    SVal c = n->list.len == 2 ? ev_compare(ev, n->at, OP_EQ, flat.data[i], want)
                              : ev_cond_check(ev, n->at, flat.data[i]);
    ok = c.kind == SV_COND;
  }
  VEC_FREE(flat);
  return ok ? sv_num_unknown() : SV_UNKNOWN;
}

static SVal check_min_max(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVals flat = {0};
  SVal r = SV_UNKNOWN;
  if (arg_items(ev, env, n, b->name, &flat)) {
    if (flat.len == 0)
      r = ev_error(ev, n->at, "%s of an empty list has no value", b->name);
    else
      r = sv_num(0);
    for (size_t i = 0; i < flat.len && r.kind == SV_NUM; i++) {
      SVal v = flat.data[i];
      if (v.kind == SV_NONE)
        r = SV_UNKNOWN;
      else if (v.kind != SV_NUM)
        r = ev_error(ev, n->at, "%s needs numbers, but one of them is %s", b->name, sv_words(v));
      else if (!v.known)
        r.known = false;
      else if (r.known && (i == 0 || (b->id == BI_MIN ? v.i < r.i : v.i > r.i)))
        r.i = v.i;
    }
  }
  VEC_FREE(flat);
  return r.kind == SV_NUM && !r.known ? sv_num_unknown() : r;
}

static SVal check_abs(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVal v = arg(ev, env, n, 0);
  if (v.kind == SV_NUM && v.known)
    return sv_num(v.i < 0 ? -v.i : v.i);
  return ev_expect_number(ev, n->at, v, false, "abs") ? sv_num_unknown() : SV_UNKNOWN;
}

static SVal check_len(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVal l = ev_expect_list(ev, n->at, arg(ev, env, n, 0), "len");
  if (l.kind != SV_LIST)
    return SV_UNKNOWN;
  return l.n_known ? sv_num(l.n) : sv_num_unknown();
}

/* rows, columns, lines, cells */
static SVal check_lines(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    return SV_UNKNOWN;
  if (bs.drawn || b->id == BI_LINES)
    return b->id == BI_CELLS ? sv_list_of(ev, some_cell(&bs), 0, false) : some_lines(ev, &bs);
  if (b->id == BI_ROWS)
    return bs.board;
  if (b->id == BI_COLUMNS) {
    if (bs.board.uniform)
      return sv_list_of(ev, column_of(ev, &bs, 0), bs.cols, true);
    SVals cols = {0};
    for (uint32_t c = 0; c < bs.cols; c++)
      VEC_PUSH(cols, column_of(ev, &bs, c));
    SVal v = sv_list(ev, cols.data, (uint32_t)cols.len);
    VEC_FREE(cols);
    return v;
  }
  SVals cells = {0};
  SVal v = sv_flatten(bs.board, &cells) ? sv_list(ev, cells.data, (uint32_t)cells.len) : SV_UNKNOWN;
  VEC_FREE(cells);
  return v;
}

static SVal check_row_column(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    return SV_UNKNOWN;
  bool row = b->id == BI_ROW;
  const char *what = row ? "row" : "column";
  SVal k = arg(ev, env, n, 1);
  Loc at = n->list.items[1]->at;
  if (k.kind == SV_NONE)
    return SV_UNKNOWN;
  if (k.kind != SV_NUM || !k.known)
    return ev_error(ev, at, "the %s number must be known before solving, but this is %s", what, sv_words(k));
  if (bs.drawn)
    return sv_list_of(ev, some_cell(&bs), 0, false);
  uint32_t lines = row ? bs.rows : bs.cols;
  if (k.i < 1 || k.i > lines)
    return ev_error(ev, at, "%s %lld does not exist: the board has %s 1 to %u", what, (long long)k.i,
                    row ? "rows" : "columns", lines);
  return row ? sv_item(bs.board, (uint32_t)k.i - 1) : column_of(ev, &bs, (uint32_t)k.i - 1);
}

/* diagonal, antidiagonal, diagonals */
static SVal check_diagonal(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, false, &bs))
    return SV_UNKNOWN;
  if (bs.rows != bs.cols)
    return ev_error(ev, n->at, "'%s' needs a square board, but this one is %u by %u", b->name, bs.rows, bs.cols);
  SVals d = {0}, a = {0};
  for (uint32_t i = 0; i < bs.rows; i++) {
    VEC_PUSH(d, cell(&bs, i, i));
    VEC_PUSH(a, cell(&bs, i, bs.rows - 1 - i));
  }
  SVal two[2] = {sv_list(ev, d.data, (uint32_t)d.len), sv_list(ev, a.data, (uint32_t)a.len)};
  VEC_FREE(d);
  VEC_FREE(a);
  if (b->id != BI_DIAGONALS)
    return two[b->id == BI_DIAGONAL ? 0 : 1];
  return sv_list(ev, two, 2);
}

static SVal check_distinct(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVals flat = {0};
  bool ok = arg_items(ev, env, n, "distinct", &flat);
  VEC_FREE(flat);
  return ok ? sv_cond_unknown() : SV_UNKNOWN;
}

/* first, last, middle */
static SVal check_first_last(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVal l = ev_expect_list(ev, n->at, arg(ev, env, n, 0), b->name);
  if (l.kind != SV_LIST)
    return SV_UNKNOWN;
  if (!l.n_known)
    return l.items ? l.items[0] : SV_UNKNOWN;
  if (l.n == 0)
    return ev_error(ev, n->at, "'%s' of an empty list has no value", b->name);
  if (b->id == BI_MIDDLE && l.n % 2 == 0)
    return ev_error(ev, n->at, "a list of %u items has no single middle item", l.n);
  return sv_item(l, b->id == BI_FIRST ? 0 : b->id == BI_LAST ? l.n - 1 : l.n / 2);
}

static SVal check_reverse(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVal l = ev_expect_list(ev, n->at, arg(ev, env, n, 0), "reverse");
  if (l.kind != SV_LIST || l.uniform || !l.n_known)
    return l;                             /* every item alike: the same list */
  if (l.n > 100000)                       /* longer: the grounder judges */
    return sv_list_of(ev, l.items ? SV_UNKNOWN : sv_num_unknown(), l.n, true);
  SVal *items = arena_array(&ev->arena, SVal, l.n + 1);
  for (uint32_t i = 0; i < l.n; i++)
    items[i] = sv_item(l, l.n - 1 - i);
  return (SVal){.kind = SV_LIST, .n = l.n, .n_known = true, .items = items};
}

static SVal check_who(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  if (!ev->has_entities)
    return ev_error(ev, n->at, "'who' needs a logic grid: declare entities and attributes first");
  return arg(ev, env, n, 0);
}

static SVal check_pairs(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    return SV_UNKNOWN;
  if (!check_move(ev, n->at, &bs, arg(ev, env, n, 1)))
    return SV_UNKNOWN;
  SVal c = some_cell(&bs);
  SVal pair[2] = {c, c};
  return sv_list_of(ev, sv_list(ev, pair, 2), 0, false);
}

static SVal check_neighbours(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    return SV_UNKNOWN;
  SVal r = arg(ev, env, n, 1), c = arg(ev, env, n, 2);
  if (r.kind == SV_NONE || c.kind == SV_NONE)
    return SV_UNKNOWN;
  if (r.kind != SV_NUM || !r.known || c.kind != SV_NUM || !c.known)
    return ev_error(ev, n->at, "the row and column of 'neighbours' must be numbers known before solving");
  if (!check_move(ev, n->at, &bs, arg(ev, env, n, 3)))
    return SV_UNKNOWN;
  if (!bs.drawn && (r.i < 1 || r.i > bs.rows || c.i < 1 || c.i > bs.cols))
    return ev_error(ev, n->at, "there is no cell at row %lld, column %lld", (long long)r.i, (long long)c.i);
  return sv_list_of(ev, some_cell(&bs), 0, false);
}

static SVal check_regions(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    return SV_UNKNOWN;
  SVal map = arg(ev, env, n, 1);
  if (map.kind == SV_NONE || (map.kind == SV_LIST && !map.n_known))
    return SV_UNKNOWN;
  if (bs.rows == 1 && map.kind == SV_STRING && map.i) {  /* one string, "abbb": the map of one row */
    const char *s = sym_name(ev->syms, (Sym)map.i);
    uint32_t marks = 0;
    for (size_t at = 0, start, len; picture_next_token(s, strlen(s), &at, &start, &len);)
      marks++;
    if (marks != bs.cols)
      return ev_error(ev, n->at, "row 1 of the region map has %u marks, but the board has %u columns", marks,
                      bs.cols);
    return some_lines(ev, &bs);
  }
  if (map.kind != SV_LIST || map.n != bs.rows)
    return ev_error(ev, n->at, "the region map must be a picture with one row per board row (%u rows)", bs.rows);
  for (uint32_t r = 0; r < bs.rows; r++) {
    SVal row = sv_item(map, r);
    if (row.kind == SV_NONE || (row.kind == SV_LIST && !row.n_known))
      return SV_UNKNOWN;
    if (row.kind != SV_LIST || row.n != bs.cols)
      return ev_error(ev, n->at, "row %u of the region map has %u marks, but the board has %u columns", r + 1,
                      row.kind == SV_LIST ? row.n : 0, bs.cols);
  }
  return some_lines(ev, &bs);
}

static SVal check_cell_of(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    return SV_UNKNOWN;
  arg(ev, env, n, 1);
  return sv_num_unknown();
}

static SVal check_step(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  if (!post || !pos)
    return ev_error(ev, n->at, "'step' can only be a clue of its own (not under or, not, -> or count)");
  BoardShape bs;
  if (board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    for (uint32_t i = 1; i < 4; i++)
      arg(ev, env, n, i);
  return sv_cond(true);
}

/*
** The cells of a line that runs reads, as the grounder judges them: 0,
** 1 or unknown.  The first cell that is something else is reported;
** with unknowns_wrong, so is the first unknown cell (runs(L) as a value).
** False after an error, or when the line is not known here.
*/
static bool runs_cells(Ev *ev, Loc at, SVal line, bool unknowns_wrong, bool *known)
{
  SVals flat = {0};
  *known = true;
  if (line.kind != SV_LIST || !sv_flatten(line, &flat)) {
    VEC_FREE(flat);
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < flat.len && ok; i++) {
    SVal v = flat.data[i];
    bool unknown = (v.kind == SV_NUM || v.kind == SV_COND) && !v.known;
    if (v.kind == SV_NONE) {
      ok = false;
    } else if (v.kind == SV_NUM && v.known && v.i != 0 && v.i != 1) {
      ev_error(ev, at, "runs reads a line of 0s (blank) and 1s (filled), but one of its "
               "cells is %lld", (long long)v.i);
      ok = false;
    } else if (v.kind != SV_NUM && !unknown) {
      ev_error(ev, at, "runs reads a line of 0s (blank) and 1s (filled), but one of its "
               "cells is %s", sv_words(v));
      ok = false;
    } else if (unknown && unknowns_wrong) {
      ev_error(ev, at, "the runs of a line with unknowns are only known once it is solved: "
               "write them as a clue of its own, as in 'runs(L) = [3, 1]'");
      ok = false;
    }
    *known &= !unknown;
  }
  VEC_FREE(flat);
  return ok;
}

/* runs(L) as a value: a list of lengths, when every cell of L is known */
static SVal check_runs(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  SVal l = ev_expect_list(ev, n->at, arg(ev, env, n, 0), "runs");
  bool known;
  if (l.kind != SV_LIST || !runs_cells(ev, n->at, l, true, &known))
    return SV_UNKNOWN;
  return sv_list_of(ev, sv_num_unknown(), 0, false);
}

static bool is_runs_call(Ev *ev, const Node *n)
{
  const Builtin *b = n->kind == NK_CALL ? ev_builtin(ev, n->sym) : NULL;
  return b && b->id == BI_RUNS && n->list.len == 1;
}

SVal check_runs_clue(Ev *ev, const EvEnv *env, const Node *n)
{
  bool left = is_runs_call(ev, n->a);
  const Node *call = left ? n->a : n->b, *other = left ? n->b : n->a;
  SVal line = ev_expect_list(ev, call->at, arg(ev, env, call, 0), "runs");
  SVal clue = ev_expr(ev, env, other);
  bool known;
  if (line.kind != SV_LIST || clue.kind == SV_NONE || !runs_cells(ev, call->at, line, false, &known))
    return sv_cond_unknown();
  if (known)
    return ev_compare(ev, n->at, OP_EQ, sv_list_of(ev, sv_num_unknown(), 0, false), clue);
  if (clue.kind != SV_LIST)
    return ev_error(ev, other->at, "runs are compared with a list of lengths, such as [3, 1], "
                    "but this is %s", sv_words(clue));
  if (!clue.n_known)
    return sv_cond_unknown();
  for (uint32_t j = 0; j < clue.n; j++) {
    SVal c = sv_item(clue, j);
    if (c.kind == SV_NUM && c.known && c.i < 1)
      return ev_error(ev, other->at, "a run is at least 1 cell long, but the clue says %lld "
                      "(a line with no filled cell has the runs [])", (long long)c.i);
    if (c.kind == SV_NUM && !c.known)
      return ev_error(ev, other->at, "the lengths of the runs must be known before solving");
    if (c.kind != SV_NUM && c.kind != SV_NONE)
      return ev_error(ev, other->at, "the lengths of the runs must be numbers, but one is %s",
                      sv_words(c));
  }
  return sv_cond_unknown();
}

bool check_is_runs_clue(Ev *ev, const Node *n)
{
  return n->kind == NK_BINARY && n->op == OP_EQ && (is_runs_call(ev, n->a) || is_runs_call(ev, n->b));
}

/* A state or value of an automaton (regular.c's known_item, in the same words). */
static bool check_automaton_item(Ev *ev, Loc at, SVal v, const char *what)
{
  if ((v.kind == SV_NUM || v.kind == SV_NAME) && v.known)
    return true;
  if (v.kind == SV_NUM || v.kind == SV_NAME)
    ev_error(ev, at, "the automaton of regular must be known before solving, but %s is not", what);
  else if (v.kind != SV_NONE)
    ev_error(ev, at, "the states and values of regular are numbers or value names, but %s "
             "is %s", what, sv_words(v));
  return false;
}

static SVal check_regular(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  if (!post || !pos)
    return ev_error(ev, n->at, "'regular' can only be a clue of its own (not under or, not, -> or count)");
  Loc at_trans = n->list.items[1]->at, at_acc = n->list.items[3]->at;
  SVal line = arg(ev, env, n, 0), trans = arg(ev, env, n, 1), start = arg(ev, env, n, 2);
  SVal acc = arg(ev, env, n, 3);
  line = ev_expect_list(ev, n->list.items[0]->at, line, "regular");
  trans = ev_expect_list(ev, at_trans, trans, "regular");
  acc = ev_expect_list(ev, at_acc, acc, "regular");
  if (line.kind != SV_LIST || trans.kind != SV_LIST || acc.kind != SV_LIST || start.kind == SV_NONE)
    return sv_cond(true);
  if (!check_automaton_item(ev, n->list.items[2]->at, start, "the start"))
    return sv_cond(true);
  SVals items = {0};
  bool names = false, numbers = false, line_known = sv_flatten(line, &items);
  for (size_t i = 0; line_known && i < items.len; i++) {
    SVal v = items.data[i];
    if (v.kind == SV_NONE) {
      line_known = false;
    } else if (v.kind != SV_NUM && v.kind != SV_NAME) {
      ev_error(ev, n->list.items[0]->at, "regular reads a line of numbers or value names, "
               "but one of its items is %s", sv_words(v));
      VEC_FREE(items);
      return sv_cond(true);
    }
    names |= v.kind == SV_NAME;
    numbers |= v.kind == SV_NUM;
  }
  VEC_FREE(items);
  if (!line_known || !trans.n_known)
    return sv_cond(true);
  char what[64];
  for (uint32_t j = 0; j < trans.n; j++) {
    SVal t = sv_item(trans, j);
    if (t.kind == SV_NONE || (t.kind == SV_LIST && !t.n_known))
      return sv_cond(true);
    if (t.kind != SV_LIST || t.n != 3)
      return ev_error(ev, at_trans, "each transition of regular is a list [from, value, to], "
                      "but transition %u is not", j + 1);
    snprintf(what, sizeof what, "transition %u", j + 1);
    for (uint32_t k = 0; k < 3; k++)
      if (!check_automaton_item(ev, at_trans, sv_item(t, k), what))
        return sv_cond(true);
    SVal v = sv_item(t, 1);
    if ((v.kind == SV_NAME && numbers) || (v.kind == SV_NUM && names))
      return ev_error(ev, at_trans, "transition %u reads %s, but the line holds %s", j + 1,
                      v.kind == SV_NAME ? "a value name" : "a number",
                      v.kind == SV_NAME ? "numbers" : "value names");
    if (v.kind == SV_NUM && (v.i > 1000000000 || v.i < -1000000000))   /* the grounder's MAX_ABS_VALUE */
      return ev_error(ev, at_trans, "the number %lld is too large", (long long)v.i);
  }
  SVals accept = {0};
  if (sv_flatten(acc, &accept))
    for (size_t i = 0; i < accept.len; i++)
      if (!check_automaton_item(ev, at_acc, accept.data[i], "an accepting state"))
        break;
  VEC_FREE(accept);
  return sv_cond(true);
}

/* The clues of areas: a picture of the board's shape, of sizes, labels and blanks. */
static void check_area_clues(Ev *ev, Loc at, const BoardShape *bs, SVal map)
{
  if (map.kind == SV_NONE || (map.kind == SV_LIST && !map.n_known))
    return;
  if (map.kind != SV_LIST) {
    ev_error(ev, at, "areas needs a board (a list of rows), but this is %s", sv_words(map));
    return;
  }
  uint32_t cols = 0;
  for (uint32_t r = 0; r < map.n; r++) {
    SVal row = sv_item(map, r);
    if (row.kind == SV_NONE || (row.kind == SV_LIST && !row.n_known))
      return;
    if (row.kind != SV_LIST || (r > 0 && row.n != cols)) {
      ev_error(ev, at, "areas needs a board whose rows all have the same length");
      return;
    }
    cols = row.n;
  }
  if (map.n != bs->rows || cols != bs->cols) {
    ev_error(ev, at, "the clues of areas must have the board's shape, %u by %u, but they are %u by %u",
             bs->rows, bs->cols, map.n, cols);
    return;
  }
  for (uint32_t r = 0; r < map.n; r++)
    for (uint32_t c = 0; c < cols; c++) {
      SVal t = sv_item(sv_item(map, r), c);
      if (t.kind == SV_NUM && t.known && t.i <= 0) {
        ev_error(ev, at, "a clue of areas is the size of its area, 1 or more, not %lld", (long long)t.i);
        return;
      }
      if (t.kind == SV_NUM && t.known && t.i > (int64_t)bs->rows * bs->cols) {
        ev_error(ev, at, "a clue of areas (%lld) is larger than the board", (long long)t.i);
        return;
      }
      if ((t.kind == SV_NUM && !t.known) || t.kind == SV_COND || t.kind == SV_LIST || t.kind == SV_BOARD) {
        ev_error(ev, at, "a clue of areas is a number, a label or a blank, not %s", sv_words(t));
        return;
      }
    }
}

/* circuit(L) of a list of positions; circuit(B, Move) of a board's cells */
static SVal check_circuit(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  if (!post || !pos)
    return ev_error(ev, n->at, "'circuit' can only be a clue of its own (not under or, not, -> or count)");
  if (n->list.len == 2) {
    BoardShape bs;
    if (board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
      check_move(ev, n->at, &bs, arg(ev, env, n, 1));
    return sv_cond(true);
  }
  SVals flat = {0};
  bool ok = arg_items(ev, env, n, "circuit", &flat);
  for (size_t i = 0; ok && i < flat.len; i++) {   /* the first wrong item, in the grounder's words */
    SVal v = flat.data[i];
    if (v.kind == SV_NUM && v.known && (v.i < 1 || v.i > (int64_t)flat.len)) {
      ev_error(ev, n->at, "item %zu of circuit says the next one is item %lld, but the list "
               "has items 1 to %zu only", i + 1, (long long)v.i, flat.len);
      ok = false;
    } else if (v.kind == SV_STRING || v.kind == SV_WILD || v.kind == SV_LIST || v.kind == SV_BOARD ||
               ((v.kind == SV_NAME || v.kind == SV_COND) && v.known)) {
      ev_error(ev, n->at, "circuit reads the positions of the next items, numbers, but item "
               "%zu is %s", i + 1, sv_words(v));
      ok = false;
    }
  }
  VEC_FREE(flat);
  return ok ? sv_cond(true) : SV_UNKNOWN;
}

/* connected(B, V), connected(B, V, outside), areas(B, V, Clues) */
static SVal check_connected(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  if (!post || !pos)
    return ev_error(ev, n->at, "'%s' can only be a clue of its own (not under or, not, -> or count)",
                    b->name);
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    return sv_cond(true);
  SVal value = arg(ev, env, n, 1);
  if ((value.kind == SV_NUM || value.kind == SV_NAME) && !value.known)
    ev_error(ev, n->list.items[1]->at, "the value of '%s' (the one its cells hold) must be known "
             "before solving, not an unknown", b->name);
  if (n->list.len < 3)
    return sv_cond(true);
  SVal third = arg(ev, env, n, 2);
  if (b->id == BI_AREAS)
    check_area_clues(ev, n->list.items[2]->at, &bs, third);
  else if (third.kind != SV_NONE &&
           !(third.kind == SV_NAME && third.known && !strcmp(ev_name(ev, (Sym)third.i), "outside")))
    ev_error(ev, n->list.items[2]->at, "the third argument of 'connected' can only be the word "
             "outside, not %s", sv_words(third));
  return sv_cond(true);
}

/* sizes(B): a board of numbers, a clue of its own */
static SVal check_sizes(CHECK_ARGS)
{
  UNUSED_CHECK_ARGS;
  if (!post || !pos)
    return ev_error(ev, n->at, "'sizes' can only be a clue of its own (not under or, not, -> or count)");
  BoardShape bs;
  if (!board_shape_of(ev, n->at, arg(ev, env, n, 0), b->name, true, &bs))
    return sv_cond(true);
  SVals cells = {0};
  if (bs.drawn)
    VEC_PUSH(cells, some_cell(&bs));
  if (bs.drawn || sv_flatten(bs.board, &cells))
    for (size_t i = 0; i < cells.len; i++) {
      SVal t = cells.data[i];
      if (t.kind == SV_NONE || t.kind == SV_NUM)
        continue;
      ev_error(ev, n->at, "sizes reads a board of numbers, but one of its cells is %s", sv_words(t));
      break;
    }
  VEC_FREE(cells);
  return sv_cond(true);
}

/* The static rule of each built-in, by BuiltinId: the rows of builtins.def. */
typedef SVal (*CheckBuiltinFn)(CHECK_ARGS);
static const CheckBuiltinFn builtin_check[] = {
#define BUILTIN(id, name, lo, hi, what, check, eval) [BI_##id] = check,
#define BUILTIN_ALIAS(id, name)
#include "front/builtins.def"
};

SVal check_builtin(Ev *ev, const EvEnv *env, const Node *n, const Builtin *b, bool post, bool pos)
{
  return builtin_check[b->id](ev, env, n, b, post, pos);
}
