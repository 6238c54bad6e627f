/*
** shapes.h -- pieces and boards drawn as text, for tiling.
**
** A piece is drawn one string per row, a character per square: a letter
** (its name, or its colour: 'b' and 'w'), and '.' or '_' where the piece
** has no square.  A set of pieces is drawn side by side: a column of
** spaces (in every row of a band) separates two pieces, and a row of
** spaces starts a new band.  The checker reads drawings through these
** functions for its errors, the grounder for the squares, so both always
** agree on what a drawing holds.
*/
#ifndef PZ_FRONT_SHAPES_H
#define PZ_FRONT_SHAPES_H

#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/sym.h"
#include "front/ast.h"

typedef struct Square {
  int32_t r, c;     /* from the top left corner of the piece's box */
  char letter;
} Square;

typedef struct Shape {
  Square *sq;       /* row by row, left to right */
  uint32_t n;
  Loc at;           /* the row where the piece starts */
} Shape;

typedef struct Shapes {
  Shape *items;
  uint32_t n;
} Shapes;

/*
** The pieces of a drawing (NK_PICTURE or NK_STRING), in reading order:
** band by band, left to right.  Reports what is wrong with the drawing
** (a piece in two parts, no piece at all) to diag when it is not NULL;
** false then.
*/
bool shapes_split(const Node *drawing, const SymTable *syms, Diag *diag, Shapes *out);
void shapes_free(Shapes *s);

/* Is c a square of a drawing (not a space, '.' or '_')? */
bool shapes_is_square(char c);

#endif
