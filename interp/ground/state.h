/*
** state.h -- what the grounder works with: the Ground, its inputs, its
** outputs (the Model, the shown items, the origins) and its state, and
** the records of logic grids and boards it keeps.
**
** A header of types only: every file of the stage reads it, and the
** walkers' entry points (term.h) call through the Ground, so no file of
** the stage needs ground.c's names (no circle between them).
*/
#ifndef PZ_GROUND_STATE_H
#define PZ_GROUND_STATE_H

#include <stdbool.h>

#include "front/ast.h"
#include "base/diag.h"
#include "front/names.h"
#include "ground/bounds.h"
#include "model/model.h"
#include "ground/value.h"
#include "base/vec.h"

/*
** Where a propagator came from: a statement of the program, with its
** clue label when it has one, or for a declaration what it sets up, in
** words ("the logic grid of colour").
*/
typedef struct Origin {
  Loc at;
  const Node *label;   /* clue label, or NULL */
  char *what;          /* a declaration's structure, or NULL for a clue */
} Origin;

/*
** A candidate clue (pz generate's pool): not asserted, only made into a
** literal that is true exactly when the clue holds, so solving ignores
** it and generate may choose it as a given.
*/
typedef struct Candidate {
  const Stmt *st;
  uint32_t origin;
  uint32_t var;        /* the 0/1 unknown */
  bool neg;            /* the clue holds when var = 0 */
} Candidate;

/* An attribute of a logic grid: one unknown value per entity. */
typedef struct GridAttr {
  Sym name;
  bool names;          /* its values are names (red), not numbers (1920) */
  VarId *of;           /* of[i]: the value of entity i */
  VarId *who;          /* names: who[k], the entity whose value is the k-th (NULL for numbers
                          and for a property) */
  int32_t *values;     /* a property (values may repeat): its nvalues values; else NULL */
  uint32_t nvalues;
  int32_t base;        /* element array: arr[code - base] for entity codes */
  uint32_t span;
  VarId *arr;
} GridAttr;

/* The position variable of "the cell that holds value" on one board. */
typedef struct Position {
  VarId first;         /* the board's first cell: identifies the board */
  uint32_t ncells;
  VarId value;
  VarId pos;
} Position;

/* "to <= from + w", posted by the clue `origin`. */
typedef struct Difference {
  VarId from, to;
  int64_t w;
  uint32_t next_out;          /* 1 + the next difference from `from`, 0 for none */
} Difference;

/* One thing to print per solution. */
typedef struct ShowItem {
  char *label;         /* the expression in one spelling (ground.c, show_label); owned */
  Value value;
  bool board;          /* declared with 'board': always drawn as a grid */
  bool who;            /* who(X): print the entity with all its attributes */
  bool text;           /* a string: printed as a line of its own */
  /* show X as DRAWING: the text of each drawn value (ndraw of them, in the
     grounding arena); the cells of a board are written side by side */
  uint32_t ndraw;
  Value *draw_value;
  const char **draw_text;
} ShowItem;

/*
** A tile statement with a piece that may lie more than once: what the
** printer needs to tell its copies apart (out.c numbers them in reading
** order of their first cells: d1, d2, ...), since a solution is a set of
** placements and two ways to cover a region with copies are two tilings.
*/
typedef struct TileCopies {
  uint32_t ncells;
  VarId *cover;          /* per cell: which placement over it covers it */
  uint32_t *cell_first;  /* C + 1: slices of cell_place */
  uint32_t *cell_place;  /* the placements over each cell, ascending */
  uint32_t *anchor;      /* per placement: its first cell in reading order */
  uint32_t *reading;     /* per cell: its place in reading order */
  uint32_t *kind;        /* per placement */
  uint32_t *label_first; /* K + 1: slices of label; an empty one: print the piece's name */
  Sym *label;            /* the copies' names, in reading order */
} TileCopies;

