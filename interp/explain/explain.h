/*
** explain.h -- how a puzzle is solved, step by step, as data.
**
** The explanation starts from the givens and repeats: find the easiest
** step that adds a fact, keep it, until every unknown is known.  Steps
** come in levels, easiest first:
**   1  one clue (one forall case of it) and the facts known so far;
**   2  two clues together, when no single clue gives anything;
**   3  a contradiction: "suppose x = v; then ...; impossible, so x != v";
**   4  a guess, when nothing else works (the value the solution has).
** A step names only what it needs: its clues are a minimal set (drop one
** and the facts no longer follow) and so are the known facts it rests on.
**
** Unknowns are the puzzle's named ones (model_name); the grounder's
** helpers are re-derived inside each step and never stated.  Clues are
** (origin, binding) pairs: "clue rules, R = 3".  Structural constraints
** (domains, the logic grid, what is shown) take part in every step and
** are named when they are the step's clue; they are never suspects of a
** conflict.
**
** The stage reads a Model and writes plain data; out/explain_text.c puts
** it into words.
*/
#ifndef PZ_EXPLAIN_H
#define PZ_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/vec.h"
#include "engine/solver.h"
#include "model/model.h"

typedef enum {
  EX_GIVEN = 0,         /* a fact the puzzle states outright */
  EX_ONE_CLUE = 1,
  EX_TWO_CLUES = 2,
  EX_CONTRADICTION = 3,
  EX_GUESS = 4,
  EX_CONFLICT = 5,      /* the last step of a puzzle with no solution */
} ExLevel;

/* A clue: a constraint's origin and the forall case it was made in. */
typedef struct ExClue {
  uint32_t origin, binding;
} ExClue;

/*
** What is known of unknown x: its values before and after, each a slice
** of Explanation.ints.  A premise has before == after.  A link of a
** contradiction's chain names its clue (index into Explanation.clues,
** UINT32_MAX for none).
*/
typedef struct ExFact {
  VarId x;
  uint32_t before, nbefore, after, nafter;
  uint32_t clue;
} ExFact;

typedef struct ExStep {
  uint8_t level;                  /* ExLevel */
  uint32_t facts, nfacts;         /* what follows: slice of Explanation.facts */
  uint32_t clues, nclues;         /* the clues it uses: slice of Explanation.clues */
  uint32_t premises, npremises;   /* the known facts it rests on */
  uint32_t chain, nchain;         /* a contradiction's chain of deductions */
  VarId x;                        /* level 3: the supposition x = v; level 4: the guess */
  int32_t v;
  bool searched;                  /* a conflict no step shows: the search found no solution */
  bool cut;                       /* a guess taken when level 3's work budget was spent */
} ExStep;

typedef enum {
  EX_SOLVED,        /* every unknown known; the solution is unique */
  EX_SEVERAL,       /* more than one solution */
  EX_NONE,          /* no solution: see conflict */
  EX_STOPPED,       /* a limit stopped the explanation */
} ExOutcome;

typedef struct Explanation {
  VEC(ExStep) steps;
  VEC(ExFact) facts;
  VEC(ExClue) clues;
  VEC(int32_t) ints;
  ExOutcome outcome;
  uint32_t first_guess;       /* 1-based step of the first guess, 0: none */
  bool unchecked;             /* EX_SOLVED with a guess: the search for a second
                                 solution gave up at its budget, so whether the
                                 solution is unique is not known */
  uint64_t unchecked_nodes;   /* unchecked because of the user's node limit
                                 (lower than explain's own): that limit; 0: not */
  uint8_t hardest;            /* the highest level of a step (0: none) */
  uint32_t hardest_step;      /* 1-based, its first step */
  /* explain_verify: the index + 1 of the step whose check a limit
     stopped (0: every check was made), and whether that limit was the
     node limit (else the time limit or the host's poll, Ctrl-C) */
  size_t checks_stopped;
  bool checks_stopped_nodes;
  /* the host stopped the explanation or its checks (its poll: Ctrl-C), not
     a time limit; set by the caller, for the words ("interrupted") */
  bool interrupted;
  /* EX_SEVERAL */
  VEC(VarId) open;            /* unknowns that differ between solutions */
  bool open_cut;              /* only the first EX_MAX_OPEN_TESTS unknowns were tested */
  bool open_unsure;           /* a test gave up at its budget: more may differ */
  bool fix_unsure;            /* a test of a given gave up: one may settle it */
  bool has_fix;               /* fixing fix_x = fix_v makes it unique */
  VarId fix_x;
  int32_t fix_v;
  /* EX_NONE: a minimal set of clue origins that cannot all hold */
  VEC(uint32_t) conflict;
  bool conflict_minimal;      /* false when a limit cut the search short */
  /* the solution, when there is one: values of every named unknown */
  VEC(int32_t) solution;      /* per variable; valid where solved[x] */
  VEC(uint8_t) solved;
  /* explain_redundant: clue origins that can each go, the answer staying unique */
  VEC(uint32_t) redundant;
  uint32_t nsolutions;        /* explain_redundant: of the whole puzzle, counted up to 2 */
} Explanation;

/* Is an origin a clue a conflict may name (false: structural background)? */
typedef bool (*ExIsClueFn)(void *ctx, uint32_t origin);

typedef struct ExOptions {
  const Model *model;
  ExIsClueFn is_clue;
  void *is_clue_ctx;
  const Solver *clock_from;   /* the limits and clock to honour (may be NULL) */
  /* givens added to the puzzle (pz generate): x[i] = v[i], known from the start */
  const VarId *given_x;
  const int32_t *given_v;
  size_t ngiven;
  /* threads for the independent solves (explain_redundant, explain_verify,
     pz generate's tests); 0 or 1: the calling thread.  Same results. */
  unsigned workers;
} ExOptions;

void explanation_free(Explanation *e);

/* Explain the puzzle: false only when a limit stopped it (outcome EX_STOPPED). */
bool explain_puzzle(const ExOptions *o, Explanation *e);

/*
** The clue origins whose removal leaves the solution unique (each alone),
** into e->redundant; false when a limit stopped it.
*/
bool explain_redundant(const ExOptions *o, Explanation *e);

/*
** Check every step with a separate solve of the puzzle cut down to what
** the step names (its clues, its known facts, its supposition): each
** value a step removes must be impossible there, a contradiction must
** have no solution.  0 when all hold, else the index + 1 of the first
** step that does not.  Guesses are not checked.  A limit that stops a
** check ends them: e->checks_stopped says at which step (the steps
** after it count as held, and are not checked).
*/
size_t explain_verify(const ExOptions *o, Explanation *e);

#endif
