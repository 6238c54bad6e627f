/*
** pz.h -- the public interface of the pz interpreter.
**
** The pipeline: load (parse, import, check, ground) then ask for
** solutions one at a time.  The library does no I/O of its own and
** never prints, exits or aborts: the host supplies the reading of files
** and the clock (PzOptions), answers and diagnostics come back as text
** (through a PzWrite callback, or as strings the context owns) or as
** data (PzItem), and running out of memory is an error like any other
** (pz_failed), so the same library serves the CLI, the tests and a
** browser playground.  This is its only public header.
*/
#ifndef PZ_PZ_H
#define PZ_PZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PZ_VERSION "0.1.0"
/* The version of the JSON pz writes (doc/json.md, doc/pz-output.schema.json). */
#define PZ_JSON_VERSION 1

/*
** The largest source file pz reads (the main file or an import): a puzzle
** is a few kilobytes, and a limit keeps `import "/dev/zero".` from
** reading until memory runs out.
*/
#define PZ_MAX_SOURCE_BYTES ((size_t)16 << 20)

/* --- the host --- */

/*
** Read a whole file; return its text allocated with malloc (the library
** frees it with free), or NULL with errno set (EFBIG when the file is
** larger than PZ_MAX_SOURCE_BYTES, EISDIR for a folder).
*/
typedef char *(*PzReadFile)(void *io, const char *path, size_t *len);
/*
** The real path of a file (realpath), allocated with malloc, or NULL:
** two spellings of one file, or links to it, are then known as one.
*/
typedef char *(*PzRealPath)(void *io, const char *path);
/* Seconds since some fixed moment, never going back (CLOCK_MONOTONIC). */
typedef double (*PzClock)(void);
/* Text for the host: the len bytes at text (no NUL at the end). */
typedef void (*PzWrite)(void *to, const char *text, size_t len);
/*
** Asked now and then while pz works (about every millisecond of grounding,
** search, explaining or generating), from the thread that called pz, when
** PzOptions.clock is set: the host may draw progress (pz_stats may be
** called, nothing else of pz), and returns true to stop, as a limit
** stops: the call returns PZ_LIMIT.  The library installs no signal
** handler; a host that stops on Ctrl-C sets a flag in its own handler and
** returns it here.
*/
typedef bool (*PzPoll)(void *ctx);

typedef struct PzOptions {
  PzReadFile read_file;   /* for imports of files; NULL: only the stdlib */
  PzRealPath real_path;   /* NULL: paths are only normalized ("a/../b" is "b") */
  void *io;               /* passed to read_file and real_path */
  PzClock clock;          /* for --timeout; NULL: time limits are off */
  const char *stdlib_dir; /* read the stdlib from here instead of the copy built in */
  bool check_solutions;   /* confirm each solution against the clues' definitions
                             before returning it (always on in builds without NDEBUG) */
  bool node_by_node;      /* never let a constraint finish the search alone (the
                             exact cover's bitboard search): for tests and comparisons */
  bool restarts;          /* restart the search until the first solution, with
                             random ties from seed: for a first solution (not for
                             counting, where it only costs) */
  uint64_t seed;
  bool learning;          /* restarts record nogoods (search/nogood.c, pz --learn):
                             off by default; counts are the same either way */
  bool all_assignments;   /* every assignment of the unknowns is a solution, helpers
                             included; by default a solution is an answer: solutions
                             that show the same are one (counting, -n, uniqueness) */
  bool clues_apart;       /* ground each clue against the declarations alone, not
                             simplified by what earlier clues settled: for pz_explain
                             and pz_generate, which leave clues out */
  bool goal_ties;         /* with a goal (pz_goal): each solution as good as the best
                             so far, not only better ones, to count the optimal ones */
  PzPoll poll;            /* NULL: none; in force from pz_set_limits on */
  void *poll_ctx;         /* passed to poll */
  unsigned workers;       /* search with this many threads (pz -p N; 0 or 1: in the
                             calling thread alone).  A puzzle with a goal, or traced,
                             is searched alone; the order of solutions may vary */
  uint64_t want;          /* with workers: the solutions the caller will take at most
                             (0: all), so that the workers stop there */
  bool count_only;        /* with workers: the caller only counts, reading no solution */
  bool workers_at_once;   /* with workers: hand the search to them at its first decision,
                             however small the puzzle (for tests of the parallel paths) */
  unsigned cores;         /* with workers: start this many at first (0: one per core of
                             the machine), the rest once the search has run for a while */
  bool no_warnings;       /* keep no warning among the diagnostics (pz -w) */
} PzOptions;

