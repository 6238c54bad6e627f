/*
** ast.c -- constructors for syntax-tree nodes; all memory in the arena.
*/
#include "front/ast.h"

#include <string.h>

static const char *const node_names[] = {
  "number", "name", "variable", "'_'", "string", "truth value",
  "operation", "operation", "call", "index", "list", "list", "quantifier",
  "if", "picture", "shown item",
};

static const char *const op_names[] = {
  "-", "not", "+", "-", "*", "/", "mod",
  "=", "!=", "<", "<=", ">", ">=", "in",
  "and", "or", "->", "<->", "..", "forall", "exists", "^", "++",
};

const char *ast_kind_name(NodeKind k)
{
  return node_names[k];
}

const char *ast_op_name(Op op)
{
  return op_names[op];
}

static Node *node(Ast *t, NodeKind kind, Loc at)
{
  Node *n = arena_new(t->arena, Node);
  n->kind = kind;
  n->at = at;
  n->depth = 1;
  return n;
}

static uint32_t depth_of(const Node *n)
{
  return n ? n->depth : 0;
}

/* n's children, in order; false when there are no more. */
static bool next_child(const Node *n, uint32_t *i, const Node **child)
{
  const Node *fixed[3] = {n->a, n->b, n->c};
  for (; *i < 3; (*i)++)
    if (fixed[*i]) {
      *child = fixed[(*i)++];
      return true;
    }
  if (*i - 3 < n->list.len) {
    *child = n->list.items[*i - 3];
    (*i)++;
    return true;
  }
  return false;
}

/* Once n's children are set: n is one level above the deepest of them. */
static Node *with_depth(Node *n)
{
  uint32_t deepest = 0, i = 0;
  const Node *child;
  while (next_child(n, &i, &child))
    if (depth_of(child) > deepest)
      deepest = depth_of(child);
  n->depth = deepest + 1;
  return n;
}

const Node *ast_descend(const Node *n, uint32_t levels)
{
  for (; levels > 0 && n->depth > 1; levels--) {
    uint32_t i = 0;
    const Node *child, *deepest = NULL;
    while (next_child(n, &i, &child))
      if (!deepest || depth_of(child) > deepest->depth)
        deepest = child;
    n = deepest;
  }
  return n;
}

Node *ast_int(Ast *t, Loc at, int64_t v)
{
  Node *n = node(t, NK_INT, at);
  n->ival = v;
  return n;
}

Node *ast_bool(Ast *t, Loc at, bool v)
{
  Node *n = node(t, NK_BOOL, at);
  n->ival = v;
  return n;
}

Node *ast_name(Ast *t, Loc at, Sym s)
{
  Node *n = node(t, NK_NAME, at);
  n->sym = s;
  return n;
}

Node *ast_var(Ast *t, Loc at, Sym s)
{
  Node *n = node(t, NK_VAR, at);
  n->sym = s;
  return n;
}

Node *ast_wild(Ast *t, Loc at)
{
  return node(t, NK_WILD, at);
}

Node *ast_string(Ast *t, Loc at, Sym s)
{
  Node *n = node(t, NK_STRING, at);
  n->sym = s;
  return n;
}

Node *ast_unary(Ast *t, Loc at, Op op, Node *a)
{
  Node *n = node(t, NK_UNARY, at);
  n->op = op;
  n->a = a;
  return with_depth(n);
}

static Node *binary(Ast *t, Loc at, Op op, Node *a, Node *b)
{
  Node *n = node(t, NK_BINARY, at);
  n->op = op;
  n->a = a;
  n->b = b;
  return with_depth(n);
}

/* + * and or: (a op b) op c = a op (b op c), whatever the operands. */
static bool associative(Op op)
{
  return op == OP_ADD || op == OP_MUL || op == OP_AND || op == OP_OR;
}

static bool in_chain(const Node *n, Op op)
{
  return n->kind == NK_BINARY && n->op == op && n->chain_size > 0;
}

static Node *chain_node(Ast *t, Loc at, Op op, Node *a, Node *b, uint32_t size, bool spine)
{
  Node *n = binary(t, at, op, a, b);
  n->chain_size = size;
  n->chain_spine = spine;
  return n;
}

