/*
** out.h -- a solution as text or as JSON.
**
** Reads the values of the shown items from a solver that holds a
** solution.  Boards (lists of rows) are drawn as aligned grids in text
** and as arrays of rows in JSON.
*/
#ifndef PZ_OUT_H
#define PZ_OUT_H

#include "base/buf.h"
#include "base/vec.h"
#include "ground/ground.h"
#include "pz.h"                 /* PzItem and PzValue: the data hosts read */

/* Every shown item, one "name = value" (or a drawn board) per item. */
void out_text(const Ground *g, Buf *b);
/* One JSON object: {"grid": {...}, "shown": {label: value}} (doc/json.md). */
void out_json(const Ground *g, Buf *b);

/*
** The shown items as data (pz_solution_item).  A list's items lie
** together in values; the strings are the Ground's own, so they live as
** long as it does.
*/
typedef struct OutItems {
  VEC(PzItem) items;
  VEC(PzValue) values;
} OutItems;

void out_items(const Ground *g, OutItems *o);
void out_items_free(OutItems *o);

#endif
