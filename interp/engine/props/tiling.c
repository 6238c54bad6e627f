/*
** tiling.c -- pieces cover a board exactly: Knuth's Algorithm X as a
** propagator.
**
** The grounder lists every placement of every piece (a kind, turned and
** flipped, at an offset) and gives each cell a *cover variable*: value j
** says the j-th placement over the cell covers it, one more value (when the
** cell may stay empty) that it is uncovered.  Algorithm X's bookkeeping is
** kept here, in counters on the trail rather than in the domains, because
** a kill is the inner loop (hundreds per decision) and a counter is far
** cheaper than a domain change with its events:
**   - a placement is alive, dead or chosen; each cell counts its live
**     placements, each kind its live and chosen ones;
**   - choosing a placement kills every live placement over its cells (they
**     clash) and fixes its cells' cover and name variables;
**   - a cell left with no live placement fails (or, when it may stay
**     empty, is left uncovered); a cell or a piece used once with one live
**     placement left chooses it;
**   - a kind used a given number of times fails when too few are left and
**     loses the rest once enough are chosen.
** The cover variables' domains are lazy: a killed placement may stay in
** them until its cell is fixed, so their sizes say nothing, and this
** propagator picks the decisions itself (branch): the cell or piece with
** the fewest live placements, as Algorithm X does.  A value removed from a
** cover, column or name variable by the search or by another constraint
** is caught up with at the next run, by comparing each variable's size
** with the size this propagator last left it with (trailed).
*/
#include "engine/props/props.h"
#include "model/model.h"

#include <string.h>

enum { DEAD = 0, ALIVE = 1, CHOSEN = 2 };
#define LOG_CHOSEN 0x80000000u

/* A trailed counter next to its stamp: one cache line for the inner loop. */
typedef struct Counter {
  uint32_t n;
  uint64_t stamp;
} Counter;

typedef struct Tiling {
  uint32_t ncells, nkinds, nplace, nsize;  /* nsize: entries of size */
  int32_t gap_name;
  /* vars: cover[0..C), name[0..C), then the column variables */
  const uint32_t *cell_first;  /* C + 1: slices of cell_place */
  const uint32_t *cell_place;  /* the placements over each cell, by local index */
  const uint32_t *place_first; /* P + 1: slices of place_cell and place_local */
  const uint32_t *place_cell;  /* the cells of each placement */
  const uint32_t *place_local; /* its local index in each of those cells */
  const uint32_t *kind;        /* P */
  const uint32_t *kind_local;  /* P: local index in its kind's column */
  const uint32_t *kind_first;  /* K + 1: slices of kind_place */
  const uint32_t *kind_place;
  const int32_t *count;        /* K: -1 for any number */
  const int32_t *kind_name;    /* K */
  const int32_t *column;       /* K: position of its column variable among vars, or -1 */
  const uint8_t *gap;          /* C */
  /* trailed: the dead and chosen placements are log[0 .. nlog), in the
     order they went, and pos[q] is q's place in it when it is there; so
     only nlog is trailed, not a flag per placement (a sparse set) */
  uint32_t *log, *pos;         /* P each; a log entry is q, | LOG_CHOSEN when chosen */
  uint32_t nlog;
  uint8_t *done;               /* C: covered, or left uncovered */
  uint32_t *size;              /* C cover + C name + columns: sizes as last left */
  Counter *cnt;                /* C: live placements over the cell, with its stamp */
  uint32_t *used, *live;       /* K: chosen placements, live unchosen ones */
  uint64_t *stamp;             /* one per entry of size, cnt, used, live; then nlog's */
  /* scratch, not trailed: the variables changed by others since the last
     run (advise), and the cells (c) and kinds (C + k) to look at in this run */
  VarId vmin, vmax;
  uint32_t *var_index;         /* VarId - vmin -> position among the vars, or UINT32_MAX */
  uint32_t *dirty, ndirty;
  uint8_t *is_dirty;
  uint32_t *pending, npending;
  bool fresh;                  /* not run yet: look at every cell and kind */
} Tiling;

static inline int state_of(const Tiling *t, uint32_t q)
{
  uint32_t at = t->pos[q];
  if (at >= t->nlog || (t->log[at] & ~LOG_CHOSEN) != q)
    return ALIVE;
  return t->log[at] & LOG_CHOSEN ? CHOSEN : DEAD;
}

