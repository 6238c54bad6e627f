/*
** board.c -- pictures, drawn boards and the collections over a board.
*/
#include "ground/board.h"
#include "front/picture.h"
#include "ground/post.h"

#include <string.h>

#include "base/mem.h"

/* At most this many offsets in a user-given neighbourhood. */
#define MAX_OFFSETS 64

typedef VEC(VarId) VarIds;

typedef struct Offsets {
  int32_t dr[MAX_OFFSETS], dc[MAX_OFFSETS];
  uint32_t n;
  bool symmetric;   /* with every (dr, dc) also (-dr, -dc): list each pair once */
} Offsets;

/* --- views --- */

bool board_view(Ground *g, Loc at, Value v, const char *what, BoardView *bv)
{
  memset(bv, 0, sizeof *bv);
  bv->value = v;
  if (v.kind == V_BOARD) {
    bv->rows = v.board->rows;
    bv->cols = v.board->cols;
    bv->hex = v.board->hex;
    return true;
  }
  return board_shape(g, at, v, what, &bv->rows, &bv->cols);
}

const Value *board_cell(const BoardView *bv, int64_t r, int64_t c)
{
  if (r < 0 || c < 0 || r >= bv->rows || c >= bv->cols)
    return NULL;
  const Value *v = bv->value.kind == V_BOARD ? &bv->value.board->at[r * bv->cols + c]
                                             : &bv->value.items[r].items[c];
  return v->kind == V_WILD && bv->value.kind == V_BOARD ? NULL : v;
}

static Value from_values(Ground *g, const Values *vs)
{
  Value v = value_list(g, (uint32_t)vs->len);
  if (vs->len)
    memcpy(v.items, vs->data, vs->len * sizeof *v.items);
  return v;
}

/* --- pictures --- */

static Value token_value(Ground *g, const char *s, size_t n)
{
  int64_t v;
  switch (picture_token(s, n, &v)) {
  case PICTURE_BLANK:
    return (Value){.kind = V_WILD};
  case PICTURE_NUMBER:
    return value_int(v);
  case PICTURE_TOO_BIG:                 /* an error the checker reported */
    return value_int(0);
  case PICTURE_WORD:
    break;
  }
  return (Value){.kind = V_STRING, .i = sym_intern(g->syms, s, n)};
}

/*
** One string per row.  A row with spaces is split into words, so numbers
** may have several digits ("12  . 7"); a row without spaces has one token
** per character ("53..7....").
*/
static Value picture_row(Ground *g, Sym text)
{
  const char *s = sym_name(g->syms, text);
  size_t len = strlen(s);
  Values toks = {0};
  for (size_t at = 0, start, n; picture_next_token(s, len, &at, &start, &n);)
    VEC_PUSH(toks, token_value(g, s + start, n));
  Value row = from_values(g, &toks);
  VEC_FREE(toks);
  return row;
}

Value board_picture(Ground *g, const Node *picture)
{
  Value rows = value_list(g, picture->list.len);
  for (uint32_t r = 0; r < picture->list.len; r++)
    rows.items[r] = picture_row(g, picture->list.items[r]->sym);
  return rows;
}

/* A hex layout puts cells on one parity of row + column, never side by side. */
static bool looks_hex(const Board *b)
{
  int parity = -1;
  bool any_gap = false, any_slant = false;
  for (uint32_t r = 0; r < b->rows; r++)
    for (uint32_t c = 0; c < b->cols; c++) {
      if (b->at[r * b->cols + c].kind == V_WILD)
        continue;
      if (c + 1 < b->cols && b->at[r * b->cols + c + 1].kind != V_WILD)
        return false;
      if (parity >= 0 && (int)((r + c) % 2) != parity)
        return false;
      parity = (int)((r + c) % 2);
      any_gap |= c + 2 < b->cols && b->at[r * b->cols + c + 2].kind != V_WILD;
      any_slant |= r + 1 < b->rows && ((c > 0 && b->at[(r + 1) * b->cols + c - 1].kind != V_WILD) ||
                                       (c + 1 < b->cols && b->at[(r + 1) * b->cols + c + 1].kind != V_WILD));
    }
  return any_gap && any_slant;     /* spaced-out squares ("a.b" "..." "c.d") are not hex */
}

