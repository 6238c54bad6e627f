/*
** tests/unit/test_connect.c -- connected, areas and sizes against their definition.
**
** The oracle of test_props.c for props/connected.c, on random small
** boards: a grid of up to 12 places, some of them holes (a drawn shape),
** each cell 0..1 (or 0..2 on smaller boards; some cells given), the
** outside of the board as a node now and then, and for areas random clue
** cells (sizes and any-size clues); for sizes (Fillomino, props/sizes.c)
** cells of 0 or 1 up to a few values past the board's size.  The
** definition is written here again
** with a union-find of its own.  For every case, by brute force over
** every assignment:
**
**   1. soundness: at the root, one level down for every cell = value and
**      along random dives, no value of a solution within the domains at
**      that point is removed, and a failure comes only when no solution
**      is left;
**   2. fixing: every cell fixed to a sampled assignment, the propagator
**      fails exactly when the definition is false;
**   3. holds(): with propagation deferred, solver_holds says what the
**      definition says on every assignment;
**   4. search finds exactly the solutions, each once.
**
** Then hand-made cases pin down the pruning the decomposition lacks:
** a cut cell between two cells of the area joins it, a cell too far
** from every clue leaves the islands.
**
** PZ_ORACLE_TRACE=1 prints each case before it runs; PZ_ORACLE_ROUNDS and
** PZ_ORACLE_SEED make longer hunts.
*/
#include "testutil.h"

#include "engine/engine.h"
#include "model/model.h"

#define MAXC 12          /* places of a board */
#define MAXP 4096        /* assignments of a case */

typedef struct Case {
  int rows, cols, n;                 /* n cells, numbered row by row */
  int cell[MAXC];                    /* per place: cell number or -1 (a hole) */
  int lo[MAXC], hi[MAXC];            /* each cell's domain */
  int value;
  bool areas, outside, sizes;
  int clue[MAXC];                    /* areas: > 0 a size, -1 any size, 0 none */
  int32_t spec[5 + 3 * MAXC + 2 + 4 * MAXC + MAXC + MAXC];
} Case;

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng % n);
}

/* --- the definition --- */

static int find(int *up, int a)
{
  while (up[a] != a)
    a = up[a] = up[up[a]];
  return a;
}

/* Cells holding the value, joined across neighbouring places; node n is the outside. */
static bool definition(const Case *c, const int *v)
{
  int up[MAXC + 1], size[MAXC + 1] = {0};
  for (int i = 0; i <= c->n; i++)
    up[i] = i;
  if (c->sizes) {                        /* every area of equal values has its value's size */
    for (int r = 0; r < c->rows; r++)
      for (int q = 0; q < c->cols; q++) {
        int a = c->cell[r * c->cols + q];
        int b = q + 1 < c->cols ? c->cell[r * c->cols + q + 1] : -1;
        int d = r + 1 < c->rows ? c->cell[(r + 1) * c->cols + q] : -1;
        if (a >= 0 && b >= 0 && v[a] == v[b])
          up[find(up, a)] = find(up, b);
        if (a >= 0 && d >= 0 && v[a] == v[d])
          up[find(up, a)] = find(up, d);
      }
    for (int a = 0; a < c->n; a++)
      size[find(up, a)]++;
    for (int a = 0; a < c->n; a++)
      if (size[find(up, a)] != v[a])
        return false;
    return true;
  }
  for (int r = 0; r < c->rows; r++)
    for (int q = 0; q < c->cols; q++) {
      int a = c->cell[r * c->cols + q];
      if (a < 0 || v[a] != c->value)
        continue;
      int nb[4][2] = {{r - 1, q}, {r + 1, q}, {r, q - 1}, {r, q + 1}};
      for (int k = 0; k < 4; k++) {
        int r2 = nb[k][0], q2 = nb[k][1];
        int b = r2 < 0 || q2 < 0 || r2 >= c->rows || q2 >= c->cols ? -1 : c->cell[r2 * c->cols + q2];
        if (b < 0 && c->outside)
          up[find(up, a)] = find(up, c->n);
        else if (b >= 0 && v[b] == c->value)
          up[find(up, a)] = find(up, b);
      }
    }
  if (!c->areas) {
    int root = c->outside ? find(up, c->n) : -1;
    for (int a = 0; a < c->n; a++)
      if (v[a] == c->value) {
        if (root < 0)
          root = find(up, a);
        else if (find(up, a) != root)
          return false;
      }
    return true;
  }
  int clues[MAXC] = {0}, which[MAXC];
  for (int a = 0; a < c->n; a++) {
    if (c->clue[a] && v[a] != c->value)
      return false;
    if (v[a] != c->value)
      continue;
    size[find(up, a)]++;
    if (c->clue[a]) {
      clues[find(up, a)]++;
      which[find(up, a)] = a;
    }
  }
  for (int a = 0; a < c->n; a++) {
    if (v[a] != c->value)
      continue;
    int root = find(up, a);
    if (clues[root] != 1)
      return false;
    if (c->clue[which[root]] > 0 && c->clue[which[root]] != size[root])
      return false;
  }
  return true;
}

