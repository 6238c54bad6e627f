/*
** out.c -- render the shown items of the current solution.
*/
#include "out/out.h"
#include "engine/solver.h"

#include <string.h>

#include "base/mem.h"

/* SCALAR_UNKNOWN: not known yet (a board drawn part way through an explanation). */
typedef enum { SCALAR_NUMBER, SCALAR_NAME, SCALAR_TRUTH, SCALAR_TEXT, SCALAR_UNKNOWN } ScalarKind;

/* The placement that covers cell c of a tile statement, when known; UINT32_MAX when not. */
static uint32_t covering(const Ground *g, const TileCopies *tc, uint32_t c)
{
  VarId x = tc->cover[c];
  if (!var_is_fixed(g->space, x))
    return UINT32_MAX;
  int64_t j = var_value(g->space, x);
  uint32_t n = tc->cell_first[c + 1] - tc->cell_first[c];
  return j >= 0 && j < n ? tc->cell_place[tc->cell_first[c] + (uint32_t)j] : UINT32_MAX;
}

/*
** The name of the copy of a piece that covers the tile statement's cell
** named by variable x (state.h, TileCopies): its copies are numbered in
** reading order of their first cells.  0 when it has no such name (a
** piece used once, an uncovered cell, or not known yet).
*/
static Sym copy_label(const Ground *g, VarId x)
{
  if (x >= g->var_tile.len || g->var_tile.data[x].tile == 0)
    return 0;
  const TileCopies *tc = &g->tiles.data[g->var_tile.data[x].tile - 1];
  uint32_t p = covering(g, tc, g->var_tile.data[x].cell);
  if (p == UINT32_MAX)
    return 0;
  uint32_t k = tc->kind[p], first = tc->label_first[k], n = tc->label_first[k + 1] - first;
  if (n == 0)
    return 0;
  uint32_t rank = 0;
  for (uint32_t c = 0; c < tc->ncells; c++) {
    if (tc->reading[c] >= tc->reading[tc->anchor[p]])
      continue;
    uint32_t q = covering(g, tc, c);
    if (q == UINT32_MAX && var_is_fixed(g->space, tc->cover[c]))
      continue;                              /* uncovered */
    if (q == UINT32_MAX)
      return 0;                              /* an earlier cell not known yet */
    rank += tc->kind[q] == k && tc->anchor[q] == c;
  }
  return rank < n ? tc->label[first + rank] : 0;
}

/* The value of a scalar item in the current solution. */
static ScalarKind scalar(const Ground *g, Value v, int64_t *out)
{
  switch (v.kind) {
  case V_INT:
    *out = v.i;
    return SCALAR_NUMBER;
  case V_ATOM:
    *out = v.i;
    return SCALAR_NAME;
  case V_BOOL:
    *out = v.i;
    return SCALAR_TRUTH;
  case V_STRING:
    *out = v.i;
    return SCALAR_TEXT;
  case V_LIT:
    if (!var_is_fixed(g->space, (VarId)v.i)) {
      *out = 0;
      return SCALAR_UNKNOWN;
    }
    *out = var_value(g->space, (VarId)v.i) ^ (v.neg ? 1 : 0);
    return SCALAR_TRUTH;
  case V_LIN: {
    Sym copy = v.lin->n == 1 && v.lin->coef[0] == 1 && v.lin->k == 0 ? copy_label(g, v.lin->vars[0]) : 0;
    if (copy) {
      *out = copy;
      return SCALAR_NAME;
    }
    int64_t sum = v.lin->k;
    *out = 0;
    for (uint32_t i = 0; i < v.lin->n; i++)
      if (!var_is_fixed(g->space, v.lin->vars[i]))
        return SCALAR_UNKNOWN;
    for (uint32_t i = 0; i < v.lin->n; i++)
      sum += v.lin->coef[i] * var_value(g->space, v.lin->vars[i]);
    *out = sum;
    return v.atom ? SCALAR_NAME : SCALAR_NUMBER;
  }
  default:
    *out = 0;
    return SCALAR_TEXT;
  }
}

/*
** How a scalar is written: for the terminal (control characters and bad
** UTF-8 escaped, see buf_text), as a JSON value (names quoted, a blank as
** null, always valid: buf_json_string), or raw, as the puzzle spelt it.
** A picture's cell (STYLE_CELL) is the terminal's text without quotes:
** a cell holds one thing, so nothing there needs them.
*/
typedef enum { STYLE_TEXT, STYLE_CELL, STYLE_JSON, STYLE_RAW } Style;

