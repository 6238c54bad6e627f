/*
** flatzinc.c -- the Model in FlatZinc, for any FlatZinc solver.
**
** Every variable is declared with its initial domain (variable k is
** `xk`), then every constraint, written with FlatZinc's builtins only so
** that any solver reads it: distinct becomes int_ne per pair, a table a
** selector over its (distinct) rows, a clause a linear inequality, and a
** reified linear constraint gets a Boolean twin of its 0/1 variable,
** a circuit the order of its nodes.  Implied constraints that change no
** count but shorten a solver's search are added (a circuit's successors
** all differ), and the search is annotated (see search).
** Counting the solutions of the dump (fzn-gecode -a) must give pz's
** count: each constraint means exactly what its propagator enforces.
*/
#include "model/model.h"

#include <stdlib.h>
#include <string.h>

#include "base/mem.h"

static void ints(Buf *out, const int32_t *a, size_t n)
{
  buf_putc(out, '[');
  for (size_t i = 0; i < n; i++)
    buf_printf(out, "%s%d", i ? "," : "", a[i]);
  buf_putc(out, ']');
}

static void vars(Buf *out, const int32_t *a, size_t n)
{
  buf_putc(out, '[');
  for (size_t i = 0; i < n; i++)
    buf_printf(out, "%sx%u", i ? "," : "", (unsigned)a[i]);
  buf_putc(out, ']');
}

static const char *const lin_names[] = {"int_lin_eq", "int_lin_ne", "int_lin_le"};

static int cmp_int32(const void *l, const void *r)
{
  int32_t a = *(const int32_t *)l, b = *(const int32_t *)r;
  return (a > b) - (a < b);
}

static void declare_var(Buf *out, const Model *m, ModelVar x, const ModelStep *st, bool shown)
{
  if (st->kind == MS_VAR_VALUES) {
    int32_t *v = xmalloc(st->n * sizeof *v);
    memcpy(v, model_args(m, st), st->n * sizeof *v);
    qsort(v, st->n, sizeof *v, cmp_int32);
    buf_puts(out, "var {");
    for (uint32_t i = 0; i < st->n; i++)
      if (i == 0 || v[i] != v[i - 1])
        buf_printf(out, "%s%d", i ? "," : "", v[i]);
    buf_putc(out, '}');
    xfree(v);
  } else {
    buf_printf(out, "var %d..%d", m->vars.data[x].lo, m->vars.data[x].hi);
  }
  buf_printf(out, ": x%u%s;", (unsigned)x, shown ? " :: output_var" : "");
  buf_puts(out, "  % ");
  if (!model_name(m, x, out))
    buf_puts(out, "helper");
  buf_putc(out, '\n');
}

/* FNV-1a over a row's values: the key of distinct_rows' hash table. */
static uint64_t row_hash(const int32_t *row, uint32_t n)
{
  uint64_t h = 14695981039346656037u;
  for (uint32_t j = 0; j < n; j++) {
    h ^= (uint32_t)row[j];
    h *= 1099511628211u;
  }
  return h;
}

/*
** The rows of a table without repeats (a repeat is one answer), in their
** first order.  A hash table of the kept rows finds each repeat: a path's
** tables have thousands of rows, and comparing each row with every kept
** one was quadratic (the pipeline fuzzer's 10x10 Hidato timed out here).
*/
static size_t distinct_rows(const int32_t *rows, uint32_t n, uint32_t m, int32_t **out)
{
  int32_t *r = xmalloc(((size_t)n * m + 1) * sizeof *r);
  size_t cap = 16;
  while (cap < 2 * (size_t)m)
    cap *= 2;
  size_t *kept = xcalloc(cap, sizeof *kept);   /* 1 + the kept row's index; 0 is empty */
  size_t k = 0;
  for (uint32_t i = 0; i < m; i++) {
    const int32_t *row = rows + (size_t)i * n;
    size_t h = (size_t)row_hash(row, n) & (cap - 1);
    while (kept[h] && memcmp(r + (kept[h] - 1) * n, row, n * sizeof *r) != 0)
      h = (h + 1) & (cap - 1);
    if (!kept[h]) {
      memcpy(r + k * n, row, n * sizeof *r);
      kept[h] = ++k;
    }
  }
  xfree(kept);
  *out = r;
  return k;
}