Value board_from_layout(Ground *g, const Node *picture, int64_t lo, int64_t hi,
                        const Values *domain, bool atom)
{
  Value pic = board_picture(g, picture);
  Board *b = arena_new(&g->arena, Board);
  b->rows = pic.n;
  for (uint32_t r = 0; r < pic.n; r++)
    b->cols = pic.items[r].n > b->cols ? pic.items[r].n : b->cols;
  if (b->rows == 0 || b->cols == 0)
    return ground_error(g, picture->at, "this layout has no cells");
  b->at = arena_array(&g->arena, Value, (size_t)b->rows * b->cols);
  uint32_t ncells = 0;
  for (uint32_t r = 0; r < b->rows; r++)
    for (uint32_t c = 0; c < b->cols; c++) {
      Value t = c < pic.items[r].n ? pic.items[r].items[c] : (Value){.kind = V_WILD};
      Value *cell = &b->at[r * b->cols + c];
      if (t.kind == V_WILD) {
        *cell = t;
        continue;
      }
      VarId x;
      if (domain->len && !ground_charge(g, domain->len / 16)) {
        x = build_var(g, 0, 0);         /* past the budget (an error): no list of values */
      } else if (domain->len) {
        int32_t *vs = xmalloc(domain->len * sizeof *vs);
        for (size_t i = 0; i < domain->len; i++)
          vs[i] = (int32_t)domain->data[i].i;
        x = build_var_values(g, vs, domain->len);
        xfree(vs);
      } else {
        x = build_var(g, (int32_t)lo, (int32_t)hi);
      }
      term_mark_atom(g, x, atom);
      VEC_PUSH(g->decision, x);
      *cell = value_var(g, x);
      if (t.kind == V_INT)                    /* a number drawn in the layout is a given */
        term_compare(g, picture->at, OP_EQ, *cell, t, false);
      ncells++;
    }
  if (ncells == 0)
    return ground_error(g, picture->at, "this layout has no cells ('.' marks a place without one)");
  b->hex = looks_hex(b);
  return (Value){.kind = V_BOARD, .board = b};
}

/* --- lines --- */

static Value line_of(Ground *g, const BoardView *bv, int64_t r, int64_t c, int64_t dr, int64_t dc)
{
  Values cells = {0};
  for (; r >= 0 && c >= 0 && r < bv->rows && c < bv->cols; r += dr, c += dc) {
    const Value *v = board_cell(bv, r, c);
    if (v)
      VEC_PUSH(cells, *v);
  }
  Value l = from_values(g, &cells);
  VEC_FREE(cells);
  return l;
}

static void push_line(Values *out, Value line)
{
  if (line.n > 0)
    VEC_PUSH(*out, line);
}

Value board_rows(Ground *g, const BoardView *bv)
{
  Values out = {0};
  for (uint32_t r = 0; r < bv->rows; r++)
    push_line(&out, line_of(g, bv, r, 0, 0, 1));
  Value v = from_values(g, &out);
  VEC_FREE(out);
  return v;
}

Value board_columns(Ground *g, const BoardView *bv)
{
  Values out = {0};
  for (uint32_t c = 0; c < bv->cols; c++)
    push_line(&out, line_of(g, bv, 0, c, 1, 0));
  Value v = from_values(g, &out);
  VEC_FREE(out);
  return v;
}

Value board_cells(Ground *g, const BoardView *bv)
{
  Values out = {0};
  for (uint32_t r = 0; r < bv->rows; r++)
    for (uint32_t c = 0; c < bv->cols; c++) {
      const Value *v = board_cell(bv, r, c);
      if (v)
        VEC_PUSH(out, *v);
    }
  Value l = from_values(g, &out);
  VEC_FREE(out);
  return l;
}

