/*
** pz.c -- the pipeline: load -> parse -> import -> check -> ground -> solve.
*/
#include "pz.h"

#include <string.h>

#include "arena.h"
#include "ast.h"
#include "check.h"
#include "diag.h"
#include "ground.h"
#include "mem.h"
#include "names.h"
#include "out.h"
#include "parse.h"
#include "library.h"
#include "vec.h"

struct PzCtx {
  PzOptions opt;
  SymTable syms;
  SrcTable srcs;
  Diag diag;
  Buf diag_text;
  Arena arena;            /* the syntax tree */
  Ast ast;
  Names names;
  Solver *solver;
  Ground ground;
  VEC(Sym) loaded;        /* modules already imported */
};

PzCtx *pz_open(const PzOptions *options)
{
  PzCtx *cx = xcalloc(1, sizeof *cx);
  if (options)
    cx->opt = *options;
  sym_init(&cx->syms);
  src_init(&cx->srcs);
  diag_init(&cx->diag, &cx->srcs);
  cx->ast.arena = &cx->arena;
  cx->solver = solver_new();
  return cx;
}

void pz_close(PzCtx *cx)
{
  if (!cx)
    return;
  ground_free(&cx->ground);
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

/* Load one imported module: a library name or a file path (in quotes). */
static void import_module(PzCtx *cx, const Stmt *st)
{
  for (size_t i = 0; i < cx->loaded.len; i++)
    if (cx->loaded.data[i] == st->sym)
      return;
  VEC_PUSH(cx->loaded, st->sym);
  const char *name = sym_name(&cx->syms, st->sym);
  const Node *what = st->items.items[0];
  if (what->kind == NK_STRING) {
    const Src *from = src_get(&cx->srcs, st->at.src);
    size_t dl = from && name[0] != '/' ? dir_len(from->name) : 0;
    Buf path = {0};
    buf_add(&path, from ? from->name : "", dl);
    buf_puts(&path, name);
    size_t len = 0;
    char *text = cx->opt.read_file ? cx->opt.read_file(cx->opt.io, buf_str(&path), &len) : NULL;
    if (!text)
      diag_error(&cx->diag, what->at, "cannot read the file '%s'", buf_str(&path));
    else
      parse_text(cx, buf_str(&path), text, len);
    xfree(text);
    buf_free(&path);
    return;
  }
  if (cx->opt.stdlib_dir && cx->opt.read_file) {
    Buf path = {0};
    buf_printf(&path, "%s/%s.pz", cx->opt.stdlib_dir, name);
    size_t len = 0;
    char *text = cx->opt.read_file(cx->opt.io, buf_str(&path), &len);
    if (text) {
      parse_text(cx, buf_str(&path), text, len);
      xfree(text);
      buf_free(&path);
      return;
    }
    buf_free(&path);
  }
  const StdlibFile *f = library_find(name);
  if (f) {
    Buf path = {0};
    buf_printf(&path, "stdlib/%s", f->name);
    parse_text(cx, buf_str(&path), f->text, strlen(f->text));
    buf_free(&path);
    return;
  }
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

static bool front_end(PzCtx *cx, const char *name, const char *text, size_t len)
{
  parse_text(cx, name, text, len);
  /* imports may import more: the statement list grows as we go */
  for (uint32_t i = 0; i < cx->ast.stmts.len && !diag_full(&cx->diag); i++)
    if (cx->ast.stmts.items[i]->kind == ST_IMPORT)
      import_module(cx, cx->ast.stmts.items[i]);
  if (cx->diag.nerrors)
    return false;
  return check_program(&cx->ast, &cx->names, &cx->syms, &cx->diag);
}

bool pz_check(PzCtx *cx, const char *name, const char *text, size_t len)
{
  return front_end(cx, name, text, len);
}

bool pz_load(PzCtx *cx, const char *name, const char *text, size_t len)
{
  if (!front_end(cx, name, text, len))
    return false;
  cx->ground = (Ground){.ast = &cx->ast, .names = &cx->names, .syms = &cx->syms,
                        .srcs = &cx->srcs, .diag = &cx->diag, .s = cx->solver};
  return ground_program(&cx->ground);
}

const char *pz_diagnostics(PzCtx *cx)
{
  buf_clear(&cx->diag_text);
  diag_render(&cx->diag, &cx->diag_text);
  return buf_str(&cx->diag_text);
}

void pz_set_limits(PzCtx *cx, double timeout_seconds, uint64_t max_nodes)
{
  solver_set_limits(cx->solver, (SolverLimits){timeout_seconds, max_nodes});
}

PzResult pz_next(PzCtx *cx)
{
  switch (search_next(cx->solver)) {
  case SEARCH_SOLUTION:
    return PZ_SOLUTION;
  case SEARCH_LIMIT:
    return PZ_LIMIT;
  case SEARCH_EXHAUSTED:
    break;
  }
  return PZ_NO_MORE;
}

void pz_solution_text(PzCtx *cx, Buf *out)
{
  out_text(&cx->ground, out);
}

void pz_solution_json(PzCtx *cx, Buf *out)
{
  out_json(&cx->ground, out);
}

const SolverStats *pz_stats(const PzCtx *cx)
{
  return solver_stats(cx->solver);
}
