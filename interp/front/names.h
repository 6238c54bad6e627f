/*
** names.h -- what each global name of a program means.
**
** Filled by the checker, read by the grounder.  Names are Syms, which are
** dense small numbers, so the table is a plain array indexed by Sym.
*/
#ifndef PZ_NAMES_H
#define PZ_NAMES_H

#include <stdint.h>

#include "front/ast.h"

typedef enum {
  NAME_NONE,      /* not a global name (yet) */
  NAME_VAR,       /* declared with var/board */
  NAME_CONST,     /* declared with const */
  NAME_RULE,      /* defined by one or more clauses head :- body */
  NAME_FUNC,      /* defined by function head = value (decl) */
  NAME_ATOM,      /* a value name introduced in a domain or constant list */
  NAME_ENTITIES,  /* the set of entities of a logic grid (house) */
  NAME_ENTITY,    /* one named entity (carrie) */
  NAME_ATTR,      /* an attribute, used as attr(Entity) */
  NAME_ITEM,      /* a value of an attribute (red): stands for its entity */
  NAME_PIECES,    /* a piece or a set of pieces; a piece's name is a value name */
} NameKind;

typedef struct RuleClauses {
  Stmt **data;
  size_t len, cap;
} RuleClauses;

typedef struct NameInfo {
  NameKind kind;
  Loc at;               /* where it was introduced */
  Stmt *decl;           /* NAME_VAR, NAME_CONST, NAME_FUNC: the declaring statement */
  Node *decl_node;      /* NAME_VAR: the declared name (maybe with dims) */
  uint32_t arity;       /* NAME_RULE, NAME_FUNC, NAME_ATTR */
  RuleClauses clauses;  /* NAME_RULE, in program order */
} NameInfo;

typedef struct Names {
  NameInfo *info;       /* indexed by Sym */
  uint32_t cap;
} Names;

NameInfo *names_get(Names *t, Sym s);
const NameInfo *names_find(const Names *t, Sym s);
void names_free(Names *t);

/* Built-in functions, collections and conditions: the rows of builtins.def. */
typedef enum {
#define BUILTIN(id, name, lo, hi, what, check, eval) BI_##id,
#define BUILTIN_ALIAS(id, name)
#include "front/builtins.def"
  BI_END          /* the number of built-ins */
} BuiltinId;

typedef struct Builtin {
  const char *name;
  BuiltinId id;
  uint8_t min_args, max_args;   /* max 255 = any number */
  const char *what;             /* for messages: "a number", ... */
} Builtin;

const Builtin *builtin_find(const SymTable *syms, Sym s);
/* Every builtin name, for "did you mean". */
const Builtin *builtin_table(uint32_t *count);

#endif