/* Save *at once per level, as dom.c saves a domain's word. */
static inline void save32(Solver *s, uint32_t *at, uint64_t *stamp)
{
  if (*stamp == s->trail.stamp)
    return;
  trail_save(&s->trail, at, 4);
  *stamp = s->trail.stamp;
}

static void set_size(Solver *s, Tiling *t, uint32_t i, uint32_t v)
{
  if (t->size[i] == v)
    return;
  save32(s, &t->size[i], &t->stamp[i]);
  t->size[i] = v;
}

static inline void dec_cnt(Solver *s, Tiling *t, uint32_t c)
{
  save32(s, &t->cnt[c].n, &t->cnt[c].stamp);
  t->cnt[c].n--;
}

static inline void set_used(Solver *s, Tiling *t, uint32_t k, uint32_t v)
{
  save32(s, &t->used[k], &t->stamp[t->nsize + t->ncells + k]);
  t->used[k] = v;
}

static inline void set_live(Solver *s, Tiling *t, uint32_t k, uint32_t v)
{
  save32(s, &t->live[k], &t->stamp[t->nsize + t->ncells + t->nkinds + k]);
  t->live[k] = v;
}

/* q leaves the live placements, dead or chosen. */
static inline void log_add(Solver *s, Tiling *t, uint32_t q, uint32_t chosen)
{
  save32(s, &t->nlog, &t->stamp[t->nsize + t->ncells + 2 * t->nkinds]);
  t->pos[q] = t->nlog;
  t->log[t->nlog++] = q | chosen;
}

static inline void set_byte(Solver *s, uint8_t *at, uint8_t v)
{
  trail_save(&s->trail, at, 1);
  *at = v;
}

/* Fix var i of the propagator to v, keeping its recorded size. */
static bool fix(Solver *s, const Prop *p, Tiling *t, uint32_t i, int32_t v)
{
  if (dom_fix(s, prop_vars(s, p)[i], v, p) == EV_FAIL)
    return false;
  set_size(s, t, i, 1);
  return true;
}

/* Is a kind with a count still able to reach it, and not past it? */
static inline bool count_ok(const Tiling *t, uint32_t k)
{
  return t->count[k] < 0 ||
         ((int64_t)t->used[k] <= t->count[k] && (int64_t)t->used[k] + t->live[k] >= t->count[k]);
}

/* Cell c has no live placement left: fine when covered, else empty or a failure. */
static bool cell_emptied(Solver *s, const Prop *p, Tiling *t, uint32_t c)
{
  if (t->done[c])
    return true;
  if (!t->gap[c])
    return false;
  set_byte(s, &t->done[c], 1);
  return fix(s, p, t, c, (int32_t)(t->cell_first[c + 1] - t->cell_first[c])) &&
         fix(s, p, t, t->ncells + c, t->gap_name);
}

/* A live placement goes. */
static bool kill(Solver *s, const Prop *p, Tiling *t, uint32_t q)
{
  if (state_of(t, q) != ALIVE)
    return true;
  log_add(s, t, q, 0);
  for (uint32_t i = t->place_first[q]; i < t->place_first[q + 1]; i++) {
    uint32_t c = t->place_cell[i];
    dec_cnt(s, t, c);
    if (t->cnt[c].n <= 1 && !t->done[c]) {
      if (t->cnt[c].n == 0 ? !cell_emptied(s, p, t, c) : false)
        return false;
      if (t->cnt[c].n == 1 && !t->gap[c])
        t->pending[t->npending++] = c;
    }
  }
  uint32_t k = t->kind[q];
  set_live(s, t, k, t->live[k] - 1);
  if (t->live[k] == 1 && t->column[k] >= 0 && !t->used[k])
    t->pending[t->npending++] = t->ncells + k;
  return count_ok(t, k);
}

/* Kill every live placement of kind k (it has been used often enough). */
static bool kill_kind(Solver *s, const Prop *p, Tiling *t, uint32_t k)
{
  for (uint32_t i = t->kind_first[k]; i < t->kind_first[k + 1] && t->live[k]; i++)
    if (!kill(s, p, t, t->kind_place[i]))
      return false;
  return true;
}

