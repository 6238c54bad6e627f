/*
** svg.c -- a solution as an SVG picture (pz --svg, pz_solution_svg).
**
** The shown items are drawn one under another, each under its label:
**   - a board (declared with 'board', tiled, or a shown list of rows) in
**     its own shape: square cells, or hexagons for a hex board; a region
**     map drawn over it (Ground.maps) as thick borders, or, when the
**     Model sums each of its regions (killer cages), as dashed cages with
**     their sums in a corner;
**   - a tiled board with each piece filled in the colour of its kind and
**     thick borders between pieces; with 'colours' the board's first
**     colour as a darker shade of the piece's;
**   - KenKen's cages found in the Model (out/cages.c), each with its
**     number and operation; a nonogram's runs beside its rows and columns;
**     an areas clue's sea filled and its numbers; a loop (the library
**     loop) as its line with its numbers; a list of rows with an outer
**     ring of known values as a board inside its clues; the texts of a
**     drawing (show B as ".#"), one-character ones as shapes;
**   - words of digits shown in a row whose last is the sum of the others
**     (a cryptarithm: SEND + MORE = MONEY) as the column addition;
**   - the logic grid as a table, entities by attributes;
**   - anything else as the lines pz prints for it.
** Givens (a cell that a clue about it alone fixes, or a number drawn in
** a layout) are black and bold, solved cells blue.  Part way through an
** explanation, a drawn cell known to be empty has a small dot.
**
** Everything comes from the Ground's outputs (the shown items, the maps,
** the logic grid's records), the Model (plain data: which constraints
** fix a cell alone, which sum a region, which tile a board) and the
** values of the current solution.  The same solution gives the same
** bytes: coordinates are whole numbers, or printed with one decimal.
*/
#include "out/out.h"
#include "engine/solver.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"

/* Sizes in pixels, for a projector: large digits, thick borders. */
enum {
  MARGIN = 20,       /* around the picture and between items */
  CELL = 48,         /* a square cell holding one or two characters */
  DIGIT = 28,        /* their font size */
  CAPTION = 20,      /* an item's label */
  LINE = 22,         /* text lines and the table */
  ROW = 40,          /* a table row */
  SUM = 14,          /* a cage's sum */
  HEX_R = 32,        /* a hexagon's radius */
  RUNS = 16,         /* a nonogram's clues */
};

#define GIVEN_STYLE  "font-weight=\"bold\" fill=\"#000000\""
#define SOLVED_STYLE "fill=\"#1f4fbf\""

/* What the picture knows of the Model, per variable. */
typedef struct Pic {
  const Ground *g;
  size_t nvars;
  uint8_t *given;        /* per VarId: a clue about it alone fixes it */
  int64_t *given_value;  /* ... to this value */
  uint32_t *tile_step;   /* per VarId: 1 + the MS_TILING step whose cell name it is; 0 none */
  uint32_t *tile_cell;   /* ... and the cell */
  VEC(uint32_t) sums;    /* the steps  sum(x) = k  with every coefficient 1 */
  int32_t *area_clue;    /* per VarId: 1 + the areas step's value (the land) when a cell of one; 0 none */
  int32_t *area_size;    /* ... and the clue in it: its size, -1 any, 0 none */
  uint8_t *loop;         /* per VarId: bit v + 1 set for connected(B, v), bit 0 when "with outside" too */
  int32_t *loop_out;     /* ... the value of the cells joined to the outside */
  uint8_t *sized;        /* per VarId: a cell of a sizes board (Fillomino) */
  const uint8_t *marked;  /* per VarId: 1 or 2, drawn on a coloured ground (an explanation's step); or NULL */
  Buf body;              /* the items drawn so far */
  uint32_t width, y;     /* the widest item; where the next one goes */
} Pic;

/* --- text --- */

/*
** s (valid UTF-8 without controls, as buf_text makes it) as XML text:
** the five special characters as entities, the two non-characters XML
** refuses (U+FFFE, U+FFFF) as '?'.
*/
static void xml_text(Buf *b, const char *s)
{
  for (; *s; s++) {
    switch (*s) {
    case '&': buf_puts(b, "&amp;"); break;
    case '<': buf_puts(b, "&lt;"); break;
    case '>': buf_puts(b, "&gt;"); break;
    case '"': buf_puts(b, "&quot;"); break;
    case '\'': buf_puts(b, "&apos;"); break;
    default:
      if ((unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBF &&
          ((unsigned char)s[2] == 0xBE || (unsigned char)s[2] == 0xBF)) {
        buf_putc(b, '?');
        s += 2;
      } else {
        buf_putc(b, *s);
      }
    }
  }
}

/* The width of n characters at font size f, roughly (a sans-serif's average). */
static uint32_t text_px(size_t n, unsigned f)
{
  return (uint32_t)((n * f * 62 + 99) / 100);
}

/* One line of text at (x, y), its baseline, as out_text would print `s`. */
static void text_at(Buf *b, uint32_t x, uint32_t y, unsigned size, const char *attrs, const char *s)
{
  buf_printf(b, "<text x=\"%u\" y=\"%u\" font-size=\"%u\"%s%s>", x, y, size, *attrs ? " " : "", attrs);
  xml_text(b, s);
  buf_puts(b, "</text>\n");
}

/* --- what the Model says --- */

static void pic_init(Pic *p, const Ground *g)
{
  const Model *m = g->model;
  p->g = g;
  p->nvars = m->vars.len;
  p->given = xcalloc(p->nvars + 1, 1);
  p->given_value = xcalloc(p->nvars + 1, sizeof *p->given_value);
  p->tile_step = xcalloc(p->nvars + 1, sizeof *p->tile_step);
  p->tile_cell = xcalloc(p->nvars + 1, sizeof *p->tile_cell);
  p->area_clue = xcalloc(p->nvars + 1, sizeof *p->area_clue);
  p->area_size = xcalloc(p->nvars + 1, sizeof *p->area_size);
  p->loop = xcalloc(p->nvars + 1, 1);
  p->loop_out = xcalloc(p->nvars + 1, sizeof *p->loop_out);
  p->sized = xcalloc(p->nvars + 1, sizeof *p->sized);
  for (size_t x = 0; x < p->nvars; x++)
    if (m->vars.data[x].lo == m->vars.data[x].hi) {
      p->given[x] = 1;
      p->given_value[x] = m->vars.data[x].lo;
    }
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    const int32_t *a = model_args(m, st);
    if (st->kind == MS_LINEAR && st->rel == MODEL_EQ && st->n == 1 && (size_t)a[1] < p->nvars &&
        (a[0] == 1 || (a[0] == -1 && st->k != INT64_MIN))) {   /* x = k, or -x = k */
      p->given[a[1]] = 1;
      p->given_value[a[1]] = a[0] == 1 ? st->k : -st->k;
    }
    if (st->kind == MS_LINEAR && st->rel == MODEL_EQ && st->n >= 1) {
      bool ones = true;
      for (uint32_t j = 0; j < st->n; j++)
        ones &= a[j] == 1;
      if (ones)
        VEC_PUSH(p->sums, (uint32_t)i);
    }
    if (st->kind == MS_AREAS || st->kind == MS_CONNECTED) {
      ModelArea ar = model_area(a);
      for (uint32_t c = 0; c < ar.ncells; c++) {
        VarId x = (VarId)ar.x[c];
        if ((size_t)x >= p->nvars)
          continue;
        if (ar.areas) {
          p->area_clue[x] = ar.value + 1;
          p->area_size[x] = ar.clue[c];
        } else if (ar.value >= 0 && ar.value < 7) {
          p->loop[x] |= (uint8_t)(1u << (ar.value + 1));
          if (ar.nnodes > ar.ncells) {
            p->loop[x] |= 1;
            p->loop_out[x] = ar.value;
          }
        }
      }
    }
    if (st->kind == MS_SIZES) {
      ModelArea ar = model_area(a);
      for (uint32_t c = 0; c < ar.ncells; c++)
        if ((size_t)ar.x[c] < p->nvars)
          p->sized[ar.x[c]] = 1;
    }
    if (st->kind == MS_TILING) {
      ModelTiling t = model_tiling(a);
      for (uint32_t c = 0; c < t.ncells; c++)
        if ((size_t)t.name[c] < p->nvars) {
          p->tile_step[t.name[c]] = (uint32_t)i + 1;
          p->tile_cell[t.name[c]] = c;
        }
    }
  }
}

static void pic_free(Pic *p)
{
  xfree(p->given);
  xfree(p->given_value);
  xfree(p->tile_step);
  xfree(p->tile_cell);
  xfree(p->area_clue);
  xfree(p->area_size);
  xfree(p->loop);
  xfree(p->loop_out);
  xfree(p->sized);
  VEC_FREE(p->sums);
  buf_free(&p->body);
}

/* The unknown a value is, or MAP_NO_CELL for a known one. */
static VarId value_var(Value v)
{
  if (v.kind == V_LIN && v.lin->n == 1 && v.lin->coef[0] == 1 && v.lin->k == 0)
    return v.lin->vars[0];
  return MAP_NO_CELL;
}

/* --- boards --- */

/* A board as the picture reads it: rows x cols places, some of them cells. */
typedef struct Grid {
  uint32_t rows, cols;
  bool hex;
  bool *is;          /* per place: a cell */
  VarId *var;        /* per place: its unknown, or MAP_NO_CELL */
  Value *value;      /* per place */
  const BoardMap **maps;   /* the maps drawn over it */
  size_t nmaps;
  int64_t **sums;    /* per map: per region (1-based) its sum, or INT64_MIN; NULL: not cages */
  int64_t *piece;    /* per place: the placement covering it, or -1 */
  uint32_t *kind;    /* per place: the piece's kind */
  bool tiled;
  uint32_t npieces;  /* the tiling's placements */
  const ShowItem *it;      /* the item shown: its drawing (show B as ".#") */
  bool *clue;        /* per place: not a cell but a clue around the board (a frame of known values) */
  bool loop;         /* the cells are the inside and outside of a loop (library loop): draw the loop */
  int64_t *loop_clue; /* per place of a loop's board: the number of its sides the loop runs along, or INT64_MIN */
  uint32_t *cage;    /* per place: 1 + its KenKen cage (no map: found in the Model); NULL none */
  size_t *tour;      /* a round (circuit(B, Move)) over the cells: per node, its place; NULL none */
  size_t ntour;      /* ... the nodes (every cell, in reading order) */
  int64_t tour_k;    /* ... a cell holds tour_k + the node that follows it */
  char **cage_label; /* per cage: its target and operation ("12+", "2÷") */
  uint32_t ncages;
} Grid;

