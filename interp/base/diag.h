/*
** diag.h -- diagnostics: collected in order, rendered as text on demand.
**
** Every stage reports through a Diag and never prints or exits.  Each
** message carries a Loc, so the user sees file:line:col, the line itself
** and a caret under the culprit.
**
** Only the first DIAG_MAX_ERRORS errors (with their notes) are kept; the
** later ones are counted, so the rendering can say how many more there
** were.  Stages stop at DIAG_STOP_ERRORS (diag_full), which bounds the
** work on a file that is wrong everywhere.
*/
#ifndef PZ_DIAG_H
#define PZ_DIAG_H

#include <stdbool.h>

#include "base/buf.h"
#include "base/src.h"

#define DIAG_MAX_ERRORS 20
#define DIAG_STOP_ERRORS 1000

typedef enum { DIAG_ERROR, DIAG_NOTE } DiagKind;

typedef struct DiagMsg {
  DiagKind kind;
  Loc at;
  char *text;
} DiagMsg;

typedef struct Diag {
  const SrcTable *srcs;
  DiagMsg *msgs;       /* the kept messages */
  unsigned count, cap;
  unsigned nerrors;    /* every error reported, kept or not */
  unsigned kept;       /* errors among msgs (at most DIAG_MAX_ERRORS) */
  bool dropping;       /* the last error was not kept: nor are its notes */
} Diag;

void diag_init(Diag *d, const SrcTable *srcs);
void diag_free(Diag *d);
void diag_error(Diag *d, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Diag *d, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* True once DIAG_STOP_ERRORS errors were reported: stages should stop (asked at every step). */
static inline bool diag_full(const Diag *d)
{
  return d->nerrors >= DIAG_STOP_ERRORS;
}
/* How many errors were reported but not kept. */
unsigned diag_dropped(const Diag *d);
/*
** All messages as text: file:line:col: kind: message, then the source
** line (control bytes escaped, a long line cut to a window around the
** culprit) and a caret under it; last, how many errors were not shown.
*/
void diag_render(const Diag *d, Buf *out);

#endif