typedef enum {
  PZ_SOLUTION,   /* a solution is ready: format it */
  PZ_NO_MORE,    /* no (more) solutions */
  PZ_LIMIT,      /* stopped by --timeout or a node limit */
  PZ_INTERNAL,   /* an internal error (a bug in pz): see pz_diagnostics */
  PZ_ERROR,      /* the context failed (out of memory): see pz_failed */
} PzResult;

typedef struct PzCtx PzCtx;

/* A new context; NULL when there is no memory even for that. */
PzCtx *pz_open(const PzOptions *options);
void pz_close(PzCtx *cx);

/*
** True once a call ran out of memory (or flex gave up).  The call that
** failed returned false, PZ_ERROR or "", and so does every later one
** but pz_close: the diagnostics are then the failure alone, with no
** position ("out of memory"; pz_diagnostics: "pz: out of memory\n").
*/
bool pz_failed(const PzCtx *cx);

/* Parse, check and ground a program.  False when it has errors. */
bool pz_load(PzCtx *cx, const char *name, const char *text, size_t len);
/* Parse, check and ground, without building a space (pz check).  False when it has errors. */
bool pz_check(PzCtx *cx, const char *name, const char *text, size_t len);
/* After pz_check: the time limit stopped grounding before its end (errors may be missed). */
bool pz_check_stopped(const PzCtx *cx);
/*
** All diagnostics so far, as text (file:line:col: error: ..., or
** warning: ... after a load that succeeded); valid until the next call.
*/
const char *pz_diagnostics(PzCtx *cx);

/* A time limit needs PzOptions.clock; 0 turns a limit off. */
void pz_set_limits(PzCtx *cx, double timeout_seconds, uint64_t max_nodes);
PzResult pz_next(PzCtx *cx);

/*
** The goal of the loaded puzzle (minimize EXPR. or maximize EXPR.).  With
** one, pz_next searches by branch and bound: each solution it returns is
** better than the one before (as good or better, with goal_ties), and
** PZ_NO_MORE after a solution says the last was optimal.
*/
typedef enum { PZ_GOAL_NONE, PZ_GOAL_MINIMIZE, PZ_GOAL_MAXIMIZE } PzGoal;
PzGoal pz_goal(const PzCtx *cx);
/* The goal's value in the solution pz_next found; false when there is none. */
bool pz_goal_value(const PzCtx *cx, int64_t *value);

/* --- the solution pz_next found --- */

/*
** The solution as pz prints it (every shown item, boards drawn as
** grids), or as one JSON object ({"grid": ..., "shown": ...}, doc/json.md),
** written to write(to, ...) in one piece.
** False, with nothing written, when the context failed.
*/
bool pz_solution_text(PzCtx *cx, PzWrite write, void *to);
bool pz_solution_json(PzCtx *cx, PzWrite write, void *to);
/* As pz_solution_text, boards with walls between their regions (pz --regions). */
bool pz_solution_text_walls(PzCtx *cx, PzWrite write, void *to);

/*
** The solution as an SVG picture (doc/pictures.md), titled `title` (NULL:
** "pz"), into the caller's buf[size] as snprintf does: at most size - 1
** bytes and a NUL (nothing when size is 0).  Returns the picture's whole
** length, so a larger buffer can be given when it is >= size; 0 when
** there is no solution or the context failed.  The same solution gives
** the same bytes.
*/
size_t pz_solution_svg(PzCtx *cx, const char *title, char *buf, size_t size);

typedef enum {
  PZ_NUMBER,     /* number */
  PZ_NAME,       /* text: an atom (red, alice) */
  PZ_TRUTH,      /* number: 1 true, 0 false */
  PZ_TEXT,       /* text: a string ("Answer:") */
  PZ_BLANK,      /* a hole in a board, or a blank (_) */
  PZ_LIST,       /* items[0..count) */
} PzValueKind;

