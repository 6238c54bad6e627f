/*
** arena.c -- chunks of memory handed out front to back, freed at once.
*/
#include "base/arena.h"

#include <stdalign.h>
#include <string.h>

#include "base/mem.h"

#define CHUNK_SIZE (64u * 1024u)

struct ArenaChunk {
  ArenaChunk *next;
  size_t used, cap;
  alignas(max_align_t) unsigned char bytes[];
};

void *arena_alloc(Arena *a, size_t n)
{
  const size_t align = alignof(max_align_t);
  n = (n + align - 1) & ~(align - 1);
  ArenaChunk *c = a->head;
  if (!c || c->cap - c->used < n) {
    size_t cap = n > CHUNK_SIZE ? n : CHUNK_SIZE;
    c = xmalloc(sizeof *c + cap);
    c->used = 0;
    c->cap = cap;
    c->next = a->head;
    a->head = c;
  }
  void *p = c->bytes + c->used;
  c->used += n;
  memset(p, 0, n);
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
  char *d = arena_alloc(a, n + 1);
  memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

void arena_free(Arena *a)
{
  ArenaChunk *c = a->head;
  while (c) {
    ArenaChunk *next = c->next;
    xfree(c);
    c = next;
  }
  a->head = NULL;
}