/*
** A hex board's three directions: its rows, and the two diagonals, where
** each step goes one row down and one column right (column - row fixed)
** or one column left (column + row fixed).
*/
Value board_lines(Ground *g, const BoardView *bv)
{
  Values out = {0};
  for (uint32_t r = 0; r < bv->rows; r++)
    push_line(&out, line_of(g, bv, r, 0, 0, 1));
  if (bv->hex) {
    int64_t rows = bv->rows, cols = bv->cols;
    for (int64_t d = -rows; d < cols; d++)
      push_line(&out, line_of(g, bv, d < 0 ? -d : 0, d < 0 ? 0 : d, 1, 1));
    for (int64_t sum = 0; sum < rows + cols; sum++)
      push_line(&out, line_of(g, bv, sum < cols ? 0 : sum - cols + 1, sum < cols ? sum : cols - 1, 1, -1));
  } else {
    for (uint32_t c = 0; c < bv->cols; c++)
      push_line(&out, line_of(g, bv, 0, c, 1, 0));
  }
  Value v = from_values(g, &out);
  VEC_FREE(out);
  return v;
}

/* --- neighbourhoods --- */

static bool offsets_of(Ground *g, Loc at, const BoardView *bv, Value kind, Offsets *o)
{
  static const int32_t ortho[4][2] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};
  static const int32_t diag[4][2] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};
  static const int32_t knight[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                       {1, -2}, {1, 2}, {2, -1}, {2, 1}};
  static const int32_t hexn[6][2] = {{-1, -1}, {-1, 1}, {0, -2}, {0, 2}, {1, -1}, {1, 1}};
  memset(o, 0, sizeof *o);
  o->symmetric = true;
  if (kind.kind == V_ATOM) {
    const char *k = ground_name(g, (Sym)kind.i);
    bool is_ortho = !strcmp(k, "orthogonal"), is_diag = !strcmp(k, "diagonal");
    bool is_king = !strcmp(k, "king"), is_knight = !strcmp(k, "knight");
    if (bv->hex && (is_ortho || !strcmp(k, "adjacent"))) {
      for (int i = 0; i < 6; i++, o->n++) {
        o->dr[o->n] = hexn[i][0];
        o->dc[o->n] = hexn[i][1];
      }
      return true;
    }
    if (bv->hex && (is_diag || is_king || is_knight)) {
      ground_error(g, at, "'%s' moves are not defined on a hex board; use orthogonal", k);
      return false;
    }
    if (is_ortho || is_king || !strcmp(k, "adjacent"))
      for (int i = 0; i < 4; i++, o->n++) {
        o->dr[o->n] = ortho[i][0];
        o->dc[o->n] = ortho[i][1];
      }
    if (is_diag || is_king)
      for (int i = 0; i < 4; i++, o->n++) {
        o->dr[o->n] = diag[i][0];
        o->dc[o->n] = diag[i][1];
      }
    if (is_knight)
      for (int i = 0; i < 8; i++, o->n++) {
        o->dr[o->n] = knight[i][0];
        o->dc[o->n] = knight[i][1];
      }
    if (o->n)
      return true;
  } else if (kind.kind == V_LIST) {             /* [[dr, dc], ...] */
    for (uint32_t i = 0; i < kind.n; i++) {
      Value p = kind.items[i];
      if (p.kind != V_LIST || p.n != 2 || p.items[0].kind != V_INT || p.items[1].kind != V_INT ||
          o->n == MAX_OFFSETS) {
        ground_error(g, at, "a neighbourhood is a list of [row step, column step] pairs of numbers, "
                            "at most %d of them", MAX_OFFSETS);
        return false;
      }
      o->dr[o->n] = (int32_t)p.items[0].i;
      o->dc[o->n++] = (int32_t)p.items[1].i;
    }
    for (uint32_t i = 0; i < o->n && o->symmetric; i++) {
      bool mirrored = false;
      for (uint32_t j = 0; j < o->n; j++)
        mirrored |= o->dr[j] == -o->dr[i] && o->dc[j] == -o->dc[i];
      o->symmetric = mirrored;
    }
    return true;
  }
  if (kind.kind != V_NONE)
    ground_error(g, at, "a move is orthogonal, diagonal, king, knight or a list of [row, column] "
                        "steps, not %s", value_words(kind));
  return false;
}

