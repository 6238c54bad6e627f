/*
** check.c -- names, arities and variable scopes.
*/
#include "front/check.h"
#include "front/picture.h"
#include "front/shapes.h"

#include <stdio.h>
#include <string.h>

#include "front/check_eval.h"
#include "front/library.h"
#include "base/mem.h"
#include "base/spell.h"
#include "base/vec.h"

typedef struct Checker {
  const Ast *ast;
  Names *names;
  SymTable *syms;
  Diag *diag;
  VEC(Sym) scope;        /* upper-case variables bound here, innermost last */
  bool as_value;         /* the call checked now is an operand of arithmetic or a comparison */
  VEC(Sym) facts;        /* rules written as Prolog facts, and functions written without
                            the word function: reported at the definition only */
  /* The clause checked now: the forall or exists that a top-level ',' or ';'
     ends while a later part of the clause may use its variables (cut), and
     the variables already reported as without a value (once a clause). */
  VEC(const Node *) cut;
  VEC(Sym) free_reported;
} Checker;

static const char *name_of(const Checker *c, Sym s)
{
  return sym_name(c->syms, s);
}

/* --- did you mean --- */

const char *check_closest(const char *wrong, const char *const *candidates, uint32_t n)
{
  return spell_closest(wrong, candidates, n);
}

/*
** Suggest a global name (of the wanted kinds) close to `wrong`; with
** `quiet`, only say whether there is one.
*/
static bool suggest_global_if(Checker *c, Sym wrong, Loc at, bool want_rules, bool want_values,
                              bool quiet)
{
  VEC(const char *) cands = {0};
  VEC(Loc) locs = {0};
  for (uint32_t s = 1; s < c->names->cap; s++) {
    const NameInfo *ni = &c->names->info[s];
    bool rule = ni->kind == NAME_RULE || ni->kind == NAME_FUNC || ni->kind == NAME_ATTR;
    if (ni->kind == NAME_NONE || (rule && !want_rules) || (!rule && !want_values))
      continue;
    VEC_PUSH(cands, name_of(c, s));
    VEC_PUSH(locs, ni->at);
  }
  if (want_rules) {
    uint32_t nb;
    const Builtin *b = builtin_table(&nb);
    for (uint32_t i = 0; i < nb; i++) {
      VEC_PUSH(cands, b[i].name);
      VEC_PUSH(locs, ((Loc){0, 0, 0}));
    }
  }
  const char *best = check_closest(name_of(c, wrong), cands.data, (uint32_t)cands.len);
  for (size_t i = 0; best && !quiet && i < cands.len; i++) {
    if (cands.data[i] != best)
      continue;
    if (locs.data[i].src)
      diag_note(c->diag, locs.data[i], "did you mean '%s'?", best);
    else
      diag_note(c->diag, at, "did you mean '%s' (built in)?", best);
    break;
  }
  VEC_FREE(cands);
  VEC_FREE(locs);
  return best != NULL;
}

static void suggest_global(Checker *c, Sym wrong, Loc at, bool want_rules, bool want_values)
{
  suggest_global_if(c, wrong, at, want_rules, want_values, false);
}

/* --- declarations --- */

static bool declare(Checker *c, Sym s, Loc at, NameKind kind)
{
  NameInfo *ni = names_get(c->names, s);
  if (ni->kind != NAME_NONE) {
    diag_error(c->diag, at, "'%s' is already declared", name_of(c, s));
    diag_note(c->diag, ni->at, "'%s' was first declared here", name_of(c, s));
    return false;
  }
  /* a bare name never calls a built-in, so unknowns and constants may
     share a built-in's name; rules and attributes, which are called, may not */
  if ((kind == NAME_RULE || kind == NAME_FUNC || kind == NAME_ATTR) && builtin_find(c->syms, s)) {
    diag_error(c->diag, at, "'%s' is a built-in name and cannot be defined again", name_of(c, s));
    return false;
  }
  ni->kind = kind;
  ni->at = at;
  return true;
}

static void declare_rule(Checker *c, Stmt *st)
{
  Node *h = st->head;
  if (h->kind != NK_CALL && h->kind != NK_NAME) {
    diag_error(c->diag, h->at, "the head of a rule must be a name with parameters, like next_to(A, B)");
    return;
  }
  uint32_t arity = h->kind == NK_CALL ? h->list.len : 0;
  NameInfo *ni = names_get(c->names, h->sym);
  if (ni->kind == NAME_RULE) {
    if (ni->arity != arity) {
      diag_error(c->diag, h->at, "the rule '%s' has %u parameter%s here but %u in its first clause",
                 name_of(c, h->sym), arity, arity == 1 ? "" : "s", ni->arity);
      diag_note(c->diag, ni->at, "first clause of '%s'", name_of(c, h->sym));
      return;
    }
  } else if (!declare(c, h->sym, h->at, NAME_RULE)) {
    return;
  }
  ni = names_get(c->names, h->sym);
  ni->arity = arity;
  VEC_PUSH(ni->clauses, st);
}

/*
** function sq(X) = X * X.  One definition per name; its parameters are
** variables, each once (a pattern would leave the value undefined for
** the arguments it does not match: use if ... then ... else).
*/
static void declare_function(Checker *c, Stmt *st)
{
  Node *h = st->head;
  if (!declare(c, h->sym, h->at, NAME_FUNC))
    return;
  NameInfo *ni = names_get(c->names, h->sym);
  ni->arity = h->kind == NK_CALL ? h->list.len : 0;
  ni->decl = st;
}

