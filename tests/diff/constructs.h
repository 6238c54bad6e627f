/*
** constructs.h -- whole puzzles around one construct (board lines,
** pairs and neighbours, regions, regular, logic grids, tilings), each
** counted by its own brute force; see constructs.c.
*/
#ifndef DIFF_CONSTRUCTS_H
#define DIFF_CONSTRUCTS_H

#include "model.h"

int construct_families(void);
const char *construct_name(int k);
/* The family called name, or -1. */
int construct_find(const char *name);
/* A puzzle of family k as text in *t (emptied first); its solutions by brute force. */
long construct_case(int k, Rng *r, Text *t);

#endif