Value board_pairs(Ground *g, Loc at, const BoardView *bv, Value kind)
{
  Offsets o;
  if (!offsets_of(g, at, bv, kind, &o))
    return VALUE_NONE;
  Values out = {0};
  for (uint32_t r = 0; r < bv->rows; r++)
    for (uint32_t c = 0; c < bv->cols; c++) {
      const Value *x = board_cell(bv, r, c);
      if (!x)
        continue;
      for (uint32_t k = 0; k < o.n; k++) {
        int64_t r2 = (int64_t)r + o.dr[k], c2 = (int64_t)c + o.dc[k];
        const Value *y = board_cell(bv, r2, c2);
        bool later = r2 > r || (r2 == r && c2 > c);
        if (!y || (o.symmetric && !later))
          continue;
        Value pair = value_list(g, 2);
        pair.items[0] = *x;
        pair.items[1] = *y;
        VEC_PUSH(out, pair);
      }
    }
  Value v = from_values(g, &out);
  VEC_FREE(out);
  return v;
}

Value board_neighbours(Ground *g, Loc at, const BoardView *bv, Value r, Value c, Value kind)
{
  Offsets o;
  if (r.kind != V_INT || c.kind != V_INT)
    return ground_error(g, at, "the row and column of 'neighbours' must be numbers known before solving");
  if (!offsets_of(g, at, bv, kind, &o))
    return VALUE_NONE;
  if (!board_cell(bv, r.i - 1, c.i - 1))
    return ground_error(g, at, "there is no cell at row %lld, column %lld", (long long)r.i, (long long)c.i);
  Values out = {0};
  for (uint32_t k = 0; k < o.n; k++) {
    const Value *y = board_cell(bv, r.i - 1 + o.dr[k], c.i - 1 + o.dc[k]);
    if (y)
      VEC_PUSH(out, *y);
  }
  Value v = from_values(g, &out);
  VEC_FREE(out);
  return v;
}

/* --- regions --- */

void board_keep_map(Ground *g, uint32_t rows, uint32_t cols, VarId *cell, uint32_t *region,
                    bool squares)
{
  size_t n = (size_t)rows * cols;
  bool any = false;
  for (size_t i = 0; i < n; i++)
    any |= cell[i] != MAP_NO_CELL;
  for (size_t k = 0; any && k < g->maps.len; k++) {
    const BoardMap *m = &g->maps.data[k];
    if (m->rows == rows && m->cols == cols && m->squares == squares &&
        memcmp(m->cell, cell, n * sizeof *cell) == 0 && memcmp(m->region, region, n * sizeof *region) == 0)
      any = false;                        /* kept already (a map met in every case of a forall) */
  }
  if (!any) {
    xfree(cell);
    xfree(region);
    return;
  }
  VEC_PUSH(g->maps, ((BoardMap){rows, cols, cell, region, squares}));
}

/* The unknown a board's cell is, or MAP_NO_CELL for a known value. */
static VarId map_cell(const Value *v)
{
  if (v && v->kind == V_LIN && v->lin->n == 1 && v->lin->coef[0] == 1 && v->lin->k == 0)
    return v->lin->vars[0];
  return MAP_NO_CELL;
}

Value board_regions(Ground *g, Loc at, const BoardView *bv, Value map)
{
  if (map.kind == V_NONE)
    return VALUE_NONE;
  if (bv->rows == 1 && map.kind == V_STRING) {
    Value one = value_list(g, 1);   /* one string, "abbb": the map of a board of one row */
    one.items[0] = picture_row(g, (Sym)map.i);
    map = one;
  }
  if (map.kind != V_LIST || map.n != bv->rows)
    return ground_error(g, at, "the region map must be a picture with one row per board row (%u rows)",
                        bv->rows);
  Values labels = {0};
  VEC(Values) groups = {0};
  for (uint32_t r = 0; r < bv->rows; r++) {
    Value row = map.items[r];
    if (row.kind != V_LIST || row.n != bv->cols) {
      VEC_FREE(labels);
      for (size_t i = 0; i < groups.len; i++)
        VEC_FREE(groups.data[i]);
      VEC_FREE(groups);
      return ground_error(g, at, "row %u of the region map has %u marks, but the board has %u columns",
                          r + 1, row.kind == V_LIST ? row.n : 0, bv->cols);
    }
    for (uint32_t c = 0; c < bv->cols; c++) {
      Value label = row.items[c];
      const Value *cell = board_cell(bv, r, c);
      if (label.kind == V_WILD || !cell)
        continue;
      size_t k = 0;
      while (k < labels.len && !(labels.data[k].kind == label.kind && labels.data[k].i == label.i))
        k++;
      if (k == labels.len) {
        VEC_PUSH(labels, label);
        VEC_PUSH(groups, ((Values){0}));
      }
      VEC_PUSH(groups.data[k], *cell);
    }
  }
  /* the map, for pictures */
  size_t n = (size_t)bv->rows * bv->cols;
  VarId *cell = xmalloc((n ? n : 1) * sizeof *cell);
  uint32_t *region = xcalloc(n ? n : 1, sizeof *region);
  for (uint32_t r = 0; r < bv->rows; r++)
    for (uint32_t c = 0; c < bv->cols; c++) {
      Value label = map.items[r].items[c];
      size_t i = (size_t)r * bv->cols + c;
      cell[i] = map_cell(board_cell(bv, r, c));
      for (size_t k = 0; label.kind != V_WILD && k < labels.len; k++)
        if (labels.data[k].kind == label.kind && labels.data[k].i == label.i)
          region[i] = (uint32_t)k + 1;
    }
  board_keep_map(g, bv->rows, bv->cols, cell, region, false);
  Value out = value_list(g, (uint32_t)groups.len);
  for (size_t k = 0; k < groups.len; k++) {
    out.items[k] = from_values(g, &groups.data[k]);
    VEC_FREE(groups.data[k]);
  }
  VEC_FREE(groups);
  VEC_FREE(labels);
  return out;
}