/*
** connected and areas, as shortest-distance labels: b_k says node k holds
** the value (the outside always does), d_k is 0 off the area, 1 at a root
** and else one more than its nearest neighbour in the area.  The root of
** connected is the outside, or the first node holding the value; the
** roots of areas are its clue cells, and a label per node (its clue's
** number, 0 off the areas) is shared by neighbours and counted for the
** clue's size.  Every solution has one assignment of the helpers, so a
** count of the dump is pz's.
*/
static uint32_t area_nclues(const ModelArea *g)
{
  uint32_t n = 0;
  for (uint32_t k = 0; g->areas && k < g->ncells; k++)
    n += g->clue[k] != 0;
  return n;
}

static void area_declare(Buf *out, const ModelArea *g, size_t id)
{
  static const char *const bools[] = {"b", "n", "o", "r", "np"};
  uint32_t nclues = area_nclues(g);
  for (uint32_t k = 0; k <= g->nnodes; k++)
    buf_printf(out, "var bool: a%zu_p%u;\n", id, k);
  for (uint32_t k = 0; k < g->nnodes; k++) {
    for (size_t i = 0; i < sizeof bools / sizeof *bools; i++)
      buf_printf(out, "var bool: a%zu_%s%u;\n", id, bools[i], k);
    buf_printf(out, "var 0..%u: a%zu_d%u;\n", g->nnodes, id, k);
    if (g->areas) {
      buf_printf(out, "var 0..%u: a%zu_l%u;\n", nclues, id, k);
      for (uint32_t c = 1; c <= nclues; c++)
        buf_printf(out, "var bool: a%zu_y%u_%u;\n", id, k, c);
    }
  }
  for (uint32_t e = 0; e < g->nadj; e++)
    buf_printf(out, "var bool: a%zu_le%u;\nvar bool: a%zu_q%u;\nvar bool: a%zu_s%u;\nvar bool: a%zu_g%u;\n",
               id, e, id, e, id, e, id, e);
}

