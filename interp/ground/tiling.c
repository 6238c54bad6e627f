/*
** tiling.c -- a tile statement: the board, every placement of every
** piece, and one exact-cover constraint over them (engine/props/tiling.c).
**
** A piece's orientations are the images of its squares under the turns
** and flips allowed, each moved to the top left and kept once.  A
** placement is an orientation at an offset where every square lands on a
** cell of the board (of the square's colour, with 'colours').
**
** 'up to symmetry' counts each tiling once per class: identical pieces
** become one kind used as many times, and one kind used once keeps only
** one placement of each orbit under the board's symmetries (those that
** keep its cells, colours and the set of placements).  When every orbit of
** that kind has as many placements as there are symmetries, each class of
** tilings has exactly one member left, so the count is exact with no
** enumeration to filter.
*/
#include "ground/tiling.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mem.h"
#include "front/check.h"
#include "front/shapes.h"
#include "ground/board.h"
#include "ground/post.h"
#include "ground/term.h"
#include "model/model.h"

/* A piece as listed: its name and how many times. */
typedef struct Member {
  Sym name;
  int32_t count;
} Member;

typedef struct Kind {
  Shape shape;       /* owned */
  Sym name;
  int32_t count;     /* -1: any number */
  Loc at;
  VEC(Member) members;   /* the pieces it stands for: itself, or identical ones merged */
} Kind;

typedef struct Options {
  bool turns, flips, colours, any, gaps, symmetry;
} Options;

typedef struct Tiler {
  Ground *g;
  const Stmt *st;
  Options opt;
  uint32_t rows, cols, ncells;
  int32_t *cell;       /* rows * cols: cell number or -1 */
  uint32_t *reading;   /* per cell: r * cols + c, its place in reading order */
  char *colour;        /* per cell */
  VEC(Kind) kinds;
  /* placements: kind, then cells[first[p] .. first[p + 1]) ascending */
  VEC(int32_t) pkind;
  VEC(int32_t) pfirst;
  VEC(int32_t) pcells;
} Tiler;

/* --- options and the board --- */

static Options read_options(Ground *g, const Stmt *st)
{
  Options o = {.turns = true, .flips = true};
  for (uint32_t i = 0; i < st->options.len; i++) {
    char buf[128];
    const char *w = check_tile_option(g->syms, st->options.items[i], buf, sizeof buf);
    if (!w)
      continue;                           /* the checker reported it */
    if (strncmp(w, "no turn", 7) == 0)
      o.turns = false;
    else if (strncmp(w, "no flip", 7) == 0)
      o.flips = false;
    else if (strstr(w, "colo"))
      o.colours = true;
    else if (strcmp(w, "any number") == 0)
      o.any = true;
    else if (strcmp(w, "gaps") == 0)
      o.gaps = true;
    else if (strcmp(w, "up to symmetry") == 0)
      o.symmetry = true;
  }
  return o;
}

