/*
** ground.h -- grounding: rules and quantifiers expanded into constraints.
**
** The grounder evaluates everything that is known when a puzzle is
** compiled (constants, ranges, board shapes, rule arguments, quantifier
** bindings) and turns what is left into solver variables and propagators.
** Rules are macros: a call is replaced by the rule's body with the
** arguments bound, never solved by resolution.  Each constraint statement
** gets an origin number, so every propagator can be traced back to the
** clue that produced it.
*/
#ifndef PZ_GROUND_H
#define PZ_GROUND_H

#include "ground/state.h"

/* Ground a checked program into g->model.  True when no error was reported. */
bool ground_program(Ground *g);
/*
** A space built from the Model failed at step `step` (the first that
** failed): when that step belongs to a clue, say so in a note ("clue 7
** contradicts the clues before it").
*/
void ground_note_failure(Ground *g, size_t step);
/* The source text at `at`, its white space runs made one space (xfree it). */
char *ground_source_text(const Ground *g, Loc at);
void ground_free(Ground *g);

#endif
