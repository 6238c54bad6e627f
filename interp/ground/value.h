/*
** value.h -- what an expression stands for while grounding.
**
** Everything finite is known when a puzzle is compiled; only the
** unknowns (and the auxiliary variables made for them) are left to the
** solver.  So an expression evaluates to a known number, value name,
** truth value or list, or to a linear term over Model variables (V_LIN),
** or to a literal (V_LIT): a 0/1 variable, possibly negated.
** Values live in the grounding arena.
*/
#ifndef PZ_VALUE_H
#define PZ_VALUE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/sym.h"
#include "model/model.h"

/* A variable of the Model (the same number in every space built from it). */
typedef ModelVar VarId;

typedef enum {
  V_NONE,     /* an error was already reported: stay quiet */
  V_INT,      /* i */
  V_ATOM,     /* i: the Sym of a value name */
  V_BOOL,     /* i: 0 or 1 */
  V_STRING,   /* i: the Sym of the text */
  V_WILD,     /* '_' in a list of givens */
  V_LIN,      /* lin: sum coef*var + k; atom set when it ranges over value names */
  V_LIT,      /* i: a 0/1 variable; neg: the literal is its negation */
  V_LIST,     /* items[n]; a board is a list of rows */
  V_BOARD,    /* board: a drawn shape, with holes where the picture has no cell */
} ValueKind;

typedef struct Lin {
  int64_t k;
  uint32_t n;
  int64_t *coef;
  VarId *vars;
} Lin;

typedef struct Value Value;
typedef struct Board Board;
struct Value {
  ValueKind kind;
  bool atom;    /* V_LIN: the variable takes value names */
  bool neg;     /* V_LIT */
  int64_t i;
  Lin *lin;
  Value *items;
  uint32_t n;
  Board *board;
};

/*
** A drawn board: a rows x cols picture in which some places are cells.
** at[r * cols + c] is the cell's value, or V_WILD where there is none.
** A hex board (the magic hexagon) puts its cells on every other column:
** neighbours in a row are two columns apart, and its lines run in three
** directions.
*/
struct Board {
  uint32_t rows, cols;
  Value *at;
  bool hex;
};

#endif