/*
** A list of rows whose outer ring holds only known values (clues) around
** unknowns: the ring is drawn as clues outside the board (Skyscrapers).
*/
static void frame_of(Grid *gr, Value v)
{
  if (v.kind != V_LIST || gr->rows < 3 || gr->cols < 3)
    return;
  bool inner = false;
  for (uint32_t r = 0; r < gr->rows; r++) {
    if (v.items[r].n != gr->cols)
      return;
    for (uint32_t c = 0; c < gr->cols; c++) {
      bool ring = r == 0 || c == 0 || r == gr->rows - 1 || c == gr->cols - 1;
      bool known = v.items[r].items[c].kind != V_LIN;
      if (ring && !known)
        return;
      inner |= !ring && !known;
    }
  }
  if (!inner)
    return;
  gr->clue = xcalloc((size_t)gr->rows * gr->cols, sizeof *gr->clue);
  for (uint32_t r = 0; r < gr->rows; r++)
    for (uint32_t c = 0; c < gr->cols; c++)
      if (r == 0 || c == 0 || r == gr->rows - 1 || c == gr->cols - 1) {
        gr->clue[(size_t)r * gr->cols + c] = true;
        gr->is[(size_t)r * gr->cols + c] = false;
      }
}

/* The grid of a shown value: a drawn board, or a list of rows of scalars. */
static bool grid_of(const ShowItem *it, Grid *gr)
{
  Value v = it->value;
  memset(gr, 0, sizeof *gr);
  gr->it = it;
  if (v.kind == V_BOARD) {
    gr->rows = v.board->rows;
    gr->cols = v.board->cols;
    gr->hex = v.board->hex;
  } else if (v.kind == V_LIST && v.n > 0) {
    gr->rows = v.n;
    for (uint32_t r = 0; r < v.n; r++) {
      if (v.items[r].kind != V_LIST)
        return false;
      for (uint32_t c = 0; c < v.items[r].n; c++)
        if (v.items[r].items[c].kind == V_LIST || v.items[r].items[c].kind == V_BOARD)
          return false;
      gr->cols = v.items[r].n > gr->cols ? v.items[r].n : gr->cols;
    }
  } else {
    return false;
  }
  if (gr->cols == 0)
    return false;
  size_t n = (size_t)gr->rows * gr->cols;
  gr->is = xcalloc(n, sizeof *gr->is);
  gr->var = xmalloc(n * sizeof *gr->var);
  gr->value = xcalloc(n, sizeof *gr->value);
  for (uint32_t r = 0; r < gr->rows; r++)
    for (uint32_t c = 0; c < gr->cols; c++) {
      size_t i = (size_t)r * gr->cols + c;
      Value cell = {.kind = V_WILD};
      bool is;
      if (v.kind == V_BOARD) {
        cell = v.board->at[i];
        is = cell.kind != V_WILD;
      } else {
        is = c < v.items[r].n;
        if (is)
          cell = v.items[r].items[c];
      }
      gr->is[i] = is;
      gr->value[i] = cell;
      gr->var[i] = is ? value_var(cell) : MAP_NO_CELL;
    }
  frame_of(gr, v);
  return true;
}

static void grid_free(Grid *gr)
{
  xfree(gr->is);
  xfree(gr->var);
  xfree(gr->value);
  for (size_t k = 0; k < gr->nmaps; k++)
    xfree(gr->sums[k]);
  xfree(gr->sums);
  xfree(gr->maps);
  xfree(gr->piece);
  xfree(gr->kind);
  xfree(gr->clue);
  xfree(gr->loop_clue);
  for (uint32_t k = 0; k < gr->ncages; k++)
    xfree(gr->cage_label[k]);
  xfree(gr->cage_label);
  xfree(gr->cage);
  xfree(gr->tour);
}

/* Does map m lie over the grid: the same shape, the same unknowns? */
static bool map_fits(const BoardMap *m, const Grid *gr)
{
  if (m->rows != gr->rows || m->cols != gr->cols)
    return false;
  bool any = false;
  for (size_t i = 0; i < (size_t)m->rows * m->cols; i++) {
    if (m->cell[i] == MAP_NO_CELL)
      continue;
    if (m->cell[i] != gr->var[i])
      return false;
    any = true;
  }
  return any;
}

/*
** The sums of map m's regions, when the Model has a constraint
** sum(region) = k for every region: then it is a map of killer cages.
** NULL when it is not (sudoku boxes, jigsaw regions, a map with one sum
** among its clues, or the same sum in every region: a star in each).
** A cage of one cell is not a given.
*/
static int64_t *cage_sums(Pic *p, const BoardMap *m)
{
  size_t n = (size_t)m->rows * m->cols;
  uint32_t nregions = 0;
  for (size_t i = 0; i < n; i++)
    nregions = m->region[i] > nregions ? m->region[i] : nregions;
  int64_t *sum = xmalloc((nregions + 1) * sizeof *sum);
  uint32_t *size = xcalloc(nregions + 1, sizeof *size);
  uint32_t *of = xcalloc(p->nvars + 1, sizeof *of);   /* per VarId: 1 + its region */
  for (uint32_t k = 0; k <= nregions; k++)
    sum[k] = INT64_MIN;
  uint8_t *known = xcalloc(nregions + 1, 1);           /* has a cell of known value */
  for (size_t i = 0; i < n; i++)
    if (m->region[i] && m->cell[i] != MAP_NO_CELL && m->cell[i] < p->nvars) {
      of[m->cell[i]] = m->region[i];
      size[m->region[i]]++;
    } else if (m->region[i]) {
      known[m->region[i]] = 1;          /* its sum would leave that value out */
    }
  bool any = false;
  const Model *md = p->g->model;
  for (size_t s = 0; s < p->sums.len; s++) {
    const ModelStep *st = &md->steps.data[p->sums.data[s]];
    const int32_t *x = model_args(md, st) + st->n;
    uint32_t k = (size_t)x[0] < p->nvars ? of[x[0]] : 0;
    if (!k || known[k] || size[k] != st->n || sum[k] != INT64_MIN)
      continue;
    bool all = true;
    for (uint32_t j = 0; j < st->n; j++)
      all &= (size_t)x[j] < p->nvars && of[x[j]] == k;
    if (all) {
      sum[k] = st->k;
      any = true;
    }
  }
  bool alike = nregions > 1;                 /* the same sum everywhere: a rule (a star per region) */
  for (uint32_t k = 1; k <= nregions; k++) {  /* cages: every region summed */
    any &= sum[k] != INT64_MIN || (size[k] == 0 && !known[k]);
    alike &= sum[k] == sum[1];
  }
  any &= !alike;
  for (size_t i = 0; any && i < n; i++)       /* a cage of one cell is not a given */
    if (m->region[i] && m->cell[i] < p->nvars && size[m->region[i]] == 1 &&
        sum[m->region[i]] != INT64_MIN)
      p->given[m->cell[i]] = 0;
  xfree(known);
  xfree(of);
  xfree(size);
  if (!any) {
    xfree(sum);
    return NULL;
  }
  return sum;
}

/* KenKen's cages (out/cages.c) over a board with no region map. */
static void op_cages(Pic *p, Grid *gr)
{
  OutCages oc = out_cages(p->g, gr->rows, gr->cols, gr->is, gr->var);
  gr->cage = oc.cage;
  gr->cage_label = oc.label;
  gr->ncages = oc.n;
}

/*
** A loop's numbers (library loop, sides(B, R, C) = k): the steps
** sum(terms) = k whose terms are each (C != N), N a neighbour of the
** same cell C, or C itself (the board's edge where C is inside).
*/
static void loop_clues(Pic *p, Grid *gr)
{
  const Model *m = p->g->model;
  size_t n = (size_t)gr->rows * gr->cols;
  uint32_t *place = xcalloc(p->nvars + 1, sizeof *place);   /* per VarId: 1 + its place */
  uint32_t *ne = xcalloc(p->nvars + 1, sizeof *ne);         /* per VarId: 1 + the step z <-> (x != y) */
  for (size_t i = 0; i < n; i++)
    if (gr->is[i] && gr->var[i] < p->nvars)
      place[gr->var[i]] = (uint32_t)i + 1;
  gr->loop_clue = xmalloc(n * sizeof *gr->loop_clue);
  for (size_t i = 0; i < n; i++)
    gr->loop_clue[i] = INT64_MIN;
  for (size_t s = 0; s < m->steps.len; s++) {
    const ModelStep *st = &m->steps.data[s];
    const int32_t *a = model_args(m, st);
    if (st->kind == MS_LINEAR_REIF && st->rel == MODEL_NE && st->n == 2 && st->k == 0 &&
        a[0] == -a[1] && st->z < p->nvars && (size_t)a[2] < p->nvars && (size_t)a[3] < p->nvars &&
        place[a[2]] && place[a[3]])
      ne[st->z] = (uint32_t)s + 1;
    if (st->kind != MS_LINEAR || st->rel != MODEL_EQ || st->n < 1)
      continue;
    /* the cell in every term: one of the first pair's two */
    int64_t cand[2] = {-1, -1};
    for (uint32_t j = 0; j < st->n && cand[0] < 0; j++) {
      VarId x = (VarId)a[st->n + j];
      if (x >= p->nvars)
        break;
      if (ne[x]) {
        const int32_t *b = model_args(m, &m->steps.data[ne[x] - 1]);
        cand[0] = b[2];
        cand[1] = b[3];
      } else if (place[x]) {
        cand[0] = cand[1] = x;
      }
    }
    for (int c = 0; c < 2; c++) {
      bool all = cand[c] >= 0 && cand[0] != cand[1];   /* some term a side, not the cell alone */
      for (uint32_t j = 0; all && j < st->n; j++) {
        VarId x = (VarId)a[st->n + j];
        if (a[j] < 1 || x >= p->nvars)
          all = false;
        else if (ne[x]) {
          const int32_t *b = model_args(m, &m->steps.data[ne[x] - 1]);
          all = a[j] == 1 && (b[2] == cand[c] || b[3] == cand[c]);
        } else {
          all = (int64_t)x == cand[c];
        }
      }
      if (all) {
        gr->loop_clue[place[cand[c]] - 1] = st->k;
        break;
      }
    }
  }
  xfree(place);
  xfree(ne);
}

/*
** A round over the grid's cells (circuit(B, Move), a knight's tour): a
** circuit step whose nodes are the cells, in reading order.
*/
static void tour_of(const Pic *p, Grid *gr)
{
  const Model *m = p->g->model;
  size_t n = (size_t)gr->rows * gr->cols, ncells = 0;
  for (size_t i = 0; i < n; i++)
    ncells += gr->is[i];
  for (size_t s = 0; s < m->steps.len && !gr->tour; s++) {
    const ModelStep *st = &m->steps.data[s];
    if (st->kind != MS_CIRCUIT || st->n != ncells || ncells < 2)
      continue;
    const int32_t *x = model_args(m, st);
    size_t j = 0;
    bool same = true;
    for (size_t i = 0; i < n && same; i++)
      if (gr->is[i])
        same = gr->var[i] < p->nvars && x[j++] == (int32_t)gr->var[i];
    if (!same)
      continue;
    gr->tour = xmalloc(ncells * sizeof *gr->tour);
    gr->ntour = ncells;
    gr->tour_k = st->k;
    j = 0;
    for (size_t i = 0; i < n; i++)
      if (gr->is[i])
        gr->tour[j++] = i;
  }
}

