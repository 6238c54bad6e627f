/*
** shrink.h -- make a failing puzzle smaller while it still fails.
*/
#ifndef DIFF_SHRINK_H
#define DIFF_SHRINK_H

#include "model.h"

/* Whether candidate p still shows the failure being shrunk. */
typedef bool (*StillFails)(const Program *p, void *arg);

/* Shrink p in place; returns how many candidates were run (at most max_tries). */
int shrink(Program *p, StillFails still_fails, void *arg, int max_tries);

#endif
