/*
** check_warn.c -- warnings: a valid program that is almost certainly not
** what its author meant.
**
** A warning changes no answer and no exit status; pz -w silences it.
** Each one is said only when it is certain from the text: a clue or a
** goal whose value the checker's pass knows (check_eval.h) and which
** names no unknown, here or in the rules and functions it calls; an
** unknown that no statement but its declaration names.
*/
#include "front/check_eval.h"

#include "base/mem.h"

/*
** The unknowns named by one letter, by letter: a string where a list is
** wanted is the list of its letters ("TOGU" is [t, o, g, u]), so a string
** names the unknowns of its letters.
*/
typedef struct Letters {
  Sym var[26];
} Letters;

static void letters_init(Letters *l, const Names *names, const SymTable *syms)
{
  *l = (Letters){0};
  for (Sym s = 1; s < names->cap; s++) {
    const char *name = names->info[s].kind == NAME_VAR ? sym_name(syms, s) : NULL;
    if (name && name[0] >= 'a' && name[0] <= 'z' && !name[1])
      l->var[name[0] - 'a'] = s;
  }
}

/* The unknown letter c of a string stands for (0: none). */
static Sym letter_var(const Letters *l, char c)
{
  return c >= 'a' && c <= 'z' ? l->var[c - 'a'] : c >= 'A' && c <= 'Z' ? l->var[c - 'A'] : 0;
}

typedef struct Mentions {
  const Names *names;
  const SymTable *syms;
  Letters letters;
  uint8_t *seen;        /* by Sym: 0 not looked at, 1 being looked at, 2 no, 3 yes */
  uint32_t cap;
} Mentions;

/*
** Does n name an unknown, here or in the rules and functions it calls: a
** declared unknown or board, an attribute or a value of one (a logic
** grid's names stand for unknown places)?  A rule the walk is already
** inside counts as none (its other clauses decide).
*/
static bool names_unknown(Mentions *m, const Node *n)
{
  if (!n)
    return false;
  if (n->kind == NK_STRING)
    for (const char *c = sym_name(m->syms, n->sym); *c; c++)
      if (letter_var(&m->letters, *c))
        return true;
  if (n->kind == NK_NAME || n->kind == NK_CALL) {
    const NameInfo *ni = names_find(m->names, n->sym);
    NameKind k = ni ? ni->kind : NAME_NONE;
    if (k == NAME_VAR || k == NAME_ATTR || k == NAME_ITEM)
      return true;
    if ((k == NAME_RULE || k == NAME_FUNC) && n->sym < m->cap) {
      if (!m->seen[n->sym]) {
        m->seen[n->sym] = 1;
        bool yes = k == NAME_FUNC && ni->decl && names_unknown(m, ni->decl->expr);
        for (size_t i = 0; i < ni->clauses.len && !yes; i++)
          yes = names_unknown(m, ni->clauses.data[i]->expr);
        m->seen[n->sym] = yes ? 3 : 2;
      }
      if (m->seen[n->sym] == 3)
        return true;
    }
  }
  if (names_unknown(m, n->a) || names_unknown(m, n->b) || names_unknown(m, n->c))
    return true;
  for (uint32_t i = 0; i < n->list.len; i++)
    if (names_unknown(m, n->list.items[i]))
      return true;
  return false;
}

static bool names_no_unknown(const Ev *ev, const Node *n)
{
  Mentions m = {.names = ev->names, .syms = ev->syms, .seen = xcalloc(ev->names->cap + 1, 1),
                .cap = ev->names->cap};
  letters_init(&m.letters, ev->names, ev->syms);
  bool no = !names_unknown(&m, n);
  xfree(m.seen);
  return no;
}

/* "clue 5", "clue red", "clue \"the first\"" or "this constraint" into b. */
static void clue_words(const Ev *ev, const Stmt *st, Buf *b)
{
  const Node *l = st->label;
  if (!l)
    buf_puts(b, "this constraint");
  else if (l->kind == NK_INT)
    buf_printf(b, "clue %lld", (long long)l->ival);
  else if (l->kind == NK_STRING)
    buf_printf(b, "clue \"%s\"", ev_name(ev, l->sym));
  else
    buf_printf(b, "clue %s", ev_name(ev, l->sym));
}

/*
** A clue true before solving that names no unknown rules nothing out.
** (One false is an error of grounding: it can never hold.)
*/
void check_warn_clue(Ev *ev, const Stmt *st, SVal v)
{
  if (v.kind != SV_COND || !v.known || !v.i || st->candidate || !names_no_unknown(ev, st->expr))
    return;
  Buf b = {0};
  clue_words(ev, st, &b);
  diag_warning(ev->diag, st->at, "%s is always true: it names no unknown, so it rules "
               "nothing out", buf_str(&b));
  diag_note(ev->diag, st->expr->at, "check that it says what you meant: a clue should say "
            "something about the unknowns");
  buf_free(&b);
}