/*
** A string in the text output is written as it reads ([a, b], a picture's
** labels), unless a reader could take it for something else: nothing at
** all, a blank, a truth, a number, or text with a separator in it (the
** list [2, "a, b"] would read as three items).  Such a string is written
** as the puzzle would spell it, in quotes.
*/
static bool text_needs_quotes(const char *s)
{
  if (!*s || !strcmp(s, "_") || !strcmp(s, "true") || !strcmp(s, "false"))
    return true;
  const char *d = s + (*s == '-');
  bool number = *d != '\0';
  for (; *d; d++)
    number = number && *d >= '0' && *d <= '9';
  return number || strpbrk(s, " ,\"\\[]()=") != NULL;
}

/* s in quotes, with the escapes a pz string has for a quote and a backslash. */
static void quoted_text(Buf *b, const char *s)
{
  Buf escaped = {0};
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      buf_putc(&escaped, '\\');
    buf_putc(&escaped, *s);
  }
  buf_putc(b, '"');
  buf_text(b, buf_str(&escaped));       /* the rest as the terminal's text */
  buf_putc(b, '"');
  buf_free(&escaped);
}

static void scalar_out(const Ground *g, Value v, Buf *b, Style style)
{
  if (v.kind == V_WILD) {
    buf_puts(b, style == STYLE_JSON ? "null" : "_");
    return;
  }
  int64_t x;
  switch (scalar(g, v, &x)) {
  case SCALAR_NUMBER:
    buf_printf(b, "%lld", (long long)x);
    break;
  case SCALAR_NAME:
  case SCALAR_TEXT:
    if (style == STYLE_JSON)
      buf_json_string(b, sym_name(g->syms, (Sym)x));
    else if (style == STYLE_TEXT && v.kind == V_STRING && text_needs_quotes(sym_name(g->syms, (Sym)x)))
      quoted_text(b, sym_name(g->syms, (Sym)x));
    else if (style == STYLE_TEXT || style == STYLE_CELL)
      buf_text(b, sym_name(g->syms, (Sym)x));
    else
      buf_puts(b, sym_name(g->syms, (Sym)x));
    break;
  case SCALAR_TRUTH:
    buf_puts(b, x ? "true" : "false");
    break;
  case SCALAR_UNKNOWN:
    buf_puts(b, style == STYLE_JSON ? "null" : "_");
    break;
  }
}

static void scalar_text(const Ground *g, Value v, Buf *b)
{
  scalar_out(g, v, b, STYLE_TEXT);
}

/* The columns a cell takes: characters, not bytes, so names in UTF-8 align. */
static size_t cell_width(const Buf *cell)
{
  return text_width(buf_str(cell), cell->len);
}

static bool is_grid(Value v)
{
  if (v.kind != V_LIST || v.n == 0)
    return false;
  for (uint32_t r = 0; r < v.n; r++) {
    if (v.items[r].kind != V_LIST)
      return false;
    for (uint32_t c = 0; c < v.items[r].n; c++)
      if (v.items[r].items[c].kind == V_LIST)
        return false;
  }
  return true;
}

static void list_text(const Ground *g, Value v, Buf *b)
{
  if (v.kind != V_LIST) {
    scalar_text(g, v, b);
    return;
  }
  buf_putc(b, '[');
  for (uint32_t i = 0; i < v.n; i++) {
    if (i)
      buf_puts(b, ", ");
    list_text(g, v.items[i], b);
  }
  buf_putc(b, ']');
}

/* Rows on their own lines, cells right-aligned to the widest cell. */
static void grid_text(const Ground *g, Value v, Buf *b)
{
  Buf cell = {0};
  size_t width = 0;
  for (uint32_t r = 0; r < v.n; r++)
    for (uint32_t c = 0; c < v.items[r].n; c++) {
      buf_clear(&cell);
      scalar_text(g, v.items[r].items[c], &cell);
      width = cell_width(&cell) > width ? cell_width(&cell) : width;
    }
  for (uint32_t r = 0; r < v.n; r++) {
    for (uint32_t c = 0; c < v.items[r].n; c++) {
      buf_clear(&cell);
      scalar_text(g, v.items[r].items[c], &cell);
      if (c)
        buf_putc(b, ' ');
      for (size_t k = cell_width(&cell); k < width; k++)
        buf_putc(b, ' ');
      buf_puts(b, buf_str(&cell));
    }
    buf_putc(b, '\n');
  }
  buf_free(&cell);
}

/* The value attribute a gives entity e in the current solution. */
static Value attr_value(const Ground *g, size_t a, uint32_t e)
{
  const GridAttr *at = &g->attrs.data[a];
  if (!var_is_fixed(g->space, at->of[e]))
    return (Value){.kind = V_WILD};
  return (Value){.kind = at->names ? V_ATOM : V_INT, .i = var_value(g->space, at->of[e])};
}

/* The cell text of entity e (row) or of attribute a of entity e. */
static void table_cell(const Ground *g, uint32_t e, int attr, Buf *b)
{
  if (attr < 0)
    scalar_text(g, g->entities.items[e], b);
  else
    scalar_text(g, attr_value(g, (size_t)attr, e), b);
}

