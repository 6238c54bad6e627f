/*
** pz.c -- the pipeline: load -> parse -> import -> check -> ground -> solve.
**
** Every public call that may allocate runs inside a catch point (GUARD):
** when memory runs out, the allocator jumps back to it, the context is
** marked failed, and the call returns an error.  A failed context frees
** its memory as a whole (mem_heap_free_all), since what was half built
** cannot be walked.
*/
#include "pz.h"
#include "pz_internal.h"

#include <errno.h>
#include <setjmp.h>
#include <string.h>

#include "base/arena.h"
#include "front/ast.h"
#include "front/check.h"
#include "base/diag.h"
#include "ground/ground.h"
#include "base/mem.h"
#include "front/names.h"
#include "out/out.h"
#include "out/explain_text.h"
#include "explain/explain.h"
#include "explain/generate.h"
#include "out/trace.h"
#include "front/parse.h"
#include "front/library.h"
#include "search/parallel.h"
#include "search/search.h"
#include "base/vec.h"

/* One import: file `from` imports the file known as `key` (see
   file_key), which was loaded as `to` (0 when it could not be read). */
typedef struct ImportEdge {
  SrcId from, to;
  Sym key;
} ImportEdge;

struct PzCtx {
  PzOptions opt;
  MemHeap heap;           /* every block allocated by a call on the context */
  MemFailure failure;     /* why a call failed (then nothing else is used) */
  void *host_block;       /* text from the host not freed yet: freed by
                             pz_close if a call fails meanwhile */
  Buf solution_text;      /* a solution rendered, before it is written */
  OutItems items;         /* the shown items of the current solution */
  bool items_ready;       /* items hold those of the current solution */
  bool has_solution;      /* pz_next's last answer was PZ_SOLUTION */
  SymTable syms;
  SrcTable srcs;
  Diag diag;
  Buf diag_text;
  Arena arena;            /* the syntax tree */
  Ast ast;
  Names names;
  Solver *solver;         /* the space to search: holds the limits until pz_load gives it the Model */
  Ground ground;
  Model model;            /* what grounding made of the puzzle */
  Solver *space;          /* the space searched, built from the model */
  Par *par;               /* with workers: the parallel search (space starts it) */
  Par *split;             /* pz_split's cubes */
  bool worker_answer;     /* a worker's solution is loaded in space (search_load) */
  Buf model_text;         /* pz_model_flatzinc's answer */
  PzTraceFn trace;        /* pz_set_trace's reader, or NULL */
  void *trace_ctx;
  TraceState trace_state;
  Buf trace_line;
  VEC(ImportEdge) loaded; /* every import so far: which file imported which */
};

/*
** The start of a public call on cx: returns `failed` at once when cx has
** failed before, and when this call fails (memory ran out).  Blocks
** allocated meanwhile join cx's heap.  UNGUARD() before each return.
*/
#define GUARD(cx, failed)                  \
  MemCatch catch_;                         \
  if ((cx)->failure)                       \
    return failed;                         \
  if (setjmp(catch_.jump)) {               \
    (cx)->failure = catch_.failure;        \
    return failed;                         \
  }                                        \
  mem_catch(&catch_, &(cx)->heap)
#define UNGUARD() mem_uncatch(&catch_)

/* The context itself, on no heap (its own heap is inside it); NULL
   when there is no memory for it. */
static PzCtx *new_ctx(void)
{
  MemCatch c;
  if (setjmp(c.jump))
    return NULL;
  mem_catch(&c, NULL);
  PzCtx *cx = xcalloc(1, sizeof *cx);
  mem_uncatch(&c);
  mem_heap_init(&cx->heap);
  return cx;
}

static void open_ctx(PzCtx *cx)
{
  sym_init(&cx->syms);
  src_init(&cx->srcs);
  diag_init(&cx->diag, &cx->srcs);
  cx->diag.no_warnings = cx->opt.no_warnings;
  cx->ast.arena = &cx->arena;
  cx->solver = solver_new();
}

PzCtx *pz_open(const PzOptions *options)
{
  PzCtx *cx = new_ctx();
  if (!cx)
    return NULL;
  if (options)
    cx->opt = *options;
  GUARD(cx, (pz_close(cx), NULL));
  open_ctx(cx);
  UNGUARD();
  return cx;
}

void pz_close(PzCtx *cx)
{
  if (!cx)
    return;
  par_free(cx->par);                    /* its threads stop before anything goes */
  par_free(cx->split);
  if (cx->failure) {
    mem_free_host(cx->host_block);
    mem_heap_free_all(&cx->heap);
    xfree(cx);
    return;
  }
  buf_free(&cx->solution_text);
  out_items_free(&cx->items);
  ground_free(&cx->ground);
  solver_free(cx->space);
  model_free(&cx->model);
  buf_free(&cx->model_text);
  trace_state_free(&cx->trace_state);
  buf_free(&cx->trace_line);
  solver_free(cx->solver);
  names_free(&cx->names);
  arena_free(&cx->arena);
  VEC_FREE(cx->loaded);
  buf_free(&cx->diag_text);
  diag_free(&cx->diag);
  src_free(&cx->srcs);
  sym_free(&cx->syms);
  xfree(cx);
}

static bool parse_text(PzCtx *cx, const char *name, const char *text, size_t len)
{
  SrcId id = src_add(&cx->srcs, name, text, len);
  return parse_source(&cx->ast, &cx->diag, &cx->syms, &cx->srcs, id);
}

/* The directory part of a path, with its slash ("" if none). */
static size_t dir_len(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash ? (size_t)(slash - path + 1) : 0;
}

/*
** path without "." steps, "dir/.." pairs and repeated slashes: the
** identity of a file when the host cannot resolve real paths.
*/
static void normalize_path(const char *path, Buf *out)
{
  typedef struct { const char *at; size_t len; } Step;
  VEC(Step) steps = {0};
  bool absolute = path[0] == '/';
  for (const char *p = path; *p; p += strspn(p, "/")) {
    size_t n = strcspn(p, "/");
    bool dotdot = n == 2 && p[0] == '.' && p[1] == '.';
    bool up_possible = steps.len > 0 && !(VEC_LAST(steps).len == 2 &&
                                         memcmp(VEC_LAST(steps).at, "..", 2) == 0);
    if (dotdot && up_possible)
      steps.len--;
    else if (!(n == 1 && p[0] == '.') && !(dotdot && absolute))
      VEC_PUSH(steps, ((Step){p, n}));
    p += n;
  }
  buf_clear(out);
  buf_puts(out, absolute ? "/" : steps.len ? "" : ".");
  for (size_t i = 0; i < steps.len; i++) {
    if (i > 0)
      buf_putc(out, '/');
    buf_add(out, steps.data[i].at, steps.data[i].len);
  }
  VEC_FREE(steps);
}