/* Per VarId: the cell of a tile statement whose piece name it is. */
typedef struct TileCell {
  uint32_t tile;         /* 1 + index in Ground.tiles; 0: none */
  uint32_t cell;
} TileCell;

/*
** A map drawn over a board, kept for pictures (out/svg.c) as plain data:
** the region map of a regions(B, MAP) call, or the colours of a tile
** statement's drawn board (with 'colours').  Cells are named by their
** unknowns, so the picture finds the map of a shown board by its cells.
** One per distinct map and board.
*/
typedef struct BoardMap {
  uint32_t rows, cols;
  VarId *cell;          /* rows * cols: the cell's unknown; MAP_NO_CELL for a
                           hole or a known value */
  uint32_t *region;     /* rows * cols: 1 + the region's number (regions numbered
                           as they first appear, row by row); 0: in none */
  bool squares;         /* a tile statement's colours, not regions */
} BoardMap;

#define MAP_NO_CELL UINT32_MAX

enum { GLOBAL_TODO, GLOBAL_BUSY, GLOBAL_DONE };

/* A clue's steps in the Model: first..last, its MS_PROPAGATE. */
typedef struct ClueSteps {
  const Stmt *st;
  size_t first, last;
} ClueSteps;

struct Env;

typedef struct Ground {
  /* the walkers (ground.c), set by ground_program: the stage's other
     files reach them through term.h's ground_eval, ground_reify and
     ground_post, which call through these */
  Value (*eval)(struct Ground *g, const struct Env *env, const Node *n);
  Value (*reify)(struct Ground *g, const struct Env *env, const Node *n);
  void (*post)(struct Ground *g, const struct Env *env, const Node *n, bool pos);
  /* inputs */
  const Ast *ast;
  Names *names;
  SymTable *syms;
  const SrcTable *srcs;
  Diag *diag;
  Model *model;               /* the output: every variable and constraint (post.h) */
  bool all_assignments;       /* every assignment is a solution: no MS_SHOWN step */
  bool clues_apart;           /* ground each clue against the declarations alone (build_propagate) */
  bool counting;              /* count([X : ...]): the next comprehension counts bindings */
  bool summing;               /* sum([E : ...]): the next comprehension adds E where its
                                 conditions hold (0 elsewhere) */
  bool (*time_up)(void *ctx); /* the caller's clock: true once the time limit has come (or NULL) */
  void *time_ctx;
  /* for the printer (out/), set by the caller once a space holds values;
     the grounder never reads it */
  struct Solver *space;
  /* state */
  Arena arena;                /* values, freed by ground_free */
  Value *globals;             /* indexed by Sym: values of variables and constants */
  uint8_t *global_state;      /* indexed by Sym: GLOBAL_* for constants */
  uint32_t nglobals;
  uint32_t origin;            /* current origin */
  uint32_t post_origin;       /* origin of what is built now (build_origin) */
  uint32_t binding;           /* the forall case being posted (model_binding), 0: none */
  const Node *clue_call;      /* the rule call the clue being posted is (under its foralls), or NULL */
  uint32_t call_binding;      /* inside that call: the binding at the call, with the call */
  VEC(Loc) calls;             /* the rule calls bindings name (kind 3: an index here) */
  unsigned depth;             /* nesting of rule expansions */
  unsigned nesting;           /* nesting of the walkers, for the C stack */
  uint64_t work;              /* the grounding budget spent: cases, items, cells, expansions */
  bool too_big;               /* the budget ran out (reported), or the time limit came */
  bool timed_out;             /* the time limit came while grounding (not an error) */
  uint32_t clock_asks;        /* ground_time_is_up's calls, to read the clock at some only */
  Loc here;                   /* the expression being grounded, for the budget's message */
  /* outputs */
  VEC(ShowItem) shows;
  VEC(Origin) origins;        /* origins.data[k - 1] is origin k */
  VEC(Candidate) candidates;  /* the 'candidate clue' statements that became literals */
  VEC(uint8_t) var_atom;      /* per VarId: 1 when it takes value names */
  VEC(VarId) decision;        /* the declared unknowns, in order */
  VEC(VarId) shown;           /* the variables the shown items print (may repeat) */
  VEC(TileCopies) tiles;      /* tile statements with pieces used more than once */
  VEC(TileCell) var_tile;     /* per VarId, for the printer */
  VEC(BoardMap) maps;         /* region maps and tile colours, for pictures */
  bool has_goal;              /* minimize EXPR. or maximize EXPR. */
  bool maximize;
  VarId goal;                 /* the variable equal to EXPR */
  /* logic grids */
  Sym entities_name;          /* 0 when the program declares no entities */
  Value entities;             /* list of V_INT or V_ATOM */
  VEC(GridAttr) attrs;
  bool table;                 /* print the grid as a table */
  VEC(Position) positions;    /* cell_of(B, N), one per board and value */
  bool posted_false;          /* the statement being grounded was found false */
  Bounds bounds;              /* what the grounder knows of each variable's values (bounds.h) */
  /* by Sym: the built-in of that name (builtin_find), BUILTIN_UNSEEN until looked up;
     a forall case asks several times, and the lookup compares names */
  const Builtin **builtin_of;
  uint32_t nbuiltin_of;
  /* board.c's memory of the last board a step or cell_of read (board_cache_free) */
  struct BoardCache *board_cache;
  /* per clue: its steps in the Model, first..last (its MS_PROPAGATE), to
     say which clue a space built from the Model fails at (ground_note_failure) */
  VEC(ClueSteps) clue_steps;
  /*
  ** Definedness of partial terms (x / y, x mod y, list[i]): each one
  ** evaluated pushes the literal under which it is defined; the nearest
  ** enclosing condition takes them off and holds only when they hold
  ** (term_context_close), so an undefined term makes that condition false.
  */
  VEC(Value) undef;
  /* the errors reported, so that one mistake met again (in every case of a
     forall, at every call of a rule) is reported once */
  VEC(struct GroundError { Loc at; uint64_t hash; }) errors;
  /* posted differences "to <= from + w" and potentials that satisfy them
     all, kept as each is posted, to find cycles that cannot hold (term.c) */
  VEC(Difference) differences;
  VEC(int64_t) potential;     /* per VarId */
  VEC(uint32_t) first_out;    /* per VarId: 1 + its first difference, 0 for none */
  VEC(VarId) queue;
  bool cycle;                 /* a cycle of differences that cannot hold was posted */
  uint64_t cycle_work;        /* steps spent looking for one */
} Ground;