/* The maps over the grid, their sums, and its pieces when it is tiled. */
static void grid_marks(Pic *p, Grid *gr)
{
  const Ground *g = p->g;
  size_t n = (size_t)gr->rows * gr->cols;
  gr->maps = xcalloc(g->maps.len + 1, sizeof *gr->maps);
  gr->sums = xcalloc(g->maps.len + 1, sizeof *gr->sums);
  for (size_t k = 0; k < g->maps.len; k++)
    if (map_fits(&g->maps.data[k], gr)) {
      gr->sums[gr->nmaps] = g->maps.data[k].squares ? NULL : cage_sums(p, &g->maps.data[k]);
      gr->maps[gr->nmaps++] = &g->maps.data[k];
    }
  gr->piece = xmalloc(n * sizeof *gr->piece);
  gr->kind = xcalloc(n, sizeof *gr->kind);
  uint32_t step = 0;
  for (size_t i = 0; i < n; i++) {
    gr->piece[i] = -1;
    VarId x = gr->var[i];
    if (gr->is[i] && x < p->nvars && p->tile_step[x])
      step = step ? step : p->tile_step[x];
  }
  if (!gr->nmaps && !gr->hex)
    op_cages(p, gr);
  /* a loop: every cell inside or outside it (connected, and joined to the outside) */
  gr->loop = true;
  bool anycell = false;
  for (size_t i = 0; i < n; i++) {
    VarId x = gr->var[i];
    if (!gr->is[i])
      continue;
    anycell = true;
    uint8_t l = x < p->nvars ? p->loop[x] : 0;
    gr->loop &= (l & 1) && (l & ~(1u << (p->loop_out[x] + 1)) & ~1u);
  }
  gr->loop &= anycell;
  if (gr->loop)
    loop_clues(p, gr);
  tour_of(p, gr);
  if (!step)
    return;
  /* the placement over each cell: the j-th over it, j its cover's value */
  const Model *m = g->model;
  ModelTiling t = model_tiling(model_args(m, &m->steps.data[step - 1]));
  int64_t *want = xmalloc((t.ncells + 1) * sizeof *want);
  int64_t *got = xcalloc(t.ncells + 1, sizeof *got);
  for (uint32_t c = 0; c < t.ncells; c++)
    want[c] = var_is_fixed(g->space, (VarId)t.cover[c]) ? var_value(g->space, (VarId)t.cover[c]) : -1;
  for (uint32_t q = 0; q < t.nplace; q++)
    for (int32_t j = t.first[q]; j < t.first[q + 1]; j++) {
      uint32_t c = (uint32_t)t.cells[j];
      if (got[c]++ == want[c])
        want[c] = -2 - (int64_t)q;                 /* found: placement q */
    }
  gr->tiled = true;
  gr->npieces = t.nplace;
  for (size_t i = 0; i < n; i++) {
    VarId x = gr->var[i];
    if (!gr->is[i] || x >= p->nvars || p->tile_step[x] != step)
      continue;
    int64_t w = want[p->tile_cell[x]];
    if (w <= -2) {
      gr->piece[i] = -2 - w;
      gr->kind[i] = (uint32_t)t.kind[gr->piece[i]];
    }
  }
  xfree(want);
  xfree(got);
}

static bool is_cell(const Grid *gr, int64_t r, int64_t c)
{
  return r >= 0 && c >= 0 && r < gr->rows && c < gr->cols && gr->is[(size_t)r * gr->cols + c];
}

/*
** Do places i and j (both cells) lie in different regions of a map that is
** not of cages, or, on a sizes board (Fillomino), hold known different numbers?
*/
static bool region_border(const Pic *p, const Grid *gr, size_t i, size_t j)
{
  VarId x = gr->var[i], y = gr->var[j];
  if (x < p->nvars && y < p->nvars && p->sized[x] && p->sized[y] && var_is_fixed(p->g->space, x) &&
      var_is_fixed(p->g->space, y) && var_value(p->g->space, x) != var_value(p->g->space, y))
    return true;
  for (size_t k = 0; k < gr->nmaps; k++)
    if (!gr->sums[k] && !gr->maps[k]->squares && gr->maps[k]->region[i] != gr->maps[k]->region[j])
      return true;
  if (gr->cage && gr->cage[i] != gr->cage[j])
    return true;
  return gr->tiled && gr->piece[i] != gr->piece[j];
}

/*
** A cell's text, as pz prints it or as the item's drawing draws it (then
** true, and its "." blank); blank while not known (part way through an
** explanation), and in a loop's or a round's board, where only the loop
** is drawn, unless the item is drawn (show inside as ".#").
*/
static bool cell_text(const Pic *p, const Grid *gr, size_t i, Buf *t)
{
  buf_clear(t);
  bool drawn = false;
  if (gr->it && gr->it->ndraw)
    drawn = out_drawn_cell(p->g, gr->it, gr->value[i], t);
  else if (gr->value[i].kind != V_WILD)
    out_scalar_text(p->g, gr->value[i], t);
  if (strcmp(buf_str(t), "_") == 0 || (drawn && (strcmp(buf_str(t), ".") == 0 || strcmp(buf_str(t), " ") == 0 ||
                                                  strcmp(buf_str(t), "\xc2\xb7") == 0)))
    buf_clear(t);
  VarId x = gr->var[i];
  if ((gr->loop || gr->tour) && !drawn)
    buf_clear(t);
  else if (x < p->nvars && p->area_clue[x] && !drawn) {
    buf_clear(t);                     /* an area's cell: its clue, if any */
    if (p->area_size[x] > 0)
      buf_printf(t, "%d", p->area_size[x]);
  }
  return drawn;
}

/*
** The picture of a drawing's one-character text: a shape drawn instead of
** the character ('o' for a white circle, '@' a black one).
*/
static char glyph(const char *s)
{
  if (strcmp(s, "\xe2\x97\x8b") == 0)         /* ○ */
    return 'o';
  if (strcmp(s, "\xe2\x97\x8f") == 0)         /* ● */
    return '@';
  return s[0] && !s[1] && strchr("#*^T", s[0]) ? s[0] : 0;
}

/*
** A box-drawing character of a drawing as the ways a line leaves the
** cell's centre: 1 right, 2 left, 4 up, 8 down; 0 for any other text.
*/
static unsigned line_ways(const char *s)
{
  static const struct { const char *ch; unsigned ways; } box[] = {
    /* ─ │ ┌ ┐ └ ┘, ├ ┤ ┬ ┴ ┼, and the half lines ╴ ╵ ╶ ╷ */
    {"\xe2\x94\x80", 3}, {"\xe2\x94\x82", 12}, {"\xe2\x94\x8c", 9}, {"\xe2\x94\x90", 10}, {"\xe2\x94\x94", 5}, {"\xe2\x94\x98", 6},
    {"\xe2\x94\x9c", 13}, {"\xe2\x94\xa4", 14}, {"\xe2\x94\xac", 11}, {"\xe2\x94\xb4", 7}, {"\xe2\x94\xbc", 15},
    {"\xe2\x95\xb4", 2}, {"\xe2\x95\xb5", 4}, {"\xe2\x95\xb6", 1}, {"\xe2\x95\xb7", 8},
  };
  for (size_t k = 0; k < sizeof box / sizeof *box; k++)
    if (strcmp(s, box[k].ch) == 0)
      return box[k].ways;
  return 0;
}

/*
** How the unknown x is marked: 1 made known by the step drawn, 2 only
** narrowed by it, 0 neither.
*/
static uint8_t marked(const Pic *p, VarId x)
{
  return p->marked && x != MAP_NO_CELL && x < p->nvars ? p->marked[x] : 0;
}

/* A marked cell's ground: light yellow where the step found the value, pale blue where it narrowed it. */
#define MARK_FILL(m) ((m) == 1 ? 0xffe680u : 0xdde8ffu)

static bool cell_given(const Pic *p, const Grid *gr, size_t i)
{
  Value v = gr->value[i];
  if (v.kind == V_INT || v.kind == V_ATOM || v.kind == V_BOOL || v.kind == V_STRING)
    return true;                      /* known when the puzzle was written */
  if (gr->var[i] < p->nvars && p->area_size[gr->var[i]] > 0)
    return true;                      /* an areas clue's number */
  return gr->var[i] != MAP_NO_CELL && gr->var[i] < p->nvars && p->given[gr->var[i]];
}

/* Twelve light colours, one per kind of piece (ColorBrewer's Set3). */
static const uint32_t palette[] = {
  0x8dd3c7, 0xffffb3, 0xbebada, 0xfb8072, 0x80b1d3, 0xfdb462,
  0xb3de69, 0xfccde5, 0xd9d9d9, 0xbc80bd, 0xccebc5, 0xffed6f,
};

/* The fill of place i: its piece's colour, darker on the board's first colour. */
static uint32_t cell_fill(const Grid *gr, size_t i)
{
  uint32_t shade = 0;              /* the colour of the square, with 'colours' */
  for (size_t k = 0; k < gr->nmaps; k++)
    if (gr->maps[k]->squares)
      shade = gr->maps[k]->region[i];
  uint32_t rgb = gr->piece[i] >= 0 ? palette[gr->kind[i] % (sizeof palette / sizeof *palette)] : 0xffffff;
  if (shade == 1) {                /* 70%: a dark square of the same piece */
    uint32_t r = (rgb >> 16) * 7 / 10, g = (rgb >> 8 & 0xff) * 7 / 10, b = (rgb & 0xff) * 7 / 10;
    rgb = r << 16 | g << 8 | b;
  }
  return rgb;
}

/*
** The cell size and font for texts of up to w characters: square cells
** that grow for longer texts, then a smaller font.
*/
static void cell_size(size_t w, uint32_t *size, unsigned *font)
{
  *size = CELL;
  *font = DIGIT;
  if (w > 2) {
    *size = CELL + (uint32_t)(w - 2) * 14;
    *size = *size > 120 ? 120 : *size;
    unsigned f = (unsigned)((*size - 10) * 100 / (w * 66));
    *font = f < *font ? f : *font;
  }
}

/* One side of a cage's dashed outline: from (x1, y1) to (x2, y2). */
static void seg(Buf *d, int64_t x1, int64_t y1, int64_t x2, int64_t y2)
{
  buf_printf(d, "M%lld %lldL%lld %lld", (long long)x1, (long long)y1, (long long)x2, (long long)y2);
}

/* Is place (r, c) in region k of map m (and a cell)? */
static bool in_region(const Grid *gr, const BoardMap *m, int64_t r, int64_t c, uint32_t k)
{
  return is_cell(gr, r, c) && m->region[(size_t)r * gr->cols + c] == k;
}