/*
** The identity of the file at path: its real path when the host reads
** real files (two spellings of one file, or links to it, are one file;
** two files called "d.pz" in two folders are two), else the path itself,
** normalized.
*/
static Sym file_key(PzCtx *cx, const char *path)
{
  Buf key = {0};
  char *real = cx->opt.real_path ? cx->opt.real_path(cx->opt.io, path) : NULL;
  cx->host_block = real;
  if (real)
    buf_puts(&key, real);
  else
    normalize_path(path, &key);
  mem_free_host(real);
  cx->host_block = NULL;
  Sym s = sym_intern(&cx->syms, key.data, key.len);
  buf_free(&key);
  return s;
}

/* A source's name as messages show it. */
static const char *shown_name(const PzCtx *cx, SrcId id)
{
  const Src *s = src_get(&cx->srcs, id);
  return !s ? "?" : strcmp(s->name, "-") == 0 ? "<stdin>" : s->name;
}

/* The import edge that first loaded the file known as key, or NULL. */
static const ImportEdge *import_find(const PzCtx *cx, Sym key)
{
  for (size_t i = 0; i < cx->loaded.len; i++)
    if (cx->loaded.data[i].key == key)
      return &cx->loaded.data[i];
  return NULL;
}

/* The main file is the one source no import loaded: it gets an edge from
   nowhere (0) the first time one of its imports is seen. */
static void note_main_file(PzCtx *cx, SrcId src)
{
  for (size_t i = 0; i < cx->loaded.len; i++)
    if (cx->loaded.data[i].to == src)
      return;
  const char *name = src_get(&cx->srcs, src)->name;
  Sym key = strcmp(name, "-") == 0 ? sym_intern_cstr(&cx->syms, "<stdin>") : file_key(cx, name);
  VEC_PUSH(cx->loaded, ((ImportEdge){0, src, key}));
}

/*
** The shortest chain of imports from file `start` to file `goal`:
** chain[0] is the file start imports, chain[n-1] = goal; returns n, 0
** when goal cannot be reached.  chain has room for one SrcId per source.
*/
static size_t import_chain(const PzCtx *cx, SrcId start, SrcId goal, SrcId *chain)
{
  SrcId *came_from = xcalloc(cx->srcs.count, sizeof *came_from);  /* 0: not reached */
  SrcId *queue = xmalloc(cx->srcs.count * sizeof *queue);
  size_t head = 0, tail = 0, n = 0;
  queue[tail++] = start;
  while (head < tail && !came_from[goal]) {
    SrcId at = queue[head++];
    for (size_t i = 0; i < cx->loaded.len; i++) {
      const ImportEdge *e = &cx->loaded.data[i];
      if (e->from == at && e->to && e->to != start && !came_from[e->to]) {
        came_from[e->to] = at;
        queue[tail++] = e->to;
      }
    }
  }
  if (came_from[goal]) {
    for (SrcId s = goal; s != start; s = came_from[s])
      n++;
    size_t i = n;
    for (SrcId s = goal; s != start; s = came_from[s])
      chain[--i] = s;
  }
  xfree(queue);
  xfree(came_from);
  return n;
}

/* `from` imports `to`, a file loaded before: an error if `to` imports
   `from` again, directly or through other files. */
static void check_import_cycle(PzCtx *cx, const Node *what, SrcId from, SrcId to)
{
  if (from == to) {
    diag_error(&cx->diag, what->at, "'%s' imports itself", shown_name(cx, from));
    return;
  }
  SrcId *chain = xmalloc(cx->srcs.count * sizeof *chain);
  size_t n = import_chain(cx, to, from, chain);
  if (n > 0) {
    Buf b = {0};
    buf_printf(&b, "these imports go round in a circle: '%s' imports '%s'", shown_name(cx, from),
               shown_name(cx, to));
    for (size_t i = 0; i < n; i++)
      buf_printf(&b, ", which imports '%s'", shown_name(cx, chain[i]));
    diag_error(&cx->diag, what->at, "%s", buf_str(&b));
    buf_free(&b);
  }
  xfree(chain);
}

/* Parse text as the source called name; returns its SrcId. */
static SrcId load_text(PzCtx *cx, const char *name, const char *text, size_t len)
{
  parse_text(cx, name, text, len);
  return cx->srcs.count - 1;
}

/* Read the file at path through the host and parse it; 0 when it cannot
   be read (the error is reported at `what`). */
static SrcId read_and_load(PzCtx *cx, const Node *what, const char *path)
{
  if (!cx->opt.read_file) {
    diag_error(&cx->diag, what->at, "cannot read the file '%s': files cannot be imported here", path);
    return 0;
  }
  size_t len = 0;
  errno = 0;
  char *text = cx->opt.read_file(cx->opt.io, path, &len);
  int err = text ? 0 : errno;
  if (text && len > PZ_MAX_SOURCE_BYTES) {
    mem_free_host(text);
    text = NULL;
    err = EFBIG;
  }
  if (!text) {
    if (err == EFBIG)
      diag_error(&cx->diag, what->at, "the file '%s' is larger than %zu MB, the most pz reads",
                 path, PZ_MAX_SOURCE_BYTES >> 20);
    else if (err == EISDIR)
      diag_error(&cx->diag, what->at, "'%s' is a folder, not a file", path);
    else if (err)
      diag_error(&cx->diag, what->at, "cannot read the file '%s': %s", path, strerror(err));
    else
      diag_error(&cx->diag, what->at, "cannot read the file '%s'", path);
    return 0;
  }
  cx->host_block = text;
  SrcId id = load_text(cx, path, text, len);
  mem_free_host(text);
  cx->host_block = NULL;
  return id;
}

/* The library `name` from the folder the host named (PZ_STDLIB), into
   path; NULL when there is no such folder or file. */
static char *read_from_stdlib_dir(PzCtx *cx, const char *name, Buf *path, size_t *len)
{
  if (!cx->opt.stdlib_dir || !cx->opt.read_file)
    return NULL;
  buf_printf(path, "%s/%s.pz", cx->opt.stdlib_dir, name);
  char *text = cx->opt.read_file(cx->opt.io, buf_str(path), len);
  if (!text || *len > PZ_MAX_SOURCE_BYTES) {
    mem_free_host(text);
    buf_clear(path);
    return NULL;
  }
  cx->host_block = text;                /* until import_module frees it */
  return text;
}

