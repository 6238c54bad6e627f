/*
** mem.c -- malloc/realloc/free with an abort on exhaustion.
*/
#include "mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t n)
{
  fprintf(stderr, "pz: out of memory (asked for %zu bytes)\n", n);
  abort();
}

void *xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p)
    out_of_memory(n);
  return p;
}

void *xcalloc(size_t count, size_t size)
{
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    out_of_memory(count * size);
  return p;
}

void *xrealloc(void *p, size_t n)
{
  void *q = realloc(p, n ? n : 1);
  if (!q)
    out_of_memory(n);
  return q;
}

char *xstrndup(const char *s, size_t n)
{
  char *d = xmalloc(n + 1);
  memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

void xfree(void *p)
{
  free(p);
}