/*
** What the grounder knows of x's values (bounds.h): its bounds, whether
** it holds v, its next value above v, how many it has; and whether the
** clues so far narrowed any domain.  Each reads the fixpoint of the
** constraints up to the Model's last propagation point, worked out when
** first asked for (a cache: g is const to the caller, not to it).
*/
static inline const Bounds *ground_bounds(const Ground *g)
{
  Bounds *b = (Bounds *)&g->bounds;
  if (b->done < b->upto)                /* new constraints since the last fixpoint */
    bounds_settle(b, g->model);
  return b;
}
static inline int32_t ground_min(const Ground *g, VarId x) { return bounds_min(ground_bounds(g), x); }
static inline int32_t ground_max(const Ground *g, VarId x) { return bounds_max(ground_bounds(g), x); }
static inline bool ground_fixed(const Ground *g, VarId x) { return bounds_fixed(ground_bounds(g), x); }
static inline bool ground_contains(const Ground *g, VarId x, int64_t v)
{
  return bounds_contains(ground_bounds(g), x, v);
}
static inline int32_t ground_next(const Ground *g, VarId x, int32_t v)
{
  return bounds_next(ground_bounds(g), x, v);
}
static inline uint64_t ground_size(const Ground *g, VarId x)
{
  return bounds_size(ground_bounds(g), x);
}
static inline bool ground_narrowed(const Ground *g)
{
  return ground_bounds(g)->narrowed;
}

#endif