static void no_such_library(PzCtx *cx, const Node *what, const char *name)
{
  diag_error(&cx->diag, what->at, "there is no library called '%s'", name);
  size_t n;
  const StdlibFile *all = library_files(&n);
  const char **names = xmalloc((n + 1) * sizeof *names);
  char **owned = xmalloc((n + 1) * sizeof *owned);
  for (size_t i = 0; i < n; i++) {
    owned[i] = xstrndup(all[i].name, strlen(all[i].name) - 3);
    names[i] = owned[i];
  }
  const char *best = check_closest(name, names, (uint32_t)n);
  if (best)
    diag_note(&cx->diag, what->at, "did you mean '%s'?", best);
  for (size_t i = 0; i < n; i++)
    xfree(owned[i]);
  xfree(owned);
  xfree(names);
}

/*
** Load one imported module: a library name or a file path (in quotes,
** relative to the importing file).  Each file is read once, however it
** is spelled; an import that closes a circle is an error.
*/
static void import_module(PzCtx *cx, const Stmt *st)
{
  if (!st->sym)
    return;                             /* an unterminated string: reported */
  const char *name = sym_name(&cx->syms, st->sym);
  const Node *what = st->items.items[0];
  SrcId from = st->at.src;
  note_main_file(cx, from);
  Buf path = {0};
  char *text = NULL;                    /* a stdlib file read from stdlib_dir */
  size_t len = 0;
  const StdlibFile *builtin = NULL;
  Sym key;
  if (what->kind == NK_STRING && !name[0]) {
    diag_error(&cx->diag, what->at, "this import has no file name between its quotes");
    return;
  }
  if (what->kind == NK_STRING) {
    size_t dl = name[0] != '/' ? dir_len(src_get(&cx->srcs, from)->name) : 0;
    buf_add(&path, src_get(&cx->srcs, from)->name, dl);
    buf_puts(&path, name);
    key = file_key(cx, buf_str(&path));
  } else if ((text = read_from_stdlib_dir(cx, name, &path, &len)) != NULL) {
    key = file_key(cx, buf_str(&path));
  } else if ((builtin = library_find(name)) != NULL) {
    buf_printf(&path, "stdlib/%s", builtin->name);
    Buf k = {0};
    buf_printf(&k, "<built-in>/%s", builtin->name);
    key = sym_intern_cstr(&cx->syms, buf_str(&k));
    buf_free(&k);
  } else {
    no_such_library(cx, what, name);
    buf_free(&path);
    return;
  }
  const ImportEdge *seen = import_find(cx, key);
  SrcId to;
  if (seen) {
    to = seen->to;
    if (to)
      check_import_cycle(cx, what, from, to);
  } else if (builtin) {
    to = load_text(cx, buf_str(&path), builtin->text, strlen(builtin->text));
  } else if (text) {
    to = load_text(cx, buf_str(&path), text, len);
  } else {
    to = read_and_load(cx, what, buf_str(&path));
  }
  VEC_PUSH(cx->loaded, ((ImportEdge){from, to, key}));
  mem_free_host(text);
  if (text)
    cx->host_block = NULL;
  buf_free(&path);
}

/* The checker's clock: the time limit set before pz_load (or pz_check). */
static bool check_time_up(void *ctx)
{
  PzCtx *cx = ctx;
  return cx->solver && solver_time_is_up(cx->solver);
}

static bool front_end(PzCtx *cx, const char *name, const char *text, size_t len)
{
  parse_text(cx, name, text, len);
  /* imports may import more: the statement list grows as we go */
  for (uint32_t i = 0; i < cx->ast.stmts.len && !diag_full(&cx->diag); i++)
    if (cx->ast.stmts.items[i]->kind == ST_IMPORT)
      import_module(cx, cx->ast.stmts.items[i]);
  if (cx->diag.nerrors)
    return false;
  return check_program_timed(&cx->ast, &cx->names, &cx->syms, &cx->diag, check_time_up, cx);
}

/* Ground the checked program into cx->model: the mistakes only grounding
   sees (a clue false whatever the unknowns are) are errors here too. */
static bool ground(PzCtx *cx)
{
  cx->ground = (Ground){.ast = &cx->ast, .names = &cx->names, .syms = &cx->syms,
                        .srcs = &cx->srcs, .diag = &cx->diag, .time_up = check_time_up,
                        .time_ctx = cx, .model = &cx->model,
                        .all_assignments = cx->opt.all_assignments,
                        .clues_apart = cx->opt.clues_apart};
  return ground_program(&cx->ground);
}

/*
** pz check reports exactly what solving would before its search: the
** checker's errors and grounding's (a clue that can never hold), so it
** grounds too, and builds no space.
*/
bool pz_check(PzCtx *cx, const char *name, const char *text, size_t len)
{
  GUARD(cx, false);
  bool ok = front_end(cx, name, text, len) && (ground(cx) || cx->ground.timed_out);
  ok = ok && cx->diag.nerrors == 0;
  if (cx->diag.nerrors)                 /* the errors first: warnings are for valid programs */
    diag_drop_warnings(&cx->diag);
  UNGUARD();
  return ok;
}

bool pz_check_stopped(const PzCtx *cx)
{
  return cx->ground.timed_out;
}

static void trace_event(void *ctx, const SolverEvent *e);

static bool load(PzCtx *cx, const char *name, const char *text, size_t len)
{
  if (!front_end(cx, name, text, len))
    return false;
  bool grounded = ground(cx);
  /* stopped by the time limit while grounding: loaded, but pz_next says PZ_LIMIT */
  if (cx->ground.timed_out)
    return cx->diag.nerrors == 0;
  if (!grounded)
    return false;
  /* The search runs in a space built from the Model: cx->solver, which
     holds the limits (pz_set_limits) and the reason log's reader, gets
     its steps.  The first step at which it fails is the clue that
     contradicts the ones before it (a note).  More spaces come from
     solver_from_model (pz_count_parallel). */
  if (cx->trace)
    solver_set_trace(cx->solver, trace_event, cx);
  if (cx->opt.workers > 1)
    solver_keep_memo(cx->solver);       /* the workers' spaces copy from it */
  size_t failed = solver_load_model(cx->solver, &cx->model);
  if (failed < cx->model.steps.len)
    ground_note_failure(&cx->ground, failed);
  cx->space = cx->solver;
  cx->solver = NULL;
  cx->ground.space = cx->space;
  return true;
}

bool pz_load(PzCtx *cx, const char *name, const char *text, size_t len)
{
  GUARD(cx, false);
  bool ok = load(cx, name, text, len);
  if (cx->diag.nerrors)                 /* the errors first: warnings are for valid programs */
    diag_drop_warnings(&cx->diag);
  UNGUARD();
  return ok;
}

Solver *pz_space(PzCtx *cx)
{
  return cx->space;
}

bool pz_failed(const PzCtx *cx)
{
  return cx->failure != MEM_FAILED_NOTHING;
}

/* What a failed context says instead of its diagnostics. */
static const char *failure_words(const PzCtx *cx)
{
  return cx->failure == MEM_OUT_OF_MEMORY ? "out of memory"
       : "internal error: the scanner gave up; this is a bug in pz, please report it";
}