/* --- what the last board read gave --- */

/*
** path(B, king) posts step(B, king, cell_of(B, N), cell_of(B, N + 1)) for
** every N: the same board each time, whose cells' variables and pairs of
** neighbours need working out once.  A board is known by where its cells
** are kept (the arena never moves nor frees a value, and a value is never
** changed), its shape and, for the pairs, its moves.
*/
typedef struct BoardCache {
  const void *id;
  uint32_t rows, cols;
  bool cells_known;       /* cells: every cell's variable, none made for it (see cell_vars) */
  VarIds cells;
  bool pairs_known;       /* pairs: the (p, q) cell numbers a step under `moves` allows */
  Offsets moves;
  VEC(int32_t) pairs;
} BoardCache;

static bool same_moves(const Offsets *a, const Offsets *b)
{
  if (a->n != b->n || a->symmetric != b->symmetric)
    return false;
  for (uint32_t k = 0; k < a->n; k++)
    if (a->dr[k] != b->dr[k] || a->dc[k] != b->dc[k])
      return false;
  return true;
}

static const void *board_id(const BoardView *bv)
{
  return bv->value.kind == V_BOARD ? (const void *)bv->value.board : (const void *)bv->value.items;
}

/* The cache, emptied when bv is another board than the last. */
static BoardCache *board_cache(Ground *g, const BoardView *bv)
{
  BoardCache *bc = g->board_cache;
  if (!bc)
    bc = g->board_cache = xcalloc(1, sizeof *bc);
  if (bc->id != board_id(bv) || bc->rows != bv->rows || bc->cols != bv->cols) {
    bc->id = board_id(bv);
    bc->rows = bv->rows;
    bc->cols = bv->cols;
    bc->cells_known = bc->pairs_known = false;
    VEC_CLEAR(bc->cells);
    VEC_CLEAR(bc->pairs);
  }
  return bc;
}

void board_cache_free(Ground *g)
{
  BoardCache *bc = g->board_cache;
  if (bc) {
    VEC_FREE(bc->cells);
    VEC_FREE(bc->pairs);
    xfree(bc);
  }
  g->board_cache = NULL;
}

/* --- positions: the cell that holds n --- */

/* Is v its own solver variable, or a constant (term_var makes nothing new for it)? */
static bool plain_cell(Value v)
{
  return v.kind == V_INT || v.kind == V_ATOM || v.kind == V_BOOL || (v.kind == V_LIT && !v.neg) ||
         (v.kind == V_LIN && v.lin->n == 1 && v.lin->coef[0] == 1 && v.lin->k == 0);
}

