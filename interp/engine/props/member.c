/*
** member.c -- x in a list of values, for bounds-only domains.
**
** A domain too wide for a bitset cannot record holes, so a variable
** created from a wide list of values gets this propagator: it keeps both
** bounds on listed values, hence a fixed value is always a listed one.
*/
#include "engine/props/props.h"

#include <stdlib.h>

#include "base/sorted.h"

static PropStatus member_propagate(Solver *s, Prop *p)
{
  VarId x = prop_vars(s, p)[0];
  const int64_t *c = prop_consts(s, p);
  uint32_t n = p->nconsts;
  uint32_t i = lower_bound_i64(c, n, dom_min(s, x));
  if (i == n)
    return PS_FAIL;
  PROP_TRY(dom_set_min(s, x, c[i], p));
  uint32_t j = lower_bound_i64(c, n, (int64_t)dom_max(s, x) + 1);
  if (j == 0)
    return PS_FAIL;
  PROP_TRY(dom_set_max(s, x, c[j - 1], p));
  return dom_is_fixed(s, x) ? PS_DONE : PS_FIX;
}

static bool member_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  const int64_t *c = prop_consts(s, p);
  uint32_t i = lower_bound_i64(c, p->nconsts, v[0]);
  return i < p->nconsts && c[i] == v[0];
}

static const PropClass member_class = { "member", member_propagate,
                                        member_holds, NULL, NULL, NULL };

static int value_cmp(const void *l, const void *r)
{
  int64_t a = *(const int64_t *)l, b = *(const int64_t *)r;
  return (a > b) - (a < b);
}

void member_post(Solver *s, VarId x, const int32_t *values, size_t n)
{
  int64_t *c = xmalloc(n * sizeof *c);
  for (size_t i = 0; i < n; i++)
    c[i] = values[i];
  qsort(c, n, sizeof *c, value_cmp);
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (m == 0 || c[m - 1] != c[i])
      c[m++] = c[i];
  Prop *p = prop_new(s, &member_class, PC_CHEAP, 1, &x, m, c);
  prop_subscribe(s, p, x, EV_BND);
  prop_post(s, p);
  xfree(c);
}