const char *pz_diagnostics(PzCtx *cx)
{
  if (cx->failure)
    return cx->failure == MEM_OUT_OF_MEMORY ? "pz: out of memory\n"
         : "pz: internal error: the scanner gave up; this is a bug in pz, please report it\n";
  GUARD(cx, pz_diagnostics(cx));
  buf_clear(&cx->diag_text);
  diag_render(&cx->diag, &cx->diag_text);
  UNGUARD();
  return buf_str(&cx->diag_text);
}

/*
** The deadline starts now: called before pz_load, the time limit covers
** grounding (the grounder asks solver_time_is_up) as well as the search.
*/
void pz_set_limits(PzCtx *cx, double timeout_seconds, uint64_t max_nodes)
{
  GUARD(cx, );
  solver_set_limits(cx->space ? cx->space : cx->solver,
                    (SolverLimits){.timeout_seconds = timeout_seconds, .max_nodes = max_nodes,
                                   .clock = cx->opt.clock, .poll = cx->opt.poll,
                                   .poll_ctx = cx->opt.poll_ctx});
  UNGUARD();
}

/* Say where and why a solution failed its check (once: pz_next stops). */
static void report_broken_solution(PzCtx *cx, SolverBroken b)
{
  if (cx->diag.nerrors)
    return;                             /* reported by an earlier call */
  if (!b.kind) {
    diag_error(&cx->diag, (Loc){0}, "internal error: pz stopped with an unknown "
               "still open; this is a bug in pz, please report it");
    return;
  }
  const Origin *o = b.origin && b.origin <= cx->ground.origins.len
                      ? &cx->ground.origins.data[b.origin - 1] : NULL;
  if (!o) {
    diag_error(&cx->diag, (Loc){0}, "internal error: the answer pz found breaks a "
               "constraint of its own (%s); this is a bug in pz, please report it",
               b.kind);
    return;
  }
  diag_error(&cx->diag, o->at, "internal error: the answer pz found breaks this "
             "clue; this is a bug in pz, please report it");
  diag_note(&cx->diag, o->at, "the %s constraint made of it does not hold", b.kind);
}

static PzResult next(PzCtx *cx)
{
  if (cx->ground.timed_out)             /* the model is incomplete: never search it */
    return PZ_LIMIT;
  if (!cx->space)                       /* not loaded */
    return PZ_NO_MORE;
  /* Builds with assertions check every answer; release builds on request. */
  solver_set_node_by_node(cx->space, cx->opt.node_by_node);
  solver_set_restarts(cx->space, cx->opt.restarts, cx->opt.seed);
  search_set_learning(cx->space, cx->opt.learning);
  if (cx->ground.has_goal)
    solver_set_goal(cx->space, cx->ground.goal, cx->ground.maximize, cx->opt.goal_ties);
#ifdef NDEBUG
  solver_set_checking(cx->space, cx->opt.check_solutions);
#else
  solver_set_checking(cx->space, true);
#endif
  switch (search_next(cx->space)) {
  case SEARCH_SOLUTION:
    return PZ_SOLUTION;
  case SEARCH_LIMIT:
    return PZ_LIMIT;
  case SEARCH_BROKEN:
    report_broken_solution(cx, solver_broken(cx->space));
    return PZ_INTERNAL;
  case SEARCH_EXHAUSTED:
    break;
  }
  return PZ_NO_MORE;
}

/*
** With workers (search/parallel.h): the search starts alone in cx->space,
** as next() searches; when it has run for a while its rest goes to the
** workers, and the solutions come from them, loaded into cx->space (then
** at its root) to be printed.  A goal (branch and bound shares its bound)
** and a trace (its lines in order) keep to one thread.
*/
static bool with_workers(const PzCtx *cx)
{
  return cx->opt.workers > 1 && !cx->ground.has_goal && !cx->trace;
}

static ParConfig par_config(const PzCtx *cx)
{
  return (ParConfig){.model = &cx->model, .workers = cx->opt.workers > 1 ? cx->opt.workers : 1,
                     .want = cx->opt.want,
                   .values = !cx->opt.count_only, .node_by_node = cx->opt.node_by_node,
                   .at_once = cx->opt.workers_at_once, .cores = cx->opt.cores,
#ifdef NDEBUG
                   .checking = cx->opt.check_solutions,
#else
                   .checking = true,
#endif
                  };
}

static PzResult next_parallel(PzCtx *cx)
{
  if (!cx->par) {
    ParConfig c = par_config(cx);
    cx->par = par_new(&c, cx->space);
  }
  if (!par_nworkers(cx->par)) {
    PzResult r = next(cx);
    if (r != PZ_LIMIT || !par_handed_over(cx->par))
      return r;
    par_launch(cx->par);
  }
  switch (par_next(cx->par, cx->opt.poll, cx->opt.poll_ctx)) {
  case PAR_SOLUTION:
    if (cx->opt.count_only)
      return PZ_SOLUTION;
    cx->worker_answer = true;
    if (search_load(cx->space, par_values(cx->par)))
      return PZ_SOLUTION;
    diag_error(&cx->diag, (Loc){0}, "internal error: a worker's answer does not fit the "
               "puzzle; this is a bug in pz, please report it");
    return PZ_INTERNAL;
  case PAR_DONE:
    return PZ_NO_MORE;
  case PAR_BROKEN:
    report_broken_solution(cx, par_broken(cx->par));
    return PZ_INTERNAL;
  case PAR_OUT_OF_MEMORY:
    mem_throw(MEM_OUT_OF_MEMORY);
    return PZ_ERROR;
  default:
    return PZ_LIMIT;                    /* a limit, or as many as the caller wanted */
  }
}

PzResult pz_next(PzCtx *cx)
{
  GUARD(cx, PZ_ERROR);
  cx->items_ready = false;
  if (cx->worker_answer) {
    search_unload(cx->space);
    cx->worker_answer = false;
  }
  bool par = cx->space && !cx->ground.timed_out &&
             (with_workers(cx) || (cx->par && par_nworkers(cx->par)));
  PzResult r = par ? next_parallel(cx) : next(cx);
  cx->has_solution = r == PZ_SOLUTION;
  UNGUARD();
  return r;
}

/* A solution met while splitting, in cx->space: to the caller's PzSplit.each. */
static void split_solution(PzCtx *cx, PzSplit *out)
{
  if (!out->each || cx->opt.count_only)
    return;
  cx->has_solution = true;
  out->each(out->each_ctx, cx);
  cx->has_solution = false;
}

typedef struct SplitEach {
  PzCtx *cx;
  PzSplit *out;
} SplitEach;

static void split_step_solution(void *ctx)
{
  SplitEach *se = ctx;
  split_solution(se->cx, se->out);
}

