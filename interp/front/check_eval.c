/*
** check_eval.c -- the checker's second pass: statements, expressions, rules.
**
** It walks the program the way the grounder does (ground/ground.c):
** constants and sizes are computed, ranges and lists enumerated, rules
** expanded at each call with their arguments, quantifiers case by case,
** and a known condition decides and/or/-> and the guards of a forall just
** as it does there, so that a part the grounder never reaches is not
** reported here either.  What only the solver will know stays a bare kind.
*/
#include "front/check_eval.h"
#include "front/shapes.h"
#include "front/picture.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"

/* The grounder's limits (ground/term.h), which the front end cannot include. */
#define EV_MAX_CELLS 1000000
#define EV_MAX_RULE_DEPTH 200u
#define EV_MAX_NESTING 1000u
#define EV_MAX_LIST 10000000
#define EV_MAX_ABS_VALUE 1000000000
/* Steps of this pass; beyond them it stops quietly and leaves the rest to the grounder. */
#define EV_BUDGET 1000000u
/* Steps between two readings of the host's clock. */
#define EV_CLOCK_STEPS 1024u

/* --- values --- */

SVal sv_num(int64_t i)
{
  return (SVal){.kind = SV_NUM, .known = true, .i = i};
}

SVal sv_num_unknown(void)
{
  return (SVal){.kind = SV_NUM};
}

SVal sv_cond(bool b)
{
  return (SVal){.kind = SV_COND, .known = true, .i = b};
}

SVal sv_cond_unknown(void)
{
  return (SVal){.kind = SV_COND};
}

SVal sv_list(Ev *ev, const SVal *items, uint32_t n)
{
  SVal *copy = n ? arena_array(&ev->arena, SVal, n) : NULL;
  if (n)
    memcpy(copy, items, n * sizeof *copy);
  return (SVal){.kind = SV_LIST, .n = n, .n_known = true, .items = copy};
}

SVal sv_list_of(Ev *ev, SVal item, uint32_t n, bool n_known)
{
  SVal *one = arena_new(&ev->arena, SVal);
  *one = item;
  return (SVal){.kind = SV_LIST, .n = n_known ? n : 0, .n_known = n_known, .uniform = true, .items = one};
}

SVal sv_item(SVal list, uint32_t k)
{
  if (!list.items)
    return sv_num(list.i + k);
  return list.uniform ? list.items[0] : list.items[k];
}

bool sv_is_number(SVal v)
{
  return v.kind == SV_NUM;
}

bool sv_is_name(SVal v)
{
  return v.kind == SV_NAME;
}

const char *sv_words(SVal v)
{
  switch (v.kind) {
  case SV_NUM:
    return "a number";
  case SV_NAME:
    return "a value name";
  case SV_COND:
    return "a condition";
  case SV_STRING:
    return "a string";
  case SV_WILD:
    return "'_'";
  case SV_LIST:
    return "a list";
  case SV_BOARD:
    return "a board";
  case SV_NONE:
    break;
  }
  return "nothing";
}

/* What builtin_of holds for a Sym not looked up yet. */
static const Builtin unseen;

const Builtin *ev_builtin(Ev *ev, Sym s)
{
  if (s >= ev->nbuiltin_of) {
    uint32_t n = ev->syms->count > s ? ev->syms->count : s + 1;
    ev->builtin_of = xrealloc(ev->builtin_of, n * sizeof *ev->builtin_of);
    for (uint32_t i = ev->nbuiltin_of; i < n; i++)
      ev->builtin_of[i] = &unseen;
    ev->nbuiltin_of = n;
  }
  if (ev->builtin_of[s] == &unseen)
    ev->builtin_of[s] = builtin_find(ev->syms, s);
  return ev->builtin_of[s];
}

const char *ev_name(const Ev *ev, Sym s)
{
  return sym_name(ev->syms, s);
}

SVal ev_error(Ev *ev, Loc at, const char *fmt, ...)
{
  for (size_t i = 0; i < ev->reported.len; i++)
    if (ev->reported.data[i].src == at.src && ev->reported.data[i].off == at.off)
      return SV_UNKNOWN;
  VEC_PUSH(ev->reported, at);
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  diag_error(ev->diag, at, "%s", text);
  return SV_UNKNOWN;
}