/* The heading of column c: the entities' name, then each attribute's. */
static void table_head(const Ground *g, int c, Buf *b)
{
  buf_text(b, sym_name(g->syms, c == 0 ? g->entities_name : g->attrs.data[c - 1].name));
}

/* One row per entity, one column per attribute, columns aligned. */
static void table_text(const Ground *g, Buf *b)
{
  int ncols = (int)g->attrs.len + 1;
  size_t *width = xcalloc((size_t)ncols, sizeof *width);
  Buf cell = {0};
  for (int c = 0; c < ncols; c++) {
    buf_clear(&cell);
    table_head(g, c, &cell);
    width[c] = cell_width(&cell);
    for (uint32_t e = 0; e < g->entities.n; e++) {
      buf_clear(&cell);
      table_cell(g, e, c - 1, &cell);
      width[c] = cell_width(&cell) > width[c] ? cell_width(&cell) : width[c];
    }
  }
  for (int64_t e = -1; e < (int64_t)g->entities.n; e++) {
    for (int c = 0; c < ncols; c++) {
      buf_clear(&cell);
      if (e < 0)
        table_head(g, c, &cell);
      else
        table_cell(g, (uint32_t)e, c - 1, &cell);
      buf_puts(b, buf_str(&cell));
      for (size_t k = cell_width(&cell); c + 1 < ncols && k < width[c] + 2; k++)
        buf_putc(b, ' ');
    }
    buf_putc(b, '\n');
  }
  buf_free(&cell);
  xfree(width);
}

/* An item's label as the puzzle wrote it (escaped for the terminal), then tail. */
static void label_text(const ShowItem *it, const char *tail, Buf *b)
{
  buf_text(b, it->label);
  buf_puts(b, tail);
}

/* who(zebra) = house 5: green, japanese, coffee, parliaments, zebra */
static void who_text(const Ground *g, const ShowItem *it, Buf *b)
{
  int64_t code;
  scalar(g, it->value, &code);
  label_text(it, " = ", b);
  for (uint32_t e = 0; e < g->entities.n; e++) {
    if (g->entities.items[e].i != code)
      continue;
    if (g->entities.items[e].kind == V_INT) {
      buf_text(b, sym_name(g->syms, g->entities_name));
      buf_putc(b, ' ');
    }
    table_cell(g, e, -1, b);
    for (size_t a = 0; a < g->attrs.len; a++) {
      buf_puts(b, a ? ", " : ": ");
      table_cell(g, e, (int)a, b);
    }
  }
  buf_putc(b, '\n');
}

/* A drawn board in its own shape: holes are blank, cells right-aligned. */
static void board_text(const Ground *g, const Board *bd, Buf *b)
{
  Buf cell = {0};
  size_t width = 1;
  for (size_t i = 0; i < (size_t)bd->rows * bd->cols; i++) {
    if (bd->at[i].kind == V_WILD)
      continue;
    buf_clear(&cell);
    scalar_text(g, bd->at[i], &cell);
    width = cell_width(&cell) > width ? cell_width(&cell) : width;
  }
  Buf line = {0};
  for (uint32_t r = 0; r < bd->rows; r++) {
    buf_clear(&line);
    for (uint32_t c = 0; c < bd->cols; c++) {
      const Value *v = &bd->at[(size_t)r * bd->cols + c];
      buf_clear(&cell);
      if (v->kind != V_WILD)
        scalar_text(g, *v, &cell);
      if (c)
        buf_putc(&line, ' ');
      for (size_t k = cell_width(&cell); k < width; k++)
        buf_putc(&line, ' ');
      buf_puts(&line, buf_str(&cell));
    }
    size_t len = line.len;                    /* no spaces at the end of a line */
    while (len > 0 && line.data[len - 1] == ' ')
      len--;
    buf_add(b, line.data, len);
    buf_putc(b, '\n');
  }
  buf_free(&line);
  buf_free(&cell);
}

