/*
** ast.h -- the syntax tree of a .pz program.
**
** The parser builds it through the ast_*() constructors, one call per
** grammar action.  Nodes live in the compile arena.  Expressions,
** collections and declared names all share one Node shape; statements
** (clauses of the program) are Stmt.
*/
#ifndef PZ_AST_H
#define PZ_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/src.h"
#include "base/sym.h"

/* ORDER NK: keep in step with node_names[] in ast.c */
typedef enum {
  NK_INT,       /* ival */
  NK_NAME,      /* sym: a lower-case name (unknown, constant, value, rule) */
  NK_VAR,       /* sym: an upper-case variable of a rule or quantifier */
  NK_WILD,      /* _ : "any value", in a picture of givens */
  NK_STRING,    /* sym: the text without quotes */
  NK_BOOL,      /* ival: true or false */
  NK_UNARY,     /* op, a */
  NK_BINARY,    /* op, a, b */
  NK_CALL,      /* sym (function or rule), list (arguments) */
  NK_INDEX,     /* a [ list ] */
  NK_LIST,      /* [ list ] */
  NK_COMPREH,   /* [ a : list ] : a for each binding of the qualifiers */
  NK_QUANT,     /* op (OP_FORALL/OP_EXISTS), list (qualifiers), a (body) */
  NK_IF,        /* if a then b else c */
  NK_PICTURE,   /* list: the rows of a drawn picture, as NK_STRINGs */
  NK_SHOW,      /* a shown item with a label (b) or a drawing (c): only while parsing */
} NodeKind;

/* ORDER OP: keep in step with op_names[] in ast.c */
typedef enum {
  OP_NEG, OP_NOT,
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
  OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_IN,
  OP_AND, OP_OR, OP_IMPLIES, OP_IFF,
  OP_RANGE,
  OP_FORALL, OP_EXISTS,
  OP_POW, OP_CONCAT,
} Op;

/*
** The deepest expression tree pz accepts, in levels of operators, calls,
** lists and quantifiers (brackets alone add none).  Every later stage
** walks trees recursively; the deepest walk measured (the grounder
** through min(x, min(x, ...)), built by clang -O1 with ASan and libFuzzer)
** takes about 7 KB a level, so 500 levels use under half of the default
** 8 MB stack.  Chains of one associative operator (a + b + c ..., the
** ',' and ';' of a body) are kept balanced, so a long flat chain of
** 100,000 terms is only about 34 levels deep.
*/
#define AST_MAX_DEPTH 500

typedef struct Node Node;

typedef struct NodeList {
  Node **items;
  uint32_t len, cap;
} NodeList;

struct Node {
  NodeKind kind;
  Loc at;
  Op op;
  int64_t ival;
  Sym sym;
  Node *a, *b, *c;
  NodeList list;
  uint32_t depth;        /* levels of the tree below and with this node: 1 for a leaf */
  /* In a chain of one associative operator (see ast_binary): a block
     node is a balanced subtree of chain_size operands; a spine node
     joins the blocks before it (a) to its last block (b), of chain_size
     operands. */
  uint32_t chain_size;
  bool chain_spine;
};

/* ORDER ST: keep in step with stmt handling in check.c and ground.c */
typedef enum {
  ST_IMPORT,      /* sym: module name or path string; items[0]: the name node */
  ST_VAR,         /* items: declared names (NK_NAME or NK_INDEX); expr: domain */
  ST_CONST,       /* sym: name; expr: value */
  ST_RULE,        /* head (NK_CALL or NK_NAME); expr: body */
  ST_CONSTRAINT,  /* label (may be NULL); expr */
  ST_SHOW,        /* items: what to print */
  ST_ENTITIES,    /* sym: the set's name (house); items: its members */
  ST_ATTRIBUTE,   /* sym: the attribute (colour); items: its values; repeats: a property */
  ST_PIECES,      /* sym: name; expr: the drawing; single: 'piece' (one) or 'pieces' (a set) */
  ST_OBJECTIVE,   /* expr: what to make smallest, or largest when maximize */
  ST_FUNCTION,    /* head (NK_CALL or NK_NAME); expr: the value */
} StmtKind;

/* show X as ".#" where X holds value names: the checker's error and the grounder's */
#define DRAWN_NAMES_MESSAGE "a drawing string gives characters to the numbers 0, 1, 2, ...; this shows " \
  "value names: draw them with a list of each name and its text, like [white -> \".\", black -> \"#\"]"