static void area_constraints(Buf *out, const ModelArea *g, size_t id)
{
  uint32_t nclues = area_nclues(g), clue = 0;
  int32_t *size = xcalloc(nclues + 1, sizeof *size);
  buf_printf(out, "constraint bool_eq(a%zu_p0,false)", id);
  for (uint32_t k = 0; k < g->nnodes; k++) {
    bool cell = k < g->ncells, is_clue = g->areas && g->clue[k] != 0;
    if (cell)
      buf_printf(out, ";\nconstraint int_eq_reif(x%d,%d,a%zu_b%u)", g->x[k], g->value, id, k);
    else
      buf_printf(out, ";\nconstraint bool_eq(a%zu_b%u,true)", id, k);
    buf_printf(out, ";\nconstraint bool_not(a%zu_b%u,a%zu_n%u)", id, k, id, k);
    buf_printf(out, ";\nconstraint int_eq_reif(a%zu_d%u,0,a%zu_n%u)", id, k, id, k);
    buf_printf(out, ";\nconstraint int_eq_reif(a%zu_d%u,1,a%zu_o%u)", id, k, id, k);
    buf_printf(out, ";\nconstraint array_bool_or([a%zu_p%u,a%zu_b%u],a%zu_p%u)", id, k, id, k, id, k + 1);
    buf_printf(out, ";\nconstraint bool_not(a%zu_p%u,a%zu_np%u)", id, k, id, k);
    if (g->areas)
      buf_printf(out, ";\nconstraint bool_eq(a%zu_r%u,%s)", id, k, is_clue ? "true" : "false");
    else if (g->nnodes > g->ncells)
      buf_printf(out, ";\nconstraint bool_eq(a%zu_r%u,%s)", id, k, cell ? "false" : "true");
    else
      buf_printf(out, ";\nconstraint array_bool_and([a%zu_b%u,a%zu_np%u],a%zu_r%u)", id, k, id, k, id, k);
    /* a root is at 1, every other node of the area further */
    buf_printf(out, ";\nconstraint bool_clause([a%zu_o%u],[a%zu_r%u])", id, k, id, k);
    buf_printf(out, ";\nconstraint bool_clause([a%zu_r%u],[a%zu_b%u,a%zu_o%u])", id, k, id, k, id, k);
    if (is_clue) {
      size[++clue] = g->clue[k];
      buf_printf(out, ";\nconstraint bool_eq(a%zu_b%u,true);\nconstraint int_eq(a%zu_l%u,%u)", id, k, id, k, clue);
    } else if (g->areas) {
      buf_printf(out, ";\nconstraint int_eq_reif(a%zu_l%u,0,a%zu_n%u)", id, k, id, k);
    }
    /* each edge: both ends in the area, at most one step further, and one label */
    for (int32_t e = g->first[k]; e < g->first[k + 1]; e++) {
      int32_t j = g->adj[e];
      buf_printf(out, ";\nconstraint int_lin_le_reif([1,-1],[a%zu_d%u,a%zu_d%d],1,a%zu_le%d)", id, k, id, j, id, e);
      buf_printf(out, ";\nconstraint bool_clause([a%zu_le%d],[a%zu_b%u,a%zu_b%d])", id, e, id, k, id, j);
      buf_printf(out, ";\nconstraint int_lin_eq_reif([1,-1],[a%zu_d%d,a%zu_d%u],-1,a%zu_q%d)", id, j, id, k, id, e);
      buf_printf(out, ";\nconstraint array_bool_and([a%zu_b%d,a%zu_q%d],a%zu_s%d)", id, j, id, e, id, e);
      if (g->areas) {
        buf_printf(out, ";\nconstraint int_lin_eq_reif([1,-1],[a%zu_l%u,a%zu_l%d],0,a%zu_g%d)", id, k, id, j, id, e);
        buf_printf(out, ";\nconstraint bool_clause([a%zu_g%d],[a%zu_b%u,a%zu_b%d])", id, e, id, k, id, j);
      }
    }
    /* a node of the area that is not a root has a neighbour one step nearer */
    buf_printf(out, ";\nconstraint bool_clause([a%zu_r%u", id, k);
    for (int32_t e = g->first[k]; e < g->first[k + 1]; e++)
      buf_printf(out, ",a%zu_s%d", id, e);
    buf_printf(out, "],[a%zu_b%u])", id, k);
  }
  for (uint32_t c = 1; c <= nclues; c++) {
    for (uint32_t k = 0; k < g->ncells; k++)
      buf_printf(out, ";\nconstraint int_eq_reif(a%zu_l%u,%u,a%zu_y%u_%u)", id, k, c, id, k, c);
    if (size[c] < 0)
      continue;
    buf_puts(out, ";\nconstraint bool_lin_eq([");
    for (uint32_t k = 0; k < g->ncells; k++)
      buf_printf(out, "%s1", k ? "," : "");
    buf_puts(out, "],[");
    for (uint32_t k = 0; k < g->ncells; k++)
      buf_printf(out, "%sa%zu_y%u_%u", k ? "," : "", id, k, c);
    buf_printf(out, "],%d)", size[c]);
  }
  xfree(size);
}

/*
** sizes (Fillomino), with labels as areas have: s_e says the ends of edge e
** hold the same number; l_k, the label of cell k, is the smallest cell of
** its area (l_k <= k, the same across every such edge), which is its root
** (r_k: l_k = k, at distance d_k = 1; every other cell of the area has a
** neighbour in it one step nearer, and neighbours in it differ by at most
** one step).  A root's number is the count of the cells labelled with it.
** The labels and distances are one per solution, so a count of the dump
** is pz's.
*/
static void sizes_declare(Buf *out, const ModelArea *g, size_t id)
{
  for (uint32_t k = 0; k < g->ncells; k++) {
    buf_printf(out, "var 0..%u: f%zu_l%u;\nvar 1..%u: f%zu_d%u;\nvar 0..%u: f%zu_c%u;\n",
               k, id, k, g->ncells, id, k, g->ncells, id, k);
    buf_printf(out, "var bool: f%zu_r%u;\nvar bool: f%zu_t%u;\n", id, k, id, k);
    for (uint32_t j = k; j < g->ncells; j++)
      buf_printf(out, "var bool: f%zu_y%u_%u;\n", id, j, k);
  }
  for (uint32_t e = 0; e < g->nadj; e++)
    buf_printf(out, "var bool: f%zu_s%u;\nvar bool: f%zu_g%u;\nvar bool: f%zu_le%u;\n"
               "var bool: f%zu_q%u;\nvar bool: f%zu_p%u;\n", id, e, id, e, id, e, id, e, id, e);
}

