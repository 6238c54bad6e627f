/*
** term.h -- the values of grounding and the solver variables behind them.
**
** Shared by the grounder's files (ground.c walks the program, builtin.c
** evaluates built-in functions, term.c does the arithmetic of linear
** terms and literals).  Not part of any public interface.
*/
#ifndef PZ_TERM_H
#define PZ_TERM_H

#include "ground/state.h"

/*
** Nothing may expand or grow beyond these.  The grounding budget bounds
** the time and memory a puzzle takes before solving: every quantifier
** case visited (true or false), list item made, cell declared and rule
** expanded costs one unit; a helper unknown with its propagator (for a
** condition, a product, ...) costs REIFIED_COST.  The largest example needs about 3,000,
** 200-queens written pair by pair 40,000; the limit keeps memory under
** about half a gigabyte.
*/
#define GROUND_BUDGET 5000000u
/* What one reified constraint (an unknown and a propagator) costs in budget units. */
#define REIFIED_COST 16u
#define MAX_CELLS 1000000        /* cells of one declared array or board */
#define MAX_RULE_DEPTH 200u      /* nesting of rule calls */
#define MAX_NESTING 1000u        /* nesting of the grounding walkers: 2 x AST_MAX_DEPTH, under 4 MB of stack with ASan */
#define MAX_LIST 10000000        /* elements of one range */
#define MAX_ABS_VALUE 1000000000 /* declared domains stay within +-this */

/*
** The walkers recurse once per level of an expression: a helper that is
** not on that path stays out of their frames (under ASan an inlined
** helper's locals made one level of min(...) take 5 KB of stack).
*/
#define NOINLINE __attribute__((noinline))

__extension__ typedef __int128 Wide;  /* bounds of sums of products, never overflowing */

/* Bindings of upper-case variables: a chain of frames on the C stack. */
typedef struct Env {
  const struct Env *up;
  Sym name;
  Value val;
  uint32_t pos;   /* a forall generator's case: the value's place in its list (from 1), else 0 */
} Env;

typedef VEC(Value) Values;

/* "An error was already reported": every consumer stays quiet. */
#define VALUE_NONE ((Value){.kind = V_NONE})

/* --- the walkers (ground.c, called through the Ground) --- */

/* The value of an expression: known, linear term, literal or list. */
Value ground_eval(Ground *g, const Env *env, const Node *n);
/* A condition as a literal (V_BOOL or V_LIT). */
Value ground_reify(Ground *g, const Env *env, const Node *n);
/* Assert a condition (pos) or its negation, reifying only when needed. */
void ground_post(Ground *g, const Env *env, const Node *n, bool pos);
/* Bind a global name (a variable, constant or value name) to its value. */
void ground_set_global(Ground *g, Sym s, Value v);

/* --- built-ins, indexing, arithmetic, if-then-else (builtin.c) --- */

/* A built-in call; post_mode asserts a condition such as distinct(...). */
Value builtin_call(Ground *g, const Env *env, const Node *n, const Builtin *b, bool post_mode,
                   bool pos);
/* base[i, j, ...]: known indices pick, unknown ones post an element constraint. */
Value builtin_index(Ground *g, const Env *env, const Node *n);
/* + - * / mod; products of unknowns, division and mod get auxiliary variables. */
Value builtin_arith(Ground *g, const Env *env, const Node *n);
Value builtin_if(Ground *g, const Env *env, const Node *n);
/*
** if c then a else b, c a literal (or a truth value), a and b evaluated,
** each defined where defined_a and defined_b hold: the term is defined
** where the branch taken is.  at_a and at_b place an error in either.
*/
Value term_if_else(Ground *g, Loc at_a, Loc at_b, Value c, Value a, Value defined_a, Value b, Value defined_b);
Value builtin_concat(Ground *g, const Env *env, const Node *n);

/* --- values (term.c) --- */

