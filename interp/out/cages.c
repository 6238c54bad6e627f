/*
** cages.c -- KenKen's cages, found in the Model (pz --svg, pz --regions).
**
** A KenKen program need not draw its cages with a region map: it may
** pick each cage's cells by its letter and post sum, product, max - min
** or max = k * min over them.  The pictures find the cages back from
** those steps, when they split the board into disjoint groups.
*/
#include "out/out.h"

#include <stdio.h>
#include <string.h>

#include "base/mem.h"

/* A union-find root. */
static uint32_t uf_find(uint32_t *up, uint32_t x)
{
  while (up[x] != x)
    x = up[x] = up[up[x]];
  return x;
}

/*
** One cage found: the places of its cells (cells[0 .. ncells)), and its
** label.  False when a cell already lies in another cage.
*/
static bool cage_add(OutCages *gr, const uint32_t *cells, size_t ncells, const char *label)
{
  for (size_t j = 0; j < ncells; j++)
    if (gr->cage[cells[j]])
      return false;
  gr->n++;
  for (size_t j = 0; j < ncells; j++)
    gr->cage[cells[j]] = gr->n;
  gr->label = xrealloc(gr->label, gr->n * sizeof *gr->label);
  gr->label[gr->n - 1] = xstrndup(label, strlen(label));
  return true;
}

