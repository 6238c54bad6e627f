/*
** mem.c -- malloc/realloc/free that never return NULL, and the catch
** points a failure jumps to.
**
** Each block starts with a header that links it into the heap of the
** catch point current when it was made (or to itself: on no list), so a
** context that failed half way can still be freed whole.  Counting and
** the injected failures serve tests/oom/.
*/
#include "base/mem.h"

#include <assert.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The header keeps the block after it aligned for any type. */
typedef union Header {
  MemLink link;
  max_align_t align;
} Header;

static MemFailHandler fail_handler;
/* Shared by every thread (several spaces may search at once): atomic,
   with no ordering needed, since only the count itself matters. */
static _Atomic uint64_t alloc_count;  /* allocations so far */
static _Atomic uint64_t fail_at;      /* the first one to fail; 0 = none */
static _Thread_local MemCatch *catcher;   /* the innermost catch point */
static _Thread_local MemHeap *heap;       /* where new blocks go, or NULL */

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

void mem_heap_init(MemHeap *h)
{
  h->ring.prev = h->ring.next = &h->ring;
}

void mem_heap_free_all(MemHeap *h)
{
  MemLink *l = h->ring.next;
  while (l != &h->ring) {
    MemLink *next = l->next;
    free(l);                            /* the link is the header's start */
    l = next;
  }
  mem_heap_init(h);
}

void mem_catch(MemCatch *c, MemHeap *h)
{
  c->heap = h;
  c->failure = MEM_FAILED_NOTHING;
  c->outer = catcher;
  c->outer_heap = heap;
  catcher = c;
  heap = h;
}

void mem_uncatch(MemCatch *c)
{
  assert(catcher == c);                 /* catch points nest */
  catcher = c->outer;
  heap = c->outer_heap;
}

void mem_throw(MemFailure why)
{
  MemCatch *c = catcher;
  if (!c) {
    if (fail_handler)
      fail_handler();
    return;
  }
  mem_uncatch(c);
  c->failure = why;
  longjmp(c->jump, 1);
}

/* Counts one allocation; true when the test mode says it must fail. */
static bool injected_failure(void)
{
  uint64_t n = atomic_fetch_add_explicit(&alloc_count, 1, memory_order_relaxed) + 1;
  uint64_t at = atomic_load_explicit(&fail_at, memory_order_relaxed);
  return at && n >= at;
}

/* Put the block with header h on the current heap (or on none). */
static void *link_block(Header *h)
{
  MemLink *l = &h->link;
  if (heap) {
    l->prev = &heap->ring;
    l->next = heap->ring.next;
    l->next->prev = l;
    heap->ring.next = l;
  } else {
    l->prev = l->next = l;
  }
  return h + 1;
}

static void unlink_block(Header *h)
{
  MemLink *l = &h->link;
  l->prev->next = l->next;
  l->next->prev = l->prev;
}

void *xmalloc(size_t n)
{
  Header *h = NULL;
  if (!injected_failure() && n <= SIZE_MAX - sizeof *h)
    h = malloc(sizeof *h + n);
  if (!h) {
    mem_throw(MEM_OUT_OF_MEMORY);
    return NULL;
  }
  return link_block(h);
}

void *xcalloc(size_t count, size_t size)
{
  if (size && count > (SIZE_MAX - sizeof(Header)) / size) {
    mem_throw(MEM_OUT_OF_MEMORY);       /* count * size does not fit */
    return NULL;
  }
  Header *h = injected_failure() ? NULL : calloc(1, sizeof *h + count * size);
  if (!h) {
    mem_throw(MEM_OUT_OF_MEMORY);
    return NULL;
  }
  return link_block(h);
}

void *xrealloc(void *p, size_t n)
{
  if (!p)
    return xmalloc(n);
  Header *old = (Header *)p - 1;
  MemLink *l = &old->link;
  bool on_list = l->next != l;
  if (injected_failure() || n > SIZE_MAX - sizeof *old) {
    mem_throw(MEM_OUT_OF_MEMORY);       /* p stays as it was, on its list */
    return NULL;
  }
  /* off its list while it moves, then back at its new address */
  MemLink *prev = l->prev, *next = l->next;
  unlink_block(old);
  Header *h = realloc(old, sizeof *h + n);
  if (!h) {
    if (on_list) {
      prev->next = l;
      next->prev = l;
    }
    mem_throw(MEM_OUT_OF_MEMORY);
    return NULL;
  }
  if (on_list) {
    h->link.prev = prev;
    h->link.next = next;
    prev->next = &h->link;
    next->prev = &h->link;
  } else {
    h->link.prev = h->link.next = &h->link;
  }
  return h + 1;
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
  if (!p)
    return;
  Header *h = (Header *)p - 1;
  unlink_block(h);
  free(h);
}

void mem_free_host(void *p)
{
  free(p);
}