void ev_note_subtraction(Ev *ev, const Node *n)
{
  if (n->kind == NK_BINARY && n->op == OP_SUB && n->a->kind == NK_INT && n->b->kind == NK_INT)
    diag_note(ev->diag, n->at, "'%lld-%lld' subtracts; the numbers from %lld to %lld are written %lld..%lld",
              (long long)n->a->ival, (long long)n->b->ival, (long long)n->a->ival,
              (long long)n->b->ival, (long long)n->a->ival, (long long)n->b->ival);
}

SVal ev_expr(Ev *ev, const EvEnv *env, const Node *n)
{
  return ev->expr(ev, env, n);
}

/* One step of the budget; false once it has run out (then the pass stops). */
bool ev_step(Ev *ev)
{
  if (++ev->work > EV_BUDGET)
    ev->stop = true;
  /* the time limit covers this pass too (a million steps are slow under
     sanitizers); the grounder then reports the limit */
  if (ev->time_up && ev->work % EV_CLOCK_STEPS == 0 && ev->time_up(ev->time_ctx))
    ev->stop = true;
  return !ev->stop && !diag_full(ev->diag);
}

/* Append the leaves of v to out; false when a list's length is not known. */
bool sv_flatten(SVal v, SVals *out)
{
  if (v.kind == SV_BOARD)
    return false;
  if (v.kind != SV_LIST) {
    VEC_PUSH(*out, v);
    return true;
  }
  if (!v.n_known)
    return false;
  for (uint32_t k = 0; k < v.n; k++)
    if (!sv_flatten(sv_item(v, k), out))
      return false;
  return true;
}

/* --- kinds --- */

/* "SEND" as a list: as the grounder's string_letters(). */
static SVal string_letters(Ev *ev, Loc at, Sym str)
{
  const char *s = sym_name(ev->syms, str);
  uint32_t len = (uint32_t)strlen(s);
  SVal *items = arena_array(&ev->arena, SVal, len + 1);
  for (uint32_t i = 0; i < len; i++) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      items[i] = sv_num(c - '0');
      continue;
    }
    char low = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (!(low >= 'a' && low <= 'z'))
      return ev_error(ev, at, "the string \"%s\" as a list: its letters stand for names and its "
                      "digits for numbers, but '%c' is neither", s, c);
    Node name = {.kind = NK_NAME, .at = at, .sym = sym_intern(ev->syms, &low, 1)};
    if (names_find(ev->names, name.sym)->kind == NAME_NONE)
      return ev_error(ev, at, "the string \"%s\" as a list: the letter '%c' stands for the name '%c', "
                      "which is not declared (as in 'var %c in 0..9.')", s, c, low, low);
    items[i] = ev->expr(ev, NULL, &name);
  }
  return (SVal){.kind = SV_LIST, .n = len, .n_known = true, .items = items};
}

SVal ev_expect_list(Ev *ev, Loc at, SVal v, const char *what)
{
  if (v.kind == SV_LIST || v.kind == SV_NONE)
    return v;
  if (v.kind == SV_STRING && v.i)
    return string_letters(ev, at, (Sym)v.i);
  if (v.kind == SV_BOARD)                         /* a drawn board as a list: its cells */
    return sv_list_of(ev, v.items ? v.items[0] : SV_UNKNOWN, 0, false);
  return ev_error(ev, at, "%s needs a list, but this is %s", what, sv_words(v));
}

bool ev_expect_number(Ev *ev, Loc at, SVal v, bool conds, const char *what)
{
  switch (v.kind) {
  case SV_NUM:
  case SV_NONE:
    return v.kind == SV_NUM;
  case SV_COND:
    if (conds)
      return true;
    ev_error(ev, at, "%s needs numbers, but this is a condition (use count(...) to count true conditions)",
             what ? what : "this comparison");
    return false;
  case SV_NAME:
    if (!what)                        /* comparing value names: fine */
      return true;
    if (v.known)
      ev_error(ev, at, "%s needs numbers, but '%s' is a value name", what, ev_name(ev, (Sym)v.i));
    else
      ev_error(ev, at, "%s needs numbers, but this is a value name", what);
    return false;
  default:
    ev_error(ev, at, "%s needs numbers, but this is %s", what ? what : "this", sv_words(v));
    return false;
  }
}