/*
** The cells as solver variables, row by row; false after an error.  When
** every cell is plain the answer is remembered: asked again it is the
** same, and term_var would make nothing (a constant's variable is made once).
*/
static bool cell_vars(Ground *g, Loc at, const BoardView *bv, VarIds *out)
{
  BoardCache *bc = board_cache(g, bv);
  if (bc->cells_known) {
    for (size_t i = 0; i < bc->cells.len; i++)
      VEC_PUSH(*out, bc->cells.data[i]);
    return true;
  }
  bool plain = true;
  for (uint32_t r = 0; r < bv->rows; r++)
    for (uint32_t c = 0; c < bv->cols; c++) {
      const Value *v = board_cell(bv, r, c);
      VarId x;
      if (!v)
        continue;
      plain &= plain_cell(*v);
      if (!term_var(g, at, *v, &x))
        return false;
      VEC_PUSH(*out, x);
    }
  if (plain && out->len) {
    bc = board_cache(g, bv);
    for (size_t i = 0; i < out->len; i++)
      VEC_PUSH(bc->cells, out->data[i]);
    bc->cells_known = true;
  }
  return true;
}

Value board_cell_of(Ground *g, Loc at, const BoardView *bv, Value n)
{
  VarIds cells = {0};
  if (n.kind == V_NONE || !cell_vars(g, at, bv, &cells)) {
    VEC_FREE(cells);
    return VALUE_NONE;
  }
  VarId want;
  if (!term_var(g, at, n, &want)) {
    VEC_FREE(cells);
    return VALUE_NONE;
  }
  /* the same board and number give the same position variable */
  for (size_t i = 0; i < g->positions.len; i++) {
    const Position *p = &g->positions.data[i];
    if (p->first == cells.data[0] && p->ncells == cells.len && p->value == want) {
      VEC_FREE(cells);
      return value_var(g, p->pos);
    }
  }
  VarId pos = term_new_var(g, 1, (int32_t)cells.len, false);
  if (ground_fixed(g, want))
    build_cell_of(g, cells.len, cells.data, ground_min(g, want), pos);
  else
    build_element(g, pos, 1, cells.len, cells.data, want);
  VEC_PUSH(g->positions, ((Position){cells.data[0], (uint32_t)cells.len, want, pos}));
  VEC_FREE(cells);
  return value_var(g, pos);
}

/* The board's cells numbered 1.. row by row (0 where there is none), *n of them;
   the caller frees the array. */
static uint32_t *number_cells(const BoardView *bv, uint32_t *n)
{
  uint32_t *index = xcalloc((size_t)bv->rows * bv->cols, sizeof *index);
  *n = 0;
  for (uint32_t r = 0; r < bv->rows; r++)
    for (uint32_t c = 0; c < bv->cols; c++)
      if (board_cell(bv, r, c))
        index[r * bv->cols + c] = ++*n;
  return index;
}

void board_post_step(Ground *g, Loc at, const BoardView *bv, Value kind, Value p, Value q)
{
  Offsets o;
  if (!offsets_of(g, at, bv, kind, &o))
    return;
  BoardCache *bc = board_cache(g, bv);
  if (!bc->pairs_known || !same_moves(&bc->moves, &o)) {
    /* number the cells 1.. row by row, then list the allowed (p, q) pairs */
    VEC_CLEAR(bc->pairs);
    uint32_t n;
    uint32_t *index = number_cells(bv, &n);
    for (uint32_t r = 0; r < bv->rows; r++)
      for (uint32_t c = 0; c < bv->cols; c++) {
        if (!index[r * bv->cols + c])
          continue;
        for (uint32_t k = 0; k < o.n; k++) {
          int64_t r2 = (int64_t)r + o.dr[k], c2 = (int64_t)c + o.dc[k];
          if (!board_cell(bv, r2, c2))
            continue;
          VEC_PUSH(bc->pairs, (int32_t)index[r * bv->cols + c]);
          VEC_PUSH(bc->pairs, (int32_t)index[r2 * bv->cols + c2]);
        }
      }
    xfree(index);
    bc->moves = o;
    bc->pairs_known = true;
  }
  VarId xs[2];
  if (term_var(g, at, p, &xs[0]) && term_var(g, at, q, &xs[1])) {
    bc = board_cache(g, bv);           /* term_var reads no board: still this one's */
    build_table(g, 2, xs, bc->pairs.len / 2, bc->pairs.data);
  }
}

