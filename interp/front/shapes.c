/*
** shapes.c -- splitting a drawing of pieces into pieces (see shapes.h).
*/
#include "front/shapes.h"

#include <string.h>

#include "base/mem.h"

bool shapes_is_square(char c)
{
  return c != ' ' && c != '.' && c != '_';
}

/* The rows of a drawing as strings with their places in the source. */
typedef struct Rows {
  const char **text;
  uint32_t *len;
  Loc *at;
  uint32_t n, width;
} Rows;

static char at_rc(const Rows *rows, uint32_t r, uint32_t c)
{
  return c < rows->len[r] ? rows->text[r][c] : ' ';
}

/* The place of character c of row r: inside the quotes. */
static Loc char_loc(const Rows *rows, uint32_t r, uint32_t c)
{
  Loc l = rows->at[r];
  l.off += 1 + c;
  l.len = 1;
  return l;
}

/* Is piece box [r0, r1) x [c0, c1) in one piece (4-connected)? */
static bool connected(const Rows *rows, uint32_t r0, uint32_t r1, uint32_t c0, uint32_t c1)
{
  uint32_t w = c1 - c0, h = r1 - r0, total = 0, seen = 0;
  uint8_t *mark = xcalloc((size_t)w * h + 1, 1);
  uint32_t *stack = xmalloc(((size_t)w * h + 1) * sizeof *stack);
  uint32_t sp = 0;
  for (uint32_t r = r0; r < r1; r++)
    for (uint32_t c = c0; c < c1; c++)
      if (shapes_is_square(at_rc(rows, r, c))) {
        if (total++ == 0) {
          mark[(r - r0) * w + (c - c0)] = 1;
          stack[sp++] = (r - r0) * w + (c - c0);
        }
      }
  while (sp) {
    uint32_t k = stack[--sp], r = k / w, c = k % w;
    seen++;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
      int64_t nr = (int64_t)r + dr[d], nc = (int64_t)c + dc[d];
      if (nr < 0 || nc < 0 || nr >= h || nc >= w)
        continue;
      uint32_t nk = (uint32_t)nr * w + (uint32_t)nc;
      if (!mark[nk] && shapes_is_square(at_rc(rows, r0 + (uint32_t)nr, c0 + (uint32_t)nc))) {
        mark[nk] = 1;
        stack[sp++] = nk;
      }
    }
  }
  xfree(mark);
  xfree(stack);
  return seen == total;
}

static bool add_piece(const Rows *rows, uint32_t r0, uint32_t r1, uint32_t c0, uint32_t c1,
                      Diag *diag, Shapes *out)
{
  /* the piece's own box: the squares' extent within the region */
  uint32_t top = UINT32_MAX, left = UINT32_MAX, n = 0, first_r = 0, first_c = 0;
  for (uint32_t r = r0; r < r1; r++)
    for (uint32_t c = c0; c < c1; c++)
      if (shapes_is_square(at_rc(rows, r, c))) {
        if (n++ == 0) {
          first_r = r;
          first_c = c;
        }
        top = r < top ? r : top;
        left = c < left ? c : left;
      }
  if (n == 0)
    return true;                          /* only dots: nothing to place */
  if (!connected(rows, r0, r1, c0, c1)) {
    if (diag)
      diag_error(diag, char_loc(rows, first_r, first_c),
                 "this piece is in separate parts: its squares must touch side by side "
                 "(leave a column of spaces between two pieces)");
    return false;
  }
  Shape s = {xmalloc(n * sizeof(Square)), 0, char_loc(rows, first_r, first_c)};
  for (uint32_t r = r0; r < r1; r++)
    for (uint32_t c = c0; c < c1; c++) {
      char ch = at_rc(rows, r, c);
      if (shapes_is_square(ch))
        s.sq[s.n++] = (Square){(int32_t)(r - top), (int32_t)(c - left), ch};
    }
  out->items = xrealloc(out->items, (out->n + 1) * sizeof *out->items);
  out->items[out->n++] = s;
  return true;
}

bool shapes_split(const Node *drawing, const SymTable *syms, Diag *diag, Shapes *out)
{
  memset(out, 0, sizeof *out);
  const Node *const *nodes = drawing->kind == NK_PICTURE ? (const Node *const *)drawing->list.items
                                                          : &drawing;
  uint32_t n = drawing->kind == NK_PICTURE ? drawing->list.len : 1;
  Rows rows = {xmalloc((n + 1) * sizeof(char *)), xmalloc((n + 1) * sizeof(uint32_t)),
               xmalloc((n + 1) * sizeof(Loc)), n, 0};
  for (uint32_t r = 0; r < n; r++) {
    rows.text[r] = sym_name(syms, nodes[r]->sym);
    rows.len[r] = (uint32_t)strlen(rows.text[r]);
    rows.at[r] = nodes[r]->at;
    rows.width = rows.len[r] > rows.width ? rows.len[r] : rows.width;
  }
  bool ok = true;
  for (uint32_t r0 = 0; r0 < n;) {
    /* a band: rows up to the next row of spaces */
    uint32_t r1 = r0;
    while (r1 < n && strspn(rows.text[r1], " ") != rows.len[r1])
      r1++;
    for (uint32_t c0 = 0; c0 < rows.width && r1 > r0;) {
      uint32_t c1 = c0;
      for (;; c1++) {
        bool blank = true;
        for (uint32_t r = r0; r < r1 && blank && c1 < rows.width; r++)
          blank = at_rc(&rows, r, c1) == ' ';
        if (c1 >= rows.width || blank)
          break;
      }
      if (c1 > c0)
        ok = add_piece(&rows, r0, r1, c0, c1, diag, out) && ok;
      c0 = c1 + 1;
    }
    r0 = r1 + 1;
  }
  if (ok && out->n == 0) {
    if (diag)
      diag_error(diag, drawing->at, "this drawing has no squares: draw a piece with letters, "
                                    "and '.' where it has no square");
    ok = false;
  }
  xfree(rows.text);
  xfree(rows.len);
  xfree(rows.at);
  return ok;
}

void shapes_free(Shapes *s)
{
  for (uint32_t i = 0; i < s->n; i++)
    xfree(s->items[i].sq);
  xfree(s->items);
  memset(s, 0, sizeof *s);
}