SVal ev_cond_check(Ev *ev, Loc at, SVal v)
{
  if (v.kind == SV_COND || v.kind == SV_NONE)
    return v;
  return ev_error(ev, at, "expected a condition here, but this is %s", sv_words(v));
}

/* A drawn board compares as its picture: the checker does not know it. */
SVal ev_compare(Ev *ev, Loc at, Op op, SVal a, SVal b)
{
  if (a.kind == SV_NUM && b.kind == SV_NUM && a.known && b.known) {   /* a guard R1 < R2 */
    int64_t d = a.i - b.i;
    return sv_cond(op == OP_EQ ? d == 0 : op == OP_NE ? d != 0 : op == OP_LT ? d < 0
                   : op == OP_LE ? d <= 0 : op == OP_GT ? d > 0 : d >= 0);
  }
  if (a.kind == SV_NONE || b.kind == SV_NONE || a.kind == SV_BOARD || b.kind == SV_BOARD)
    return SV_UNKNOWN;
  if (a.kind == SV_WILD || b.kind == SV_WILD) {   /* a blank is nothing: it equals only a blank */
    bool both = a.kind == SV_WILD && b.kind == SV_WILD;
    return sv_cond(op == OP_NE ? !both : op == OP_EQ && both);
  }
  if (a.kind == SV_LIST || b.kind == SV_LIST) {
    if (op != OP_EQ && op != OP_NE)
      return ev_error(ev, at, "lists can only be compared with = and !=");
    if (a.kind != SV_LIST || b.kind != SV_LIST)
      return ev_error(ev, at, "cannot compare %s with %s", sv_words(a), sv_words(b));
    if (!a.n_known || !b.n_known)
      return sv_cond_unknown();
    if (a.n != b.n)
      return ev_error(ev, at, "cannot compare a list of %u items with a list of %u items", a.n, b.n);
    bool known = true, all = true;
    for (uint32_t k = 0; k < a.n; k++) {
      if (sv_item(a, k).kind == SV_WILD || sv_item(b, k).kind == SV_WILD)
        continue;                         /* a blank leaves its place open, as in givens */
      SVal c = ev_compare(ev, at, OP_EQ, sv_item(a, k), sv_item(b, k));
      if (c.kind != SV_COND || !c.known)
        known = false;
      else
        all &= c.i != 0;
      if (c.kind == SV_NONE)
        return SV_UNKNOWN;
    }
    if (known || !all)
      return all ? sv_cond(op == OP_EQ) : (known ? sv_cond(op == OP_NE) : sv_cond_unknown());
    return sv_cond_unknown();
  }
  if (a.kind == SV_STRING || b.kind == SV_STRING) {   /* as the grounder's term_compare */
    if (op != OP_EQ && op != OP_NE)
      return ev_error(ev, at, "letters and texts have no order; only = and != compare them");
    SVal o = a.kind == SV_STRING ? b : a;
    if (o.kind == SV_NUM)
      return sv_cond(op == OP_NE);
    if (o.kind != SV_STRING && o.kind != SV_NAME)
      return ev_error(ev, at, "cannot compare a text with %s", sv_words(o));
    if (!a.i || !b.i || (o.kind == SV_NAME && !o.known))
      return sv_cond_unknown();
    return sv_cond((a.i == b.i) == (op == OP_EQ));
  }
  if ((sv_is_name(a) && sv_is_number(b)) || (sv_is_number(a) && sv_is_name(b)))
    return ev_error(ev, at, "cannot compare a value name with a number");
  if ((sv_is_name(a) || sv_is_name(b)) && op != OP_EQ && op != OP_NE)
    return ev_error(ev, at, "value names have no order; only = and != compare them");
  bool conds = a.kind == SV_COND && b.kind == SV_COND;
  if (conds && (op == OP_EQ || op == OP_NE)) {
    if (a.known && b.known)
      return sv_cond((a.i == b.i) == (op == OP_EQ));
    return sv_cond_unknown();
  }
  if (!ev_expect_number(ev, at, a, false, NULL) || !ev_expect_number(ev, at, b, false, NULL))
    return SV_UNKNOWN;
  if (!a.known || !b.known)
    return sv_cond_unknown();
  if (a.kind == SV_NAME)
    return sv_cond((a.i == b.i) == (op == OP_EQ));
  int64_t d = a.i - b.i;
  switch (op) {
  case OP_EQ: return sv_cond(d == 0);
  case OP_NE: return sv_cond(d != 0);
  case OP_LT: return sv_cond(d < 0);
  case OP_LE: return sv_cond(d <= 0);
  case OP_GT: return sv_cond(d > 0);
  default: return sv_cond(d >= 0);
  }
}