/*
** The dashed outline of the cages of map m, inset by `in` from the cells'
** sides: each side of a cell on the cage's border, its ends pulled in at
** the cage's corners and pushed out at its inner corners.
*/
static void cage_lines(const Grid *gr, const BoardMap *m, uint32_t x0, uint32_t y0, uint32_t s,
                       Buf *d)
{
  const int64_t in = 5;
  /* the four sides: the neighbour (dr, dc), and the direction along the side (ar, ac) */
  static const int dirs[4][4] = {{-1, 0, 0, 1}, {0, 1, 1, 0}, {1, 0, 0, -1}, {0, -1, -1, 0}};
  for (uint32_t r = 0; r < gr->rows; r++)
    for (uint32_t c = 0; c < gr->cols; c++) {
      uint32_t k = m->region[(size_t)r * gr->cols + c];
      if (!k || !is_cell(gr, r, c))
        continue;
      for (int q = 0; q < 4; q++) {
        int dr = dirs[q][0], dc = dirs[q][1], ar = dirs[q][2], ac = dirs[q][3];
        if (in_region(gr, m, (int64_t)r + dr, (int64_t)c + dc, k))
          continue;
        /* the side's line, in cell units from the cell's centre (doubled): the
           side is at 1 in direction (dr, dc), running from -1 to 1 along (ar, ac) */
        int64_t cx = (int64_t)x0 + (int64_t)c * s + s / 2, cy = (int64_t)y0 + (int64_t)r * s + s / 2;
        int64_t h = s / 2;
        int64_t end[2];
        for (int e = 0; e < 2; e++) {
          int sgn = e ? 1 : -1;
          int64_t nr = (int64_t)r + sgn * ar, nc = (int64_t)c + sgn * ac;
          if (!in_region(gr, m, nr, nc, k))
            end[e] = h - in;                       /* the cage's corner */
          else if (in_region(gr, m, nr + dr, nc + dc, k))
            end[e] = h + in;                       /* an inner corner */
          else
            end[e] = h;                            /* the side goes on */
          end[e] *= sgn;
        }
        int64_t off = h - in;                      /* the side, pulled in */
        seg(d, cx + dc * off + ac * end[0], cy + dr * off + ar * end[0],
            cx + dc * off + ac * end[1], cy + dr * off + ar * end[1]);
      }
    }
}

/*
** Per placement of a tiled grid: the place of its cell nearest its
** middle (the first in reading order on a tie), where its name goes.
*/
static size_t *piece_labels(const Grid *gr)
{
  size_t n = (size_t)gr->rows * gr->cols, np = gr->npieces + 1;
  double *sr = xcalloc(np, sizeof *sr), *sc = xcalloc(np, sizeof *sc), *cnt = xcalloc(np, sizeof *cnt);
  double *best = xmalloc(np * sizeof *best);
  size_t *at = xcalloc(np, sizeof *at);
  for (size_t i = 0; i < n; i++)
    if (gr->is[i] && gr->piece[i] >= 0) {
      sr[gr->piece[i]] += (double)(i / gr->cols);
      sc[gr->piece[i]] += (double)(i % gr->cols);
      cnt[gr->piece[i]]++;
    }
  for (size_t q = 0; q < np; q++)
    best[q] = 1e300;
  for (size_t i = 0; i < n; i++)
    if (gr->is[i] && gr->piece[i] >= 0) {
      size_t q = (size_t)gr->piece[i];
      double dr = (double)(i / gr->cols) - sr[q] / cnt[q], dc = (double)(i % gr->cols) - sc[q] / cnt[q];
      if (dr * dr + dc * dc < best[q] - 1e-9) {
        best[q] = dr * dr + dc * dc;
        at[q] = i;
      }
    }
  xfree(sr);
  xfree(sc);
  xfree(cnt);
  xfree(best);
  return at;
}

/*
** The shape a drawing's character stands for, in the cell at (x, y) of
** side s: '*' a star, '^' a tent, 'T' a tree ('#' fills the cell).
*/
static void shape(Buf *b, char c, uint32_t x, uint32_t y, uint32_t s)
{
  double cx = x + s / 2.0, cy = y + s / 2.0, R = s * 0.4;
  if (c == '*') {
    buf_puts(b, "<polygon points=\"");
    for (int k = 0; k < 10; k++) {
      double a = -1.5707963267948966 + k * 0.6283185307179586, rr = k % 2 ? R * 0.42 : R;
      buf_printf(b, "%s%.1f,%.1f", k ? " " : "", cx + rr * cos(a), cy + 0.06 * s + rr * sin(a));
    }
    buf_puts(b, "\" fill=\"#f2b705\" stroke=\"#000000\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n");
  } else if (c == '^') {
    buf_printf(b, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"#e07b39\" stroke=\"#5a2d0c\" "
                  "stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n",
               cx, cy - R * 0.85, cx + R, cy + R * 0.75, cx - R, cy + R * 0.75);
    buf_printf(b, "<path d=\"M%.1f %.1fL%.1f %.1f\" stroke=\"#5a2d0c\" stroke-width=\"1.5\"/>\n",
               cx, cy - R * 0.85, cx, cy + R * 0.75);
  } else if (c == 'T') {
    buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#7a4a1e\"/>\n",
               cx - s * 0.05, cy, s * 0.1, R * 0.9);
    buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#2e8b3a\" stroke=\"#1b5222\" "
                  "stroke-width=\"1.5\"/>\n", cx, cy - R * 0.25, R * 0.7);
  } else if (c == 'o' || c == '@') {
    buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#%s\" stroke=\"#000000\" "
                  "stroke-width=\"2.5\"/>\n", cx, cy, s * 0.3, c == 'o' ? "ffffff" : "111111");
  }
}

/*
** A drawing's line (box-drawing characters: a Masyu's loop): from each
** cell's centre to the middle of the sides its character leaves by, and
** through its circles ('o', '@'), which join the lines that run into them
** (two circles side by side join when neither has another way left).
*/
static void drawn_lines(Pic *p, const Grid *gr, uint32_t x0, uint32_t y0, uint32_t s)
{
  static const int way[4][3] = {{0, 1, 1}, {0, -1, 2}, {-1, 0, 4}, {1, 0, 8}};  /* dr, dc, bit */
  size_t n = (size_t)gr->rows * gr->cols;
  unsigned *ways = xcalloc(n, sizeof *ways);
  uint8_t *ring = xcalloc(n, 1);
  Buf t = {0};
  bool any = false;
  for (size_t i = 0; i < n; i++)
    if (gr->is[i] && cell_text(p, gr, i, &t)) {
      ways[i] = line_ways(buf_str(&t));
      ring[i] = glyph(buf_str(&t)) == 'o' || glyph(buf_str(&t)) == '@';
      any |= ways[i] != 0;
    }
  buf_free(&t);
  /* the circles' ways: the lines that run into them, then those between two circles */
  for (size_t i = 0; any && i < n; i++)
    for (int q = 0; ring[i] && q < 4; q++) {
      int64_t r = (int64_t)(i / gr->cols) + way[q][0], c = (int64_t)(i % gr->cols) + way[q][1];
      if (is_cell(gr, r, c) && (ways[(size_t)r * gr->cols + (size_t)c] & way[q ^ 1][2]) &&
          !ring[(size_t)r * gr->cols + (size_t)c])
        ways[i] |= way[q][2];
    }
  for (bool more = any; more;) {
    more = false;
    for (size_t i = 0; i < n; i++) {
      unsigned have = (ways[i] & 1) + (ways[i] >> 1 & 1) + (ways[i] >> 2 & 1) + (ways[i] >> 3 & 1), open = 0;
      size_t to[4];
      int qs[4];
      for (int q = 0; ring[i] && have < 2 && q < 4; q++) {
        int64_t r = (int64_t)(i / gr->cols) + way[q][0], c = (int64_t)(i % gr->cols) + way[q][1];
        size_t j = (size_t)r * gr->cols + (size_t)c;
        if (!(ways[i] & way[q][2]) && is_cell(gr, r, c) && ring[j]) {
          unsigned jh = (ways[j] & 1) + (ways[j] >> 1 & 1) + (ways[j] >> 2 & 1) + (ways[j] >> 3 & 1);
          if (jh < 2) {
            to[open] = j;
            qs[open++] = q;
          }
        }
      }
      if (ring[i] && have < 2 && open && open == 2 - have) {
        for (unsigned k = 0; k < open; k++) {
          ways[i] |= way[qs[k]][2];
          ways[to[k]] |= way[qs[k] ^ 1][2];
        }
        more = true;
      }
    }
  }
  Buf d = {0};
  for (size_t i = 0; any && i < n; i++)
    for (int q = 0; q < 4; q++)
      if (ways[i] & way[q][2]) {
        int64_t cx = (int64_t)x0 + (int64_t)(i % gr->cols) * s + s / 2, cy = (int64_t)y0 + (int64_t)(i / gr->cols) * s + s / 2;
        seg(&d, cx, cy, cx + way[q][1] * (int64_t)(s / 2), cy + way[q][0] * (int64_t)(s / 2));
      }
  if (d.len)
    buf_printf(&p->body, "<path d=\"%s\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"5\" "
                         "stroke-linecap=\"round\"/>\n", buf_str(&d));
  buf_free(&d);
  xfree(ways);
  xfree(ring);
}

/* The value of the unknown at place i, or INT64_MIN while not known. */
static int64_t place_value(const Pic *p, const Grid *gr, size_t i)
{
  VarId x = gr->var[i];
  if (!gr->is[i] || x >= p->nvars || !var_is_fixed(p->g->space, x))
    return INT64_MIN;
  return var_value(p->g->space, x);
}

/*
** A loop's line: the sides between a cell inside it and one outside it,
** or the board's edge, once both sides are known.
*/
static void loop_lines(Pic *p, const Grid *gr, uint32_t x0, uint32_t y0, uint32_t s)
{
  Buf d = {0};
  static const int side[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};
  for (uint32_t r = 0; r < gr->rows; r++)
    for (uint32_t c = 0; c < gr->cols; c++) {
      size_t i = (size_t)r * gr->cols + c;
      int64_t v = place_value(p, gr, i);
      if (v == INT64_MIN || v == p->loop_out[gr->var[i]])
        continue;                                  /* outside, or not known */
      for (int q = 0; q < 4; q++) {
        int64_t nr = (int64_t)r + side[q][0], nc = (int64_t)c + side[q][1];
        if (is_cell(gr, nr, nc)) {
          int64_t w = place_value(p, gr, (size_t)nr * gr->cols + (size_t)nc);
          if (w == INT64_MIN || w != p->loop_out[gr->var[i]])
            continue;
        }
        uint32_t x = x0 + c * s, y = y0 + r * s;
        if (q == 0) seg(&d, x, y, x + s, y);
        if (q == 1) seg(&d, x + s, y, x + s, y + s);
        if (q == 2) seg(&d, x, y + s, x + s, y + s);
        if (q == 3) seg(&d, x, y, x, y + s);
      }
    }
  if (d.len)
    buf_printf(&p->body, "<path d=\"%s\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"5\" "
                         "stroke-linecap=\"round\"/>\n", buf_str(&d));
  buf_free(&d);
}

/*
** The runs of a line read by a runs automaton (MS_REGULAR with rel 1,
** ground/regular.c: 0* 1^a 0+ 1^b ... 0*): follow its 1s, then its 0 to
** another state, from the start.  As text, "3 1 2"; "0" for none.
*/
static void runs_text(const Model *m, const ModelStep *st, Buf *t)
{
  const int32_t *tr = model_args(m, st) + st->n + st->hi;
  int64_t s = st->k, len = 0;
  size_t nruns = 0;
  buf_clear(t);
  for (int32_t steps = 0; steps <= st->hi; steps++) {
    int64_t one = -1, zero = -1;
    for (uint32_t j = 0; j < st->m; j++)
      if (tr[3 * j] == s && tr[3 * j + 1] == 1)
        one = tr[3 * j + 2];
      else if (tr[3 * j] == s && tr[3 * j + 1] == 0 && tr[3 * j + 2] != s)
        zero = tr[3 * j + 2];
    if (one >= 0) {
      len++;
      s = one;
      continue;
    }
    if (len > 0)
      buf_printf(t, "%s%lld", nruns++ ? " " : "", (long long)len);
    len = 0;
    if (zero < 0)
      break;
    s = zero;
  }
  if (!nruns)
    buf_puts(t, "0");
}