/*
** A board that holds a round over its cells (circuit(B, Move): a knight's
** tour), each cell the position of the next: once the whole round is
** known, each cell's place in it instead, 1 in the board's first cell, as
** --svg numbers them.  False (nothing written) when the item is no such
** round, is drawn (show B as ...), or is known only in part.
*/
static bool tour_text(const Ground *g, const ShowItem *it, Buf *b)
{
  Value v = it->value;
  if (it->ndraw || !g->model || (v.kind != V_BOARD && !is_grid(v)))
    return false;
  uint32_t rows = v.kind == V_BOARD ? v.board->rows : v.n, cols = v.kind == V_BOARD ? v.board->cols : v.items[0].n;
  for (uint32_t r = 0; v.kind != V_BOARD && r < rows; r++)
    if (v.items[r].n != cols)
      return false;
  size_t n = (size_t)rows * cols, ncells = 0;
  Value *at = xmalloc((n + 1) * sizeof *at);
  for (size_t i = 0; i < n; i++) {
    at[i] = v.kind == V_BOARD ? v.board->at[i] : v.items[i / cols].items[i % cols];
    ncells += at[i].kind != V_WILD;
  }
  const Model *m = g->model;
  const ModelStep *round = NULL;
  for (size_t s = 0; s < m->steps.len && !round && ncells >= 2; s++) {
    const ModelStep *st = &m->steps.data[s];
    if (st->kind != MS_CIRCUIT || st->n != ncells)
      continue;
    const int32_t *x = model_args(m, st);
    bool same = true;
    for (size_t i = 0, j = 0; i < n && same; i++) {
      Value c = at[i];
      if (c.kind == V_WILD)
        continue;
      same = c.kind == V_LIN && c.lin->n == 1 && c.lin->coef[0] == 1 && c.lin->k == 0 &&
             x[j++] == (int32_t)c.lin->vars[0];
    }
    round = same ? st : NULL;
  }
  if (!round) {
    xfree(at);
    return false;
  }
  const int32_t *x = model_args(m, round);
  uint32_t *place = xcalloc(ncells, sizeof *place);
  size_t j = 0, k = 0;
  for (; k < ncells && !place[j]; k++) {
    place[j] = (uint32_t)k + 1;
    VarId y = (VarId)x[j];
    int64_t to = var_is_fixed(g->space, y) ? var_value(g->space, y) - round->k : -1;
    if (to < 0 || to >= (int64_t)ncells)
      break;
    j = (size_t)to;
  }
  bool whole = k == ncells && j == 0;
  if (whole) {
    Board order = {rows, cols, at, v.kind == V_BOARD && v.board->hex};
    for (size_t i = 0, c = 0; i < n; i++)
      at[i] = at[i].kind == V_WILD ? at[i] : (Value){.kind = V_INT, .i = place[c++]};
    label_text(it, " (in the order of the round, from 1) =\n", b);
    board_text(g, &order, b);
  }
  xfree(place);
  xfree(at);
  return whole;
}

void out_text(const Ground *g, Buf *b)
{
  if (g->table)
    table_text(g, b);
  for (size_t i = 0; i < g->shows.len; i++)
    out_item_text(g, &g->shows.data[i], b);
}

void out_scalar_text(const Ground *g, Value v, Buf *b)
{
  scalar_out(g, v, b, STYLE_CELL);
}

void out_table_cell(const Ground *g, uint32_t e, int attr, Buf *b)
{
  table_cell(g, e, attr, b);
}

void out_table_head(const Ground *g, int c, Buf *b)
{
  table_head(g, c, b);
}

/* The text a drawing gives the value of v now (true); the value itself when it has none. */
static bool drawn_cell(const Ground *g, const ShowItem *it, Value v, Buf *b)
{
  int64_t x;
  ScalarKind k = v.kind == V_WILD ? SCALAR_UNKNOWN : scalar(g, v, &x);
  for (uint32_t i = 0; v.kind == V_WILD && i < it->ndraw; i++)
    if (it->draw_value[i].kind == V_WILD) {   /* _ -> " ": the text of a blank */
      buf_puts(b, it->draw_text[i]);
      return true;
    }
  for (uint32_t i = 0; k != SCALAR_UNKNOWN && k != SCALAR_TEXT && i < it->ndraw; i++) {
    if (it->draw_value[i].kind == V_WILD)
      continue;
    int64_t y;
    ScalarKind kd = scalar(g, it->draw_value[i], &y);
    bool same = kd == k || (kd == SCALAR_NUMBER && k == SCALAR_TRUTH) ||
                (kd == SCALAR_TRUTH && k == SCALAR_NUMBER);
    if (same && x == y) {
      buf_puts(b, it->draw_text[i]);
      return true;
    }
  }
  if (v.kind == V_WILD)
    buf_putc(b, ' ');                    /* a place without a cell */
  else
    scalar_text(g, v, b);
  return v.kind == V_WILD;
}

/* The cells of one row (or a list) drawn side by side, each as wide as the widest. */
static void drawn_row(const Ground *g, const ShowItem *it, const Value *cells, uint32_t n,
                      size_t width, Buf *b)
{
  Buf cell = {0};
  for (uint32_t c = 0; c < n; c++) {
    buf_clear(&cell);
    drawn_cell(g, it, cells[c], &cell);
    if (c && width > 0)                  /* apart, lined up on the right, as a board */
      buf_putc(b, ' ');
    for (size_t k = cell_width(&cell); k < width; k++)
      buf_putc(b, ' ');
    buf_puts(b, buf_str(&cell));
  }
  buf_free(&cell);
}