/* Placement q covers its cells: kill what clashes, fix the cells, count it. */
static bool choose(Solver *s, const Prop *p, Tiling *t, uint32_t q)
{
  if (state_of(t, q) != ALIVE)
    return false;
  log_add(s, t, q, LOG_CHOSEN);
  uint32_t k = t->kind[q];
  set_live(s, t, k, t->live[k] - 1);
  set_used(s, t, k, t->used[k] + 1);
  for (uint32_t i = t->place_first[q]; i < t->place_first[q + 1]; i++) {
    uint32_t c = t->place_cell[i];
    set_byte(s, &t->done[c], 1);
    dec_cnt(s, t, c);
    for (uint32_t j = t->cell_first[c]; j < t->cell_first[c + 1] && t->cnt[c].n; j++)
      if (!kill(s, p, t, t->cell_place[j]))
        return false;
    if (!fix(s, p, t, c, (int32_t)t->place_local[i]) ||
        !fix(s, p, t, t->ncells + c, t->kind_name[k]))
      return false;
  }
  if (t->column[k] >= 0 && !fix(s, p, t, (uint32_t)t->column[k], (int32_t)t->kind_local[q]))
    return false;
  if (!count_ok(t, k))
    return false;
  return (int64_t)t->used[k] != t->count[k] || kill_kind(s, p, t, k);
}

/* What the search and other constraints removed since the last run. */
static bool catch_up(Solver *s, const Prop *p, Tiling *t)
{
  const VarId *x = prop_vars(s, p);
  uint32_t C = t->ncells;
  while (t->ndirty) {
    uint32_t i = t->dirty[--t->ndirty];
    t->is_dirty[i] = 0;
    if (i < C) {
      uint32_t c = i;
      if (dom_size(s, x[c]) != t->size[c]) {
        for (uint32_t k = t->cell_first[c], j = 0; k < t->cell_first[c + 1]; k++, j++)
          if (state_of(t, t->cell_place[k]) == ALIVE && !dom_contains(s, x[c], j) &&
              !kill(s, p, t, t->cell_place[k]))
            return false;
        set_size(s, t, c, (uint32_t)dom_size(s, x[c]));
      }
      if (dom_is_fixed(s, x[c]) && !t->done[c])
        t->pending[t->npending++] = c;
    } else if (i < 2 * C) {
      uint32_t c = i - C;
      VarId nm = x[i];
      if (dom_size(s, nm) != t->size[i]) {
        for (uint32_t k = t->cell_first[c]; k < t->cell_first[c + 1]; k++) {
          uint32_t q = t->cell_place[k];
          if (state_of(t, q) == ALIVE && !dom_contains(s, nm, t->kind_name[t->kind[q]]) &&
              !kill(s, p, t, q))
            return false;
        }
        set_size(s, t, i, (uint32_t)dom_size(s, nm));
      }
    } else {
      uint32_t k = 0;
      while (t->column[k] != (int32_t)i)
        k++;
      if (dom_size(s, x[i]) != t->size[i]) {
        for (uint32_t m = t->kind_first[k], j = 0; m < t->kind_first[k + 1]; m++, j++)
          if (state_of(t, t->kind_place[m]) == ALIVE && !dom_contains(s, x[i], j) &&
              !kill(s, p, t, t->kind_place[m]))
            return false;
        set_size(s, t, i, (uint32_t)dom_size(s, x[i]));
      }
      if (dom_is_fixed(s, x[i]) && !t->used[k])
        t->pending[t->npending++] = C + k;
    }
  }
  return true;
}

/* A variable of p changed by someone else: look at it at the next run. */
static void tiling_advise(Solver *s, Prop *p, VarId x)
{
  (void)s;
  Tiling *t = p->aux;
  uint32_t i = t->var_index[x - t->vmin];
  if (!t->is_dirty[i]) {
    t->is_dirty[i] = 1;
    t->dirty[t->ndirty++] = i;
  }
}

/* The first live placement over cell c (one must exist). */
static uint32_t first_live(const Tiling *t, uint32_t c, uint32_t *local)
{
  for (uint32_t i = t->cell_first[c];; i++)
    if (state_of(t, t->cell_place[i]) == ALIVE) {
      *local = i - t->cell_first[c];
      return t->cell_place[i];
    }
}