/*
** A nonogram's clues: per row (rows first, then columns) the runs its
** automaton reads, when a runs clue reads exactly that line, in order;
** NULL when no line has one.
*/
static Buf *runs_clues(const Pic *p, const Grid *gr)
{
  const Model *m = p->g->model;
  size_t n = (size_t)gr->rows * gr->cols, nlines = (size_t)gr->rows + gr->cols;
  uint32_t *place = xcalloc(p->nvars + 1, sizeof *place);   /* per VarId: 1 + its place */
  for (size_t i = 0; i < n; i++)
    if (gr->is[i] && gr->var[i] < p->nvars)
      place[gr->var[i]] = (uint32_t)i + 1;
  Buf *clue = NULL;
  for (size_t s = 0; s < m->steps.len; s++) {
    const ModelStep *st = &m->steps.data[s];
    if (st->kind != MS_REGULAR || st->rel != 1 || st->n == 0)
      continue;
    const int32_t *x = model_args(m, st);
    if ((size_t)x[0] >= p->nvars || !place[x[0]])
      continue;
    size_t at = place[x[0]] - 1, r = at / gr->cols, c = at % gr->cols, line;
    bool row = st->n == gr->cols && c == 0, col = st->n == gr->rows && r == 0;
    for (uint32_t j = 0; (row || col) && j < st->n; j++) {
      size_t want_row = at + j, want_col = at + (size_t)j * gr->cols;
      bool here = (size_t)x[j] < p->nvars && place[x[j]];
      row &= here && place[x[j]] - 1 == want_row;
      col &= here && place[x[j]] - 1 == want_col;
    }
    if (row)
      line = r;
    else if (col)
      line = gr->rows + c;
    else
      continue;
    if (!clue)
      clue = xcalloc(nlines, sizeof *clue);
    runs_text(m, st, &clue[line]);
  }
  xfree(place);
  return clue;
}

/*
** The clues of a board whose rows and columns each have a sum to make
** (Tents: sum(row(tent, R)) = rows[R]): per line (rows first, then
** columns) its sum as text, when a sum with every coefficient 1 runs
** over exactly that line's unknowns, and over unknowns that are fixed to
** 0 (a tree's cell, shown as the tree); NULL when no line has one, or
** when every line has the same one (a rule, as in a magic square).
*/
static Buf *sum_clues(const Pic *p, const Grid *gr)
{
  const Model *m = p->g->model;
  size_t n = (size_t)gr->rows * gr->cols, nlines = (size_t)gr->rows + gr->cols;
  uint32_t *place = xcalloc(p->nvars + 1, sizeof *place);   /* per VarId: 1 + its place */
  uint32_t *unknowns = xcalloc(nlines, sizeof *unknowns);     /* per line */
  int64_t *sum = xmalloc(nlines * sizeof *sum);
  for (size_t l = 0; l < nlines; l++)
    sum[l] = INT64_MIN;
  for (size_t i = 0; i < n; i++)
    if (gr->is[i] && gr->var[i] < p->nvars && !place[gr->var[i]]) {
      place[gr->var[i]] = (uint32_t)i + 1;
      unknowns[i / gr->cols]++;
      unknowns[gr->rows + i % gr->cols]++;
    }
  for (size_t k = 0; k < p->sums.len; k++) {
    const ModelStep *st = &m->steps.data[p->sums.data[k]];
    const int32_t *x = model_args(m, st) + st->n;
    bool row = true, col = true;
    size_t r0 = 0, c0 = 0;
    uint32_t on = 0;
    for (uint32_t j = 0; j < st->n && (row || col); j++) {
      if ((size_t)x[j] >= p->nvars) {
        row = col = false;
      } else if (place[x[j]]) {
        size_t i = place[x[j]] - 1;
        if (on++ == 0) {
          r0 = i / gr->cols;
          c0 = i % gr->cols;
        }
        row &= i / gr->cols == r0;
        col &= i % gr->cols == c0;
      } else if (!p->given[x[j]] || p->given_value[x[j]] != 0) {
        row = col = false;
      }
    }
    if (on < 2)
      continue;
    if (row && on == unknowns[r0])
      sum[r0] = st->k;
    else if (col && on == unknowns[gr->rows + c0])
      sum[gr->rows + c0] = st->k;
  }
  size_t found = 0;
  bool alike = true;
  int64_t first = INT64_MIN;
  for (size_t l = 0; l < nlines; l++)
    if (sum[l] != INT64_MIN) {
      first = found++ ? first : sum[l];
      alike &= sum[l] == first;
    }
  Buf *clue = NULL;
  if (found >= 2 && !alike) {
    clue = xcalloc(nlines, sizeof *clue);
    for (size_t l = 0; l < nlines; l++)
      if (sum[l] != INT64_MIN)
        buf_printf(&clue[l], "%lld", (long long)sum[l]);
  }
  xfree(place);
  xfree(unknowns);
  xfree(sum);
  return clue;
}

/*
** A round's jumps (circuit(B, Move): a knight's tour), from each cell's
** centre to the next's: given ones black, found ones blue.  Once all are
** known, each cell's place in the round, from 1 in the first cell.
*/
static void tour_lines(Pic *p, const Grid *gr, uint32_t x0, uint32_t y0, uint32_t s)
{
  size_t nt = gr->ntour;
  int64_t *next = xmalloc(nt * sizeof *next);
  Buf given = {0}, found = {0};
  bool all = true;
  for (size_t j = 0; j < nt; j++) {
    size_t i = gr->tour[j];
    int64_t v = place_value(p, gr, i);
    next[j] = v == INT64_MIN || v - gr->tour_k < 0 || v - gr->tour_k >= (int64_t)nt ? -1 : v - gr->tour_k;
    all &= next[j] >= 0;
    if (next[j] < 0)
      continue;
    size_t to = gr->tour[next[j]];
    seg(cell_given(p, gr, i) ? &given : &found,
        (int64_t)x0 + (int64_t)(i % gr->cols) * s + s / 2, (int64_t)y0 + (int64_t)(i / gr->cols) * s + s / 2,
        (int64_t)x0 + (int64_t)(to % gr->cols) * s + s / 2, (int64_t)y0 + (int64_t)(to / gr->cols) * s + s / 2);
  }
  if (found.len)
    buf_printf(&p->body, "<path d=\"%s\" fill=\"none\" stroke=\"#1f4fbf\" stroke-width=\"2.5\" "
                         "stroke-linecap=\"round\"/>\n", buf_str(&found));
  if (given.len)
    buf_printf(&p->body, "<path d=\"%s\" fill=\"none\" stroke=\"#000000\" stroke-width=\"3.5\" "
                         "stroke-linecap=\"round\"/>\n", buf_str(&given));
  /* the places in the round: one round through every cell, from the first */
  uint32_t *at = all ? xcalloc(nt, sizeof *at) : NULL;
  size_t j = 0, k = 0;
  for (; all && k < nt && !at[j]; k++) {
    at[j] = (uint32_t)k + 1;
    j = (size_t)next[j];
  }
  if (all && k == nt && j == 0) {
    for (j = 0; j < nt; j++) {
      size_t i = gr->tour[j];
      uint32_t cx = x0 + (uint32_t)(i % gr->cols) * s + s / 2, cy = y0 + (uint32_t)(i / gr->cols) * s + s / 2;
      buf_printf(&p->body, "<circle cx=\"%u\" cy=\"%u\" r=\"13\" fill=\"#ffffff\" stroke=\"#%s\" "
                           "stroke-width=\"1.5\"/>\n", cx, cy, j == 0 ? "000000" : "999999");
      char num[16];
      snprintf(num, sizeof num, "%u", at[j]);
      text_at(&p->body, cx, cy + 6, 16, j == 0 ? "text-anchor=\"middle\" " GIVEN_STYLE
                                                : "text-anchor=\"middle\" fill=\"#000000\"", num);
    }
  }
  xfree(at);
  xfree(next);
  buf_free(&given);
  buf_free(&found);
}

