/*
** hexagon.c -- count the magic hexagons of order 3 (1..19, every line of
** the 15 sums to 38) by hand: the reference for `pz --count
** examples/magic_hexagon.pz` (12).
**
**        a b c
**       d e f g
**      h i j k l
**       m n o p
**        q r s
**
** Seven cells are chosen (a, b, g, d, e, i, j) over a bit mask of the
** numbers still free; the other twelve follow from their lines, each of
** which must give a free number of 1..19; the three lines left are checked.
*/
#include <stdio.h>

#define S 38

enum { A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, SS, CELLS };

static int v[CELLS];
static unsigned used;
static long count;

static int put(int c, int x)
{
  if (x < 1 || x > 19 || (used >> x & 1))
    return 0;
  v[c] = x;
  used |= 1u << x;
  return 1;
}

static void take(int c)
{
  used &= ~(1u << v[c]);
}

static void choose(int k);

/* Cells that follow once the last choice is made, in order. */
static int tail(int t)
{
  switch (t) {
  case 0: return put(K, S - v[H] - v[I] - v[J] - v[L]);   /* row 3 */
  case 1: return put(N, S - v[C] - v[F] - v[J] - v[Q]);   /* c f j n q */
  case 2: return put(P, S - v[B] - v[F] - v[K]);          /* b f k p */
  case 3: return put(SS, S - v[L] - v[P]);                /* l p s */
  case 4: return put(O, S - v[M] - v[N] - v[P]);          /* row 4 */
  case 5: return put(R, S - v[Q] - v[SS]);                /* row 5 */
  default: return 0;
  }
}

static const int tail_cell[6] = { K, N, P, SS, O, R };

static void finish(int t)
{
  if (t == 6) {
    if (v[G] + v[K] + v[O] + v[R] == S && v[A] + v[E] + v[J] + v[O] + v[SS] == S &&
        v[D] + v[I] + v[N] + v[R] == S)
      count++;
    return;
  }
  if (tail(t)) {
    finish(t + 1);
    take(tail_cell[t]);
  }
}

static void choose(int k)
{
  static const int order[7] = { A, B, G, D, E, I, J };
  int c = order[k];
  for (int x = 1; x <= 19; x++) {
    if (!put(c, x))
      continue;
    switch (c) {
    case B:                                               /* a b c */
      if (put(C, S - v[A] - v[B])) {
        choose(k + 1);
        take(C);
      }
      break;
    case G:                                               /* c g l */
      if (put(L, S - v[C] - v[G])) {
        choose(k + 1);
        take(L);
      }
      break;
    case D:                                               /* a d h */
      if (put(H, S - v[A] - v[D])) {
        choose(k + 1);
        take(H);
      }
      break;
    case E:                                               /* d e f g */
      if (put(F, S - v[D] - v[E] - v[G])) {
        choose(k + 1);
        take(F);
      }
      break;
    case I:                                               /* b e i m, h m q */
      if (put(M, S - v[B] - v[E] - v[I])) {
        if (put(Q, S - v[H] - v[M])) {
          choose(k + 1);
          take(Q);
        }
        take(M);
      }
      break;
    case J:
      finish(0);
      break;
    default:
      choose(k + 1);
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
