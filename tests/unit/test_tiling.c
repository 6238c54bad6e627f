/*
** test_tiling.c -- 'tile' (ground/tiling.c, engine/props/tiling.c)
** against a brute force written here: a propagator oracle.
**
** From a fixed seed (xorshift64), 600 small random instances, and 600
** more with 'up to symmetry': boards of 1-5 rows by 1-6 columns, sized or
** drawn with holes and b/w colours (a checkerboard or random), 1-4 random
** polyominoes of 1-4 squares (drawn one per 'piece', or side by side in a
** 'pieces' set, in one or two bands), used once or more (2 * p, p listed
** again, 2 * set), with random options.  Many boards are built so that
** they have tilings: the pieces dropped at random places (the board is
** what they cover), or the board cut at random into pieces.
**
** Each instance is written as a .pz program and run through pz.h; the
** count and every solution are compared with a plain search here: every
** placement of every piece (its orientations under the turns and flips
** allowed, as cell sets), then, at the first undecided cell, every
** placement over it (or leaving it empty, with 'gaps'), with the piece
** counts exact (or free, with 'any number').  A solution is a tiling: a
** set of placements, so two ways to cover a region with copies of one
** piece are two solutions, and swapping two copies is none.  pz prints
** the copies of a piece used more than once numbered in reading order of
** their first cells (d1, d2, ...), so each board it prints is read back
** here as a tiling: each cell's piece and its placement's first cell.
**
** 'up to symmetry': identical pieces (the same shape and letters under
** the turns and flips allowed) are one kind; the answer is the number of
** orbits of the tilings under the symmetries of the board's rectangle
** that keep its cells (and colours, with 'colours') and take every
** placement of a piece to a placement of the same piece, each symmetry
** once as a map of cells (on a board of one row, the mirror top to bottom
** moves nothing).  pz may refuse such an instance (no piece used once
** lies differently under every symmetry): those are skipped, and
** counted; a note says how many of them had such a piece.
**
** A flip is a mirror left to right ((r, c) -> (r, -c)); with 'no turns'
** but flips, a piece has its drawing and that mirror image only.
**
** On a mismatch the test goes on, and at the end prints the few
** smallest disagreeing instances, each with its program, pz's count, the
** true count and a solution that shows the difference, then fails.
*/
#include "pzrun.h"

#include <stdarg.h>
#include <stdbool.h>

enum {
  MAXR = 5,
  MAXC = 6,
  MAXCELLS = MAXR * MAXC,           /* grid index r * cols + c: a bit of a uint32_t */
  MAXPIECES = 4,
  MAXSQ = 4,
  MAXPLACE = 8 * MAXCELLS * MAXPIECES,
  GAP = 0,                          /* in a name grid: uncovered ... */
  HOLE = 255,                       /* ... not a cell of the board */
  ANCHOR_GAP = 254,
  BF_NODES = 300000,                /* the brute force gives up (the instance is skipped) */
  BF_TILINGS = 4000,
  PZ_NODES = 2000000,
  N_PLAIN = 600,                    /* random instances without 'up to symmetry' */
  N_SYMMETRY = 600,                 /* with it */
  KEEP = 2,                         /* mismatches of each kind printed in full */
};

/* --- random numbers: xorshift64 from a fixed seed --- */

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)((rng >> 32) % n);
}

static bool chance(uint32_t percent)
{
  return rnd(100) < percent;
}

/* --- text --- */

typedef struct Buf {
  char s[24576];
  size_t n;
} Buf;

__attribute__((format(printf, 2, 3)))
static void bprintf(Buf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (b->n < sizeof b->s) {
    int k = vsnprintf(b->s + b->n, sizeof b->s - b->n, fmt, ap);
    if (k > 0)
      b->n = b->n + (size_t)k < sizeof b->s ? b->n + (size_t)k : sizeof b->s - 1;
  }
  va_end(ap);
}

/* --- an instance --- */

typedef struct Sq {
  int r, c;
  char letter;
} Sq;

typedef struct Piece {
  Sq sq[MAXSQ];        /* from the top left of its box, in reading order */
  int n;
  int uses;            /* how many times the 'with' list gives it */
  bool in_set;         /* drawn in the set 'pcs', else declared 'piece pK' */
  char name[16];       /* the name pz gives it */
} Piece;

typedef struct Inst {
  int rows, cols;
  bool sized;                  /* tile bd[R, C]: every cell, colour '\0' */
  bool hole[MAXR][MAXC];
  char hole_char[MAXR][MAXC];  /* '.' or ' ' */
  char colour[MAXR][MAXC];
  int npieces;
  Piece piece[MAXPIECES];
  bool no_turns, no_flips, colours, any, gaps, symmetry;
  int number;                  /* the instance's number, for the messages */
  Buf src;
} Inst;

static int ncells_of(const Inst *in)
{
  int n = 0;
  for (int r = 0; r < in->rows; r++)
    for (int c = 0; c < in->cols; c++)
      n += !in->hole[r][c];
  return n;
}

/* --- shapes: the 8 transforms of the plane, normal forms --- */

static int sq_cmp(const void *a, const void *b)
{
  const Sq *x = a, *y = b;
  if (x->r != y->r)
    return x->r < y->r ? -1 : 1;
  return x->c < y->c ? -1 : x->c > y->c;
}

static void normalize(Sq *sq, int n)
{
  int top = 1000, left = 1000;
  for (int i = 0; i < n; i++) {
    top = sq[i].r < top ? sq[i].r : top;
    left = sq[i].c < left ? sq[i].c : left;
  }
  for (int i = 0; i < n; i++) {
    sq[i].r -= top;
    sq[i].c -= left;
  }
  qsort(sq, (size_t)n, sizeof *sq, sq_cmp);
}

/* Transform k: (k & 4) mirror left to right first, then (k & 3) quarter turns. */
static Sq xform(Sq s, int k)
{
  if (k & 4)
    s.c = -s.c;
  for (int i = 0; i < (k & 3); i++) {
    int r = s.r;
    s.r = s.c;
    s.c = -r;
  }
  return s;
}

static bool allowed(const Inst *in, int k)
{
  return ((k & 3) == 0 || !in->no_turns) && (!(k & 4) || !in->no_flips);
}

static bool same_squares(const Sq *a, const Sq *b, int n, bool letters)
{
  for (int i = 0; i < n; i++)
    if (a[i].r != b[i].r || a[i].c != b[i].c || (letters && a[i].letter != b[i].letter))
      return false;
  return true;
}

/* The distinct orientations of a piece (with letters when they matter); how many. */
static int orientations(const Inst *in, const Piece *p, Sq out[8][MAXSQ])
{
  int n = 0;
  for (int k = 0; k < 8; k++) {
    if (!allowed(in, k))
      continue;
    for (int i = 0; i < p->n; i++)
      out[n][i] = xform(p->sq[i], k);
    normalize(out[n], p->n);
    bool seen = false;
    for (int j = 0; j < n && !seen; j++)
      seen = same_squares(out[j], out[n], p->n, in->colours);
    n += !seen;
  }
  return n;
}

