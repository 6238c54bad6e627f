/*
** constructs.c -- whole small puzzles built around one construct each:
** lines of a board, pairs and neighbours, regions, regular, logic grids,
** tilings, sums over shared terms, sums of picked items, boards with a
** goal (minimize or maximize, checked by its best value and the boards
** that reach it), Fillomino's sizes, and quotients (/ and mod over
** wide domains).
**
** The expression generator (gen.c) builds clauses from small pieces;
** these constructs come with a shape of their own (a region map, an
** automaton, a set of pieces), so each family here writes its puzzle as
** text and, next to it, what the puzzle means: groups of cells, an
** automaton's table, the permutations of a grid, the placements of the
** pieces.  The brute force counts from that meaning alone, following
** doc/language.md, and shares nothing with interp/.
*/
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "constructs.h"

/* What a shrunk case leaves out (constructs.h); none while drawing the case itself. */
static Cut cut;
/*
** A fault put in the brute force on purpose, to test the shrinker
** (difftest --fault NAME): max reads max(L) as min(L), regular's
** automaton stops before the line's last item, next_to reads next_to as
** left_of in a logic grid.
*/
typedef enum { FAULT_NONE, FAULT_MAX, FAULT_REGULAR, FAULT_NEXT_TO, NFAULTS } Fault;
static Fault fault;

static const char *const fault_names[NFAULTS] = {"none", "max", "regular", "next_to"};

bool construct_fault(const char *name)
{
  for (int k = 0; k < NFAULTS; k++)
    if (!strcmp(name, fault_names[k])) {
      fault = (Fault)k;
      return true;
    }
  return false;
}

const char *construct_fault_name(void)
{
  return fault == FAULT_NONE ? NULL : fault_names[fault];
}

static bool dropped(int j)
{
  return j < 32 && (cut.drop >> j & 1);
}

static bool cut_off(unsigned bit)
{
  return cut.off & bit;
}

static bool cutting(void)
{
  return cut.drop || cut.rows || cut.cols || cut.values || cut.off;
}

/* n made smaller by the cut's k, no smaller than least. */
static int less(int n, int k, int least)
{
  return n - k < least ? (n < least ? n : least) : n - k;
}

/* --- a board of unknowns and clauses over groups of its cells --- */

#define MAX_CELLS  12
#define MAX_PLACES 32      /* places of a drawing: cells and holes */
#define MAX_GROUPS 64
#define MAX_GCELLS 16
#define MAX_BCLAUSES 6

typedef enum { P_DISTINCT, P_SUM, P_COUNT, P_MAX, P_MIN, P_NE, P_LT, P_LE, P_EQ,
               P_NOT_CONSEC, P_PAIR_SUM_NE, P_DIFF_NE, P_FAR, P_SUM_EACH, NPREDS } Pred;
typedef enum { Q_FORALL, Q_EXISTS, Q_COUNT, Q_PRODUCTS } Quant;

typedef struct Group { int n; int8_t cell[MAX_GCELLS]; int k; } Group;   /* k: P_SUM_EACH's sum */

typedef struct BClause {
  Quant quant;             /* every group, some group, how many groups, sum of X * Y */
  Pred pred;
  int op, k, v;            /* pred's comparison (CmpOp), its bound, count's value */
  int qop, qk;             /* Q_COUNT, Q_PRODUCTS: compared with op qop to qk */
  int ngroups;
  Group group[MAX_GROUPS];
} BClause;

typedef struct BoardCase {
  int rows, cols, lo, hi;
  /* family goals: minimize (or maximize) sum(coef[i] * cell i) + k, or
     with count_v, the number of cells i with coef[i] != 0 holding count_v */
  bool goal, maximize, counts;
  int coef[MAX_CELLS], goal_k, count_v;
  bool hex;                /* a hex layout: cells on one parity, lines in three directions */
  int ncells;
  int8_t idx[MAX_PLACES];  /* the cell at each place of the drawing, -1 none */
  int given[MAX_CELLS];    /* a hex layout's given cells: the value, or INT_MIN */
  int nclauses;
  BClause clause[MAX_BCLAUSES];
} BoardCase;

static const char *const op_text[] = {"=", "!=", "<", "<=", ">", ">="};

static bool compare(long a, int op, long b)
{
  switch (op) {
  case 0: return a == b;
  case 1: return a != b;
  case 2: return a < b;
  case 3: return a <= b;
  case 4: return a > b;
  default: return a >= b;
  }
}

static bool pred_holds(const BClause *c, const Group *g, const int *cell)
{
  long sum = 0, count = 0, best = 0;
  int x = cell[g->cell[0]], y = g->n > 1 ? cell[g->cell[1]] : 0;
  switch (c->pred) {
  case P_DISTINCT:
    for (int i = 0; i < g->n; i++)
      for (int j = 0; j < i; j++)
        if (cell[g->cell[i]] == cell[g->cell[j]])
          return false;
    return true;
  case P_SUM:
  case P_COUNT:
  case P_MAX:
  case P_MIN:
    if (g->n == 0)             /* not generated: max of nothing is undefined */
      return false;
    best = cell[g->cell[0]];
    for (int i = 0; i < g->n; i++) {
      int v = cell[g->cell[i]];
      sum += v;
      count += v == c->v;
      if ((c->pred == P_MAX && fault != FAULT_MAX) ? v > best : v < best)
        best = v;
    }
    return compare(c->pred == P_SUM ? sum : c->pred == P_COUNT ? count : best, c->op, c->k);
  case P_NE: return x != y;
  case P_LT: return x < y;
  case P_LE: return x <= y;
  case P_EQ: return x == y;
  case P_NOT_CONSEC: return abs(x - y) != 1;
  case P_PAIR_SUM_NE: return x + y != c->k;
  case P_DIFF_NE: return x - y != c->k;
  case P_FAR: return abs(x - y) > c->k;
  case P_SUM_EACH:
    for (int i = 0; i < g->n; i++)
      sum += cell[g->cell[i]];
    return sum == g->k;
  default: return false;
  }
}

static bool bclause_holds(const BClause *c, const int *cell)
{
  long n = 0;
  for (int i = 0; i < c->ngroups; i++) {
    const Group *g = &c->group[i];
    if (c->quant == Q_PRODUCTS) {
      n += (long)cell[g->cell[0]] * cell[g->cell[1]];
      continue;
    }
    bool h = pred_holds(c, g, cell);
    if (c->quant == Q_FORALL && !h)
      return false;
    if (c->quant == Q_EXISTS && h)
      return true;
    n += h;
  }
  if (c->quant == Q_FORALL)
    return true;
  if (c->quant == Q_EXISTS)
    return false;
  return compare(n, c->qop, c->qk);
}

/* The goal's best value over the last case counted (family goals), and whether it had one. */
static bool goal_known;
static long goal_best;

bool construct_goal(long *best)
{
  *best = goal_best;
  return goal_known;
}

static long goal_value(const BoardCase *b, const int *cell)
{
  long v = b->goal_k;
  for (int i = 0; i < b->ncells; i++)
    v += b->counts ? (b->coef[i] && cell[i] == b->count_v) : (long)b->coef[i] * cell[i];
  return v;
}

/*
** Boards where clause only holds (every clause when only < 0).  With a
** goal (and only < 0), the boards where every clause holds and the goal
** is at its best (goal_best).
*/
static long board_count(const BoardCase *b, int only)
{
  int ncells = b->ncells, cell[MAX_CELLS];
  for (int i = 0; i < ncells; i++)
    cell[i] = b->lo;
  long found = 0;
  bool goal = b->goal && only < 0;
  goal_known = false;
  for (;;) {
    bool ok = true;
    for (int i = 0; i < ncells && ok && b->hex; i++)
      ok = b->given[i] == INT_MIN || cell[i] == b->given[i];
    for (int c = 0; c < b->nclauses && ok; c++)
      if (only < 0 || c == only)
        ok = bclause_holds(&b->clause[c], cell);
    if (ok && goal) {
      long v = goal_value(b, cell);
      if (!goal_known || (b->maximize ? v > goal_best : v < goal_best))
        found = 0, goal_best = v;
      goal_known = true;
      found += goal_best == v;
    } else {
      found += ok;
    }
    int i = 0;
    for (; i < ncells; i++) {
      if (++cell[i] <= b->hi)
        break;
      cell[i] = b->lo;
    }
    if (i == ncells)
      return found;
  }
}

/* Every place a cell, numbered in reading order. */
static void rectangle(BoardCase *b)
{
  b->ncells = b->rows * b->cols;
  for (int i = 0; i < b->ncells; i++)
    b->idx[i] = (int8_t)i;
}

static void board_size(BoardCase *b, Rng *r, bool square, long max_space)
{
  b->rows = less(rng_range(r, 1, 3), cut.rows, 1);
  b->cols = less(square ? b->rows : rng_range(r, b->rows == 1 ? 2 : 1, 4), cut.cols, 1);
  b->lo = rng_range(r, -1, 1);
  b->hi = less(b->lo + rng_range(r, 1, 3), cut.values, b->lo);
  long space;
  for (;;) {
    space = 1;
    for (int i = 0; i < b->rows * b->cols && space <= max_space; i++)
      space *= b->hi - b->lo + 1;
    if (space <= max_space)
      break;
    if (b->hi - b->lo > 1)
      b->hi--;
    else if (b->cols > b->rows)
      b->cols--;
    else
      b->rows--, b->cols = square ? b->rows : b->cols;
  }
  rectangle(b);
}

/* The cell at row r, column c of the drawing (from 0), or -1 (a hole, or off the board). */
static int at(const BoardCase *b, int r, int c)
{
  return r < 0 || r >= b->rows || c < 0 || c >= b->cols ? -1 : b->idx[r * b->cols + c];
}

/* Cell into g; nothing for a hole (-1). */
static void add_cell(Group *g, int cell)
{
  if (cell >= 0)
    g->cell[g->n++] = (int8_t)cell;
}

/* One group per row of the board, in order. */
static void add_row_groups(BClause *c, const BoardCase *b)
{
  for (int i = 0; i < b->rows; i++) {
    Group *g = &c->group[c->ngroups++];
    for (int j = 0; j < b->cols; j++)
      add_cell(g, at(b, i, j));
  }
}

/* One group per column of the board, in order. */
static void add_col_groups(BClause *c, const BoardCase *b)
{
  for (int j = 0; j < b->cols; j++) {
    Group *g = &c->group[c->ngroups++];
    for (int i = 0; i < b->rows; i++)
      add_cell(g, at(b, i, j));
  }
}

/*
** A hex board's other two directions (doc/language.md, section 17): the
** cells down to the right (column - row fixed) and down to the left
** (column + row fixed), each line without its holes, empty ones left out.
*/
static void add_hex_diagonals(BClause *c, const BoardCase *b)
{
  for (int dir = 0; dir < 2; dir++)
    for (int k = -b->rows; k < b->rows + b->cols; k++) {
      Group *g = &c->group[c->ngroups];
      for (int i = 0; i < b->rows; i++)
        add_cell(g, at(b, i, dir ? k - i : k + i));
      c->ngroups += g->n > 0;
    }
}

/* A predicate on a whole list L (its text is "distinct(L)", "sum(L) op k", ...). */
static void gen_list_pred(BClause *c, Rng *r, const BoardCase *b, int len)
{
  static const Pred preds[] = {P_DISTINCT, P_SUM, P_SUM, P_COUNT, P_MAX, P_MIN};
  c->pred = preds[rng_below(r, 6)];
  c->op = rng_below(r, 6);
  c->v = rng_range(r, b->lo, b->hi);
  c->k = c->pred == P_SUM ? rng_range(r, len * b->lo, len * b->hi)
         : c->pred == P_COUNT ? rng_range(r, 0, len) : rng_range(r, b->lo, b->hi);
}

static void print_list_pred(Text *t, const BClause *c, const char *list)
{
  switch (c->pred) {
  case P_DISTINCT: text_printf(t, "distinct(%s)", list); break;
  case P_SUM: text_printf(t, "sum(%s) %s %d", list, op_text[c->op], c->k); break;
  case P_COUNT: text_printf(t, "count(%d, %s) %s %d", c->v, list, op_text[c->op], c->k); break;
  case P_MAX: text_printf(t, "max(%s) %s %d", list, op_text[c->op], c->k); break;
  default: text_printf(t, "min(%s) %s %d", list, op_text[c->op], c->k); break;
  }
}

/* A quantifier over groups named by `source`, its variable `var`, body pred(var). */
static void print_quantified(Text *t, BClause *c, Rng *r, const char *var, const char *source)
{
  c->quant = (Quant)rng_below(r, 3);
  if (c->quant == Q_COUNT) {
    c->qop = rng_below(r, 6);
    c->qk = rng_range(r, 0, c->ngroups);
    text_printf(t, "count([");
    print_list_pred(t, c, var);
    text_printf(t, " : %s in %s]) %s %d.\n", var, source, op_text[c->qop], c->qk);
    return;
  }
  text_printf(t, "%s %s in %s: ", c->quant == Q_FORALL ? "forall" : "exists", var, source);
  print_list_pred(t, c, var);
  text_printf(t, ".\n");
}

/* The shortest group of c: the length a predicate's bound is drawn for. */
static int shortest(const BClause *c)
{
  int n = MAX_GCELLS;
  for (int i = 0; i < c->ngroups; i++)
    if (c->group[i].n < n)
      n = c->group[i].n;
  return n;
}