/* --- globals --- */

void ev_grow_globals(Ev *ev, Sym s)
{
  if (s < ev->nglobals)
    return;
  uint32_t n = ev->nglobals ? ev->nglobals : 64;
  while (n <= s)
    n *= 2;
  ev->globals = xrealloc(ev->globals, n * sizeof *ev->globals);
  ev->state = xrealloc(ev->state, n);
  ev->expanded = xrealloc(ev->expanded, n * sizeof *ev->expanded);
  memset(ev->globals + ev->nglobals, 0, (n - ev->nglobals) * sizeof *ev->globals);
  memset(ev->state + ev->nglobals, 0, n - ev->nglobals);
  memset(ev->expanded + ev->nglobals, 0, (n - ev->nglobals) * sizeof *ev->expanded);
  ev->nglobals = n;
}

SVal ev_const_value(Ev *ev, const Node *use, const Stmt *st)
{
  Sym s = st->sym;
  ev_grow_globals(ev, s);
  if (ev->state[s] == 2)
    return ev->globals[s];
  if (ev->state[s] == 1)
    return ev_error(ev, use->at, "the constant '%s' is defined in terms of itself", ev_name(ev, s));
  ev->state[s] = 1;
  SVal v = ev_expr(ev, NULL, st->expr);
  ev_grow_globals(ev, s);
  ev->globals[s] = v;
  ev->state[s] = 2;
  return v;
}

/*
** The values of a domain, as the grounder's domain_of(): *atom when they
** are value names.  False (reported, or not known here) otherwise.
*/
static bool domain_kind(Ev *ev, const Stmt *st, Sym name, bool *atom)
{
  const Node *d = st->expr;
  int64_t lo, hi;
  bool is_range = d->kind == NK_BINARY && d->op == OP_RANGE;
  SVals vals = {0};
  *atom = false;
  if (is_range) {
    SVal a = ev_expr(ev, NULL, d->a), b = ev_expr(ev, NULL, d->b);
    if (a.kind == SV_NONE || b.kind == SV_NONE)
      return false;
    if (a.kind != SV_NUM || b.kind != SV_NUM || !a.known || !b.known) {
      ev_error(ev, d->at, "the domain of '%s' must be a range of numbers or a list of values", ev_name(ev, name));
      return false;
    }
    lo = a.i;
    hi = b.i;
  } else {
    SVal v = ev_expr(ev, NULL, d);
    if (v.kind == SV_NONE)
      return false;
    if (v.kind != SV_LIST) {
      unsigned before = ev->diag->nerrors;
      ev_error(ev, d->at, "the domain of '%s' must be a range like 1..9 or a list like [red, green], not %s",
               ev_name(ev, name), sv_words(v));
      if (ev->diag->nerrors > before)
        ev_note_subtraction(ev, d);
      return false;
    }
    if (!sv_flatten(v, &vals)) {
      VEC_FREE(vals);
      return false;
    }
    bool nums = false;
    for (size_t i = 0; i < vals.len; i++) {
      SVal x = vals.data[i];
      if (x.kind == SV_NAME && x.known) {
        *atom = true;
      } else if (x.kind == SV_NUM && x.known) {
        nums = true;
      } else {
        if (x.kind != SV_NONE)
          ev_error(ev, d->at, "the domain of '%s' can hold only numbers or value names, not %s",
                   ev_name(ev, name), sv_words(x));
        VEC_FREE(vals);
        return false;
      }
    }
    if (*atom && nums) {
      ev_error(ev, d->at, "the domain of '%s' mixes numbers and value names", ev_name(ev, name));
      VEC_FREE(vals);
      return false;
    }
    lo = 1;
    hi = (int64_t)vals.len;
  }
  if (hi < lo || (vals.len == 0 && !is_range)) {
    ev_error(ev, d->at, "the domain of '%s' is empty", ev_name(ev, name));
    VEC_FREE(vals);
    return false;
  }
  for (size_t i = 0; i < vals.len && !*atom; i++) {
    lo = i == 0 || vals.data[i].i < lo ? vals.data[i].i : lo;
    hi = i == 0 || vals.data[i].i > hi ? vals.data[i].i : hi;
  }
  VEC_FREE(vals);
  if (lo < -EV_MAX_ABS_VALUE || hi > EV_MAX_ABS_VALUE) {
    ev_error(ev, d->at, "the domain of '%s' is too large: values must lie within -%d..%d", ev_name(ev, name),
             EV_MAX_ABS_VALUE, EV_MAX_ABS_VALUE);
    return false;
  }
  return true;
}