/* A square-celled board at (x0, y0); its size into *w, *h. */
static void square_board(Pic *p, Grid *gr, uint32_t x0, uint32_t y0, uint32_t *w, uint32_t *h)
{
  Buf *b = &p->body, t = {0};
  size_t n = (size_t)gr->rows * gr->cols, widest = 1;
  for (size_t i = 0; i < n; i++)
    if (gr->is[i] || (gr->clue && gr->clue[i])) {
      cell_text(p, gr, i, &t);
      size_t cw = text_width(buf_str(&t), t.len);
      widest = cw > widest ? cw : widest;
    }
  uint32_t s;
  unsigned font;
  cell_size(widest, &s, &font);
  /* a nonogram's clues: the rows' to the left, the columns' above, each run a number */
  Buf *runs = gr->hex || gr->clue ? NULL : runs_clues(p, gr);
  if (!runs && !gr->hex && !gr->clue && !gr->loop && !gr->tour && !gr->tiled)
    runs = sum_clues(p, gr);         /* Tents' numbers, drawn the same way */
  uint32_t left = 0, top = 0;
  for (uint32_t r = 0; runs && r < gr->rows; r++) {
    uint32_t lw = runs[r].len ? text_px(runs[r].len, RUNS) + 8 : 0;
    left = lw > left ? lw : left;
  }
  for (uint32_t c = 0; runs && c < gr->cols; c++) {
    uint32_t k = 0;
    const char *q = buf_str(&runs[gr->rows + c]);
    for (k = runs[gr->rows + c].len ? 1 : 0; *q; q++)
      k += *q == ' ';
    top = k * (RUNS + 2) + 6 > top ? k * (RUNS + 2) + 6 : top;
  }
  for (uint32_t r = 0; runs && r < gr->rows; r++)
    if (runs[r].len) {
      Buf a = {0};
      buf_printf(&a, "text-anchor=\"end\" %s", GIVEN_STYLE);
      text_at(b, x0 + left - 8, y0 + top + r * s + s / 2 + RUNS * 35 / 100, RUNS, buf_str(&a), buf_str(&runs[r]));
      buf_free(&a);
    }
  for (uint32_t c = 0; runs && c < gr->cols; c++) {
    Buf *q = &runs[gr->rows + c];
    uint32_t k = 0, nk = q->len ? 1 : 0;
    for (size_t j = 0; j < q->len; j++)
      nk += q->data[j] == ' ';
    for (const char *e = buf_str(q); *e; k++) {     /* one number a line, the last just above the board */
      size_t len = strcspn(e, " ");
      Buf num = {0}, a = {0};
      buf_add(&num, e, len);
      buf_printf(&a, "text-anchor=\"middle\" %s", GIVEN_STYLE);
      text_at(b, x0 + left + c * s + s / 2, y0 + top - 6 - (nk - 1 - k) * (RUNS + 2), RUNS, buf_str(&a), buf_str(&num));
      buf_free(&num);
      buf_free(&a);
      e += len + (e[len] == ' ');
    }
  }
  for (size_t l = 0; runs && l < (size_t)gr->rows + gr->cols; l++)
    buf_free(&runs[l]);
  xfree(runs);
  x0 += left;
  y0 += top;
  bool cages = gr->cage != NULL;
  for (size_t k = 0; k < gr->nmaps; k++)
    cages |= gr->sums[k] != NULL;
  /* the cells, thin lines between them; the sea of an areas clue and a drawing's '#' dark */
  for (uint32_t r = 0; r < gr->rows; r++)
    for (uint32_t c = 0; c < gr->cols; c++) {
      size_t i = (size_t)r * gr->cols + c;
      if (!gr->is[i])
        continue;
      VarId x = gr->var[i];
      uint32_t fill = cell_fill(gr, i);
      bool drawn = cell_text(p, gr, i, &t);
      if (drawn && glyph(buf_str(&t)) == '#')
        fill = 0x222222;
      else if (x < p->nvars && p->area_clue[x] && var_is_fixed(p->g->space, x) &&
               var_value(p->g->space, x) != p->area_clue[x] - 1)
        fill = 0x333333;
      else if (gr->loop && p->marked && place_value(p, gr, i) == p->loop_out[x])
        fill = 0xeeeeee;              /* part way: the cells known to be outside the loop */
      if (marked(p, x))
        fill = MARK_FILL(marked(p, x));
      buf_printf(b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#%06x\" "
                    "stroke=\"#%s\" stroke-width=\"1\"/>\n",
                 x0 + c * s, y0 + r * s, s, s, fill, gr->loop ? "cccccc" : "999999");
      if (p->marked && x < p->nvars && p->area_clue[x] && p->area_size[x] <= 0 &&
          place_value(p, gr, i) == p->area_clue[x] - 1)   /* part way: a cell known to be land */
        buf_printf(b, "<circle cx=\"%u\" cy=\"%u\" r=\"4\" fill=\"#888888\"/>\n",
                   x0 + c * s + s / 2, y0 + r * s + s / 2);
      else if (p->marked && drawn && t.len == 0 && x < p->nvars && var_is_fixed(p->g->space, x) && !gr->loop)
        buf_printf(b, "<circle cx=\"%u\" cy=\"%u\" r=\"3\" fill=\"#888888\"/>\n",   /* part way: known empty */
                   x0 + c * s + s / 2, y0 + r * s + s / 2);
    }
  /* thick lines: the board's outline, between regions, between pieces */
  Buf d = {0};
  for (uint32_t r = 0; r < gr->rows; r++)
    for (uint32_t c = 0; c < gr->cols; c++) {
      size_t i = (size_t)r * gr->cols + c;
      uint32_t x = x0 + c * s, y = y0 + r * s;
      if (!gr->is[i])
        continue;
      if (!is_cell(gr, r, (int64_t)c - 1))
        seg(&d, x, y, x, y + s);
      if (!is_cell(gr, (int64_t)r - 1, c))
        seg(&d, x, y, x + s, y);
      if (!is_cell(gr, r, c + 1) || region_border(p, gr, i, i + 1))
        seg(&d, x + s, y, x + s, y + s);
      if (!is_cell(gr, r + 1, c) || region_border(p, gr, i, i + gr->cols))
        seg(&d, x, y + s, x + s, y + s);
    }
  if (!gr->loop)
    buf_printf(b, "<path d=\"%s\" fill=\"none\" stroke=\"#000000\" stroke-width=\"3\" "
                  "stroke-linecap=\"square\"/>\n", buf_str(&d));
  else
    loop_lines(p, gr, x0, y0, s);
  if (gr->it && gr->it->ndraw)
    drawn_lines(p, gr, x0, y0, s);
  if (gr->tour)
    tour_lines(p, gr, x0, y0, s);
  /* cages: dashed, with the sum at the top left of the cage's first cell */
  for (size_t k = 0; k < gr->nmaps; k++) {
    if (!gr->sums[k])
      continue;
    buf_clear(&d);
    cage_lines(gr, gr->maps[k], x0, y0, s, &d);
    buf_printf(b, "<path d=\"%s\" fill=\"none\" stroke=\"#333333\" stroke-width=\"1.5\" "
                  "stroke-dasharray=\"4 3\"/>\n", buf_str(&d));
    uint32_t nregions = 0;
    for (size_t i = 0; i < n; i++)
      nregions = gr->maps[k]->region[i] > nregions ? gr->maps[k]->region[i] : nregions;
    uint8_t *done = xcalloc(nregions + 1, 1);
    for (size_t i = 0; i < n; i++) {
      uint32_t reg = gr->maps[k]->region[i];
      if (!gr->is[i] || !reg || done[reg] || gr->sums[k][reg] == INT64_MIN)
        continue;
      done[reg] = 1;
      char num[32];
      snprintf(num, sizeof num, "%lld", (long long)gr->sums[k][reg]);
      uint32_t x = x0 + (uint32_t)(i % gr->cols) * s, y = y0 + (uint32_t)(i / gr->cols) * s;
      buf_printf(b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#ffffff\"/>\n",
                 x + 2, y + 2, text_px(strlen(num), SUM) + 4, SUM + 2);
      text_at(b, x + 4, y + 2 + SUM, SUM, "fill=\"#333333\"", num);
    }
    xfree(done);
  }
  /* KenKen's cages: the target and operation at the top left of the cage's first cell */
  for (uint32_t k = 0; gr->cage && k < gr->ncages; k++)
    for (size_t i = 0; i < n; i++)
      if (gr->cage[i] == k + 1) {
        uint32_t x = x0 + (uint32_t)(i % gr->cols) * s, y = y0 + (uint32_t)(i / gr->cols) * s;
        text_at(b, x + 4, y + 2 + SUM, SUM, "fill=\"#333333\"", gr->cage_label[k]);
        break;
      }
  /* the values; in a tiling the piece's name once, in its cell nearest its middle */
  size_t *label_at = gr->tiled ? piece_labels(gr) : NULL;
  for (size_t i = 0; i < n; i++) {
    bool clue = gr->clue && gr->clue[i];
    if ((!gr->is[i] && !clue) || (gr->tiled && (gr->piece[i] < 0 || label_at[gr->piece[i]] != i)))
      continue;                     /* an uncovered cell is left blank */
    bool drawn = cell_text(p, gr, i, &t);
    if (gr->loop_clue && gr->loop_clue[i] != INT64_MIN)
      buf_printf(&t, "%lld", (long long)gr->loop_clue[i]);
    if (!t.len || (drawn && line_ways(buf_str(&t))))
      continue;                     /* a line's character: drawn as the line */
    if (drawn && glyph(buf_str(&t))) {
      shape(b, glyph(buf_str(&t)), x0 + (uint32_t)(i % gr->cols) * s, y0 + (uint32_t)(i / gr->cols) * s, s);
      continue;
    }
    const char *style = gr->tiled ? "fill=\"#000000\"" : clue || gr->loop || cell_given(p, gr, i) ? GIVEN_STYLE : SOLVED_STYLE;
    unsigned f = cages && font > 24 ? 24 : font;
    uint32_t x = x0 + (uint32_t)(i % gr->cols) * s + s / 2;
    uint32_t y = y0 + (uint32_t)(i / gr->cols) * s + s / 2 + f * 35 / 100 + (cages ? 3 : 0);
    Buf a = {0};
    buf_printf(&a, "text-anchor=\"middle\" %s", style);
    text_at(b, x, y, f, buf_str(&a), buf_str(&t));
    buf_free(&a);
  }
  xfree(label_at);
  buf_free(&d);
  buf_free(&t);
  *w = left + gr->cols * s;
  *h = top + gr->rows * s;
}

/*
** A hex board at (x0, y0): pointed-top hexagons, a row's neighbours two
** places apart, so place (r, c) has its centre at c half-widths across
** and 1.5 radii per row down.
*/
static void hex_board(Pic *p, Grid *gr, uint32_t x0, uint32_t y0, uint32_t *w, uint32_t *h)
{
  Buf *b = &p->body, t = {0};
  const double R = HEX_R, half = R * 0.8660254037844386;   /* half a hexagon's width */
  for (uint32_t r = 0; r < gr->rows; r++)
    for (uint32_t c = 0; c < gr->cols; c++) {
      size_t i = (size_t)r * gr->cols + c;
      if (!gr->is[i])
        continue;
      double cx = x0 + half * (c + 1), cy = y0 + R + 1.5 * R * r;
      buf_printf(b, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
                    "fill=\"#%06x\" stroke=\"#000000\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>\n",
                 cx, cy - R, cx + half, cy - R / 2, cx + half, cy + R / 2, cx, cy + R,
                 cx - half, cy + R / 2, cx - half, cy - R / 2, marked(p, gr->var[i]) ? MARK_FILL(marked(p, gr->var[i])) : 0xffffffu);
      cell_text(p, gr, i, &t);
      if (!t.len)
        continue;
      unsigned f = t.len > 2 ? 20 : 26;
      Buf a = {0};
      buf_printf(&a, "text-anchor=\"middle\" %s", cell_given(p, gr, i) ? GIVEN_STYLE : SOLVED_STYLE);
      buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%u\" %s>", cx, cy + f * 0.35, f, buf_str(&a));
      xml_text(b, buf_str(&t));
      buf_puts(b, "</text>\n");
      buf_free(&a);
    }
  buf_free(&t);
  *w = (uint32_t)ceil(half * (gr->cols + 1));
  *h = (uint32_t)ceil(2 * R + 1.5 * R * (gr->rows ? gr->rows - 1 : 0));
}

/* --- the logic grid --- */

/*
** Is attribute a of entity e a given: a clue about it alone fixes it, or
** fixes which entity has its value (clue 10: norwegian = first(house))?
*/
static bool table_given(const Pic *p, size_t a, uint32_t e)
{
  const Ground *g = p->g;
  const GridAttr *at = &g->attrs.data[a];
  VarId x = at->of[e];
  if (x < p->nvars && p->given[x])
    return true;
  if (!var_is_fixed(g->space, x))
    return false;
  int64_t v = var_value(g->space, x), code = g->entities.items[e].i;
  const Model *m = g->model;
  /* who has value v: the element steps  const(v) = arr[who - base]  over this attribute */
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind != MS_ELEMENT || st->n != at->span || st->k != at->base || st->x >= p->nvars ||
        !p->given[st->x] || p->given_value[st->x] != code || st->z >= p->nvars)
      continue;
    const int32_t *arr = model_args(m, st);
    bool same = true;
    for (uint32_t j = 0; j < st->n; j++)
      same &= (VarId)arr[j] == at->arr[j];
    if (same && m->vars.data[st->z].lo == v && m->vars.data[st->z].hi == v)
      return true;
  }
  return false;
}