/* Value names are introduced by the domains of variables and by constants. */
static void declare_atoms(Checker *c, Node *n)
{
  if (!n)
    return;
  if (n->kind == NK_NAME) {
    NameInfo *ni = names_get(c->names, n->sym);
    if (ni->kind == NAME_NONE && !builtin_find(c->syms, n->sym)) {
      ni->kind = NAME_ATOM;
      ni->at = n->at;
    }
    return;
  }
  if (n->kind == NK_LIST)
    for (uint32_t i = 0; i < n->list.len; i++)
      declare_atoms(c, n->list.items[i]);
}

/* entities house: 1..5.   attribute colour: red, green, ... */
static void declare_grid(Checker *c, Stmt *st)
{
  bool entities = st->kind == ST_ENTITIES;
  declare(c, st->sym, st->name->at, entities ? NAME_ENTITIES : NAME_ATTR);
  names_get(c->names, st->sym)->decl = st;
  names_get(c->names, st->sym)->arity = 1;
  for (uint32_t k = 0; k < st->items.len; k++) {
    Node *v = st->items.items[k];
    if (v->kind == NK_NAME && st->repeats) {   /* yes, no: plain value names, shared by properties */
      NameInfo *ni = names_get(c->names, v->sym);
      bool twice = false;
      for (uint32_t j = 0; j < k && !twice; j++)
        twice = st->items.items[j]->kind == NK_NAME && st->items.items[j]->sym == v->sym;
      if (twice) {
        diag_error(c->diag, v->at, "'%s' lists the value '%s' twice", name_of(c, st->sym), name_of(c, v->sym));
        continue;
      }
      if (ni->kind != NAME_ATOM && declare(c, v->sym, v->at, NAME_ATOM))
        ni->at = v->at;
    } else if (v->kind == NK_NAME) {
      if (declare(c, v->sym, v->at, entities ? NAME_ENTITY : NAME_ITEM))
        names_get(c->names, v->sym)->decl = st;
    } else if (v->kind != NK_INT && !(v->kind == NK_UNARY && v->op == OP_NEG) &&
               !(v->kind == NK_BINARY && v->op == OP_RANGE)) {
      diag_error(c->diag, v->at, "%s must be names or numbers, like red or 1920",
                 entities ? "entities" : st->repeats ? "the values of a property" : "the values of an attribute");
    }
  }
}

static void declare_all(Checker *c)
{
  for (uint32_t i = 0; i < c->ast->stmts.len; i++) {
    Stmt *st = c->ast->stmts.items[i];
    switch (st->kind) {
    case ST_VAR:
      for (uint32_t k = 0; k < st->items.len; k++) {
        Node *d = st->items.items[k];
        Sym s = d->kind == NK_INDEX ? d->a->sym : d->sym;
        if (declare(c, s, d->at, NAME_VAR)) {
          NameInfo *ni = names_get(c->names, s);
          ni->decl = st;
          ni->decl_node = d;
        }
      }
      break;
    case ST_CONST:
      if (declare(c, st->sym, st->items.items[0]->at, NAME_CONST))
        names_get(c->names, st->sym)->decl = st;
      break;
    case ST_RULE:
      declare_rule(c, st);
      break;
    case ST_FUNCTION:
      declare_function(c, st);
      break;
    case ST_ENTITIES:
    case ST_ATTRIBUTE:
      declare_grid(c, st);
      break;
    case ST_PIECES:
      if (declare(c, st->sym, st->name->at, NAME_PIECES))
        names_get(c->names, st->sym)->decl = st;
      break;
    default:
      break;
    }
  }
  /* the kinds of moves on a board (and connected's outside), unless the program uses the names itself */
  static const char *const moves[] = {"orthogonal", "diagonal", "king", "knight", "adjacent",
                                      "outside"};
  for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
    NameInfo *ni = names_get(c->names, sym_intern_cstr(c->syms, moves[i]));
    if (ni->kind == NAME_NONE)
      ni->kind = NAME_ATOM;
  }
  /* after the declared names, so a typo'd value cannot shadow a variable */
  for (uint32_t i = 0; i < c->ast->stmts.len; i++) {
    Stmt *st = c->ast->stmts.items[i];
    if (st->kind == ST_VAR || st->kind == ST_CONST)
      declare_atoms(c, st->expr);
  }
}

/* --- expressions --- */

static bool in_scope(const Checker *c, Sym s)
{
  for (size_t i = c->scope.len; i-- > 0;)
    if (c->scope.data[i] == s)
      return true;
  return false;
}

static void check_expr(Checker *c, const Node *n);

static void check_list(Checker *c, const NodeList *l)
{
  for (uint32_t i = 0; i < l->len; i++)
    check_expr(c, l->items[i]);
}

/* A pattern of new variables: X, or [X, Y] with every X new. */
static bool is_binder(const Checker *c, const Node *n)
{
  if (n->kind == NK_VAR)
    return !in_scope(c, n->sym);
  if (n->kind != NK_LIST || n->list.len == 0)
    return false;
  for (uint32_t i = 0; i < n->list.len; i++)
    if (n->list.items[i]->kind != NK_VAR || in_scope(c, n->list.items[i]->sym))
      return false;
  return true;
}