/*
** rows, columns (cols), row, column (col), diagonal, antidiagonal,
** diagonals, cells and lines, with forall, exists, count or alone.
*/
static void gen_line_clause(BoardCase *b, BClause *c, Rng *r, Text *t)
{
  bool square = b->rows == b->cols && !b->hex, rect = !b->hex;
  enum { ROWS, COLS, ROW, COL, DIAG, ANTI, DIAGS, CELLS, LINES, NKINDS };
  int w[NKINDS] = {4, rect ? 4 : 0, 3, rect ? 3 : 0, square ? 2 : 0, square ? 2 : 0, square ? 2 : 0,
                   2, 3};
  int total = 0, kind = 0;
  for (int k = 0; k < NKINDS; k++)
    total += w[k];
  for (int x = rng_below(r, total); (x -= w[kind]) >= 0; kind++)
    ;
  *c = (BClause){0};
  char source[48];
  int which = 0;
  switch (kind) {
  case ROWS:
    add_row_groups(c, b);
    break;
  case LINES:                 /* lines are the rows, then the columns */
    add_row_groups(c, b);
    if (b->hex)
      add_hex_diagonals(c, b);
    else
      add_col_groups(c, b);
    break;
  case COLS:
    add_col_groups(c, b);
    break;
  case ROW:
    which = rng_range(r, 1, b->rows);
    for (int j = 0; j < b->cols; j++)
      add_cell(&c->group[0], at(b, which - 1, j));
    c->ngroups = 1;
    break;
  case COL:
    which = rng_range(r, 1, b->cols);
    for (int i = 0; i < b->rows; i++)
      add_cell(&c->group[0], at(b, i, which - 1));
    c->ngroups = 1;
    break;
  case DIAG: case ANTI: case DIAGS:
    for (int i = 0; i < b->rows; i++) {
      if (kind != ANTI)
        add_cell(&c->group[0], at(b, i, i));
      if (kind != DIAG)
        add_cell(&c->group[kind == DIAGS], at(b, i, b->cols - 1 - i));
    }
    c->ngroups = kind == DIAGS ? 2 : 1;
    break;
  default: /* CELLS */
    for (int i = 0; i < b->ncells; i++)
      add_cell(&c->group[0], i);
    c->ngroups = 1;
    break;
  }
  gen_list_pred(c, r, b, shortest(c));
  switch (kind) {
  case ROWS: print_quantified(t, c, r, "R", "rows(b)"); return;
  case LINES: print_quantified(t, c, r, "L", "lines(b)"); return;
  case COLS: print_quantified(t, c, r, "C", rng_chance(r, 50) ? "columns(b)" : "cols(b)"); return;
  case DIAGS: print_quantified(t, c, r, "D", "diagonals(b)"); return;
  case ROW: snprintf(source, sizeof source, "row(b, %d)", which); break;
  case COL: snprintf(source, sizeof source, "%s(b, %d)", rng_chance(r, 50) ? "column" : "col", which); break;
  case DIAG: snprintf(source, sizeof source, "diagonal(b)"); break;
  case ANTI: snprintf(source, sizeof source, "antidiagonal(b)"); break;
  default:                  /* a drawn board used as a list is the list of its cells */
    snprintf(source, sizeof source, "%s", b->hex && c->pred <= P_COUNT && rng_chance(r, 50) ? "b" : "cells(b)");
    break;
  }
  c->quant = Q_FORALL;
  print_list_pred(t, c, source);
  text_printf(t, ".\n");
}

/* --- moves: pairs and neighbours --- */

typedef struct Move {
  const char *name;        /* NULL: the steps written out */
  int n;
  int dr[8], dc[8];
} Move;

static const Move named_moves[] = {
  {"orthogonal", 4, {-1, 0, 0, 1}, {0, -1, 1, 0}},
  {"adjacent", 4, {-1, 0, 0, 1}, {0, -1, 1, 0}},
  {"diagonal", 4, {-1, -1, 1, 1}, {-1, 1, -1, 1}},
  {"king", 8, {-1, 0, 0, 1, -1, -1, 1, 1}, {0, -1, 1, 0, -1, 1, -1, 1}},
  {"knight", 8, {-2, -2, -1, -1, 1, 1, 2, 2}, {-1, 1, -2, 2, -2, 2, -1, 1}},
};

/* On a hex board: the six neighbours, in the drawing's rows and columns. */
static const Move hex_moves[] = {
  {"orthogonal", 6, {-1, -1, 0, 0, 1, 1}, {-1, 1, -2, 2, -1, 1}},
  {"adjacent", 6, {-1, -1, 0, 0, 1, 1}, {-1, 1, -2, 2, -1, 1}},
};

static void gen_move(Move *m, Rng *r, bool hex)
{
  if (rng_chance(r, 65)) {
    *m = hex ? hex_moves[rng_below(r, 2)] : named_moves[rng_below(r, 5)];
    return;
  }
  *m = (Move){0};
  int n = rng_range(r, 1, 3);
  while (m->n < n) {
    int dr = rng_range(r, -2, 2), dc = rng_range(r, -2, 2);
    bool seen = dr == 0 && dc == 0;
    for (int k = 0; k < m->n; k++)
      seen |= m->dr[k] == dr && m->dc[k] == dc;
    if (seen)
      continue;
    m->dr[m->n] = dr;
    m->dc[m->n++] = dc;
    if (m->n < 4 && rng_chance(r, 30)) {           /* its opposite too */
      seen = false;
      for (int k = 0; k < m->n; k++)
        seen |= m->dr[k] == -dr && m->dc[k] == -dc;
      if (!seen) {
        m->dr[m->n] = -dr;
        m->dc[m->n++] = -dc;
      }
    }
  }
}

static void print_move(Text *t, const Move *m)
{
  if (m->name) {
    text_printf(t, "%s", m->name);
    return;
  }
  text_printf(t, "[");
  for (int k = 0; k < m->n; k++)
    text_printf(t, "%s[%d, %d]", k ? ", " : "", m->dr[k], m->dc[k]);
  text_printf(t, "]");
}

/* Every step comes with its opposite: each pair once, else ordered pairs. */
static bool symmetric(const Move *m)
{
  for (int k = 0; k < m->n; k++) {
    bool found = false;
    for (int j = 0; j < m->n; j++)
      found |= m->dr[j] == -m->dr[k] && m->dc[j] == -m->dc[k];
    if (!found)
      return false;
  }
  return true;
}

/* pairs(b, m) as groups of two cells, from doc/language.md's description. */
static void make_pairs(const BoardCase *b, const Move *m, BClause *c)
{
  bool once = symmetric(m);
  for (int i = 0; i < b->rows; i++)
    for (int j = 0; j < b->cols; j++)
      for (int k = 0; k < m->n; k++) {
        int i2 = i + m->dr[k], j2 = j + m->dc[k];
        if (at(b, i, j) < 0 || at(b, i2, j2) < 0)
          continue;
        if (once && at(b, i2, j2) < at(b, i, j))
          continue;
        bool dup = false;  /* once: the same pair may come from two steps of a list */
        for (int g = 0; once && g < c->ngroups; g++)
          dup |= c->group[g].cell[0] == at(b, i, j) && c->group[g].cell[1] == at(b, i2, j2);
        if (dup)
          continue;
        Group *g = &c->group[c->ngroups++];
        add_cell(g, at(b, i, j));
        add_cell(g, at(b, i2, j2));
      }
}

/* A cell's row and column (from 1), drawn at random. */
static void pick_cell(const BoardCase *b, Rng *r, int *row, int *col)
{
  do
    *row = rng_range(r, 1, b->rows), *col = rng_range(r, 1, b->cols);
  while (at(b, *row - 1, *col - 1) < 0);
}

static const char *const rel_text[] = {
  [P_NE] = "X != Y", [P_LT] = "X < Y", [P_LE] = "X <= Y", [P_EQ] = "X = Y",
  [P_NOT_CONSEC] = "abs(X - Y) != 1",
};

static void gen_pair_clause(BoardCase *b, BClause *c, Rng *r, Text *t)
{
  *c = (BClause){0};
  Move m;
  gen_move(&m, r, b->hex);
  if (rng_chance(r, 10)) {    /* clues [R, C, N]: the sum of the cells around (R, C) is N */
    int some[MAX_CELLS];
    for (int i = 0; i < b->ncells; i++)
      some[i] = rng_range(r, b->lo, b->hi);
    c->quant = Q_FORALL;
    c->pred = P_SUM_EACH;
    int nclues = rng_range(r, 1, 3);
    text_printf(t, "forall [R, C, N] in [");
    for (int k = 0; k < nclues; k++) {
      int row, col;
      pick_cell(b, r, &row, &col);
      Group *g = &c->group[c->ngroups++];
      for (int s2 = 0; s2 < m.n; s2++) {
        int i = row - 1 + m.dr[s2], j = col - 1 + m.dc[s2];
        if (at(b, i, j) >= 0)
          add_cell(g, at(b, i, j)), g->k += some[at(b, i, j)];
      }
      text_printf(t, "%s[%d, %d, %d]", k ? ", " : "", row, col, g->k);
    }
    text_printf(t, "]: sum(neighbours(b, R, C, ");
    print_move(t, &m);
    text_printf(t, ")) = N.\n");
    return;
  }
  if (rng_chance(r, 30)) {    /* neighbours(b, R, C, Move) */
    int row, col;
    pick_cell(b, r, &row, &col);
    Group around = {0};
    for (int k = 0; k < m.n; k++) {
      int i = row - 1 + m.dr[k], j = col - 1 + m.dc[k];
      add_cell(&around, at(b, i, j));
    }
    if (around.n == 0 || rng_chance(r, 40)) {  /* forall X in neighbours(..): X != b[R, C] */
      c->quant = Q_FORALL;
      c->pred = P_NE;
      for (int k = 0; k < around.n; k++) {
        Group *g = &c->group[c->ngroups++];
        add_cell(g, around.cell[k]);
        add_cell(g, at(b, row - 1, col - 1));
      }
      text_printf(t, "forall X in neighbours(b, %d, %d, ", row, col);
      print_move(t, &m);
      text_printf(t, "): X != b[%d, %d].\n", row, col);
      return;
    }
    c->quant = Q_FORALL;
    c->ngroups = 1;
    c->group[0] = around;
    gen_list_pred(c, r, b, around.n);
    Text list = {0};
    text_printf(&list, "neighbours(b, %d, %d, ", row, col);
    print_move(&list, &m);
    text_printf(&list, ")");
    print_list_pred(t, c, list.s);
    text_printf(t, ".\n");
    text_free(&list);
    return;
  }
  make_pairs(b, &m, c);
  static const Pred rels[] = {P_NE, P_LT, P_LE, P_EQ, P_NOT_CONSEC, P_PAIR_SUM_NE, P_DIFF_NE, P_DIFF_NE, P_FAR};
  c->pred = rels[rng_below(r, 9)];
  c->k = c->pred == P_DIFF_NE ? rng_range(r, b->lo - b->hi - 1, b->hi - b->lo + 1)
         : c->pred == P_FAR ? rng_range(r, 0, 2) : rng_range(r, 2 * b->lo, 2 * b->hi);
  int form = rng_below(r, 5);
  c->quant = form == 4 ? Q_PRODUCTS : form == 3 ? Q_COUNT : form == 2 ? Q_EXISTS : Q_FORALL;
  char rel[32];
  if (c->pred == P_PAIR_SUM_NE)
    snprintf(rel, sizeof rel, "X + Y != %d", c->k);
  else if (c->pred == P_DIFF_NE && rng_chance(r, 50))
    snprintf(rel, sizeof rel, "X - Y != %d", c->k);
  else if (c->pred == P_DIFF_NE)
    snprintf(rel, sizeof rel, "X != Y %s %d", c->k < 0 ? "-" : "+", abs(c->k));
  else if (c->pred == P_FAR)
    snprintf(rel, sizeof rel, "abs(X - Y) > %d", c->k);
  else
    snprintf(rel, sizeof rel, "%s", rel_text[c->pred]);
  Text src = {0};
  text_printf(&src, "pairs(b, ");
  print_move(&src, &m);
  text_printf(&src, ")");
  c->qop = rng_below(r, 6);
  switch (c->quant) {
  case Q_FORALL: case Q_EXISTS:
    text_printf(t, "%s [X, Y] in %s: %s.\n", c->quant == Q_FORALL ? "forall" : "exists", src.s, rel);
    break;
  case Q_COUNT:
    c->qk = rng_range(r, 0, c->ngroups);
    text_printf(t, "count([%s : [X, Y] in %s]) %s %d.\n", rel, src.s, op_text[c->qop], c->qk);
    break;
  default: {
    int lo = b->lo * b->hi < 0 ? b->lo * b->hi : 0, hi = b->hi * b->hi > b->lo * b->lo ? b->hi * b->hi : b->lo * b->lo;
    c->qk = rng_range(r, c->ngroups * lo, c->ngroups * hi);
    text_printf(t, "sum([X * Y : [X, Y] in %s]) %s %d.\n", src.s, op_text[c->qop], c->qk);
    break;
  }
  }
  text_free(&src);
}

/* --- regions --- */