/* Do two pieces lie the same way once turned and flipped as allowed? */
static bool identical(const Inst *in, const Piece *a, const Piece *b)
{
  if (a->n != b->n)
    return false;
  Sq o[8][MAXSQ], nb[MAXSQ];
  memcpy(nb, b->sq, sizeof nb);
  normalize(nb, b->n);
  int n = orientations(in, a, o);
  for (int i = 0; i < n; i++)
    if (same_squares(o[i], nb, a->n, in->colours))
      return true;
  return false;
}

/* A random polyomino of n squares, grown a square at a time. */
static void random_polyomino(Sq *sq, int n)
{
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  sq[0] = (Sq){0, 0, 0};
  int k = 1;
  while (k < n) {
    Sq s = sq[rnd((uint32_t)k)];
    int d = (int)rnd(4);
    s.r += dr[d];
    s.c += dc[d];
    bool there = false;
    for (int i = 0; i < k && !there; i++)
      there = sq[i].r == s.r && sq[i].c == s.c;
    if (!there)
      sq[k++] = s;
  }
  normalize(sq, n);
}

/* --- generating instances --- */

static const char own_letters[] = "acdefghkmnpqrstuvxyz";

static char random_colour(void)
{
  return chance(50) ? 'b' : 'w';
}

/* Letters for a piece drawn freely (not cut from a board). */
static void letter_piece(const Inst *in, Piece *p, int i)
{
  if (in->colours) {
    int parity = (int)rnd(2), mode = (int)rnd(10);
    for (int j = 0; j < p->n; j++)
      p->sq[j].letter = mode < 6 ? ((p->sq[j].r + p->sq[j].c + parity) & 1 ? 'w' : 'b')
                      : mode < 8 ? random_colour() : (parity ? 'w' : 'b');
  } else {
    /* its own letter, now and then one another piece has, or two letters */
    char l = chance(10) ? own_letters[rnd(4)] : own_letters[i];
    bool two = chance(12);
    for (int j = 0; j < p->n; j++)
      p->sq[j].letter = two && (j & 1) ? 'z' : l;
  }
}

/* The rectangle's transform g (0 is none): false when g needs a square box. */
static bool grid_map(int rows, int cols, int g, int r, int c, int *rr, int *cc)
{
  int R = rows, C = cols;
  if ((g == 1 || g == 3 || g == 6 || g == 7) && R != C)
    return false;
  switch (g) {
  case 0: *rr = r; *cc = c; break;
  case 1: *rr = c; *cc = R - 1 - r; break;
  case 2: *rr = R - 1 - r; *cc = C - 1 - c; break;
  case 3: *rr = C - 1 - c; *cc = r; break;
  case 4: *rr = r; *cc = C - 1 - c; break;
  case 5: *rr = R - 1 - r; *cc = c; break;
  case 6: *rr = c; *cc = r; break;
  default: *rr = C - 1 - c; *cc = R - 1 - r; break;
  }
  return true;
}

/* A random board: holes and colours; symmetric under a random transform when asked. */
static void random_board(Inst *in, bool symmetric)
{
  int pct = (int[]){0, 0, 10, 25}[rnd(4)];
  int scheme = (int)rnd(3), parity = (int)rnd(2);
  for (int r = 0; r < in->rows; r++)
    for (int c = 0; c < in->cols; c++) {
      in->hole[r][c] = chance((uint32_t)pct);
      in->colour[r][c] = scheme == 0 ? ((r + c + parity) & 1 ? 'w' : 'b')
                       : scheme == 1 ? random_colour() : (in->colours ? random_colour() : 'x');
    }
  if (symmetric) {
    int g;
    do
      g = (int)rnd(8);
    while (!grid_map(in->rows, in->cols, g, 0, 0, &(int){0}, &(int){0}));
    /* each orbit of g takes the hole and colour of its first cell */
    for (int r = 0; r < in->rows; r++)
      for (int c = 0; c < in->cols; c++) {
        int rr = r, cc = c;
        for (int i = 0; i < 4; i++) {
          int nr, nc;
          grid_map(in->rows, in->cols, g, rr, cc, &nr, &nc);
          rr = nr;
          cc = nc;
          if (rr * in->cols + cc < r * in->cols + c) {
            in->hole[r][c] = in->hole[rr][cc];
            in->colour[r][c] = in->colour[rr][cc];
          }
        }
      }
  }
}

/* Place copies of the pieces at random on an empty board: it becomes what they cover. */
static bool plant(Inst *in)
{
  bool covered[MAXR][MAXC] = {{false}};
  char letter[MAXR][MAXC];
  int placed = 0;
  for (int i = 0; i < in->npieces; i++)
    for (int u = 0; u < in->piece[i].uses; u++) {
      Sq o[8][MAXSQ];
      int no = orientations(in, &in->piece[i], o);
      for (int tries = 0; tries < 40; tries++) {
        const Sq *s = o[rnd((uint32_t)no)];
        int r0 = (int)rnd((uint32_t)in->rows), c0 = (int)rnd((uint32_t)in->cols), j = 0;
        for (; j < in->piece[i].n; j++) {
          int r = r0 + s[j].r, c = c0 + s[j].c;
          if (r >= in->rows || c >= in->cols || covered[r][c])
            break;
        }
        if (j < in->piece[i].n)
          continue;
        for (j = 0; j < in->piece[i].n; j++) {
          covered[r0 + s[j].r][c0 + s[j].c] = true;
          letter[r0 + s[j].r][c0 + s[j].c] = s[j].letter;
        }
        placed++;
        break;
      }
    }
  if (!placed)
    return false;
  for (int r = 0; r < in->rows; r++)
    for (int c = 0; c < in->cols; c++) {
      in->hole[r][c] = !covered[r][c] && !(in->gaps && chance(30));
      in->colour[r][c] = !in->colours ? 'x' : covered[r][c] ? letter[r][c] : random_colour();
    }
  return true;
}

/*
** Cut the board into random regions of 1-4 cells: they become the pieces
** (one piece for identical regions, used as often).  False when that
** makes more than MAXPIECES pieces.
*/
static bool cut(Inst *in)
{
  int region[MAXR][MAXC];
  int nreg = 0;
  for (int r = 0; r < in->rows; r++)
    for (int c = 0; c < in->cols; c++)
      region[r][c] = in->hole[r][c] ? -2 : -1;
  Piece regs[MAXCELLS];
  for (int r = 0; r < in->rows; r++)
    for (int c = 0; c < in->cols; c++) {
      if (region[r][c] != -1)
        continue;
      int want = in->symmetry && chance(60) ? 3 + (int)rnd(2) : 1 + (int)rnd(4), n = 0;
      Sq cells[MAXSQ];
      cells[n++] = (Sq){r, c, 0};
      region[r][c] = nreg;
      for (int tries = 0; tries < 30 && n < want; tries++) {
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        Sq s = cells[rnd((uint32_t)n)];
        int d = (int)rnd(4), nr = s.r + dr[d], nc = s.c + dc[d];
        if (nr < 0 || nc < 0 || nr >= in->rows || nc >= in->cols || region[nr][nc] != -1)
          continue;
        region[nr][nc] = nreg;
        cells[n++] = (Sq){nr, nc, 0};
      }
      Piece *p = &regs[nreg++];
      memset(p, 0, sizeof *p);
      p->n = n;
      for (int j = 0; j < n; j++)
        p->sq[j] = (Sq){cells[j].r, cells[j].c, in->colours ? in->colour[cells[j].r][cells[j].c] : 0};
      normalize(p->sq, n);
    }
  in->npieces = 0;
  for (int i = 0; i < nreg; i++) {
    if (!in->colours)
      for (int j = 0; j < regs[i].n; j++)
        regs[i].sq[j].letter = own_letters[in->npieces < MAXPIECES ? in->npieces : 0];
    int k = 0;
    while (k < in->npieces && !identical(in, &in->piece[k], &regs[i]))
      k++;
    if (k < in->npieces) {
      in->piece[k].uses++;
      continue;
    }
    if (in->npieces == MAXPIECES)
      return false;
    in->piece[in->npieces] = regs[i];
    in->piece[in->npieces++].uses = 1;
  }
  return in->npieces > 0;
}

