/*
** model.c -- the Model's steps: appending them and naming their kinds.
*/
#include "model/model.h"

#include <assert.h>
#include <string.h>

#include "base/mem.h"

void model_init(Model *m)
{
  memset(m, 0, sizeof *m);
}

void model_free(Model *m)
{
  VEC_FREE(m->steps);
  VEC_FREE(m->ints);
  VEC_FREE(m->vars);
  VEC_FREE(m->names);
  m->nconstraints = 0;
}

uint32_t model_binding(Model *m, const int32_t *triples, size_t n)
{
  uint32_t at = (uint32_t)m->ints.len;
  VEC_PUSH(m->ints, (int32_t)n);
  VEC_RESERVE(m->ints, m->ints.len + 3 * n);
  for (size_t i = 0; i < 3 * n; i++)    /* a few names: no call to memcpy */
    m->ints.data[m->ints.len + i] = triples[i];
  m->ints.len += 3 * n;
  return at + 1;
}

const int32_t *model_binding_triples(const Model *m, uint32_t binding, size_t *n)
{
  if (binding == 0 || binding > m->ints.len) {
    *n = 0;
    return NULL;
  }
  *n = (size_t)m->ints.data[binding - 1];
  return m->ints.data + binding;
}

void model_set_name(Model *m, ModelVar x, ModelName name)
{
  while (m->names.len <= x)
    VEC_PUSH(m->names, (ModelName){0});
  m->names.data[x] = name;
}

bool model_name(const Model *m, ModelVar x, Buf *out)
{
  if (x >= m->names.len || !m->names.data[x].a)
    return false;
  const ModelName *n = &m->names.data[x];
  buf_puts(out, n->a);
  if (n->b) {
    if (n->num_form)
      buf_printf(out, " %d", n->num);
    buf_printf(out, ": %s", n->b);
  }
  for (uint8_t i = 0; i < n->ndims; i++)
    buf_printf(out, "%s%u%s", i ? "," : "[", n->idx[i] + 1, i + 1 == n->ndims ? "]" : "");
  return true;
}

static const char *const kind_names[MS_NKINDS] = {
  [MS_VAR_RANGE] = "var", [MS_VAR_VALUES] = "var", [MS_CONST] = "const",
  [MS_LINEAR] = "linear", [MS_LINEAR_REIF] = "linear_reif",
  [MS_DISTINCT] = "distinct", [MS_ELEMENT] = "element", [MS_CELL_OF] = "cell_of",
  [MS_TIMES] = "times", [MS_DIV] = "div", [MS_MOD] = "mod", [MS_ABS] = "abs",
  [MS_MIN] = "min", [MS_MAX] = "max", [MS_CLAUSE] = "clause", [MS_TABLE] = "table", [MS_TILING] = "tiling",
  [MS_REGULAR] = "regular",
  [MS_CONNECTED] = "connected", [MS_AREAS] = "areas", [MS_SIZES] = "sizes",
  [MS_CIRCUIT] = "circuit",
  [MS_DEFER] = "defer", [MS_PROPAGATE] = "propagate", [MS_DECIDE] = "decide",
  [MS_SHOWN] = "shown",
  [MS_GOAL] = "goal",
};

const char *model_kind_name(ModelStepKind kind)
{
  return kind < MS_NKINDS ? kind_names[kind] : "?";
}

bool model_is_constraint(ModelStepKind kind)
{
  return kind >= MS_LINEAR && kind <= MS_CIRCUIT;
}

ModelStep *model_step(Model *m, ModelStepKind kind, uint32_t origin,
                      const int32_t *a, size_t na, const int32_t *b, size_t nb)
{
  ModelStep st = {.kind = (uint8_t)kind, .origin = origin, .args = (uint32_t)m->ints.len};
  VEC_RESERVE(m->ints, m->ints.len + na + nb);
  if (na + nb == 0) {
    /* no arguments (an empty program's decision step): ints may have no
    ** storage yet, and NULL + 0 is undefined */
  } else if (na + nb <= 8) {            /* most steps (x - y != c): no call to memcpy */
    int32_t *to = m->ints.data + m->ints.len;
    for (size_t i = 0; i < na; i++)
      to[i] = a[i];
    for (size_t i = 0; i < nb; i++)
      to[na + i] = b[i];
  } else {
    int32_t *to = m->ints.data + m->ints.len;
    if (na)
      memcpy(to, a, na * sizeof *a);
    if (nb)
      memcpy(to + na, b, nb * sizeof *b);
  }
  m->ints.len += na + nb;
  VEC_PUSH(m->steps, st);
  if (model_is_constraint(kind))
    m->nconstraints++;
  return &m->steps.data[m->steps.len - 1];
}

