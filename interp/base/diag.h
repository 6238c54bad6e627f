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
**
** A warning is about a valid program that is almost certainly not what
** its author meant (a goal that depends on no unknown): it never makes
** a stage fail, and counts as no error.  The first DIAG_MAX_WARNINGS are
** kept, with their notes; with `no_warnings` none is.
*/
#ifndef PZ_DIAG_H
#define PZ_DIAG_H

#include <stdbool.h>

#include "base/buf.h"
#include "base/src.h"

#define DIAG_MAX_ERRORS 20
#define DIAG_STOP_ERRORS 1000
#define DIAG_MAX_WARNINGS 20

typedef enum { DIAG_ERROR, DIAG_NOTE, DIAG_WARNING } DiagKind;

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
  bool dropping;       /* the last error or warning was not kept: nor are its notes */
  unsigned nwarnings;  /* warnings kept */
  bool no_warnings;    /* keep no warning (pz -w) */
} Diag;

void diag_init(Diag *d, const SrcTable *srcs);
void diag_free(Diag *d);
void diag_error(Diag *d, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Diag *d, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A warning: the program is valid, but likely not what was meant (nerrors is unchanged). */
void diag_warning(Diag *d, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/*
** Forget the warnings and their notes: a program with errors is not
** answered, and its errors are what to fix first.
*/
void diag_drop_warnings(Diag *d);
/* True once DIAG_STOP_ERRORS errors were reported: stages should stop (asked at every step). */
static inline bool diag_full(const Diag *d)
{
  return d->nerrors >= DIAG_STOP_ERRORS;
}
/* How many errors were reported but not kept. */
unsigned diag_dropped(const Diag *d);
/*
** All messages as text: file:line:col: kind: message (kind: error,
** warning or note), then the source
** line (control bytes escaped, a long line cut to a window around the
** culprit) and a caret under it; last, how many errors were not shown.
*/
void diag_render(const Diag *d, Buf *out);

#endif
