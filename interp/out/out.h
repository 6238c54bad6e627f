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
/*
** As out_text, but a board a region map lies over (regions(B, MAP)) drawn
** with walls between its regions and around it (pz --regions).
*/
void out_text_walls(const Ground *g, Buf *b);
/* One shown item as out_text prints it (its lines, each ending in a newline). */
void out_item_text(const Ground *g, const ShowItem *it, Buf *b);
/* A value of an item shown 'as' a drawing: the drawing's text for it (true), or the value's own. */
bool out_drawn_cell(const Ground *g, const ShowItem *it, Value v, Buf *b);
/* A scalar as a picture's cell shows it: out_text's text (escaped for the terminal: valid
   UTF-8, no controls), a string never in quotes. */
void out_scalar_text(const Ground *g, Value v, Buf *b);
/* The logic grid's cells: entity e's name (attr -1) or the value of attribute attr. */
void out_table_cell(const Ground *g, uint32_t e, int attr, Buf *b);
/* The heading of column c: the entities' name (0), then each attribute's. */
void out_table_head(const Ground *g, int c, Buf *b);
/*
** The solution as an SVG picture with the given title (out/svg.c):
** boards in their shape with their regions, cages and givens, tilings
** with a colour per piece, the logic grid as a table.  Cells not known
** yet are blank; marked (NULL, or per VarId) puts the cells of the
** unknowns it marks on a yellow ground (the step of an explanation).
*/
void out_svg(const Ground *g, const char *title, const uint8_t *marked, Buf *b);
/*
** KenKen's cages over a board of rows x cols places (is: a cell; var: its
** unknown, or MAP_NO_CELL), found in the Model's steps (out/cages.c):
** per place 1 + its cage, per cage its label ("12+", "2÷").  cage is
** NULL when the steps do not split the board into cages.
*/
typedef struct OutCages {
  uint32_t *cage;
  char **label;
  uint32_t n;
} OutCages;

OutCages out_cages(const Ground *g, uint32_t rows, uint32_t cols, const bool *is, const VarId *var);
void out_cages_free(OutCages *c);
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