static bool read_board(Tiler *t)
{
  Ground *g = t->g;
  const Stmt *st = t->st;
  const Node *d = st->items.items[0];
  if (!st->drawn) {
    int64_t dim[2];
    for (int i = 0; i < 2; i++) {
      Value v = ground_eval(g, NULL, d->list.items[i]);
      if (v.kind != V_INT || v.i < 1 || v.i > 4096) {
        if (v.kind != V_NONE)
          ground_error(g, d->list.items[i]->at, "a board to tile has 1 to 4096 rows and columns");
        return false;
      }
      dim[i] = v.i;
    }
    if (dim[0] * dim[1] > 65536) {
      ground_error(g, d->at, "a board to tile has at most 65536 cells");
      return false;
    }
    t->rows = (uint32_t)dim[0];
    t->cols = (uint32_t)dim[1];
  } else {
    const Node *b = st->drawn;
    t->rows = b->kind == NK_PICTURE ? b->list.len : 1;
    for (uint32_t r = 0; r < t->rows; r++) {
      size_t n = strlen(sym_name(g->syms, (b->kind == NK_PICTURE ? b->list.items[r] : b)->sym));
      t->cols = n > t->cols ? (uint32_t)n : t->cols;
    }
    if (t->cols == 0 || (uint64_t)t->rows * t->cols > 65536) {
      ground_error(g, b->at, t->cols ? "a board to tile has at most 65536 cells" : "this board has no cells");
      return false;
    }
  }
  if (!ground_charge(g, (uint64_t)t->rows * t->cols))
    return false;
  t->cell = xmalloc((size_t)t->rows * t->cols * sizeof *t->cell);
  t->colour = xmalloc((size_t)t->rows * t->cols + 1);
  t->reading = xmalloc((size_t)t->rows * t->cols * sizeof *t->reading);
  /* cells numbered along the short side (column by column on a board
     wider than high): the exact cover fills the first open cell first,
     and a narrow front of open cells leaves fewer dead ends */
  bool by_column = t->cols > t->rows;
  for (uint32_t i = 0; i < t->rows * t->cols; i++) {
    uint32_t r = by_column ? i % t->rows : i / t->cols, c = by_column ? i / t->rows : i % t->cols;
    {
      char ch = 0;
      if (st->drawn) {
        const Node *b = st->drawn;
        const char *row = sym_name(g->syms, (b->kind == NK_PICTURE ? b->list.items[r] : b)->sym);
        ch = c < strlen(row) ? row[c] : ' ';
      }
      if (st->drawn && !shapes_is_square(ch)) {
        t->cell[r * t->cols + c] = -1;
        continue;
      }
      t->colour[t->ncells] = ch;
      t->reading[t->ncells] = r * t->cols + c;
      t->cell[r * t->cols + c] = (int32_t)t->ncells++;
    }
  }
  if (t->ncells == 0) {
    ground_error(g, st->drawn->at, "this board has no cells ('.' marks a hole)");
    return false;
  }
  return true;
}

/* --- pieces --- */

static int square_cmp(const void *a, const void *b)
{
  const Square *x = a, *y = b;
  if (x->r != y->r)
    return x->r < y->r ? -1 : 1;
  if (x->c != y->c)
    return x->c < y->c ? -1 : 1;
  return 0;
}

/* Move a shape to the top left and sort its squares. */
static void normalize(Square *sq, uint32_t n)
{
  int32_t top = INT32_MAX, left = INT32_MAX;
  for (uint32_t i = 0; i < n; i++) {
    top = sq[i].r < top ? sq[i].r : top;
    left = sq[i].c < left ? sq[i].c : left;
  }
  for (uint32_t i = 0; i < n; i++) {
    sq[i].r -= top;
    sq[i].c -= left;
  }
  qsort(sq, n, sizeof *sq, square_cmp);
}

static bool same_shape(const Square *a, const Square *b, uint32_t n, bool letters)
{
  for (uint32_t i = 0; i < n; i++)
    if (a[i].r != b[i].r || a[i].c != b[i].c || (letters && a[i].letter != b[i].letter))
      return false;
  return true;
}

/* Transform k of the square's symmetries: k & 3 quarter turns, k & 4 a flip first. */
static Square transform(Square s, int k)
{
  if (k & 4)
    s.c = -s.c;
  for (int i = 0; i < (k & 3); i++) {
    int32_t r = s.r;
    s.r = s.c;
    s.c = -r;
  }
  return s;
}

static bool allowed(const Options *o, int k)
{
  return ((k & 3) == 0 || o->turns) && (!(k & 4) || o->flips);
}

/* The orientations of a shape: into out (n squares each), how many. */
static uint32_t orientations(const Options *o, const Shape *s, Square *out)
{
  uint32_t norient = 0;
  for (int k = 0; k < 8; k++) {
    if (!allowed(o, k))
      continue;
    Square *cur = out + (size_t)norient * s->n;
    for (uint32_t i = 0; i < s->n; i++)
      cur[i] = transform(s->sq[i], k);
    normalize(cur, s->n);
    bool seen = false;
    for (uint32_t j = 0; j < norient && !seen; j++)
      seen = same_shape(out + (size_t)j * s->n, cur, s->n, o->colours);
    if (!seen)
      norient++;
  }
  return norient;
}