static void gen_region_clause(BoardCase *b, BClause *c, Rng *r, Text *t, int index)
{
  *c = (BClause){0};
  static const char marks[] = "aabbcd12.";
  char map[3][5];
  int nmarks = rng_range(r, 2, 8);
  for (int i = 0; i < b->rows; i++) {
    for (int j = 0; j < b->cols; j++)
      map[i][j] = marks[rng_below(r, nmarks)];
    map[i][b->cols] = 0;
  }
  char order[16];         /* the marks in the order they first appear */
  int n = 0;
  for (int i = 0; i < b->rows; i++)
    for (int j = 0; j < b->cols; j++) {
      char m = map[i][j];
      if (m == '.' || memchr(order, m, (size_t)n))
        continue;
      order[n] = m;
      Group *g = &c->group[n++];
      for (int i2 = 0; i2 < b->rows; i2++)
        for (int j2 = 0; j2 < b->cols; j2++)
          if (map[i2][j2] == m)
            add_cell(g, at(b, i2, j2));
    }
  c->ngroups = n;
  if (n == 0) {           /* every cell left out: say it once more, and only that */
    map[0][0] = 'a';
    add_cell(&c->group[0], at(b, 0, 0));
    c->ngroups = n = 1;
  }
  Text name = {0};
  if (rng_chance(r, 50)) {
    text_printf(t, "const m%d = ", index);
    for (int i = 0; i < b->rows; i++)
      text_printf(t, "%s\"%s\"", i ? "\n  " : "", map[i]);
    text_printf(t, ".\n");
    text_printf(&name, "regions(b, m%d)", index);
  } else {
    text_printf(&name, "regions(b, ");
    for (int i = 0; i < b->rows; i++)
      text_printf(&name, "%s\"%s\"", i ? " " : "", map[i]);
    text_printf(&name, ")");
  }
  int form = rng_below(r, 5);
  if (form == 4) {          /* killer cages: every region's sum from a list, sums of some board */
    int some[MAX_CELLS];
    for (int i = 0; i < b->ncells; i++)
      some[i] = rng_range(r, b->lo, b->hi);
    c->quant = Q_FORALL;
    c->pred = P_SUM_EACH;
    text_printf(t, "const s%d = [", index);
    for (int k = 0; k < n; k++) {
      Group *g = &c->group[k];
      for (int i = 0; i < g->n; i++)
        g->k += some[g->cell[i]];
      g->k += rng_chance(r, 15) ? rng_range(r, -1, 1) : 0;
      text_printf(t, "%s%d", k ? ", " : "", g->k);
    }
    text_printf(t, "].\nforall I in 1..len(s%d): sum(%s[I]) = s%d[I].\n", index, name.s, index);
    text_free(&name);
    return;
  }
  if (form == 3) {          /* a killer cage: one region's sum, by its number */
    c->quant = Q_FORALL;
    c->pred = P_SUM;
    c->op = 0;
    int which = rng_range(r, 1, n);
    Group g = c->group[which - 1];
    c->ngroups = 1;
    c->group[0] = g;
    c->k = rng_range(r, g.n * b->lo, g.n * b->hi);
    text_printf(t, "sum(%s[%d]) = %d.\n", name.s, which, c->k);
    text_free(&name);
    return;
  }
  gen_list_pred(c, r, b, shortest(c));
  print_quantified(t, c, r, "X", name.s);
  text_free(&name);
}

/* --- the board families --- */

typedef void (*ClauseGen)(BoardCase *b, BClause *c, Rng *r, Text *t);
static void gen_mixed(BoardCase *b, BClause *c, Rng *r, Text *t);
static void gen_hex_clause(BoardCase *b, BClause *c, Rng *r, Text *t);

static void gen_region_any(BoardCase *b, BClause *c, Rng *r, Text *t)
{
  gen_region_clause(b, c, r, t, b->nclauses + 1);
}

/*
** A hex layout (doc/language.md, section 17): cells on one parity of
** row + column, never two side by side, at least two a place apart in a
** row and one touching the next row; every row has a cell.  Now and then
** a cell is a given.  False when the drawing is not hex.
*/
/*
** The board as a layout: '.' a hole, a given's number, else a letter
** (any cell).  With given_chance, each cell is given one time in
** given_chance (when the values are not negative), drawn as it is written
** so that the cases of a seed stay what they were.
*/
static void write_layout(BoardCase *b, Rng *r, Text *t, int given_chance)
{
  text_printf(t, "board b layout");
  for (int i = 0; i < b->rows; i++) {
    text_printf(t, "%s\"", i ? "\n  " : " ");
    for (int j = 0; j < b->cols; j++) {
      int k = at(b, i, j);
      if (k >= 0 && given_chance) {
        b->given[k] = INT_MIN;
        if (b->lo >= 0 && rng_chance(r, given_chance))
          b->given[k] = rng_range(r, b->lo, b->hi);
      }
      if (k < 0)
        text_printf(t, ".");
      else if (b->given[k] != INT_MIN)
        text_printf(t, "%d", b->given[k]);
      else
        text_printf(t, "%c", "abc"[rng_below(r, 3)]);
    }
    text_printf(t, "\"");
  }
  text_printf(t, " in %d..%d.\n", b->lo, b->hi);
}

static bool hex_board(BoardCase *b, Rng *r, Text *t)
{
  b->hex = true;
  b->rows = less(rng_range(r, 2, 4), cut.rows, 2);
  b->cols = less(rng_range(r, 3, 7), cut.cols, 3);
  b->lo = rng_range(r, -1, 1);
  b->hi = less(b->lo + rng_range(r, 1, 2), cut.values, b->lo);
  int values = b->hi - b->lo + 1, most = values == 1 ? MAX_CELLS : values == 2 ? 11 : 7;
  int parity = rng_below(r, 2), keep = rng_range(r, 60, 100);
  b->ncells = 0;
  for (int i = 0; i < b->rows; i++)
    for (int j = 0; j < b->cols; j++) {
      bool cell = (i + j) % 2 == parity && rng_chance(r, keep) && b->ncells < most;
      b->idx[i * b->cols + j] = (int8_t)(cell ? b->ncells++ : -1);
    }
  bool gap = false, slant = false;
  for (int i = 0; i < b->rows; i++) {
    bool any = false;
    for (int j = 0; j < b->cols; j++) {
      if (at(b, i, j) < 0)
        continue;
      any = true;
      gap |= at(b, i, j + 2) >= 0;
      slant |= at(b, i + 1, j - 1) >= 0 || at(b, i + 1, j + 1) >= 0;
    }
    if (!any)
      return false;
  }
  if (!gap || !slant)
    return false;
  write_layout(b, r, t, 8);
  return true;
}

/* Family goals: board_family draws a goal too. */
static bool with_goal;

/*
** A goal over the board's cells, drawn last so that the rest of the case
** is as the board family draws it: a sum with coefficients (negative,
** zero, a constant), or a count of cells holding a value, or a count
** less a cell.  Every draw is made whatever the board's size, so that a
** cut board keeps its goal (goal off: cut bit 4).
*/
static void draw_goal(BoardCase *b, Rng *r, Text *t)
{
  int coef[MAX_CELLS];
  for (int i = 0; i < MAX_CELLS; i++)
    coef[i] = rng_range(r, -3, 3) * (rng_chance(r, 60) ? 1 : 0);
  bool maximize = rng_chance(r, 50), counts = rng_chance(r, 30);
  int k = rng_range(r, -4, 4) * rng_chance(r, 40), v = rng_range(r, b->lo, b->hi);
  if (cut_off(4))
    return;
  b->goal = true, b->maximize = maximize, b->counts = counts;
  b->goal_k = k, b->count_v = v;
  bool any = false;
  for (int i = 0; i < b->ncells; i++) {
    b->coef[i] = coef[i];
    any |= coef[i] != 0;
  }
  if (!any)
    b->coef[0] = counts ? 1 : -1;
  text_printf(t, "%s ", maximize ? "maximize" : "minimize");
  if (counts) {
    text_printf(t, "count([");
    const char *sep = "";
    for (int i = 0; i < b->ncells; i++)
      if (b->coef[i]) {
        text_printf(t, "%sb[%d, %d] = %d", sep, i / b->cols + 1, i % b->cols + 1, v);
        sep = ", ";
      }
    text_printf(t, "])");
  } else {
    const char *sep = "";
    for (int i = 0; i < b->ncells; i++)
      if (b->coef[i]) {
        int c = b->coef[i];
        if (*sep)
          text_printf(t, " %c ", c < 0 ? '-' : '+');
        else if (c < 0)
          text_printf(t, "-");
        if (abs(c) != 1)
          text_printf(t, "%d * ", abs(c));
        text_printf(t, "b[%d, %d]", i / b->cols + 1, i % b->cols + 1);
        sep = " ";
      }
  }
  if (k)
    text_printf(t, " %c %d", k < 0 ? '-' : '+', abs(k));
  text_printf(t, ".\n");
}

/*
** A board and clauses from make.  With a cut, clause j (counting as
** drawn) is drawn all the same and then left out, so the others stay
** as they were.
*/
static long board_family(Rng *r, Text *t, ClauseGen make, bool squares)
{
  BoardCase *b = calloc(1, sizeof *b);
  if (!b)
    abort();
  bool latin = make == gen_mixed && rng_chance(r, 40) && !cut_off(1);
  if (latin) {              /* a 3x3 Latin square, its rows and columns distinct */
    *b = (BoardCase){.rows = 3, .cols = 3, .lo = rng_range(r, 0, 1)};
    b->hi = b->lo + 2;
    rectangle(b);
  } else if (make == gen_hex_clause) {
    if (!hex_board(b, r, t)) {
      free(b);
      return -1;
    }
  } else {
    board_size(b, r, squares && rng_chance(r, 50), make == gen_mixed ? 20000 : MAX_SPACE);
  }
  if (!b->hex)
    text_printf(t, "board b[%d, %d] in %d..%d.\n", b->rows, b->cols, b->lo, b->hi);
  int drawn = 0;
  for (int k = 0; latin && k < 2; k++, drawn++) {
    if (dropped(drawn))
      continue;
    BClause *c = &b->clause[b->nclauses++];
    *c = (BClause){.quant = Q_FORALL, .pred = P_DISTINCT, .ngroups = 3};
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++)
        add_cell(&c->group[i], k ? at(b, j, i) : at(b, i, j));
    text_printf(t, "forall %s in %s(b): distinct(%s).\n", k ? "C" : "R", k ? "columns" : "rows", k ? "C" : "R");
  }
  int want = drawn + rng_range(r, 1, make == gen_mixed ? MAX_BCLAUSES - drawn : 3);
  for (int tries = 0; drawn < want && tries < 40; tries++) {
    Text clause = {0};
    make(b, &b->clause[b->nclauses], r, &clause);
    b->nclauses++;
    /* pz refuses a clause that can never hold (on its own): draw again */
    if (board_count(b, b->nclauses - 1) == 0) {
      b->nclauses--;
    } else if (dropped(drawn++)) {
      b->nclauses--;
    } else {
      text_printf(t, "%s", clause.s);
    }
    text_free(&clause);
  }
  if (rng_chance(r, 20) && !cut_off(2))
    text_printf(t, "show b.\n");
  if (with_goal && !b->hex)
    draw_goal(b, r, t);
  long n = b->nclauses || (cutting() && drawn) ? board_count(b, -1) : -1;
  free(b);
  return n;
}

/* Lines, pairs and regions on one board: rows and columns distinct with
   != between neighbours is the shape of a Miracle sudoku (neq_graph.c). */
static void gen_mixed(BoardCase *b, BClause *c, Rng *r, Text *t)
{
  int k = rng_below(r, 5);
  if (k < 2)
    gen_line_clause(b, c, r, t);
  else if (k < 4)
    gen_pair_clause(b, c, r, t);
  else
    gen_region_clause(b, c, r, t, b->nclauses + 1);
}

/* On a hex board: its lines and rows, its cells, pairs and neighbours of its six directions. */
static void gen_hex_clause(BoardCase *b, BClause *c, Rng *r, Text *t)
{
  if (rng_chance(r, 55))
    gen_line_clause(b, c, r, t);
  else
    gen_pair_clause(b, c, r, t);
}

static long lines_case(Rng *r, Text *t) { return board_family(r, t, gen_line_clause, true); }
static long hex_case(Rng *r, Text *t) { return board_family(r, t, gen_hex_clause, false); }
static long mixed_case(Rng *r, Text *t) { return board_family(r, t, gen_mixed, true); }
static long pairs_case(Rng *r, Text *t) { return board_family(r, t, gen_pair_clause, false); }
static long regions_case(Rng *r, Text *t) { return board_family(r, t, gen_region_any, false); }

/* Lines, pairs and regions on one board, and a goal over its cells. */
static long goals_case(Rng *r, Text *t)
{
  with_goal = true;
  long n = board_family(r, t, gen_mixed, true);
  with_goal = false;
  return n;
}

/* --- sizes (Fillomino) --- */