/* The name n with its first letter in capitals ("i" -> "I"), in buf. */
static const char *capitalised(const Checker *c, Sym s, char *buf, size_t size)
{
  snprintf(buf, size, "%s", name_of(c, s));
  if (buf[0] >= 'a' && buf[0] <= 'z')
    buf[0] = (char)(buf[0] - 'a' + 'A');
  return buf;
}

/*
** `forall i in 1..3`: a loop variable written in lower case, where no
** name i is declared.  Reported once, here; then i is bound like I, so
** that its uses say nothing more.
*/
static bool lower_case_binder(Checker *c, const Node *q, const char *loop)
{
  if (q->a->kind != NK_NAME || names_find(c->names, q->a->sym)->kind != NAME_NONE ||
      builtin_find(c->syms, q->a->sym))
    return false;
  char buf[72];
  const char *name = name_of(c, q->a->sym), *big = capitalised(c, q->a->sym, buf, sizeof buf);
  diag_error(c->diag, q->a->at, "a loop variable starts with a capital letter: write '%s %s in ...', "
             "not '%s %s in ...'", loop, big, loop, name);
  return true;
}

/* Qualifiers bind left to right; returns how many variables were bound.
   `loop` is how the qualifiers begin: "forall", "exists" or "[... :". */
static size_t check_quals(Checker *c, const NodeList *quals, const char *loop)
{
  size_t bound = 0;
  for (uint32_t i = 0; i < quals->len; i++) {
    const Node *q = quals->items[i];
    if (q->kind == NK_BINARY && q->op == OP_IN && lower_case_binder(c, q, loop)) {
      check_expr(c, q->b);
      VEC_PUSH(c->scope, q->a->sym);
      bound++;
    } else if (q->kind == NK_BINARY && q->op == OP_IN && is_binder(c, q->a)) {
      check_expr(c, q->b);
      if (q->a->kind == NK_VAR) {
        VEC_PUSH(c->scope, q->a->sym);
        bound++;
      } else {
        for (uint32_t k = 0; k < q->a->list.len; k++)
          VEC_PUSH(c->scope, q->a->list.items[k]->sym);
        bound += q->a->list.len;
      }
    } else {
      check_expr(c, q);
    }
  }
  return bound;
}

static void check_name(Checker *c, const Node *n)
{
  const NameInfo *ni = names_find(c->names, n->sym);
  if (ni->kind == NAME_ATTR) {
    diag_error(c->diag, n->at, "'%s' is an attribute: write %s(X) for the %s of X", name_of(c, n->sym),
               name_of(c, n->sym), name_of(c, n->sym));
  } else if ((ni->kind == NAME_RULE || ni->kind == NAME_FUNC) && ni->arity != 0) {
    diag_error(c->diag, n->at, "the %s '%s' needs %u argument%s: %s(...)",
               ni->kind == NAME_FUNC ? "function" : "rule", name_of(c, n->sym),
               ni->arity, ni->arity == 1 ? "" : "s", name_of(c, n->sym));
  } else if (ni->kind == NAME_PIECES && !ni->decl->single) {
    diag_error(c->diag, n->at, "'%s' is a set of pieces: it can only follow 'with' in a tile statement",
               name_of(c, n->sym));
  } else if (ni->kind == NAME_NONE) {
    if (builtin_find(c->syms, n->sym))
      diag_error(c->diag, n->at, "'%s' is built in and needs arguments: %s(...)", name_of(c, n->sym),
                 name_of(c, n->sym));
    else {
      diag_error(c->diag, n->at, "unknown name '%s'", name_of(c, n->sym));
      suggest_global(c, n->sym, n->at, false, true);
    }
  }
}

/*
** A new clause (a constraint, or a rule's or function's body): its parts
** joined by ',' and ';' at the top are walked for a forall or exists that
** is not the last part.  `forall R in 1..3: a(R), b(R)` covers only a(R):
** the R of b(R) has no value, and the note says why.
*/
static void begin_clause(Checker *c, const Node *body)
{
  c->cut.len = 0;
  c->free_reported.len = 0;
  while (body && body->kind == NK_BINARY && (body->op == OP_AND || body->op == OP_OR)) {
    const Node *left = body->a;
    while (left->kind == NK_BINARY && (left->op == OP_AND || left->op == OP_OR))
      left = left->b;                    /* the part just before this ',' or ';' */
    if (left->kind == NK_QUANT)
      VEC_PUSH(c->cut, left);
    body = body->a;
  }
}

/* The forall or exists of this clause cut short by a ',' or ';' that binds s, or NULL. */
static const Node *cut_binding(const Checker *c, Sym s)
{
  for (size_t i = 0; i < c->cut.len; i++) {
    const Node *q = c->cut.data[i];
    for (uint32_t k = 0; k < q->list.len; k++) {
      const Node *qual = q->list.items[k];
      if (qual->kind != NK_BINARY || qual->op != OP_IN)
        continue;                       /* a condition, not a binder */
      if (qual->a->kind == NK_VAR && qual->a->sym == s)
        return q;
      for (uint32_t j = 0; qual->a->kind != NK_VAR && j < qual->a->list.len; j++)
        if (qual->a->list.items[j]->kind == NK_VAR && qual->a->list.items[j]->sym == s)
          return q;                     /* (A, B) in pairs */
    }
  }
  return NULL;
}