/* --- cases --- */

static void make_spec(Case *c)
{
  int32_t *s = c->spec, first[MAXC + 2], adj[4 * MAXC + MAXC], nadj = 0;
  int nn = c->n + (c->outside ? 1 : 0), border[MAXC], nborder = 0;
  for (int r = 0; r < c->rows; r++)
    for (int q = 0; q < c->cols; q++) {
      int a = c->cell[r * c->cols + q];
      if (a < 0)
        continue;
      first[a] = nadj;
      int nb[4][2] = {{r - 1, q}, {r, q - 1}, {r, q + 1}, {r + 1, q}};
      bool edge = false;
      for (int k = 0; k < 4; k++) {
        int r2 = nb[k][0], q2 = nb[k][1];
        int b = r2 < 0 || q2 < 0 || r2 >= c->rows || q2 >= c->cols ? -1 : c->cell[r2 * c->cols + q2];
        if (b >= 0)
          adj[nadj++] = b;
        else
          edge = true;
      }
      if (c->outside && edge) {
        adj[nadj++] = c->n;
        border[nborder++] = a;
      }
    }
  if (c->outside) {
    first[c->n] = nadj;
    for (int i = 0; i < nborder; i++)
      adj[nadj++] = border[i];
  }
  first[nn] = nadj;
  int k = 0;
  s[k++] = c->areas;
  s[k++] = c->n;
  s[k++] = nn;
  s[k++] = c->value;
  s[k++] = nadj;
  for (int a = 0; a < c->n; a++)
    s[k++] = a;                          /* variable a is cell a */
  for (int i = 0; i <= nn; i++)
    s[k++] = first[i];
  for (int i = 0; i < nadj; i++)
    s[k++] = adj[i];
  if (c->areas)
    for (int a = 0; a < c->n; a++)
      s[k++] = c->clue[a];
}

static long product(const Case *c)
{
  long p = 1;
  for (int a = 0; a < c->n; a++)
    p *= c->hi[a] - c->lo[a] + 1;
  return p;
}

static Case random_case(void)
{
  Case c;
  memset(&c, 0, sizeof c);
  c.sizes = rnd(3) == 0;
  do {
    c.rows = 1 + (int)rnd(4);
    c.cols = 1 + (int)rnd(4);
  } while (c.rows * c.cols > (c.sizes ? 6 : MAXC));
  bool holes = rnd(3) == 0, wide = rnd(4) == 0;
  c.n = 0;
  for (int i = 0; i < c.rows * c.cols; i++)
    c.cell[i] = holes && i > 0 && rnd(5) == 0 ? -1 : c.n++;
  for (int a = 0; a < c.n; a++) {
    c.lo[a] = 0;
    c.hi[a] = wide && c.n <= 7 ? 2 : 1;
    if (c.sizes) {                       /* 0 or 1 up to past the board's size */
      c.lo[a] = (int)rnd(2);
      c.hi[a] = c.n + 1;
    }
    if (rnd(8) == 0)                     /* a given */
      c.lo[a] = c.hi[a] = c.lo[a] + (int)rnd((uint32_t)(c.hi[a] - c.lo[a]) + 1);
  }
  while (c.sizes && product(&c) > MAXP)  /* at most MAXP assignments */
    for (int a = 0; a < c.n; a++)
      if (c.hi[a] > c.lo[a] + 1)
        c.hi[a]--;
  c.value = (int)rnd(2);
  c.areas = !c.sizes && rnd(2);
  c.outside = !c.areas && !c.sizes && rnd(2);
  for (int a = 0; a < c.n && c.areas; a++) {
    int r = (int)rnd(10);
    c.clue[a] = r < 7 ? 0 : r == 7 ? -1 : 1 + (int)rnd(4);
  }
  make_spec(&c);
  return c;
}

