/*
** check_eval.h -- the checker's second pass: what is known before solving.
**
** The grounder computes everything a puzzle fixes before solving
** (constants, ranges, sizes, board shapes, rule arguments, quantifier
** bindings).  This pass computes the same things without a solver, with
** each unknown kept only as its kind (a number, a value name, a
** condition), so that every mistake that does not depend on the solver
** is reported here, by `pz check` as well as by `pz`: wrong kinds, index
** and row numbers out of range, boards of the wrong shape, empty domains,
** division by zero, rules that call themselves without end.  A mistake
** met again (in each case of a forall, at each call of a rule) is
** reported once, at its place.
**
** Shared by check_eval.c (statements, expressions, rules) and
** check_builtin.c (one static rule per built-in); not used elsewhere.
*/
#ifndef PZ_CHECK_EVAL_H
#define PZ_CHECK_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/vec.h"
#include "front/ast.h"
#include "front/check.h"
#include "front/names.h"

typedef enum {
  SV_NONE,     /* the checker cannot tell (or an error was reported): stay quiet */
  SV_NUM,      /* a number: i when known */
  SV_NAME,     /* a value name: its Sym in i when known */
  SV_COND,     /* a condition: i (0 or 1) when known */
  SV_STRING,
  SV_WILD,     /* '_' or '.' in a picture */
  SV_LIST,     /* see sv_item() */
  SV_BOARD,    /* a drawn board: rows x cols places, cells like items[0] */
} SvKind;

typedef struct SVal SVal;
struct SVal {
  SvKind kind;
  bool known;          /* SV_NUM, SV_NAME, SV_COND: i is the value */
  int64_t i;           /* SV_LIST without items: the first of the range i, i+1, ... */
  uint32_t n;          /* SV_LIST: the length when n_known; SV_BOARD: rows */
  bool n_known;
  bool uniform;        /* SV_LIST, SV_BOARD: every item is like items[0] */
  const SVal *items;   /* SV_LIST: n items, or one when uniform, or NULL for a range */
  uint32_t cols;       /* SV_BOARD */
  bool hex;            /* SV_BOARD */
};

#define SV_UNKNOWN ((SVal){.kind = SV_NONE})

typedef VEC(SVal) SVals;

typedef struct EvEnv {
  const struct EvEnv *up;
  Sym name;
  SVal val;
} EvEnv;

struct EvEnv;

typedef struct Ev {
  /* the walker (check_walk.c), set by check_eval_program: ev_expr calls
     through it, so the files of the pass need none of check_walk.c's names */
  SVal (*expr)(struct Ev *ev, const struct EvEnv *env, const Node *n);
  const Ast *ast;
  Names *names;
  SymTable *syms;
  Diag *diag;
  Arena arena;
  VEC(Loc) reported;      /* the places of the errors reported: one each */
  SVal *globals;          /* by Sym: constants and unknowns, once computed */
  uint8_t *state;         /* by Sym: 0 not yet, 1 being computed, 2 done */
  uint32_t nglobals;
  bool entities_named;    /* the entities of a logic grid are names */
  bool has_entities;
  Sym entities_name;
  SVal entities;
  unsigned depth;         /* nesting of rule expansions */
  unsigned nesting;       /* nesting of the walkers, for the C stack */
  uint64_t work;          /* steps spent: the pass gives up quietly beyond its budget */
  CheckTimeUp time_up;    /* the host's clock (check.h), asked every EV_CLOCK_STEPS; or NULL */
  void *time_ctx;
  bool stop;              /* given up, or an error that ends the pass was reported */
  bool *expanded;         /* by Sym: a rule expanded at least once */
  bool generic;           /* checking rule bodies alone: calls are not expanded */
  bool counting;          /* count([X : ...]): the next comprehension counts bindings,
                             so its conditions may be unknown */
  bool summing;           /* sum([E : ...]): the next comprehension adds the E whose
                             conditions hold, so they may be unknown */
  const Builtin **builtin_of;   /* by Sym: builtin_find's answer, once looked up (ev_builtin) */
  uint32_t nbuiltin_of;
} Ev;