static PropStatus tiling_propagate(Solver *s, Prop *p)
{
  Tiling *t = p->aux;
  const VarId *x = prop_vars(s, p);
  t->npending = 0;                      /* left over from a failure */
  if (t->fresh) {
    t->fresh = false;
    for (uint32_t i = 0; i < t->ncells + t->nkinds; i++)
      if (i < t->ncells || t->column[i - t->ncells] >= 0)
        t->pending[t->npending++] = i;
  }
  if (!catch_up(s, p, t))
    return PS_FAIL;
  /* Decisions and forced moves: fixed variables, single live placements. */
  while (t->npending) {
    uint32_t i = t->pending[--t->npending], q, local;
    if (i < t->ncells) {
      uint32_t c = i, n = t->cell_first[c + 1] - t->cell_first[c];
      if (t->done[c])
        continue;
      if (dom_is_fixed(s, x[c])) {
        uint32_t j = (uint32_t)dom_value(s, x[c]);
        if (j == n) {                   /* left uncovered: nothing may cover it */
          set_byte(s, &t->done[c], 1);
          for (uint32_t k = t->cell_first[c]; k < t->cell_first[c + 1]; k++)
            if (!kill(s, p, t, t->cell_place[k]))
              return PS_FAIL;
          if (!fix(s, p, t, t->ncells + c, t->gap_name))
            return PS_FAIL;
          continue;
        }
        q = t->cell_place[t->cell_first[c] + j];
      } else if (t->cnt[c].n == 1 && !t->gap[c]) {
        q = first_live(t, c, &local);
      } else {
        continue;
      }
    } else {
      uint32_t k = i - t->ncells;
      if (t->used[k])
        continue;
      VarId col = x[t->column[k]];
      if (dom_is_fixed(s, col)) {
        q = t->kind_place[t->kind_first[k] + (uint32_t)dom_value(s, col)];
      } else if (t->live[k] == 1) {
        q = UINT32_MAX;
        for (uint32_t m = t->kind_first[k]; q == UINT32_MAX; m++)
          if (state_of(t, t->kind_place[m]) == ALIVE)
            q = t->kind_place[m];
      } else {
        continue;
      }
    }
    if (!choose(s, p, t, q))
      return PS_FAIL;
  }
  return PS_FIX;
}

/* Branch on the cell or the piece with the fewest live placements. */
static bool tiling_branch(const Solver *s, const Prop *p, VarId *x, int32_t *v)
{
  const Tiling *t = p->aux;
  uint32_t best = UINT32_MAX, best_n = UINT32_MAX;
  for (uint32_t c = 0; c < t->ncells; c++)
    if (!t->done[c] && t->cnt[c].n < best_n) {
      best = c;
      best_n = t->cnt[c].n;
    }
  for (uint32_t k = 0; k < t->nkinds; k++)
    if (t->column[k] >= 0 && !t->used[k] && t->live[k] < best_n) {
      best = t->ncells * 2 + k;
      best_n = t->live[k];
    }
  if (best == UINT32_MAX)
    return false;
  if (best < t->ncells) {
    uint32_t local;
    first_live(t, best, &local);
    *x = prop_vars(s, p)[best];
    *v = (int32_t)local;
    return true;
  }
  uint32_t k = best - t->ncells * 2;
  for (uint32_t i = t->kind_first[k];; i++)
    if (state_of(t, t->kind_place[i]) == ALIVE) {
      *x = prop_vars(s, p)[t->column[k]];
      *v = (int32_t)(i - t->kind_first[k]);
      return true;
    }
}

/* The definition: every cell's value names one placement, consistently. */
static bool tiling_holds(const Solver *s, const Prop *p, const int32_t *vals)
{
  (void)s;
  const Tiling *t = p->aux;
  uint32_t C = t->ncells;
  uint32_t *used = xcalloc(t->nkinds + 1, sizeof *used);
  bool ok = true;
  for (uint32_t c = 0; c < C && ok; c++) {
    uint32_t n = t->cell_first[c + 1] - t->cell_first[c];
    if (vals[c] < 0 || (uint32_t)vals[c] > n || ((uint32_t)vals[c] == n && !t->gap[c])) {
      ok = false;
    } else if ((uint32_t)vals[c] == n) {
      ok = vals[C + c] == t->gap_name;
    } else {
      uint32_t q = t->cell_place[t->cell_first[c] + (uint32_t)vals[c]];
      ok = vals[C + c] == t->kind_name[t->kind[q]];
      for (uint32_t i = t->place_first[q]; i < t->place_first[q + 1] && ok; i++)
        ok = vals[t->place_cell[i]] == (int32_t)t->place_local[i];
      if (ok && t->place_cell[t->place_first[q]] == c) {
        used[t->kind[q]]++;
        int32_t col = t->column[t->kind[q]];
        ok = col < 0 || vals[col] == (int32_t)t->kind_local[q];
      }
    }
  }
  for (uint32_t k = 0; k < t->nkinds && ok; k++)
    ok = t->count[k] < 0 || (int64_t)used[k] == t->count[k];
  xfree(used);
  return ok;
}