typedef struct PzValue {
  PzValueKind kind;
  int64_t number;
  const char *text;
  size_t count;
  const struct PzValue *items;
} PzValue;

typedef enum {
  PZ_ITEM_VALUE,  /* show X: label = value (a number, a name, a list) */
  PZ_ITEM_BOARD,  /* show B for a board: value is its rows, each a list
                     (PZ_BLANK where the board has no cell) */
  PZ_ITEM_TEXT,   /* show "text": value is the text */
  PZ_ITEM_TABLE,  /* the logic grid: value is its rows, the first the
                     headings (the entities' name, then each attribute's),
                     then one per entity */
} PzItemKind;

typedef struct PzItem {
  PzItemKind kind;
  const char *label;  /* as the puzzle wrote it ("" for text and the table) */
  PzValue value;
} PzItem;

/*
** The shown items of the solution: how many, and item i (from 0) into
** *out.  The strings and lists stay valid until the next pz_next or
** pz_close.  0 and false when there is no solution or the context failed.
*/
size_t pz_solution_count_items(PzCtx *cx);
bool pz_solution_item(PzCtx *cx, size_t i, PzItem *out);

/* --- statistics --- */

typedef struct PzStats {
  uint64_t nodes;        /* decisions */
  uint64_t failures;     /* dead ends */
  uint64_t propagations; /* propagator runs */
  uint64_t solutions;    /* found so far */
  uint32_t max_depth;    /* deepest decision level */
  uint64_t probes;       /* values tried at the root before search */
  uint64_t restarts;     /* searches started afresh before the first solution */
} PzStats;

PzStats pz_stats(const PzCtx *cx);

/*
** With PzOptions.workers: how many worker threads searched (0 when the
** search finished alone, before any was needed), and worker i's share:
** its decisions, the parts of the tree (cubes) it searched, the
** seconds it waited for work, and when it began its first cube (seconds
** after the search began; 0 for none).
*/
typedef struct PzWorkerStats {
  uint64_t nodes, cubes;
  double idle_seconds, start_seconds;
} PzWorkerStats;
unsigned pz_workers(const PzCtx *cx);
PzWorkerStats pz_worker_stats(const PzCtx *cx, unsigned i);

/*
** Distributed counting (pz-mpi, interp/cli/mpi.c): pz_split searches the
** loaded puzzle alone until its rest is at least n cubes (parts of the
** search that never meet), counting the solutions it met on the way
** (found).  It uses no clock, so every machine that loads the same
** puzzle with the same build makes the same cubes: fingerprint says so.
** Then pz_select_cube(i) makes pz_next search cube i alone, with
** PzOptions.workers threads (at least one).  Counting only: a puzzle
** with a goal is not split (PZ_INTERNAL), and neither is a context that
** has searched.  PZ_NO_MORE when split, PZ_LIMIT at a limit.  With
** PzOptions.count_only false, the cubes' solutions have values, and
** `each` (set by the caller, may be NULL) is called with every solution
** met while splitting, loaded as pz_next loads one (pz_solution_text).
** nodes: the decisions splitting made (the cubes' own come after).
*/
typedef struct PzSplit {
  size_t cubes;
  uint64_t found, nodes;
  uint64_t fingerprint;
  void (*each)(void *ctx, PzCtx *cx);     /* in: see above */
  void *each_ctx;
} PzSplit;
PzResult pz_split(PzCtx *cx, size_t n, PzSplit *out);
bool pz_select_cube(PzCtx *cx, size_t i);
/* Several cubes at once, shared by the threads (with one thread: one cube only). */
bool pz_select_cubes(PzCtx *cx, const size_t *ids, size_t n);

/* s as a JSON string, quotes included, always valid (as pz writes names). */
void pz_json_string(const char *s, PzWrite write, void *to);

/*
** The Model that pz_load made of the puzzle (NULL before a successful
** load): plain data, from which any number of independent search spaces
** can be built (solver_from_model), one per thread.
*/
struct Model;
const struct Model *pz_model(const PzCtx *cx);
/*
** The Model in FlatZinc (the declared unknowns as output variables), for
** any FlatZinc solver; valid until the next call or pz_close.  Empty
** before a successful load.
*/
const char *pz_model_flatzinc(PzCtx *cx);