/* The names pz gives: a set by its letters when each piece has one of its own. */
static void name_pieces(Inst *in)
{
  bool by_letter = true;
  for (int i = 0; i < in->npieces; i++) {
    const Piece *p = &in->piece[i];
    if (!p->in_set)
      continue;
    for (int j = 1; j < p->n; j++)
      by_letter = by_letter && p->sq[j].letter == p->sq[0].letter;
    for (int j = 0; j < i; j++)
      by_letter = by_letter && !(in->piece[j].in_set && in->piece[j].sq[0].letter == p->sq[0].letter);
  }
  int k = 0;
  for (int i = 0; i < in->npieces; i++) {
    Piece *p = &in->piece[i];
    if (!p->in_set)
      snprintf(p->name, sizeof p->name, "p%d", i + 1);
    else if (by_letter)
      snprintf(p->name, sizeof p->name, "%c", p->sq[0].letter);
    else
      snprintf(p->name, sizeof p->name, "%d", ++k);
  }
}

/* One row of a piece's drawing. */
static void draw_row(Buf *b, const Piece *p, int r, char pad)
{
  int w = 0, h = 0;
  for (int j = 0; j < p->n; j++) {
    w = p->sq[j].c + 1 > w ? p->sq[j].c + 1 : w;
    h = p->sq[j].r + 1 > h ? p->sq[j].r + 1 : h;
  }
  for (int c = 0; c < w; c++) {
    char ch = r < h ? '.' : pad;
    for (int j = 0; j < p->n; j++)
      if (p->sq[j].r == r && p->sq[j].c == c)
        ch = p->sq[j].letter;
    bprintf(b, "%c", ch);
  }
}

static int height(const Piece *p)
{
  int h = 0;
  for (int j = 0; j < p->n; j++)
    h = p->sq[j].r + 1 > h ? p->sq[j].r + 1 : h;
  return h;
}

/* The program: the pieces, the board, the 'with' list in a random order, the options. */
static void write_source(Inst *in)
{
  Buf *b = &in->src;
  b->n = 0;
  b->s[0] = 0;
  bprintf(b, "%% instance %d\n", in->number);
  int set[MAXPIECES], nset = 0;
  for (int i = 0; i < in->npieces; i++) {
    if (in->piece[i].in_set) {
      set[nset++] = i;
      continue;
    }
    bprintf(b, "piece p%d =", i + 1);
    for (int r = 0; r < height(&in->piece[i]); r++) {
      bprintf(b, " \"");
      draw_row(b, &in->piece[i], r, '.');
      bprintf(b, "\"");
    }
    bprintf(b, ".\n");
  }
  if (nset) {
    /* one band, or two with a row of spaces between */
    int split = nset > 1 && chance(30) ? 1 + (int)rnd((uint32_t)nset - 1) : nset;
    char pad = chance(50) ? '.' : ' ';
    const char *gap = chance(80) ? "  " : " ";
    bprintf(b, "pieces pcs =");
    for (int band = 0; band < 2; band++) {
      int from = band ? split : 0, to = band ? nset : split;
      if (from == to)
        continue;
      if (band)
        bprintf(b, "\n  \"%s\"", chance(50) ? "" : "   ");
      int h = 0;
      for (int i = from; i < to; i++)
        h = height(&in->piece[set[i]]) > h ? height(&in->piece[set[i]]) : h;
      for (int r = 0; r < h; r++) {
        bprintf(b, "\n  \"");
        for (int i = from; i < to; i++) {
          if (i > from)
            bprintf(b, "%s", gap);
          draw_row(b, &in->piece[set[i]], r, pad);
        }
        bprintf(b, "\"");
      }
    }
    bprintf(b, ".\n");
  }
  /* the board */
  if (in->sized) {
    bprintf(b, "tile bd[%d, %d]", in->rows, in->cols);
  } else {
    bprintf(b, "tile bd =");
    for (int r = 0; r < in->rows; r++) {
      bprintf(b, "%s\"", in->rows > 1 ? "\n  " : " ");
      for (int c = 0; c < in->cols; c++)
        bprintf(b, "%c", in->hole[r][c] ? in->hole_char[r][c] : in->colour[r][c]);
      bprintf(b, "\"");
    }
    if (in->rows > 1)
      bprintf(b, "\n ");
  }
  /* the pieces: 'u * p', or p listed u times (and the set likewise) */
  char items[3 * MAXPIECES + 3][24];
  int nitems = 0, set_uses = nset ? in->piece[set[0]].uses : 0;
  for (int i = 0; i < in->npieces; i++) {
    if (in->piece[i].in_set)
      continue;
    int u = in->piece[i].uses;
    if (u > 3 || (u > 1 && chance(60))) {
      snprintf(items[nitems++], sizeof items[0], "%d * p%d", u, i + 1);
    } else {
      for (int k = 0; k < u; k++)
        snprintf(items[nitems++], sizeof items[0], "p%d", i + 1);
    }
  }
  if (nset) {
    if (set_uses > 3 || (set_uses > 1 && chance(60))) {
      snprintf(items[nitems++], sizeof items[0], "%d * pcs", set_uses);
    } else {
      for (int k = 0; k < set_uses; k++)
        snprintf(items[nitems++], sizeof items[0], "pcs");
    }
  }
  for (int i = nitems - 1; i > 0; i--) {
    int j = (int)rnd((uint32_t)i + 1);
    char t[sizeof items[0]];
    memcpy(t, items[i], sizeof t);
    memcpy(items[i], items[j], sizeof t);
    memcpy(items[j], t, sizeof t);
  }
  bool brackets = nitems > 1 || chance(30);
  bprintf(b, " with %s", brackets ? "[" : "");
  for (int i = 0; i < nitems; i++)
    bprintf(b, "%s%s", i ? ", " : "", items[i]);
  bprintf(b, "%s", brackets ? "]" : "");
  if (in->no_turns)
    bprintf(b, ", %s", chance(80) ? "no turns" : "no turning");
  if (in->no_flips)
    bprintf(b, ", %s", chance(80) ? "no flips" : "no flipping");
  if (in->colours)
    bprintf(b, ", %s", (const char *[]){"colours", "colours", "colors", "matching colours"}[rnd(4)]);
  if (in->any)
    bprintf(b, ", any number");
  if (in->gaps)
    bprintf(b, ", gaps");
  if (in->symmetry)
    bprintf(b, ", up to symmetry");
  bprintf(b, ".\n");
}

