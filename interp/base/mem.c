/*
** mem.c -- malloc/realloc/free that never return NULL.
**
** A failed allocation goes to the host's handler (mem_on_failure), never
** back to the caller: pz's code would have nowhere sensible to go.
** Counting and the injected failures serve tests/oom/.
*/
#include "base/mem.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MemFailHandler fail_handler;
/* Shared by every thread (several spaces may search at once): atomic,
   with no ordering needed, since only the count itself matters. */
static _Atomic uint64_t alloc_count;  /* allocations so far */
static _Atomic uint64_t fail_at;      /* the first one to fail; 0 = none */

void mem_on_failure(MemFailHandler handler)
{
  fail_handler = handler;
}

void mem_fail_after(uint64_t n)
{
  fail_at = n ? alloc_count + n : 0;
}

uint64_t mem_alloc_count(void)
{
  return alloc_count;
}

/* Counts one allocation; true when the test mode says it must fail. */
static bool injected_failure(void)
{
  uint64_t n = atomic_fetch_add_explicit(&alloc_count, 1, memory_order_relaxed) + 1;
  uint64_t at = atomic_load_explicit(&fail_at, memory_order_relaxed);
  return at && n >= at;
}

static void out_of_memory(void)
{
  if (fail_handler)
    fail_handler();
  fputs("pz: out of memory\n", stderr);
  exit(2);
}

void *xmalloc(size_t n)
{
  void *p = injected_failure() ? NULL : malloc(n ? n : 1);
  if (!p)
    out_of_memory();
  return p;
}

void *xcalloc(size_t count, size_t size)
{
  void *p = injected_failure() ? NULL : calloc(count ? count : 1, size ? size : 1);
  if (!p)
    out_of_memory();
  return p;
}

void *xrealloc(void *p, size_t n)
{
  void *q = injected_failure() ? NULL : realloc(p, n ? n : 1);
  if (!q)
    out_of_memory();
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