/*
** Does every area of equal values hold as many cells as its value?  The
** cells of b at their places, neighbours up, down, left and right (on a
** hex board the six around).
*/
static bool sizes_hold(const BoardCase *b, const int *cell)
{
  static const int sq[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  static const int hx[6][2] = {{-1, -1}, {-1, 1}, {0, -2}, {0, 2}, {1, -1}, {1, 1}};
  int nsteps = b->hex ? 6 : 4, seen[MAX_PLACES], stack[MAX_PLACES];
  for (int i = 0; i < b->rows * b->cols; i++)
    seen[i] = 0;
  for (int i = 0; i < b->rows * b->cols; i++) {
    if (b->idx[i] < 0 || seen[i])
      continue;
    int v = cell[b->idx[i]], sp = 0, size = 0;
    seen[i] = 1;
    stack[sp++] = i;
    while (sp > 0) {
      int k = stack[--sp];
      size++;
      for (int t = 0; t < nsteps; t++) {
        int r = k / b->cols + (b->hex ? hx[t][0] : sq[t][0]);
        int c = k % b->cols + (b->hex ? hx[t][1] : sq[t][1]);
        int w = r * b->cols + c, j = at(b, r, c);
        if (j >= 0 && !seen[w] && cell[j] == v) {
          seen[w] = 1;
          stack[sp++] = w;
        }
      }
    }
    if (size != v)
      return false;
  }
  return true;
}

static long sizes_count(const BoardCase *b)
{
  int cell[MAX_CELLS];
  for (int i = 0; i < b->ncells; i++)
    cell[i] = b->given[i] != INT_MIN ? b->given[i] : b->lo;
  long found = 0;
  for (;;) {
    found += sizes_hold(b, cell);
    int i = 0;
    for (; i < b->ncells; i++) {
      if (b->given[i] != INT_MIN)
        continue;
      if (++cell[i] <= b->hi)
        break;
      cell[i] = b->lo;
    }
    if (i == b->ncells)
      return found;
  }
}

/*
** sizes(b) on a small board: a rectangle with givens as clauses, a
** drawing with holes and givens, or a hex drawing; values from -1 or 0 now
** and then (never an area's size).  Given j is dropped by bit j of a cut.
*/
static long sizes_case(Rng *r, Text *t)
{
  BoardCase *b = calloc(1, sizeof *b);
  if (!b)
    abort();
  int kind = cut_off(1) ? 0 : rng_below(r, 3);
  if (kind == 2) {
    if (!hex_board(b, r, t)) {
      free(b);
      return -1;
    }
  } else {
    b->rows = less(rng_range(r, 1, 4), cut.rows, 1);
    b->cols = less(rng_range(r, b->rows == 1 ? 2 : 1, 4), cut.cols, 1);
    b->lo = rng_chance(r, 25) ? rng_range(r, -1, 0) : 1;
    /* now and then values up to 7 on a small board: room for cut cells */
    int span = b->rows * b->cols <= 9 && rng_chance(r, 40) ? rng_range(r, 4, 6) : rng_range(r, 1, 4);
    b->hi = less(b->lo + span, cut.values, b->lo);
    int keep = kind == 1 ? rng_range(r, 60, 95) : 100;
    b->ncells = 0;
    bool pair = kind == 0;
    for (int i = 0; i < b->rows * b->cols; i++) {
      bool cell = b->ncells < MAX_CELLS && rng_chance(r, keep);
      b->idx[i] = (int8_t)(cell ? b->ncells++ : -1);
      pair |= cell && i % b->cols > 0 && b->idx[i - 1] >= 0;
    }
    for (int i = 0; i < b->rows && b->ncells; i++) {
      bool any = false;
      for (int j = 0; j < b->cols; j++)
        any |= at(b, i, j) >= 0;
      if (!any)
        b->ncells = 0;
    }
    if (!b->ncells || !pair || (kind == 0 && b->ncells != b->rows * b->cols)) {
      free(b);
      return -1;                        /* a row of holes, or a drawing pz reads as hex */
    }
    for (int i = 0; i < b->ncells; i++) {
      b->given[i] = INT_MIN;
      if (rng_chance(r, 20))
        b->given[i] = rng_range(r, b->lo < 0 ? 0 : b->lo, b->hi);
    }
    if (kind == 0) {
      text_printf(t, "board b[%d, %d] in %d..%d.\n", b->rows, b->cols, b->lo, b->hi);
    } else {
      write_layout(b, r, t, 0);
    }
  }
  bool given[MAX_CELLS] = {false};
  for (int i = 0, j = 0; kind == 0 && i < b->ncells; i++)
    if (b->given[i] != INT_MIN && !(given[i] = !dropped(j++)))
      b->given[i] = INT_MIN;
  long space = 1;
  for (int i = 0; i < b->ncells; i++)
    if (b->given[i] == INT_MIN && (space *= b->hi - b->lo + 1) > 400000) {
      free(b);
      return -1;
    }
  text_printf(t, "sizes(b).\n");
  for (int i = 0; i < b->ncells; i++)
    if (given[i])
      text_printf(t, "b[%d, %d] = %d.\n", i / b->cols + 1, i % b->cols + 1, b->given[i]);
  if (rng_chance(r, 20) && !cut_off(2))
    text_printf(t, "show b.\n");
  long n = sizes_count(b);
  free(b);
  return n;
}

/* --- regular --- */

#define MAX_STATES 4
#define MAX_TRANS  10

/* A line, an automaton that reads it (unless cut), and a second clue (extra 0: none). */
typedef struct Line {
  int len, lo, hi;
  bool automaton;
  int ntrans, from[MAX_TRANS], val[MAX_TRANS], to[MAX_TRANS], start;
  unsigned accept;                /* bit s: state s accepts */
  int extra, pos, v, op, k;       /* 1: l[pos] = v; 2: sum(l) op k */
} Line;

/* The brute force: every line, read by the automaton as a set of states; *lines_ok: lines where the second clue holds. */
static long regular_count(const Line *l, long *lines_ok)
{
  int item[8] = {0};
  long found = 0;
  *lines_ok = 0;
  for (;;) {
    unsigned now = 1u << l->start;
    for (int i = 0; i < l->len - (fault == FAULT_REGULAR); i++) {
      unsigned next = 0;
      for (int tr = 0; tr < l->ntrans; tr++)
        if ((now >> l->from[tr] & 1) && l->val[tr] == item[i])
          next |= 1u << l->to[tr];
      now = next;
    }
    int sum = 0;
    for (int i = 0; i < l->len; i++)
      sum += item[i];
    bool second = l->extra == 1   ? item[l->pos - 1] == l->v
                  : l->extra == 2 ? compare(sum, l->op, l->k)
                                  : true;
    *lines_ok += second;
    found += (!l->automaton || (now & l->accept)) && second;
    int i = 0;
    for (; i < l->len; i++) {
      if (++item[i] <= l->hi)
        break;
      item[i] = l->lo;
    }
    if (i == l->len)
      return found;
  }
}

/* Whether the first n transitions have the start state and every state of accept. */
static bool state_names(const Line *l, int n, unsigned accept)
{
  unsigned in_table = 0;
  for (int k = 0; k < n; k++)
    in_table |= 1u << l->from[k] | 1u << l->to[k];
  return (in_table >> l->start & 1) && (accept & ~in_table) == 0;
}

/*
** A line read by an automaton, now and then with a second clue.  A cut
** drops (bit j of drop, counting as drawn) 0: the regular clue, 1: the
** second clue, 2 .. 11: a transition (one always stays), 12 .. 15:
** accepting state 1 .. 4 (one always stays); the line has cols items
** fewer and values fewer (down to 1 item, 0..1); options off: 1 states
** as names, 2 the table as a constant (unless it names the states).  A
** second clue the cut leaves no way to hold is left out too (pz refuses
** it).
*/
static long regular_case(Rng *r, Text *t)
{
  Line l = {.len = rng_range(r, 1, 6), .lo = 0, .automaton = !dropped(0)};
  l.hi = rng_range(r, 1, 2);
  int nstates = rng_range(r, 1, MAX_STATES), ntrans = rng_range(r, 1, MAX_TRANS);
  for (int k = 0; k < ntrans; k++) {
    l.from[k] = rng_range(r, 1, nstates);
    l.val[k] = rng_range(r, l.lo, l.hi + (rng_chance(r, 10) ? 1 : 0));   /* now and then a value no item holds */
    l.to[k] = rng_range(r, 1, nstates);
  }
  l.start = rng_range(r, 1, nstates);
  int naccept = rng_range(r, 1, nstates);
  for (int k = 0; k < naccept; k++)
    l.accept |= 1u << rng_range(r, 1, nstates);
  unsigned drawn_accept = l.accept;
  bool fits = state_names(&l, ntrans, l.accept);    /* as drawn */
  for (int k = 0; k < ntrans; k++)          /* the cut's transitions */
    if (!dropped(2 + k) || (l.ntrans == 0 && k == ntrans - 1)) {
      l.from[l.ntrans] = l.from[k], l.val[l.ntrans] = l.val[k], l.to[l.ntrans] = l.to[k];
      l.ntrans++;
    }
  unsigned accept = l.accept;               /* ... and accepting states */
  for (int s = 1; s <= MAX_STATES; s++)
    if (dropped(11 + s))
      accept &= ~(1u << s);
  l.accept = accept ? accept : l.accept;
  /* States as names when the table has every one the clue names, as drawn; when cut, as
     long as the cut table has every state of the drawn clue (so that dropping an accepting
     state brings no names back). */
  bool names = rng_chance(r, 40) && fits;
  bool as_const = names || rng_chance(r, 50);
  names = names && state_names(&l, l.ntrans, drawn_accept) && !cut_off(1);
  static const char *const state_name[] = {"", "qa", "qb", "qc", "qd"};
  char state[MAX_STATES + 1][16];
  for (int s = 1; s <= MAX_STATES; s++) {
    if (names)
      snprintf(state[s], sizeof state[s], "%s", state_name[s]);
    else
      snprintf(state[s], sizeof state[s], "%d", s);
  }
  int len = l.len, hi = l.hi;               /* as drawn; the line is cut */
  l.len = less(len, cut.cols, 1);
  l.hi = less(hi, cut.values, 1);
  text_printf(t, "var l[%d] in %d..%d.\n", l.len, l.lo, l.hi);
  Text table = {0};
  text_printf(&table, "[");
  for (int k = 0; k < l.ntrans; k++)
    text_printf(&table, "%s[%s, %d, %s]", k ? ", " : "", state[l.from[k]], l.val[k], state[l.to[k]]);
  text_printf(&table, "]");
  const char *tname = table.s;
  if ((names || (as_const && !cut_off(2))) && l.automaton) {   /* the constant declares the names */
    text_printf(t, "const t = %s.\n", table.s);
    tname = "t";
  }
  if (l.automaton) {
    text_printf(t, "regular(l, %s, %s, [", tname, state[l.start]);
    for (int s = 1, first = 1; s <= nstates; s++)
      if (l.accept >> s & 1)
        text_printf(t, "%s%s", first ? "" : ", ", state[s]), first = 0;
    text_printf(t, "]).\n");
  }
  text_free(&table);
  /* Now and then a second clue: one item fixed, or the sum compared. */
  l.extra = rng_below(r, 3), l.pos = rng_range(r, 1, len), l.v = rng_range(r, l.lo, hi);
  l.op = rng_below(r, 6), l.k = rng_range(r, 0, len * hi);
  if (dropped(1) || l.pos > l.len)
    l.extra = 0;
  long lines_ok, found = regular_count(&l, &lines_ok);
  if (!lines_ok && cutting()) {
    l.extra = 0;
    found = regular_count(&l, &lines_ok);
  }
  if (l.extra == 1)
    text_printf(t, "l[%d] = %d.\n", l.pos, l.v);
  if (l.extra == 2)
    text_printf(t, "sum(l) %s %d.\n", op_text[l.op], l.k);
  return lines_ok ? found : -1;   /* a second clue that never holds is pz's error */
}

/* --- logic grids --- */

#define GRID_MAX_ENT  5
#define GRID_MAX_ATTR 3

typedef struct Grid {
  int n, nattr;
  int id[GRID_MAX_ATTR];          /* attribute a as drawn (its name and values) */
  bool named;                     /* entities named, else positions 1..n */
  bool numeric[GRID_MAX_ATTR];    /* attribute values are numbers */
  int value[GRID_MAX_ATTR][GRID_MAX_ENT];  /* numeric: the numbers */
  int who[GRID_MAX_ATTR][GRID_MAX_ENT];    /* the assignment: value i of attribute a is entity who */
} Grid;

static const char *const ent_names[] = {"ann", "bob", "cy", "dan", "eve"};
static const char *const value_names[GRID_MAX_ATTR][GRID_MAX_ENT] = {
  {"red", "green", "blue", "ivory", "yellow"},
  {"dog", "cat", "fish", "zebra", "snail"},
  {"tea", "milk", "coffee", "water", "juice"},
};

/*
** An entity term: a value name (attribute a >= 0, value i), an entity
** itself (a = -1, i), written as its name or number.
*/
typedef struct ETerm { int a, i; } ETerm;

static int eterm_entity(const Grid *g, ETerm e)
{
  return e.a < 0 ? e.i : g->who[e.a][e.i];
}

static ETerm gen_eterm(const Grid *g, Rng *r)
{
  int named_attrs[GRID_MAX_ATTR], n = 0;
  for (int a = 0; a < g->nattr; a++)
    if (!g->numeric[a])
      named_attrs[n++] = a;
  if (n == 0 || rng_chance(r, 25))
    return (ETerm){-1, rng_below(r, g->n)};
  return (ETerm){named_attrs[rng_below(r, n)], rng_below(r, g->n)};
}

static void print_eterm(Text *t, const Grid *g, ETerm e)
{
  if (e.a >= 0)
    text_printf(t, "%s", value_names[g->id[e.a]][e.i]);
  else if (g->named)
    text_printf(t, "%s", ent_names[e.i]);
  else
    text_printf(t, "%d", e.i + 1);
}

typedef enum {
  G_SAME, G_DIFF,                 /* E1 = E2, E1 != E2 */
  G_POS_CMP,                      /* E1 op E2 + d (positions) */
  G_REL,                          /* next_to, left_of, right_of, somewhere_..., positions */
  G_BETWEEN,                      /* between(E1, E2, E3), positions */
  G_NUM_CMP,                      /* num(E1) op num(E2) + d */
  G_NUM_REL,                      /* next_to(num(E1), num(E2)), ... */
  G_NUM_VAL,                      /* num(E1) op v */
  G_ATTR_SAME,                    /* named(E1) = / != named(E2) */
  G_EITHER,                       /* either(E1 = E2, E3 = E4) */
  G_EXISTS,                       /* exists X in ent: X != E1 and num(X) op v */
  G_MIDDLE,                       /* E1 = first / last / middle(ent) */
  NGCLUES
} GClueKind;

typedef struct GClue {
  GClueKind kind;
  bool negated;
  ETerm e[4];
  int a, op, d, rel, which;
} GClue;

static const char *const rel_name[] = {"next_to", "left_of", "right_of", "somewhere_left_of",
                                       "somewhere_right_of"};

static bool rel_holds(int rel, long a, long b)
{
  switch (rel) {
  case 0: return fault == FAULT_NEXT_TO ? b == a + 1 : labs(a - b) == 1;
  case 1: return b == a + 1;
  case 2: return a == b + 1;
  case 3: return a < b;
  default: return a > b;
  }
}

static int num_of(const Grid *g, int a, int entity)
{
  for (int i = 0; i < g->n; i++)
    if (g->who[a][i] == entity)
      return g->value[a][i];
  return 0;
}

static int value_of(const Grid *g, int a, int entity)
{
  for (int i = 0; i < g->n; i++)
    if (g->who[a][i] == entity)
      return i;
  return -1;
}

static bool gclue_holds(const Grid *g, const GClue *c)
{
  int x = eterm_entity(g, c->e[0]), y = eterm_entity(g, c->e[1]), z = eterm_entity(g, c->e[2]);
  bool h = false;
  switch (c->kind) {
  case G_SAME: h = x == y; break;
  case G_DIFF: h = x != y; break;
  case G_POS_CMP: h = compare(x + 1, c->op, y + 1 + c->d); break;
  case G_REL: h = rel_holds(c->rel, x + 1, y + 1); break;
  case G_BETWEEN: h = (x < y && y < z) || (z < y && y < x); break;
  case G_NUM_CMP: h = compare(num_of(g, c->a, x), c->op, num_of(g, c->a, y) + c->d); break;
  case G_NUM_REL: h = rel_holds(c->rel, num_of(g, c->a, x), num_of(g, c->a, y)); break;
  case G_NUM_VAL: h = compare(num_of(g, c->a, x), c->op, c->d); break;
  case G_ATTR_SAME: h = (value_of(g, c->a, x) == value_of(g, c->a, y)) == (c->op == 0); break;
  case G_EITHER: h = (x == y) + (z == eterm_entity(g, c->e[3])) == 1; break;
  case G_EXISTS:
    for (int e = 0; e < g->n && !h; e++)
      h = e != x && compare(num_of(g, c->a, e), c->op, c->d);
    break;
  default: /* G_MIDDLE */
    h = x == (c->which == 0 ? 0 : c->which == 1 ? g->n - 1 : g->n / 2);
    break;
  }
  return h != c->negated;
}

static void gen_gclue(const Grid *g, GClue *c, Rng *r)
{
  int numeric[GRID_MAX_ATTR], named[GRID_MAX_ATTR], nn = 0, nm = 0;
  for (int a = 0; a < g->nattr; a++) {
    if (g->numeric[a])
      numeric[nn++] = a;
    else
      named[nm++] = a;
  }
  int w[NGCLUES] = {
    [G_SAME] = 5, [G_DIFF] = 5, [G_POS_CMP] = g->named ? 0 : 4, [G_REL] = g->named ? 0 : 6,
    [G_BETWEEN] = g->named ? 0 : 2, [G_NUM_CMP] = nn ? 4 : 0, [G_NUM_REL] = nn ? 3 : 0,
    [G_NUM_VAL] = nn ? 3 : 0, [G_ATTR_SAME] = nm ? 2 : 0, [G_EITHER] = 2, [G_EXISTS] = nn ? 2 : 0,
    [G_MIDDLE] = g->named ? 0 : 2,
  };
  int total = 0, kind = 0;
  for (int k = 0; k < NGCLUES; k++)
    total += w[k];
  for (int x = rng_below(r, total); (x -= w[kind]) >= 0; kind++)
    ;
  *c = (GClue){.kind = (GClueKind)kind};
  for (int k = 0; k < 4; k++)
    c->e[k] = gen_eterm(g, r);
  c->op = rng_below(r, 6);
  c->rel = rng_below(r, 5);
  c->negated = (kind == G_REL || kind == G_NUM_REL) && rng_chance(r, 25);
  c->which = rng_below(r, (g->n & 1) ? 3 : 2);
  if (nn)
    c->a = numeric[rng_below(r, nn)];
  if (kind == G_ATTR_SAME)
    c->a = named[rng_below(r, nm)], c->op = rng_below(r, 2);
  c->d = kind == G_POS_CMP || kind == G_NUM_CMP ? rng_range(r, -2, 2)
         : kind == G_NUM_VAL || kind == G_EXISTS ? g->value[c->a][rng_below(r, g->n)] + rng_range(r, -1, 1)
         : 0;
  if (kind == G_POS_CMP && rng_chance(r, 30)) {   /* E1 op k: a position */
    c->e[1] = (ETerm){-1, 0};
    c->d = rng_range(r, 0, g->n - 1);
  }
}

static void print_gclue(Text *t, const Grid *g, const GClue *c, int label)
{
  if (label)
    text_printf(t, "clue %d: ", label);
  if (c->negated)
    text_printf(t, "not ");
  const char *attr = c->kind == G_ATTR_SAME || c->kind == G_NUM_CMP || c->kind == G_NUM_REL
                     || c->kind == G_NUM_VAL || c->kind == G_EXISTS
                     ? (const char *[]){"a1", "a2", "a3"}[g->id[c->a]] : "";
  switch (c->kind) {
  case G_SAME: case G_DIFF:
    print_eterm(t, g, c->e[0]);
    text_printf(t, c->kind == G_SAME ? " = " : " != ");
    print_eterm(t, g, c->e[1]);
    break;
  case G_POS_CMP:
    print_eterm(t, g, c->e[0]);
    text_printf(t, " %s ", op_text[c->op]);
    print_eterm(t, g, c->e[1]);
    if (c->d)
      text_printf(t, " %s %d", c->d > 0 ? "+" : "-", abs(c->d));
    break;
  case G_REL: case G_NUM_REL:
    text_printf(t, "%s(", rel_name[c->rel]);
    for (int k = 0; k < 2; k++) {
      text_printf(t, "%s%s%s", k ? ", " : "", attr, *attr ? "(" : "");
      print_eterm(t, g, c->e[k]);
      text_printf(t, "%s", *attr ? ")" : "");
    }
    text_printf(t, ")");
    break;
  case G_BETWEEN:
    text_printf(t, "between(");
    for (int k = 0; k < 3; k++) {
      text_printf(t, "%s", k ? ", " : "");
      print_eterm(t, g, c->e[k]);
    }
    text_printf(t, ")");
    break;
  case G_NUM_CMP: case G_ATTR_SAME:
    text_printf(t, "%s(", attr);
    print_eterm(t, g, c->e[0]);
    text_printf(t, ") %s %s(", op_text[c->op], attr);
    print_eterm(t, g, c->e[1]);
    text_printf(t, ")");
    if (c->d)
      text_printf(t, " %s %d", c->d > 0 ? "+" : "-", abs(c->d));
    break;
  case G_NUM_VAL:
    text_printf(t, "%s(", attr);
    print_eterm(t, g, c->e[0]);
    text_printf(t, ") %s %d", op_text[c->op], c->d);
    break;
  case G_EITHER:
    text_printf(t, "either(");
    print_eterm(t, g, c->e[0]);
    text_printf(t, " = ");
    print_eterm(t, g, c->e[1]);
    text_printf(t, ", ");
    print_eterm(t, g, c->e[2]);
    text_printf(t, " = ");
    print_eterm(t, g, c->e[3]);
    text_printf(t, ")");
    break;
  case G_EXISTS:
    text_printf(t, "exists X in e: X != ");
    print_eterm(t, g, c->e[0]);
    text_printf(t, " and %s(X) %s %d", attr, op_text[c->op], c->d);
    break;
  default:
    print_eterm(t, g, c->e[0]);
    text_printf(t, " = %s(e)", (const char *[]){"first", "last", "middle"}[c->which]);
    break;
  }
  text_printf(t, ".\n");
}

#define MAX_GCLUES 7

/* Every assignment of the grid (a permutation per attribute): how many satisfy the clues. */
static long grid_count(Grid *g, const GClue *c, int nclues, int only)
{
  static int perms[120][GRID_MAX_ENT];
  int nperm = 0, p[GRID_MAX_ENT];
  for (int i = 0; i < g->n; i++)
    p[i] = i;
  for (;;) {                /* every permutation, in lexicographic order */
    memcpy(perms[nperm++], p, sizeof p);
    int i = g->n - 2;
    while (i >= 0 && p[i] > p[i + 1])
      i--;
    if (i < 0)
      break;
    int j = g->n - 1;
    while (p[j] < p[i])
      j--;
    int x = p[i];
    p[i] = p[j], p[j] = x;
    for (int a = i + 1, b = g->n - 1; a < b; a++, b--)
      x = p[a], p[a] = p[b], p[b] = x;
  }
  int idx[GRID_MAX_ATTR] = {0};
  long found = 0;
  for (;;) {
    for (int a = 0; a < g->nattr; a++)
      memcpy(g->who[a], perms[idx[a]], sizeof g->who[a]);
    bool ok = true;
    for (int i = 0; i < nclues && ok; i++)
      if (only < 0 || i == only)
        ok = gclue_holds(g, &c[i]);
    found += ok;
    int a = 0;
    for (; a < g->nattr; a++) {
      if (++idx[a] < nperm)
        break;
      idx[a] = 0;
    }
    if (a == g->nattr)
      return found;
  }
}

/* How many of clue c's entity terms it reads (the others are drawn all the same). */
static int gclue_terms(const GClue *c)
{
  static const int terms[NGCLUES] = {[G_SAME] = 2, [G_DIFF] = 2, [G_POS_CMP] = 2, [G_REL] = 2,
                                     [G_BETWEEN] = 3, [G_NUM_CMP] = 2, [G_NUM_REL] = 2,
                                     [G_NUM_VAL] = 1, [G_ATTR_SAME] = 2, [G_EITHER] = 4,
                                     [G_EXISTS] = 1, [G_MIDDLE] = 1};
  return terms[c->kind];
}

static bool gclue_has_attr(const GClue *c)
{
  return c->kind == G_NUM_CMP || c->kind == G_NUM_REL || c->kind == G_NUM_VAL
         || c->kind == G_ATTR_SAME || c->kind == G_EXISTS;
}

/*
** Clue c with attributes renumbered by map (-1: dropped) on a grid of n
** entities, an entity or value past n read as the last; false when it
** names a dropped attribute, or the middle of an even number.
*/
static bool gclue_cut(GClue *c, const int *map, int n)
{
  if (gclue_has_attr(c) && map[c->a] < 0)
    return false;
  c->a = gclue_has_attr(c) ? map[c->a] : 0;
  for (int k = 0; k < 4; k++) {
    ETerm *e = &c->e[k];
    if (k >= gclue_terms(c))
      *e = (ETerm){-1, 0};
    else if (e->a >= 0 && map[e->a] < 0)
      return false;
    else if (e->a >= 0)
      e->a = map[e->a];
    e->i = e->i < n ? e->i : n - 1;
  }
  return !(c->kind == G_MIDDLE && c->which == 2 && n % 2 == 0);
}

/* The grid and its n clues as drawn, cut (see grid_case); how many clues stay. */
static int cut_grid(Grid *g, bool *range, GClue *clue, bool *label, int n)
{
  int map[GRID_MAX_ATTR], kept = 0;
  for (int a = 0; a < g->nattr; a++) {
    map[a] = -1;
    if (dropped(8 + a) && (kept || a < g->nattr - 1))
      continue;
    map[a] = kept;
    g->id[kept] = g->id[a];
    g->numeric[kept] = g->numeric[a];
    range[kept] = range[a] || (g->numeric[a] && cut_off(4));
    for (int i = 0; i < GRID_MAX_ENT; i++)
      g->value[kept][i] = range[kept] ? g->value[a][0] + i : g->value[a][i];
    kept++;
  }
  g->nattr = kept;
  g->n = less(g->n, cut.cols, 2);
  g->named = g->named && !cut_off(1);
  int m = 0;
  for (int j = 0; j < n; j++) {
    clue[m] = clue[j];
    label[m] = label[j] && !cut_off(2);
    if (!dropped(j) && gclue_cut(&clue[m], map, g->n) && grid_count(g, clue, m + 1, m) > 0)
      m++;
  }
  return m;
}

/*
** A logic grid: entities, attributes, clues.  A cut drops (bit j of
** drop, counting as drawn) 0 .. 6: clue j, 8 .. 10: attribute 1 .. 3 and
** the clues that name it (one attribute always stays); there are cols
** entities fewer (down to 2), a clue's entity or value past them read
** as the last; options off: 1 entities named (they are numbers), 2 clue labels,
** 4 a list of numbers (a range from its first number instead).  A clue
** the cut leaves no way to hold on its own is left out too (pz refuses
** it).  The brute force counts the grid as cut.
*/
static long grid_case(Rng *r, Text *t)
{
  Grid g = {0};
  g.n = rng_range(r, 2, 5);
  g.nattr = g.n == 5 ? rng_range(r, 1, 2) : rng_range(r, 1, 3);
  g.named = rng_chance(r, 40);
  bool range[GRID_MAX_ATTR] = {false};
  for (int a = 0; a < g.nattr; a++) {
    g.id[a] = a;
    g.numeric[a] = rng_chance(r, 35);
    range[a] = g.numeric[a] && rng_chance(r, 50);
    if (range[a]) {
      int lo = rng_range(r, 0, 20);
      for (int i = 0; i < g.n; i++)
        g.value[a][i] = lo + i;
    } else if (g.numeric[a]) {                     /* a list, ascending */
      int v = rng_range(r, 0, 5);
      for (int i = 0; i < g.n; i++) {
        g.value[a][i] = v;
        v += rng_range(r, 1, 4);
      }
    }
  }
  GClue clue[MAX_GCLUES];
  bool label[MAX_GCLUES];
  int want = rng_range(r, 1, MAX_GCLUES), n = 0;
  for (int tries = 0; n < want && tries < 40; tries++) {
    gen_gclue(&g, &clue[n], r);
    if (grid_count(&g, clue, n + 1, n) > 0)    /* one that can never hold is pz's error */
      n++;
  }
  for (int i = 0; i < n; i++)
    label[i] = rng_chance(r, 50);
  int drawn = n;
  if (cutting())
    n = cut_grid(&g, range, clue, label, n);
  text_printf(t, "import logic_grid.\n");
  if (g.named) {
    text_printf(t, "entities e: ");
    for (int i = 0; i < g.n; i++)
      text_printf(t, "%s%s", i ? ", " : "", ent_names[i]);
    text_printf(t, ".\n");
  } else {
    text_printf(t, "entities e: 1..%d.\n", g.n);
  }
  for (int a = 0; a < g.nattr; a++) {
    text_printf(t, "attribute a%d: ", g.id[a] + 1);
    if (range[a])
      text_printf(t, "%d..%d", g.value[a][0], g.value[a][g.n - 1]);
    for (int i = 0; i < g.n && !range[a]; i++) {
      if (g.numeric[a])
        text_printf(t, "%s%d", i ? ", " : "", g.value[a][i]);
      else
        text_printf(t, "%s%s", i ? ", " : "", value_names[g.id[a]][i]);
    }
    text_printf(t, ".\n");
  }
  for (int i = 0; i < n; i++)
    print_gclue(t, &g, &clue[i], label[i] ? i + 1 : 0);
  return n || (cutting() && drawn) ? grid_count(&g, clue, n, -1) : -1;
}

/* --- tilings --- */

#define TILE_MAX_CELLS 12
#define MAX_PIECES 6

typedef struct Shape { const char *name, *rows[3]; } Shape;

static const Shape shapes[] = {
  {"dot", {"o"}},
  {"dom", {"dd"}},
  {"bar", {"bbb"}},
  {"ell", {"e.", "ee"}},
  {"sq", {"ss", "ss"}},
  {"tee", {"ttt", ".t."}},
  {"ess", {".zz", "zz."}},
  {"lng", {"lll", "l.."}},
  {"dom2", {"d", "d"}},
};
enum { NSHAPES = sizeof shapes / sizeof shapes[0] };

/* A piece as drawn: a shape's rows, with colours, its squares' characters matter. */
typedef struct Picture { char row[3][6]; } Picture;

/* A placement's cells as (row, col) offsets, normalised and sorted; each square's character. */
typedef struct Cells { int n; int r[5], c[5]; char ch[5]; } Cells;

/* Shape s drawn: in colour (each square b or w, now and then a chequer) or in its letters. */
static Picture draw_shape(const Shape *s, Rng *r, bool colours)
{
  Picture pic = {0};
  bool chequer = rng_chance(r, 80);
  int phase = rng_below(r, 2);
  for (int i = 0; i < 3 && s->rows[i]; i++)
    for (int j = 0; s->rows[i][j]; j++) {
      char ch = s->rows[i][j];
      if (colours && ch != '.')
        ch = "bw"[chequer ? (i + j + phase) % 2 : rng_below(r, 2)];
      pic.row[i][j] = ch;
    }
  return pic;
}

static Cells shape_cells(const Picture *s)
{
  Cells x = {0};
  for (int i = 0; i < 3 && s->row[i][0]; i++)
    for (int j = 0; s->row[i][j]; j++)
      if (s->row[i][j] != '.')
        x.r[x.n] = i, x.c[x.n] = j, x.ch[x.n++] = s->row[i][j];
  return x;
}

/* Rows first, then columns; moved so that the least row and column are 0. */
static void normalise(Cells *x)
{
  int mr = 99, mc = 99;
  for (int k = 0; k < x->n; k++) {
    mr = x->r[k] < mr ? x->r[k] : mr;
    mc = x->c[k] < mc ? x->c[k] : mc;
  }
  for (int k = 0; k < x->n; k++)
    x->r[k] -= mr, x->c[k] -= mc;
  for (int i = 1; i < x->n; i++)
    for (int j = i; j > 0 && (x->r[j] < x->r[j - 1] || (x->r[j] == x->r[j - 1] && x->c[j] < x->c[j - 1])); j--) {
      int tr = x->r[j], tc = x->c[j];
      char tch = x->ch[j];
      x->r[j] = x->r[j - 1], x->c[j] = x->c[j - 1], x->ch[j] = x->ch[j - 1];
      x->r[j - 1] = tr, x->c[j - 1] = tc, x->ch[j - 1] = tch;
    }
}

/* The orientations a piece may take: turns unless no_turns, flips unless no_flips. */
static int orientations(const Picture *s, bool no_turns, bool no_flips, Cells *out)
{
  int n = 0;
  Cells base = shape_cells(s);
  for (int flip = 0; flip < 2; flip++) {
    if (flip && no_flips)
      break;
    for (int turn = 0; turn < 4; turn++) {
      if (turn && no_turns)
        break;
      Cells x = base;
      for (int k = 0; k < x.n; k++) {
        int rr = x.r[k], cc = flip ? -x.c[k] : x.c[k];
        for (int q = 0; q < turn; q++) {      /* a quarter turn: (r, c) -> (c, -r) */
          int t2 = rr;
          rr = cc;
          cc = -t2;
        }
        x.r[k] = rr, x.c[k] = cc;
      }
      normalise(&x);
      bool seen = false;
      for (int o = 0; o < n && !seen; o++)
        seen = !memcmp(&out[o], &x, sizeof x);
      if (!seen)
        out[n++] = x;
    }
  }
  return n;
}

typedef struct Tiling {
  int rows, cols;
  bool hole[4][5];
  int npieces;
  int piece[MAX_PIECES];     /* shape index */
  int copies[MAX_PIECES];    /* how many (any number: unlimited) */
  bool any_number, gaps;
  bool colours;              /* a square lies only on a cell of its own character */
  char colour[4][5];         /* the board's characters (0: none, an undrawn board) */
  Picture pic[MAX_PIECES];
  int norient[MAX_PIECES];
  Cells orient[MAX_PIECES][8];
  int nclues;
  int clue_r[3], clue_c[3], clue_piece[3];  /* -1: a gap */
  bool clue_eq[3];
  int cover[4][5];           /* during the count: the piece on each cell, -1 none, -2 gap */
  int placed[4][5];          /* and which placement of the tiling covers it */
  int nplaced;
  bool symmetry;             /* up to symmetry: keep every tiling found */
  int nkept, cap_kept;
  struct Kept { int8_t cls[20], pid[20]; } *kept;
  int cls[MAX_PIECES];       /* identical pieces (the same placements) share a class */
} Tiling;

static bool clues_hold(const Tiling *tl)
{
  for (int k = 0; k < tl->nclues; k++) {
    int on = tl->cover[tl->clue_r[k]][tl->clue_c[k]];
    int want = tl->clue_piece[k];
    if ((on == want || (want < 0 && on == -2)) != tl->clue_eq[k])
      return false;
  }
  return true;
}

/* Tilings of the cells left, each set of placements once: the first open cell is covered first. */
static long tile_count(Tiling *tl, int *left, long cap)
{
  int fr = -1, fc = -1;
  for (int i = 0; i < tl->rows && fr < 0; i++)
    for (int j = 0; j < tl->cols; j++)
      if (!tl->hole[i][j] && tl->cover[i][j] == -1) {
        fr = i, fc = j;
        break;
      }
  if (fr < 0) {
    for (int p = 0; p < tl->npieces; p++)
      if (!tl->any_number && left[p] > 0)
        return 0;
    if (tl->symmetry && clues_hold(tl)) {
      if (tl->nkept == tl->cap_kept) {
        tl->cap_kept = tl->cap_kept ? 2 * tl->cap_kept : 64;
        tl->kept = realloc(tl->kept, (size_t)tl->cap_kept * sizeof *tl->kept);
        if (!tl->kept)
          abort();
      }
      struct Kept *k = &tl->kept[tl->nkept++];
      for (int i = 0; i < tl->rows; i++)
        for (int j = 0; j < tl->cols; j++) {
          int on = tl->hole[i][j] ? -1 : tl->cover[i][j];
          k->cls[i * tl->cols + j] = (int8_t)(on < 0 ? -1 : tl->cls[on]);
          k->pid[i * tl->cols + j] = (int8_t)(on < 0 ? -1 : tl->placed[i][j]);
        }
    }
    return clues_hold(tl);
  }
  long found = 0;
  if (tl->gaps) {
    tl->cover[fr][fc] = -2;
    found += tile_count(tl, left, cap);
    tl->cover[fr][fc] = -1;
  }
  for (int p = 0; p < tl->npieces && found <= cap; p++) {
    if (!tl->any_number && left[p] == 0)
      continue;
    for (int o = 0; o < tl->norient[p]; o++) {
      const Cells *x = &tl->orient[p][o];
      /* the first cell of the placement (in reading order) lies on (fr, fc) */
      int dr = fr - x->r[0], dc = fc - x->c[0];
      bool fits = true;
      for (int k = 0; k < x->n && fits; k++) {
        int i = x->r[k] + dr, j = x->c[k] + dc;
        fits = i >= 0 && i < tl->rows && j >= 0 && j < tl->cols && !tl->hole[i][j]
               && tl->cover[i][j] == -1 && (!tl->colours || tl->colour[i][j] == x->ch[k]);
      }
      if (!fits)
        continue;
      for (int k = 0; k < x->n; k++) {
        tl->cover[x->r[k] + dr][x->c[k] + dc] = p;
        tl->placed[x->r[k] + dr][x->c[k] + dc] = tl->nplaced;
      }
      left[p]--;
      tl->nplaced++;
      found += tile_count(tl, left, cap);
      tl->nplaced--;
      left[p]++;
      for (int k = 0; k < x->n; k++)
        tl->cover[x->r[k] + dr][x->c[k] + dc] = -1;
    }
  }
  return found;
}

/*
** Up to symmetry.  The eight maps of a square, as a linear part on
** (row, column) offsets: rows map to a*r + b*c, columns to e*r + f*c.
*/
static const int sym_map[8][4] = {
  {1, 0, 0, 1}, {-1, 0, 0, -1}, {1, 0, 0, -1}, {-1, 0, 0, 1},
  {0, 1, 1, 0}, {0, -1, -1, 0}, {0, 1, -1, 0}, {0, -1, 1, 0},
};

/* Where map m takes cell (i, j) of a rows x cols board: false when it leaves the board. */
static bool sym_cell(const Tiling *tl, int m, int i, int j, int *i2, int *j2)
{
  const int *a = sym_map[m];
  int r = a[0] * i + a[1] * j, c = a[2] * i + a[3] * j;
  int rows2 = a[0] ? tl->rows : tl->cols, cols2 = a[3] ? tl->cols : tl->rows;
  if (rows2 != tl->rows || cols2 != tl->cols)
    return false;                   /* a quarter turn of a board that is not square */
  /* translate into the board: the images of the corners span it */
  int rmin = 0, cmin = 0;
  for (int ci = 0; ci < 2; ci++)
    for (int cj = 0; cj < 2; cj++) {
      int ri = a[0] * ci * (tl->rows - 1) + a[1] * cj * (tl->cols - 1);
      int rj = a[2] * ci * (tl->rows - 1) + a[3] * cj * (tl->cols - 1);
      rmin = ri < rmin ? ri : rmin;
      cmin = rj < cmin ? rj : cmin;
    }
  *i2 = r - rmin, *j2 = c - cmin;
  return true;
}

static bool same_orientations(const Cells *a, int na, const Cells *b, int nb)
{
  if (na != nb)
    return false;
  for (int i = 0; i < na; i++) {
    bool found = false;
    for (int j = 0; j < nb && !found; j++)
      found = !memcmp(&a[i], &b[j], sizeof a[i]);
    if (!found)
      return false;
  }
  return true;
}

/* The placements of piece p on the board, as sets of cells (bits); how many. */
static int placements(const Tiling *tl, int p, uint32_t *out)
{
  int n = 0;
  for (int o = 0; o < tl->norient[p]; o++) {
    const Cells *x = &tl->orient[p][o];
    for (int dr = 0; dr < tl->rows; dr++)
      for (int dc = 0; dc < tl->cols; dc++) {
        uint32_t set = 0;
        bool fits = true;
        for (int k = 0; k < x->n && fits; k++) {
          int i = x->r[k] + dr, j = x->c[k] + dc;
          fits = i < tl->rows && j < tl->cols && !tl->hole[i][j]
                 && (!tl->colours || tl->colour[i][j] == x->ch[k]);
          set |= fits ? 1u << (i * tl->cols + j) : 0;
        }
        if (fits)
          out[n++] = set;
      }
  }
  return n;
}

static uint32_t moved(const int *perm, uint32_t set, int cells)
{
  uint32_t image = 0;
  for (int c = 0; c < cells; c++)
    if (set >> c & 1)
      image |= 1u << perm[c];
  return image;
}

/* Map m is a symmetry: it keeps the holes, and takes each placement of a piece to one of its own. */
static bool is_symmetry(const Tiling *tl, int m, int *perm)
{
  for (int i = 0; i < tl->rows; i++)
    for (int j = 0; j < tl->cols; j++) {
      int i2, j2;
      if (!sym_cell(tl, m, i, j, &i2, &j2) || tl->hole[i][j] != tl->hole[i2][j2]
          || (tl->colours && !tl->hole[i][j] && tl->colour[i][j] != tl->colour[i2][j2]))
        return false;
      perm[i * tl->cols + j] = i2 * tl->cols + j2;
    }
  uint32_t place[8 * 20];
  for (int p = 0; p < tl->npieces; p++) {
    int n = placements(tl, p, place);
    for (int k = 0; k < n; k++) {
      uint32_t image = moved(perm, place[k], tl->rows * tl->cols);
      bool found = false;
      for (int k2 = 0; k2 < n && !found; k2++)
        found = place[k2] == image;
      if (!found)
        return false;
    }
  }
  return true;
}

/* The symmetries of the board as permutations of its cells, each once (the identity first). */
static int board_symmetries(const Tiling *tl, int perm[8][20])
{
  int n = 0;
  for (int m = 0; m < 8; m++) {
    int q[20];
    if (!is_symmetry(tl, m, q))
      continue;
    bool seen = false;
    for (int k = 0; k < n && !seen; k++)
      seen = !memcmp(perm[k], q, sizeof q[0] * (size_t)(tl->rows * tl->cols));
    if (!seen)
      memcpy(perm[n++], q, sizeof q);
  }
  return n;
}

/* A tiling moved by perm, written so that equal tilings are equal bytes. */
static void sym_code(const Tiling *tl, const struct Kept *k, const int *perm, int8_t *code)
{
  int n = tl->rows * tl->cols;
  int8_t cls[20], pid[20];
  for (int c = 0; c < n; c++)
    cls[perm[c]] = k->cls[c], pid[perm[c]] = k->pid[c];
  for (int c = 0; c < n; c++) {   /* a cell: its class, and the first cell of its placement */
    int first = -1;
    if (pid[c] >= 0)
      for (first = 0; pid[first] != pid[c]; first++)
        ;
    code[2 * c] = cls[c];
    code[2 * c + 1] = (int8_t)first;
  }
}

static int cells_of_codes;

static int code_order(const void *a, const void *b)
{
  return memcmp(a, b, (size_t)cells_of_codes);
}

/*
** Classes of the tilings kept: the distinct least codes of their orbits
** (two tilings that swap identical pieces have one code already).
*/
static long count_classes(const Tiling *tl)
{
  int perm[8][20];
  int nsym = board_symmetries(tl, perm), len = 2 * tl->rows * tl->cols;
  int8_t *least = malloc((size_t)(tl->nkept ? tl->nkept : 1) * 40);
  if (!least)
    abort();
  for (int t = 0; t < tl->nkept; t++) {
    int8_t *own = least + 40 * t, other[40];
    sym_code(tl, &tl->kept[t], perm[0], own);
    for (int s = 1; s < nsym; s++) {
      sym_code(tl, &tl->kept[t], perm[s], other);
      if (memcmp(other, own, (size_t)len) < 0)
        memcpy(own, other, (size_t)len);
    }
  }
  cells_of_codes = 40;
  qsort(least, (size_t)tl->nkept, 40, code_order);
  long classes = 0;
  for (int t = 0; t < tl->nkept; t++)
    classes += t == 0 || memcmp(least + 40 * t, least + 40 * (t - 1), (size_t)len) != 0;
  free(least);
  return classes;
}

/*
** pz needs a piece used once (counting identical pieces together) that
** has a placement, and no symmetry but the identity leaves one of its
** placements where it was.
*/
static bool has_fixing_piece(const Tiling *tl)
{
  int perm[8][20];
  int nsym = board_symmetries(tl, perm);
  if (nsym == 1)
    return true;
  for (int p = 0; p < tl->npieces; p++) {
    int copies = 0;
    for (int q = 0; q < tl->npieces; q++)
      copies += tl->cls[q] == tl->cls[p] ? tl->copies[q] : 0;
    if (copies != 1)
      continue;
    uint32_t place[8 * 20];
    int n = placements(tl, p, place);
    bool moves = n > 0;
    for (int k = 0; k < n && moves; k++)
      for (int s = 1; s < nsym && moves; s++)
        moves = moved(perm[s], place[k], tl->rows * tl->cols) != place[k];
    if (moves)
      return true;
  }
  return false;
}

static long tiling_case(Rng *r, Text *t)
{
  Tiling tl = {0};
  tl.rows = less(rng_range(r, 1, 3), cut.rows, 1);
  tl.cols = less(rng_range(r, 2, 4), cut.cols, 1);
  bool drawn = rng_chance(r, 30) && !cut_off(64);
  /* colours: mostly on a drawn board, now and then on an undrawn one (no cell has a character) */
  tl.colours = rng_chance(r, drawn ? 45 : 4) && !cut_off(32);
  bool chequer = rng_chance(r, 70);
  int cells = 0;
  for (int i = 0; i < tl.rows; i++)
    for (int j = 0; j < tl.cols; j++) {
      tl.hole[i][j] = drawn && rng_chance(r, 20);
      cells += !tl.hole[i][j];
      tl.colour[i][j] = !drawn ? 0 : !tl.colours ? 'x' : "bw"[chequer ? (i + j) % 2 : rng_below(r, 2)];
    }
  if (cells == 0)
    tl.hole[0][0] = false, cells = 1;
  bool no_turns = rng_chance(r, 15) && !cut_off(1), no_flips = rng_chance(r, 20) && !cut_off(2);
  tl.any_number = rng_chance(r, 15) && !cut_off(4);
  tl.gaps = rng_chance(r, 15) && !cut_off(8);
  /* Pieces: drawn until their area is the cells' (more or less with gaps
     or any number); a set that misses is drawn again, mostly. */
  for (int attempt = 0; attempt < 20; attempt++) {
    int area = 0;
    bool used[NSHAPES] = {0};
    tl.npieces = 0;
    for (int tries = 0; tries < 40 && tl.npieces < (tl.any_number ? 2 : MAX_PIECES) && area < cells; tries++) {
      int s = rng_below(r, NSHAPES);
      Picture pic = draw_shape(&shapes[s], r, tl.colours);
      Cells x = shape_cells(&pic);
      if (used[s] || (!tl.gaps && !tl.any_number && area + x.n > cells))
        continue;
      used[s] = true;
      int p = tl.npieces++;
      tl.piece[p] = s;
      tl.pic[p] = pic;
      tl.copies[p] = 1;
      while (!tl.any_number && area + (tl.copies[p] + 1) * x.n <= cells && rng_chance(r, 35))
        tl.copies[p]++;
      area += tl.copies[p] * x.n;
      tl.norient[p] = orientations(&pic, no_turns, no_flips, tl.orient[p]);
      if (tl.any_number && rng_chance(r, 50))
        break;
    }
    if (tl.npieces && (area == cells || tl.gaps || tl.any_number || rng_chance(r, 5)))
      break;
  }
  for (int p = 0, q = 0, n = tl.npieces; p < n; p++) {   /* a cut drops pieces, one stays */
    if (dropped(8 + p) && tl.npieces > 1) {
      tl.npieces--;
      continue;
    }
    tl.piece[q] = tl.piece[p], tl.pic[q] = tl.pic[p], tl.copies[q] = tl.copies[p];
    tl.norient[q] = tl.norient[p];
    memcpy(tl.orient[q], tl.orient[p], sizeof tl.orient[p]);
    q++;
  }
  for (int p = 0; p < tl.npieces; p++) {     /* identical pieces: the same placements */
    tl.cls[p] = p;
    for (int q = 0; q < p && tl.cls[p] == p; q++)
      if (same_orientations(tl.orient[p], tl.norient[p], tl.orient[q], tl.norient[q]))
        tl.cls[p] = tl.cls[q];
  }
  tl.symmetry = !tl.any_number && rng_chance(r, 25) && has_fixing_piece(&tl) && !cut_off(16);
  for (int p = 0; p < tl.npieces; p++) {
    const Picture *s = &tl.pic[p];
    text_printf(t, "piece %s = ", shapes[tl.piece[p]].name);
    for (int i = 0; i < 3 && s->row[i][0]; i++)
      text_printf(t, "%s\"%s\"", i ? " " : "", s->row[i]);
    text_printf(t, ".\n");
  }
  text_printf(t, "tile box");
  if (drawn) {
    text_printf(t, " =");
    for (int i = 0; i < tl.rows; i++) {
      text_printf(t, " \"");
      for (int j = 0; j < tl.cols; j++)
        text_printf(t, "%c", tl.hole[i][j] ? '.' : tl.colour[i][j]);
      text_printf(t, "\"");
    }
  } else {
    text_printf(t, "[%d, %d]", tl.rows, tl.cols);
  }
  text_printf(t, " with ");
  if (tl.npieces == 1 && !rng_chance(r, 30)) {
    if (tl.copies[0] > 1)
      text_printf(t, "%d * ", tl.copies[0]);
    text_printf(t, "%s", shapes[tl.piece[0]].name);
  } else {
    text_printf(t, "[");
    for (int p = 0; p < tl.npieces; p++) {
      text_printf(t, "%s", p ? ", " : "");
      if (tl.copies[p] == 2 && rng_chance(r, 30))    /* listed twice is used twice */
        text_printf(t, "%s, %s", shapes[tl.piece[p]].name, shapes[tl.piece[p]].name);
      else if (tl.copies[p] > 1)
        text_printf(t, "%d * %s", tl.copies[p], shapes[tl.piece[p]].name);
      else
        text_printf(t, "%s", shapes[tl.piece[p]].name);
    }
    text_printf(t, "]");
  }
  if (no_turns)
    text_printf(t, ", no turns");
  if (no_flips)
    text_printf(t, ", no flips");
  if (tl.any_number)
    text_printf(t, ", any number");
  if (tl.gaps)
    text_printf(t, ", gaps");
  if (tl.symmetry)
    text_printf(t, ", up to symmetry");
  if (tl.colours)
    text_printf(t, ", %s", rng_chance(r, 70) ? "colours" : "colors");
  text_printf(t, ".\n");
  /* Clues: a cell holds (or not) a piece (none up to symmetry). */
  int nclues = rng_chance(r, 50) || tl.symmetry ? 0 : rng_range(r, 1, 3);
  for (int k = 0; k < nclues; k++) {
    int i, j;
    do
      i = rng_below(r, tl.rows), j = rng_below(r, tl.cols);
    while (tl.hole[i][j]);
    int q = tl.nclues;
    tl.clue_r[q] = i, tl.clue_c[q] = j;
    tl.clue_piece[q] = rng_below(r, tl.npieces);
    tl.clue_eq[q] = rng_chance(r, 70);
    if (dropped(k))
      continue;
    tl.nclues++;
    text_printf(t, "box[%d, %d] %s %s.\n", i + 1, j + 1, tl.clue_eq[q] ? "=" : "!=",
                shapes[tl.piece[tl.clue_piece[q]]].name);
  }
  for (int a = 0; a < tl.rows; a++)
    for (int b = 0; b < tl.cols; b++)
      tl.cover[a][b] = -1;
  int left[MAX_PIECES];
  memcpy(left, tl.copies, sizeof left);
  long n = tile_count(&tl, left, 100000);
  if (tl.symmetry)
    n = count_classes(&tl);
  free(tl.kept);
  return n;
}

/* --- sums over the same cells --- */

#define MAX_SUMS 4

/*
** One clause over s = sum(l) and the unknowns h and g (props/same_sums.c
** finds the equations that are another one plus a term, or that differ
** from another in one term): its shape, constants and whether it holds
** for s, h, g and the line.
*/
typedef struct SumClause {
  int shape, k, c, i;
} SumClause;

static bool sum_clause_holds(const SumClause *c, long s, long h, long g, const int *l)
{
  switch (c->shape) {
  case 0: return s == c->k;                     /* sum(l) = K */
  case 1: return h + s == c->k;                 /* h + sum(l) = K */
  case 2: return s - h == c->k;                 /* sum(l) - h = K */
  case 3: return c->c * h == s;                 /* C * h = sum(l) */
  case 4: return c->k - s == h;                 /* K - sum(l) = h */
  case 5: return s + l[c->i] == c->k;           /* sum(l) + l[I] = K: l[I] twice */
  case 6: return s != c->k;                     /* sum(l) != K */
  case 7: return s <= c->k;                     /* sum(l) <= K */
  case 8: return g == s;                        /* g = sum(l) */
  default: return g - s == h;                   /* g - sum(l) = h */
  }
}

static void sum_clause_text(const SumClause *c, Text *t)
{
  switch (c->shape) {
  case 0: text_printf(t, "sum(l) = %d.\n", c->k); break;
  case 1: text_printf(t, "h + sum(l) = %d.\n", c->k); break;
  case 2: text_printf(t, "sum(l) - h = %d.\n", c->k); break;
  case 3: text_printf(t, "%d * h = sum(l).\n", c->c); break;
  case 4: text_printf(t, "%d - sum(l) = h.\n", c->k); break;
  case 5: text_printf(t, "sum(l) + l[%d] = %d.\n", c->i + 1, c->k); break;
  case 6: text_printf(t, "sum(l) != %d.\n", c->k); break;
  case 7: text_printf(t, "sum(l) <= %d.\n", c->k); break;
  case 8: text_printf(t, "g = sum(l).\n"); break;
  default: text_printf(t, "g - sum(l) = h.\n"); break;
  }
}

/*
** A line l, unknowns h and g, and up to four clauses over the line's sum,
** often two with the same terms; shown: everything, sum(l), or h.  A cut
** drops clause j (bit j), makes the line cols items shorter (down to 2)
** and its values fewer (down to 0..1).
*/
static long sums_case(Rng *r, Text *t)
{
  int len = rng_range(r, 2, 6), hi = rng_range(r, 1, 2);
  int nclauses = rng_range(r, 1, MAX_SUMS), show = rng_below(r, 3);
  SumClause c[MAX_SUMS];
  for (int j = 0; j < nclauses; j++) {
    c[j] = (SumClause){.shape = rng_below(r, 10), .k = rng_range(r, -2, len * hi + 2),
                       .c = rng_range(r, 1, 3), .i = rng_below(r, len)};
    if (j && rng_chance(r, 40))         /* the same sum again, at another total */
      c[j].shape = c[j - 1].shape;
  }
  len = less(len, cut.cols, 2);
  hi = less(hi, cut.values, 1);
  text_printf(t, "var l[%d] in 0..%d.\nvar h in -6..6.\nvar g in -6..6.\n", len, hi);
  int kept = 0;
  SumClause k[MAX_SUMS];
  for (int j = 0; j < nclauses; j++) {
    if (dropped(j))
      continue;
    k[kept] = c[j];
    k[kept].i %= len;
    sum_clause_text(&k[kept], t);
    kept++;
  }
  if (show == 1)
    text_printf(t, "show sum(l).\n");
  else if (show == 2)
    text_printf(t, "show h.\n");
  /* The brute force: every line and h; with a show, the distinct values shown. */
  bool seen[64] = {false};
  int l[6] = {0};
  long found = 0;
  for (;;) {
    long s = 0;
    for (int i = 0; i < len; i++)
      s += l[i];
    for (long h = -6; h <= 6; h++)
      for (long g = -6; g <= 6; g++) {
        bool ok = true;
        for (int j = 0; j < kept && ok; j++)
          ok = sum_clause_holds(&k[j], s, h, g, l);
        if (!ok)
          continue;
        long key = show == 1 ? s : show == 2 ? h + 6 : -1;
        if (key < 0)
          found++;
        else if (!seen[key])
          seen[key] = true, found++;
      }
    int i = 0;
    for (; i < len; i++) {
      if (++l[i] <= hi)
        break;
      l[i] = 0;
    }
    if (i == len)
      return found;
  }
}

/* --- sums of the items whose conditions hold --- */

#define MAX_PICKS 3

/*
** sum([ITEM : I in 1..N, COND]) OP K over a line x of unknowns: the
** items whose condition holds once solved are added, the others add
** nothing and need not be defined (10 / x[I] at x[I] = 0); an item that
** is added and undefined makes the comparison false (language.md,
** section 10), so `not` of it true.
*/
typedef struct PickClause {
  int item, cond, a, b, op, k;
  bool negated, known;     /* under not; a second, known condition I != b */
} PickClause;

/* The value of item kind `item` at I (1-based); false when undefined. */
static bool pick_item(const PickClause *c, const int *x, int n, int i, long *out)
{
  int xi = x[i - 1], next = x[i % n];
  switch (c->item) {
  case 0: *out = xi; return true;                       /* x[I] */
  case 1: *out = i; return true;                        /* I */
  case 2: *out = c->a; return true;                     /* a constant */
  case 3: *out = (long)xi * xi; return true;            /* x[I] * x[I] */
  case 4: if (!xi) return false;                        /* 10 / x[I] */
          *out = 10 / xi; return true;
  default: *out = next - xi; return true;               /* x[I mod N + 1] - x[I] */
  }
}

static bool pick_cond(const PickClause *c, const int *x, int n, int i)
{
  int xi = x[i - 1], next = x[i % n];
  if (c->known && i == c->b)
    return false;
  switch (c->cond) {
  case 0: return xi > c->a;
  case 1: return xi != next;
  case 2: return xi == c->a;
  case 3: return i > c->a && xi < c->b;
  default: return xi % 2 == 0;
  }
}

static bool pick_clause_holds(const PickClause *c, const int *x, int n)
{
  long total = 0, v;
  bool defined = true;
  for (int i = 1; i <= n; i++)
    if (pick_cond(c, x, n, i)) {
      if (pick_item(c, x, n, i, &v))
        total += v;
      else
        defined = false;
    }
  bool h = defined && compare(total, c->op, c->k);
  return c->negated ? !h : h;
}

static void pick_sum_text(const PickClause *c, int n, Text *t)
{
  static const char *const items[] = {"x[I]", "I", NULL, "x[I] * x[I]", "10 / x[I]"};
  text_printf(t, "sum([");
  if (c->item == 2)
    text_printf(t, "%d", c->a);
  else if (c->item == 5)
    text_printf(t, "x[I mod %d + 1] - x[I]", n);
  else
    text_printf(t, "%s", items[c->item]);
  text_printf(t, " : I in 1..%d, ", n);
  switch (c->cond) {
  case 0: text_printf(t, "x[I] > %d", c->a); break;
  case 1: text_printf(t, "x[I] != x[I mod %d + 1]", n); break;
  case 2: text_printf(t, "x[I] = %d", c->a); break;
  case 3: text_printf(t, "I > %d and x[I] < %d", c->a, c->b); break;
  default: text_printf(t, "x[I] mod 2 = 0"); break;
  }
  if (c->known)
    text_printf(t, ", I != %d", c->b);
  text_printf(t, "])");
}

/* Some line of n values in lo..hi makes c hold (one that none does is
   the checker's error "can never hold", not a puzzle without solution). */
static bool pick_clause_can_hold(const PickClause *c, int n, int lo, int hi)
{
  int x[5];
  for (int i = 0; i < n; i++)
    x[i] = lo;
  for (;;) {
    if (pick_clause_holds(c, x, n))
      return true;
    int i = 0;
    for (; i < n; i++) {
      if (++x[i] <= hi)
        break;
      x[i] = lo;
    }
    if (i == n)
      return false;
  }
}

/*
** A line x of 2 to 5 unknowns and one to three such clauses (those that
** no line makes hold left out); shown: everything, or the first clause's
** sum.  A cut drops clause j (bit j),
** makes the line cols items shorter (down to 2) and its values fewer.
*/
static long picks_case(Rng *r, Text *t)
{
  int n = rng_range(r, 2, 5), lo = rng_range(r, -2, 0), hi = rng_range(r, 1, 3);
  int nclauses = rng_range(r, 1, MAX_PICKS);
  bool show = rng_chance(r, 30);
  PickClause c[MAX_PICKS];
  for (int j = 0; j < nclauses; j++)
    c[j] = (PickClause){.item = rng_below(r, 6), .cond = rng_below(r, 5), .a = rng_range(r, -1, 3),
                        .b = rng_range(r, 1, 5), .op = rng_below(r, 6), .k = rng_range(r, -3, 8),
                        .negated = rng_chance(r, 25), .known = rng_chance(r, 25)};
  n = less(n, cut.cols, 2);
  hi = less(hi, cut.values, lo + 1);
  text_printf(t, "var x[%d] in %d..%d.\n", n, lo, hi);
  int kept = 0;
  PickClause k[MAX_PICKS];
  for (int j = 0; j < nclauses; j++) {
    if (dropped(j) || !pick_clause_can_hold(&c[j], n, lo, hi))
      continue;
    k[kept] = c[j];
    text_printf(t, "%s", k[kept].negated ? "not (" : "");
    pick_sum_text(&k[kept], n, t);
    text_printf(t, " %s %d%s.\n", op_text[k[kept].op], k[kept].k, k[kept].negated ? ")" : "");
    kept++;
  }
  show = show && kept && k[0].item != 4;   /* a shown 10 / 0 prints some value: no count */
  if (show) {
    text_printf(t, "show ");
    pick_sum_text(&k[0], n, t);
    text_printf(t, ".\n");
  }
  /* The brute force: every line; with a show, the distinct sums shown. */
  bool seen[256] = {false};
  int x[5];
  for (int i = 0; i < n; i++)
    x[i] = lo;
  long found = 0;
  for (;;) {
    bool ok = true;
    for (int j = 0; j < kept && ok; j++)
      ok = pick_clause_holds(&k[j], x, n);
    if (ok && show) {
      long total = 0, v;
      for (int i = 1; i <= n; i++)
        if (pick_cond(&k[0], x, n, i) && pick_item(&k[0], x, n, i, &v))
          total += v;
      if (!seen[total + 128])
        seen[total + 128] = true, found++;
    } else if (ok) {
      found++;
    }
    int i = 0;
    for (; i < n; i++) {
      if (++x[i] <= hi)
        break;
      x[i] = lo;
    }
    if (i == n)
      return found;
  }
}

/* --- quotients: / and mod over wide domains --- */

/*
** Two or three unknowns whose domains are lists of wide values (a * M + b
** for one scale M of the case, up to 3 * 10^8, and small ones, 0 among
** them now and then), and clauses  A / B REL C  and  A mod B REL C  (B an
** unknown or a constant, C an unknown or a constant), with now and then a
** goal, a sum of quotients.  pz keeps such domains as bounds with a list
** beside them, so the bounds reasoning of division and remainder is what
** decides; the brute force reads / and mod as C does (truncation, the
** remainder with the sign of A) and a clause with a divisor 0 as false.
** The goal's divisors never hold 0 (a goal must be defined).
*/
#define Q_VARS 3
#define Q_VALS 6
#define Q_CLAUSES 3

typedef struct QOperand { bool is_var; int v; } QOperand;   /* an unknown's index, or a number */
typedef struct QClause { bool mod; QOperand a, b, c; int op; } QClause;
typedef struct QCase {
  int nvars, n[Q_VARS];
  long val[Q_VARS][Q_VALS];
  int nclauses;
  QClause clause[Q_CLAUSES];
  bool goal, maximize;
  int nterms;
  QClause term[2];                      /* a, b and mod; op: the sign */
} QCase;

static const char *const q_names[Q_VARS] = {"x", "y", "z"};

static long q_value(const QOperand *o, const long *x)
{
  return o->is_var ? x[o->v] : o->v;
}

/* A / B or A mod B, and whether it is defined. */
static bool q_apply(const QClause *c, const long *x, long *out)
{
  long a = q_value(&c->a, x), b = q_value(&c->b, x);
  if (b == 0)
    return false;
  *out = c->mod ? a % b : a / b;
  return true;
}

static bool q_holds(const QClause *c, const long *x)
{
  long v;
  return q_apply(c, x, &v) && compare(v, c->op, q_value(&c->c, x));
}

/* Solutions where clause only holds (every clause when only < 0); with a goal, those at its best. */
static long q_count(const QCase *q, int only)
{
  int k[Q_VARS] = {0};
  long x[Q_VARS], found = 0;
  bool goal = q->goal && only < 0;
  goal_known = false;
  for (;;) {
    for (int i = 0; i < q->nvars; i++)
      x[i] = q->val[i][k[i]];
    bool ok = true;
    for (int c = 0; c < q->nclauses && ok; c++)
      if (only < 0 || c == only)
        ok = q_holds(&q->clause[c], x);
    if (ok && goal) {
      long v = 0, t;
      for (int j = 0; j < q->nterms; j++) {
        ok = q_apply(&q->term[j], x, &t);
        assert(ok);
        v += q->term[j].op * t;
      }
      if (!goal_known || (q->maximize ? v > goal_best : v < goal_best))
        found = 0, goal_best = v;
      goal_known = true;
      found += goal_best == v;
    } else {
      found += ok;
    }
    int i = 0;
    for (; i < q->nvars; i++) {
      if (++k[i] < q->n[i])
        break;
      k[i] = 0;
    }
    if (i == q->nvars)
      return found;
  }
}

static QOperand q_operand(Rng *r, const QCase *q, bool divisor)
{
  if (rng_chance(r, 70))
    return (QOperand){true, rng_below(r, q->nvars)};
  int v = rng_chance(r, 50) ? rng_range(r, -3, 3) : (int)q->val[rng_below(r, q->nvars)][0];
  if (divisor && v == 0)
    v = 1 + rng_below(r, 2);
  return (QOperand){false, v};
}

static void q_print_operand(Text *t, const QOperand *o)
{
  if (o->is_var)
    text_printf(t, "%s", q_names[o->v]);
  else
    text_printf(t, o->v < 0 ? "(%d)" : "%d", o->v);
}

static void q_print_term(Text *t, const QClause *c)
{
  q_print_operand(t, &c->a);
  text_printf(t, " %s ", c->mod ? "mod" : "/");
  q_print_operand(t, &c->b);
}

static bool q_may_be_zero(const QCase *q, const QOperand *o)
{
  if (!o->is_var)
    return o->v == 0;
  for (int j = 0; j < q->n[o->v]; j++)
    if (q->val[o->v][j] == 0)
      return true;
  return false;
}

static long quotients_case(Rng *r, Text *t)
{
  static const long scales[] = {7, 1000, 100003, 1000000, 300000000};
  QCase *q = calloc(1, sizeof *q);
  if (!q)
    abort();
  long m = scales[rng_below(r, 5)];
  q->nvars = rng_range(r, 2, Q_VARS);
  for (int i = 0; i < q->nvars; i++) {
    int want = rng_range(r, 2, Q_VALS);
    long v[Q_VALS];
    for (int j = 0; j < want; j++)
      v[j] = rng_chance(r, 30) ? rng_range(r, -3, 3) : rng_range(r, -3, 3) * m + rng_range(r, -2, 2);
    want = less(want, cut.values, 1);
    for (int j = 0; j < want; j++) {            /* ascending, no repeats */
      int at = 0;
      while (at < q->n[i] && q->val[i][at] < v[j])
        at++;
      if (at < q->n[i] && q->val[i][at] == v[j])
        continue;
      memmove(&q->val[i][at + 1], &q->val[i][at], (size_t)(q->n[i] - at) * sizeof(long));
      q->val[i][at] = v[j];
      q->n[i]++;
    }
    text_printf(t, "var %s in [", q_names[i]);
    for (int j = 0; j < q->n[i]; j++)
      text_printf(t, "%s%ld", j ? ", " : "", q->val[i][j]);
    text_printf(t, "].\n");
  }
  int want = rng_range(r, 1, Q_CLAUSES), drawn = 0;
  for (int tries = 0; drawn < want && tries < 40; tries++) {
    QClause *c = &q->clause[q->nclauses];
    c->mod = rng_chance(r, 45);
    c->a = (QOperand){true, rng_below(r, q->nvars)};
    c->b = q_operand(r, q, true);
    c->c = q_operand(r, q, false);
    c->op = rng_below(r, 6);
    q->nclauses++;
    /* pz refuses a clause that can never hold (on its own): draw again */
    if (q_count(q, q->nclauses - 1) == 0) {
      q->nclauses--;
    } else if (dropped(drawn++)) {
      q->nclauses--;
    } else {
      q_print_term(t, c);
      text_printf(t, " %s ", op_text[c->op]);
      q_print_operand(t, &c->c);
      text_printf(t, ".\n");
    }
  }
  if (rng_chance(r, 40)) {
    bool maximize = rng_chance(r, 50);
    int nterms = rng_range(r, 1, 2);
    QClause term[2];
    bool defined = true;
    for (int j = 0; j < nterms; j++) {
      term[j] = (QClause){.mod = rng_chance(r, 25), .a = {true, rng_below(r, q->nvars)},
                          .b = q_operand(r, q, true), .op = rng_chance(r, 50) ? 1 : -1};
      defined &= !q_may_be_zero(q, &term[j].b);
    }
    if (defined && !cut_off(4)) {
      q->goal = true, q->maximize = maximize, q->nterms = nterms;
      text_printf(t, "%s ", maximize ? "maximize" : "minimize");
      for (int j = 0; j < nterms; j++) {
        q->term[j] = term[j];
        text_printf(t, j ? (term[j].op < 0 ? " - " : " + ") : (term[j].op < 0 ? "-(" : "("));
        q_print_term(t, &term[j]);
        if (!j)
          text_printf(t, ")");
      }
      text_printf(t, ".\n");
    }
  }
  long n = q->nclauses || q->goal ? q_count(q, -1) : -1;
  free(q);
  return n;
}

/* --- the families --- */

static const struct {
  const char *name;
  long (*make)(Rng *r, Text *t);
} family[] = {
  {"lines", lines_case},
  {"pairs", pairs_case},
  {"regions", regions_case},
  {"regular", regular_case},
  {"grid", grid_case},
  {"tiling", tiling_case},
  {"board", mixed_case},
  {"hex", hex_case},
  {"sums", sums_case},
  {"picks", picks_case},
  {"goals", goals_case},
  {"sizes", sizes_case},
  {"quotients", quotients_case},
};

int construct_families(void)
{
  return (int)(sizeof family / sizeof family[0]);
}

const char *construct_name(int k)
{
  return family[k].name;
}

int construct_find(const char *name)
{
  for (int k = 0; k < construct_families(); k++)
    if (!strcmp(name, family[k].name))
      return k;
  return -1;
}

long construct_case(int k, Rng *r, Text *t, const Cut *c)
{
  cut = c ? *c : (Cut){0};
  goal_known = false;
  for (;;) {
    t->len = 0;
    if (t->s)
      t->s[0] = 0;
    long n = family[k].make(r, t);
    if (n >= 0)
      return n;
  }
}