/* The logic grid: a heading row, then a row per entity; width and height into *w, *h. */
static void table(Pic *p, uint32_t x0, uint32_t y0, uint32_t *w, uint32_t *h)
{
  const Ground *g = p->g;
  Buf *b = &p->body, t = {0};
  size_t ncols = g->attrs.len + 1;
  uint32_t *cw = xcalloc(ncols, sizeof *cw), *cx = xcalloc(ncols + 1, sizeof *cx);
  for (size_t c = 0; c < ncols; c++) {
    buf_clear(&t);
    out_table_head(g, (int)c, &t);
    size_t most = text_width(buf_str(&t), t.len);
    for (uint32_t e = 0; e < g->entities.n; e++) {
      buf_clear(&t);
      out_table_cell(g, e, (int)c - 1, &t);
      size_t n = text_width(buf_str(&t), t.len);
      most = n > most ? n : most;
    }
    if (c > 0 && g->entities.n > 0 && g->attrs.data[c - 1].of[0] < p->nvars) {
      /* every value the attribute may take: the same columns step after step */
      const GridAttr *at = &g->attrs.data[c - 1];
      const ModelStep *st = &g->model->steps.data[g->model->vars.data[at->of[0]].step];
      const int32_t *v = model_args(g->model, st);
      for (uint32_t j = 0; st->kind == MS_VAR_VALUES && j < st->n; j++) {
        buf_clear(&t);
        if (at->names)
          buf_text(&t, sym_name(g->syms, (Sym)v[j]));
        else
          buf_printf(&t, "%d", v[j]);
        size_t n = text_width(buf_str(&t), t.len);
        most = n > most ? n : most;
      }
    }
    cw[c] = text_px(most, LINE) * 11 / 10 + 24;   /* room for bold */
    cx[c + 1] = cx[c] + cw[c];
  }
  uint32_t nrows = g->entities.n + 1;
  buf_printf(b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#e8e8e8\"/>\n",
             x0, y0, cx[ncols], ROW);
  for (uint32_t r = 0; r < nrows; r++)
    for (size_t c = 0; c < ncols; c++) {
      buf_clear(&t);
      const char *style = SOLVED_STYLE;
      if (r == 0) {
        out_table_head(g, (int)c, &t);
        style = GIVEN_STYLE;
      } else {
        out_table_cell(g, r - 1, (int)c - 1, &t);
        if (strcmp(buf_str(&t), "_") == 0)
          buf_clear(&t);                        /* not known yet */
        if (c == 0 || table_given(p, c - 1, r - 1))
          style = GIVEN_STYLE;
        if (c > 0 && marked(p, g->attrs.data[c - 1].of[r - 1]))
          buf_printf(b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#%06x\"/>\n",
                     x0 + cx[c], y0 + r * ROW, cw[c], ROW, MARK_FILL(marked(p, g->attrs.data[c - 1].of[r - 1])));
      }
      if (t.len)
        text_at(b, x0 + cx[c] + 12, y0 + r * ROW + ROW / 2 + LINE * 35 / 100, LINE, style, buf_str(&t));
    }
  Buf d = {0};
  for (uint32_t r = 0; r <= nrows; r++)
    seg(&d, x0, y0 + r * ROW, x0 + cx[ncols], y0 + r * ROW);
  for (size_t c = 0; c <= ncols; c++)
    seg(&d, x0 + cx[c], y0, x0 + cx[c], y0 + nrows * ROW);
  buf_printf(b, "<path d=\"%s\" fill=\"none\" stroke=\"#999999\" stroke-width=\"1\"/>\n", buf_str(&d));
  buf_clear(&d);
  seg(&d, x0, y0 + ROW, x0 + cx[ncols], y0 + ROW);                   /* under the headings */
  seg(&d, x0 + cx[1], y0, x0 + cx[1], y0 + nrows * ROW);             /* after the entities */
  buf_printf(b, "<path d=\"%s\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2\"/>\n", buf_str(&d));
  buf_printf(b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"none\" stroke=\"#000000\" "
                "stroke-width=\"2\"/>\n", x0, y0, cx[ncols], nrows * ROW);
  *w = cx[ncols];
  *h = nrows * ROW;
  buf_free(&d);
  buf_free(&t);
  xfree(cw);
  xfree(cx);
}

/* --- items --- */

/* Room for an item of width w and height h: widen the picture, move down. */
static void placed(Pic *p, uint32_t w, uint32_t h)
{
  p->width = w > p->width ? w : p->width;
  p->y += h + MARGIN;
}

/* Text lines (as pz prints them), one <text> each. */
static void lines(Pic *p, const char *s)
{
  Buf line = {0};
  uint32_t w = 0, h = 0;
  while (*s) {
    const char *nl = strchr(s, '\n');
    size_t n = nl ? (size_t)(nl - s) : strlen(s);
    buf_clear(&line);
    buf_add(&line, s, n);
    h += LINE + 10;
    text_at(&p->body, MARGIN, p->y + h - 10, LINE, "xml:space=\"preserve\" fill=\"#000000\"", buf_str(&line));
    uint32_t lw = text_px(text_width(s, n), LINE);
    w = lw > w ? lw : w;
    s += n + (nl != NULL);
  }
  buf_free(&line);
  placed(p, w, h);
}

/* --- a column sum (a cryptarithm) --- */

enum { WORD_MAX = 9 };   /* letters in a word: its coefficients fit in int32 */

/*
** A shown value that spells a word of digits, its letters from the left
** into w[0..*len): the sum of its letters times 10^(len-1), ..., 10, 1,
** each letter an unknown in 0..9; a letter used twice has its powers
** added up (TOOT is 1001 t + 110 o), so each coefficient's decimal
** digits are 0s and 1s and together they hold each power once.
*/
static bool word_of(const Pic *p, const ShowItem *it, VarId *w, uint32_t *len)
{
  Value v = it->value;
  if (it->who || it->text || it->ndraw || v.kind != V_LIN || v.atom || v.lin->k != 0 || v.lin->n == 0)
    return false;
  const Model *m = p->g->model;
  VarId at[WORD_MAX];   /* per power of 10: the letter, from the right */
  uint32_t used = 0, top = 0;
  for (uint32_t j = 0; j < v.lin->n; j++) {
    VarId x = v.lin->vars[j];
    int64_t c = v.lin->coef[j];
    if ((size_t)x >= p->nvars || m->vars.data[x].lo < 0 || m->vars.data[x].hi > 9 || c <= 0)
      return false;
    for (uint32_t pw = 0; c > 0; pw++, c /= 10) {
      if (c % 10 == 0)
        continue;
      if (c % 10 != 1 || pw >= WORD_MAX || (used >> pw & 1))
        return false;
      used |= 1u << pw;
      at[pw] = x;
      top = pw + 1 > top ? pw + 1 : top;
    }
  }
  if (used != (1u << top) - 1)
    return false;
  for (uint32_t k = 0; k < top; k++)
    w[k] = at[top - 1 - k];
  *len = top;
  return true;
}

/*
** Do the words of items[0..n) make a column sum: does the Model hold
** items[0] + ... + items[n-2] = items[n-1], as one linear equation (the
** two sides' coefficients merged, in any order, times any factor)?
*/
static bool column_sum_holds(const Pic *p, const ShowItem *items, size_t n)
{
  const Model *m = p->g->model;
  int64_t *comb = xcalloc(p->nvars + 1, sizeof *comb);
  VarId *vars = xmalloc((size_t)(WORD_MAX * n) * sizeof *vars);
  size_t nv = 0;
  for (size_t i = 0; i < n; i++) {
    const Lin *l = items[i].value.lin;
    for (uint32_t j = 0; j < l->n; j++) {
      if (comb[l->vars[j]] == 0)
        vars[nv++] = l->vars[j];
      comb[l->vars[j]] += i + 1 < n ? l->coef[j] : -l->coef[j];
    }
  }
  size_t nonzero = 0;
  bool fits = true;
  for (size_t j = 0; j < nv; j++) {
    nonzero += comb[vars[j]] != 0;
    fits &= comb[vars[j]] > -INT32_MAX && comb[vars[j]] < INT32_MAX;
  }
  bool found = false;
  for (size_t i = 0; fits && nonzero > 0 && !found && i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind != MS_LINEAR || st->rel != MODEL_EQ || st->k != 0 || st->n != nonzero)
      continue;
    const int32_t *a = model_args(m, st);
    VarId x0 = (VarId)a[st->n];
    found = (size_t)x0 < p->nvars && comb[x0] != 0;
    for (uint32_t j = 0; found && j < st->n; j++) {
      VarId x = (VarId)a[st->n + j];
      found = (size_t)x < p->nvars && comb[x] != 0 && (int64_t)a[j] * comb[x0] == comb[x] * (int64_t)a[0];
    }
  }
  xfree(vars);
  xfree(comb);
  return found;
}

/*
** How many shown items from items[0] make a column sum (three or more
** words, the last their sum, one of them two letters long at least), or 0.
*/
static size_t column_sum_at(const Pic *p, const ShowItem *items, size_t left)
{
  VarId w[WORD_MAX];
  uint32_t len;
  size_t n = 0;
  bool long_word = false;
  while (n < left && word_of(p, &items[n], w, &len)) {
    long_word |= len >= 2;
    n++;
  }
  for (; n >= 3 && long_word; n--)
    if (column_sum_holds(p, items, n))
      return n;
  return 0;
}

/* The letter an unknown stands for: its name, upper case when one letter. */
static void letter_of(const Pic *p, VarId x, Buf *t)
{
  Buf name = {0};
  buf_clear(t);
  if (model_name(p->g->model, x, &name)) {
    if (name.len == 1 && buf_str(&name)[0] >= 'a' && buf_str(&name)[0] <= 'z')
      buf_putc(t, (char)(buf_str(&name)[0] - 'a' + 'A'));
    else
      buf_text(t, buf_str(&name));
  }
  buf_free(&name);
}