/* `Red = dog`: a name in capitals is a loop variable, here without a value. */
static void report_free_variable(Checker *c, const Node *n)
{
  for (size_t i = 0; i < c->free_reported.len; i++)
    if (c->free_reported.data[i] == n->sym)
      return;                           /* each mistake once: the first use in the clause */
  VEC_PUSH(c->free_reported, n->sym);
  const char *name = name_of(c, n->sym);
  const Node *q = cut_binding(c, n->sym);
  if (q) {
    const char *word = q->op == OP_EXISTS ? "exists" : "forall";
    diag_error(c->diag, n->at, "the variable '%s' has no value here: the '%s' before it ends at "
               "the first ',' or ';' after its ':'", name, word);
    for (size_t i = 0; i + 1 < c->free_reported.len; i++)
      if (cut_binding(c, c->free_reported.data[i]) == q)
        return;                         /* its note is given already */
    diag_note(c->diag, q->at, "to put more than one condition under this '%s', join them with "
              "'and' or put them in parentheses: %s ...: (A, B)", word, word);
    return;
  }
  diag_error(c->diag, n->at, "the variable '%s' has no value here: a name that starts with a capital "
             "letter is a loop variable, and needs 'forall %s in ...' around it (or must be a rule "
             "parameter)", name, name);
  char low[72];
  snprintf(low, sizeof low, "%s", name);
  for (char *p = low; *p; p++)
    if (*p >= 'A' && *p <= 'Z')
      *p = (char)(*p - 'A' + 'a');
  const NameInfo *ni = names_find(c->names, sym_intern_cstr(c->syms, low));
  if (low[0] >= 'a' && low[0] <= 'z' && ni->kind != NAME_NONE && ni->at.src)
    diag_note(c->diag, ni->at, "did you mean '%s'? Names of values and unknowns start with a "
              "lower-case letter", low);
}

static bool is_fact_name(const Checker *c, Sym s)
{
  for (size_t i = 0; i < c->facts.len; i++)
    if (c->facts.data[i] == s)
      return true;
  return false;
}

/*
** `day(1, mon).` alone, with no rule 'day': a fact as Prolog writes it.
** One error, which shows the clause pz wants; its arguments are not
** checked (they are names of the fact, not known to pz), nor are the
** uses of 'day' (a rule pz has not got, because of this mistake).
*/
static bool is_fact(Checker *c, const Stmt *st)
{
  const Node *n = st->expr;
  if (st->kind != ST_CONSTRAINT)
    return false;
  if (n->kind != NK_CALL || builtin_find(c->syms, n->sym) ||
      names_find(c->names, n->sym)->kind != NAME_NONE)
    return false;
  size_t len;
  /* a rule of a library, or a misspelt rule: the usual message says more */
  if (library_defining(name_of(c, n->sym), &len) || suggest_global_if(c, n->sym, n->at, true, false, true))
    return false;
  for (uint32_t i = 0; i < n->list.len; i++) {
    const Node *a = n->list.items[i];
    if (a->kind != NK_INT && a->kind != NK_NAME && a->kind != NK_STRING && a->kind != NK_WILD)
      return false;
    if (a->kind == NK_NAME && names_find(c->names, a->sym)->kind == NAME_VAR)
      return false;                     /* an unknown: a call, not a fact */
  }
  return true;
}

static void report_fact(Checker *c, const Stmt *st)
{
  const Node *n = st->expr;
  const Src *s = src_get(c->diag->srcs, n->at.src);
  bool show = s && n->at.len <= 60 && !memchr(s->text + n->at.off, '\n', n->at.len);
  diag_error(c->diag, n->at, "there is no rule '%s', and pz has no facts: to make one, write "
             "'%.*s :- true.'", name_of(c, n->sym), show ? (int)n->at.len : 0,
             show ? s->text + n->at.off : "");
}

/*
** `sq(X) = X * X.` with no name 'sq': a function defined without the word
** `function`.  One error; the uses of 'sq' say nothing more.
*/
static bool is_bare_function(Checker *c, const Stmt *st)
{
  const Node *n = st->kind == ST_CONSTRAINT ? st->expr : NULL;
  if (!n || n->kind != NK_BINARY || n->op != OP_EQ || n->a->kind != NK_CALL)
    return false;
  const Node *h = n->a;
  if (builtin_find(c->syms, h->sym) || names_find(c->names, h->sym)->kind != NAME_NONE)
    return false;
  for (uint32_t i = 0; i < h->list.len; i++)
    if (h->list.items[i]->kind != NK_VAR)
      return false;
  return true;
}

static void report_bare_function(Checker *c, const Stmt *st)
{
  const Node *h = st->expr->a;
  diag_error(c->diag, h->at, "there is no function '%s': to define one, write 'function' first, as in "
             "'function %s(%s%s) = ...'", name_of(c, h->sym), name_of(c, h->sym),
             name_of(c, h->list.items[0]->sym), h->list.len > 1 ? ", ..." : "");
}

