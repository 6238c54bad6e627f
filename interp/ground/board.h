/*
** board.h -- the geometry of boards: pictures, lines, neighbours, regions.
**
** A board is either a rectangular list of rows (board b[9, 9]) or a drawn
** shape (board hex layout "..a.b.c.." ...).  A BoardView reads both the
** same way, by row and column (0-based here, 1-based in the language).
** Everything returned is a list of the cells' values, ready for sum,
** distinct, forall and count.
*/
#ifndef PZ_BOARD_H
#define PZ_BOARD_H

#include "ground/term.h"

typedef struct BoardView {
  uint32_t rows, cols;
  Value value;      /* the board itself (V_LIST of rows or V_BOARD) */
  bool hex;
} BoardView;

/* A view of v, or an error naming `what` when v is not a board. */
bool board_view(Ground *g, Loc at, Value v, const char *what, BoardView *bv);
/* The cell at row r, column c (0-based), or NULL outside the board or in a hole. */
const Value *board_cell(const BoardView *bv, int64_t r, int64_t c);

/* The rows of a picture: numbers, '_' (blank: V_WILD) and words (V_STRING). */
Value board_picture(Ground *g, const Node *picture);
/* A drawn board from its layout picture: '.' is no cell, a number a given. */
Value board_from_layout(Ground *g, const Node *picture, int64_t lo, int64_t hi,
                        const Values *domain, bool atom);

Value board_rows(Ground *g, const BoardView *bv);
Value board_columns(Ground *g, const BoardView *bv);
Value board_cells(Ground *g, const BoardView *bv);
/* Rows and columns; on a hex board its rows and both diagonal directions. */
Value board_lines(Ground *g, const BoardView *bv);
/* Every pair [X, Y] of cells a move of `kind` apart (each pair once). */
Value board_pairs(Ground *g, Loc at, const BoardView *bv, Value kind);
/* The cells a move of `kind` away from row r, column c (1-based). */
Value board_neighbours(Ground *g, Loc at, const BoardView *bv, Value r, Value c, Value kind);
/* The cells grouped by the labels of a region map drawn over the board. */
Value board_regions(Ground *g, Loc at, const BoardView *bv, Value map);
/*
** Keep a map drawn over a board for pictures (Ground.maps): rows * cols
** cells (their unknowns, MAP_NO_CELL where none) and regions (1 + number,
** 0: none), both xmalloc'd and taken over (freed when the same map is
** kept already, or no cell is an unknown).
*/
void board_keep_map(Ground *g, uint32_t rows, uint32_t cols, VarId *cell, uint32_t *region,
                    bool squares);
/* Position (1-based, row by row) of the cell that holds n: an inverse. */
Value board_cell_of(Ground *g, Loc at, const BoardView *bv, Value n);
/* Post: the cells at positions p and q are a move of `kind` apart. */
void board_post_step(Ground *g, Loc at, const BoardView *bv, Value kind, Value p, Value q);
/* Drop what board_post_step and board_cell_of remember (g->board_cache). */
void board_cache_free(Ground *g);

/*
** Post: each cell of the board holds the position (row by row, as
** cell_of) of the cell after it, a move of `kind` away, and following
** them runs through every cell in one cycle (circuit).
*/
void board_post_circuit(Ground *g, Loc at, const BoardView *bv, Value kind);

/*
** Post: the cells of B holding value form one area (with the outside of
** the board when outside), or, when areas, areas that each hold one clue
** of `third` (a picture over B: a number is the area's size, a label a
** clue of any size) and have its size.
*/
void board_post_area(Ground *g, Loc at, const BoardView *bv, Value value, Loc value_at,
                     Value third, Loc third_at, bool areas, bool outside);
/* Post sizes(B): every area of equal numbers of B has as many cells as its number. */
void board_post_sizes(Ground *g, Loc at, const BoardView *bv);

#endif