/*
** The width of the widest cell; 0 when every cell has a text of one
** character from the drawing, so that they sit side by side (a picture).
*/
static size_t drawn_width(const Ground *g, const ShowItem *it, const Value *cells, size_t n)
{
  Buf cell = {0};
  size_t width = 0;
  bool picture = true;
  for (size_t c = 0; c < n; c++) {
    buf_clear(&cell);
    picture &= drawn_cell(g, it, cells[c], &cell) && cell_width(&cell) == 1;
    width = cell_width(&cell) > width ? cell_width(&cell) : width;
  }
  buf_free(&cell);
  return picture ? 0 : width;
}

/*
** show B as ".#": a board (or a list of rows) line by line, its cells
** side by side; a list on one line; a single value alone.
*/
static void drawn_text(const Ground *g, const ShowItem *it, Buf *b)
{
  Value v = it->value;
  if (v.kind == V_BOARD) {
    const Board *bd = v.board;
    size_t width = drawn_width(g, it, bd->at, (size_t)bd->rows * bd->cols);
    label_text(it, " =\n", b);
    for (uint32_t r = 0; r < bd->rows; r++) {
      size_t start = b->len;
      drawn_row(g, it, &bd->at[(size_t)r * bd->cols], bd->cols, width, b);
      while (b->len > start && b->data[b->len - 1] == ' ')
        b->len--;
      buf_putc(b, '\n');
    }
  } else if (is_grid(v)) {
    size_t width = 0;
    bool picture = true;
    for (uint32_t r = 0; r < v.n; r++) {
      size_t w = drawn_width(g, it, v.items[r].items, v.items[r].n);
      width = w > width ? w : width;
      picture &= w == 0 || v.items[r].n == 0;
    }
    width = picture ? 0 : width ? width : 1;
    label_text(it, " =\n", b);
    for (uint32_t r = 0; r < v.n; r++) {
      size_t start = b->len;
      drawn_row(g, it, v.items[r].items, v.items[r].n, width, b);
      while (b->len > start && b->data[b->len - 1] == ' ')
        b->len--;
      buf_putc(b, '\n');
    }
  } else if (v.kind == V_LIST) {
    label_text(it, " = ", b);
    size_t start = b->len;
    drawn_row(g, it, v.items, v.n, drawn_width(g, it, v.items, v.n), b);
    while (b->len > start && b->data[b->len - 1] == ' ')
      b->len--;
    buf_putc(b, '\n');
  } else {
    label_text(it, " = ", b);
    drawn_cell(g, it, v, b);
    buf_putc(b, '\n');
  }
}

bool out_drawn_cell(const Ground *g, const ShowItem *it, Value v, Buf *b)
{
  return drawn_cell(g, it, v, b);
}

void out_item_text(const Ground *g, const ShowItem *it, Buf *b)
{
  if (it->ndraw && !it->who && !it->text) {
    drawn_text(g, it, b);
  } else if (it->who) {
    who_text(g, it, b);
  } else if (it->text) {                       /* show "Answer:" prints the text */
    buf_text(b, sym_name(g->syms, (Sym)it->value.i));
    buf_putc(b, '\n');
  } else if (tour_text(g, it, b)) {
    return;
  } else if (it->value.kind == V_BOARD) {
    label_text(it, " =\n", b);
    board_text(g, it->value.board, b);
  } else if (is_grid(it->value)) {
    label_text(it, " =\n", b);
    grid_text(g, it->value, b);
  } else {
    label_text(it, " = ", b);
    list_text(g, it->value, b);
    buf_putc(b, '\n');
  }
}

static void json_value(const Ground *g, Value v, Buf *b)
{
  if (v.kind == V_BOARD) {                    /* rows, with null where there is no cell */
    buf_putc(b, '[');
    for (uint32_t r = 0; r < v.board->rows; r++) {
      buf_puts(b, r ? ", [" : "[");
      for (uint32_t c = 0; c < v.board->cols; c++) {
        buf_puts(b, c ? ", " : "");
        json_value(g, v.board->at[(size_t)r * v.board->cols + c], b);
      }
      buf_putc(b, ']');
    }
    buf_putc(b, ']');
    return;
  }
  if (v.kind == V_LIST) {
    buf_putc(b, '[');
    for (uint32_t i = 0; i < v.n; i++) {
      if (i)
        buf_puts(b, ", ");
      json_value(g, v.items[i], b);
    }
    buf_putc(b, ']');
    return;
  }
  scalar_out(g, v, b, STYLE_JSON);
}