static void check_call(Checker *c, const Node *n)
{
  bool as_value = c->as_value;
  c->as_value = false;
  const Builtin *b = builtin_find(c->syms, n->sym);
  uint32_t got = n->list.len;
  if (b) {
    if (got < b->min_args || (b->max_args != 255 && got > b->max_args)) {
      if (b->min_args == b->max_args)
        diag_error(c->diag, n->at, "'%s' takes %u argument%s, but %u %s given", b->name, b->min_args,
                   b->min_args == 1 ? "" : "s", got, got == 1 ? "was" : "were");
      else
        diag_error(c->diag, n->at, "'%s' takes %u to %u arguments, but %u %s given", b->name,
                   b->min_args, b->max_args, got, got == 1 ? "was" : "were");
    }
  } else {
    const NameInfo *ni = names_find(c->names, n->sym);
    if (ni->kind == NAME_RULE || ni->kind == NAME_FUNC || ni->kind == NAME_ATTR) {
      if (ni->arity != got) {
        diag_error(c->diag, n->at, "the %s '%s' takes %u argument%s, but %u %s given",
                   ni->kind == NAME_ATTR ? "attribute" : ni->kind == NAME_FUNC ? "function" : "rule", name_of(c, n->sym), ni->arity, ni->arity == 1 ? "" : "s", got,
                   got == 1 ? "was" : "were");
        diag_note(c->diag, ni->at, "'%s' is defined here", name_of(c, n->sym));
      }
    } else if (ni->kind != NAME_NONE) {
      diag_error(c->diag, n->at, "'%s' is not a rule or a function, so it cannot be called with (...)",
                 name_of(c, n->sym));
      if (ni->at.src)
        diag_note(c->diag, ni->at, "'%s' is declared here", name_of(c, n->sym));
      else                              /* a board move: built in, declared nowhere */
        diag_note(c->diag, n->at, "'%s' is built in: a kind of move on a board (orthogonal, "
                  "adjacent, diagonal, king or knight)", name_of(c, n->sym));
    } else if (!is_fact_name(c, n->sym)) {
      diag_error(c->diag, n->at, "unknown %s '%s'", as_value ? "function" : "rule", name_of(c, n->sym));
      size_t len;
      const char *lib = library_defining(name_of(c, n->sym), &len);
      if (lib)
        diag_note(c->diag, n->at, "'%s' is in the library '%.*s': add 'import %.*s.' to the puzzle",
                  name_of(c, n->sym), (int)len, lib, (int)len, lib);
      else
        suggest_global(c, n->sym, n->at, true, false);
    }
  }
  check_list(c, &n->list);
}

/* A value a drawing gives characters for: a number, a name, true or false, a blank. */
static bool drawn_value(const Node *n)
{
  return n->kind == NK_INT || n->kind == NK_NAME || n->kind == NK_BOOL || n->kind == NK_WILD ||
         (n->kind == NK_UNARY && n->op == OP_NEG && n->a->kind == NK_INT);
}

/* The same drawn value twice in one drawing? */
static bool same_drawn(const Node *a, const Node *b)
{
  if (a->kind != b->kind)
    return false;
  if (a->kind == NK_NAME)
    return a->sym == b->sym;
  if (a->kind == NK_UNARY)
    return a->a->ival == b->a->ival;
  if (a->kind == NK_WILD)
    return true;
  return a->ival == b->ival;
}

/*
** show LABEL: EXPR as DRAWING.  A label is used once; a drawing is a
** string (a character for each of the values 0, 1, 2, ...) or a list of
** VALUE -> "text".
*/
static void check_show_extras(Checker *c, const Stmt *st)
{
  for (uint32_t i = 0; i < st->items.len; i++) {
    const Node *l = st->show_label[i], *d = st->show_as[i];
    for (uint32_t k = 0; l && k < i; k++) {
      const Node *m = st->show_label[k];
      if (m && m->kind == l->kind && (l->kind == NK_INT ? m->ival == l->ival : m->sym == l->sym)) {
        diag_error(c->diag, l->at, "this label is already used in this show");
        diag_note(c->diag, m->at, "it labels this item too");
        break;
      }
    }
    if (!d)
      continue;
    const Node *x = st->items.items[i];
    if (x->kind == NK_STRING || (x->kind == NK_CALL && strcmp(name_of(c, x->sym), "who") == 0)) {
      diag_error(c->diag, d->at, "%s is printed as it is: it cannot be drawn with 'as'",
                 x->kind == NK_STRING ? "a text" : "who(X)");
      continue;
    }
    if (d->kind == NK_STRING) {
      if (!*name_of(c, d->sym))
        diag_error(c->diag, d->at, "a drawing needs at least one character, for the value 0");
      continue;
    }
    if (d->kind != NK_LIST || d->list.len == 0) {
      diag_error(c->diag, d->at, "after 'as' comes a string with a character for each value from 0 up "
                 "(\".#\"), or a list of values and their texts ([0 -> \".\", 1 -> \"#\"])");
      continue;
    }
    for (uint32_t k = 0; k < d->list.len; k++) {
      const Node *m = d->list.items[k];
      if (m->kind != NK_BINARY || m->op != OP_IMPLIES || !drawn_value(m->a) || m->b->kind != NK_STRING) {
        diag_error(c->diag, m->at, "each item of a drawing is a value and its text, like 0 -> \".\"");
        continue;
      }
      if (m->a->kind == NK_NAME)
        check_expr(c, m->a);
      for (uint32_t j = 0; j < k; j++) {
        const Node *o = d->list.items[j];
        if (o->kind == NK_BINARY && o->op == OP_IMPLIES && same_drawn(o->a, m->a)) {
          diag_error(c->diag, m->a->at, "this value already has a text in this drawing");
          break;
        }
      }
    }
  }
}

