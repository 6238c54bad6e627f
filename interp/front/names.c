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

static const Builtin builtins[] = {
  {"sum", BI_SUM, 1, 1, "a number"},
  {"count", BI_COUNT, 1, 2, "a number"},
  {"min", BI_MIN, 1, 255, "a number"},
  {"max", BI_MAX, 1, 255, "a number"},
  {"abs", BI_ABS, 1, 1, "a number"},
  {"len", BI_LEN, 1, 1, "a number"},
  {"rows", BI_ROWS, 1, 1, "a list of lines"},
  {"columns", BI_COLUMNS, 1, 1, "a list of lines"},
  {"cols", BI_COLUMNS, 1, 1, "a list of lines"},
  {"row", BI_ROW, 2, 2, "a line"},
  {"column", BI_COLUMN, 2, 2, "a line"},
  {"col", BI_COLUMN, 2, 2, "a line"},
  {"diagonal", BI_DIAGONAL, 1, 1, "a line"},
  {"antidiagonal", BI_ANTIDIAGONAL, 1, 1, "a line"},
  {"diagonals", BI_DIAGONALS, 1, 1, "a list of lines"},
  {"cells", BI_CELLS, 1, 1, "a list of cells"},
  {"distinct", BI_DISTINCT, 1, 1, "a condition"},
  {"all_different", BI_DISTINCT, 1, 1, "a condition"},
  {"first", BI_FIRST, 1, 1, "an item"},
  {"last", BI_LAST, 1, 1, "an item"},
  {"middle", BI_MIDDLE, 1, 1, "an item"},
  {"who", BI_WHO, 1, 1, "an entity"},
  {"lines", BI_LINES, 1, 1, "a list of lines"},
  {"pairs", BI_PAIRS, 2, 2, "a list of pairs of cells"},
  {"neighbours", BI_NEIGHBOURS, 4, 4, "a list of cells"},
  {"regions", BI_REGIONS, 2, 2, "a list of regions"},
  {"cell_of", BI_CELL_OF, 2, 2, "a position"},
  {"step", BI_STEP, 4, 4, "a condition"},
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