/*
** Words in a column sum, as it is written on paper: the addends right
** aligned one under another, a '+' before the last, a rule, the sum under
** it; each letter small over its digit (givens black and bold, found
** digits blue, unknown ones blank), and once every digit is known the
** carries small over the columns they go into.  The caption is the sum
** in letters (SEND + MORE = MONEY), or in the items' labels when a letter
** is named with more than one character (d[1]).
*/
static void column_sum(Pic *p, const ShowItem *items, size_t n)
{
  enum { LETTER = 18, CARRY = 15, WROW = 62 };
  VarId (*w)[WORD_MAX] = xmalloc(n * sizeof *w);
  uint32_t *len = xmalloc(n * sizeof *len), cols = 0;
  bool known = true;
  for (size_t i = 0; i < n; i++) {
    word_of(p, &items[i], w[i], &len[i]);
    cols = len[i] > cols ? len[i] : cols;
    for (uint32_t k = 0; k < len[i]; k++)
      known &= var_is_fixed(p->g->space, w[i][k]);
  }
  Buf cap = {0}, t = {0};
  bool letters = true;   /* every letter one character: the caption spells the words */
  for (size_t i = 0; i < n; i++) {
    buf_puts(&cap, i == 0 ? "" : i + 1 < n ? " + " : " = ");
    for (uint32_t k = 0; k < len[i]; k++) {
      letter_of(p, w[i][k], &t);
      letters &= text_width(buf_str(&t), t.len) == 1;
      buf_puts(&cap, buf_str(&t));
    }
  }
  if (!letters) {        /* else the items' own labels */
    buf_clear(&cap);
    for (size_t i = 0; i < n; i++) {
      buf_puts(&cap, i == 0 ? "" : i + 1 < n ? " + " : " = ");
      buf_text(&cap, items[i].label);
    }
  }
  text_at(&p->body, MARGIN, p->y + CAPTION, CAPTION, "fill=\"#333333\"", buf_str(&cap));
  uint32_t cw = text_px(text_width(buf_str(&cap), cap.len), CAPTION);
  p->width = cw > p->width ? cw : p->width;
  p->y += CAPTION + 10;
  uint32_t x0 = MARGIN + CELL, y = p->y;   /* x0: the left of the widest word; a column for '+' before it */
  if (known) {                             /* the carries over the top word */
    int64_t carry = 0;
    for (uint32_t pw = 0; pw + 1 < cols; pw++) {
      int64_t s = carry;
      for (size_t i = 0; i + 1 < n; i++)
        if (pw < len[i])
          s += var_value(p->g->space, w[i][len[i] - 1 - pw]);
      carry = s / 10;
      if (carry > 0) {
        buf_clear(&t);
        buf_printf(&t, "%lld", (long long)carry);
        text_at(&p->body, x0 + (cols - pw - 2) * CELL + CELL / 2, y + CARRY, CARRY,
                "text-anchor=\"middle\" fill=\"#777777\"", buf_str(&t));
      }
    }
  }
  y += CARRY + 6;
  for (size_t i = 0; i < n; i++) {
    if (i + 1 == n) {                      /* the rule, then the sum */
      buf_printf(&p->body, "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#000000\" stroke-width=\"2\"/>\n",
                 x0 - CELL + 8, y + 4, x0 + cols * CELL, y + 4);
      y += 10;
    }
    for (uint32_t k = 0; k < len[i]; k++) {
      VarId x = w[i][k];
      uint32_t cx = x0 + (cols - len[i] + k) * CELL;
      if (marked(p, x))
        buf_printf(&p->body, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#%06x\"/>\n",
                   cx + 2, y + 2, CELL - 4, WROW - 4, MARK_FILL(marked(p, x)));
      letter_of(p, x, &t);
      uint32_t lw = text_px(text_width(buf_str(&t), t.len), LETTER);
      unsigned lf = lw > CELL - 4 ? (unsigned)(LETTER * (CELL - 4) / lw) : LETTER;
      text_at(&p->body, cx + CELL / 2, y + LETTER + 2, lf, "text-anchor=\"middle\" fill=\"#555555\"", buf_str(&t));
      if (!var_is_fixed(p->g->space, x))
        continue;
      buf_clear(&t);
      buf_printf(&t, "%d", (int)var_value(p->g->space, x));
      text_at(&p->body, cx + CELL / 2, y + WROW - 10, DIGIT,
              p->given[x] ? "text-anchor=\"middle\" " GIVEN_STYLE : "text-anchor=\"middle\" " SOLVED_STYLE,
              buf_str(&t));
    }
    if (i + 2 == n)
      text_at(&p->body, x0 - CELL / 2, y + WROW - 10, DIGIT, "text-anchor=\"middle\" fill=\"#000000\"", "+");
    y += WROW;
  }
  buf_free(&t);
  buf_free(&cap);
  xfree(len);
  xfree(w);
  placed(p, x0 + cols * CELL - MARGIN, y - p->y);
}

/*
** N queens: a shown list of N unknowns, each a column from 1 to N, where
** each two neighbours in the list differ by more than 1 (x - y != 1 and
** x - y != -1: the diagonals of n queens).  The per-item unknowns into
** q (N of them), or false.
*/
static bool queens_of(const Pic *p, const ShowItem *it, VarId **q)
{
  Value v = it->value;
  if (it->who || it->text || it->ndraw || v.kind != V_LIST || v.n < 4)
    return false;
  const Model *m = p->g->model;
  VarId *x = xmalloc(v.n * sizeof *x);
  uint32_t *at = xcalloc(p->nvars + 1, sizeof *at);   /* per VarId: 1 + its place in the list */
  bool ok = true;
  for (uint32_t j = 0; j < v.n && ok; j++) {
    x[j] = value_var(v.items[j]);
    ok = x[j] < p->nvars && !at[x[j]] && m->vars.data[x[j]].lo == 1 && m->vars.data[x[j]].hi == (int32_t)v.n;
    if (ok)
      at[x[j]] = j + 1;
  }
  uint8_t *diag = xcalloc(v.n, 1);   /* per place j: bit 1 for x[j] - x[j+1] != 1, bit 2 for != -1 */
  for (size_t i = 0; ok && i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    const int32_t *a = model_args(m, st);
    if (st->kind != MS_LINEAR || st->rel != MODEL_NE || st->n != 2 || a[0] != -a[1] ||
        (a[0] != 1 && a[0] != -1) || (size_t)a[2] >= p->nvars || (size_t)a[3] >= p->nvars ||
        !at[a[2]] || !at[a[3]])
      continue;
    uint32_t j = at[a[2]] - 1, k = at[a[3]] - 1;
    int64_t d = a[0] * st->k;            /* x[j] - x[k] != d */
    if (k == j + 1 && (d == 1 || d == -1))
      diag[j] |= d == 1 ? 1 : 2;
    else if (j == k + 1 && (d == 1 || d == -1))
      diag[k] |= d == 1 ? 2 : 1;
  }
  for (uint32_t j = 0; ok && j + 1 < v.n; j++)
    ok = diag[j] == 3;
  xfree(diag);
  xfree(at);
  if (!ok) {
    xfree(x);
    return false;
  }
  *q = x;
  return true;
}

/*
** N queens on their board: the chessboard's squares (a pattern: one
** element, however large the board), a queen in each row at its column,
** drawn as a crown on a large board, a dot on a small one.
*/
static void queens_board(Pic *p, const VarId *q, uint32_t nq, uint32_t x0, uint32_t y0, uint32_t *w, uint32_t *h)
{
  uint32_t s = nq <= 12 ? CELL : 600 / nq < 8 ? 8 : 600 / nq;
  Buf *b = &p->body;
  buf_printf(b, "<defs><pattern id=\"chess%u\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" "
                "patternUnits=\"userSpaceOnUse\"><rect width=\"%u\" height=\"%u\" fill=\"#f0d9b5\"/>"
                "<rect x=\"%u\" width=\"%u\" height=\"%u\" fill=\"#b58863\"/>"
                "<rect y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#b58863\"/></pattern></defs>\n",
             y0, x0, y0, 2 * s, 2 * s, 2 * s, 2 * s, s, s, s, s, s, s);
  buf_printf(b, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"url(#chess%u)\" "
                "stroke=\"#000000\" stroke-width=\"2\"/>\n", x0, y0, nq * s, nq * s, y0);
  for (uint32_t r = 0; r < nq; r++) {
    if (!var_is_fixed(p->g->space, q[r]))
      continue;
    int64_t c = var_value(p->g->space, q[r]) - 1;
    if (c < 0 || c >= nq)
      continue;
    const char *fill = p->given[q[r]] ? "000000" : "1f4fbf";
    double x = x0 + (double)c * s, y = y0 + (double)r * s;
    if (marked(p, q[r]))
      buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%u\" height=\"%u\" fill=\"#%06x\"/>\n",
                 x, y, s, s, MARK_FILL(marked(p, q[r])));
    if (s < 24) {
      buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#%s\"/>\n", x + s / 2.0, y + s / 2.0,
                 s * 0.38, fill);
      continue;
    }
    /* a crown: five points over a band */
    static const double pts[][2] = {{0.15, 0.78}, {0.12, 0.32}, {0.32, 0.55}, {0.5, 0.22}, {0.68, 0.55},
                                    {0.88, 0.32}, {0.85, 0.78}};
    buf_puts(b, "<polygon points=\"");
    for (size_t k = 0; k < sizeof pts / sizeof *pts; k++)
      buf_printf(b, "%s%.1f,%.1f", k ? " " : "", x + pts[k][0] * s, y + pts[k][1] * s);
    buf_printf(b, "\" fill=\"#%s\" stroke=\"#ffffff\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n", fill);
  }
  *w = nq * s;
  *h = nq * s;
}

static void item(Pic *p, const ShowItem *it)
{
  Grid gr;
  VarId *q = NULL;
  if (queens_of(p, it, &q)) {
    Buf label = {0};
    buf_text(&label, it->label);
    text_at(&p->body, MARGIN, p->y + CAPTION, CAPTION, "fill=\"#333333\"", buf_str(&label));
    uint32_t lw = text_px(text_width(buf_str(&label), label.len), CAPTION);
    p->width = lw > p->width ? lw : p->width;
    buf_free(&label);
    p->y += CAPTION + 10;
    uint32_t w, h;
    queens_board(p, q, it->value.n, MARGIN, p->y, &w, &h);
    xfree(q);
    placed(p, w, h);
    return;
  }
  if (!it->who && !it->text && grid_of(it, &gr)) {
    Buf label = {0};
    buf_text(&label, it->label);
    text_at(&p->body, MARGIN, p->y + CAPTION, CAPTION, "fill=\"#333333\"", buf_str(&label));
    uint32_t lw = text_px(text_width(buf_str(&label), label.len), CAPTION);
    p->width = lw > p->width ? lw : p->width;
    buf_free(&label);
    p->y += CAPTION + 10;
    grid_marks(p, &gr);
    uint32_t w, h;
    if (gr.hex)
      hex_board(p, &gr, MARGIN, p->y, &w, &h);
    else
      square_board(p, &gr, MARGIN, p->y, &w, &h);
    grid_free(&gr);
    placed(p, w, h);
    return;
  }
  Buf t = {0};
  out_item_text(p->g, it, &t);
  lines(p, buf_str(&t));
  buf_free(&t);
}

void out_svg(const Ground *g, const char *title, const uint8_t *marked_vars, Buf *b)
{
  Pic p = {0};
  pic_init(&p, g);
  p.marked = marked_vars;
  p.y = MARGIN;
  if (g->table) {
    uint32_t w, h;
    table(&p, MARGIN, p.y, &w, &h);
    placed(&p, w, h);
  }
  for (size_t i = 0; i < g->shows.len; i++) {
    size_t n = column_sum_at(&p, &g->shows.data[i], g->shows.len - i);
    if (n > 0) {
      column_sum(&p, &g->shows.data[i], n);
      i += n - 1;
    } else {
      item(&p, &g->shows.data[i]);
    }
  }
  uint32_t width = p.width + 2 * MARGIN, height = p.y;
  width = width < 120 ? 120 : width;
  buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" "
                "viewBox=\"0 0 %u %u\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n",
             width, height, width, height);
  Buf t = {0};
  buf_text(&t, title);
  buf_puts(b, "<title>");
  xml_text(b, buf_str(&t));
  buf_puts(b, "</title>\n");
  buf_free(&t);
  buf_printf(b, "<rect width=\"%u\" height=\"%u\" fill=\"#ffffff\"/>\n", width, height);
  buf_puts(b, buf_str(&p.body));
  buf_puts(b, "</svg>\n");
  pic_free(&p);
}
