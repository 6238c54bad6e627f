/*
** sym.c -- string interning with an open-addressing hash table.
*/
#include "base/sym.h"

#include <string.h>

#include "base/mem.h"

static uint32_t hash(const char *s, size_t n)
{
  uint32_t h = 2166136261u;           /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

void sym_init(SymTable *t)
{
  memset(t, 0, sizeof *t);
  t->cap = 64;
  t->names = xcalloc(t->cap, sizeof *t->names);
  t->lens = xcalloc(t->cap, sizeof *t->lens);
  t->names[0] = xstrndup("", 0);
  t->count = 1;
  t->nslots = 128;
  t->slots = xcalloc(t->nslots, sizeof *t->slots);
}

void sym_free(SymTable *t)
{
  for (uint32_t i = 0; i < t->count; i++)
    xfree(t->names[i]);
  xfree(t->names);
  xfree(t->lens);
  xfree(t->slots);
  memset(t, 0, sizeof *t);
}

static void rehash(SymTable *t)
{
  uint32_t n = t->nslots * 2;
  uint32_t *slots = xcalloc(n, sizeof *slots);
  for (uint32_t s = 1; s < t->count; s++) {
    uint32_t i = hash(t->names[s], t->lens[s]) & (n - 1);
    while (slots[i])
      i = (i + 1) & (n - 1);
    slots[i] = s;
  }
  xfree(t->slots);
  t->slots = slots;
  t->nslots = n;
}

Sym sym_intern(SymTable *t, const char *s, size_t n)
{
  uint32_t i = hash(s, n) & (t->nslots - 1);
  for (; t->slots[i]; i = (i + 1) & (t->nslots - 1)) {
    Sym old = t->slots[i];
    if (t->lens[old] == n && memcmp(t->names[old], s, n) == 0)
      return old;
  }
  if (t->count == t->cap) {
    t->cap *= 2;
    t->names = xrealloc(t->names, t->cap * sizeof *t->names);
    t->lens = xrealloc(t->lens, t->cap * sizeof *t->lens);
  }
  Sym sym = t->count++;
  t->names[sym] = xstrndup(s, n);
  t->lens[sym] = (uint32_t)n;
  t->slots[i] = sym;
  if (t->count * 2 > t->nslots)
    rehash(t);
  return sym;
}

Sym sym_intern_cstr(SymTable *t, const char *s)
{
  return sym_intern(t, s, strlen(s));
}

const char *sym_name(const SymTable *t, Sym s)
{
  return s < t->count ? t->names[s] : "?";
}