static const PropClass tiling_class = {"tiling", tiling_propagate, tiling_holds, tiling_branch,
                                       tiling_advise};

/* Carve n items of type T at offset *off of block base (NULL: only measure). */
#define CARVE(base, off, T, n) ((T *)carve((base), &(off), (n) * sizeof(T)))
static void *carve(char *base, size_t *off, size_t bytes)
{
  void *at = base ? base + *off : NULL;
  *off += (bytes + 7) & ~(size_t)7;
  return at;
}

void post_tiling(Solver *s, const int32_t *spec)
{
  solver_begin_edit(s);
  if (s->failed)
    return;
  ModelTiling mt = model_tiling(spec);
  uint32_t C = mt.ncells, K = mt.nkinds, P = mt.nplace, L = mt.ncellrefs;
  uint32_t ncol = 0;
  for (uint32_t k = 0; k < K; k++)
    ncol += mt.column[k] >= 0;
  uint32_t nsize = 2 * C + ncol;
  /* the span of the variables' numbers, for advise's map */
  VarId lo = (VarId)mt.cover[0], hi = lo;
  for (uint32_t c = 0; c < C; c++)
    for (int w = 0; w < 2; w++) {
      VarId v = (VarId)(w ? mt.name[c] : mt.cover[c]);
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
  for (uint32_t k = 0; k < K; k++)
    if (mt.column[k] >= 0) {
      lo = (VarId)mt.column[k] < lo ? (VarId)mt.column[k] : lo;
      hi = (VarId)mt.column[k] > hi ? (VarId)mt.column[k] : hi;
    }
  VarId vrange = hi - lo;
  /* One block; the same carving twice, first to measure it. */
  Tiling *t = NULL;
  char *m = NULL;
  size_t size = 0, off = 0;
  uint32_t *cell_first = NULL, *cell_place = NULL, *place_first = NULL, *place_cell = NULL,
           *place_local = NULL, *kind = NULL, *kind_local = NULL, *kind_first = NULL,
           *kind_place = NULL;
  int32_t *count = NULL, *kind_name = NULL, *column = NULL;
  uint8_t *gap = NULL;
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      t = xcalloc(1, size);
      m = (char *)t;
    }
    off = (sizeof(Tiling) + 7) & ~(size_t)7;
    cell_first = CARVE(m, off, uint32_t, C + 1);
    cell_place = CARVE(m, off, uint32_t, L);
    place_first = CARVE(m, off, uint32_t, P + 1);
    place_cell = CARVE(m, off, uint32_t, L);
    place_local = CARVE(m, off, uint32_t, L);
    kind = CARVE(m, off, uint32_t, P);
    kind_local = CARVE(m, off, uint32_t, P);
    kind_first = CARVE(m, off, uint32_t, K + 1);
    kind_place = CARVE(m, off, uint32_t, P);
    count = CARVE(m, off, int32_t, K);
    kind_name = CARVE(m, off, int32_t, K);
    column = CARVE(m, off, int32_t, K);
    gap = CARVE(m, off, uint8_t, C);
    uint32_t *log = CARVE(m, off, uint32_t, P), *pos = CARVE(m, off, uint32_t, P);
    uint8_t *done = CARVE(m, off, uint8_t, C);
    Counter *cnt = CARVE(m, off, Counter, C);
    uint32_t *sizes = CARVE(m, off, uint32_t, nsize);
    uint32_t *used = CARVE(m, off, uint32_t, K);
    uint32_t *live = CARVE(m, off, uint32_t, K);
    uint64_t *stamp = CARVE(m, off, uint64_t, nsize + C + 2 * K + 1);
    uint32_t *dirty = CARVE(m, off, uint32_t, nsize);
    uint8_t *is_dirty = CARVE(m, off, uint8_t, nsize);
    uint32_t *pending = CARVE(m, off, uint32_t, 2 * (C + K) + 1);
    uint32_t *var_index = CARVE(m, off, uint32_t, (size_t)vrange + 1);
    if (pass == 0) {
      size = off;
    } else {
      t->dirty = dirty;
      t->is_dirty = is_dirty;
      t->pending = pending;
      t->var_index = var_index;
      t->log = log;
      t->pos = pos;
      t->done = done;
      t->cnt = cnt;
      t->size = sizes;
      t->used = used;
      t->live = live;
      t->stamp = stamp;
    }
  }
  assert(off == size);

  t->ncells = C;
  t->nkinds = K;
  t->nplace = P;
  t->nsize = nsize;
  t->gap_name = mt.gap_name;
  /* placements by cell, in placement order: the local indices */
  for (uint32_t q = 0; q < P; q++)
    for (int32_t i = mt.first[q]; i < mt.first[q + 1]; i++)
      cell_first[mt.cells[i] + 1]++;
  for (uint32_t c = 0; c < C; c++)
    cell_first[c + 1] += cell_first[c];
  uint32_t *fill = xcalloc(C + K + 1, sizeof *fill);
  for (uint32_t q = 0; q < P; q++) {
    place_first[q] = (uint32_t)mt.first[q];
    for (int32_t i = mt.first[q]; i < mt.first[q + 1]; i++) {
      uint32_t c = (uint32_t)mt.cells[i];
      place_cell[i] = c;
      place_local[i] = fill[c];
      cell_place[cell_first[c] + fill[c]++] = q;
    }
    kind[q] = (uint32_t)mt.kind[q];
    kind_first[kind[q] + 1]++;
  }
  place_first[P] = (uint32_t)mt.first[P];
  for (uint32_t k = 0; k < K; k++)
    kind_first[k + 1] += kind_first[k];
  for (uint32_t q = 0; q < P; q++) {
    uint32_t k = kind[q];
    kind_local[q] = fill[C + k];
    kind_place[kind_first[k] + fill[C + k]++] = q;
  }
  xfree(fill);

  /* the variables: cover, name, then the columns */
  VarId *vars = xmalloc((2 * C + ncol + 1) * sizeof *vars);
  for (uint32_t c = 0; c < C; c++) {
    vars[c] = (VarId)mt.cover[c];
    vars[C + c] = (VarId)mt.name[c];
    gap[c] = mt.gap[c] != 0;
  }
  uint32_t nv = 2 * C;
  for (uint32_t k = 0; k < K; k++) {
    count[k] = mt.count[k];
    kind_name[k] = mt.kind_name[k];
    column[k] = mt.column[k] >= 0 ? (int32_t)nv : -1;
    if (mt.column[k] >= 0)
      vars[nv++] = (VarId)mt.column[k];
    t->live[k] = kind_first[k + 1] - kind_first[k];
  }
  for (uint32_t c = 0; c < C; c++) {
    t->cnt[c].n = cell_first[c + 1] - cell_first[c];
    if (t->cnt[c].n == 0 && !gap[c]) {    /* a cell no piece can cover */
      xfree(t);
      s->failed = true;
      return;
    }
  }
  t->cell_first = cell_first;
  t->cell_place = cell_place;
  t->place_first = place_first;
  t->place_cell = place_cell;
  t->place_local = place_local;
  t->kind = kind;
  t->kind_local = kind_local;
  t->kind_first = kind_first;
  t->kind_place = kind_place;
  t->count = count;
  t->kind_name = kind_name;
  t->column = column;
  t->gap = gap;

  /* the positions of the variables, for advise */
  t->vmin = t->vmax = vars[0];
  for (uint32_t i = 1; i < nv; i++) {
    t->vmin = vars[i] < t->vmin ? vars[i] : t->vmin;
    t->vmax = vars[i] > t->vmax ? vars[i] : t->vmax;
  }
  assert(t->vmax - t->vmin == vrange);
  memset(t->var_index, 0xff, ((size_t)(t->vmax - t->vmin) + 1) * sizeof *t->var_index);
  for (uint32_t i = 0; i < nv; i++) {
    t->var_index[vars[i] - t->vmin] = i;
    t->is_dirty[i] = 1;
    t->dirty[t->ndirty++] = i;
  }
  t->fresh = true;
  Prop *p = prop_new(s, &tiling_class, PC_EXPENSIVE, nv, vars, 0, NULL);
  xfree(vars);
  p->aux = t;
  /* sizes as the domains are now; a mismatch with the grounder's domains
     is caught up at the first run */
  for (uint32_t i = 0; i < nv; i++)
    t->size[i] = (uint32_t)(dom_size(s, prop_vars(s, p)[i]) + 1);   /* +1: scan all once */
  for (uint32_t k = 0; k < K; k++)
    if (!count_ok(t, k)) {
      s->failed = true;
      return;
    }
  prop_subscribe_all(s, p, EV_DOM);
  p->advised = 1;
  prop_brancher(s, p);
  prop_post(s, p);
}
