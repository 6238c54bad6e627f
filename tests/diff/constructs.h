/*
** constructs.h -- whole puzzles around one construct (board lines,
** pairs and neighbours, regions, regular, logic grids, tilings, hex
** boards, Fillomino's sizes), each counted by its own brute force; see
** constructs.c.
*/
#ifndef DIFF_CONSTRUCTS_H
#define DIFF_CONSTRUCTS_H

#include "model.h"

/*
** What a shrunk case leaves out.  The case is drawn from the same
** random numbers as before, then cut: clause j (in the order drawn) is
** dropped when bit j of drop is set, the board (or line, or grid) has
** rows and cols fewer, the domain values fewer, and the family's options
** whose bits are in off are switched off.  All zero: the case as drawn.
*/
typedef struct Cut {
  uint32_t drop;
  int rows, cols, values;
  uint32_t off;
} Cut;

int construct_families(void);
const char *construct_name(int k);
/* The family called name, or -1. */
int construct_find(const char *name);
/* A puzzle of family k, cut (NULL: none), as text in *t (emptied first); its solutions by brute force. */
long construct_case(int k, Rng *r, Text *t, const Cut *c);
/*
** Whether the case construct_case drew last has a goal with a solution
** (family goals), and then its best value: the count is of the boards
** that reach it.
*/
bool construct_goal(long *best);
/*
** A wrong brute force on purpose, the shrinker's own test (difftest
** --fault NAME): "max" reads max(L) as min(L), "regular" stops the
** automaton before the line's last item, "next_to" reads a logic grid's
** next_to as left_of, "none" is right.  False: no fault of that name.
*/
bool construct_fault(const char *name);
/* The fault's name, or NULL for none. */
const char *construct_fault_name(void);

#endif
