/*
** print.c -- a generated puzzle as .pz text.
**
** Parentheses follow the precedence table of doc/language.md section 23,
** so the printed text exercises the grammar as a pupil writes it: only
** the parentheses the table needs, plus those the generator asked for.
** forall, exists and if-then-else reach as far right as they can, so they
** go bare only where nothing follows them in their group.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

void text_printf(Text *t, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if (t->len + (size_t)n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 256;
    while (t->len + (size_t)n + 1 > cap)
      cap *= 2;
    char *s = realloc(t->s, cap);
    if (!s) {
      perror("difftest");
      exit(2);
    }
    t->s = s;
    t->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  t->len += (size_t)n;
}

void text_free(Text *t)
{
  free(t->s);
  *t = (Text){0};
}

/* Binding levels, loosest first (doc/language.md, section 23). */
enum {
  L_SEMI = 1, L_COMMA, L_QUANT, L_IFF, L_IMP, L_OR, L_AND, L_NOT,
  L_CMP, L_RANGE, L_ADD, L_MUL, L_NEG, L_POSTFIX, L_PRIMARY
};

static const char *const var_name[MAX_VARS] = {"x", "y", "z", "w", "v"};
/* A rule body's I is its own: pz expands a call with the values put in. */
static const char *const bound_name[MAX_BOUND] = {"I", "J", "K", "I", "J", "K"};
static const char *const param_name[MAX_ARITY] = {"A", "B", "C"};
static const char *const list_name[MAX_LISTS] = {"p", "q"};

typedef struct Printer {
  const Program *p;
  Text *out;
} Printer;

static void print_node(Printer *pr, int n, int min_level, bool open_right);

static int level_of(const Node *x)
{
  switch ((NodeKind)x->kind) {
  case N_NUM: return x->val < 0 ? L_NEG : L_PRIMARY;
  case N_NEG: return L_NEG;
  case N_ADD: case N_SUB: return L_ADD;
  case N_MUL: case N_DIV: case N_MOD: return L_MUL;
  case N_IFNUM: case N_IFBOOL: case N_FORALL: case N_EXISTS: return L_QUANT;
  case N_LIST_AT: case N_GRID_AT: case N_BOARD_AT: case N_LITLIST_AT: return L_POSTFIX;
  case N_CMP: case N_IN_LIST: case N_IN_RANGE: case N_IN_CONST: case N_PROP_IS:
  case N_PIC_CMP: return L_CMP;
  case N_AND: return L_AND;
  case N_OR: return L_OR;
  case N_NOT: return L_NOT;
  case N_IMP: return L_IMP;
  case N_IFF: return L_IFF;
  case N_COMMA: return L_COMMA;
  case N_SEMI: return L_SEMI;
  default: return L_PRIMARY;
  }
}

static void put(Printer *pr, const char *s)
{
  text_printf(pr->out, "%s", s);
}

/* kids from..nkids-1 separated by ", ", each an item of a list or call. */
static void print_items(Printer *pr, const Node *x, int from)
{
  for (int k = from; k < x->nkids; k++) {
    if (k > from)
      put(pr, ", ");
    print_node(pr, x->kid[k], L_QUANT, true);
  }
}

static void print_binary(Printer *pr, const Node *x, const char *op, int level,
                         bool right_assoc, bool nonassoc, bool open_right)
{
  int left = level + (right_assoc || nonassoc);
  int right = level + (!right_assoc || nonassoc);
  print_node(pr, x->kid[0], left, false);
  text_printf(pr->out, " %s ", op);
  print_node(pr, x->kid[1], right, open_right);
}

static const char *cmp_spelling(const Node *x)
{
  static const char *const usual[] = {"=", "!=", "<", "<=", ">", ">="};
  static const char *const other[] = {"==", "\\=", "<", "=<", ">", ">="};
  return (x->flag ? other : usual)[x->val];
}

/* The qualifier "I in lo..hi" or "I in p", then ", filter" if any. */
static void print_qualifier(Printer *pr, const Node *x)
{
  text_printf(pr->out, "%s in ", bound_name[x->bound]);
  if (x->list >= 0) {
    put(pr, list_name[x->list]);
  } else {
    print_node(pr, x->kid[0], L_ADD, false);
    put(pr, "..");
    print_node(pr, x->kid[1], L_ADD, false);
  }
  if (x->kid[2] >= 0) {
    put(pr, ", ");
    print_node(pr, x->kid[2], L_IFF, false);
  }
}