PzResult pz_split(PzCtx *cx, size_t n, PzSplit *out)
{
  GUARD(cx, PZ_ERROR);
  *out = (PzSplit){.each = out->each, .each_ctx = out->each_ctx};
  PzResult r = PZ_NO_MORE;
  if (!cx->space || cx->ground.timed_out || cx->ground.has_goal || cx->par || cx->split) {
    UNGUARD();
    return cx->space && cx->ground.timed_out ? PZ_LIMIT : PZ_INTERNAL;
  }
  ParConfig c = par_config(cx);
  cx->split = par_new(&c, cx->space);
  par_split_into(cx->split, n);
  for (;;) {                            /* the whole tree: the first cube, empty */
    r = next(cx);
    if (r == PZ_SOLUTION) {
      out->found++;
      split_solution(cx, out);
      continue;
    }
    break;
  }
  if (r == PZ_LIMIT && par_handed_over(cx->split)) {
    SearchResult sr = SEARCH_EXHAUSTED;
    SplitEach se = {cx, out};
    while (par_split_step(cx->split, &out->found, split_step_solution, &se, &sr))
      ;
    r = sr == SEARCH_LIMIT ? PZ_LIMIT : sr == SEARCH_BROKEN ? PZ_INTERNAL : PZ_NO_MORE;
  }
  out->cubes = par_ncubes(cx->split);
  out->fingerprint = par_cubes_print(cx->split);
  out->nodes = par_split_nodes(cx->split);
  UNGUARD();
  return r;
}

bool pz_select_cubes(PzCtx *cx, const size_t *ids, size_t n)
{
  GUARD(cx, false);
  bool ok = cx->split && n > 0;
  for (size_t k = 0; ok && k < n; k++)
    ok = ids[k] < par_ncubes(cx->split);
  ParConfig c = par_config(cx);
  if (!ok || (c.workers <= 1 && n > 1)) {
    UNGUARD();
    return false;
  }
  if (cx->worker_answer) {
    search_unload(cx->space);
    cx->worker_answer = false;
  }
  par_free(cx->par);
  cx->par = NULL;
  if (c.workers > 1)
    cx->par = par_new_cubes(&c, cx->space, cx->split, ids, n);
  else                                  /* one thread: here, the root kept between cubes */
    (void)par_enter_cube(cx->split, ids[0], cx->space);
  UNGUARD();
  return true;
}

bool pz_select_cube(PzCtx *cx, size_t i)
{
  return pz_select_cubes(cx, &i, 1);
}

PzGoal pz_goal(const PzCtx *cx)
{
  if (!cx->space || !cx->ground.has_goal)
    return PZ_GOAL_NONE;
  return cx->ground.maximize ? PZ_GOAL_MAXIMIZE : PZ_GOAL_MINIMIZE;
}

bool pz_goal_value(const PzCtx *cx, int64_t *value)
{
  if (pz_goal(cx) == PZ_GOAL_NONE || !cx->has_solution || cx->failure)
    return false;
  *value = var_value(cx->space, cx->ground.goal);
  return true;
}

/* The solution rendered by out into cx's scratch text, then written. */
static bool write_solution(PzCtx *cx, void (*out)(const Ground *, Buf *), PzWrite write, void *to)
{
  GUARD(cx, false);
  Buf *b = &cx->solution_text;
  buf_clear(b);
  out(&cx->ground, b);
  UNGUARD();
  write(to, buf_str(b), b->len);
  return true;
}

bool pz_solution_text(PzCtx *cx, PzWrite write, void *to)
{
  return write_solution(cx, out_text, write, to);
}

bool pz_solution_text_walls(PzCtx *cx, PzWrite write, void *to)
{
  return write_solution(cx, out_text_walls, write, to);
}

bool pz_solution_json(PzCtx *cx, PzWrite write, void *to)
{
  return write_solution(cx, out_json, write, to);
}

size_t pz_solution_svg(PzCtx *cx, const char *title, char *buf, size_t size)
{
  if (!cx->has_solution)
    return 0;
  GUARD(cx, 0);
  Buf *b = &cx->solution_text;
  buf_clear(b);
  out_svg(&cx->ground, title ? title : "pz", NULL, b);
  UNGUARD();
  if (size) {
    size_t n = b->len < size - 1 ? b->len : size - 1;
    memcpy(buf, buf_str(b), n);
    buf[n] = '\0';
  }
  return b->len;
}

/* Make cx->items those of the current solution; false when there is none. */
static bool ready_items(PzCtx *cx)
{
  if (!cx->has_solution)
    return false;
  GUARD(cx, false);
  if (!cx->items_ready)
    out_items(&cx->ground, &cx->items);
  cx->items_ready = true;
  UNGUARD();
  return true;
}

size_t pz_solution_count_items(PzCtx *cx)
{
  return ready_items(cx) ? cx->items.items.len : 0;
}

bool pz_solution_item(PzCtx *cx, size_t i, PzItem *out)
{
  if (!ready_items(cx) || i >= cx->items.items.len)
    return false;
  *out = cx->items.items.data[i];
  return true;
}

/* One event of the reason log, in words, to the host's reader. */
static void trace_event(void *ctx, const SolverEvent *e)
{
  PzCtx *cx = ctx;
  buf_clear(&cx->trace_line);
  trace_line(&cx->ground, &cx->model, cx->space ? cx->space : cx->solver, &cx->trace_state, e,
             &cx->trace_line);
  cx->trace(cx->trace_ctx, buf_str(&cx->trace_line));
}

void pz_set_trace(PzCtx *cx, PzTraceFn fn, void *ctx)
{
  cx->trace = fn;
  cx->trace_ctx = ctx;
  if (cx->space)                        /* before pz_load, pz_load installs it */
    solver_set_trace(cx->space, fn ? trace_event : NULL, cx);
}

const struct Model *pz_model(const PzCtx *cx)
{
  return cx->space ? &cx->model : NULL;
}

const char *pz_model_flatzinc(PzCtx *cx)
{
  GUARD(cx, "");
  buf_clear(&cx->model_text);
  if (!cx->space) {
    UNGUARD();
    return buf_str(&cx->model_text);
  }
  /* the declared unknowns are the output variables */
  const ModelVar *shown = NULL;
  size_t nshown = 0;
  for (size_t i = 0; i < cx->model.steps.len; i++) {
    const ModelStep *st = &cx->model.steps.data[i];
    if (st->kind == MS_DECIDE && st->k == 0) {
      shown = (const ModelVar *)(const void *)model_args(&cx->model, st);
      nshown = st->n;
    }
  }
  /* each origin in words, as --trace says it ("clue 6") */
  size_t norigins = cx->ground.origins.len;
  char **origins = xmalloc((norigins + 1) * sizeof *origins);
  Buf words = {0};
  for (size_t k = 0; k < norigins; k++) {
    buf_clear(&words);
    trace_origin(&cx->ground, (uint32_t)(k + 1), &words);
    origins[k] = xstrndup(buf_str(&words), words.len);
  }
  buf_free(&words);
  model_flatzinc(&cx->model, shown, nshown, (const char *const *)origins, norigins, &cx->model_text);
  for (size_t k = 0; k < norigins; k++)
    xfree(origins[k]);
  xfree(origins);
  UNGUARD();
  return buf_str(&cx->model_text);
}

