/*
** magic4.c -- count the 4x4 magic squares of 1..16 (sum 34) by hand: the
** reference for `pz --count examples/magic_square4.pz` (7040).
**
** Cells 0..15 row by row.  Eight cells are chosen in the order below, over
** a bit mask of the numbers still free; after each choice the lines it
** completes give their last cell (which must be a free number) or are
** checked.  No propagation beyond that: the plain program a person writes.
*/
#include <stdio.h>

#define S 34

static int sq[16];
static unsigned used;
static long count;

/* Place v in cell c if it is a free number of 1..16. */
static int put(int c, int v)
{
  if (v < 1 || v > 16 || (used >> v & 1))
    return 0;
  sq[c] = v;
  used |= 1u << v;
  return 1;
}

static void take(int c)
{
  used &= ~(1u << sq[c]);
}

static void choose(int k);

/* After choice k, derive cell `cell` = S minus three others, then go on. */
static void derive(int k, int cell, int a, int b, int c)
{
  if (put(cell, S - sq[a] - sq[b] - sq[c])) {
    choose(k + 1);
    take(cell);
  }
}

static void choose(int k)
{
  static const int order[8] = { 0, 1, 2, 5, 10, 6, 9, 4 };
  if (k == 8) {
    count++;
    return;
  }
  int c = order[k];
  for (int v = 1; v <= 16; v++) {
    if (!put(c, v))
      continue;
    switch (c) {
    case 2:  derive(k, 3, 0, 1, 2); break;        /* row 0 */
    case 10: derive(k, 15, 0, 5, 10); break;      /* diagonal */
    case 9:  derive(k, 12, 3, 6, 9); break;       /* anti-diagonal */
    case 4:                                       /* the rest follow */
      if (put(7, S - sq[4] - sq[5] - sq[6])) {
        if (put(8, S - sq[0] - sq[4] - sq[12])) {
          if (put(11, S - sq[8] - sq[9] - sq[10])) {
            if (put(13, S - sq[1] - sq[5] - sq[9])) {
              if (put(14, S - sq[2] - sq[6] - sq[10])) {
                if (sq[12] + sq[13] + sq[14] + sq[15] == S &&
                    sq[3] + sq[7] + sq[11] + sq[15] == S)
                  choose(k + 1);
                take(14);
              }
              take(13);
            }
            take(11);
          }
          take(8);
        }
        take(7);
      }
      break;
    default: choose(k + 1);
    }
    take(c);
  }
}

int main(void)
{
  choose(0);
  printf("solutions: %ld\n", count);
  return 0;
}