static void sizes_constraints(Buf *out, const ModelArea *g, size_t id)
{
  const char *sep = "";
  for (uint32_t k = 0; k < g->ncells; k++) {
    buf_printf(out, "%sconstraint int_eq_reif(f%zu_l%u,%u,f%zu_r%u)", sep, id, k, k, id, k);
    sep = ";\n";
    buf_printf(out, ";\nconstraint int_eq_reif(f%zu_d%u,1,f%zu_r%u)", id, k, id, k);
    for (int32_t e = g->first[k]; e < g->first[k + 1]; e++) {
      int32_t j = g->adj[e];
      buf_printf(out, ";\nconstraint int_eq_reif(x%d,x%d,f%zu_s%d)", g->x[k], g->x[j], id, e);
      buf_printf(out, ";\nconstraint int_eq_reif(f%zu_l%u,f%zu_l%d,f%zu_g%d)", id, k, id, j, id, e);
      buf_printf(out, ";\nconstraint bool_clause([f%zu_g%d],[f%zu_s%d])", id, e, id, e);
      buf_printf(out, ";\nconstraint int_lin_le_reif([1,-1],[f%zu_d%u,f%zu_d%d],1,f%zu_le%d)", id, k, id, j, id, e);
      buf_printf(out, ";\nconstraint bool_clause([f%zu_le%d],[f%zu_s%d])", id, e, id, e);
      buf_printf(out, ";\nconstraint int_lin_eq_reif([1,-1],[f%zu_d%d,f%zu_d%u],-1,f%zu_q%d)", id, j, id, k, id, e);
      buf_printf(out, ";\nconstraint array_bool_and([f%zu_s%d,f%zu_q%d],f%zu_p%d)", id, e, id, e, id, e);
    }
    /* a cell that is not its area's root has a neighbour in it one step nearer */
    buf_printf(out, ";\nconstraint bool_clause([f%zu_r%u", id, k);
    for (int32_t e = g->first[k]; e < g->first[k + 1]; e++)
      buf_printf(out, ",f%zu_p%d", id, e);
    buf_puts(out, "],[])");
    /* a root's number: the cells labelled with it */
    for (uint32_t j = k; j < g->ncells; j++)
      buf_printf(out, ";\nconstraint int_eq_reif(f%zu_l%u,%u,f%zu_y%u_%u)", id, j, k, id, j, k);
    buf_puts(out, ";\nconstraint bool_lin_eq([");
    for (uint32_t j = k; j < g->ncells; j++)
      buf_printf(out, "%s1", j > k ? "," : "");
    buf_puts(out, "],[");
    for (uint32_t j = k; j < g->ncells; j++)
      buf_printf(out, "%sf%zu_y%u_%u", j > k ? "," : "", id, j, k);
    buf_printf(out, "],f%zu_c%u)", id, k);
    buf_printf(out, ";\nconstraint int_eq_reif(f%zu_c%u,x%d,f%zu_t%u)", id, k, g->x[k], id, k);
    buf_printf(out, ";\nconstraint bool_clause([f%zu_t%u],[f%zu_r%u])", id, k, id, k);
  }
}

