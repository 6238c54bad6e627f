/*
** pz.h -- the public interface of the pz interpreter.
**
** The pipeline: load (parse, import, check, ground) then ask for
** solutions one at a time.  The core does no I/O of its own: files are
** read through the read_file callback, and answers and diagnostics come
** back as text in Bufs, so the same core serves the CLI, the tests and a
** browser playground.
*/
#ifndef PZ_PZ_H
#define PZ_PZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "engine/solver.h"

#define PZ_VERSION "0.1.0"

/*
** The largest source file pz reads (the main file or an import): a puzzle
** is a few kilobytes, and a limit keeps `import "/dev/zero".` from
** reading until memory runs out.
*/
#define PZ_MAX_SOURCE_BYTES ((size_t)16 << 20)

/*
** Read a whole file; return malloc'd text (caller frees), or NULL with
** errno set (EFBIG when the file is larger than PZ_MAX_SOURCE_BYTES).
*/
typedef char *(*PzReadFile)(void *io, const char *path, size_t *len);

typedef struct PzOptions {
  PzReadFile read_file;   /* for imports of files; NULL: only the stdlib */
  void *io;               /* passed to read_file */
  const char *stdlib_dir; /* read the stdlib from here instead of the copy built in */
  bool check_solutions;   /* confirm each solution against the clues' definitions
                             before returning it (always on in builds without NDEBUG) */
} PzOptions;

typedef enum {
  PZ_SOLUTION,   /* a solution is ready: format it */
  PZ_NO_MORE,    /* no (more) solutions */
  PZ_LIMIT,      /* stopped by --timeout or a node limit */
  PZ_INTERNAL,   /* an internal error (a bug in pz): see pz_diagnostics */
} PzResult;

typedef struct PzCtx PzCtx;

PzCtx *pz_open(const PzOptions *options);
void pz_close(PzCtx *cx);

/* Parse, check and ground a program.  False when it has errors. */
bool pz_load(PzCtx *cx, const char *name, const char *text, size_t len);
/* Parse and check only (pz check). */
bool pz_check(PzCtx *cx, const char *name, const char *text, size_t len);
/* All diagnostics so far, as text (file:line:col: error: ...). */
const char *pz_diagnostics(PzCtx *cx);

void pz_set_limits(PzCtx *cx, double timeout_seconds, uint64_t max_nodes);
PzResult pz_next(PzCtx *cx);
void pz_solution_text(PzCtx *cx, Buf *out);
void pz_solution_json(PzCtx *cx, Buf *out);
const SolverStats *pz_stats(const PzCtx *cx);

/*
** The Model that pz_load made of the puzzle (NULL before a successful
** load): plain data, from which any number of independent search spaces
** can be built (solver_from_model), one per thread.
*/
struct Model;
const struct Model *pz_model(const PzCtx *cx);

/* --- diagnostics one by one, for hosts that show them their own way (pz -j) --- */

typedef enum { PZ_SEVERITY_ERROR, PZ_SEVERITY_NOTE } PzSeverity;

typedef struct PzDiagnostic {
  const char *file;      /* the source's name ("<stdin>" for "-"); NULL when
                            the message has no position */
  uint32_t line, column; /* 1-based; 0 when file is NULL */
  PzSeverity severity;
  const char *message;   /* the words only: no position, no severity */
} PzDiagnostic;

/* How many diagnostics there are so far (as pz_diagnostics prints them). */
size_t pz_diagnostic_count(const PzCtx *cx);
/*
** Diagnostic i (from 0) into *out; false when there is none.  The strings
** stay valid until the next pz_load, pz_check or pz_close.
*/
bool pz_diagnostic(const PzCtx *cx, size_t i, PzDiagnostic *out);
/*
** How many more errors were found than were kept (only the first 20 are;
** when pz stopped looking, there may be more still).  0 when all were.
*/
unsigned pz_diagnostics_dropped(const PzCtx *cx);

#endif