static void add_kind(Tiler *t, const Shape *s, Sym name, int32_t count, Loc at)
{
  for (size_t i = 0; i < t->kinds.len; i++) {
    Kind *k = &t->kinds.data[i];
    if (k->name != name)
      continue;
    if (k->shape.n == s->n && same_shape(k->shape.sq, s->sq, s->n, true)) {
      k->count = k->count < 0 || count < 0 ? -1 : k->count + count;   /* listed again: more of it */
    } else {
      ground_error(t->g, at, "two different pieces are both called '%s'", ground_name(t->g, name));
    }
    return;
  }
  Shape own = {xmalloc(s->n * sizeof(Square)), s->n, s->at};
  memcpy(own.sq, s->sq, s->n * sizeof(Square));
  normalize(own.sq, own.n);
  VEC_PUSH(t->kinds, ((Kind){own, name, count, at, {0}}));
}

/* The pieces of one 'piece' or 'pieces' declaration, each used `times`. */
static void add_declared(Tiler *t, const Stmt *decl, int32_t times, Loc at)
{
  Ground *g = t->g;
  Shapes sh;
  if (!shapes_split(decl->expr, g->syms, NULL, &sh)) {
    shapes_free(&sh);
    return;
  }
  /* a set is named by its letters when each piece has one letter of its own */
  bool by_letter = !decl->single;
  for (uint32_t i = 0; i < sh.n && by_letter; i++) {
    for (uint32_t j = 1; j < sh.items[i].n && by_letter; j++)
      by_letter = sh.items[i].sq[j].letter == sh.items[i].sq[0].letter;
    for (uint32_t j = 0; j < i && by_letter; j++)
      by_letter = sh.items[j].sq[0].letter != sh.items[i].sq[0].letter;
  }
  for (uint32_t i = 0; i < sh.n; i++) {
    Sym name = decl->sym;
    if (!decl->single) {
      char buf[16];
      if (by_letter)
        snprintf(buf, sizeof buf, "%c", sh.items[i].sq[0].letter);
      else
        snprintf(buf, sizeof buf, "%u", i + 1);
      name = sym_intern_cstr(g->syms, buf);
    }
    add_kind(t, &sh.items[i], name, times, at);
  }
  shapes_free(&sh);
}

static void read_pieces(Tiler *t, const Node *n, int32_t times)
{
  if (n->kind == NK_LIST) {
    for (uint32_t i = 0; i < n->list.len; i++)
      read_pieces(t, n->list.items[i], times);
  } else if (n->kind == NK_BINARY && n->op == OP_MUL && n->a->kind == NK_INT) {
    read_pieces(t, n->b, (int32_t)(n->a->ival > 65536 ? 65536 : n->a->ival) * times);
  } else if (n->kind == NK_NAME) {
    const NameInfo *ni = names_find(t->g->names, n->sym);
    if (ni->kind == NAME_PIECES)
      add_declared(t, ni->decl, times, n->at);
  }
}

/* --- placements --- */

static int i32_cmp(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return x < y ? -1 : x > y;
}

static void place_all(Tiler *t)
{
  Ground *g = t->g;
  VEC_PUSH(t->pfirst, 0);
  for (size_t k = 0; k < t->kinds.len && !g->too_big; k++) {
    const Shape *s = &t->kinds.data[k].shape;
    Square *orient = xmalloc((size_t)8 * s->n * sizeof *orient);
    uint32_t norient = orientations(&t->opt, s, orient);
    for (uint32_t o = 0; o < norient && !g->too_big; o++) {
      const Square *sq = orient + (size_t)o * s->n;
      int32_t h = 0, w = 0;
      for (uint32_t i = 0; i < s->n; i++) {
        h = sq[i].r + 1 > h ? sq[i].r + 1 : h;
        w = sq[i].c + 1 > w ? sq[i].c + 1 : w;
      }
      for (int32_t r0 = 0; r0 + h <= (int32_t)t->rows; r0++)
        for (int32_t c0 = 0; c0 + w <= (int32_t)t->cols; c0++) {
          if (!ground_charge(g, s->n))
            break;
          uint32_t i = 0;
          for (; i < s->n; i++) {
            int32_t cell = t->cell[(uint32_t)(r0 + sq[i].r) * t->cols + (uint32_t)(c0 + sq[i].c)];
            if (cell < 0 || (t->opt.colours && t->colour[cell] != sq[i].letter))
              break;
          }
          if (i < s->n)
            continue;
          size_t from = t->pcells.len;
          for (i = 0; i < s->n; i++)
            VEC_PUSH(t->pcells, t->cell[(uint32_t)(r0 + sq[i].r) * t->cols + (uint32_t)(c0 + sq[i].c)]);
          qsort(t->pcells.data + from, s->n, sizeof *t->pcells.data, i32_cmp);   /* cells ascending */
          VEC_PUSH(t->pkind, (int32_t)k);
          VEC_PUSH(t->pfirst, (int32_t)t->pcells.len);
        }
    }
    xfree(orient);
  }
}

