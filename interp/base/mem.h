/*
** mem.h -- the one choke point for heap memory.
**
** Every allocation in pz goes through these functions so that ASan,
** valgrind and the fault-injection hook below see a single door.  Out of
** memory is not an error pz can report in file:line:col terms, and no
** caller checks for NULL, so the allocators never return NULL: on failure
** they call the handler the host set (the command line prints
** "pz: out of memory" and exits with status 2).  Without a handler, or
** when it returns, the same message is printed and the process exits 2.
**
** The handler, the allocation count and the test mode are the library's
** only global state: an allocator has no context to carry them.
*/
#ifndef PZ_MEM_H
#define PZ_MEM_H

#include <stddef.h>
#include <stdint.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
void xfree(void *p);

/*
** Called when an allocation fails; it must not return (exit, or longjmp
** out of the library).  NULL restores the default: message and exit 2.
*/
typedef void (*MemFailHandler)(void);
void mem_on_failure(MemFailHandler handler);

/*
** Allocation-failure injection (SQLite's "malloc test"): the nth
** allocation from now (xmalloc, xcalloc and xrealloc each count once)
** and every later one fail as if the heap were exhausted.  0 turns it off.
*/
void mem_fail_after(uint64_t n);
/* How many allocations were made since the program started. */
uint64_t mem_alloc_count(void);

#endif