/*
** circuit as the order of the nodes from node 0: o_0 = 0 and, for each i,
** o[next(i)] = (o_i + 1) mod n, through an element at index
** x_i - base + 1 and e_i = o_i + 1 - n * z_i with z_i in 0..1.  The orbit
** of node 0 then meets n different orders before it closes, so it runs
** through every node: a single cycle, and each o_i, e_i, z_i follows.
** Fresh variables: o, e, z and the index, n of each.
*/
static void circuit_constraints(Buf *out, const int32_t *x, uint32_t n, int32_t base,
                                uint32_t *fresh)
{
  uint32_t o = *fresh, e = o + n, z = e + n, idx = z + n;
  *fresh += 4 * n;
  if (n == 0) {
    buf_puts(out, "constraint bool_eq(true,true)");
    return;
  }
  buf_printf(out, "constraint int_eq(x%u,0)", o);
  for (uint32_t i = 0; i < n; i++) {
    buf_printf(out, ";\nconstraint int_le(0,x%u);\nconstraint int_le(x%u,%u)", o + i, o + i, n - 1);
    buf_printf(out, ";\nconstraint int_le(0,x%u);\nconstraint int_le(x%u,1)", z + i, z + i);
    buf_printf(out, ";\nconstraint int_lin_eq([1,-1],[x%u,x%d],%lld)", idx + i, x[i],
               (long long)(1 - (int64_t)base));
    buf_printf(out, ";\nconstraint array_var_int_element(x%u,[", idx + i);
    for (uint32_t j = 0; j < n; j++)
      buf_printf(out, "%sx%u", j ? "," : "", o + j);
    buf_printf(out, "],x%u)", e + i);
    buf_printf(out, ";\nconstraint int_lin_eq([1,-1,%u],[x%u,x%u,x%u],1)", n, e + i, o + i, z + i);
  }
  /* implied, and what makes a solver's search short: no two nodes have
     the same successor, nor the same place in the order */
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = i + 1; j < n; j++)
      buf_printf(out, ";\nconstraint int_ne(x%d,x%d);\nconstraint int_ne(x%u,x%u)", x[i], x[j],
                 o + i, o + j);
}