/* --- pictures --- */

/*
** Where the bytes [start, start + n) of the text of string node row are in
** the file: exact when the string is written without escapes (its text
** stands between its quotes as it is), else the whole string.
*/
static Loc row_piece_at(const Checker *c, const Node *row, size_t start, size_t n)
{
  const Src *s = src_get(c->diag->srcs, row->at.src);
  const char *text = sym_name(c->syms, row->sym);
  size_t len = strlen(text), quote = row->at.len > len ? (row->at.len - len) / 2 : 0;
  if (!s || quote == 0 || row->at.len != len + 2 * quote || row->at.off + row->at.len > s->len ||
      memcmp(s->text + row->at.off + quote, text, len) != 0)
    return row->at;
  return (Loc){row->at.src, row->at.off + (uint32_t)(quote + start), (uint32_t)n};
}

/* A number drawn in a picture (a constant, a layout, a given) is read as
   the lexer reads one elsewhere: too large a number is an error, not a label. */
static void check_picture_numbers(Checker *c, const Node *picture)
{
  for (uint32_t r = 0; r < picture->list.len && !diag_full(c->diag); r++) {
    const Node *row = picture->list.items[r];
    if (row->kind != NK_STRING)
      continue;
    const char *s = sym_name(c->syms, row->sym);
    size_t len = strlen(s);
    int64_t v;
    for (size_t at = 0, start, n; picture_next_token(s, len, &at, &start, &n);) {
      if (picture_token(s + start, n, &v) != PICTURE_TOO_BIG)
        continue;
      bool negative = s[start] == '-';
      diag_error(c->diag, row_piece_at(c, row, start, n), "the number %.*s is too %s (the %s is %s%d)",
                 (int)n, s + start, negative ? "small" : "large", negative ? "smallest" : "largest",
                 negative ? "-" : "", PICTURE_MAX_NUMBER);
    }
  }
}

static void check_expr(Checker *c, const Node *n)
{
  if (!n || diag_full(c->diag))
    return;
  switch (n->kind) {
  case NK_INT:
  case NK_BOOL:
  case NK_STRING:
  case NK_WILD:
  case NK_SHOW:                           /* unwrapped by ast_show: never here */
    break;
  case NK_PICTURE:
    check_picture_numbers(c, n);
    break;
  case NK_NAME:
    if (!in_scope(c, n->sym))             /* a loop variable in lower case, reported once */
      check_name(c, n);
    break;
  case NK_VAR:
    if (!in_scope(c, n->sym))
      report_free_variable(c, n);
    break;
  case NK_UNARY:
    check_expr(c, n->a);
    break;
  case NK_BINARY: {
    /* sq(3) in a + sq(3) = 12 is a value: if unknown, a function */
    bool values = (n->op >= OP_ADD && n->op <= OP_GE) || n->op == OP_POW;
    c->as_value = values && n->a->kind == NK_CALL;
    check_expr(c, n->a);
    c->as_value = values && n->b->kind == NK_CALL;
    check_expr(c, n->b);
    c->as_value = false;
    break;
  }
  case NK_IF:
    check_expr(c, n->a);
    check_expr(c, n->b);
    check_expr(c, n->c);
    break;
  case NK_CALL:
    check_call(c, n);
    break;
  case NK_INDEX:
    check_expr(c, n->a);
    check_list(c, &n->list);
    break;
  case NK_LIST:
    check_list(c, &n->list);
    break;
  case NK_COMPREH:
  case NK_QUANT: {
    size_t bound = check_quals(c, &n->list, n->kind == NK_COMPREH ? "[... :"
                                            : n->op == OP_EXISTS ? "exists" : "forall");
    check_expr(c, n->a);
    c->scope.len -= bound;
    break;
  }
  }
}

/*
** The first unknown (a name declared with var) that n uses outside a
** call, or NULL.  Domains, sizes and constants are computed before
** solving, so they cannot use one.
*/
static const Node *first_unknown(const Checker *c, const Node *n)
{
  if (!n || n->kind == NK_CALL)         /* len(x) of unknowns x is known: the grounder decides */
    return NULL;
  if (n->kind == NK_NAME && names_find(c->names, n->sym)->kind == NAME_VAR)
    return n;
  const Node *u = NULL;
  if (!(u = first_unknown(c, n->a)) && !(u = first_unknown(c, n->b)) && !(u = first_unknown(c, n->c)))
    for (uint32_t i = 0; i < n->list.len && !u; i++)
      u = first_unknown(c, n->list.items[i]);
  return u;
}

/* "the domain of 'x'" ... must be known: report the unknown it uses. */
static void check_known(Checker *c, const Node *n, const char *what, Sym name)
{
  const Node *u = first_unknown(c, n);
  if (!u)
    return;
  diag_error(c->diag, u->at, "%s '%s' must be known before solving, but it uses the unknown '%s'",
             what, name_of(c, name), name_of(c, u->sym));
  const NameInfo *ni = names_find(c->names, u->sym);
  if (ni->at.off != u->at.off || ni->at.src != u->at.src)
    diag_note(c->diag, ni->at, "'%s' is declared as an unknown here", name_of(c, u->sym));
}

