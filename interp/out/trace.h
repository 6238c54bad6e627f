/*
** trace.h -- the reason log in the puzzle's own words, a line per event.
**
**   Norwegian: house = 1  (clue 10, linear)
**   house 2: colour is not red  (trying it contradicts clue 14)
**   decide: b[1,3] = 4
**     dead end: clue 6 cannot hold (distinct)
**
** Variables are named as the puzzle names them (model_name); a helper the
** grounder made is named by its number.  Values that are names print as
** names.  Lines are indented by the number of open decisions.
*/
#ifndef PZ_OUT_TRACE_H
#define PZ_OUT_TRACE_H

#include "base/buf.h"
#include "base/vec.h"
#include "engine/solver.h"
#include "ground/ground.h"
#include "model/model.h"

/* What the last line said of each variable, to say what changed. */
typedef struct TraceState {
  VEC(uint64_t) seen;     /* per variable: its values lo..lo+63 last printed, as bits */
  VEC(uint8_t) known;     /* per variable: seen holds something */
} TraceState;

/* The line for event e (no newline), appended to line. */
void trace_line(const Ground *g, const Model *m, const Solver *s, TraceState *ts,
                const SolverEvent *e, Buf *line);
/* The origin in words: "clue 6", "line 12", "the values b can take". */
void trace_origin(const Ground *g, uint32_t origin, Buf *b);
void trace_state_free(TraceState *ts);
/* The forall case behind a constraint: ", R = 3, C = 2" (nothing for 0). */
void trace_binding(const Ground *g, const Model *m, uint32_t binding, Buf *b);
/* x as the puzzle names it ("house 3: drink"), or "helper #12". */
void trace_var_name(const Model *m, VarId x, Buf *b);
/* Value v of x: a name when x takes names, else the number. */
void trace_value(const Ground *g, VarId x, int32_t v, Buf *b);

#endif