static void constraint(Buf *out, const Model *m, const ModelStep *st, uint32_t *fresh,
                       const char *const *origins, size_t norigins)
{
  const int32_t *a = model_args(m, st);
  switch ((ModelStepKind)st->kind) {
  case MS_LINEAR:
  case MS_LINEAR_REIF:
    buf_printf(out, "constraint %s%s(", lin_names[st->rel], st->kind == MS_LINEAR_REIF ? "_reif" : "");
    ints(out, a, st->n);
    buf_putc(out, ',');
    vars(out, a + st->n, st->n);
    buf_printf(out, ",%lld", (long long)st->k);
    if (st->kind == MS_LINEAR_REIF)
      buf_printf(out, ",b%u", (unsigned)st->z);
    buf_puts(out, ")");
    break;
  case MS_DISTINCT:
    for (uint32_t i = 0; i < st->n; i++)
      for (uint32_t j = i + 1; j < st->n; j++)
        buf_printf(out, "%sconstraint int_ne(x%u,x%u)", i + j > 1 ? ";\n" : "",
                   (unsigned)a[i], (unsigned)a[j]);
    if (st->n < 2)
      buf_puts(out, "constraint bool_eq(true,true)");
    break;
  case MS_ELEMENT: {
    /* arr[idx - base] with FlatZinc's index from 1: i = idx - base + 1 */
    uint32_t index = st->x;
    if (st->k != 1) {
      index = (*fresh)++;
      buf_printf(out, "constraint int_lin_eq([1,-1],[x%u,x%u],%lld);\n",
                 (unsigned)index, (unsigned)st->x, (long long)(1 - st->k));
    }
    buf_printf(out, "constraint array_var_int_element(x%u,", (unsigned)index);
    vars(out, a, st->n);
    buf_printf(out, ",x%u)", (unsigned)st->z);
    break;
  }
  case MS_CELL_OF:
    buf_printf(out, "constraint array_var_int_element(x%u,", (unsigned)st->x);
    vars(out, a, st->n);
    buf_printf(out, ",%lld)", (long long)st->k);
    break;
  case MS_TIMES:
    buf_printf(out, "constraint int_times(x%u,x%u,x%u)", (unsigned)st->x, (unsigned)st->y, (unsigned)st->z);
    break;
  case MS_DIV:
    buf_printf(out, "constraint int_div(x%u,x%u,x%u)", (unsigned)st->x, (unsigned)st->y, (unsigned)st->z);
    break;
  case MS_MOD:
    buf_printf(out, "constraint int_mod(x%u,x%u,x%u)", (unsigned)st->x, (unsigned)st->y, (unsigned)st->z);
    break;
  case MS_ABS:
    buf_printf(out, "constraint int_abs(x%u,x%u)", (unsigned)st->x, (unsigned)st->z);
    break;
  case MS_MIN:
  case MS_MAX:
    buf_printf(out, "constraint array_int_%s(x%u,", st->kind == MS_MIN ? "minimum" : "maximum",
               (unsigned)st->z);
    vars(out, a, st->n);
    buf_putc(out, ')');
    break;
  case MS_CLAUSE: {
    /* some pos = 1 or some neg = 0:  -sum(pos) + sum(neg) <= |neg| - 1 */
    buf_puts(out, "constraint int_lin_le([");
    for (uint32_t i = 0; i < st->n + st->m; i++)
      buf_printf(out, "%s%d", i ? "," : "", i < st->n ? -1 : 1);
    buf_puts(out, "],");
    vars(out, a, st->n + st->m);
    buf_printf(out, ",%d)", (int)st->m - 1);
    break;
  }
  case MS_TABLE: {
    int32_t *rows;
    size_t k = distinct_rows(a + st->n, st->n, st->m, &rows);
    if (k == 0) {
      buf_puts(out, "constraint bool_eq(true,false)");
      xfree(rows);
      break;
    }
    uint32_t t = (*fresh)++;
    buf_printf(out, "constraint int_le(1,x%u);\nconstraint int_le(x%u,%zu)", (unsigned)t,
               (unsigned)t, k);
    int32_t *col = xmalloc(k * sizeof *col);
    for (uint32_t j = 0; j < st->n; j++) {
      for (size_t i = 0; i < k; i++)
        col[i] = rows[i * st->n + j];
      buf_printf(out, ";\nconstraint array_int_element(x%u,", (unsigned)t);
      ints(out, col, k);
      buf_printf(out, ",x%u)", (unsigned)a[j]);
    }
    xfree(col);
    xfree(rows);
    break;
  }
  case MS_TILING: {
    /* b_p <-> placement p is used: every cell of p says so; a cell's name
       is the name of its placement's piece; a kind is used count times */
    ModelTiling t = model_tiling(a);
    unsigned id = (unsigned)(st - m->steps.data);
    uint32_t *local = xcalloc(t.ncells + 1, sizeof *local);
    const char *sep = "";
    for (uint32_t q = 0; q < t.nplace; q++)
      for (int32_t i = t.first[q]; i < t.first[q + 1]; i++) {
        buf_printf(out, "%sconstraint int_eq_reif(x%d,%u,t%u_%u)", sep, t.cover[t.cells[i]],
                   local[t.cells[i]]++, id, q);
        sep = ";\n";
      }
    for (uint32_t k = 0, j = 0; k < t.nkinds; k++, j = 0) {
      for (uint32_t q = 0; q < t.nplace; q++)
        if (t.kind[q] == (int32_t)k && t.column[k] >= 0)
          buf_printf(out, "%sconstraint int_eq_reif(x%d,%u,t%u_%u)", sep, t.column[k], j++, id, q);
      if (t.count[k] < 0)
        continue;
      buf_printf(out, "%sconstraint bool_lin_eq([", sep);
      for (uint32_t q = 0, n = 0; q < t.nplace; q++)
        if (t.kind[q] == (int32_t)k)
          buf_printf(out, "%s1", n++ ? "," : "");
      buf_puts(out, "],[");
      for (uint32_t q = 0, n = 0; q < t.nplace; q++)
        if (t.kind[q] == (int32_t)k)
          buf_printf(out, "%st%u_%u", n++ ? "," : "", id, q);
      buf_printf(out, "],%d)", t.count[k]);
      sep = ";\n";
    }
    for (uint32_t c = 0; c < t.ncells; c++) {
      /* the name through the cover value: element over local index + 1 */
      uint32_t index = (*fresh)++;
      buf_printf(out, "%sconstraint int_lin_eq([1,-1],[x%u,x%d],1);\n", sep, index, t.cover[c]);
      buf_printf(out, "constraint array_int_element(x%u,[", index);
      uint32_t n = 0;
      for (uint32_t q = 0; q < t.nplace; q++)
        for (int32_t i = t.first[q]; i < t.first[q + 1]; i++)
          if (t.cells[i] == (int32_t)c)
            buf_printf(out, "%s%d", n++ ? "," : "", t.kind_name[t.kind[q]]);
      if (t.gap[c])
        buf_printf(out, "%s%d", n++ ? "," : "", t.gap_name);
      buf_printf(out, "],x%d)", t.name[c]);
      sep = ";\n";
    }
    xfree(local);
    if (!*sep)
      buf_puts(out, "constraint bool_eq(true,true)");
    break;
  }
  case MS_REGULAR: {
    /* the states s_0 .. s_n of a run, and per letter a transition t_i
       (an index into the table) that goes from s_i to s_(i+1) reading x_i */
    uint32_t q = (uint32_t)st->hi, nt = st->m;
    const int32_t *accept = a + st->n, *tr = accept + q;
    if (st->n == 0) {
      buf_printf(out, "constraint bool_eq(true,%s)", accept[st->k] ? "true" : "false");
      break;
    }
    uint32_t s0 = *fresh;
    *fresh += 2 * st->n + 1;
    buf_printf(out, "constraint int_eq(x%u,%lld);\nconstraint set_in(x%u,{", (unsigned)s0,
               (long long)st->k, (unsigned)(s0 + st->n));
    for (uint32_t r = 0, k = 0; r < q; r++)
      if (accept[r])
        buf_printf(out, "%s%u", k++ ? "," : "", (unsigned)r);
    buf_puts(out, "})");
    int32_t *col = xmalloc((nt + 1) * sizeof *col);
    for (uint32_t i = 0; i < st->n; i++) {
      uint32_t t = s0 + st->n + 1 + i;
      buf_printf(out, ";\nconstraint int_le(1,x%u);\nconstraint int_le(x%u,%u)", (unsigned)t,
                 (unsigned)t, (unsigned)nt);
      for (uint32_t c = 0; c < 3; c++) {
        for (uint32_t j = 0; j < nt; j++)
          col[j] = tr[3 * j + c];
        buf_printf(out, ";\nconstraint array_int_element(x%u,", (unsigned)t);
        ints(out, col, nt);
        if (c == 1)
          buf_printf(out, ",x%u)", (unsigned)a[i]);
        else
          buf_printf(out, ",x%u)", (unsigned)(s0 + i + (c == 2)));
      }
    }
    xfree(col);
    break;
  }
  case MS_CONNECTED:
  case MS_AREAS: {
    ModelArea g = model_area(a);
    area_constraints(out, &g, (size_t)(st - m->steps.data));
    break;
  }
  case MS_SIZES: {
    ModelArea g = model_area(a);
    sizes_constraints(out, &g, (size_t)(st - m->steps.data));
    break;
  }
  case MS_CIRCUIT:
    circuit_constraints(out, a, st->n, (int32_t)st->k, fresh);
    break;
  default:
    return;
  }
  if (st->origin && st->origin <= norigins)
    buf_printf(out, ";  %% %s\n", origins[st->origin - 1]);
  else if (st->origin)
    buf_printf(out, ";  %% origin %u\n", (unsigned)st->origin);
  else
    buf_puts(out, ";\n");
}

