/*
** grid.h -- logic grids: entities, attributes and their value names.
**
**   entities house: 1..5.
**   attribute colour: red, green, ivory, yellow, blue.
**   attribute year: 1920, 1921, 1933, 1973.
**
** Each attribute gives every entity exactly one of its values, all
** different.  A value name (red) stands for the entity that has it, so
** `english = red` says "same house"; colour(X) is the colour of entity X.
*/
#ifndef PZ_GRID_H
#define PZ_GRID_H

#include "ground/term.h"

/* The program's entities (there is at most one set). */
void grid_entities(Ground *g, const Stmt *st);
/* An attribute: per-entity unknowns, value-name unknowns, channelling. */
void grid_attribute(Ground *g, const Stmt *st);
/* attr(x): the value of attribute `a` for entity x (known or unknown). */
Value grid_attr_of(Ground *g, Loc at, const GridAttr *a, Value x);
const GridAttr *grid_find_attr(const Ground *g, Sym name);
/* After the decision variables: the search's order, each attribute's values' entities (W) for its entities' values (A). */
void grid_branch_vars(Ground *g);

#endif