static void print_quantifier(Printer *pr, const Node *x)
{
  put(pr, x->kind == N_FORALL ? "forall " : "exists ");
  print_qualifier(pr, x);
  /* forall I in A, J in B: C is forall I in A: forall J in B: C. */
  while (x->flag && pr->p->node[x->kid[3]].kind == x->kind
         && !pr->p->node[x->kid[3]].paren) {
    x = &pr->p->node[x->kid[3]];
    put(pr, ", ");
    print_qualifier(pr, x);
  }
  put(pr, ": ");
  print_node(pr, x->kid[3], L_QUANT, true);
}

static void print_comprehension(Printer *pr, const Node *x)
{
  put(pr, x->kind == N_COUNT_COMP ? "count([" : "sum([");
  print_node(pr, x->kid[0], L_IFF, false);
  text_printf(pr->out, " : %s in ", bound_name[x->bound]);
  print_node(pr, x->kid[1], L_ADD, false);
  put(pr, "..");
  print_node(pr, x->kid[2], L_ADD, false);
  if (x->kid[3] >= 0)
    text_printf(pr->out, ", %s != %d", bound_name[x->bound], pr->p->node[x->kid[3]].val);
  put(pr, "])");
}

static void print_if(Printer *pr, const Node *x, bool open_right)
{
  put(pr, "if ");
  print_node(pr, x->kid[0], L_QUANT, false);
  put(pr, " then ");
  print_node(pr, x->kid[1], L_QUANT, false);
  put(pr, " else ");
  print_node(pr, x->kid[2], L_QUANT, open_right);
}

static void print_call(Printer *pr, const char *name, const Node *x, bool as_list)
{
  text_printf(pr->out, "%s(%s", name, as_list ? "[" : "");
  print_items(pr, x, 0);
  put(pr, as_list ? "])" : ")");
}

static bool same_leaf(const Program *p, int a, int b)
{
  const Node *x = &p->node[a], *y = &p->node[b];
  return x->nkids == 0 && y->nkids == 0 && x->kind == y->kind && x->val == y->val &&
         (x->kind == N_NUM || x->kind == N_VAR || x->kind == N_BOUND || x->kind == N_PARAM);
}

static void print_bare(Printer *pr, const Node *x, bool open_right);

/* x ^ 2: '^' binds tighter than a minus sign, so (-3) ^ 2 */
static void print_power(Printer *pr, const Node *x)
{
  const Node *a = &pr->p->node[x->kid[0]];
  bool parens = a->paren || (a->kind == N_NUM && a->val < 0);
  put(pr, parens ? "(" : "");
  print_bare(pr, a, false);
  put(pr, parens ? ") ^ 2" : " ^ 2");
}

