/*
** miracle.c -- count the Miracle Sudokus of an empty grid by hand (sudoku,
** no repeat a king's or a knight's move apart, no consecutive digits side
** by side): the reference for `pz --count examples/miracle_sudoku_empty.pz`
** (72).
**
** Each cell keeps a 9-bit mask of its candidates.  Placing digit d takes
** d from the masks of the cell's peers (row, column, box, king, knight)
** and d - 1, d + 1 from its four orthogonal neighbours; the search then
** fills the open cell with the fewest candidates, copying the 81 masks
** per level to undo.  Forward checking, the plain program a person writes.
*/
#include <stdio.h>
#include <string.h>

static int peers[81][40], npeers[81];
static int sides[81][4], nsides[81];
static long count;

static void add_peer(int c, int p)
{
  if (p == c)
    return;
  for (int i = 0; i < npeers[c]; i++)
    if (peers[c][i] == p)
      return;
  peers[c][npeers[c]++] = p;
}

static void setup(void)
{
  static const int king[8][2] = { {-1,-1}, {-1,0}, {-1,1}, {0,-1}, {0,1}, {1,-1}, {1,0}, {1,1} };
  static const int knight[8][2] = { {-2,-1}, {-2,1}, {-1,-2}, {-1,2}, {1,-2}, {1,2}, {2,-1}, {2,1} };
  static const int side[4][2] = { {-1,0}, {1,0}, {0,-1}, {0,1} };
  for (int c = 0; c < 81; c++) {
    int r = c / 9, k = c % 9;
    for (int p = 0; p < 81; p++)
      if (p / 9 == r || p % 9 == k || (p / 27 == c / 27 && p % 9 / 3 == k / 3))
        add_peer(c, p);
    for (int m = 0; m < 8; m++) {
      int r1 = r + king[m][0], k1 = k + king[m][1];
      if (r1 >= 0 && r1 < 9 && k1 >= 0 && k1 < 9)
        add_peer(c, r1 * 9 + k1);
      r1 = r + knight[m][0], k1 = k + knight[m][1];
      if (r1 >= 0 && r1 < 9 && k1 >= 0 && k1 < 9)
        add_peer(c, r1 * 9 + k1);
    }
    for (int m = 0; m < 4; m++) {
      int r1 = r + side[m][0], k1 = k + side[m][1];
      if (r1 >= 0 && r1 < 9 && k1 >= 0 && k1 < 9)
        sides[c][nsides[c]++] = r1 * 9 + k1;
    }
  }
}

/* cand[c]: candidate digits of open cell c (bit d-1), 0 for a filled one. */
static void search(const unsigned short *cand, int open)
{
  if (open == 0) {
    count++;
    return;
  }
  int best = -1, fewest = 10;
  for (int c = 0; c < 81; c++) {
    if (!cand[c])
      continue;
    int n = __builtin_popcount(cand[c]);
    if (n < fewest) {
      fewest = n;
      best = c;
    }
  }
  for (unsigned m = cand[best]; m; m &= m - 1) {
    int d = __builtin_ctz(m);                   /* digit d + 1 */
    unsigned short next[81];
    memcpy(next, cand, sizeof next);
    next[best] = 0;
    int ok = 1;
    for (int i = 0; i < npeers[best] && ok; i++) {
      int p = peers[best][i];
      if (cand[p] && !(next[p] &= (unsigned short)~(1u << d)))
        ok = 0;
    }
    unsigned near = ((1u << d) << 1 | (1u << d) >> 1) & 0x1ff;
    for (int i = 0; i < nsides[best] && ok; i++) {
      int p = sides[best][i];
      if (cand[p] && !(next[p] &= (unsigned short)~near))
        ok = 0;
    }
    if (ok)
      search(next, open - 1);
  }
}

int main(void)
{
  unsigned short cand[81];
  setup();
  for (int c = 0; c < 81; c++)
    cand[c] = 0x1ff;
  search(cand, 81);
  printf("solutions: %ld\n", count);
  return 0;
}
