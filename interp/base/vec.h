/*
** vec.h -- typed growable arrays (Kissat's STACK, in one header).
**
**   VEC(int32_t) xs = {0};
**   VEC_PUSH(xs, 7);
**   for (size_t i = 0; i < xs.len; i++) use(xs.data[i]);
**   VEC_FREE(xs);
**
** Growth doubles the capacity, so pushes are amortised O(1).  Elements
** are addressed by index; pointers into data die on the next push.
*/
#ifndef PZ_VEC_H
#define PZ_VEC_H

#include <stddef.h>

#include "base/mem.h"

#define VEC(T) struct { T *data; size_t len, cap; }

#define VEC_RESERVE(v, n)                                                   \
  do {                                                                      \
    if ((n) > (v).cap) {                                                    \
      size_t vec_cap_ = (v).cap ? (v).cap : 8;                              \
      while (vec_cap_ < (n))                                                \
        vec_cap_ *= 2;                                                      \
      (v).data = xrealloc((v).data, vec_cap_ * sizeof *(v).data);           \
      (v).cap = vec_cap_;                                                   \
    }                                                                       \
  } while (0)

#define VEC_PUSH(v, x)                                                      \
  do {                                                                      \
    VEC_RESERVE(v, (v).len + 1);                                            \
    (v).data[(v).len++] = (x);                                              \
  } while (0)

#define VEC_POP(v) ((v).data[--(v).len])
#define VEC_LAST(v) ((v).data[(v).len - 1])
#define VEC_CLEAR(v) ((v).len = 0)

#define VEC_FREE(v)                                                         \
  do {                                                                      \
    xfree((v).data);                                                        \
    (v).data = NULL;                                                        \
    (v).len = (v).cap = 0;                                                  \
  } while (0)

#endif