static void print_bare(Printer *pr, const Node *x, bool open_right)
{
  switch ((NodeKind)x->kind) {
  case N_NUM: text_printf(pr->out, "%d", x->val); break;
  case N_VAR: put(pr, var_name[x->val]); break;
  case N_BOUND: put(pr, bound_name[x->val]); break;
  case N_PARAM: put(pr, param_name[x->val]); break;
  case N_CALL: text_printf(pr->out, "r%d(", x->val + 1); print_items(pr, x, 0); put(pr, ")"); break;
  case N_NEG: put(pr, "-"); print_node(pr, x->kid[0], L_NEG, open_right); break;
  case N_ADD:
    if (x->spell == SPELL_FUNCTION)
      print_call(pr, "plus", x, false);
    else
      print_binary(pr, x, "+", L_ADD, false, false, open_right);
    break;
  case N_SUB: print_binary(pr, x, "-", L_ADD, false, false, open_right); break;
  case N_MUL:
    if (x->spell == SPELL_FUNCTION)
      print_call(pr, "times", x, false);
    else if (x->spell == SPELL_PRODUCT)
      print_call(pr, "product", x, true);
    else if (x->spell == SPELL_POWER && same_leaf(pr->p, x->kid[0], x->kid[1]))
      print_power(pr, x);
    else
      print_binary(pr, x, "*", L_MUL, false, false, open_right);
    break;
  case N_DIV: print_binary(pr, x, "/", L_MUL, false, false, open_right); break;
  case N_MOD: print_binary(pr, x, "mod", L_MUL, false, false, open_right); break;
  case N_ABS: print_call(pr, "abs", x, false); break;
  case N_MIN: print_call(pr, "min", x, x->flag); break;
  case N_MAX: print_call(pr, "max", x, x->flag); break;
  case N_IFNUM: case N_IFBOOL: print_if(pr, x, open_right); break;
  case N_COUNT: print_call(pr, "count", x, true); break;
  case N_SUM: print_call(pr, "sum", x, true); break;
  case N_COUNT_COMP: case N_SUM_COMP: print_comprehension(pr, x); break;
  case N_SUM_BOARD: put(pr, "sum(b)"); break;
  case N_LIST_AT:
    text_printf(pr->out, "%s[", list_name[x->val]);
    print_items(pr, x, 0);
    put(pr, "]");
    break;
  case N_GRID_AT: put(pr, "g["); print_items(pr, x, 0); put(pr, "]"); break;
  case N_BOARD_AT: put(pr, "b["); print_items(pr, x, 0); put(pr, "]"); break;
  case N_LITLIST_AT:
    put(pr, "[");
    print_items(pr, x, 1);
    put(pr, "][");
    print_node(pr, x->kid[0], L_QUANT, true);
    put(pr, "]");
    break;
  case N_TRUE: put(pr, "true"); break;
  case N_FALSE: put(pr, "false"); break;
  case N_CMP: print_binary(pr, x, cmp_spelling(x), L_CMP, false, true, open_right); break;
  case N_IN_LIST:
    print_node(pr, x->kid[0], L_RANGE, false);
    put(pr, " in [");
    print_items(pr, x, 1);
    put(pr, "]");
    break;
  case N_IN_RANGE:
    print_node(pr, x->kid[0], L_RANGE, false);
    put(pr, " in ");
    print_node(pr, x->kid[1], L_ADD, false);
    put(pr, "..");
    print_node(pr, x->kid[2], L_ADD, open_right);
    break;
  case N_IN_CONST:
    print_node(pr, x->kid[0], L_RANGE, false);
    text_printf(pr->out, " in %s", list_name[x->val]);
    break;
  case N_DISTINCT: print_call(pr, x->flag ? "all_different" : "distinct", x, true); break;
  case N_DISTINCT_BOARD: put(pr, "distinct(b)"); break;
  case N_RUNS:
    print_call(pr, "runs", x, true);
    put(pr, " = [");
    for (int k = 0; k < x->flag; k++)
      text_printf(pr->out, "%s%d", k ? ", " : "", x->val >> (4 * k) & 15);
    put(pr, "]");
    break;
  case N_CIRCUIT:
    if (x->flag == 0)
      print_call(pr, "circuit", x, true);
    else
      text_printf(pr->out, "circuit(b%s)", x->flag == 1 ? "" : x->flag == 2 ? ", orthogonal" : ", king");
    break;
  case N_STEP:
    text_printf(pr->out, "distinct(b), step(b, %s, cell_of(b, ",
                x->val == 0 ? "orthogonal" : x->val == 1 ? "king" : "knight");
    print_node(pr, x->kid[0], L_QUANT, false);
    put(pr, "), cell_of(b, ");
    print_node(pr, x->kid[1], L_QUANT, false);
    put(pr, "))");
    break;
  case N_CONNECTED:
    if (x->flag == 3) {
      put(pr, "sizes(b)");
      break;
    }
    if (x->flag < 2) {
      text_printf(pr->out, "connected(b, %d%s)", x->val, x->flag ? ", outside" : "");
      break;
    }
    text_printf(pr->out, "areas(b, %d, ", x->val);
    for (int r = 0; r < pr->p->board_rows; r++) {
      put(pr, r ? " \"" : "\"");
      for (int c = 0; c < pr->p->board_cols; c++) {
        int k = pr->p->area_clue[r][c];
        text_printf(pr->out, "%c", k > 0 ? '0' + k : k < 0 ? 'x' : '.');
      }
      put(pr, "\"");
    }
    put(pr, ")");
    break;
  case N_AND: print_binary(pr, x, "and", L_AND, false, false, open_right); break;
  case N_OR: print_binary(pr, x, "or", L_OR, false, false, open_right); break;
  case N_IMP: print_binary(pr, x, "->", L_IMP, true, false, open_right); break;
  case N_IFF: print_binary(pr, x, "<->", L_IFF, true, false, open_right); break;
  case N_COMMA: /* a bare forall on the left ends at the ',' */
    print_node(pr, x->kid[0], L_COMMA, true);
    put(pr, ", ");
    print_node(pr, x->kid[1], L_QUANT, open_right);
    break;
  case N_SEMI:
    print_node(pr, x->kid[0], L_SEMI, true);
    put(pr, " ; ");
    print_node(pr, x->kid[1], L_COMMA, open_right);
    break;
  case N_NOT: put(pr, "not "); print_node(pr, x->kid[0], L_CMP, open_right); break;
  case N_FORALL: case N_EXISTS: print_quantifier(pr, x); break;
  case N_PROP_AT: text_printf(pr->out, "pa(e%d)", x->val + 1); break;
  case N_PROP_SUM: put(pr, "sum([pa(P) : P in e])"); break;
  case N_PROP_IS:
    text_printf(pr->out, "pb(e%d) %s %s", x->val + 1, x->flag & 2 ? "!=" : "=", x->flag & 1 ? "no" : "yes");
    break;
  case N_PROP_COUNT: text_printf(pr->out, "count([P : P in e, pb(P) = %s])", x->flag ? "no" : "yes"); break;
  case N_PIC_CMP: {
    static const char *const rhs[] = {"", "\"T\"", "\"a\"", "_"};
    put(pr, "t[");
    print_node(pr, x->kid[0], L_QUANT, false);
    put(pr, ", ");
    print_node(pr, x->kid[1], L_QUANT, false);
    text_printf(pr->out, "] %s ", cmp_spelling(&(Node){.val = x->val}));
    if (x->flag == 0)
      print_node(pr, x->kid[2], L_CMP + 1, open_right);
    else
      put(pr, rhs[x->flag]);
    break;
  }
  default: put(pr, "?"); break;
  }
}

