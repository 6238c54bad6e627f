/*
** pzweb.c -- the library's bridge to the playground's JavaScript (make wasm).
**
** One call, pzw_run, does what one command of pz does (solve, all,
** count, check, explain, grade, generate) on a text the page gives, and
** answers with one JSON object that the page reads (doc/classroom.md):
**
**   {"status": "solved" | "unsatisfiable" | "limit" | "error" | "ok",
**    "errors": [{"line": L, "column": C, "severity": "error", "message": "..."}],
**    "messages": "the diagnostics as pz prints them",
**    "text": "the answer as pz prints it",
**    "solutions": [{"text": "...", "svg": "<svg ..."}],   (solve, all)
**    "count": N, "complete": true,                       (solve, all, count)
**    "explain": {... pz explain --json ...}, "pictures": ["<svg ...", ...],
**    "puzzle": "the generated .pz",                      (generate)
**    "stats": {"nodes": N, ..., "ms": T}}
**
** Like the command line it includes nothing of the library but pz.h.
** The page runs it in a Web Worker: a run that goes on too long is
** stopped by ending the worker, so the library needs no stop flag; while
** it runs, the poll sends the solutions and nodes so far to the page
** (pzw_progress, a JavaScript function of the loader).
*/
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pz.h"
#include "pzweb.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

/* The page's progress line: what a count has found so far. */
EM_JS(void, pzw_progress, (double solutions, double nodes, double ms), {
  if (Module.onProgress)
    Module.onProgress(solutions, nodes, ms);
})
#define PZW_EXPORT EMSCRIPTEN_KEEPALIVE

static double now_seconds(void)
{
  return emscripten_get_now() / 1000.0;
}
#else
/* Built natively (tests/unit/test_pzweb.c): the same code, no page. */
#include <time.h>
#define PZW_EXPORT

static void pzw_progress(double solutions, double nodes, double ms)
{
  (void)solutions;
  (void)nodes;
  (void)ms;
}

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
#endif

/* The answer when memory ran out (pz_failed), in pz's words. */
static const char out_of_memory[] =
  "{\"status\": \"error\", \"text\": \"\", \"errors\": [{\"line\": 0, \"column\": 0, "
  "\"severity\": \"error\", \"file\": null, \"message\": \"out of memory\"}], "
  "\"messages\": \"pz: out of memory\\n\", \"stats\": {}}";

/* The most solutions `all` keeps to show; it counts on past them. */
#define PZW_MAX_SHOWN 200

/* A growing string; on running out of memory it stops growing and says so. */
typedef struct Out {
  char *s;
  size_t len, cap;
  bool failed;
} Out;

static void out_add(Out *o, const char *text, size_t len)
{
  if (o->failed)
    return;
  if (o->len + len + 1 > o->cap) {
    size_t cap = o->cap ? o->cap : 256;
    while (cap < o->len + len + 1)
      cap *= 2;
    char *s = realloc(o->s, cap);
    if (!s) {
      o->failed = true;
      return;
    }
    o->s = s;
    o->cap = cap;
  }
  memcpy(o->s + o->len, text, len);
  o->len += len;
  o->s[o->len] = '\0';
}

static void out_write(void *to, const char *text, size_t len)
{
  out_add(to, text, len);
}

static void out_puts(Out *o, const char *s)
{
  out_add(o, s, strlen(s));
}