void board_post_circuit(Ground *g, Loc at, const BoardView *bv, Value kind)
{
  Offsets o;
  if (!offsets_of(g, at, bv, kind, &o))
    return;
  uint32_t n;
  uint32_t *index = number_cells(bv, &n);
  VarId *xs = xmalloc(((size_t)n + 1) * sizeof *xs);
  VEC(int32_t) next = {0};
  bool ok = true;
  for (uint32_t r = 0; r < bv->rows && ok; r++)
    for (uint32_t c = 0; c < bv->cols && ok; c++) {
      const Value *x = board_cell(bv, r, c);
      if (!x)
        continue;
      next.len = 0;
      for (uint32_t k = 0; k < o.n; k++) {
        int64_t r2 = (int64_t)r + o.dr[k], c2 = (int64_t)c + o.dc[k];
        if (board_cell(bv, r2, c2))
          VEC_PUSH(next, (int32_t)index[r2 * bv->cols + c2]);
      }
      uint32_t i = index[r * bv->cols + c] - 1;
      if (x->kind != V_INT && x->kind != V_LIT && x->kind != V_LIN) {
        ground_error(g, at, "circuit reads the positions of the next cells, numbers, but the cell "
                     "at row %u, column %u is %s", r + 1, c + 1, value_words(*x));
        ok = false;
      } else if ((ok = term_var(g, at, *x, &xs[i])) && n > 1) {
        build_table(g, 1, &xs[i], next.len, next.data);   /* the next cell is a move away */
      }
    }
  if (ok)
    build_circuit(g, n, xs, 1);
  VEC_FREE(next);
  xfree(xs);
  xfree(index);
}

typedef VEC(int32_t) Ints;

/*
** The graph of a board's cells, numbered in reading order (index[r * cols
** + c] = number + 1, 0 for a hole): orthogonal neighbours, six on a hex
** board, and with outside one more node beside every cell that has fewer
** neighbours than a cell in the open.  The spec of a ModelArea: head,
** then x[ncells], first[nnodes + 1], adj, then the caller's clues.
*/
static void board_graph(const BoardView *bv, const uint32_t *index, const Ints *x, bool outside,
                        const int32_t head[3], Ints *spec)
{
  static const int32_t ortho[4][2] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};
  static const int32_t hexn[6][2] = {{-1, -1}, {-1, 1}, {0, -2}, {0, 2}, {1, -1}, {1, 1}};
  const int32_t (*step)[2] = bv->hex ? hexn : ortho;
  uint32_t nsteps = bv->hex ? 6 : 4;
  uint32_t n = (uint32_t)x->len, nn = n + (outside ? 1 : 0);
  Ints first = {0}, adj = {0}, border = {0};
  for (uint32_t r = 0; r < bv->rows; r++)
    for (uint32_t c = 0; c < bv->cols; c++) {
      uint32_t k = index[r * bv->cols + c];
      if (!k)
        continue;
      VEC_PUSH(first, (int32_t)adj.len);
      bool edge = false;
      for (uint32_t i = 0; i < nsteps; i++) {
        int64_t r2 = (int64_t)r + step[i][0], c2 = (int64_t)c + step[i][1];
        if (board_cell(bv, r2, c2))
          VEC_PUSH(adj, (int32_t)index[r2 * bv->cols + c2] - 1);
        else
          edge = true;
      }
      if (outside && edge) {
        VEC_PUSH(adj, (int32_t)n);
        VEC_PUSH(border, (int32_t)k - 1);
      }
    }
  if (outside) {
    VEC_PUSH(first, (int32_t)adj.len);
    for (size_t i = 0; i < border.len; i++)
      VEC_PUSH(adj, border.data[i]);
  }
  VEC_PUSH(first, (int32_t)adj.len);
  int32_t all[5] = {head[0], (int32_t)n, (int32_t)nn, head[1], (int32_t)adj.len};
  for (int i = 0; i < 5; i++)
    VEC_PUSH(*spec, all[i]);
  for (size_t i = 0; i < x->len; i++)
    VEC_PUSH(*spec, x->data[i]);
  for (size_t i = 0; i < first.len; i++)
    VEC_PUSH(*spec, first.data[i]);
  for (size_t i = 0; i < adj.len; i++)
    VEC_PUSH(*spec, adj.data[i]);
  VEC_FREE(first);
  VEC_FREE(adj);
  VEC_FREE(border);
}