/* {"entity": {"attribute": value, ...}, ...} */
static void table_json(const Ground *g, Buf *b)
{
  Buf cell = {0};
  for (uint32_t e = 0; e < g->entities.n; e++) {
    buf_clear(&cell);
    scalar_out(g, g->entities.items[e], &cell, STYLE_RAW);   /* JSON escapes it */
    buf_puts(b, e ? ", " : "");
    buf_json_string(b, buf_str(&cell));
    buf_puts(b, ": {");
    for (size_t a = 0; a < g->attrs.len; a++) {
      buf_puts(b, a ? ", " : "");
      buf_json_string(b, sym_name(g->syms, g->attrs.data[a].name));
      buf_puts(b, ": ");
      json_value(g, attr_value(g, a, e), b);
    }
    buf_putc(b, '}');
  }
  buf_free(&cell);
}

/*
** {"grid": {entity: {attribute: value}}, "shown": {label: value}}: the
** logic grid (only when there is one) apart from the shown items, so that
** `show 1` cannot overwrite house 1.  A label is the shown expression in
** its normalised spelling (ground.c, show_label): the same expression
** shown twice is one key.  Strings shown as captions are text, not data.
*/
void out_json(const Ground *g, Buf *b)
{
  buf_putc(b, '{');
  if (g->table) {
    buf_puts(b, "\"grid\": {");
    table_json(g, b);
    buf_puts(b, "}, ");
  }
  buf_puts(b, "\"shown\": {");
  bool first = true;
  for (size_t i = 0; i < g->shows.len; i++) {
    const ShowItem *it = &g->shows.data[i];
    bool seen = it->text;
    for (size_t k = 0; k < i && !seen; k++)
      seen = !g->shows.data[k].text && strcmp(g->shows.data[k].label, it->label) == 0;
    if (seen)
      continue;
    buf_puts(b, first ? "" : ", ");
    first = false;
    buf_json_string(b, it->label);
    buf_puts(b, ": ");
    json_value(g, it->value, b);
  }
  buf_puts(b, "}}");
}

/* --- as data --- */

/*
** Fill values[at] with v.  A list's items are given slots side by side
** first, then filled (a nested list puts its own after all of those), so
** a list is one run of values.  Indices, not pointers, while the vector
** can still move; data_pointers turns them into pointers at the end.
*/
static void data_value(const Ground *g, Value v, OutItems *o, size_t at);

static void data_list(const Ground *g, const Value *items, size_t n, OutItems *o, size_t at)
{
  size_t first = o->values.len;
  for (size_t i = 0; i < n; i++)
    VEC_PUSH(o->values, ((PzValue){.kind = PZ_BLANK}));
  for (size_t i = 0; i < n; i++)
    data_value(g, items[i], o, first + i);
  o->values.data[at] = (PzValue){.kind = PZ_LIST, .count = n, .number = (int64_t)first};
}

static void data_value(const Ground *g, Value v, OutItems *o, size_t at)
{
  PzValue *out = &o->values.data[at];
  if (v.kind == V_WILD) {
    *out = (PzValue){.kind = PZ_BLANK};
  } else if (v.kind == V_LIST) {
    data_list(g, v.items, v.n, o, at);
  } else if (v.kind == V_BOARD) {               /* a list of rows */
    const Board *bd = v.board;
    size_t first = o->values.len;
    for (uint32_t r = 0; r < bd->rows; r++)
      VEC_PUSH(o->values, ((PzValue){.kind = PZ_BLANK}));
    for (uint32_t r = 0; r < bd->rows; r++)
      data_list(g, &bd->at[(size_t)r * bd->cols], bd->cols, o, first + r);
    o->values.data[at] = (PzValue){.kind = PZ_LIST, .count = bd->rows, .number = (int64_t)first};
  } else {
    int64_t x;
    switch (scalar(g, v, &x)) {
    case SCALAR_NUMBER:
      *out = (PzValue){.kind = PZ_NUMBER, .number = x};
      break;
    case SCALAR_NAME:
      *out = (PzValue){.kind = PZ_NAME, .text = sym_name(g->syms, (Sym)x)};
      break;
    case SCALAR_TEXT:
      *out = (PzValue){.kind = PZ_TEXT, .text = sym_name(g->syms, (Sym)x)};
      break;
    case SCALAR_TRUTH:
      *out = (PzValue){.kind = PZ_TRUTH, .number = x != 0};
      break;
    case SCALAR_UNKNOWN:
      *out = (PzValue){.kind = PZ_BLANK};
      break;
    }
  }
}

/* A new item of kind with label; returns the slot of its value. */
static size_t data_item(OutItems *o, PzItemKind kind, const char *label)
{
  VEC_PUSH(o->items, ((PzItem){.kind = kind, .label = label, .value.number = (int64_t)o->values.len}));
  VEC_PUSH(o->values, ((PzValue){.kind = PZ_BLANK}));
  return o->values.len - 1;
}