/*
** The chain `left` with one more operand, as a binary counter: the chain
** is a spine of balanced blocks of 2^k operands, larger ones first; the
** new operand is a block of one, and two blocks of one size merge into
** one of twice the size, so no block and no spine is longer than
** log2(n).  Any operand not built here (a name, a product, a chain of
** another operator) counts as one.
*/
static Node *chain_append(Ast *t, Loc at, Op op, Node *left, Node *right)
{
  Node *block = right, *rest = left;
  uint32_t size = 1;
  for (;;) {
    bool spine = in_chain(rest, op) && rest->chain_spine;
    Node *last = spine ? rest->b : rest;
    uint32_t last_size = spine || in_chain(rest, op) ? rest->chain_size : 1;
    if (last_size != size || size > UINT32_MAX / 2)
      break;
    size *= 2;
    block = chain_node(t, loc_span(last->at, block->at), op, last, block, size, false);
    if (!spine) {
      block->at = at;
      return block;
    }
    rest = rest->a;
  }
  return chain_node(t, at, op, rest, block, size, true);
}

Node *ast_binary(Ast *t, Loc at, Op op, Node *a, Node *b)
{
  if (associative(op))
    return chain_append(t, at, op, a, b);
  return binary(t, at, op, a, b);
}

Node *ast_call(Ast *t, Loc at, Sym name, NodeList args)
{
  Node *n = node(t, NK_CALL, at);
  n->sym = name;
  n->list = args;
  return with_depth(n);
}

Node *ast_index(Ast *t, Loc at, Node *base, NodeList args)
{
  Node *n = node(t, NK_INDEX, at);
  n->a = base;
  n->list = args;
  return with_depth(n);
}

Node *ast_list(Ast *t, Loc at, NodeList items)
{
  Node *n = node(t, NK_LIST, at);
  n->list = items;
  return with_depth(n);
}

Node *ast_comprehension(Ast *t, Loc at, Node *elem, NodeList quals)
{
  Node *n = node(t, NK_COMPREH, at);
  n->a = elem;
  n->list = quals;
  return with_depth(n);
}

Node *ast_quant(Ast *t, Loc at, Op op, NodeList quals, Node *body)
{
  Node *n = node(t, NK_QUANT, at);
  n->op = op;
  n->list = quals;
  n->a = body;
  return with_depth(n);
}

Node *ast_if(Ast *t, Loc at, Node *cond, Node *then, Node *otherwise)
{
  Node *n = node(t, NK_IF, at);
  n->a = cond;
  n->b = then;
  n->c = otherwise;
  return with_depth(n);
}

Node *ast_picture(Ast *t, Loc at, NodeList rows)
{
  Node *n = node(t, NK_PICTURE, at);
  n->list = rows;
  return with_depth(n);
}

NodeList ast_list_new(void)
{
  return (NodeList){0};
}

NodeList ast_list_append(Ast *t, NodeList l, Node *n)
{
  if (l.len == l.cap) {
    uint32_t cap = l.cap ? l.cap * 2 : 4;
    Node **items = arena_array(t->arena, Node *, cap);
    if (l.len)
      memcpy(items, l.items, l.len * sizeof *items);
    l.items = items;
    l.cap = cap;
  }
  l.items[l.len++] = n;
  return l;
}

NodeList ast_list_one(Ast *t, Node *n)
{
  return ast_list_append(t, ast_list_new(), n);
}

static Stmt *stmt(Ast *t, StmtKind kind, Loc at)
{
  Stmt *s = arena_new(t->arena, Stmt);
  s->kind = kind;
  s->at = at;
  return s;
}

Stmt *ast_import(Ast *t, Loc at, Node *name)
{
  Stmt *s = stmt(t, ST_IMPORT, at);
  s->sym = name->sym;
  s->items = ast_list_one(t, name);
  return s;
}

Stmt *ast_var_decl(Ast *t, Loc at, NodeList names, Node *domain, bool board)
{
  Stmt *s = stmt(t, ST_VAR, at);
  s->items = names;
  s->expr = domain;
  s->board = board;
  return s;
}

Stmt *ast_layout_decl(Ast *t, Loc at, Node *name, Node *picture, Node *domain)
{
  Stmt *s = ast_var_decl(t, at, ast_list_one(t, name), domain, true);
  s->layout = picture;
  return s;
}

Stmt *ast_const(Ast *t, Loc at, Node *name, Node *value)
{
  Stmt *s = stmt(t, ST_CONST, at);
  s->sym = name->sym;
  s->items = ast_list_one(t, name);
  s->expr = value;
  return s;
}

Stmt *ast_rule(Ast *t, Loc at, Node *head, Node *body)
{
  Stmt *s = stmt(t, ST_RULE, at);
  s->head = head;
  s->sym = head->sym;
  s->expr = body;
  return s;
}