/*
** Teaching (pz explain, pz grade): how the loaded puzzle is solved, step
** by step, each step naming the clues and the known facts it uses, then
** a verdict (solved without guessing, needs a guess, several solutions,
** or no solution with a minimal set of clues that cannot all hold).
*/
typedef enum {
  PZ_EXPLAIN_STEPS,     /* the steps, the board at the end, the verdict */
  PZ_EXPLAIN_VERDICT,   /* the verdict alone */
  PZ_EXPLAIN_REDUNDANT, /* the clues that can each be dropped, the answer staying unique */
  PZ_EXPLAIN_GRADE,     /* the difficulty: a level 1-4 and a score */
} PzExplainWhat;

/*
** A picture of an explanation (pz explain --svg): the board as known
** before any step (step 0) and after step k = 1..nsteps, the cells step k
** made known on a yellow ground, as SVG (len bytes, NUL-terminated).
*/
typedef void (*PzPictureFn)(void *ctx, size_t step, size_t nsteps, const char *svg, size_t len);

typedef struct PzExplainOptions {
  PzExplainWhat what;
  bool json;
  unsigned show_every;  /* draw the board after every this many steps (0: only at the end) */
  PzPictureFn picture;  /* PZ_EXPLAIN_STEPS: a picture per step (before the text is
                           written); NULL: none */
  void *picture_ctx;
  const char *picture_title;  /* the pictures' title before ", step K of N" (NULL: "pz") */
} PzExplainOptions;

/*
** Writes the answer in one piece.  PZ_SOLUTION: the puzzle has a
** solution; PZ_NO_MORE: it has none (explained); PZ_LIMIT: a limit
** stopped it (what was found is written); PZ_ERROR: the context failed,
** or the puzzle has a goal (minimize, maximize), which is not explained
** (an error in the diagnostics, nothing written).
*/
PzResult pz_explain(PzCtx *cx, const PzExplainOptions *o, PzWrite write, void *to);

/*
** pz generate: a new puzzle from a file whose givens are left open.  A
** solution is picked at random (the same seed, the same puzzle), then as
** few givens as keep it unique, each one needed.  The answer is the file
** with the givens added as one clue, ready for pz.
*/
typedef struct PzGenerateOptions {
  uint64_t seed;
  bool no_guess;            /* only puzzles solvable without guessing */
  unsigned grade;           /* 0: any; 1-4: the grade level wanted */
  const char *exclude_name; /* a puzzle whose solutions to avoid (NULL: none) */
  const char *exclude_text;
  size_t exclude_len;
} PzGenerateOptions;

/*
** PZ_SOLUTION: a puzzle was written; PZ_NO_MORE: the rules have no
** solution, or none with the level asked for (said in the diagnostics);
** PZ_LIMIT: a limit stopped it; PZ_ERROR: the context failed, or the
** excluded file has errors, or the puzzle has a goal (minimize,
** maximize), whose best answer givens cannot pin down (in the diagnostics).
*/
PzResult pz_generate(PzCtx *cx, const PzGenerateOptions *o, PzWrite write, void *to);

/*
** The reason log, a line at a time, as it happens: every domain change
** while grounding, propagating, probing and searching, with the clue (or
** the declaration) behind it, every decision and every dead end, in the
** puzzle's names ("Norwegian: house = 1  (clue 10, linear)").  Set it
** before pz_load to see grounding's deductions too; NULL turns it off.
*/
typedef void (*PzTraceFn)(void *ctx, const char *line);
void pz_set_trace(PzCtx *cx, PzTraceFn fn, void *ctx);

/* --- diagnostics one by one, for hosts that show them their own way (pz -j) --- */

/*
** A warning is about a valid puzzle that is likely not what was meant (a
** goal that depends on no unknown): it changes no answer.  A note
** belongs to the error or warning before it.
*/
typedef enum { PZ_SEVERITY_ERROR, PZ_SEVERITY_NOTE, PZ_SEVERITY_WARNING } PzSeverity;

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

/* --- for tests (tests/oom/): the library's only global state --- */

/*
** The nth allocation from now, and every later one, fails as if memory
** had run out; 0 turns this off.
*/
void pz_fail_allocations_after(uint64_t n);
/* How many allocations the library made since the program started. */
uint64_t pz_allocation_count(void);

#endif
