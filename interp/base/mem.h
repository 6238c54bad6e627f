/*
** mem.h -- the one choke point for heap memory, and the way out of the
** library when it runs out.
**
** Every allocation in pz goes through these functions so that ASan,
** valgrind and the fault-injection hook below see a single door.  No
** caller checks for NULL: a failed allocation never returns.  It jumps
** instead to the innermost catch point of its thread (mem_catch), which
** every public entry point of the library (pz.c) sets: the call then
** returns an error ("out of memory") through pz.h, and the library itself
** never prints, exits or aborts.
**
** What was half built when the jump came cannot be walked or freed piece
** by piece, so each context keeps its blocks on a list of its own (a
** MemHeap): while a catch point names a heap, every block allocated joins
** it, and after a failure mem_heap_free_all releases the lot.  Blocks
** allocated with no heap (a thread the host started, a unit test) are on
** no list and are freed one by one as usual.  A heap belongs to one
** thread at a time.
**
** The catch points and the current heap are per thread; the allocation
** count and the test mode are the library's only global state: an
** allocator has no context to carry them.
*/
#ifndef PZ_MEM_H
#define PZ_MEM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrndup(const char *s, size_t n);
void xfree(void *p);

/* The link every block carries; a heap is a ring through a sentinel. */
typedef struct MemLink {
  struct MemLink *prev, *next;
} MemLink;

typedef struct MemHeap {
  MemLink ring;          /* sentinel: empty when it points to itself */
} MemHeap;

void mem_heap_init(MemHeap *h);
/* Free every block still on h (after a failure: nothing else may be used). */
void mem_heap_free_all(MemHeap *h);

typedef enum {
  MEM_FAILED_NOTHING,
  MEM_OUT_OF_MEMORY,     /* an allocation failed */
  MEM_INTERNAL,          /* a part that cannot return an error gave up (flex) */
} MemFailure;

/*
** A catch point: where a failure in this thread lands.  Use it so, in a
** function that has no locals it changes after setjmp:
**
**     MemCatch c;
**     if (setjmp(c.jump)) { ...c.failure says why...; return error; }
**     mem_catch(&c, heap);
**     ...work...
**     mem_uncatch(&c);
**
** After the jump the catch point is already removed.  Catch points nest.
*/
typedef struct MemCatch {
  jmp_buf jump;
  MemHeap *heap;               /* where blocks go meanwhile (NULL: on no list) */
  MemFailure failure;          /* set before the jump */
  struct MemCatch *outer;
  MemHeap *outer_heap;
} MemCatch;

void mem_catch(MemCatch *c, MemHeap *heap);
void mem_uncatch(MemCatch *c);
/*
** Jump to the innermost catch point of this thread with why.  With none
** (a host that calls the library's internals directly), the handler of
** mem_on_failure is called; with no handler it returns, and so does an
** allocation, with NULL.
*/
void mem_throw(MemFailure why);

/*
** Called when a failure finds no catch point; it must not return (exit,
** or longjmp).  For unit tests that call internals outside pz_* calls.
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

/* Release memory the host allocated with malloc and gave to the library
   (a file's text from PzOptions.read_file). */
void mem_free_host(void *p);

#endif
