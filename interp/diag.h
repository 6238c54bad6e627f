/*
** diag.h -- diagnostics: collected in order, rendered as text on demand.
**
** Every stage reports through a Diag and never prints or exits.  Each
** message carries a Loc, so the user sees file:line:col, the line itself
** and a caret under the culprit.
*/
#ifndef PZ_DIAG_H
#define PZ_DIAG_H

#include <stdbool.h>

#include "buf.h"
#include "src.h"

#define DIAG_MAX_ERRORS 20

typedef enum { DIAG_ERROR, DIAG_NOTE } DiagKind;

typedef struct DiagMsg {
  DiagKind kind;
  Loc at;
  char *text;
} DiagMsg;

typedef struct Diag {
  const SrcTable *srcs;
  DiagMsg *msgs;
  unsigned count, cap;
  unsigned nerrors;
  bool truncated;      /* more than DIAG_MAX_ERRORS errors: the rest dropped */
} Diag;

void diag_init(Diag *d, const SrcTable *srcs);
void diag_free(Diag *d);
void diag_error(Diag *d, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Diag *d, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* True once DIAG_MAX_ERRORS errors were reported: stages should stop. */
bool diag_full(const Diag *d);
/* All messages as text: file:line:col: kind: message, source line, caret. */
void diag_render(const Diag *d, Buf *out);

#endif
