/*
** explain_text.h -- an explanation in words, as text or JSON.
**
**   Given: s[1,1] = 5, s[1,2] = 3  (clue givens)
**   Step 1: s[1,3] = 4
**     by rules, R = 1
**     knowing s[1,1] = 5, s[1,2] = 3, ...
**   Step 9: house 2: colour is not ivory
**     suppose house 2: colour = ivory; then
**       house 3: colour = green  (clue 6)
**       impossible: clue 4
**     by clue 6, clue 4 (a contradiction)
**   Verdict: solved without guessing in 31 steps; the hardest, step 9, needs a contradiction.
**
** The grade (pz grade) comes from the same data: a level (the hardest
** step's) and a score (each step weighed by its level and its size).
*/
#ifndef PZ_OUT_EXPLAIN_TEXT_H
#define PZ_OUT_EXPLAIN_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "explain/explain.h"
#include "ground/ground.h"
#include "model/model.h"

/* Draws the board as known after the first `steps` steps (for --show-every). */
typedef void (*ExBoardFn)(void *ctx, size_t steps, Buf *b);

typedef struct ExTextOptions {
  bool json;
  bool verdict_only;
  size_t show_every;        /* draw the board after every this many steps (0: never) */
  ExBoardFn board;          /* NULL: no boards */
  void *board_ctx;
} ExTextOptions;

typedef struct ExGrade {
  unsigned level;           /* 1 single clues, 2 clues together, 3 contradiction, 4 guessing */
  unsigned long score;
  size_t steps;             /* steps that are not givens */
} ExGrade;

ExGrade explain_grade(const Explanation *e);

void explain_text(const Ground *g, const Model *m, const Explanation *e,
                  const ExTextOptions *o, Buf *b);
/* The grade alone: "level 2 (some steps need clues together), score 57". */
void explain_grade_text(const Explanation *e, bool json, Buf *b);
/* The clues that can each be dropped, the answer staying unique (stopped: a limit cut it short). */
void explain_redundant_text(const Ground *g, const Explanation *e, bool stopped, bool json, Buf *b);

#endif