/* --- the checks --- */

typedef struct Truth {
  int count;
  int8_t sol[MAXP][MAXC];
  bool supported[MAXC][MAXC + 2];
} Truth;

static void brute_force(const Case *c, Truth *t)
{
  int v[MAXC];
  t->count = 0;
  for (int a = 0; a < c->n; a++)
    v[a] = c->lo[a];
  for (;;) {
    if (definition(c, v)) {
      for (int a = 0; a < c->n; a++)
        t->sol[t->count][a] = (int8_t)v[a];
      t->count++;
    }
    int a = c->n - 1;
    while (a >= 0 && v[a] == c->hi[a])
      v[a] = c->lo[a], a--;
    if (a < 0)
      break;
    v[a]++;
  }
}

static Solver *build(const Case *c, bool deferred)
{
  Solver *s = solver_new();
  solver_defer_propagation(s, deferred);
  for (int a = 0; a < c->n; a++)
    assert_int_equal(solver_new_var(s, c->lo[a], c->hi[a]), (VarId)a);
  if (c->sizes)
    post_sizes(s, c->spec);
  else
    post_area(s, c->spec);
  return s;
}

/* The values of the solutions inside the current domains; how many solutions. */
static int support(const Case *c, const Solver *s, Truth *t)
{
  memset(t->supported, 0, sizeof t->supported);
  int alive = 0;
  for (int k = 0; k < t->count; k++) {
    int a = 0;
    while (a < c->n && dom_contains(s, (VarId)a, t->sol[k][a]))
      a++;
    if (a < c->n)
      continue;
    alive++;
    for (a = 0; a < c->n; a++)
      t->supported[a][t->sol[k][a]] = true;
  }
  return alive;
}

static void check_state(const Case *c, const Solver *s, const Truth *t, int alive, bool failed)
{
  if (failed) {
    assert_int_equal(alive, 0);
    return;
  }
  for (int a = 0; a < c->n; a++)
    for (int v = c->lo[a]; v <= c->hi[a]; v++)
      if (t->supported[a][v])
        assert_true(dom_contains(s, (VarId)a, v));
}

static bool change_and_check(const Case *c, Solver *s, Truth *t, int a, bool fix, int v)
{
  trail_push_level(&s->trail);
  Event e = fix ? dom_fix(s, (VarId)a, v, NULL) : dom_remove(s, (VarId)a, v, NULL);
  if (e == EV_FAIL)
    return false;
  int alive = support(c, s, t);
  bool failed = prop_fixpoint(s) == PS_FAIL;
  check_state(c, s, t, alive, failed);
  return !failed;
}

static void check_case(const Case *c)
{
  static Truth t;
  brute_force(c, &t);
  /* holds() on every assignment */
  {
    Solver *s = build(c, true);
    int v[MAXC];
    for (long i = 0, p = product(c); i < p; i++) {
      long rest = i;
      for (int a = c->n - 1; a >= 0; a--) {
        int span = c->hi[a] - c->lo[a] + 1;
        v[a] = c->lo[a] + (int)(rest % span);
        rest /= span;
      }
      trail_push_level(&s->trail);
      for (int a = 0; a < c->n; a++)
        assert_int_not_equal(dom_fix(s, (VarId)a, v[a], NULL), EV_FAIL);
      assert_int_equal(solver_holds(s), definition(c, v));
      /* and fixing them all, the propagator fails exactly when false */
      assert_int_equal(prop_fixpoint(s) != PS_FAIL, definition(c, v));
      prop_queues_clear(s);
      trail_pop_level(&s->trail);
    }
    solver_free(s);
  }
  /* the root, one level down, dives */
  bool deferred = rnd(2);
  Solver *s = build(c, deferred);
  int alive = support(c, s, &t);
  bool ok = deferred ? solver_propagate(s) : !solver_failed(s);
  check_state(c, s, &t, alive, !ok);
  if (ok) {
    for (int a = 0; a < c->n; a++)
      for (int v = c->lo[a]; v <= c->hi[a]; v++)
        if (dom_contains(s, (VarId)a, v) && !dom_is_fixed(s, (VarId)a)) {
          change_and_check(c, s, &t, a, true, v);
          trail_pop_level(&s->trail);
        }
    for (int dive = 0; dive < 4; dive++) {
      for (int step = 0; step < c->n + 2; step++) {
        int a = (int)rnd((uint32_t)c->n);
        int v = c->lo[a] + (int)rnd((uint32_t)(c->hi[a] - c->lo[a] + 1));
        if (!change_and_check(c, s, &t, a, rnd(2), v))
          break;
      }
      trail_undo_to(&s->trail, 0);
    }
  }
  /* search: exactly the solutions, each once (they come in order, so count and compare) */
  int found = 0;
  while (search_next(s) == SEARCH_SOLUTION) {
    int v[MAXC];
    for (int a = 0; a < c->n; a++)
      v[a] = var_value(s, (VarId)a);
    assert_true(definition(c, v));
    found++;
  }
  assert_int_equal(found, t.count);
  solver_free(s);
}

