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

#include "buf.h"
#include "solver.h"

#define PZ_VERSION "0.1.0"

/* Read a whole file; return malloc'd text (caller frees) or NULL. */
typedef char *(*PzReadFile)(void *io, const char *path, size_t *len);

typedef struct PzOptions {
  PzReadFile read_file;   /* for imports of files; NULL: only the stdlib */
  void *io;               /* passed to read_file */
  const char *stdlib_dir; /* read the stdlib from here instead of the copy built in */
} PzOptions;

typedef enum {
  PZ_SOLUTION,   /* a solution is ready: format it */
  PZ_NO_MORE,    /* no (more) solutions */
  PZ_LIMIT,      /* stopped by --timeout or a node limit */
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

#endif