Value value_int(int64_t v);
Value value_bool(bool b);
Value value_lit(VarId x, bool neg);
/* A fresh list of n items in the grounding arena (charged to the budget). */
Value value_list(Ground *g, uint32_t n);
/* Read the caller's clock (ground_time_is_up, at one ask in 64). */
bool ground_time_check(Ground *g);
/* Has the time limit passed?  Then grounding stops, and pz_next says so. */
static inline bool ground_time_is_up(Ground *g)
{
  /* the walkers ask at every step: the caller's clock is read at one in 64 */
  if (!g->timed_out && g->time_up && (g->clock_asks++ & 63) == 0)
    return ground_time_check(g);
  return g->timed_out;
}
/* Spend units of the grounding budget; false (reported once) when it has run out. */
bool ground_charge(Ground *g, uint64_t units);
/* The value of a declared or auxiliary solver variable. */
Value value_var(Ground *g, VarId x);
bool value_is_known(Value v);
bool value_is_name(Value v);
bool value_is_number(Value v);
/* "a number", "a value name", ... for messages. */
const char *value_words(Value v);
/* Append the leaves of v (nested lists flattened) to out. */
void value_flatten(Value v, Values *out);
/* v itself when it is a list, else an error naming `what`. */
Value value_expect_list(Ground *g, Loc at, Value v, const char *what);
Value value_list_equal(Ground *g, Loc at, Value a, Value b, bool reif);
/* A drawn board (V_BOARD) as its rows, with V_WILD in the holes. */
Value board_rows_with_holes(Ground *g, Value board);
/* Rows and columns of a rectangular list of lists, or an error. */
bool board_shape(Ground *g, Loc at, Value b, const char *what, uint32_t *rows, uint32_t *cols);
Value board_column(Ground *g, Value b, uint32_t rows, uint32_t c);
const Value *env_find(const Env *e, Sym s);
/* builtin_find(g->syms, s), remembered by Sym. */
const Builtin *ground_builtin(Ground *g, Sym s);
const char *ground_name(const Ground *g, Sym s);
/* Report an error at `at`; returns VALUE_NONE. */
Value ground_error(Ground *g, Loc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* --- linear terms (term.c) --- */

/* Terms a relation or a comparison keeps on the C stack rather than in the arena. */
#define LIN_SMALL 8
/* sa * a + sb * b into l, whose arrays hold a->n + b->n terms, repeated variables merged. */
void lin_combine_into(Lin *l, const Lin *a, int64_t sa, const Lin *b, int64_t sb);

Lin *lin_alloc(Ground *g, uint32_t n);
Lin *lin_of_var(Ground *g, VarId x);
/* sa * a + sb * b with repeated variables merged and zero terms dropped. */
Lin *lin_combine(Ground *g, const Lin *a, int64_t sa, const Lin *b, int64_t sb);
/* The sum of parts[0..n), each variable once (in one pass: for sum() of a long list). */
Lin *lin_sum(Ground *g, Lin *const *parts, size_t n);
void lin_range(const Ground *g, const Lin *l, Wide *lo, Wide *hi);
/*
** v as a linear term.  Conditions count as 0/1 only when allow_cond;
** `what` names the operation for messages (NULL: a comparison, where
** value names compare by identity).
*/
bool to_lin(Ground *g, Loc at, Value v, bool allow_cond, const char *what, Lin **out);
Value lin_to_value(Lin *l, bool atom);
bool lin_fits(Wide v);
bool lin_solver_terms(Ground *g, Loc at, const Lin *l, int64_t scale, int32_t **coef, VarId **vars);
void lin_normal_form(Op op, int64_t *scale, ModelRel *rel, int64_t *shift);
/* Post "d OP 0", or with reif return its literal. */
Value lin_relation(Ground *g, Loc at, const Lin *d, Op op, bool reif);
/* e != c and, for c > 0, e != -c: abs(e) != c for a known c >= 0. */
void term_post_abs_ne(Ground *g, Loc at, Value e, int64_t c);
Op op_negate(Op op);
static inline bool op_holds(Op op, int64_t d)
{
  switch (op) {
  case OP_EQ: return d == 0;
  case OP_NE: return d != 0;
  case OP_LT: return d < 0;
  case OP_LE: return d <= 0;
  case OP_GT: return d > 0;
  case OP_GE: return d >= 0;
  default: return false;
  }
}

/* --- solver variables (term.c) --- */

/* A step that fails: term_post_false for a clue false whatever the unknowns
   are (an error), term_post_failing for one that only has no solution. */
void term_post_false(Ground *g);
void term_post_failing(Ground *g);
void term_mark_atom(Ground *g, VarId x, bool atom);
VarId term_new_var(Ground *g, int32_t lo, int32_t hi, bool atom);
/*
** A new variable for "one of arr[0..n)" (an element's result): its domain
** is the union of theirs when that is a modest list of values (sparse
** values such as 25000, 30000, ... stay a handful), else their range.
*/
VarId term_new_var_for(Ground *g, const VarId *arr, size_t n, bool atom);
/* A solver variable equal to v: a constant, v's own variable, or an auxiliary. */
bool term_var(Ground *g, Loc at, Value v, VarId *out);
/* Post or reify "a OP b" for any two values (lists compare item by item). */
Value term_compare(Ground *g, Loc at, Op op, Value a, Value b, bool reif);
Value term_equal(Ground *g, Loc at, Value a, Value b, bool reif);

/* --- partial terms: the relational semantics (term.c) --- */

/* The term being evaluated is defined only where `defined` holds. */
void term_defined_when(Ground *g, Value defined);
/* A mark to pass to the calls below: conditions begin here. */
size_t term_context_open(const Ground *g);
/* The conjunction of what was recorded since mark, taken off (true if nothing). */
Value term_context_take(Ground *g, size_t mark);
/* cond, made false where a partial term inside it is undefined. */
Value term_context_close(Ground *g, size_t mark, Value cond);
/* Post what was recorded since mark: the clause that contains it is asserted. */
void term_context_post(Ground *g, size_t mark);

/* --- literals (term.c) --- */

Value lit_not(Value v);
/* Post "at least one of lits"; known-true literals satisfy it at once. */
void lit_post_clause(Ground *g, const Value *lits, uint32_t n);
void lit_post(Ground *g, Value lit);
Value lit_and(Ground *g, const Value *lits, uint32_t n);
Value lit_or(Ground *g, const Value *lits, uint32_t n);
Value lit_and2(Ground *g, Value a, Value b);
Value lit_or2(Ground *g, Value a, Value b);
Value lit_iff(Ground *g, Loc at, Value a, Value b);
/* v when it is a condition, else an error. */
Value lit_check(Ground *g, Loc at, Value v);

#endif