static void check_rule(Checker *c, const Stmt *st)
{
  const Node *h = st->head;
  if (h->kind == NK_CALL) {
    for (uint32_t i = 0; i < h->list.len; i++) {
      const Node *p = h->list.items[i];
      if (p->kind == NK_VAR) {
        if (!in_scope(c, p->sym))
          VEC_PUSH(c->scope, p->sym);
      } else if (p->kind == NK_INT || p->kind == NK_WILD || p->kind == NK_STRING) {
        /* a pattern: the clause applies when the argument equals it */
      } else if (p->kind == NK_NAME) {
        check_name(c, p);
      } else {
        diag_error(c->diag, p->at,
                   "a rule parameter must be a variable (like X) or a plain value, not %s",
                   ast_kind_name(p->kind));
      }
    }
  }
  begin_clause(c, st->expr);
  check_expr(c, st->expr);
  c->scope.len = 0;
}

/* function f(X, Y) = E: parameters are distinct variables */
static void check_function(Checker *c, const Stmt *st)
{
  const Node *h = st->head;
  for (uint32_t i = 0; h->kind == NK_CALL && i < h->list.len; i++) {
    const Node *p = h->list.items[i];
    if (p->kind != NK_VAR) {
      diag_error(c->diag, p->at, "a parameter of a function must be a variable, like X (for cases, "
                 "use if ... then ... else in its value)");
    } else if (in_scope(c, p->sym)) {
      diag_error(c->diag, p->at, "the parameter '%s' is written twice: each parameter of a function "
                 "needs its own name", name_of(c, p->sym));
    } else {
      VEC_PUSH(c->scope, p->sym);
    }
  }
  begin_clause(c, st->expr);
  check_expr(c, st->expr);
  c->scope.len = 0;
}

/* --- tiling --- */

static void check_pieces(Checker *c, const Stmt *st)
{
  const Node *d = st->expr;
  if (d->kind != NK_PICTURE && d->kind != NK_STRING) {
    diag_error(c->diag, d->at, "a piece is drawn: one string per row, a letter for each square "
                               "and '.' where it has none, like \"l.\" \"ll\"");
    return;
  }
  Shapes sh;
  if (shapes_split(d, c->syms, c->diag, &sh) && st->single && sh.n != 1)
    diag_error(c->diag, d->at, "this draws %u pieces, but 'piece' declares one: use 'pieces %s' "
               "for a set", sh.n, name_of(c, st->sym));
  shapes_free(&sh);
}

/* After 'with': a piece or set, a list of them, or N * piece. */
static void check_tile_pieces(Checker *c, const Node *n)
{
  if (n->kind == NK_LIST) {
    for (uint32_t i = 0; i < n->list.len; i++)
      check_tile_pieces(c, n->list.items[i]);
    return;
  }
  if (n->kind == NK_BINARY && n->op == OP_MUL && n->a->kind == NK_INT) {
    if (n->a->ival < 1)
      diag_error(c->diag, n->a->at, "a piece is used at least once: %lld times is not possible",
                 (long long)n->a->ival);
    check_tile_pieces(c, n->b);
    return;
  }
  if (n->kind == NK_NAME) {
    const NameInfo *ni = names_find(c->names, n->sym);
    if (ni->kind == NAME_PIECES)
      return;
    if (ni->kind == NAME_NONE) {
      diag_error(c->diag, n->at, "unknown piece '%s'", name_of(c, n->sym));
      suggest_global(c, n->sym, n->at, false, true);
      return;
    }
    diag_error(c->diag, n->at, "'%s' is not a piece: declare pieces with 'piece NAME = ...' "
               "or 'pieces NAME = ...'", name_of(c, n->sym));
    return;
  }
  diag_error(c->diag, n->at, "after 'with' come the pieces: a name declared with 'piece' or "
                             "'pieces', a list of them, or a count times a piece (2 * domino)");
}

/* The options a tile statement knows, as their words. */
static const char *const tile_option_words[] = {
  "no turns", "no turning", "no flips", "no flipping", "colours", "colors",
  "matching colours", "matching colors", "any number", "gaps", "up to symmetry",
};

const char *check_tile_option(const SymTable *syms, const Node *words, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = 0;
  for (uint32_t i = 0; i < words->list.len; i++) {
    const Node *w = words->list.items[i];
    char one[32];
    const char *text = one;
    if (w->kind == NK_INT)
      snprintf(one, sizeof one, "%lld", (long long)w->ival);
    else
      text = sym_name(syms, w->sym);
    int k = snprintf(buf + len, size - len, "%s%s", i ? " " : "", text);
    if (k < 0 || (size_t)k >= size - len)
      return NULL;
    len += (size_t)k;
  }
  for (size_t i = 0; i < sizeof tile_option_words / sizeof *tile_option_words; i++)
    if (strcmp(buf, tile_option_words[i]) == 0)
      return tile_option_words[i];
  return NULL;
}