/* A goal known before solving: every solution has its value, so it chooses nothing. */
void check_warn_goal(Ev *ev, const Stmt *st, SVal v)
{
  if (v.kind != SV_NUM || !v.known || !names_no_unknown(ev, st->expr))
    return;
  const char *what = st->maximize ? "maximize" : "minimize";
  diag_warning(ev->diag, st->expr->at, "this goal is always %lld: it names no unknown, so "
               "every solution is as good as any other and '%s' chooses nothing",
               (long long)v.i, what);
  diag_note(ev->diag, st->expr->at, "a goal should depend on the unknowns, as in '%s x + y'",
            what);
}

typedef struct Used {
  uint8_t *used;        /* by Sym: named somewhere */
  uint32_t cap;
  const SymTable *syms;
  Letters letters;
} Used;

/* Mark every name n and the nodes under it use (a string: its letters). */
static void mark_names(Used *u, const Node *n)
{
  if (!n)
    return;
  if ((n->kind == NK_NAME || n->kind == NK_CALL) && n->sym < u->cap)
    u->used[n->sym] = 1;
  if (n->kind == NK_STRING)
    for (const char *c = sym_name(u->syms, n->sym); *c; c++)
      u->used[letter_var(&u->letters, *c)] = 1;     /* used[0]: no letter */
  mark_names(u, n->a);
  mark_names(u, n->b);
  mark_names(u, n->c);
  for (uint32_t i = 0; i < n->list.len; i++)
    mark_names(u, n->list.items[i]);
}

/*
** An unknown that no clue, rule, goal or show names (only its
** declaration does) can take any value: most likely a clue about it was
** forgotten, or another name was written for it.  A board made by a tile
** statement is constrained by that statement.  A program with no clue
** and no goal only tries its declarations: no warning.
*/
void check_warn_unused(const Ast *ast, const Names *names, SymTable *syms, Diag *diag)
{
  uint32_t cap = names->cap;
  Used u = {.used = xcalloc(cap + 1, 1), .cap = cap, .syms = syms};
  letters_init(&u.letters, names, syms);
  uint8_t *used = u.used;
  bool says_something = false;          /* a program of declarations alone only tries domains */
  for (uint32_t i = 0; i < ast->stmts.len; i++) {
    const Stmt *st = ast->stmts.items[i];
    for (uint32_t k = 0; k < st->items.len; k++) {
      const Node *d = st->items.items[k];
      if (st->kind != ST_VAR || st->tile)
        mark_names(&u, d);
      else if (d->kind == NK_INDEX)
        mark_names(&u, &(Node){.kind = NK_LIST, .list = d->list});   /* its sizes */
    }
    says_something = says_something || st->kind == ST_CONSTRAINT || st->kind == ST_OBJECTIVE ||
                     st->tile;
    mark_names(&u, st->expr);
    mark_names(&u, st->head);
    mark_names(&u, st->layout);
    mark_names(&u, st->drawn);
    mark_names(&u, st->pieces);
    for (uint32_t k = 0; k < st->options.len; k++)
      mark_names(&u, st->options.items[k]);
    if (st->kind == ST_SHOW)
      for (uint32_t k = 0; k < st->items.len; k++) {
        mark_names(&u, st->show_label ? st->show_label[k] : NULL);
        mark_names(&u, st->show_as ? st->show_as[k] : NULL);
      }
  }
  for (uint32_t i = 0; i < ast->stmts.len && says_something; i++) {
    const Stmt *st = ast->stmts.items[i];
    if (st->kind != ST_VAR || st->tile)
      continue;
    for (uint32_t k = 0; k < st->items.len; k++) {
      const Node *d = st->items.items[k];
      Sym s = d->kind == NK_INDEX ? d->a->sym : d->sym;
      const NameInfo *ni = names_find(names, s);
      if (s >= cap || used[s] || !ni || ni->kind != NAME_VAR || ni->decl_node != d)
        continue;
      const char *what = st->board ? "board" : "unknown";
      diag_warning(diag, d->at, "the %s '%s' is declared, but no clue, goal or show names it, "
                   "so it can take any value", what, sym_name(syms, s));
      diag_note(diag, d->at, "say something about '%s' in a clue, show it, or remove it",
                sym_name(syms, s));
    }
  }
  xfree(used);
}