/* --- teaching --- */

/* Structural origins (declarations) are background, never suspects. */
static bool origin_is_clue(void *ctx, uint32_t origin)
{
  const Ground *g = ctx;
  return origin >= 1 && origin <= g->origins.len && !g->origins.data[origin - 1].what;
}

typedef struct BoardCtx {
  PzCtx *cx;
  const Explanation *e;
  Solver *s;              /* an isolated space: holds exactly the facts imposed */
  Solver *was;            /* the Ground's own, while it reads s */
} BoardCtx;

/*
** Start a trial in bc's space holding what is known after the first
** `steps` steps (end it with solver_trial_end), and read the Ground's
** values from there.
*/
static void known_after(BoardCtx *bc, size_t steps)
{
  const Explanation *e = bc->e;
  if (!bc->s)
    bc->s = solver_from_model_isolated(&bc->cx->model);
  solver_trial_begin(bc->s);
  if (steps == e->steps.len && e->solution.len == solver_nvars(bc->s)) {
    /* the end: the solution, helpers and all (what is shown may be a helper) */
    for (VarId x = 0; x < e->solution.len; x++)
      solver_trial_keep(bc->s, x, &e->solution.data[x], 1);
  }
  for (size_t i = 0; i < steps && i < e->steps.len; i++) {
    const ExStep *st = &e->steps.data[i];
    for (uint32_t k = 0; k < st->nfacts; k++) {
      const ExFact *f = &e->facts.data[st->facts + k];
      if (f->nafter)
        solver_trial_keep(bc->s, f->x, e->ints.data + f->after, f->nafter);
    }
  }
  bc->was = bc->cx->ground.space;
  bc->cx->ground.space = bc->s;
}

static void known_end(BoardCtx *bc)
{
  bc->cx->ground.space = bc->was;
  solver_trial_end(bc->s);
}

/* The board as known after the first `steps` steps: unknown cells are '_'. */
static void board_after(void *ctx, size_t steps, Buf *b)
{
  BoardCtx *bc = ctx;
  known_after(bc, steps);
  out_text(&bc->cx->ground, b);
  known_end(bc);
}

/*
** pz explain --svg: picture 0 is the puzzle as given (after the givens),
** picture k the board after Step k as the text numbers it (givens are not
** counted); the unknowns the step made known are marked 1, those it only
** narrowed 2.
*/
static void step_pictures(BoardCtx *bc, const PzExplainOptions *o)
{
  const Explanation *e = bc->e;
  size_t nvars = bc->cx->model.vars.len, nsteps = 0;
  for (size_t i = 0; i < e->steps.len; i++)
    nsteps += e->steps.data[i].level != EX_GIVEN;
  uint8_t *mark = xcalloc(nvars + 1, 1);
  Buf svg = {0}, title = {0};
  size_t i = 0;
  for (size_t k = 0; k <= nsteps; k++) {
    memset(mark, 0, nvars + 1);
    if (k == 0) {
      while (i < e->steps.len && e->steps.data[i].level == EX_GIVEN)
        i++;
    } else {
      while (i < e->steps.len && e->steps.data[i].level == EX_GIVEN)
        i++;                            /* a given among the steps: drawn with the next */
      const ExStep *st = &e->steps.data[i++];
      for (uint32_t j = 0; j < st->nfacts; j++) {
        const ExFact *f = &e->facts.data[st->facts + j];
        if (f->x < nvars && f->nafter)
          mark[f->x] = f->nafter == 1 ? 1 : mark[f->x] ? mark[f->x] : 2;
      }
    }
    buf_clear(&title);
    buf_printf(&title, "%s, %s %zu of %zu", o->picture_title ? o->picture_title : "pz",
               k ? "after step" : "the givens, step", k, nsteps);
    buf_clear(&svg);
    known_after(bc, i);
    out_svg(&bc->cx->ground, buf_str(&title), mark, &svg);
    known_end(bc);
    o->picture(o->picture_ctx, k, nsteps, buf_str(&svg), svg.len);
  }
  buf_free(&svg);
  buf_free(&title);
  xfree(mark);
}

/*
** After a stop: whether the host asked for it (its poll says so still:
** Ctrl-C), rather than a limit, so that the words say "interrupted".
*/
static bool host_stopped(const PzCtx *cx)
{
  return cx->opt.clock && cx->opt.poll && cx->opt.poll(cx->opt.poll_ctx);
}

/*
** pz explain, pz grade and pz generate reason about a puzzle whose answer
** is the one solution of its clues; a goal asks for the best of many
** instead (explaining why an answer is optimal is not done yet): an
** error at the goal, saying what to do.  True when there is one.
*/
static bool refuse_goal(PzCtx *cx, const char *command)
{
  if (!cx->ground.has_goal)
    return false;
  const Stmt *goal = NULL;
  for (uint32_t i = 0; i < cx->ast.stmts.len; i++)
    if (cx->ast.stmts.items[i]->kind == ST_OBJECTIVE)
      goal = cx->ast.stmts.items[i];
  Loc at = goal ? goal->at : (Loc){0};
  const char *what = goal && goal->maximize ? "maximize" : "minimize";
  if (!strcmp(command, "pz generate"))
    diag_error(&cx->diag, at, "pz generate makes puzzles whose answer is the one solution of "
               "their clues, but this puzzle asks for the best solution ('%s')", what);
  else
    diag_error(&cx->diag, at, "%s works on puzzles whose answer is the one solution of their "
               "clues, but this puzzle asks for the best solution ('%s'), which it cannot "
               "%s yet", command, what, !strcmp(command, "pz grade") ? "grade" : "explain");
  diag_note(&cx->diag, at, "solve it with pz to find the best solution, or remove the goal to "
            "%s the clues alone", !strcmp(command, "pz generate") ? "make a puzzle from"
            : !strcmp(command, "pz grade") ? "grade" : "explain");
  return true;
}