Stmt *ast_function(Ast *t, Loc at, Node *head, Node *value)
{
  Stmt *s = ast_rule(t, at, head, value);
  s->kind = ST_FUNCTION;
  return s;
}

Stmt *ast_constraint(Ast *t, Loc at, Node *label, Node *expr)
{
  Stmt *s = stmt(t, ST_CONSTRAINT, at);
  s->label = label;
  s->expr = expr;
  return s;
}

Stmt *ast_show(Ast *t, Loc at, NodeList items)
{
  Stmt *s = stmt(t, ST_SHOW, at);
  s->items = items;
  s->show_label = arena_array(t->arena, Node *, items.len + 1);
  s->show_as = arena_array(t->arena, Node *, items.len + 1);
  for (uint32_t i = 0; i < items.len; i++) {
    Node *n = items.items[i];
    s->show_label[i] = s->show_as[i] = NULL;
    if (n->kind == NK_SHOW) {
      s->show_label[i] = n->b;
      s->show_as[i] = n->c;
      s->items.items[i] = n->a;
    }
  }
  return s;
}

Node *ast_show_item(Ast *t, Loc at, Node *label, Node *expr, Node *drawing)
{
  Node *n = node(t, NK_SHOW, at);
  n->a = expr;
  n->b = label;
  n->c = drawing;
  n->depth = expr->depth + 1;
  return n;
}

Stmt *ast_objective(Ast *t, Loc at, Node *expr, bool maximize)
{
  Stmt *s = stmt(t, ST_OBJECTIVE, at);
  s->expr = expr;
  s->maximize = maximize;
  return s;
}

Stmt *ast_grid_decl(Ast *t, Loc at, StmtKind kind, Node *name, NodeList items)
{
  Stmt *s = stmt(t, kind, at);
  s->sym = name->sym;
  s->name = name;
  s->items = items;
  return s;
}

Stmt *ast_pieces(Ast *t, Loc at, Node *name, Node *drawing, bool single)
{
  Stmt *s = stmt(t, ST_PIECES, at);
  s->sym = name->sym;
  s->name = name;
  s->expr = drawing;
  s->single = single;
  return s;
}

Stmt *ast_tile(Ast *t, Loc at, Node *decl, Node *drawn, Node *pieces, NodeList options)
{
  Stmt *s = stmt(t, ST_VAR, at);
  s->items = ast_list_one(t, decl);
  s->board = true;
  s->tile = true;
  s->drawn = drawn;
  s->pieces = pieces;
  s->options = options;
  return s;
}

void ast_add_stmt(Ast *t, Stmt *s)
{
  StmtList *l = &t->stmts;
  if (l->len == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 16;
    Stmt **items = arena_array(t->arena, Stmt *, cap);
    if (l->len)
      memcpy(items, l->items, l->len * sizeof *items);
    l->items = items;
    l->cap = cap;
  }
  l->items[l->len++] = s;
}

/* A statement's trees, in order; false when there are no more. */
static bool next_tree(const Stmt *s, uint32_t *i, const Node **tree)
{
  enum { NFIXED = 7 };
  const Node *fixed[NFIXED] = {s->head, s->label, s->expr, s->name, s->layout, s->drawn, s->pieces};
  for (; *i < NFIXED; (*i)++)
    if (fixed[*i]) {
      *tree = fixed[(*i)++];
      return true;
    }
  if (*i - NFIXED < s->items.len) {
    *tree = s->items.items[*i - NFIXED];
    (*i)++;
    return true;
  }
  return false;
}

const Node *ast_stmt_deepest(const Stmt *s)
{
  uint32_t i = 0;
  const Node *tree, *deepest = NULL;
  while (next_tree(s, &i, &tree))
    if (!deepest || tree->depth > deepest->depth)
      deepest = tree;
  return deepest;
}

uint32_t ast_stmt_depth(const Stmt *s)
{
  return depth_of(ast_stmt_deepest(s));
}

bool ast_is_generator(const Node *q, bool (*is_bound)(const void *env, Sym s), const void *env)
{
  if (q->kind != NK_BINARY || q->op != OP_IN)
    return false;
  if (q->a->kind == NK_VAR)
    return !is_bound(env, q->a->sym);
  if (q->a->kind != NK_LIST || q->a->list.len == 0)
    return false;
  for (uint32_t i = 0; i < q->a->list.len; i++)
    if (q->a->list.items[i]->kind != NK_VAR || is_bound(env, q->a->list.items[i]->sym))
      return false;
  return true;
}