static void generate(Inst *in, int number, bool symmetry)
{
  for (;;) {
    memset(in, 0, offsetof(Inst, src));
    in->number = number;
    in->symmetry = symmetry;
    in->no_turns = chance(20);
    in->no_flips = chance(25);
    in->colours = chance(35);
    in->gaps = chance(symmetry ? 25 : 20);
    in->any = chance(12);
    in->rows = 1 + (int)rnd(MAXR);
    in->cols = 1 + (int)rnd(MAXC);
    int mode = (int)rnd(3);                       /* 0 random, 1 planted, 2 cut */
    if (symmetry) {
      /* a piece used once must lie freely: boards of 2 rows and columns or more, mostly */
      mode = chance(70) ? 2 : 0;
      if ((in->rows == 1 || in->cols == 1) && chance(60))
        continue;
      if (chance(45))
        in->cols = in->rows;
    }
    if (mode == 2 && in->rows * in->cols > 16 && chance(70))
      continue;                                   /* cut boards: mostly small */
    bool ok = true;
    if (mode == 2) {
      random_board(in, symmetry);
      ok = ncells_of(in) > 0 && cut(in);
    } else {
      in->npieces = 1 + (int)rnd(MAXPIECES);
      for (int i = 0; i < in->npieces; i++) {
        Piece *p = &in->piece[i];
        p->n = 1 + (int)rnd(MAXSQ);
        random_polyomino(p->sq, p->n);
        letter_piece(in, p, i);
        p->uses = chance(80) ? 1 : chance(80) ? 2 : 3;
      }
      if (mode == 1)
        ok = plant(in);
      else
        random_board(in, symmetry);
    }
    if (!ok || ncells_of(in) == 0)
      continue;
    for (int r = 0; r < in->rows; r++)
      for (int c = 0; c < in->cols; c++)
        in->hole_char[r][c] = chance(85) ? '.' : ' ';
    /* a board with no holes may be given by its size (colours then match nothing) */
    if (ncells_of(in) == in->rows * in->cols && (in->colours ? chance(5) : chance(50))) {
      in->sized = true;
      for (int r = 0; r < in->rows; r++)
        for (int c = 0; c < in->cols; c++)
          in->colour[r][c] = 0;
    }
    /* declared one by one, in one set, or both; the set's pieces are used alike */
    int how = (int)rnd(3), set_uses = 0;
    for (int i = 0; i < in->npieces; i++) {
      Piece *p = &in->piece[i];
      bool want = how == 1 || (how == 2 && chance(50));
      if (want && (set_uses == 0 || p->uses == set_uses)) {
        p->in_set = true;
        set_uses = p->uses;
      }
    }
    name_pieces(in);
    write_source(in);
    return;
  }
}

/* --- sets of byte strings (name grids, tilings) --- */

typedef struct GridSet {
  uint8_t *keys;
  uint8_t *used;
  size_t cap, n, len;
} GridSet;

static void gs_init(GridSet *s, size_t len)
{
  s->len = len;
  s->cap = 64;
  s->n = 0;
  s->keys = calloc(s->cap, len);
  s->used = calloc(s->cap, 1);
  assert_non_null(s->keys);
  assert_non_null(s->used);
}

static void gs_free(GridSet *s)
{
  free(s->keys);
  free(s->used);
  memset(s, 0, sizeof *s);
}

static size_t gs_hash(const uint8_t *k, size_t len)
{
  uint64_t h = 1469598103934665603u;
  for (size_t i = 0; i < len; i++)
    h = (h ^ k[i]) * 1099511628211u;
  return (size_t)(h ^ (h >> 29));
}

static size_t gs_slot(const GridSet *s, const uint8_t *k)
{
  size_t i = gs_hash(k, s->len) & (s->cap - 1);
  while (s->used[i] && memcmp(s->keys + i * s->len, k, s->len) != 0)
    i = (i + 1) & (s->cap - 1);
  return i;
}

static bool gs_has(const GridSet *s, const uint8_t *k)
{
  return s->used[gs_slot(s, k)];
}

/* Add k; true when it was not there. */
static bool gs_add(GridSet *s, const uint8_t *k)
{
  if (2 * (s->n + 1) > s->cap) {
    GridSet t;
    t.len = s->len;
    t.cap = s->cap * 2;
    t.n = 0;
    t.keys = calloc(t.cap, t.len);
    t.used = calloc(t.cap, 1);
    assert_non_null(t.keys);
    assert_non_null(t.used);
    for (size_t i = 0; i < s->cap; i++)
      if (s->used[i]) {
        size_t j = gs_slot(&t, s->keys + i * s->len);
        t.used[j] = 1;
        memcpy(t.keys + j * t.len, s->keys + i * s->len, t.len);
        t.n++;
      }
    gs_free(s);
    *s = t;
  }
  size_t i = gs_slot(s, k);
  if (s->used[i])
    return false;
  s->used[i] = 1;
  memcpy(s->keys + i * s->len, k, s->len);
  s->n++;
  return true;
}

/* --- the brute force --- */

typedef struct BF {
  const Inst *in;
  int ncell;                       /* rows * cols, holes included */
  uint32_t full, holes;
  /* kinds: the pieces, or (up to symmetry) the classes of identical pieces */
  int nkinds;
  int kind_of[MAXPIECES];          /* piece -> kind */
  int kind_piece[MAXPIECES];       /* kind -> its first piece */
  int kind_uses[MAXPIECES];
  int kind_size[MAXPIECES];
  /* placements, by their first cell */
  int nplace;
  uint32_t pmask[MAXPLACE];
  int pkind[MAXPLACE];
  int pfirst[MAXPLACE];
  int by_cell[MAXCELLS + 1];       /* the placements whose first cell is i: by_cell[i] .. by_cell[i + 1] */
  /* the search */
  int used[MAXPIECES];
  uint8_t cur[2 * MAXCELLS];       /* the name grid, then each cell's placement (its first cell) */
  long nodes, tilings;
  bool aborted;
  GridSet all;                     /* every tiling: name grid, then each cell's placement */
  /* up to symmetry: the transforms kept, as cell maps */
  int nsym;
  int sym[8];
  uint8_t map[8][MAXCELLS];
} BF;

static int popcount32(uint32_t x)
{
  int n = 0;
  for (; x; x &= x - 1)
    n++;
  return n;
}

