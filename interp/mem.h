/*
** mem.h -- the one choke point for heap memory.
**
** Every allocation in pz goes through these functions so that ASan,
** valgrind and a future fault-injection hook see a single door.  Out of
** memory is not an error pz can report in file:line:col terms, so the
** allocators abort with a message instead of returning NULL.
*/
#ifndef PZ_MEM_H
#define PZ_MEM_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
void xfree(void *p);

#endif
