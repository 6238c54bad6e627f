/*
** sym.h -- interned names.
**
** Every identifier is interned once and then compared as a number.
** Sym 0 is reserved for "no name".
*/
#ifndef PZ_SYM_H
#define PZ_SYM_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t Sym;

typedef struct SymTable {
  char **names;      /* names[sym], owned, NUL-terminated */
  uint32_t *lens;    /* lens[sym]: the name's length in bytes */
  uint32_t count, cap;
  uint32_t *slots;   /* open-addressing hash: 0 = empty, else sym */
  uint32_t nslots;
} SymTable;

void sym_init(SymTable *t);
void sym_free(SymTable *t);
/* The n bytes at s (any bytes, a NUL included) as a Sym. */
Sym sym_intern(SymTable *t, const char *s, size_t n);
Sym sym_intern_cstr(SymTable *t, const char *s);
const char *sym_name(const SymTable *t, Sym s);

#endif
