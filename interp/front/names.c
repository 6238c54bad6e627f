/*
** names.c -- the global name table and the list of built-ins.
*/
#include "front/names.h"

#include <string.h>

#include "base/mem.h"

NameInfo *names_get(Names *t, Sym s)
{
  if (s >= t->cap) {
    uint32_t cap = t->cap ? t->cap : 64;
    while (cap <= s)
      cap *= 2;
    t->info = xrealloc(t->info, cap * sizeof *t->info);
    memset(t->info + t->cap, 0, (cap - t->cap) * sizeof *t->info);
    t->cap = cap;
  }
  return &t->info[s];
}

const NameInfo *names_find(const Names *t, Sym s)
{
  static const NameInfo none = {0};
  return s < t->cap ? &t->info[s] : &none;
}

void names_free(Names *t)
{
  for (uint32_t i = 0; i < t->cap; i++)
    xfree(t->info[i].clauses.data);
  xfree(t->info);
  t->info = NULL;
  t->cap = 0;
}

/* Each row's arities and words by its id, for its aliases. */
enum {
#define BUILTIN(id, name, lo, hi, what, check, eval) LO_##id = lo, HI_##id = hi,
#define BUILTIN_ALIAS(id, name)
#include "front/builtins.def"
};
#define BUILTIN(id, name, lo, hi, what, check, eval) static const char what_##id[] = what;
#define BUILTIN_ALIAS(id, name)
#include "front/builtins.def"

/* Every name of every built-in, aliases included, in the order of the file. */
static const Builtin builtins[] = {
#define BUILTIN(id, name, lo, hi, what, check, eval) {name, BI_##id, lo, hi, what_##id},
#define BUILTIN_ALIAS(id, name) {name, BI_##id, LO_##id, HI_##id, what_##id},
#include "front/builtins.def"
};

const Builtin *builtin_find(const SymTable *syms, Sym s)
{
  const char *name = sym_name(syms, s);
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
    if (strcmp(builtins[i].name, name) == 0)
      return &builtins[i];
  return NULL;
}

const Builtin *builtin_table(uint32_t *count)
{
  *count = sizeof builtins / sizeof builtins[0];
  return builtins;
}
