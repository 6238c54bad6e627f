/*
** names.c -- the global name table and the list of built-ins.
*/
#include "front/names.h"

#include <pthread.h>
#include <stdlib.h>
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

enum { NBUILTINS = sizeof builtins / sizeof builtins[0] };

/* The rows of builtins[] in the order of their names, sorted once for
   builtin_find's binary search; the table itself stays in the file's order. */
static const Builtin *by_name[NBUILTINS];
static pthread_once_t by_name_once = PTHREAD_ONCE_INIT;

static int by_name_cmp(const void *a, const void *b)
{
  return strcmp((*(const Builtin *const *)a)->name, (*(const Builtin *const *)b)->name);
}

static void by_name_sort(void)
{
  for (size_t i = 0; i < NBUILTINS; i++)
    by_name[i] = &builtins[i];
  qsort(by_name, NBUILTINS, sizeof by_name[0], by_name_cmp);
}

const Builtin *builtin_find(const SymTable *syms, Sym s)
{
  pthread_once(&by_name_once, by_name_sort);
  const char *name = sym_name(syms, s);
  size_t lo = 0, hi = NBUILTINS;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int d = strcmp(by_name[mid]->name, name);
    if (d == 0)
      return by_name[mid];
    if (d < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

const Builtin *builtin_table(uint32_t *count)
{
  *count = sizeof builtins / sizeof builtins[0];
  return builtins;
}
