/*
** tests/unit/frontend.h -- the fixture of the front-end tests (parse,
** check): the tables a program is read into, made fresh for each test.
*/
#ifndef PZ_TEST_FRONTEND_H
#define PZ_TEST_FRONTEND_H

#include "base/arena.h"
#include "front/ast.h"
#include "front/check.h"
#include "base/diag.h"
#include "front/parse.h"

typedef struct Fixture {
  SymTable syms;
  SrcTable srcs;
  Diag diag;
  Arena arena;
  Ast ast;
  Names names;          /* filled by the checker; unused by the parser tests */
  Buf text;             /* rendered messages */
} Fixture;

static int setup(void **state)
{
  Fixture *f = calloc(1, sizeof *f);
  sym_init(&f->syms);
  src_init(&f->srcs);
  diag_init(&f->diag, &f->srcs);
  f->ast.arena = &f->arena;
  *state = f;
  return 0;
}

static int teardown(void **state)
{
  Fixture *f = *state;
  buf_free(&f->text);
  names_free(&f->names);
  arena_free(&f->arena);
  diag_free(&f->diag);
  src_free(&f->srcs);
  sym_free(&f->syms);
  free(f);
  return 0;
}

#endif