/* The table's rows: headings, then per entity its name and attributes. */
static void data_table(const Ground *g, OutItems *o, size_t at)
{
  size_t ncols = g->attrs.len + 1, nrows = (size_t)g->entities.n + 1;
  size_t first = o->values.len;
  for (size_t i = 0; i < nrows * (ncols + 1); i++)
    VEC_PUSH(o->values, ((PzValue){.kind = PZ_BLANK}));
  size_t cells = first + nrows;                 /* the rows' cells follow the rows */
  for (size_t r = 0; r < nrows; r++) {
    size_t row = cells + r * ncols;
    o->values.data[first + r] = (PzValue){.kind = PZ_LIST, .count = ncols, .number = (int64_t)row};
    for (size_t c = 0; c < ncols; c++) {
      if (r == 0)
        o->values.data[row + c] = (PzValue){.kind = PZ_NAME, .text = sym_name(g->syms,
                                    c == 0 ? g->entities_name : g->attrs.data[c - 1].name)};
      else if (c == 0)
        data_value(g, g->entities.items[r - 1], o, row);
      else
        data_value(g, attr_value(g, c - 1, (uint32_t)(r - 1)), o, row + c);
    }
  }
  o->values.data[at] = (PzValue){.kind = PZ_LIST, .count = nrows, .number = (int64_t)first};
}

/* The entity whose code who(X) has, as a value. */
static Value who_value(const Ground *g, const ShowItem *it)
{
  int64_t code;
  scalar(g, it->value, &code);
  for (uint32_t e = 0; e < g->entities.n; e++)
    if (g->entities.items[e].i == code)
      return g->entities.items[e];
  return (Value){.kind = V_WILD};
}

static void data_pointers(OutItems *o)
{
  for (size_t i = 0; i < o->values.len; i++) {
    PzValue *v = &o->values.data[i];
    if (v->kind == PZ_LIST) {
      v->items = &o->values.data[v->number];
      v->number = 0;
    }
  }
  for (size_t i = 0; i < o->items.len; i++) {
    PzItem *it = &o->items.data[i];
    it->value = o->values.data[it->value.number];
  }
}

void out_items(const Ground *g, OutItems *o)
{
  VEC_CLEAR(o->items);
  VEC_CLEAR(o->values);
  if (g->table)
    data_table(g, o, data_item(o, PZ_ITEM_TABLE, ""));
  for (size_t i = 0; i < g->shows.len; i++) {
    const ShowItem *it = &g->shows.data[i];
    if (it->who) {
      data_value(g, who_value(g, it), o, data_item(o, PZ_ITEM_VALUE, it->label));
    } else if (it->text) {
      size_t at = data_item(o, PZ_ITEM_TEXT, "");
      o->values.data[at] = (PzValue){.kind = PZ_TEXT, .text = sym_name(g->syms, (Sym)it->value.i)};
    } else {
      PzItemKind kind = it->value.kind == V_BOARD || it->board ? PZ_ITEM_BOARD : PZ_ITEM_VALUE;
      data_value(g, it->value, o, data_item(o, kind, it->label));
    }
  }
  data_pointers(o);
}

void out_items_free(OutItems *o)
{
  VEC_FREE(o->items);
  VEC_FREE(o->values);
}

/* --- pz --regions: boards with walls between their regions --- */

/* The region map lying over a board of n places whose cells are the unknowns var (MAP_NO_CELL: none). */
static const BoardMap *walls_map(const Ground *g, uint32_t rows, uint32_t cols, const VarId *var)
{
  for (size_t k = 0; k < g->maps.len; k++) {
    const BoardMap *m = &g->maps.data[k];
    if (m->squares || m->rows != rows || m->cols != cols)
      continue;
    bool fits = true, any = false;
    for (size_t i = 0; fits && i < (size_t)rows * cols; i++) {
      if (m->cell[i] == MAP_NO_CELL)
        continue;
      fits = m->cell[i] == var[i];
      any = true;
    }
    if (fits && any)
      return m;
  }
  return NULL;
}

/* Is there a wall between places i and j (j may be off the board: -1)? */
static bool wall(const uint32_t *region, int64_t i, int64_t j)
{
  uint32_t a = i >= 0 ? region[i] : 0, b = j >= 0 ? region[j] : 0;
  return a != b;
}