static PzResult explain(PzCtx *cx, const PzExplainOptions *o, Buf *b)
{
  if (cx->ground.timed_out)
    return PZ_LIMIT;
  if (!cx->space)
    return PZ_NO_MORE;
  if (refuse_goal(cx, o->what == PZ_EXPLAIN_GRADE ? "pz grade" : "pz explain"))
    return PZ_ERROR;
  ExOptions eo = { .model = &cx->model, .is_clue = origin_is_clue, .workers = cx->opt.workers,
                   .is_clue_ctx = &cx->ground, .clock_from = cx->space };
  Explanation e = {0};
  PzResult r;
  if (o->what == PZ_EXPLAIN_REDUNDANT) {
    bool ok = explain_redundant(&eo, &e);
    e.interrupted = !ok && host_stopped(cx);
    explain_redundant_text(&cx->ground, &e, !ok, o->json, b);
    r = !ok ? PZ_LIMIT : e.nsolutions == 0 ? PZ_NO_MORE : PZ_SOLUTION;
  } else {
    bool ok = explain_puzzle(&eo, &e);
    /* Builds with assertions check every step by a separate solve; release builds on request. */
#ifdef NDEBUG
    bool verify = cx->opt.check_solutions;
#else
    bool verify = true;
#endif
    size_t bad = verify && ok ? explain_verify(&eo, &e) : 0;
    if (bad) {
      diag_error(&cx->diag, (Loc){0}, "internal error: step %zu of the explanation does not "
                 "follow from the clues and facts it names; this is a bug in pz, please report it", bad);
      explanation_free(&e);
      return PZ_INTERNAL;
    }
    e.interrupted = (!ok || (e.checks_stopped && !e.checks_stopped_nodes) ||
                     (e.outcome == EX_NONE && !e.conflict_minimal)) && host_stopped(cx);
    BoardCtx bc = { cx, &e, NULL, NULL };
    ExTextOptions to = { .json = o->json, .verdict_only = o->what == PZ_EXPLAIN_VERDICT,
                         .show_every = o->show_every,
                         .board = cx->ground.shows.len ? board_after : NULL, .board_ctx = &bc };
    if (o->what == PZ_EXPLAIN_GRADE) {
      if (ok)
        explain_grade_text(&e, o->json, b);
    }
    else
      explain_text(&cx->ground, &cx->model, &e, &to, b);
    if (ok && o->picture && o->what == PZ_EXPLAIN_STEPS && (cx->ground.shows.len || cx->ground.table))
      step_pictures(&bc, o);
    solver_free(bc.s);
    r = !ok || e.checks_stopped ? PZ_LIMIT : e.outcome == EX_NONE ? PZ_NO_MORE : PZ_SOLUTION;
  }
  explanation_free(&e);
  return r;
}

PzResult pz_explain(PzCtx *cx, const PzExplainOptions *o, PzWrite write, void *to)
{
  GUARD(cx, PZ_ERROR);
  Buf *b = &cx->solution_text;
  buf_clear(b);
  PzResult r = explain(cx, o, b);
  UNGUARD();
  write(to, buf_str(b), b->len);
  return r;
}

/* --- generating --- */

typedef VEC(int32_t *) Assignments;

/*
** The solutions (up to `limit`) of another puzzle, as values of this
** puzzle's unknowns of the same names (INT32_MIN where it has none).
*/
static bool excluded_solutions(PzCtx *cx, const PzGenerateOptions *o, size_t limit,
                               Assignments *out)
{
  PzCtx *other = pz_open(&cx->opt);
  if (!other)
    return false;
  bool ok = pz_load(other, o->exclude_name, o->exclude_text, o->exclude_len);
  if (!ok) {
    diag_error(&cx->diag, (Loc){0}, "the puzzle to exclude, %s, has errors:", o->exclude_name);
    const char *d = pz_diagnostics(other);
    diag_note(&cx->diag, (Loc){0}, "%.*s", (int)(strlen(d) && d[strlen(d) - 1] == '\n' ? strlen(d) - 1 : strlen(d)), d);
    pz_close(other);
    return false;
  }
  /* its unknowns by name */
  const Model *om = &other->model;
  Buf a = {0}, b = {0};
  size_t n = cx->model.vars.len;
  VEC(uint32_t) map = {0};
  for (size_t x = 0; x < n; x++) {
    uint32_t found = UINT32_MAX;
    buf_clear(&a);
    if (model_name(&cx->model, (ModelVar)x, &a))
      for (size_t y = 0; y < om->vars.len && found == UINT32_MAX; y++) {
        buf_clear(&b);
        if (model_name(om, (ModelVar)y, &b) && a.len == b.len && !memcmp(buf_str(&a), buf_str(&b), a.len))
          found = (uint32_t)y;
      }
    VEC_PUSH(map, found);
  }
  buf_free(&a);
  buf_free(&b);
  while (out->len < limit && pz_next(other) == PZ_SOLUTION) {
    int32_t *vals = xmalloc((n ? n : 1) * sizeof *vals);
    for (size_t x = 0; x < n; x++)
      vals[x] = map.data[x] == UINT32_MAX ? INT32_MIN : var_value(other->space, map.data[x]);
    VEC_PUSH(*out, vals);
  }
  VEC_FREE(map);
  pz_close(other);
  return true;
}

/* The main file's text, then the givens as one clue. */
static void write_generated(PzCtx *cx, const PzGenerateOptions *o, const GenResult *r, Buf *b)
{
  const Src *main_src = src_get(&cx->srcs, 1);
  buf_add(b, main_src->text + main_src->start, main_src->len - main_src->start);
  if (b->len && buf_str(b)[b->len - 1] != '\n')
    buf_putc(b, '\n');
  if (r->clues.len)                     /* the level was judged on the candidate form: not said */
    buf_printf(b, "\n%% Clues chosen by pz generate --seed %llu from the candidates: the\n"
                  "%% solution is unique and every clue%s is needed.\n",
               (unsigned long long)o->seed, r->x.len ? " and given" : "");
  else
    buf_printf(b, "\n%% Givens chosen by pz generate --seed %llu: the solution is unique and\n"
                  "%% every given is needed%s (grade level %u).\n",
               (unsigned long long)o->seed,
               o->grade || o->no_guess ? " for that, or for the level asked for" : "", r->level);
  /* the candidate clues chosen, as plain clues */
  for (size_t i = 0; i < r->clues.len; i++) {
    const Stmt *st = cx->ground.candidates.data[r->clues.data[i]].st;
    char *text = ground_source_text(&cx->ground, st->at);
    const char *t = text;
    if (!strncmp(t, "candidate", 9))
      t += 9;
    while (*t == ' ' || *t == '\t')
      t++;
    buf_puts(b, t);
    if (!*t || t[strlen(t) - 1] != '.')
      buf_putc(b, '.');
    buf_putc(b, '\n');
    xfree(text);
  }
  if (!r->x.len && r->clues.len)
    return;
  buf_puts(b, "clue generated: ");
  for (size_t i = 0; i < r->x.len; i++) {
    if (i)
      buf_puts(b, " and\n                ");
    model_name(&cx->model, r->x.data[i], b);
    buf_puts(b, " = ");
    trace_value(&cx->ground, r->x.data[i], r->v.data[i], b);
  }
  if (!r->x.len)
    buf_puts(b, "true");
  buf_puts(b, ".\n");
}

