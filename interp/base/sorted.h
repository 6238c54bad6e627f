/*
** sorted.h -- binary search in sorted arrays of values.
**
**   uint32_t i = lower_bound_i32(vals, n, v);   first index with vals[i] >= v, n if none
**   bool found = i < n && vals[i] == v;
**
** One body for each element type; the key is always an int64_t, so a
** caller may search for a value just past an int32_t's range (max + 1).
*/
#ifndef PZ_SORTED_H
#define PZ_SORTED_H

#include <stdint.h>

#define SORTED_LOWER_BOUND(name, T)                                         \
  static inline uint32_t name(const T *a, uint32_t n, int64_t x)            \
  {                                                                         \
    uint32_t lo = 0, hi = n;                                                \
    while (lo < hi) {                                                       \
      uint32_t mid = lo + (hi - lo) / 2;                                    \
      if (a[mid] < x)                                                       \
        lo = mid + 1;                                                       \
      else                                                                  \
        hi = mid;                                                           \
    }                                                                       \
    return lo;                                                              \
  }

SORTED_LOWER_BOUND(lower_bound_i32, int32_t)
SORTED_LOWER_BOUND(lower_bound_i64, int64_t)

#undef SORTED_LOWER_BOUND

#endif