static void bf_placements(BF *b)
{
  const Inst *in = b->in;
  int count[MAXCELLS] = {0};
  uint32_t mask[MAXPLACE];
  int kind[MAXPLACE], first[MAXPLACE], n = 0;
  for (int k = 0; k < b->nkinds; k++) {
    const Piece *p = &in->piece[b->kind_piece[k]];
    Sq o[8][MAXSQ];
    int no = orientations(in, p, o);
    for (int j = 0; j < no; j++)
      for (int r0 = 0; r0 < in->rows; r0++)
        for (int c0 = 0; c0 < in->cols; c0++) {
          uint32_t m = 0;
          int i = 0;
          for (; i < p->n; i++) {
            int r = r0 + o[j][i].r, c = c0 + o[j][i].c;
            if (r >= in->rows || c >= in->cols || in->hole[r][c] ||
                (in->colours && in->colour[r][c] != o[j][i].letter))
              break;
            m |= 1u << (r * in->cols + c);
          }
          if (i < p->n)
            continue;
          bool dup = false;               /* the same cells by another orientation */
          for (int q = 0; q < n && !dup; q++)
            dup = kind[q] == k && mask[q] == m;
          if (dup)
            continue;
          int f = 0;
          while (!(m >> f & 1))
            f++;
          mask[n] = m;
          kind[n] = k;
          first[n++] = f;
          count[f]++;
        }
  }
  b->nplace = n;
  b->by_cell[0] = 0;
  for (int i = 0; i < b->ncell; i++)
    b->by_cell[i + 1] = b->by_cell[i] + count[i];
  int fill[MAXCELLS] = {0};
  for (int q = 0; q < n; q++) {
    int at = b->by_cell[first[q]] + fill[first[q]]++;
    b->pmask[at] = mask[q];
    b->pkind[at] = kind[q];
    b->pfirst[at] = first[q];
  }
}

static void bf_search(BF *b, uint32_t decided)
{
  if (b->aborted)
    return;
  if (++b->nodes > BF_NODES) {
    b->aborted = true;
    return;
  }
  /* the area the pieces still owe must fit in the cells left (exactly, without gaps) */
  if (!b->in->any) {
    int owed = 0, left = popcount32(b->full & ~decided);
    for (int k = 0; k < b->nkinds; k++)
      owed += (b->kind_uses[k] - b->used[k]) * b->kind_size[k];
    if (owed > left || (!b->in->gaps && owed != left))
      return;
  }
  if (decided == b->full) {
    if (++b->tilings > BF_TILINGS) {
      b->aborted = true;
      return;
    }
    gs_add(&b->all, b->cur);
    return;
  }
  int i = 0;
  while (decided >> i & 1)
    i++;
  for (int a = b->by_cell[i]; a < b->by_cell[i + 1]; a++) {
    uint32_t m = b->pmask[a];
    int k = b->pkind[a];
    if ((m & decided) || (!b->in->any && b->used[k] >= b->kind_uses[k]))
      continue;
    b->used[k]++;
    for (int c = 0; c < b->ncell; c++)
      if (m >> c & 1) {
        b->cur[c] = (uint8_t)(k + 1);
        b->cur[b->ncell + c] = (uint8_t)i;
      }
    bf_search(b, decided | m);
    b->used[k]--;
  }
  if (b->in->gaps) {
    b->cur[i] = GAP;
    b->cur[b->ncell + i] = ANCHOR_GAP;
    bf_search(b, decided | 1u << i);
  }
}

/*
** The rectangle's symmetries that keep the cells (colours) and each kind's
** placements, each once as a map of cells: on a board of one row, the
** mirror top to bottom moves no cell.
*/
static void bf_symmetries(BF *b)
{
  const Inst *in = b->in;
  b->nsym = 0;
  for (int g = 0; g < 8; g++) {
    uint8_t *m = b->map[b->nsym];
    bool ok = true;
    for (int r = 0; r < in->rows && ok; r++)
      for (int c = 0; c < in->cols && ok; c++) {
        int rr, cc;
        ok = grid_map(in->rows, in->cols, g, r, c, &rr, &cc);
        if (!ok)
          break;
        m[r * in->cols + c] = (uint8_t)(rr * in->cols + cc);
        if (!in->hole[r][c])
          ok = !in->hole[rr][cc] && (!in->colours || in->colour[rr][cc] == in->colour[r][c]);
      }
    for (int q = 0; q < b->nplace && ok; q++) {
      uint32_t im = 0;
      for (int c = 0; c < b->ncell; c++)
        if (b->pmask[q] >> c & 1)
          im |= 1u << m[c];
      bool found = false;
      for (int q2 = 0; q2 < b->nplace && !found; q2++)
        found = b->pkind[q2] == b->pkind[q] && b->pmask[q2] == im;
      ok = found;
    }
    for (int t = 0; t < b->nsym && ok; t++)   /* one map, two transforms (a board of one row) */
      ok = memcmp(b->map[t], m, (size_t)b->ncell) != 0;
    if (ok)
      b->sym[b->nsym++] = g;
  }
}

/* The least image of a name grid (len ncell) or a tiling (2 * ncell) under the symmetries kept. */
static void bf_canonical(const BF *b, const uint8_t *key, bool tiling, uint8_t *out)
{
  int n = b->ncell, len = tiling ? 2 * n : n;
  uint8_t img[2 * MAXCELLS];
  for (int s = 0; s < b->nsym; s++) {
    const uint8_t *m = b->map[s];
    for (int c = 0; c < n; c++)
      img[m[c]] = key[c];
    if (tiling) {
      /* each placement is known by its first cell: find it again in the image */
      uint8_t least[MAXCELLS];
      memset(least, 255, sizeof least);
      for (int c = 0; c < n; c++)
        if (key[n + c] < MAXCELLS && m[c] < least[key[n + c]])
          least[key[n + c]] = m[c];
      for (int c = 0; c < n; c++)
        img[n + m[c]] = key[n + c] < MAXCELLS ? least[key[n + c]] : key[n + c];
    }
    if (s == 0 || memcmp(img, out, (size_t)len) < 0)
      memcpy(out, img, (size_t)len);
  }
}

/* How many classes a set of keys makes. */
static long bf_classes(const BF *b, const GridSet *s, bool tiling)
{
  GridSet canon;
  gs_init(&canon, s->len);
  uint8_t c[2 * MAXCELLS];
  for (size_t i = 0; i < s->cap; i++)
    if (s->used[i]) {
      bf_canonical(b, s->keys + i * s->len, tiling, c);
      gs_add(&canon, c);
    }
  long n = (long)canon.n;
  gs_free(&canon);
  return n;
}

/* Is there a kind used once whose every placement lies differently under each symmetry? */
static bool bf_free_orbits(const BF *b)
{
  for (int k = 0; k < b->nkinds; k++) {
    if (b->in->any || b->kind_uses[k] != 1)
      continue;
    bool free_orbits = true;
    int n = 0;
    for (int q = 0; q < b->nplace && free_orbits; q++) {
      if (b->pkind[q] != k)
        continue;
      n++;
      uint32_t img[8];
      for (int s = 0; s < b->nsym; s++) {
        img[s] = 0;
        for (int c = 0; c < b->ncell; c++)
          if (b->pmask[q] >> c & 1)
            img[s] |= 1u << b->map[s][c];
        for (int t = 0; t < s; t++)
          free_orbits = free_orbits && img[t] != img[s];
      }
    }
    if (free_orbits && n > 0)
      return true;
  }
  return false;
}