/*
** Print node n where the context needs binding level min_level or
** tighter; open_right: nothing follows it before the end of its group.
*/
static void print_node(Printer *pr, int n, int min_level, bool open_right)
{
  const Node *x = &pr->p->node[n];
  int level = level_of(x);
  bool parens = x->paren || level < min_level
                || (level == L_QUANT && !open_right);
  if (parens)
    put(pr, "(");
  print_bare(pr, x, parens || open_right);
  if (parens)
    put(pr, ")");
}

static void print_domain(Text *out, const Unknown *u)
{
  if (!u->as_list) {
    text_printf(out, "%d..%d", u->vals[0], u->vals[u->n - 1]);
    return;
  }
  text_printf(out, "[");
  for (int k = 0; k < u->n; k++)
    text_printf(out, "%s%d", k ? ", " : "", u->vals[k]);
  text_printf(out, "]");
}

static void print_declarations(const Program *p, Text *out)
{
  for (int i = 0; i < p->nvars; i++) {
    text_printf(out, "var %s in ", var_name[i]);
    print_domain(out, &p->var[i]);
    text_printf(out, ".\n");
  }
  if (p->board_rows)
    text_printf(out, "board b[%d, %d] in %d..%d.\n", p->board_rows, p->board_cols,
                p->board_lo, p->board_hi);
  for (int l = 0; l < p->nlists; l++) {
    text_printf(out, "const %s = [", list_name[l]);
    for (int k = 0; k < p->list_len[l]; k++)
      text_printf(out, "%s%d", k ? ", " : "", p->list[l][k]);
    text_printf(out, "].\n");
  }
  if (p->grid_rows) {
    text_printf(out, "const g = [");
    for (int r = 0; r < p->grid_rows; r++) {
      text_printf(out, "%s[", r ? ", " : "");
      for (int c = 0; c < p->grid_cols; c++)
        text_printf(out, "%s%d", c ? ", " : "", p->grid[r][c]);
      text_printf(out, "]");
    }
    text_printf(out, "].\n");
  }
  if (p->pic_rows) {
    text_printf(out, "const t =");
    for (int r = 0; r < p->pic_rows; r++) {
      text_printf(out, " \"");
      for (int c = 0; c < p->pic_cols; c++) {
        int v = p->pic[r][c];
        text_printf(out, "%c", v >= 0 ? '0' + v : v == PIC_T ? 'T' : v == PIC_A ? 'a' : '.');
      }
      text_printf(out, "\"");
    }
    text_printf(out, ".\n");
  }
  if (p->nent) {
    text_printf(out, "entities e:");
    for (int k = 0; k < p->nent; k++)
      text_printf(out, "%s e%d", k ? "," : "", k + 1);
    text_printf(out, ".\n");
    if (p->prop_max)
      text_printf(out, "property pa: 0..%d.\n", p->prop_max);
    if (p->has_pb)
      text_printf(out, "property pb: yes, no.\n");
  }
}

