/*
** ast.c -- constructors for syntax-tree nodes; all memory in the arena.
*/
#include "ast.h"

#include <string.h>

static const char *const node_names[] = {
  "number", "name", "variable", "'_'", "string", "truth value",
  "operation", "operation", "call", "index", "list", "list", "quantifier",
  "if", "picture",
};

static const char *const op_names[] = {
  "-", "not", "+", "-", "*", "/", "mod",
  "=", "!=", "<", "<=", ">", ">=", "in",
  "and", "or", "->", "<->", "..", "forall", "exists",
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
  return n;
}

Node *ast_binary(Ast *t, Loc at, Op op, Node *a, Node *b)
{
  Node *n = node(t, NK_BINARY, at);
  n->op = op;
  n->a = a;
  n->b = b;
  return n;
}

Node *ast_call(Ast *t, Loc at, Sym name, NodeList args)
{
  Node *n = node(t, NK_CALL, at);
  n->sym = name;
  n->list = args;
  return n;
}

Node *ast_index(Ast *t, Loc at, Node *base, NodeList args)
{
  Node *n = node(t, NK_INDEX, at);
  n->a = base;
  n->list = args;
  return n;
}

Node *ast_list(Ast *t, Loc at, NodeList items)
{
  Node *n = node(t, NK_LIST, at);
  n->list = items;
  return n;
}

Node *ast_comprehension(Ast *t, Loc at, Node *elem, NodeList quals)
{
  Node *n = node(t, NK_COMPREH, at);
  n->a = elem;
  n->list = quals;
  return n;
}

Node *ast_quant(Ast *t, Loc at, Op op, NodeList quals, Node *body)
{
  Node *n = node(t, NK_QUANT, at);
  n->op = op;
  n->list = quals;
  n->a = body;
  return n;
}

Node *ast_if(Ast *t, Loc at, Node *cond, Node *then, Node *otherwise)
{
  Node *n = node(t, NK_IF, at);
  n->a = cond;
  n->b = then;
  n->c = otherwise;
  return n;
}

Node *ast_picture(Ast *t, Loc at, NodeList rows)
{
  Node *n = node(t, NK_PICTURE, at);
  n->list = rows;
  return n;
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