/*
** A board (or a list of rows) whose cells a region map covers, or
** KenKen's cages (out/cages.c), drawn with walls: '|' and '---' between
** cells of different regions and around the board, '+' where walls
** meet; a cage's label in the wall above its first cell.  False (nothing
** written) when it has neither.
*/
static bool walls_text(const Ground *g, const ShowItem *it, Buf *b)
{
  Value v = it->value;
  uint32_t rows, cols;
  const Value *at = NULL;
  if (v.kind == V_BOARD) {
    rows = v.board->rows;
    cols = v.board->cols;
    at = v.board->at;
  } else if (is_grid(v) && v.n > 0) {
    rows = v.n;
    cols = v.items[0].n;
    for (uint32_t r = 0; r < rows; r++)
      if (v.items[r].n != cols)
        return false;
  } else {
    return false;
  }
  size_t n = (size_t)rows * cols;
  if (n == 0)
    return false;
  VarId *var = xmalloc(n * sizeof *var);
  bool *is = xmalloc(n * sizeof *is);
  Buf *cell = xcalloc(n, sizeof *cell);
  size_t width = 1;
  for (size_t i = 0; i < n; i++) {
    Value c = at ? at[i] : v.items[i / cols].items[i % cols];
    is[i] = c.kind != V_WILD;
    var[i] = c.kind == V_LIN && c.lin->n == 1 && c.lin->coef[0] == 1 && c.lin->k == 0 ? c.lin->vars[0]
                                                                                   : MAP_NO_CELL;
    if (it->ndraw)
      drawn_cell(g, it, c, &cell[i]);
    else if (c.kind != V_WILD)
      scalar_text(g, c, &cell[i]);
    width = cell_width(&cell[i]) > width ? cell_width(&cell[i]) : width;
  }
  /* cages summed (killer, KenKen) rather than a map of boxes that only says "distinct" */
  OutCages cages = out_cages(g, rows, cols, is, var);
  const BoardMap *m = cages.cage ? NULL : walls_map(g, rows, cols, var);
  const uint32_t *region = m ? m->region : cages.cage;
  size_t seg = width + 2;                     /* a wall's dashes: room for the cages' labels */
  for (uint32_t k = 0; k < cages.n; k++) {
    Buf t = {.data = cages.label[k], .len = strlen(cages.label[k])};
    seg = cell_width(&t) + 1 > seg ? cell_width(&t) + 1 : seg;   /* and a dash after it */
  }
  if (region) {
    label_text(it, " =\n", b);
    uint8_t *labelled = xcalloc(cages.n + 1, 1);
    for (uint32_t r = 0; r <= rows; r++) {
      /* the line above row r: a corner, then the wall above each cell */
      for (uint32_t c = 0; c <= cols; c++) {
        int64_t ul = r && c ? (int64_t)(r - 1) * cols + c - 1 : -1, ur = r && c < cols ? (int64_t)(r - 1) * cols + c : -1;
        int64_t dl = r < rows && c ? (int64_t)r * cols + c - 1 : -1, dr = r < rows && c < cols ? (int64_t)r * cols + c : -1;
        bool across = wall(region, ul, dl) || wall(region, ur, dr), down = wall(region, ul, ur) || wall(region, dl, dr);
        buf_putc(b, across ? '+' : down ? '|' : ' ');
        if (c == cols)
          break;
        uint32_t k = dr >= 0 && cages.cage ? cages.cage[dr] : 0;
        if (k && !labelled[k]) {              /* the cage's first cell: its label */
          labelled[k] = 1;
          Buf t = {.data = cages.label[k - 1], .len = strlen(cages.label[k - 1])};
          buf_puts(b, cages.label[k - 1]);
          for (size_t j = cell_width(&t); j < seg; j++)
            buf_putc(b, '-');
          continue;
        }
        for (size_t j = 0; j < seg; j++)
          buf_putc(b, wall(region, ur, dr) ? '-' : ' ');
      }
      while (b->len && b->data[b->len - 1] == ' ')
        b->len--;
      buf_putc(b, '\n');
      if (r == rows)
        break;
      for (uint32_t c = 0; c <= cols; c++) {
        int64_t l = c ? (int64_t)r * cols + c - 1 : -1, rt = c < cols ? (int64_t)r * cols + c : -1;
        buf_putc(b, wall(region, l, rt) ? '|' : ' ');
        if (c == cols)
          break;
        for (size_t k = cell_width(&cell[rt]) + 1; k < seg; k++)
          buf_putc(b, ' ');
        buf_puts(b, buf_str(&cell[rt]));
        buf_putc(b, ' ');
      }
      while (b->len && b->data[b->len - 1] == ' ')
        b->len--;
      buf_putc(b, '\n');
    }
    xfree(labelled);
  }
  out_cages_free(&cages);
  for (size_t i = 0; i < n; i++)
    buf_free(&cell[i]);
  xfree(cell);
  xfree(var);
  xfree(is);
  return region != NULL;
}

void out_text_walls(const Ground *g, Buf *b)
{
  if (g->table)
    table_text(g, b);
  for (size_t i = 0; i < g->shows.len; i++) {
    const ShowItem *it = &g->shows.data[i];
    if (it->who || it->text || !walls_text(g, it, b))
      out_item_text(g, it, b);
  }
}