static ModelVar new_var(Model *m, int32_t lo, int32_t hi)
{
  ModelVarInfo v = {.lo = lo, .hi = hi, .step = (uint32_t)m->steps.len - 1};
  VEC_PUSH(m->vars, v);
  return (ModelVar)(m->vars.len - 1);
}

ModelVar model_var_range(Model *m, int32_t lo, int32_t hi)
{
  assert(lo <= hi);
  ModelStep *st = model_step(m, MS_VAR_RANGE, 0, NULL, 0, NULL, 0);
  st->k = lo;
  st->hi = hi;
  return new_var(m, lo, hi);
}

ModelVar model_var_values(Model *m, const int32_t *values, size_t n)
{
  assert(n >= 1);
  ModelStep *st = model_step(m, MS_VAR_VALUES, 0, values, n, NULL, 0);
  st->n = (uint32_t)n;
  int32_t lo = values[0], hi = values[0];
  for (size_t i = 1; i < n; i++) {
    lo = values[i] < lo ? values[i] : lo;
    hi = values[i] > hi ? values[i] : hi;
  }
  return new_var(m, lo, hi);
}

ModelVar model_const(Model *m, int32_t v)
{
  ModelStep *st = model_step(m, MS_CONST, 0, NULL, 0, NULL, 0);
  st->k = v;
  return new_var(m, v, v);
}

/* Append v to out[0..*n).  No search for v among them: a step can hold
   100,000 variables (a long sum), and the caller marks those it has seen. */
static void add_var(ModelVar *out, size_t *n, ModelVar v)
{
  out[(*n)++] = v;
}

size_t model_step_vars(const Model *m, const ModelStep *st, ModelVar *out)
{
  const int32_t *a = model_args(m, st);
  size_t n = 0;
  switch ((ModelStepKind)st->kind) {
  case MS_LINEAR:
  case MS_LINEAR_REIF:
    for (uint32_t i = 0; i < st->n; i++)
      if (a[i] != 0)
        add_var(out, &n, (ModelVar)a[st->n + i]);
    if (st->kind == MS_LINEAR_REIF)
      add_var(out, &n, st->z);
    break;
  case MS_DISTINCT:
  case MS_TABLE:
  case MS_REGULAR:
  case MS_CIRCUIT:
    for (uint32_t i = 0; i < st->n; i++)
      add_var(out, &n, (ModelVar)a[i]);
    break;
  case MS_CLAUSE:
    for (uint32_t i = 0; i < st->n + st->m; i++)
      add_var(out, &n, (ModelVar)a[i]);
    break;
  case MS_ELEMENT:
  case MS_CELL_OF:
  case MS_MIN:
  case MS_MAX:
    for (uint32_t i = 0; i < st->n; i++)
      add_var(out, &n, (ModelVar)a[i]);
    add_var(out, &n, st->kind == MS_CELL_OF ? st->x : st->z);
    if (st->kind == MS_ELEMENT)
      add_var(out, &n, st->x);
    break;
  case MS_TIMES:
  case MS_DIV:
  case MS_MOD:
    add_var(out, &n, st->x);
    add_var(out, &n, st->y);
    add_var(out, &n, st->z);
    break;
  case MS_ABS:
    add_var(out, &n, st->x);
    add_var(out, &n, st->z);
    break;
  case MS_TILING: {
    ModelTiling t = model_tiling(a);
    for (uint32_t c = 0; c < t.ncells; c++) {
      out[n++] = (ModelVar)t.cover[c];
      out[n++] = (ModelVar)t.name[c];
    }
    for (uint32_t k = 0; k < t.nkinds; k++)
      if (t.column[k] >= 0)
        out[n++] = (ModelVar)t.column[k];
    break;
  }
  case MS_CONNECTED:
  case MS_AREAS:
  case MS_SIZES: {
    ModelArea g = model_area(a);
    for (uint32_t k = 0; k < g.ncells; k++)
      add_var(out, &n, (ModelVar)g.x[k]);
    break;
  }
  default:
    break;
  }
  return n;
}