static void out_printf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(Out *o, const char *fmt, ...)
{
  char small[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof small) {
    out_add(o, small, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big) {
    o->failed = true;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  out_add(o, big, (size_t)n);
  free(big);
}

static const char *out_str(const Out *o)
{
  return o->s ? o->s : "";
}

/* s as a JSON string into o. */
static void out_json(Out *o, const char *s)
{
  pz_json_string(s, out_write, o);
}

/* The poll: the progress line every quarter of a second. */
typedef struct Progress {
  PzCtx *cx;
  double start, next;
} Progress;

static bool poll_page(void *ctx)
{
  Progress *p = ctx;
  double now = now_seconds();
  if (p->cx && now >= p->next) {
    PzStats st = pz_stats(p->cx);
    pzw_progress((double)st.solutions, (double)st.nodes, (now - p->start) * 1000.0);
    p->next = now + 0.25;
  }
  return false;
}

static void json_errors(PzCtx *cx, Out *o)
{
  PzDiagnostic d;
  out_puts(o, "\"errors\": [");
  for (size_t i = 0; pz_diagnostic(cx, i, &d); i++) {
    out_printf(o, "%s{\"line\": %u, \"column\": %u, \"severity\": \"%s\", \"file\": ", i ? ", " : "",
               d.line, d.column, d.severity == PZ_SEVERITY_ERROR ? "error"
               : d.severity == PZ_SEVERITY_WARNING ? "warning" : "note");
    if (d.file)
      out_json(o, d.file);
    else
      out_puts(o, "null");
    out_puts(o, ", \"message\": ");
    out_json(o, d.message);
    out_puts(o, "}");
  }
  out_puts(o, "], \"messages\": ");
  out_json(o, pz_diagnostics(cx));
}

static void json_stats(PzCtx *cx, double seconds, Out *o)
{
  PzStats st = pz_stats(cx);
  out_printf(o, "\"stats\": {\"nodes\": %llu, \"failures\": %llu, \"propagations\": %llu, \"ms\": %.1f}",
             (unsigned long long)st.nodes, (unsigned long long)st.failures,
             (unsigned long long)st.propagations, seconds * 1000.0);
}

/* The current solution's picture as a JSON string ("" when it has none). */
static void json_svg(PzCtx *cx, const char *title, Out *o)
{
  size_t n = pz_solution_svg(cx, title, NULL, 0);
  char *svg = n ? malloc(n + 1) : NULL;
  if (svg && pz_solution_svg(cx, title, svg, n + 1) == n)
    out_json(o, svg);
  else
    out_puts(o, "\"\"");
  free(svg);
}

typedef enum { CMD_SOLVE, CMD_ALL, CMD_COUNT } SolveMode;

/* One solution: its text (a goal's value under it) and its picture, into sols and text. */
static void add_solution(PzCtx *cx, const char *title, bool goal, int64_t value, uint64_t shown,
                         Out *sols, Out *text)
{
  Out one = {0};
  (void)pz_solution_text(cx, out_write, &one);
  if (goal)
    out_printf(&one, "value: %lld\n", (long long)value);
  out_printf(sols, "%s{\"text\": ", shown ? ", " : "");
  out_json(sols, out_str(&one));
  out_puts(sols, ", \"svg\": ");
  json_svg(cx, title, sols);
  out_puts(sols, "}");
  if (shown)
    out_puts(text, "\n");
  out_puts(text, out_str(&one));
  if (one.failed)
    sols->failed = true;
  free(one.s);
}

static void out_clear(Out *o)
{
  o->len = 0;
  if (o->s)
    o->s[0] = '\0';
}

/*
** solve, all, count: what pz, pz -a and pz -c print.  With a goal
** (minimize, maximize) as pz prints it too: solve shows the best solution
** and "optimal: V", all each better one with its value, count the
** solutions of the best value (the search then keeps ties).
*/
static const char *solve(PzCtx *cx, SolveMode mode, const char *title, Out *o, Out *text)
{
  bool goal = pz_goal(cx) != PZ_GOAL_NONE;
  uint64_t found = 0, shown = 0, nbest = 0;
  int64_t value = 0;
  bool have = false;
  Out sols = {0};
  PzResult r;
  for (;;) {
    r = pz_next(cx);
    if (r != PZ_SOLUTION)
      break;
    found++;
    if (goal) {
      int64_t v = 0;
      (void)pz_goal_value(cx, &v);
      bool better = !have || v != value;   /* with ties: as good is no news */
      nbest = better ? 1 : nbest + 1;
      have = true;
      value = v;
      if (!better || mode == CMD_COUNT)
        continue;
      if (mode == CMD_SOLVE) {            /* only the best is shown: keep the last */
        out_clear(&sols);
        out_clear(text);
        shown = 0;
      }
    }
    if (mode != CMD_COUNT && shown < PZW_MAX_SHOWN)
      add_solution(cx, title, goal && mode == CMD_ALL, value, shown++, &sols, text);
    if (mode == CMD_SOLVE && !goal)
      break;
  }
  bool complete = r == PZ_NO_MORE;
  if (r == PZ_LIMIT)
    out_printf(text, "%sstopped: the time limit was reached%s\n", shown ? "\n" : "",
               found ? "" : " before any solution was found");
  if (goal && have) {
    const char *gap = mode == CMD_COUNT || r == PZ_LIMIT ? "" : "\n";
    if (complete)
      out_printf(text, "%soptimal: %lld\n", gap, (long long)value);
    else
      out_printf(text, "%sbest so far: %lld, not proved optimal\n", gap, (long long)value);
    if (mode == CMD_COUNT)
      out_printf(text, "solutions: %s%llu\n", complete ? "" : "at least ", (unsigned long long)nbest);
  } else if (mode == CMD_COUNT) {
    out_printf(text, "solutions: %llu%s\n", (unsigned long long)found, complete ? "" : "+");
  } else if (found == 0 && r == PZ_NO_MORE) {
    out_puts(text, "no solution\n");
  } else if (mode == CMD_ALL && complete) {
    out_printf(text, "\nsolutions: %llu%s\n", (unsigned long long)found,
               shown < found ? " (the first 200 are shown)" : "");
  }
  uint64_t count = goal && mode == CMD_COUNT ? nbest : goal ? shown : found;
  out_printf(o, "\"solutions\": [%s], \"count\": %llu, \"complete\": %s, ", out_str(&sols),
             (unsigned long long)count, complete ? "true" : "false");
  if (sols.failed)
    o->failed = true;
  free(sols.s);
  return r == PZ_INTERNAL ? "error" : r == PZ_LIMIT ? "limit" : found ? "solved" : "unsatisfiable";
}

/* pz explain: the steps as JSON, and a picture of the board before each step and after the last. */
typedef struct Pictures {
  Out *o;
  size_t n;
} Pictures;

static void add_picture(void *ctx, size_t step, size_t nsteps, const char *svg, size_t len)
{
  Pictures *p = ctx;
  (void)step;
  (void)nsteps;
  (void)len;
  out_puts(p->o, p->n++ ? ", " : "");
  out_json(p->o, svg);
}

static const char *explain(PzCtx *cx, PzExplainWhat what, const char *title, Out *o)
{
  Out json = {0}, pics = {0};
  Pictures p = {&pics, 0};
  PzExplainOptions eo = {.what = what, .json = true};
  if (what == PZ_EXPLAIN_STEPS) {
    eo.picture = add_picture;
    eo.picture_ctx = &p;
    eo.picture_title = title;
  }
  PzResult r = pz_explain(cx, &eo, out_write, &json);
  /* trailing newline off: the object goes in as it is */
  while (json.len && (json.s[json.len - 1] == '\n' || json.s[json.len - 1] == ' '))
    json.s[--json.len] = '\0';
  out_printf(o, "\"explain\": %s, \"pictures\": [%s], ", json.len ? out_str(&json) : "null",
             out_str(&pics));
  bool failed = json.failed || pics.failed;
  free(json.s);
  free(pics.s);
  if (failed)
    o->failed = true;
  return r == PZ_SOLUTION ? "solved" : r == PZ_NO_MORE ? "unsatisfiable" : r == PZ_LIMIT ? "limit" : "error";
}

static const char *generate(PzCtx *cx, uint64_t seed, Out *o)
{
  Out puzzle = {0};
  PzGenerateOptions go = {.seed = seed ? seed : 1};
  PzResult r = pz_generate(cx, &go, out_write, &puzzle);
  out_puts(o, "\"puzzle\": ");
  out_json(o, out_str(&puzzle));
  out_puts(o, ", ");
  free(puzzle.s);
  return r == PZ_SOLUTION ? "solved" : r == PZ_NO_MORE ? "unsatisfiable" : r == PZ_LIMIT ? "limit" : "error";
}

PZW_EXPORT char *pzw_run(const char *command, const char *name, const char *text, double seed,
                         double timeout)
{
  Progress progress = {0};
  PzOptions opt = {.clock = now_seconds, .poll = poll_page, .poll_ctx = &progress,
                   .seed = seed > 0 ? (uint64_t)seed : 1,
                   .goal_ties = !strcmp(command, "count"),
                   .clues_apart = !strcmp(command, "explain") || !strcmp(command, "grade") ||
                                  !strcmp(command, "generate"),
                   .restarts = !strcmp(command, "solve")};
  Out o = {0}, answer = {0};
  PzCtx *cx = pz_open(&opt);
  if (!cx)
    return strdup(out_of_memory);
  progress.cx = cx;
  progress.start = now_seconds();
  progress.next = progress.start + 0.25;
  pz_set_limits(cx, timeout > 0 ? timeout : 0, 0);
  bool check = !strcmp(command, "check");
  bool ok = check ? pz_check(cx, name, text, strlen(text)) : pz_load(cx, name, text, strlen(text));
  const char *status = "error";
  out_puts(&o, "{");
  if (!ok || pz_failed(cx)) {
    status = "error";
  } else if (check) {
    status = "ok";
    out_printf(&answer, "%s: no errors\n", name);
  } else if (!strcmp(command, "solve")) {
    status = solve(cx, CMD_SOLVE, name, &o, &answer);
  } else if (!strcmp(command, "all")) {
    status = solve(cx, CMD_ALL, name, &o, &answer);
  } else if (!strcmp(command, "count")) {
    status = solve(cx, CMD_COUNT, name, &o, &answer);
  } else if (!strcmp(command, "explain")) {
    status = explain(cx, PZ_EXPLAIN_STEPS, name, &o);
  } else if (!strcmp(command, "grade")) {
    status = explain(cx, PZ_EXPLAIN_GRADE, name, &o);
  } else if (!strcmp(command, "generate")) {
    status = generate(cx, seed > 0 ? (uint64_t)seed : 1, &o);
  } else {
    out_printf(&answer, "pz: unknown command\n");
  }
  if (pz_failed(cx))
    status = "error";
  out_printf(&o, "\"status\": \"%s\", \"text\": ", status);
  out_json(&o, out_str(&answer));
  out_puts(&o, ", ");
  json_errors(cx, &o);
  out_puts(&o, ", ");
  json_stats(cx, now_seconds() - progress.start, &o);
  out_puts(&o, "}");
  pz_close(cx);
  free(answer.s);
  if (o.failed || answer.failed) {
    free(o.s);
    return strdup(out_of_memory);
  }
  return o.s;
}

/* Frees what pzw_run returned. */
PZW_EXPORT void pzw_free(char *s)
{
  free(s);
}