static void bf_run(BF *b, const Inst *in)
{
  memset(b, 0, sizeof *b);
  b->in = in;
  b->ncell = in->rows * in->cols;
  b->full = b->ncell == 32 ? UINT32_MAX : (1u << b->ncell) - 1;
  for (int r = 0; r < in->rows; r++)
    for (int c = 0; c < in->cols; c++)
      if (in->hole[r][c])
        b->holes |= 1u << (r * in->cols + c);
  for (int i = 0; i < in->npieces; i++) {
    int k = 0;
    if (in->symmetry)
      while (k < b->nkinds && !identical(in, &in->piece[b->kind_piece[k]], &in->piece[i]))
        k++;
    else
      k = b->nkinds;
    if (k == b->nkinds) {
      b->kind_piece[k] = i;
      b->kind_uses[k] = 0;
      b->kind_size[k] = in->piece[i].n;
      b->nkinds++;
    }
    b->kind_of[i] = k;
    b->kind_uses[k] += in->piece[i].uses;
  }
  bf_placements(b);
  gs_init(&b->all, 2 * (size_t)b->ncell);
  for (int c = 0; c < b->ncell; c++)
    if (b->holes >> c & 1) {
      b->cur[c] = HOLE;
      b->cur[b->ncell + c] = HOLE;
    }
  bf_search(b, b->holes);
  if (in->symmetry)
    bf_symmetries(b);
}

static void bf_free(BF *b)
{
  gs_free(&b->all);
}

/*
** A tiling, a row a line, each cell its piece ('.' uncovered, '#' a hole)
** and, after a colon, which copy of it (in reading order of their first
** cells) when the piece has several.
*/
static void print_grid(Buf *out, const BF *b, const uint8_t *g)
{
  int n = b->ncell;
  for (int r = 0; r < b->in->rows; r++) {
    bprintf(out, "   ");
    for (int c = 0; c < b->in->cols; c++) {
      int at = r * b->in->cols + c;
      uint8_t v = g[at];
      if (v == HOLE || v == GAP) {
        bprintf(out, " %-4s", v == HOLE ? "#" : ".");
        continue;
      }
      int rank = 0, copies = 0;
      for (int d = 0; d < n; d++)
        if (g[d] == v && g[n + d] == d) {
          copies++;
          rank += d < g[n + at];
        }
      char cell[16];
      if (copies > 1)
        snprintf(cell, sizeof cell, "%s:%d", b->in->piece[b->kind_piece[v - 1]].name, rank + 1);
      else
        snprintf(cell, sizeof cell, "%s", b->in->piece[b->kind_piece[v - 1]].name);
      bprintf(out, " %-4s", cell);
    }
    bprintf(out, "\n");
  }
}

/* --- pz --- */

/* The piece a name pz printed stands for: a piece's name, or a copy's (name, then a number). */
static int piece_of_label(const Inst *in, const char *label)
{
  for (int i = 0; i < in->npieces; i++)
    if (strcmp(in->piece[i].name, label) == 0)
      return i;
  for (int i = 0; i < in->npieces; i++) {
    const char *name = in->piece[i].name;
    size_t len = strlen(name);
    if (strncmp(label, name, len) != 0)
      continue;
    const char *rest = label + len;
    if (len && name[len - 1] >= '0' && name[len - 1] <= '9' && *rest++ != '_')
      continue;
    if (*rest < '1' || *rest > '9')
      continue;
    while (*rest >= '0' && *rest <= '9')
      rest++;
    if (*rest == 0)
      return i;
  }
  return -1;
}

/*
** The board of pz's current solution as a tiling of b's kinds (each
** cell's kind, then its placement's first cell: the cells of one name
** printed make one placement); false (why in msg) when it is not one.
*/
static bool pz_grid(PzCtx *cx, const BF *b, uint8_t *g, Buf *msg)
{
  const Inst *in = b->in;
  int n = b->ncell;
  const char *label[MAXCELLS];
  PzItem it;
  if (!pz_solution_item(cx, 0, &it) || it.value.kind != PZ_LIST || it.value.count != (size_t)in->rows) {
    bprintf(msg, "  pz's solution is not a board of %d rows\n", in->rows);
    return false;
  }
  for (int r = 0; r < in->rows; r++) {
    const PzValue *row = &it.value.items[r];
    if (row->kind != PZ_LIST || row->count != (size_t)in->cols) {
      bprintf(msg, "  row %d of pz's board has not %d cells\n", r + 1, in->cols);
      return false;
    }
    for (int c = 0; c < in->cols; c++) {
      const PzValue *v = &row->items[c];
      int at = r * in->cols + c;
      label[at] = NULL;
      if (in->hole[r][c]) {
        if (v->kind != PZ_BLANK) {
          bprintf(msg, "  pz's board has a value at the hole (%d, %d)\n", r + 1, c + 1);
          return false;
        }
        g[at] = g[n + at] = HOLE;
        continue;
      }
      if (v->kind != PZ_NAME) {
        bprintf(msg, "  pz's board has no name at the cell (%d, %d)\n", r + 1, c + 1);
        return false;
      }
      if (strcmp(v->text, ".") == 0) {
        g[at] = GAP;
        g[n + at] = ANCHOR_GAP;
        continue;
      }
      int i = piece_of_label(in, v->text);
      if (i < 0) {
        bprintf(msg, "  pz's board names a piece '%s' at (%d, %d), which is none of the pieces\n",
                v->text, r + 1, c + 1);
        return false;
      }
      g[at] = (uint8_t)(b->kind_of[i] + 1);
      label[at] = v->text;
      int first = 0;
      while (first < at && !(label[first] && strcmp(label[first], v->text) == 0))
        first++;
      g[n + at] = (uint8_t)first;
    }
  }
  return true;
}

typedef enum { AGREE, DISAGREE, SKIP_BIG, SKIP_REFUSED } Verdict;

/*
** Disagreements come in two kinds, kept apart so that one bug does not
** hide another: pz's count is wrong, or its count is right and its
** solutions are not.
*/
typedef struct Tally {
  int compared, with_solutions, skipped_big, refused, max_count;
  int refused_with_free_orbits;       /* ... though a piece used once lies freely */
  Buf refused_example;                /* the smallest such program */
  int refused_size;
  int disagree[2];
  int kind;                           /* of the last disagreement: 0 the count, 1 the solutions */
  struct {
    int size;                         /* cells, then the program's length */
    Buf text;
  } kept[2][KEEP];
  int nkept[2];
} Tally;

/* How small an instance is: its cells, then its program's length. */
static int size_of(const Inst *in)
{
  return ncells_of(in) * 100000 + (int)in->src.n;
}

/*
** pz's search: with the exact cover finishing alone (its bitboard search,
** PropClass.solo, which a tile statement with no other clue gets), or
** node by node (Algorithm X in the propagator, as with clues).
*/
static bool node_by_node;