/* builtin_find(ev->syms, s), remembered by Sym: every forall case asks again. */
const Builtin *ev_builtin(Ev *ev, Sym s);

/* Report an error at `at` unless one was reported there already; SV_UNKNOWN. */
SVal ev_error(Ev *ev, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* After an error about n: when n is `1-9`, a note that 1..9 was meant. */
void ev_note_subtraction(Ev *ev, const Node *n);
const char *ev_name(const Ev *ev, Sym s);
/* "a number", "a value name", ... for messages. */
const char *sv_words(SVal v);

SVal sv_num(int64_t i);
SVal sv_num_unknown(void);
SVal sv_cond(bool b);
SVal sv_cond_unknown(void);
/* A list of n items (copied into the arena). */
SVal sv_list(Ev *ev, const SVal *items, uint32_t n);
/* A list of n items (n_known false: of an unknown length) all like item. */
SVal sv_list_of(Ev *ev, SVal item, uint32_t n, bool n_known);
/* Item k of a list (k < n, or any k when uniform). */
SVal sv_item(SVal list, uint32_t k);
/* Append the leaves of v to out; false when a list's length is not known here. */
bool sv_flatten(SVal v, SVals *out);
bool sv_is_number(SVal v);
bool sv_is_name(SVal v);

/* One step of the pass's budget; false once it has stopped (then stay quiet). */
bool ev_step(Ev *ev);
void ev_grow_globals(Ev *ev, Sym s);
/* A constant's value, computed at its first use (`use`). */
SVal ev_const_value(Ev *ev, const Node *use, const Stmt *st);
/* A declared unknown: its cells' kind in its shape (domain errors reported once). */
SVal ev_var_value(Ev *ev, Sym s);
/* The rows of a picture: numbers, '_' and words. */
SVal ev_picture(Ev *ev, const Node *picture);
/* v when it is a condition, else an error. */
SVal ev_cond_check(Ev *ev, Loc at, SVal v);

/* --- check_walk.c --- */
SVal ev_expr(Ev *ev, const EvEnv *env, const Node *n);
/* A condition: posted (post), or as a value to combine; reports a non-condition. */
SVal ev_cond(Ev *ev, const EvEnv *env, const Node *n, bool post, bool pos);
/* v as a list for `what`, or an error (a drawn board counts as its cells). */
SVal ev_expect_list(Ev *ev, Loc at, SVal v, const char *what);
/* v as a number for `what`, or an error; conds counts conditions as 0/1. */
bool ev_expect_number(Ev *ev, Loc at, SVal v, bool conds, const char *what);
SVal ev_compare(Ev *ev, Loc at, Op op, SVal a, SVal b);

/* Is n "runs(L) = C" (or "C = runs(L)")?  Posted, check_runs_clue checks it. */
bool check_is_runs_clue(Ev *ev, const Node *n);
SVal check_runs_clue(Ev *ev, const EvEnv *env, const Node *n);
/* One built-in's static rule (the `check` column of builtins.def). */
SVal check_builtin(Ev *ev, const EvEnv *env, const Node *n, const Builtin *b, bool post, bool pos);

/* --- check_warn.c: warnings about a valid program --- */
/* A clue whose value v the pass knows, true, and which names no unknown. */
void check_warn_clue(Ev *ev, const Stmt *st, SVal v);
/* A goal whose value v the pass knows, and which names no unknown. */
void check_warn_goal(Ev *ev, const Stmt *st, SVal v);
/* The unknowns and boards that no statement but their declaration names. */
void check_warn_unused(const Ast *ast, const Names *names, SymTable *syms, Diag *diag);

/* Run the pass over a program whose names are all resolved. */
void check_eval_program(const Ast *ast, Names *names, SymTable *syms, Diag *diag,
                        CheckTimeUp time_up, void *time_ctx);

#endif