/*
** connected(B, V), connected(B, V, outside), areas(B, V, Clues): the
** graph of B's cells (board_graph), with the clues drawn over B.
*/
void board_post_area(Ground *g, Loc at, const BoardView *bv, Value value, Loc value_at,
                     Value third, Loc third_at, bool areas, bool outside)
{
  VarId vx;
  if (!term_var(g, value_at, value, &vx))
    return;
  if (ground_min(g, vx) != ground_max(g, vx)) {
    ground_error(g, value_at, "the value of '%s' (the one its cells hold) must be known "
                 "before solving, not an unknown", areas ? "areas" : "connected");
    return;
  }
  if (areas) {
    uint32_t rows, cols;
    if (!board_shape(g, third_at, third, "areas", &rows, &cols))
      return;
    if (rows != bv->rows || cols != bv->cols) {
      ground_error(g, third_at, "the clues of areas must have the board's shape, %u by %u, but they "
                   "are %u by %u", bv->rows, bv->cols, rows, cols);
      return;
    }
  }
  uint32_t *index = xcalloc((size_t)bv->rows * bv->cols, sizeof *index);
  Ints x = {0}, clue = {0};
  bool ok = true;
  for (uint32_t r = 0; r < bv->rows && ok; r++)
    for (uint32_t c = 0; c < bv->cols && ok; c++) {
      const Value *cell = board_cell(bv, r, c);
      if (!cell)
        continue;
      VarId id;
      ok = term_var(g, at, *cell, &id);
      index[r * bv->cols + c] = (uint32_t)x.len + 1;
      VEC_PUSH(x, (int32_t)id);
      if (!areas || !ok)
        continue;
      Value t = third.items[r].items[c];
      if (t.kind == V_INT && t.i <= 0) {
        ground_error(g, third_at, "a clue of areas is the size of its area, 1 or more, not %lld",
                     (long long)t.i);
        ok = false;
      } else if (t.kind == V_INT && t.i > (int64_t)bv->rows * bv->cols) {
        ground_error(g, third_at, "a clue of areas (%lld) is larger than the board", (long long)t.i);
        ok = false;
      } else if (t.kind != V_INT && t.kind != V_WILD && t.kind != V_STRING && t.kind != V_ATOM) {
        ground_error(g, third_at, "a clue of areas is a number, a label or a blank, not %s",
                     value_words(t));
        ok = false;
      }
      VEC_PUSH(clue, t.kind == V_INT ? (int32_t)t.i : t.kind == V_WILD ? 0 : -1);
    }
  if (ok) {
    Ints spec = {0};
    int32_t head[3] = {areas, ground_min(g, vx)};
    board_graph(bv, index, &x, outside, head, &spec);
    for (size_t i = 0; i < clue.len; i++)
      VEC_PUSH(spec, clue.data[i]);
    build_area(g, spec.data, spec.len);
    VEC_FREE(spec);
  }
  VEC_FREE(x);
  VEC_FREE(clue);
  xfree(index);
}

/* sizes(B): Fillomino over the graph of B's numbers (board_graph, no outside). */
void board_post_sizes(Ground *g, Loc at, const BoardView *bv)
{
  uint32_t *index = xcalloc((size_t)bv->rows * bv->cols, sizeof *index);
  Ints x = {0};
  bool ok = true;
  for (uint32_t r = 0; r < bv->rows && ok; r++)
    for (uint32_t c = 0; c < bv->cols && ok; c++) {
      const Value *cell = board_cell(bv, r, c);
      if (!cell)
        continue;
      if (cell->kind == V_NONE) {
        ok = false;
        break;
      }
      VarId id;
      if (!value_is_number(*cell)) {
        ground_error(g, at, "sizes reads a board of numbers, but the cell at row %u, column %u "
                     "is %s", r + 1, c + 1, value_words(*cell));
        ok = false;
      } else if ((ok = term_var(g, at, *cell, &id))) {
        index[r * bv->cols + c] = (uint32_t)x.len + 1;
        VEC_PUSH(x, (int32_t)id);
      }
    }
  if (ok) {
    Ints spec = {0};
    int32_t head[3] = {0, 0};
    board_graph(bv, index, &x, false, head, &spec);
    build_sizes(g, spec.data, spec.len);
    VEC_FREE(spec);
  }
  VEC_FREE(x);
  xfree(index);
}