/*
** KenKen's cages, when no region map lies over the board: the Model's
** steps over disjoint groups of its cells, one per cell, each making a
** number by an operation: sum(x) = k ("k+", one cell "k"), a chain of
** products = k ("k×"), max - min = k ("k−"), max = k * min ("k÷").  None
** (cage NULL) unless they cover the board, two or more of them of
** more than one cell (not a board of givens), not all alike.
*/
OutCages out_cages(const Ground *g, uint32_t rows, uint32_t cols, const bool *is, const VarId *var)
{
  OutCages res = {0}, *gr = &res;
  const Model *m = g->model;
  size_t nvars = m->vars.len, n = (size_t)rows * cols;
  uint32_t *place = xcalloc(nvars + 1, sizeof *place);   /* per VarId: 1 + its place */
  uint32_t *up = xmalloc((nvars + 1) * sizeof *up);
  int32_t *maxof = xcalloc(nvars + 1, sizeof *maxof);    /* per VarId: 1 + the step making it a max/min */
  uint32_t *cells = xmalloc((n + 1) * sizeof *cells);      /* the places of the cage being read */
  uint8_t *times = xcalloc(nvars + 1, 1);                 /* per VarId: a product's result */
  VEC(size_t) products = {0};                             /* the steps  product = k */
  for (size_t x = 0; x <= nvars; x++)
    up[x] = (uint32_t)x;
  for (size_t i = 0; i < n; i++)
    if (is[i] && var[i] < nvars)
      place[var[i]] = (uint32_t)i + 1;
  gr->cage = xcalloc(n, sizeof *gr->cage);
  bool ok = true;
  char label[48];
  for (size_t s = 0; ok && s < m->steps.len; s++) {
    const ModelStep *st = &m->steps.data[s];
    const int32_t *a = model_args(m, st);
    size_t ncells = 0;
    label[0] = 0;
    if (st->kind == MS_TIMES && st->x < nvars && st->y < nvars && st->z < nvars) {
      up[uf_find(up, st->x)] = uf_find(up, st->z);
      up[uf_find(up, st->y)] = uf_find(up, st->z);
      times[st->z] = 1;
    } else if ((st->kind == MS_MAX || st->kind == MS_MIN) && st->z < nvars) {
      maxof[st->z] = (int32_t)s + 1;
    } else if (st->kind == MS_LINEAR && st->rel == MODEL_EQ && st->n == 1 && a[0] == 1 &&
               (size_t)a[1] < nvars && times[a[1]]) {
      VEC_PUSH(products, s);                 /* a product = k: its cells once every product is read */
    } else if (st->kind == MS_LINEAR && st->rel == MODEL_EQ && st->n >= 1) {
      bool sum = true;                       /* a sum of cells = k */
      for (uint32_t j = 0; j < st->n; j++)
        sum &= a[j] == 1 && (size_t)a[st->n + j] < nvars && place[a[st->n + j]];
      for (uint32_t j = 0; sum && j < st->n; j++)
        cells[ncells++] = place[a[st->n + j]] - 1;
      if (sum)
        snprintf(label, sizeof label, st->n == 1 ? "%lld" : "%lld+", (long long)st->k);
      if (!sum && st->n == 2 && (size_t)a[2] < nvars && (size_t)a[3] < nvars &&
          maxof[a[2]] && maxof[a[3]]) {
        const ModelStep *hi = &m->steps.data[maxof[a[2]] - 1], *lo = &m->steps.data[maxof[a[3]] - 1];
        const int32_t *hx = model_args(m, hi), *lx = model_args(m, lo);
        bool same = hi->kind == MS_MAX && lo->kind == MS_MIN && hi->n == lo->n && hi->n <= n;
        for (uint32_t j = 0; same && j < hi->n; j++)
          same &= hx[j] == lx[j] && (size_t)hx[j] < nvars && place[hx[j]];
        for (uint32_t j = 0; same && j < hi->n; j++)
          cells[ncells++] = place[hx[j]] - 1;
        if (same && a[0] == 1 && a[1] == -1)
          snprintf(label, sizeof label, "%lld\xe2\x88\x92", (long long)st->k);
        else if (same && a[0] == 1 && a[1] < -1 && st->k == 0)
          snprintf(label, sizeof label, "%d\xc3\xb7", -a[1]);
      }
    }
    if (label[0])
      ok = cage_add(gr, cells, ncells, label);
  }
  /* the products: the cells joined to each result, found through a list per root */
  uint32_t *head = xmalloc((nvars + 1) * sizeof *head), *next = xmalloc((n + 1) * sizeof *next);
  for (size_t x = 0; x <= nvars; x++)
    head[x] = UINT32_MAX;
  for (size_t i = n; i-- > 0;)
    if (is[i] && var[i] < nvars) {
      uint32_t r = uf_find(up, var[i]);
      next[i] = head[r];
      head[r] = (uint32_t)i;
    }
  for (size_t q = 0; ok && q < products.len; q++) {
    const ModelStep *st = &m->steps.data[products.data[q]];
    uint32_t r = uf_find(up, (uint32_t)model_args(m, st)[1]);
    size_t ncells = 0;
    for (uint32_t i = head[r]; i != UINT32_MAX; i = next[i])
      cells[ncells++] = i;
    head[r] = UINT32_MAX;                    /* a second product over them is not a cage */
    snprintf(label, sizeof label, "%lld\xc3\x97", (long long)st->k);
    ok = ncells > 0 && cage_add(gr, cells, ncells, label);
  }
  xfree(head);
  xfree(next);
  xfree(cells);
  xfree(times);
  VEC_FREE(products);
  for (size_t i = 0; ok && i < n; i++)
    ok = !is[i] || gr->cage[i];
  bool alike = true;
  for (uint32_t k = 1; ok && k < gr->n; k++)
    alike &= strcmp(gr->label[k], gr->label[0]) == 0;
  uint32_t *size = xcalloc(gr->n + 1, sizeof *size), wide = 0;   /* cages of two cells or more */
  for (size_t i = 0; ok && i < n; i++)
    wide += is[i] && ++size[gr->cage[i]] == 2;
  xfree(size);
  if (!ok || wide < 2 || alike) {
    for (uint32_t k = 0; k < gr->n; k++)
      xfree(gr->label[k]);
    xfree(gr->label);
    xfree(gr->cage);
    gr->label = NULL;
    gr->cage = NULL;
    gr->n = 0;
  }
  xfree(place);
  xfree(up);
  xfree(maxof);
  return res;
}

void out_cages_free(OutCages *c)
{
  for (uint32_t k = 0; k < c->n; k++)
    xfree(c->label[k]);
  xfree(c->label);
  xfree(c->cage);
  memset(c, 0, sizeof *c);
}