/* A drawn board from its layout: its shape, and whether it is hex (board.c's looks_hex). */
static SVal layout_board(Ev *ev, const Node *picture, SVal cell)
{
  SVal pic = ev_picture(ev, picture);
  uint32_t rows = pic.n, cols = 0;
  for (uint32_t r = 0; r < rows; r++)
    cols = pic.items[r].n > cols ? pic.items[r].n : cols;
  if (rows == 0 || cols == 0)
    return ev_error(ev, picture->at, "this layout has no cells");
  bool *on = xcalloc((size_t)rows * cols, sizeof *on);
  uint32_t ncells = 0;
  for (uint32_t r = 0; r < rows; r++)
    for (uint32_t c = 0; c < pic.items[r].n; c++)
      if (pic.items[r].items[c].kind != SV_WILD) {
        on[r * cols + c] = true;
        ncells++;
      }
  bool hex = ncells > 0, any_gap = false, any_slant = false;
  int parity = -1;
  for (uint32_t r = 0; r < rows && hex; r++)
    for (uint32_t c = 0; c < cols && hex; c++) {
      if (!on[r * cols + c])
        continue;
      if ((c + 1 < cols && on[r * cols + c + 1]) || (parity >= 0 && (int)((r + c) % 2) != parity))
        hex = false;
      parity = (int)((r + c) % 2);
      any_gap |= c + 2 < cols && on[r * cols + c + 2];
      any_slant |= r + 1 < rows && ((c > 0 && on[(r + 1) * cols + c - 1]) ||
                                    (c + 1 < cols && on[(r + 1) * cols + c + 1]));
    }
  xfree(on);
  if (ncells == 0)
    return ev_error(ev, picture->at, "this layout has no cells ('.' marks a place without one)");
  SVal b = sv_list_of(ev, cell, 0, false);
  b.kind = SV_BOARD;
  b.n = rows;
  b.cols = cols;
  b.hex = hex && any_gap && any_slant;
  return b;
}