typedef struct Stmt {
  StmtKind kind;
  Loc at;
  Sym sym;
  bool board;        /* ST_VAR declared with 'board' */
  Node *head;        /* ST_RULE, ST_FUNCTION */
  Node *label;       /* ST_CONSTRAINT: NK_INT, NK_NAME or NK_STRING */
  bool candidate;    /* ST_CONSTRAINT: 'candidate clue', for pz generate to choose from */
  Node *expr;
  NodeList items;
  Node *name;        /* ST_ENTITIES, ST_ATTRIBUTE: the declared name */
  Node *layout;      /* ST_VAR of a drawn board: its NK_PICTURE */
  bool single;       /* ST_PIECES: one piece */
  bool maximize;     /* ST_OBJECTIVE: maximize (else minimize) */
  bool repeats;      /* ST_ATTRIBUTE declared with 'property': values may repeat */
  /* ST_SHOW: per item, its label (NK_NAME, NK_INT or NK_STRING) and its
     drawing (after 'as'), NULL where it has none */
  Node **show_label;
  Node **show_as;
  /* ST_VAR made by 'tile': the board's drawing (NULL when given by size),
     the pieces after 'with', and the options, each an NK_LIST of words */
  bool tile;
  Node *drawn;
  Node *pieces;
  NodeList options;
} Stmt;

typedef struct StmtList {
  Stmt **items;
  uint32_t len, cap;
} StmtList;

typedef struct Ast {
  Arena *arena;
  StmtList stmts;
} Ast;

Node *ast_int(Ast *t, Loc at, int64_t v);
Node *ast_bool(Ast *t, Loc at, bool v);
Node *ast_name(Ast *t, Loc at, Sym s);
Node *ast_var(Ast *t, Loc at, Sym s);
Node *ast_wild(Ast *t, Loc at);
Node *ast_string(Ast *t, Loc at, Sym s);
Node *ast_unary(Ast *t, Loc at, Op op, Node *a);
/*
** a op b.  For + * and or (',' and ';' too) a chain built from the left
** (((a + b) + c) + d) is regrouped as it grows into (a + b) + (c + d):
** the operands keep their order, only the brackets move, so the tree of
** n operands is about 2 log2(n) levels deep instead of n.
*/
Node *ast_binary(Ast *t, Loc at, Op op, Node *a, Node *b);
Node *ast_call(Ast *t, Loc at, Sym name, NodeList args);
Node *ast_index(Ast *t, Loc at, Node *base, NodeList args);
Node *ast_list(Ast *t, Loc at, NodeList items);
Node *ast_comprehension(Ast *t, Loc at, Node *elem, NodeList quals);
Node *ast_quant(Ast *t, Loc at, Op op, NodeList quals, Node *body);
Node *ast_if(Ast *t, Loc at, Node *cond, Node *then, Node *otherwise);
Node *ast_picture(Ast *t, Loc at, NodeList rows);

NodeList ast_list_new(void);
NodeList ast_list_one(Ast *t, Node *n);
NodeList ast_list_append(Ast *t, NodeList l, Node *n);

Stmt *ast_import(Ast *t, Loc at, Node *name);
Stmt *ast_var_decl(Ast *t, Loc at, NodeList names, Node *domain, bool board);
/* board NAME layout "row" "row" ... in DOMAIN. */
Stmt *ast_layout_decl(Ast *t, Loc at, Node *name, Node *picture, Node *domain);
Stmt *ast_const(Ast *t, Loc at, Node *name, Node *value);
Stmt *ast_rule(Ast *t, Loc at, Node *head, Node *body);
/* function HEAD = VALUE. */
Stmt *ast_function(Ast *t, Loc at, Node *head, Node *value);
Stmt *ast_constraint(Ast *t, Loc at, Node *label, Node *expr);
Stmt *ast_show(Ast *t, Loc at, NodeList items);
/* One item of show with its label and drawing (either may be NULL); ast_show unwraps it. */
Node *ast_show_item(Ast *t, Loc at, Node *label, Node *expr, Node *drawing);
/* minimize EXPR.  or  maximize EXPR. */
Stmt *ast_objective(Ast *t, Loc at, Node *expr, bool maximize);
/* entities NAME: members.  or  attribute NAME: values. */
Stmt *ast_grid_decl(Ast *t, Loc at, StmtKind kind, Node *name, NodeList items);
/* piece NAME = DRAWING.  or  pieces NAME = DRAWING. */
Stmt *ast_pieces(Ast *t, Loc at, Node *name, Node *drawing, bool single);
/* tile NAME[R, C] with PIECES, OPTIONS.  or  tile NAME = DRAWING with ... (board NULL then). */
Stmt *ast_tile(Ast *t, Loc at, Node *decl, Node *drawn, Node *pieces, NodeList options);
void ast_add_stmt(Ast *t, Stmt *s);

/* The depth of the deepest tree in a statement. */
uint32_t ast_stmt_depth(const Stmt *s);
/* The deepest tree of a statement, or NULL when it has none. */
const Node *ast_stmt_deepest(const Stmt *s);
/* The node `levels` levels below n on a deepest path (n itself for 0). */
const Node *ast_descend(const Node *n, uint32_t levels);

/*
** Is qualifier q a generator, "X in S" or "[X, Y] in S" with variables not
** bound yet?  is_bound(env, sym) says which are; the checker and the
** grounder each pass their own environment.
*/
bool ast_is_generator(const Node *q, bool (*is_bound)(const void *env, Sym s), const void *env);

const char *ast_op_name(Op op);
const char *ast_kind_name(NodeKind k);

#endif
