/*
** arena.h -- a bump allocator for compile-time data.
**
** The AST, names and checker notes live as long as one compilation and
** are freed together by arena_free(); nothing in an arena is freed alone,
** which is why the grammar needs no %destructor.
*/
#ifndef PZ_ARENA_H
#define PZ_ARENA_H

#include <stddef.h>

typedef struct ArenaChunk ArenaChunk;
typedef struct Arena {
  ArenaChunk *head;  /* newest chunk first */
} Arena;

/* n zeroed bytes, aligned for any type; owned by the arena. */
void *arena_alloc(Arena *a, size_t n);
char *arena_strndup(Arena *a, const char *s, size_t n);
void arena_free(Arena *a);

#define arena_new(a, T) ((T *)arena_alloc((a), sizeof(T)))
#define arena_array(a, T, n) ((T *)arena_alloc((a), sizeof(T) * (n)))

#endif