static void print_head(Printer *pr, const Rule *rule, int c)
{
  text_printf(pr->out, "r%d(", (int)(rule - pr->p->rule) + 1);
  for (int i = 0; i < rule->arity; i++) {
    const Head *h = &rule->clause[c].head[i];
    put(pr, i ? ", " : "");
    if (h->kind == HEAD_VAR)
      put(pr, param_name[h->val]);
    else if (h->kind == HEAD_WILD)
      put(pr, "_");
    else
      text_printf(pr->out, "%d", h->val);
  }
  put(pr, ")");
}

/* The user functions that the other spellings call, when some node uses them. */
static void print_functions(Printer *pr)
{
  bool plus = false, times = false;
  for (int n = 0; n < pr->p->nnodes; n++) {
    const Node *x = &pr->p->node[n];
    plus |= x->kind == N_ADD && x->spell == SPELL_FUNCTION;
    times |= x->kind == N_MUL && x->spell == SPELL_FUNCTION;
  }
  if (plus)
    put(pr, "function plus(X, Y) = X + Y.\n");
  if (times)
    put(pr, "function times(X, Y) = X * Y.\n");
}

static void print_rules(Printer *pr)
{
  for (int k = 0; k < pr->p->nrules; k++)
    for (int c = 0; c < pr->p->rule[k].nclauses; c++) {
      print_head(pr, &pr->p->rule[k], c);
      put(pr, " :- ");
      print_node(pr, pr->p->rule[k].clause[c].body, L_SEMI, true);
      put(pr, ".\n");
    }
}

void prog_print(const Program *p, Text *out)
{
  Printer pr = {p, out};
  print_declarations(p, out);
  print_functions(&pr);
  print_rules(&pr);
  for (int c = 0; c < p->nclauses; c++) {
    if (p->label[c])
      text_printf(out, "clue %d: ", p->label[c]);
    print_node(&pr, p->clause[c], L_SEMI, true);
    text_printf(out, ".\n");
  }
  if (p->has_goal) {
    text_printf(out, "%s ", p->goal_max ? "maximize" : "minimize");
    print_node(&pr, p->goal, L_SEMI, true);
    text_printf(out, ".\n");
  }
  for (int i = 0; i < p->nshows; i++) {
    const Show *s = &p->show[i];
    const char *a = s->a >= 0 && s->a < MAX_VARS ? var_name[s->a] : "?";
    const char *b = s->b >= 0 && s->b < MAX_VARS ? var_name[s->b] : "?";
    switch (s->kind) {
    case SHOW_VAR: text_printf(out, "show %s", a); break;
    case SHOW_SUM: text_printf(out, "show %s + %s", a, b); break;
    case SHOW_TWICE: text_printf(out, "show %s * 2", a); break;
    case SHOW_LESS: text_printf(out, "show %s < %s", a, b); break;
    case SHOW_BOARD: text_printf(out, "show b"); break;
    default: text_printf(out, "show \"answer\""); break;
    }
    /* drawings that give two values one text: the answers are the values all the same */
    if (s->kind != SHOW_TEXT && s->as == 1)
      text_printf(out, " as \".#.\"");
    else if (s->kind == SHOW_LESS && s->as == 2)
      text_printf(out, " as [true -> \"yes\", false -> \"yes\"]");
    else if (s->kind != SHOW_TEXT && s->as == 2)
      text_printf(out, " as [0 -> \"o\", 1 -> \"o\", -1 -> \"minus one\", _ -> \" \"]");
    text_printf(out, ".\n");
  }
}