static void print_case(const Case *c, long round)
{
  fprintf(stderr, "case %ld: %s value %d%s\n", round,
          c->sizes ? "sizes" : c->areas ? "areas" : "connected", c->value,
          c->outside ? " outside" : "");
  for (int r = 0; r < c->rows; r++) {
    for (int q = 0; q < c->cols; q++) {
      int a = c->cell[r * c->cols + q];
      if (a < 0)
        fprintf(stderr, "  #");
      else if (c->lo[a] == c->hi[a])
        fprintf(stderr, " =%d", c->lo[a]);
      else if (c->areas && c->clue[a])
        fprintf(stderr, " %2d", c->clue[a]);
      else
        fprintf(stderr, "  .");
    }
    fprintf(stderr, "\n");
  }
}

static void areas_match_their_definition(void **state)
{
  (void)state;
  const char *e = getenv("PZ_ORACLE_SEED"), *n = getenv("PZ_ORACLE_ROUNDS");
  rng = e ? strtoull(e, NULL, 10) | 1 : 0x9e3779b97f4a7c15ull;
  long rounds = n ? atol(n) : 1500;
  bool trace = getenv("PZ_ORACLE_TRACE") != NULL;
  for (long round = 0; round < rounds; round++) {
    Case c = random_case();
    if (trace)
      print_case(&c, round);
    check_case(&c);
  }
}

/* --- pruning the decomposition lacks --- */

/* A 1x5 strip: the ends hold 1, so the three cells between must too. */
static void connected_fills_a_cut(void **state)
{
  (void)state;
  Case c;
  memset(&c, 0, sizeof c);
  c.rows = 1, c.cols = 5, c.n = 5, c.value = 1;
  for (int a = 0; a < 5; a++)
    c.cell[a] = a, c.hi[a] = 1;
  c.lo[0] = c.lo[4] = 1;
  make_spec(&c);
  Solver *s = build(&c, false);
  assert_false(solver_failed(s));
  for (int a = 0; a < 5; a++)
    assert_true(dom_is_fixed(s, (VarId)a) && dom_value(s, (VarId)a) == 1);
  solver_free(s);
}

/* A 3x3 board with a 2 in a corner: the far corner is too far for it, and the 1 stands alone. */
static void areas_keep_cells_near_their_clue(void **state)
{
  (void)state;
  Case c;
  memset(&c, 0, sizeof c);
  c.rows = 3, c.cols = 3, c.n = 9, c.value = 0, c.areas = true;
  for (int a = 0; a < 9; a++)
    c.cell[a] = a, c.hi[a] = 1;
  c.clue[0] = 2;
  c.clue[8] = 1;
  make_spec(&c);
  Solver *s = build(&c, false);
  assert_false(solver_failed(s));
  int sea[] = {2, 4, 5, 6, 7};          /* beyond the 2's reach, or beside the full 1 */
  for (size_t i = 0; i < sizeof sea / sizeof *sea; i++)
    assert_false(dom_contains(s, (VarId)sea[i], 0));
  assert_true(dom_contains(s, 1, 0) && dom_contains(s, 3, 0));
  solver_free(s);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(areas_match_their_definition),
    cmocka_unit_test(connected_fills_a_cut),
    cmocka_unit_test(areas_keep_cells_near_their_clue),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