static PzResult generate(PzCtx *cx, const PzGenerateOptions *o, Buf *b)
{
  if (cx->ground.timed_out)
    return PZ_LIMIT;
  if (!cx->space)
    return PZ_NO_MORE;
  if (refuse_goal(cx, "pz generate"))
    return PZ_ERROR;
  Assignments excl = {0};
  if (o->exclude_text && !excluded_solutions(cx, o, 1000, &excl)) {
    for (size_t i = 0; i < excl.len; i++)
      xfree(excl.data[i]);
    VEC_FREE(excl);
    return PZ_ERROR;
  }
  ExOptions eo = { .model = &cx->model, .is_clue = origin_is_clue, .workers = cx->opt.workers,
                   .is_clue_ctx = &cx->ground, .clock_from = cx->space };
  /* the candidate clues: clue k holds when its literal's unknown has value cv[k] */
  size_t nc = cx->ground.candidates.len;
  VarId *cx_ = xmalloc((nc ? nc : 1) * sizeof *cx_);
  int32_t *cv = xmalloc((nc ? nc : 1) * sizeof *cv);
  for (size_t k = 0; k < nc; k++) {
    cx_[k] = cx->ground.candidates.data[k].var;
    cv[k] = cx->ground.candidates.data[k].neg ? 0 : 1;
  }
  GenOptions go = { .seed = o->seed, .max_level = o->grade ? o->grade : o->no_guess ? 3 : 0,
                    .want_level = o->grade, .exclude = (const int32_t *const *)excl.data,
                    .nexclude = excl.len, .clue_x = cx_, .clue_v = cv, .nclues = nc };
  GenResult r;
  GenStatus st = generate_puzzle(&eo, &go, &r);
  PzResult res;
  if (st == GEN_OK) {
    write_generated(cx, o, &r, b);
    res = PZ_SOLUTION;
  } else if (st == GEN_STOPPED) {
    res = PZ_LIMIT;
  } else {
    if (st == GEN_NOT_UNIQUE)
      diag_note(&cx->diag, (Loc){0}, "even with a given in every board cell and named unknown "
                "the solution is not unique: some unknowns cannot be given (too many values, "
                "or no name of their own)");
    else if (st == GEN_NO_CANDIDATES)
      diag_note(&cx->diag, (Loc){0}, "pz generate gives values to board cells and named "
                "unknowns, and this puzzle has none it can write as a given (a logic grid's "
                "unknowns cannot be given that way yet)");
    else if (st == GEN_TOO_MANY_VALUES)
      diag_note(&cx->diag, (Loc){0}, "pz generate gives values to board cells and named "
                "unknowns, but each of them here can take more than %d values, too many to "
                "choose a given from; give them smaller domains (var x[4] in 1..9.) or "
                "rules that narrow them", GEN_MAX_VALUES);
    else if (st == GEN_NONE)
      diag_note(&cx->diag, (Loc){0}, "the rules have no solution to make a puzzle of");
    else if (!o->grade)                 /* no level asked for: every solution drawn was excluded */
      diag_note(&cx->diag, (Loc){0}, "in %u tries, every solution drawn was one of those "
                "excluded (--exclude); try another seed", r.tries);
    else
      diag_note(&cx->diag, (Loc){0}, "no puzzle of the level asked for came out of %u tries; "
                "try another seed", r.tries);
    res = PZ_NO_MORE;
  }
  gen_result_free(&r);
  xfree(cx_);
  xfree(cv);
  for (size_t i = 0; i < excl.len; i++)
    xfree(excl.data[i]);
  VEC_FREE(excl);
  return res;
}

PzResult pz_generate(PzCtx *cx, const PzGenerateOptions *o, PzWrite write, void *to)
{
  GUARD(cx, PZ_ERROR);
  Buf *b = &cx->solution_text;
  buf_clear(b);
  PzResult r = generate(cx, o, b);
  UNGUARD();
  write(to, buf_str(b), b->len);
  return r;
}

PzStats pz_stats(const PzCtx *cx)
{
  const Solver *s = cx->space ? cx->space : cx->solver;
  if (cx->failure || !s)
    return (PzStats){0};
  SolverStats all = cx->par ? par_stats(cx->par) : *solver_stats(s);
  const SolverStats *st = &all;
  return (PzStats){.nodes = st->nodes, .failures = st->failures,
                   .propagations = st->propagations, .solutions = st->solutions,
                   .max_depth = st->max_depth, .probes = st->probes,
                   .restarts = st->restarts};
}

unsigned pz_workers(const PzCtx *cx)
{
  return cx->par && !cx->failure ? par_nworkers(cx->par) : 0;
}

PzWorkerStats pz_worker_stats(const PzCtx *cx, unsigned i)
{
  if (!cx->par || cx->failure)
    return (PzWorkerStats){0};
  ParWorkerStats w = par_worker_stats(cx->par, i);
  return (PzWorkerStats){w.nodes, w.cubes, w.idle_seconds, w.start_seconds};
}

void pz_json_string(const char *s, PzWrite write, void *to)
{
  json_string_to(s, write, to);         /* allocates nothing: safe when memory is out */
}

size_t pz_diagnostic_count(const PzCtx *cx)
{
  return cx->failure ? 1 : cx->diag.count;
}

bool pz_diagnostic(const PzCtx *cx, size_t i, PzDiagnostic *out)
{
  if (cx->failure) {
    if (i > 0)
      return false;
    *out = (PzDiagnostic){.severity = PZ_SEVERITY_ERROR, .message = failure_words(cx)};
    return true;
  }
  if (i >= cx->diag.count)
    return false;
  const DiagMsg *m = &cx->diag.msgs[i];
  const Src *s = src_get(&cx->srcs, m->at.src);
  LineCol lc = src_linecol(&cx->srcs, m->at);
  *out = (PzDiagnostic){
    .file = !s ? NULL : strcmp(s->name, "-") == 0 ? "<stdin>" : s->name,
    .line = lc.line,
    .column = lc.col,
    .severity = m->kind == DIAG_ERROR ? PZ_SEVERITY_ERROR
              : m->kind == DIAG_WARNING ? PZ_SEVERITY_WARNING : PZ_SEVERITY_NOTE,
    .message = m->text,
  };
  return true;
}

unsigned pz_diagnostics_dropped(const PzCtx *cx)
{
  return cx->failure ? 0 : diag_dropped(&cx->diag);
}

void pz_fail_allocations_after(uint64_t n)
{
  mem_fail_after(n);
}

uint64_t pz_allocation_count(void)
{
  return mem_alloc_count();
}
