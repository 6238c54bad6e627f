/*
** generate.h -- a new puzzle from rules whose givens are left open.
**
** Pick a solution at random (repeatable with a seed), give every open
** unknown its value, then take givens away one by one, in random order,
** keeping a given only when without it the solution is no longer unique.
** What is left is unique and minimal: every given is needed.  With a
** level cap (no guessing, or a grade), a given also stays when without
** it the explanation would need a harder step.
*/
#ifndef PZ_GENERATE_H
#define PZ_GENERATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/vec.h"
#include "explain/explain.h"

typedef VEC(VarId) VarIdVec;

typedef struct GenOptions {
  uint64_t seed;
  unsigned max_level;        /* 0: any; 3: no guessing; else the highest step level */
  unsigned want_level;       /* 0: any; else the puzzle's grade level must be this */
  /* solutions to avoid: each a value per variable (NULL: none) */
  const int32_t *const *exclude;
  size_t nexclude;
  /* candidate clues: clue k holds when clue_x[k] = clue_v[k]; only clues
     true of the chosen solution may be given */
  const VarId *clue_x;
  const int32_t *clue_v;
  size_t nclues;
} GenOptions;

/* Unknowns with more values than this are not given (nor listed value by value). */
#define GEN_MAX_VALUES 4096

/* GEN_NO_CANDIDATES: no unknown can be written as a given (a logic grid's). */
/* GEN_TOO_MANY_VALUES: some could, but each has more than GEN_MAX_VALUES values. */
/* GEN_NOT_UNIQUE: even with every candidate given, more than one solution. */
typedef enum { GEN_OK, GEN_NONE, GEN_STOPPED, GEN_NOT_FOUND, GEN_NO_CANDIDATES,
               GEN_TOO_MANY_VALUES, GEN_NOT_UNIQUE } GenStatus;

typedef struct GenResult {
  GenStatus status;
  VarIdVec x;                /* the givens, in the order of the variables */
  VEC(int32_t) v;
  VEC(uint32_t) clues;       /* the candidate clues chosen, by index */
  unsigned level;            /* the grade level of the result */
  unsigned tries;            /* solutions tried (a level asked for may need several) */
} GenResult;

/*
** The named decision variables (the solution picked at random gives each
** a random value), and among them the ones givens may be chosen from:
** named as a board cell or array item, or by a plain name (a given pz can
** read back).
*/
void generate_candidates(const struct Model *m, VarIdVec *named, VarIdVec *out);

GenStatus generate_puzzle(const ExOptions *o, const GenOptions *g, GenResult *r);
void gen_result_free(GenResult *r);

#endif