/* How many fresh variables the constraints need (element indices, table selectors, runs' states). */
static uint32_t fresh_needed(const Model *m)
{
  uint32_t n = 0;
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    n += (st->kind == MS_ELEMENT && st->k != 1) || st->kind == MS_TABLE;
    if (st->kind == MS_TILING)
      n += model_tiling(model_args(m, st)).ncells;
    if (st->kind == MS_REGULAR && st->n > 0)
      n += 2 * st->n + 1;
    if (st->kind == MS_CIRCUIT)
      n += 4 * st->n;
  }
  return n;
}

/*
** The search, as an annotation every FlatZinc solver may follow or
** ignore: first the cover variables of the tilings (a cell with the
** fewest placements left first, as exact cover searches), then the
** shown variables, smallest domain first.  The helpers follow from them.
*/
static void search(Buf *out, const Model *m, const ModelVar *shown, size_t nshown)
{
  bool tiles = false;
  for (size_t i = 0; i < m->steps.len && !tiles; i++)
    tiles = m->steps.data[i].kind == MS_TILING &&
            model_tiling(model_args(m, &m->steps.data[i])).ncells > 0;
  if (tiles)
    buf_puts(out, nshown ? ":: seq_search([int_search([" : ":: int_search([");
  const char *sep = "";
  for (size_t i = 0; i < m->steps.len && tiles; i++)
    if (m->steps.data[i].kind == MS_TILING) {
      ModelTiling t = model_tiling(model_args(m, &m->steps.data[i]));
      for (uint32_t c = 0; c < t.ncells; c++, sep = ",")
        buf_printf(out, "%sx%d", sep, t.cover[c]);
      for (uint32_t k = 0; k < t.nkinds; k++)
        if (t.column[k] >= 0)
          buf_printf(out, "%sx%d", sep, t.column[k]);
    }
  if (tiles)
    buf_puts(out, "],first_fail,indomain_min,complete)");
  if (nshown) {
    buf_puts(out, tiles ? ",int_search([" : ":: int_search([");
    for (size_t i = 0; i < nshown; i++)
      buf_printf(out, "%sx%u", i ? "," : "", (unsigned)shown[i]);
    buf_puts(out, "],first_fail,indomain_min,complete)");
  }
  buf_puts(out, tiles && nshown ? "]) " : tiles || nshown ? " " : "");
}