/* The value of a declared unknown: its cells' kind in its shape. */
SVal ev_var_value(Ev *ev, Sym s)
{
  ev_grow_globals(ev, s);
  if (ev->state[s] == 2)
    return ev->globals[s];
  ev->state[s] = 2;
  const NameInfo *ni = names_find(ev->names, s);
  const Stmt *st = ni->decl;
  const Node *d = ni->decl_node;
  SVal v = SV_UNKNOWN;
  uint32_t ndims = d->kind == NK_INDEX ? d->list.len : 0;
  uint32_t dims[8];
  bool ok = true;
  if (ndims > 8) {
    ev_error(ev, d->at, "'%s' has %u dimensions; at most 8 are allowed", ev_name(ev, s), ndims);
    ok = false;
  }
  double cells = 1;
  for (uint32_t i = 0; i < ndims && ok; i++) {
    SVal k = ev_expr(ev, NULL, d->list.items[i]);
    if (k.kind != SV_NUM || !k.known || k.i < 1) {
      if (k.kind != SV_NONE) {
        unsigned before = ev->diag->nerrors;
        ev_error(ev, d->list.items[i]->at, "a size must be a positive number known before solving");
        if (ev->diag->nerrors > before)
          ev_note_subtraction(ev, d->list.items[i]);
      }
      ok = false;
    } else {
      dims[i] = (uint32_t)(k.i > EV_MAX_CELLS ? EV_MAX_CELLS : k.i);
      cells *= (double)k.i;
    }
  }
  if (ok && cells > EV_MAX_CELLS) {
    ev_error(ev, d->at, "'%s' would have %.0f cells; at most %d are allowed", ev_name(ev, s), cells,
             EV_MAX_CELLS);
    ok = false;
  }
  bool atom;
  if (ok && st->tile) {                 /* cells hold the names of the pieces */
    SVal cell = {.kind = SV_NAME};
    if (st->drawn) {
      const Node *b = st->drawn;
      uint32_t rows = b->kind == NK_PICTURE ? b->list.len : 1, cols = 0;
      bool holes = false;
      for (uint32_t r = 0; r < rows; r++) {
        const char *t = sym_name(ev->syms, (b->kind == NK_PICTURE ? b->list.items[r] : b)->sym);
        cols = strlen(t) > cols ? (uint32_t)strlen(t) : cols;
      }
      for (uint32_t r = 0; r < rows; r++) {
        const char *t = sym_name(ev->syms, (b->kind == NK_PICTURE ? b->list.items[r] : b)->sym);
        for (uint32_t c = 0; c < cols; c++)
          holes |= c >= strlen(t) || !shapes_is_square(t[c]);
      }
      if (!holes) {
        v = sv_list_of(ev, sv_list_of(ev, cell, cols, true), rows, true);
      } else {
        v = sv_list_of(ev, cell, 0, false);
        v.kind = SV_BOARD;
        v.n = rows;
        v.cols = cols;
      }
    } else if (ndims == 2) {
      v = sv_list_of(ev, sv_list_of(ev, cell, dims[1], true), dims[0], true);
    }
  } else if (ok && domain_kind(ev, st, s, &atom)) {
    SVal cell = {.kind = atom ? SV_NAME : SV_NUM};
    if (st->layout) {
      v = layout_board(ev, st->layout, cell);
    } else {
      v = cell;
      for (uint32_t i = ndims; i-- > 0;)
        v = sv_list_of(ev, v, dims[i], true);
    }
  }
  ev_grow_globals(ev, s);
  ev->globals[s] = v;
  return v;
}

/* --- pictures --- */

static SVal token_value(Ev *ev, const char *s, size_t n)
{
  int64_t v;
  switch (picture_token(s, n, &v)) {
  case PICTURE_BLANK:
    return (SVal){.kind = SV_WILD};
  case PICTURE_NUMBER:
    return sv_num(v);
  case PICTURE_TOO_BIG:                 /* an error the checker reported */
    return sv_num(0);
  case PICTURE_WORD:
    break;
  }
  return (SVal){.kind = SV_STRING, .i = sym_intern(ev->syms, s, n)};
}

/* The rows of a picture, as the grounder's board_picture(). */
SVal ev_picture(Ev *ev, const Node *picture)
{
  SVal *rows = arena_array(&ev->arena, SVal, picture->list.len + 1);
  for (uint32_t r = 0; r < picture->list.len; r++) {
    const char *s = sym_name(ev->syms, picture->list.items[r]->sym);
    size_t len = strlen(s);
    SVals toks = {0};
    for (size_t at = 0, start, n; picture_next_token(s, len, &at, &start, &n);)
      VEC_PUSH(toks, token_value(ev, s + start, n));
    rows[r] = sv_list(ev, toks.data, (uint32_t)toks.len);
    VEC_FREE(toks);
  }
  return (SVal){.kind = SV_LIST, .n = picture->list.len, .n_known = true, .items = rows};
}