static void check_tile(Checker *c, const Stmt *st)
{
  const Node *d = st->items.items[0];
  if (d->kind == NK_INDEX) {
    check_list(c, &d->list);
    if (d->list.len != 2)
      diag_error(c->diag, d->at, "a board to tile has rows and columns: %s[ROWS, COLUMNS]",
                 name_of(c, d->a->sym));
    for (uint32_t j = 0; j < d->list.len; j++)
      check_known(c, d->list.items[j], "the size of", d->a->sym);
  } else if (!st->drawn) {
    diag_error(c->diag, d->at, "say the size of the board to tile, %s[ROWS, COLUMNS], or draw it: "
               "tile %s = \"...\" \"...\" with ...", name_of(c, d->sym), name_of(c, d->sym));
  } else {
    const Node *b = st->drawn;
    if (b->kind != NK_PICTURE && b->kind != NK_STRING)
      diag_error(c->diag, b->at, "draw the board to tile: one string per row, a character for each "
                                 "cell (its colour) and '.' for a hole");
  }
  check_tile_pieces(c, st->pieces);
  for (uint32_t i = 0; i < st->options.len; i++) {
    char buf[128];
    const Node *o = st->options.items[i];
    const char *known = check_tile_option(c->syms, o, buf, sizeof buf);
    /* other clues could tell two symmetric tilings apart */
    for (uint32_t k = 0; known && strcmp(known, "up to symmetry") == 0 && k < c->ast->stmts.len; k++)
      if (c->ast->stmts.items[k]->kind == ST_CONSTRAINT) {
        diag_error(c->diag, c->ast->stmts.items[k]->at, "'up to symmetry' counts tilings of the "
                   "board alone, so the puzzle can have no other clues");
        diag_note(c->diag, o->at, "'up to symmetry' is asked for here");
        break;
      }
    if (!known)
      diag_error(c->diag, o->at, "unknown option '%s' of tile: the options are 'no turns', "
                 "'no flips', 'colours', 'any number', 'gaps' and 'up to symmetry'", buf);
  }
}

/* minimize EXPR. or maximize EXPR.: one per puzzle. */
static void check_objective(Checker *c, const Stmt *st)
{
  check_expr(c, st->expr);
  for (uint32_t k = 0; k < c->ast->stmts.len; k++) {
    const Stmt *first = c->ast->stmts.items[k];
    if (first == st)
      break;
    if (first->kind == ST_OBJECTIVE) {
      diag_error(c->diag, st->at, "a puzzle has one goal, but this is a second '%s'",
                 st->maximize ? "maximize" : "minimize");
      diag_note(c->diag, first->at, "the first is here: '%s'",
                first->maximize ? "maximize" : "minimize");
      break;
    }
  }
}

bool check_program(const Ast *ast, Names *names, SymTable *syms, Diag *diag)
{
  return check_program_timed(ast, names, syms, diag, NULL, NULL);
}

bool check_program_timed(const Ast *ast, Names *names, SymTable *syms, Diag *diag,
                         CheckTimeUp time_up, void *time_ctx)
{
  Checker c = {.ast = ast, .names = names, .syms = syms, .diag = diag};
  unsigned before = diag->nerrors;
  declare_all(&c);
  for (uint32_t i = 0; i < ast->stmts.len; i++)
    if (is_fact(&c, ast->stmts.items[i]))
      VEC_PUSH(c.facts, ast->stmts.items[i]->expr->sym);
    else if (is_bare_function(&c, ast->stmts.items[i]))
      VEC_PUSH(c.facts, ast->stmts.items[i]->expr->a->sym);
  for (uint32_t i = 0; i < ast->stmts.len && !diag_full(diag); i++) {
    const Stmt *st = ast->stmts.items[i];
    switch (st->kind) {
    case ST_IMPORT:
      break;
    case ST_PIECES:
      check_pieces(&c, st);
      break;
    case ST_VAR:
      if (st->tile) {
        check_tile(&c, st);
        break;
      }
      for (uint32_t k = 0; k < st->items.len; k++) {
        const Node *d = st->items.items[k];
        if (d->kind == NK_INDEX) {
          check_list(&c, &d->list);
          for (uint32_t j = 0; j < d->list.len; j++)
            check_known(&c, d->list.items[j], "the size of", d->a->sym);
        }
      }
      if (st->layout)
        check_picture_numbers(&c, st->layout);
      check_expr(&c, st->expr);
      if (st->items.len)
        check_known(&c, st->expr, "the domain of",
                    st->items.items[0]->kind == NK_INDEX ? st->items.items[0]->a->sym
                                                         : st->items.items[0]->sym);
      break;
    case ST_CONST:
      check_expr(&c, st->expr);
      check_known(&c, st->expr, "the constant", st->sym);
      break;
    case ST_RULE:
      check_rule(&c, st);
      break;
    case ST_FUNCTION:
      check_function(&c, st);
      break;
    case ST_CONSTRAINT:
      if (is_fact(&c, st))
        report_fact(&c, st);
      else if (is_bare_function(&c, st))
        report_bare_function(&c, st);
      else {
        begin_clause(&c, st->expr);
        check_expr(&c, st->expr);
      }
      break;
    case ST_SHOW:
      check_list(&c, &st->items);
      check_show_extras(&c, st);
      break;
    case ST_OBJECTIVE:
      check_objective(&c, st);
      break;
    case ST_ENTITIES:
    case ST_ATTRIBUTE:
      break;
    }
  }
  VEC_FREE(c.scope);
  VEC_FREE(c.facts);
  VEC_FREE(c.cut);
  VEC_FREE(c.free_reported);
  /* what is known before solving, once every name is right */
  if (diag->nerrors == before)
    check_eval_program(ast, names, syms, diag, time_up, time_ctx);
  if (diag->nerrors == before)
    check_warn_unused(ast, names, syms, diag);
  return diag->nerrors == before;
}