void model_flatzinc(const Model *m, const ModelVar *shown, size_t nshown,
                    const char *const *origins, size_t norigins, Buf *out)
{
  uint8_t *is_shown = xcalloc(m->vars.len + 1, 1);
  for (size_t i = 0; i < nshown; i++)
    if (shown[i] < m->vars.len)
      is_shown[shown[i]] = 1;
  buf_printf(out, "%% pz's model: %zu variables, %zu constraints\n", m->vars.len, m->nconstraints);
  for (ModelVar x = 0; x < m->vars.len; x++)
    declare_var(out, m, x, &m->steps.data[m->vars.data[x].step], is_shown[x]);
  /* fresh variables: element indices and table selectors, all within int32 */
  uint32_t first = (uint32_t)m->vars.len, fresh = first, nfresh = fresh_needed(m);
  for (uint32_t i = 0; i < nfresh; i++)
    buf_printf(out, "var int: x%u;\n", (unsigned)(first + i));
  /* Boolean twins of the 0/1 variables that reified constraints set */
  uint8_t *twin = xcalloc(m->vars.len + 1, 1);
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind == MS_LINEAR_REIF && !twin[st->z]) {
      twin[st->z] = 1;
      buf_printf(out, "var bool: b%u;\n", (unsigned)st->z);
    }
  }
  for (size_t i = 0; i < m->steps.len; i++)     /* a tiling's placements, used or not */
    if (m->steps.data[i].kind == MS_TILING)
      for (uint32_t q = 0; q < model_tiling(model_args(m, &m->steps.data[i])).nplace; q++)
        buf_printf(out, "var bool: t%zu_%u;\n", i, q);
  for (size_t i = 0; i < m->steps.len; i++)     /* the labels of connected and areas */
    if (m->steps.data[i].kind == MS_CONNECTED || m->steps.data[i].kind == MS_AREAS) {
      ModelArea g = model_area(model_args(m, &m->steps.data[i]));
      area_declare(out, &g, i);
    } else if (m->steps.data[i].kind == MS_SIZES) {
      ModelArea g = model_area(model_args(m, &m->steps.data[i]));
      sizes_declare(out, &g, i);
    }
  for (ModelVar x = 0; x < m->vars.len; x++)   /* declarations first, then constraints */
    if (twin[x])
      buf_printf(out, "constraint bool2int(b%u,x%u);\n", (unsigned)x, (unsigned)x);
  for (size_t i = 0; i < m->steps.len; i++)
    if (model_is_constraint(m->steps.data[i].kind))
      constraint(out, m, &m->steps.data[i], &fresh, origins, norigins);
  const ModelStep *goal = NULL;
  for (size_t i = 0; i < m->steps.len; i++)
    if (m->steps.data[i].kind == MS_GOAL)
      goal = &m->steps.data[i];
  if (goal)
    buf_printf(out, "solve %s x%u;\n", goal->k ? "maximize" : "minimize", (unsigned)goal->x);
  else {
    /* the shown variables the Model declares, for the search */
    ModelVar *decl = xmalloc((nshown + 1) * sizeof *decl);
    size_t ndecl = 0;
    for (size_t i = 0; i < nshown; i++)
      if (shown[i] < m->vars.len)
        decl[ndecl++] = shown[i];
    buf_puts(out, "solve ");
    search(out, m, decl, ndecl);
    xfree(decl);
    buf_puts(out, "satisfy;\n");
  }
  xfree(twin);
  xfree(is_shown);
}