/* Run one instance both ways; on a disagreement, the whole story in msg. */
static Verdict check_instance(const Inst *in, Buf *msg, Tally *t)
{
  BF *b = calloc(1, sizeof *b);
  assert_non_null(b);
  bf_run(b, in);
  if (b->aborted) {
    bf_free(b);
    free(b);
    return SKIP_BIG;
  }
  long truth = (long)b->all.n;
  if (in->symmetry)
    truth = bf_classes(b, &b->all, true);
  Verdict v = AGREE;
  msg->n = 0;
  msg->s[0] = 0;
  Buf why = {.n = 0};
  PzCtx *cx = pz_open(&(PzOptions){.node_by_node = node_by_node});
  assert_non_null(cx);
  pz_set_limits(cx, 0, PZ_NODES);
  long count = 0;
  if (!pz_load(cx, "t.pz", in->src.s, in->src.n)) {
    const char *d = pz_diagnostics(cx);
    if (in->symmetry && strstr(d, "cannot count up to symmetry")) {
      t->refused++;
      if (bf_free_orbits(b)) {
        if (!t->refused_with_free_orbits++ || size_of(in) < t->refused_size) {
          t->refused_size = size_of(in);
          t->refused_example = in->src;
        }
      }
      v = SKIP_REFUSED;
    } else {
      bprintf(&why, "  pz does not load it:\n%s", d);
      v = DISAGREE;
      count = -1;
    }
  } else {
    GridSet seen, classes;
    gs_init(&seen, 2 * (size_t)b->ncell);
    gs_init(&classes, 2 * (size_t)b->ncell);
    uint8_t g[2 * MAXCELLS], canon[2 * MAXCELLS];
    bool noted_bad = false, noted_twice = false;
    PzResult res;
    while ((res = pz_next(cx)) == PZ_SOLUTION) {
      count++;
      if (!pz_grid(cx, b, g, &why)) {
        v = DISAGREE;
        break;
      }
      if (!gs_has(&b->all, g) && !noted_bad) {
        bprintf(&why, "  pz's solution %ld is no tiling:\n", count);
        print_grid(&why, b, g);
        noted_bad = true;
      }
      bool again = !gs_add(&seen, g);
      if (in->symmetry && !again) {
        bf_canonical(b, g, true, canon);
        again = !gs_add(&classes, canon);
      }
      if (again && !noted_twice) {
        bprintf(&why, in->symmetry ? "  pz's solution %ld is of a class it gave before:\n"
                                   : "  pz's solution %ld is one it gave before:\n", count);
        print_grid(&why, b, g);
        noted_twice = true;
      }
    }
    if (v == AGREE && res != PZ_NO_MORE) {
      bprintf(&why, "  pz stopped with %s after %ld solutions:\n%s",
              res == PZ_LIMIT ? "its node limit" : res == PZ_INTERNAL ? "an internal error" : "an error",
              count, pz_diagnostics(cx));
      v = DISAGREE;
    }
    if (v == AGREE && count != truth)
      v = DISAGREE;
    if (v == DISAGREE && count < truth) {
      /* a solution (a class) pz did not give */
      for (size_t i = 0; i < b->all.cap; i++) {
        if (!b->all.used[i])
          continue;
        const uint8_t *k = b->all.keys + i * b->all.len;
        bool missed = !gs_has(&seen, k);
        if (in->symmetry) {
          bf_canonical(b, k, true, canon);
          missed = !gs_has(&classes, canon);
        }
        if (missed) {
          bprintf(&why, in->symmetry ? "  pz gave no solution of the class of:\n"
                                     : "  pz did not give:\n");
          print_grid(&why, b, k);
          break;
        }
      }
    }
    if (v == AGREE && (noted_bad || noted_twice))
      v = DISAGREE;
    gs_free(&seen);
    gs_free(&classes);
  }
  pz_close(cx);
  if (v == AGREE) {
    t->compared++;
    t->with_solutions += truth > 0;
    t->max_count = truth > t->max_count ? (int)truth : t->max_count;
  } else if (v == DISAGREE) {
    bprintf(msg, "tiling instance %d: pz counts %ld, the true count is %ld %s%s\n%s"
            "  (boards: each cell's piece, ':2' its second copy, '.' uncovered, '#' a hole)\n"
            "--- the program:\n%s---\n",
            in->number, count, truth, in->symmetry ? "classes of tilings up to symmetry" : "tilings",
            count == truth ? "; the counts agree, the solutions do not" : "", why.s, in->src.s);
    t->kind = count == truth ? 1 : 0;
  }
  bf_free(b);
  free(b);
  return v;
}

/* Keep the smallest disagreements of each kind to print. */
static void keep(Tally *t, const Inst *in, const Buf *msg)
{
  int size = size_of(in), k = t->kind;
  t->disagree[k]++;
  int at = t->nkept[k] < KEEP ? t->nkept[k]++ : KEEP;
  if (at == KEEP) {
    int worst = 0;
    for (int i = 1; i < KEEP; i++)
      if (t->kept[k][i].size > t->kept[k][worst].size)
        worst = i;
    if (t->kept[k][worst].size <= size)
      return;
    at = worst;
  }
  t->kept[k][at].size = size;
  t->kept[k][at].text = *msg;
}

static void run_random(uint64_t seed, int n, bool symmetry)
{
  rng = seed;
  Tally *t = calloc(1, sizeof *t);
  Inst *in = calloc(1, sizeof *in);
  Buf *msg = calloc(1, sizeof *msg);
  assert_non_null(t);
  assert_non_null(in);
  assert_non_null(msg);
  for (int i = 1; i <= n; i++) {
    generate(in, i, symmetry);
    switch (check_instance(in, msg, t)) {
    case DISAGREE:
      keep(t, in, msg);
      break;
    case SKIP_BIG:
      t->skipped_big++;
      break;
    default:
      break;
    }
  }
  int counts = t->disagree[0], other = t->disagree[1];
  print_message("tiling oracle%s%s: %d instances agree (%d with solutions, up to %d), %d disagree, "
                "%d skipped as too big for the brute force%s",
                symmetry ? " (up to symmetry)" : "", node_by_node ? " (node by node)" : "", t->compared, t->with_solutions, t->max_count,
                counts + other, t->skipped_big, symmetry ? "" : "\n");
  if (symmetry) {
    print_message(", %d refused by pz\n", t->refused);
    /* not a failure (pz may refuse when it finds no piece to break the symmetry with) */
    if (t->refused_with_free_orbits)
      print_message("note: pz refused %d of them though a piece used once lies differently under "
                    "each of the board's distinct symmetries (as maps of its cells); the smallest:\n%s",
                    t->refused_with_free_orbits, t->refused_example.s);
  }
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < t->nkept[k]; i++)
      print_error("%s\n", t->kept[k][i].text.s);
  free(t);
  free(in);
  free(msg);
  if (counts + other)
    fail_msg("%d of %d random tilings disagree with the brute force: in %d pz's count is wrong, "
             "in %d its solutions; the smallest of each kind are above", counts + other, n, counts, other);
}

/* --- the tests --- */

static void random_tilings_match_a_brute_force(void **state)
{
  (void)state;
  node_by_node = false;
  run_random(0x7a11e5eedULL, N_PLAIN, false);
}

static void random_tilings_up_to_symmetry_match_a_brute_force(void **state)
{
  (void)state;
  node_by_node = false;
  run_random(0x5e77e5eedULL, N_SYMMETRY, true);
}

static void random_tilings_node_by_node_match_a_brute_force(void **state)
{
  (void)state;
  node_by_node = true;
  run_random(0x7a11e5eedULL, N_PLAIN, false);
}