/* --- symmetry --- */

/* Where symmetry k of the board's rectangle takes cell (r, c); false when it cannot. */
static bool board_map(const Tiler *t, int k, uint32_t r, uint32_t c, uint32_t *out)
{
  int64_t R = t->rows, C = t->cols, rr = r, cc = c;
  if ((k & 1) && R != C)
    return false;                          /* a quarter turn of a non-square box */
  if (k & 4)
    cc = C - 1 - cc;
  if ((k & 3) == 2) {                       /* a half turn, on any box */
    rr = R - 1 - rr;
    cc = C - 1 - cc;
  } else {
    for (int i = 0; i < (k & 3); i++) {     /* a quarter turn: (r, c) -> (c, R - 1 - r), square */
      int64_t nr = cc, nc = R - 1 - rr;
      rr = nr;
      cc = nc;
    }
  }
  int32_t cell = t->cell[(uint64_t)rr * t->cols + (uint64_t)cc];
  int32_t from = t->cell[(uint64_t)r * t->cols + c];
  if (cell < 0 || (t->opt.colours && t->colour[cell] != t->colour[from]))
    return false;
  *out = (uint32_t)cell;
  return true;
}

static int u32_cmp(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/*
** Keep one placement per orbit of one kind used once (see the top).
** False, with an error, when no kind allows it.
*/
static bool break_symmetry(Tiler *t)
{
  Ground *g = t->g;
  uint32_t *map[8] = {0};                 /* cell -> cell, per board symmetry kept */
  uint32_t nsym = 0;
  for (int k = 0; k < 8; k++) {
    uint32_t *m = xmalloc((t->ncells + 1) * sizeof *m);
    bool ok = true;
    for (uint32_t r = 0; r < t->rows && ok; r++)
      for (uint32_t c = 0; c < t->cols && ok; c++)
        if (t->cell[r * t->cols + c] >= 0)
          ok = board_map(t, k, r, c, &m[t->cell[r * t->cols + c]]);
    for (uint32_t j = 0; j < nsym && ok; j++)     /* one map, two transforms (a box of one row) */
      ok = memcmp(map[j], m, t->ncells * sizeof *m) != 0;
    if (ok)
      map[nsym++] = m;
    else
      xfree(m);
  }
  /* placements as sorted cell sets, to find a placement's image */
  size_t P = t->pkind.len;
  uint32_t *img = xmalloc(((size_t)nsym * P + 1) * sizeof *img);
  uint32_t *buf = xmalloc((t->pcells.len + 1) * sizeof *buf);
  bool closed[8] = {0};
  for (uint32_t s = 0; s < nsym; s++) {
    closed[s] = true;
    for (size_t p = 0; p < P && closed[s]; p++) {
      uint32_t n = (uint32_t)(t->pfirst.data[p + 1] - t->pfirst.data[p]);
      for (uint32_t i = 0; i < n; i++)
        buf[i] = map[s][t->pcells.data[t->pfirst.data[p] + (int32_t)i]];
      qsort(buf, n, sizeof *buf, u32_cmp);
      /* the image among the placements of the same kind (few: a scan) */
      img[s * P + p] = UINT32_MAX;
      for (size_t q = 0; q < P && img[s * P + p] == UINT32_MAX; q++) {
        if (t->pkind.data[q] != t->pkind.data[p] ||
            (uint32_t)(t->pfirst.data[q + 1] - t->pfirst.data[q]) != n)
          continue;
        uint32_t i = 0;
        while (i < n && (uint32_t)t->pcells.data[t->pfirst.data[q] + (int32_t)i] == buf[i])
          i++;
        if (i == n)
          img[s * P + p] = (uint32_t)q;
      }
      closed[s] = img[s * P + p] != UINT32_MAX;
    }
  }
  /* the symmetries of the puzzle: board symmetries that keep the placements */
  uint32_t keep[8], nkeep = 0;
  for (uint32_t s = 0; s < nsym; s++)
    if (closed[s])
      keep[nkeep++] = s;
  bool ok = true;
  if (nkeep > 1) {
    /* a kind used once whose every placement moves under every symmetry */
    size_t best = SIZE_MAX, best_n = 0;
    for (size_t k = 0; k < t->kinds.len; k++) {
      if (t->kinds.data[k].count != 1 || t->opt.any)
        continue;
      bool free_orbits = true;
      size_t n = 0;
      for (size_t p = 0; p < P && free_orbits; p++) {
        if ((size_t)t->pkind.data[p] != k)
          continue;
        n++;
        for (uint32_t i = 0; i < nkeep && free_orbits; i++)
          for (uint32_t j = i + 1; j < nkeep && free_orbits; j++)
            free_orbits = img[keep[i] * P + p] != img[keep[j] * P + p];
      }
      if (free_orbits && n > best_n) {
        best = k;
        best_n = n;
      }
    }
    if (best == SIZE_MAX && t->opt.any) {
      ground_error(g, t->st->at, "cannot count up to symmetry with 'any number': it needs a piece "
                   "used exactly once that lies differently under each of the board's %u symmetries",
                   nkeep);
      ok = false;
    } else if (best == SIZE_MAX) {
      ground_error(g, t->st->at, "cannot count up to symmetry here: it needs a piece used once "
                   "that lies differently under each of the board's %u symmetries", nkeep);
      ok = false;
    } else {
      /* keep the first placement of each orbit; drop the rest */
      uint8_t *drop = xcalloc(P + 1, 1);
      for (size_t p = 0; p < P; p++) {
        if ((size_t)t->pkind.data[p] != best || drop[p])
          continue;
        for (uint32_t i = 0; i < nkeep; i++)
          if (img[keep[i] * P + p] != p)
            drop[img[keep[i] * P + p]] = 1;
      }
      size_t np = 0, nc = 0;
      for (size_t p = 0; p < P; p++) {
        if (drop[p])
          continue;
        int32_t from = t->pfirst.data[p], to = t->pfirst.data[p + 1];
        t->pkind.data[np++] = t->pkind.data[p];
        for (int32_t i = from; i < to; i++)
          t->pcells.data[nc++] = t->pcells.data[i];
        t->pfirst.data[np] = (int32_t)nc;
      }
      t->pkind.len = np;
      t->pfirst.len = np + 1;
      t->pcells.len = nc;
      xfree(drop);
    }
  }
  for (uint32_t s = 0; s < nsym; s++)
    xfree(map[s]);
  xfree(img);
  xfree(buf);
  return ok;
}

/* Identical pieces (as the options turn and flip them) become one kind. */
static void merge_identical(Tiler *t)
{
  size_t out = 0;
  for (size_t k = 0; k < t->kinds.len; k++) {
    Kind *kk = &t->kinds.data[k];
    Square *orient = xmalloc((size_t)8 * kk->shape.n * sizeof *orient);
    uint32_t norient = orientations(&t->opt, &kk->shape, orient);
    size_t into = SIZE_MAX;
    for (size_t j = 0; j < out && into == SIZE_MAX; j++) {
      const Kind *o = &t->kinds.data[j];
      for (uint32_t i = 0; i < norient && into == SIZE_MAX && o->shape.n == kk->shape.n; i++)
        if (same_shape(orient + (size_t)i * kk->shape.n, o->shape.sq, o->shape.n, t->opt.colours))
          into = j;
    }
    xfree(orient);
    if (into == SIZE_MAX) {
      t->kinds.data[out++] = *kk;
    } else {
      Kind *o = &t->kinds.data[into];
      o->count = o->count < 0 || kk->count < 0 ? -1 : o->count + kk->count;
      for (size_t i = 0; i < kk->members.len; i++)
        VEC_PUSH(o->members, kk->members.data[i]);
      xfree(kk->shape.sq);
      VEC_FREE(kk->members);
    }
  }
  t->kinds.len = out;
}

/* --- posting --- */

/* name, then n: "d" 2 -> "d2", and "7" 2 -> "7_2" so that the number stands apart */
static Sym copy_name(Ground *g, Sym name, uint32_t n)
{
  const char *s = sym_name(g->syms, name);
  size_t len = strlen(s);
  char *buf = xmalloc(len + 16);
  snprintf(buf, len + 16, "%s%s%u", s, len && s[len - 1] >= '0' && s[len - 1] <= '9' ? "_" : "", n);
  Sym out = sym_intern_cstr(g->syms, buf);
  xfree(buf);
  return out;
}

/*
** When a piece may lie more than once, keep what the printer needs to
** number its copies (state.h, TileCopies): a piece used n times is
** printed as name1 .. name_n, pieces merged as identical by their own
** names (numbered when one of them is used more than once), and with
** 'any number' each kind as its first name numbered up to the most copies
** that fit.
*/
static void record_copies(Tiler *t, const int32_t *cover, const int32_t *name, const int32_t *count)
{
  Ground *g = t->g;
  uint32_t C = t->ncells, K = (uint32_t)t->kinds.len, P = (uint32_t)t->pkind.len;
  bool repeats = false;
  for (uint32_t k = 0; k < K; k++)
    repeats |= count[k] != 1;
  if (!repeats)
    return;
  TileCopies tc = {.ncells = C};
  tc.cover = xmalloc((C + 1) * sizeof *tc.cover);
  tc.cell_first = xcalloc(C + 2, sizeof *tc.cell_first);
  tc.cell_place = xmalloc(((size_t)t->pcells.len + 1) * sizeof *tc.cell_place);
  tc.anchor = xmalloc((P + 1) * sizeof *tc.anchor);
  tc.reading = xmalloc((C + 1) * sizeof *tc.reading);
  memcpy(tc.reading, t->reading, C * sizeof *tc.reading);
  tc.kind = xmalloc((P + 1) * sizeof *tc.kind);
  tc.label_first = xcalloc(K + 1, sizeof *tc.label_first);
  for (uint32_t c = 0; c < C; c++)
    tc.cover[c] = (VarId)cover[c];
  for (size_t i = 0; i < t->pcells.len; i++)
    tc.cell_first[t->pcells.data[i] + 1]++;
  for (uint32_t c = 0; c < C; c++)
    tc.cell_first[c + 1] += tc.cell_first[c];
  uint32_t *fill = xcalloc(C + 1, sizeof *fill);
  for (uint32_t p = 0; p < P; p++) {
    tc.kind[p] = (uint32_t)t->pkind.data[p];
    tc.anchor[p] = (uint32_t)t->pcells.data[t->pfirst.data[p]];
    for (int32_t i = t->pfirst.data[p]; i < t->pfirst.data[p + 1]; i++)   /* first in reading order */
      if (t->reading[t->pcells.data[i]] < t->reading[tc.anchor[p]])
        tc.anchor[p] = (uint32_t)t->pcells.data[i];
    for (int32_t i = t->pfirst.data[p]; i < t->pfirst.data[p + 1]; i++) {
      uint32_t c = (uint32_t)t->pcells.data[i];
      tc.cell_place[tc.cell_first[c] + fill[c]++] = p;
    }
  }
  xfree(fill);
  VEC(Sym) label = {0};
  for (uint32_t k = 0; k < K; k++) {
    const Kind *kk = &t->kinds.data[k];
    if (count[k] < 0) {
      uint32_t most = C / (kk->shape.n ? kk->shape.n : 1);
      for (uint32_t i = 1; i <= most; i++)
        VEC_PUSH(label, copy_name(g, kk->name, i));
    } else if (count[k] > 1) {
      for (size_t m = 0; m < kk->members.len; m++) {
        const Member *mb = &kk->members.data[m];
        if (mb->count == 1)
          VEC_PUSH(label, mb->name);
        for (int32_t i = 1; i <= mb->count && mb->count > 1; i++)
          VEC_PUSH(label, copy_name(g, mb->name, (uint32_t)i));
      }
    }
    tc.label_first[k + 1] = (uint32_t)label.len;
  }
  tc.label = label.data ? label.data : xmalloc(sizeof(Sym));
  VEC_PUSH(g->tiles, tc);
  for (uint32_t c = 0; c < C; c++) {
    VarId x = (VarId)name[c];
    while (g->var_tile.len <= x)
      VEC_PUSH(g->var_tile, ((TileCell){0, 0}));
    g->var_tile.data[x] = (TileCell){(uint32_t)g->tiles.len, c};
  }
}

/*
** The colours of the board's cells, for pictures (Ground.maps): colour k
** is the k-th character met reading the board row by row.
*/
static void keep_colours(Tiler *t, const int32_t *name)
{
  size_t n = (size_t)t->rows * t->cols;
  VarId *cell = xmalloc(n * sizeof *cell);
  uint32_t *region = xcalloc(n, sizeof *region);
  char seen[256] = {0};
  uint32_t ncolours = 0;
  for (size_t i = 0; i < n; i++) {
    cell[i] = MAP_NO_CELL;
    if (t->cell[i] < 0)
      continue;
    unsigned char ch = (unsigned char)t->colour[t->cell[i]];
    if (!seen[ch])
      seen[ch] = (char)(++ncolours > 255 ? 255 : ncolours);
    cell[i] = (VarId)name[t->cell[i]];
    region[i] = (uint32_t)(unsigned char)seen[ch];
  }
  board_keep_map(t->g, t->rows, t->cols, cell, region, true);
}

static Value post(Tiler *t)
{
  Ground *g = t->g;
  uint32_t C = t->ncells, K = (uint32_t)t->kinds.len, P = (uint32_t)t->pkind.len;
  uint32_t L = (uint32_t)t->pcells.len;
  size_t len = model_tiling_len(C, K, P, L);
  int32_t *a = xcalloc(len, sizeof *a);
  Sym gap = sym_intern_cstr(g->syms, ".");
  a[0] = (int32_t)C, a[1] = (int32_t)K, a[2] = (int32_t)P, a[3] = (int32_t)gap, a[4] = (int32_t)L;
  ModelTiling mt = model_tiling(a);
  int32_t *cover = (int32_t *)mt.cover, *name = (int32_t *)mt.name, *gapf = (int32_t *)mt.gap;
  int32_t *column = (int32_t *)mt.column, *count = (int32_t *)mt.count;
  int32_t *kind_name = (int32_t *)mt.kind_name, *kind = (int32_t *)mt.kind;
  int32_t *first = (int32_t *)mt.first, *cells = (int32_t *)mt.cells;
  if (P)                                /* no placement at all: nothing to copy */
    memcpy(kind, t->pkind.data, P * sizeof *kind);
  memcpy(first, t->pfirst.data, (P + 1) * sizeof *first);
  if (L)
    memcpy(cells, t->pcells.data, L * sizeof *cells);
  /* per cell: its placements' names; per kind: its placements */
  uint32_t *ncover = xcalloc(C + 1, sizeof *ncover), *nkind = xcalloc(K + 1, sizeof *nkind);
  uint8_t *has = xcalloc((size_t)C * (K + 1) + 1, 1);
  for (uint32_t p = 0; p < P; p++) {
    nkind[kind[p]]++;
    for (int32_t i = first[p]; i < first[p + 1]; i++) {
      ncover[cells[i]]++;
      has[(size_t)cells[i] * (K + 1) + (uint32_t)kind[p]] = 1;
    }
  }
  bool impossible = false;
  int32_t *vals = xmalloc((K + 2) * sizeof *vals);
  for (uint32_t c = 0; c < C; c++) {
    gapf[c] = t->opt.gaps;
    impossible |= ncover[c] == 0 && !t->opt.gaps;
    cover[c] = (int32_t)build_var(g, 0, (int32_t)(ncover[c] + (t->opt.gaps || !ncover[c]) - 1));
    size_t n = 0;
    for (uint32_t k = 0; k < K; k++)
      if (has[(size_t)c * (K + 1) + k])
        vals[n++] = (int32_t)t->kinds.data[k].name;
    if (t->opt.gaps || n == 0)
      vals[n++] = (int32_t)gap;
    name[c] = (int32_t)build_var_values(g, vals, n);
    term_mark_atom(g, (VarId)name[c], true);
  }
  for (uint32_t k = 0; k < K; k++) {
    kind_name[k] = (int32_t)t->kinds.data[k].name;
    count[k] = t->opt.any ? -1 : t->kinds.data[k].count;
    column[k] = -1;
    if (count[k] == 1 && nkind[k] > 0)
      column[k] = (int32_t)build_var(g, 0, (int32_t)nkind[k] - 1);
    impossible |= count[k] > 0 && nkind[k] == 0;
  }
  record_copies(t, cover, name, count);
  /* decisions: the pieces' columns and the cells' covers, fewest placements first */
  for (uint32_t k = 0; k < K; k++)
    if (column[k] >= 0)
      VEC_PUSH(g->decision, (VarId)column[k]);
  for (uint32_t c = 0; c < C; c++)
    VEC_PUSH(g->decision, (VarId)cover[c]);
  if (impossible)
    build_linear(g, 0, NULL, NULL, MODEL_EQ, 1);   /* 0 = 1: no tiling */
  else
    build_tiling(g, a, len);
  /* the board: rows of the cells' names, holes where it has none */
  Value v;
  bool holes = C != t->rows * t->cols;
  if (holes) {
    Board *b = arena_new(&g->arena, Board);
    b->rows = t->rows;
    b->cols = t->cols;
    b->at = arena_array(&g->arena, Value, (size_t)t->rows * t->cols);
    for (uint32_t i = 0; i < t->rows * t->cols; i++)
      b->at[i] = t->cell[i] < 0 ? (Value){.kind = V_WILD} : value_var(g, (VarId)name[t->cell[i]]);
    v = (Value){.kind = V_BOARD, .board = b};
  } else {
    v = value_list(g, t->rows);
    for (uint32_t r = 0; r < t->rows; r++) {
      v.items[r] = value_list(g, t->cols);
      for (uint32_t c = 0; c < t->cols; c++)
        v.items[r].items[c] = value_var(g, (VarId)name[t->cell[r * t->cols + c]]);
    }
  }
  if (t->opt.colours)
    keep_colours(t, name);
  xfree(vals);
  xfree(has);
  xfree(ncover);
  xfree(nkind);
  xfree(a);
  return v;
}

Value tiling_ground(Ground *g, const Stmt *st)
{
  Tiler t = {.g = g, .st = st, .opt = read_options(g, st)};
  Value v = VALUE_NONE;
  if (read_board(&t)) {
    read_pieces(&t, st->pieces, 1);
    for (size_t k = 0; k < t.kinds.len; k++)
      VEC_PUSH(t.kinds.data[k].members, ((Member){t.kinds.data[k].name, t.kinds.data[k].count}));
    if (t.kinds.len == 0 && g->diag->nerrors == 0)
      ground_error(g, st->pieces->at, "there are no pieces to tile with");
    if (t.opt.symmetry)
      merge_identical(&t);
    if (t.kinds.len)
      place_all(&t);
    if (!g->too_big && t.kinds.len && (!t.opt.symmetry || break_symmetry(&t)))
      v = post(&t);
  }
  for (size_t k = 0; k < t.kinds.len; k++) {
    xfree(t.kinds.data[k].shape.sq);
    VEC_FREE(t.kinds.data[k].members);
  }
  VEC_FREE(t.kinds);
  VEC_FREE(t.pkind);
  VEC_FREE(t.pfirst);
  VEC_FREE(t.pcells);
  xfree(t.cell);
  xfree(t.colour);
  xfree(t.reading);
  return v;
}