static void random_tilings_up_to_symmetry_node_by_node_match_a_brute_force(void **state)
{
  (void)state;
  node_by_node = true;
  run_random(0x5e77e5eedULL, N_SYMMETRY, true);
}

/*
** Two dominoes (copies of one piece) fill a 2x2 box lying flat or
** standing: two tilings.  Both once read "d d / d d"; now the copies are
** numbered in reading order of their first cells, so the two boards
** differ as the tilings do.
*/
static void copies_covering_one_region_two_ways_are_two_tilings_told_apart(void **state)
{
  (void)state;
  static const char src[] = "piece d = \"dd\".\ntile bd[2, 2] with 2 * d.\n";
  PzCtx *cx = pz_open(NULL);
  assert_true(pz_load(cx, "t.pz", src, strlen(src)));
  static const char *const want[2][4] = {{"d1", "d1", "d2", "d2"}, {"d1", "d2", "d1", "d2"}};
  bool seen[2] = {false, false};
  long n = 0;
  for (; pz_next(cx) == PZ_SOLUTION; n++) {
    PzItem it;
    assert_true(pz_solution_item(cx, 0, &it));
    const char *got[4];
    for (int r = 0; r < 2; r++)
      for (int c = 0; c < 2; c++)
        got[r * 2 + c] = it.value.items[r].items[c].text;
    int match = -1;
    for (int w = 0; w < 2; w++) {
      int i = 0;
      while (i < 4 && strcmp(got[i], want[w][i]) == 0)
        i++;
      if (i == 4)
        match = w;
    }
    if (match < 0 || seen[match])
      fail_msg("pz's solution %ld of this program reads '%s %s / %s %s', not one of the two "
               "tilings 'd1 d1 / d2 d2' and 'd1 d2 / d1 d2' (each once):\n%s",
               n + 1, got[0], got[1], got[2], got[3], src);
    seen[match] = true;
  }
  pz_close(cx);
  assert_int_equal(n, 2);
}

/*
** Copies named apart in every place a board cell is printed: text, and a
** piece whose name ends in a digit gets '_' before the copy's number.
*/
static void copies_print_numbered_in_reading_order(void **state)
{
  (void)state;
  PzText t = {0};
  first_solution("piece d = \"ww\".\npiece m = \"b\".\n"
                 "tile s = \"wwbww\" with [2 * d, m], colours.\n", &t, false);
  assert_string_equal(t.data, "s =\nd1 d1  m d2 d2\n");
  free(t.data);
  t = (PzText){0};
  /* pieces of two letters each: named 1 and 2, so the copies 1_1, 1_2 */
  first_solution("pieces p = \"ab c\".\n"
                 "tile s = \"abcabc\" with 2 * p, colours, no turns, no flips.\n", &t, true);
  assert_string_equal(t.data, "{\"shown\": {\"s\": [[\"1_1\", \"1_1\", \"2_1\", \"1_2\", \"1_2\", \"2_2\"]]}}");
  free(t.data);
}

/*
** On a box of one row, the mirror top to bottom moves no cell: it is the
** identity again, not a symmetry of its own, so a piece used once still
** lies differently under each of the two (the identity and the mirror
** left to right).  pz once refused every such box.
*/
static void a_box_of_one_row_has_two_symmetries(void **state)
{
  (void)state;
  /* d d t t t and t t t d d are mirror images: one class (no placement
     of the domino on five cells is its own mirror image) */
  assert_int_equal(count_solutions("piece d = \"dd\".\npiece t = \"ttt\".\n"
                                   "tile s[1, 5] with [d, t], up to symmetry.\n"), 1);
  /* the 6 orders of three different pieces on 1x6 pair up by the mirror: 3 classes */
  assert_int_equal(count_solutions("piece d = \"dd\".\npiece t = \"ttt\".\npiece m = \"m\".\n"
                                   "tile s[1, 6] with [d, t, m], up to symmetry.\n"), 3);
}

/*
** The smallest disagreement of 'any number' with 'up to symmetry': the
** L-tromino used any number of times, gaps allowed, in a 2x3 box (its 4
** symmetries all keep it).  The classes: the empty box; one L in a 2x2
** corner (its 8 placements make 2 classes); two L's filling the box (the
** two ways are one class).  pz breaks the symmetry on the L as if it were
** used once, keeping one placement of each orbit: the two L's that fill
** the box are in one orbit, so that class is lost.  A refusal (no piece
** is used exactly once) would be right too.
*/
static void any_number_up_to_symmetry_counts_every_class(void **state)
{
  (void)state;
  static const char src[] = "piece l = \"ll\" \"l.\".\n"
                            "tile bd[2, 3] with l, any number, gaps, up to symmetry.\n";
  PzCtx *cx = pz_open(NULL);
  long n = -1;
  if (pz_load(cx, "t.pz", src, strlen(src)))
    for (n = 0; pz_next(cx) == PZ_SOLUTION; n++)
      ;
  else if (strstr(pz_diagnostics(cx), "cannot count up to symmetry"))
    n = 4;                                        /* refused: fine */
  pz_close(cx);
  if (n != 4)
    fail_msg("pz counts %ld classes of solutions of this program, but there are 4 (empty; one L, "
             "2 classes; two L's filling the box):\n%s", n, src);
}

/*
** A piece that fits nowhere: no tiling uses it, and with 'any number' the
** one solution leaves the cell uncovered.  (Under UBSan this was a memcpy
** from a null pointer: the grounder's list of placements was empty.)
*/
static void a_piece_that_fits_nowhere(void **state)
{
  (void)state;
  assert_int_equal(count_solutions("piece d = \"dd\".\ntile bd[1, 1] with d, gaps.\n"), 0);
  assert_int_equal(count_solutions("piece d = \"dd\".\ntile bd[1, 1] with d, any number, gaps.\n"), 1);
}

/* Pieces of one shape but of different names make different solutions. */
static void pieces_of_one_shape_and_two_names_differ(void **state)
{
  (void)state;
  /* d and e as two rows (2 ways) or two columns (2 ways) */
  assert_int_equal(count_solutions("piece d = \"dd\".\npiece e = \"ee\".\n"
                                   "tile bd[2, 2] with [d, e].\n"), 4);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(pieces_of_one_shape_and_two_names_differ),
    cmocka_unit_test(a_piece_that_fits_nowhere),
    cmocka_unit_test(copies_covering_one_region_two_ways_are_two_tilings_told_apart),
    cmocka_unit_test(copies_print_numbered_in_reading_order),
    cmocka_unit_test(a_box_of_one_row_has_two_symmetries),
    cmocka_unit_test(any_number_up_to_symmetry_counts_every_class),
    cmocka_unit_test(random_tilings_match_a_brute_force),
    cmocka_unit_test(random_tilings_up_to_symmetry_match_a_brute_force),
    cmocka_unit_test(random_tilings_node_by_node_match_a_brute_force),
    cmocka_unit_test(random_tilings_up_to_symmetry_node_by_node_match_a_brute_force),
  };
  return cmocka_run_group_tests_name("tiling", tests, NULL, NULL);
}
