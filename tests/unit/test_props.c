/*
** tests/unit/test_props.c -- every propagator class against an oracle.
**
** For each class, many small random instances (2-4 variables over subsets
** of -3..5, now and then with a far value that makes a domain bounds-only)
** are checked three ways, as in Gecode's test/int:
**   - search_next finds exactly the assignments that satisfy the
**     constraint's definition (written here again, independently);
**   - propagation, at the root and after fixing any one variable to any
**     value, never removes a value that belongs to such an assignment;
**   - posted on fixed variables, the constraint fails exactly when the
**     definition says it does not hold.
** Then a few strength tests check that pruning happens where it should.
*/
#include "testutil.h"

#include "engine.h"

#define MAXV 5        /* variables per instance */
#define MAXD 10       /* values per domain */
#define ROUNDS 500    /* instances per class */
#define MAXT 24       /* table rows */

typedef enum {
  K_LINEAR, K_REIF, K_DISTINCT, K_ELEMENT, K_TIMES, K_DIV, K_MOD, K_ABS,
  K_MIN, K_MAX, K_CLAUSE, K_TABLE, K_SUM, K_POSITION,
} Kind;

typedef struct Case {
  Kind    kind;
  int     nv;               /* distinct variables */
  int     ndom[MAXV];
  int32_t dom[MAXV][MAXD];  /* initial domains */
  int     nterms;           /* linear, reif: terms over variable indices */
  int     tv[MAXV];
  int32_t coef[MAXV];
  LinRel  rel;
  int64_t rhs;
  int     npos;             /* clause: vars 0..npos-1 positive */
  int32_t base;             /* element */
  int     ntuples;          /* table: rows over vars 0..nv-1 */
  int32_t tuples[MAXT][MAXV];
} Case;

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state % n);
}

/* A random nonempty subset of -3..5, sometimes with a far value. */
static void random_domain(Case *c, int i, bool boolean)
{
  c->ndom[i] = 0;
  int lo = boolean ? 0 : -3, hi = boolean ? 1 : 5;
  bool full = rnd(3) == 0;
  for (int v = lo; v <= hi; v++)
    if (full || rnd(2))
      c->dom[i][c->ndom[i]++] = v;
  if (c->ndom[i] == 0)
    c->dom[i][c->ndom[i]++] = lo + (int)rnd((uint32_t)(hi - lo + 1));
  if (!boolean && rnd(4) == 0)
    c->dom[i][c->ndom[i]++] = rnd(2) ? 100000 : -100000;
}

/* --- the definitions --- */

static bool holds(const Case *c, const int32_t *v)
{
  int64_t sum = 0;
  switch (c->kind) {
  case K_LINEAR:
  case K_REIF:
  case K_SUM:
    for (int k = 0; k < c->nterms; k++)
      sum += (int64_t)c->coef[k] * v[c->tv[k]];
    bool t = c->rel == LIN_EQ ? sum == c->rhs
           : c->rel == LIN_NE ? sum != c->rhs : sum <= c->rhs;
    if (c->kind != K_REIF)
      return t;
    return v[c->nv - 1] == (t ? 1 : 0);
  case K_DISTINCT:
    for (int i = 0; i < c->nv; i++)
      for (int j = i + 1; j < c->nv; j++)
        if (v[i] == v[j])
          return false;
    return true;
  case K_ELEMENT: {
    int64_t i = (int64_t)v[0] - c->base;
    return i >= 0 && i < c->nv - 2 && v[1] == v[2 + i];
  }
  case K_TIMES:
    return (int64_t)v[0] * v[1] == v[2];
  case K_DIV:
    return v[1] != 0 && (int64_t)v[0] / v[1] == v[2];
  case K_MOD:
    return v[1] != 0 && (int64_t)v[0] % v[1] == v[2];
  case K_ABS:
    return (v[0] < 0 ? -(int64_t)v[0] : v[0]) == v[1];
  case K_MIN:
  case K_MAX: {
    int32_t best = v[0];
    for (int i = 1; i < c->nv - 1; i++)
      if (c->kind == K_MIN ? v[i] < best : v[i] > best)
        best = v[i];
    return v[c->nv - 1] == best;
  }
  case K_CLAUSE:
    for (int i = 0; i < c->nv; i++)
      if (v[i] == (i < c->npos ? 1 : 0))
        return true;
    return false;
  case K_POSITION:                      /* x[0..nterms) array, then positions */
    for (int k = c->nterms; k < c->nv; k++) {
      int32_t at = v[k];
      if (at < 1 || at > c->nterms || v[at - 1] != c->coef[k - c->nterms])
        return false;
    }
    return true;
  case K_TABLE:
    for (int k = 0; k < c->ntuples; k++) {
      int i = 0;
      while (i < c->nv && c->tuples[k][i] == v[i])
        i++;
      if (i == c->nv)
        return true;
    }
    return false;
  }
  return false;
}

/* --- posting --- */

static void post_case(Solver *s, const Case *c, const VarId *x)
{
  VarId t[MAXV];
  switch (c->kind) {
  case K_LINEAR:
  case K_REIF:
  case K_SUM:
    for (int k = 0; k < c->nterms; k++)
      t[k] = x[c->tv[k]];
    if (c->kind != K_REIF)
      post_linear(s, (size_t)c->nterms, c->coef, t, c->rel, c->rhs);
    else
      post_linear_reif(s, (size_t)c->nterms, c->coef, t, c->rel, c->rhs,
                       x[c->nv - 1]);
    break;
  case K_DISTINCT: post_distinct(s, (size_t)c->nv, x); break;
  case K_ELEMENT:
    post_element(s, x[0], c->base, (size_t)c->nv - 2, x + 2, x[1]);
    break;
  case K_TIMES: post_times(s, x[0], x[1], x[2]); break;
  case K_DIV: post_div(s, x[0], x[1], x[2]); break;
  case K_MOD: post_mod(s, x[0], x[1], x[2]); break;
  case K_ABS: post_abs(s, x[0], x[1]); break;
  case K_MIN: post_min(s, (size_t)c->nv - 1, x, x[c->nv - 1]); break;
  case K_MAX: post_max(s, (size_t)c->nv - 1, x, x[c->nv - 1]); break;
  case K_CLAUSE:
    post_clause(s, (size_t)c->npos, x, (size_t)(c->nv - c->npos), x + c->npos);
    break;
  case K_POSITION:
    for (int k = c->nterms; k < c->nv; k++)
      post_cell_of(s, (size_t)c->nterms, x, c->coef[k - c->nterms], x[k]);
    break;
  case K_TABLE: {
    int32_t rows[MAXT * MAXV];          /* packed: nv values per row */
    for (int k = 0; k < c->ntuples; k++)
      memcpy(&rows[k * c->nv], c->tuples[k], (size_t)c->nv * sizeof *rows);
    post_table(s, (size_t)c->nv, x, (size_t)c->ntuples, rows);
    break;
  }
  }
}

/*
** Random rows, sometimes none: values mostly from -3..5, now and then a
** value of the domain (far ones included) or one outside every domain;
** repeats happen by chance and are copied on purpose.
*/
static void random_table(Case *c)
{
  c->ntuples = rnd(8) == 0 ? 0 : 1 + (int)rnd(MAXT);
  for (int k = 0; k < c->ntuples; k++)
    for (int i = 0; i < c->nv; i++) {
      uint32_t r = rnd(10);
      c->tuples[k][i] = r < 6 ? (int32_t)rnd(9) - 3
                      : r < 9 ? c->dom[i][rnd((uint32_t)c->ndom[i])]
                              : 7;
    }
  if (c->ntuples > 1 && rnd(3) == 0)
    memcpy(c->tuples[1], c->tuples[0], sizeof c->tuples[0]);
}

static Case random_case(Kind kind)
{
  Case c = { .kind = kind };
  switch (kind) {
  case K_LINEAR:
  case K_REIF:
    c.nv = 1 + (int)rnd(3);
    c.nterms = c.nv + (int)rnd(2);     /* sometimes a repeated variable */
    for (int k = 0; k < c.nterms; k++) {
      c.tv[k] = k < c.nv ? k : (int)rnd((uint32_t)c.nv);
      c.coef[k] = (int32_t)rnd(7) - 3;
    }
    if (rnd(2)) {                      /* the common x - y form */
      c.nterms = c.nv = 2;
      c.tv[0] = 0;
      c.tv[1] = 1;
      c.coef[0] = 1;
      c.coef[1] = -1;
    }
    c.rel = (LinRel)rnd(3);
    c.rhs = (int64_t)rnd(13) - 6;
    if (kind == K_REIF)
      c.nv++;                          /* b is the last variable */
    break;
  case K_SUM: {                       /* x + y + z = r, or all minus */
    c.nv = c.nterms = 3 + (int)rnd(3);
    int32_t sign = rnd(2) ? 1 : -1;
    for (int k = 0; k < c.nterms; k++) {
      c.tv[k] = k;
      c.coef[k] = sign;
    }
    c.rel = LIN_EQ;
    c.rhs = sign * ((int64_t)rnd(21) - 6);
    break;
  }
  case K_DISTINCT: c.nv = 2 + (int)rnd(3); break;
  case K_POSITION:                      /* 2-3 cells, 1-2 numbers placed */
    c.nterms = 2 + (int)rnd(2);
    c.nv = c.nterms + 1 + (int)rnd(2);
    for (int k = 0; k < c.nv - c.nterms; k++)
      c.coef[k] = (int32_t)rnd(9) - 3;
    break;
  case K_ELEMENT:
    c.nv = 3 + (int)rnd(3);
    c.base = (int32_t)rnd(3) - 1;
    break;
  case K_TIMES:
  case K_DIV:
  case K_MOD: c.nv = 3; break;
  case K_ABS: c.nv = 2; break;
  case K_MIN:
  case K_MAX: c.nv = 2 + (int)rnd(3); break;
  case K_CLAUSE:
    c.nv = 1 + (int)rnd(4);
    c.npos = (int)rnd((uint32_t)c.nv + 1);
    break;
  case K_TABLE: c.nv = 2 + (int)rnd(2); break;
  }
  for (int i = 0; i < c.nv; i++)
    random_domain(&c, i, kind == K_CLAUSE || (kind == K_REIF && i == c.nv - 1));
  if (kind == K_TABLE)
    random_table(&c);
  if (kind == K_DISTINCT && rnd(2)) {
    /* Few values for many variables, so that Hall sets are common;
    ** half the time spread out over more than one machine word. */
    int32_t spread = rnd(2) ? 37 : 1;
    c.nv = 3 + (int)rnd(3);
    for (int i = 0; i < c.nv; i++) {
      c.ndom[i] = 0;
      for (int v = 0; v < c.nv; v++)
        if (rnd(3))
          c.dom[i][c.ndom[i]++] = v * spread;
      if (c.ndom[i] == 0)
        c.dom[i][c.ndom[i]++] = (int32_t)rnd((uint32_t)c.nv) * spread;
    }
  }
  return c;
}

/* --- the oracle --- */

typedef struct Truth {
  int count;                        /* satisfying assignments */
  bool sat[100000];                  /* by mixed-radix index */
  bool supported[MAXV][MAXD];       /* value j of var i is in some solution */
} Truth;

static int index_of(const Case *c, const int32_t *v)
{
  int idx = 0;
  for (int i = 0; i < c->nv; i++) {
    int j = 0;
    while (c->dom[i][j] != v[i])
      j++;
    idx = idx * c->ndom[i] + j;
  }
  return idx;
}

/* Enumerate the cross product; fixed[i] >= 0 restricts var i to that value. */
static void brute_force(const Case *c, const int *fixed, Truth *t)
{
  int pos[MAXV] = { 0 };
  int32_t v[MAXV];
  memset(t, 0, sizeof *t);
  for (;;) {
    bool ok = true;
    for (int i = 0; i < c->nv; i++) {
      v[i] = c->dom[i][pos[i]];
      ok &= fixed[i] < 0 || fixed[i] == pos[i];
    }
    if (ok && holds(c, v)) {
      t->count++;
      t->sat[index_of(c, v)] = true;
      for (int i = 0; i < c->nv; i++)
        t->supported[i][pos[i]] = true;
    }
    int i = c->nv - 1;
    while (i >= 0 && ++pos[i] == c->ndom[i])
      pos[i--] = 0;
    if (i < 0)
      break;
  }
}

static Solver *build(const Case *c, VarId *x)
{
  Solver *s = solver_new();
  for (int i = 0; i < c->nv; i++)
    x[i] = solver_new_var_values(s, c->dom[i], (size_t)c->ndom[i]);
  post_case(s, c, x);
  return s;
}

/* Every supported value is still in its domain (unless the state failed,
** which is only allowed when nothing is supported). */
static void check_sound(const Case *c, const Solver *s, const VarId *x,
                        const Truth *t, bool failed)
{
  if (failed) {
    assert_int_equal(t->count, 0);
    return;
  }
  for (int i = 0; i < c->nv; i++)
    for (int j = 0; j < c->ndom[i]; j++)
      if (t->supported[i][j])
        assert_true(dom_contains(s, x[i], c->dom[i][j]));
}

/*
** Tables, unit sums and distinct are domain consistent: when every
** domain is a bitset, exactly the supported values remain, and no
** support at all means failure.
*/
static void check_strength(const Case *c, const Solver *s,
                           const VarId *x, const Truth *t, bool failed)
{
  if (c->kind != K_TABLE && c->kind != K_SUM && c->kind != K_DISTINCT)
    return;
  int open = 0;
  for (int i = 0; i < c->nv; i++) {
    if (!dom_is_bitset(s, x[i]))
      return;
    open += !dom_is_fixed(s, x[i]);
  }
  if (c->kind == K_SUM && !failed && open > 3)
    return;                             /* sums are exact from 3 open down */
  assert_int_equal(failed, t->count == 0);
  if (failed)
    return;
  for (int i = 0; i < c->nv; i++)
    for (int j = 0; j < c->ndom[i]; j++)
      assert_int_equal(dom_contains(s, x[i], c->dom[i][j]), t->supported[i][j]);
}

static void check_case(const Case *c)
{
  static Truth t, tf;
  int none[MAXV] = { -1, -1, -1, -1, -1 };
  VarId x[MAXV];
  brute_force(c, none, &t);

  /* Soundness at the root, and one level down for every var = value. */
  Solver *s = build(c, x);
  check_sound(c, s, x, &t, solver_failed(s));
  check_strength(c, s, x, &t, solver_failed(s));
  if (!solver_failed(s)) {
    for (int i = 0; i < c->nv; i++)
      for (int j = 0; j < c->ndom[i]; j++) {
        if (!dom_contains(s, x[i], c->dom[i][j]))
          continue;
        int fixed[MAXV] = { -1, -1, -1, -1, -1 };
        fixed[i] = j;
        brute_force(c, fixed, &tf);
        trail_push_level(&s->trail);
        bool failed = dom_fix(s, x[i], c->dom[i][j], NULL) == EV_FAIL ||
                      prop_fixpoint(s) == PS_FAIL;
        check_sound(c, s, x, &tf, failed);
        check_strength(c, s, x, &tf, failed);
        trail_pop_level(&s->trail);
      }
  }

  /* Search finds exactly the satisfying assignments, each once. */
  int found = 0;
  static bool seen[100000];
  memset(seen, 0, sizeof seen);
  while (search_next(s) == SEARCH_SOLUTION) {
    int32_t v[MAXV];
    for (int i = 0; i < c->nv; i++)
      v[i] = var_value(s, x[i]);
    assert_true(holds(c, v));
    assert_true(solver_holds(s));
    int k = index_of(c, v);
    assert_false(seen[k]);
    seen[k] = true;
    found++;
  }
  assert_int_equal(found, t.count);
  solver_free(s);

  /* On fixed inputs the post alone decides: pick some assignments. */
  for (int round = 0; round < 4; round++) {
    Case f = *c;
    int32_t v[MAXV];
    for (int i = 0; i < c->nv; i++) {
      v[i] = c->dom[i][rnd((uint32_t)c->ndom[i])];
      f.ndom[i] = 1;
      f.dom[i][0] = v[i];
    }
    s = build(&f, x);
    assert_int_equal(solver_failed(s), !holds(c, v));
    solver_free(s);
  }
}

static void run_oracle(Kind kind, uint64_t seed)
{
  rng_state = seed;
  for (int r = 0; r < ROUNDS; r++) {
    Case c = random_case(kind);
    check_case(&c);
  }
}

static void linear_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_LINEAR, 0x1234567);
}

static void unit_sum_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_SUM, 0x1357913);
}

static void cell_of_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_POSITION, 0x2468ace);
}

static void linear_reif_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_REIF, 0x2345678);
}

static void distinct_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_DISTINCT, 0x3456789);
}

static void element_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_ELEMENT, 0x456789a);
}

static void times_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_TIMES, 0x56789ab);
}

static void div_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_DIV, 0x6789abc);
}

static void mod_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_MOD, 0x789abcd);
}

static void abs_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_ABS, 0x89abcde);
}

static void min_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_MIN, 0x9abcdef);
}

static void max_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_MAX, 0xabcdef1);
}

static void clause_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_CLAUSE, 0xbcdef12);
}

static void table_matches_its_definition(void **state)
{
  (void)state;
  run_oracle(K_TABLE, 0xcdef123);
}

/* --- strength --- */

static void distinct_finds_a_hall_set(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x[3] = { solver_new_var(s, 1, 2), solver_new_var(s, 1, 2),
                 solver_new_var(s, 1, 3) };
  post_distinct(s, 3, x);
  assert_false(solver_failed(s));
  assert_true(var_is_fixed(s, x[2]));
  assert_int_equal(var_value(s, x[2]), 3);
  solver_free(s);
}

static void distinct_finds_a_hall_set_over_several_words(void **state)
{
  (void)state;
  /* Domains made over 0..199, then cut down before the distinct: the
  ** value span starts above the domains' own first bit. */
  Solver *s = solver_new();
  VarId x[4];
  int32_t one = 1, minus = -1;
  for (int i = 0; i < 4; i++)
    x[i] = solver_new_var(s, 0, 199);
  for (int i = 0; i < 4; i++)
    post_linear(s, 1, &minus, &x[i], LIN_LE, -70);    /* x >= 70 */
  for (int v = 71; v <= 199; v++)
    if (v != 100 && v != 150 && v != 199)
      for (int i = 0; i < 4; i++)
        post_linear(s, 1, &one, &x[i], LIN_NE, v);
  post_linear(s, 1, &one, &x[0], LIN_NE, 70);
  post_linear(s, 1, &one, &x[1], LIN_NE, 70);
  post_linear(s, 1, &one, &x[0], LIN_NE, 199);
  post_linear(s, 1, &one, &x[1], LIN_NE, 199);
  /* x0, x1 in {100, 150}; x2, x3 in {70, 100, 150, 199} */
  post_distinct(s, 4, x);
  assert_false(solver_failed(s));
  for (int i = 2; i < 4; i++) {
    assert_false(var_contains(s, x[i], 100));
    assert_false(var_contains(s, x[i], 150));
    assert_int_equal(var_size(s, x[i]), 2);
  }
  assert_int_equal(var_size(s, x[0]), 2);
  solver_free(s);
}

static void distinct_prunes_to_arc_consistency(void **state)
{
  (void)state;
  /* x0, x1 in {1,2}; x2 in {2,3}; x3 in {1,...,4}: x2 = 3, x3 = 4. */
  Solver *s = solver_new();
  VarId x[4] = { solver_new_var(s, 1, 2), solver_new_var(s, 1, 2),
                 solver_new_var(s, 2, 3), solver_new_var(s, 1, 4) };
  post_distinct(s, 4, x);
  assert_int_equal(var_value(s, x[2]), 3);
  assert_int_equal(var_value(s, x[3]), 4);
  solver_free(s);
}

static void distinct_detects_pigeonholes_on_wide_domains(void **state)
{
  (void)state;
  Solver *s = solver_new();
  int32_t v[3] = { 0, 1, 1000000 };
  VarId x[3] = { solver_new_var(s, 0, 1), solver_new_var(s, 0, 1),
                 solver_new_var_values(s, v, 3) };
  post_distinct(s, 3, x);
  assert_false(solver_failed(s));
  assert_int_equal(search_next(s), SEARCH_SOLUTION);
  assert_int_equal(var_value(s, x[2]), 1000000);
  solver_free(s);
}

static void linear_reasons_on_bounds(void **state)
{
  (void)state;
  /* x + y + z = 10 with x, y in 0..3: z in 4..10 -> z in 4..9 */
  Solver *s = solver_new();
  VarId x[3] = { solver_new_var(s, 0, 3), solver_new_var(s, 0, 3),
                 solver_new_var(s, 0, 9) };
  int32_t one[3] = { 1, 1, 1 };
  post_linear(s, 3, one, x, LIN_EQ, 10);
  assert_int_equal(var_min(s, x[2]), 4);
  assert_int_equal(var_max(s, x[2]), 9);
  assert_int_equal(var_min(s, x[0]), 0);
  /* 2x + 3y <= 6 with x, y >= 0: x <= 3, y <= 2 */
  VarId a[2] = { solver_new_var(s, 0, 10), solver_new_var(s, 0, 10) };
  int32_t c[2] = { 2, 3 };
  post_linear(s, 2, c, a, LIN_LE, 6);
  assert_int_equal(var_max(s, a[0]), 3);
  assert_int_equal(var_max(s, a[1]), 2);
  assert_false(solver_failed(s));
  solver_free(s);
}

static void unit_sum_turns_exact_once_its_span_is_small(void **state)
{
  (void)state;
  /* x + y + z = 150, x, y in {30, 60}, z in 20..80: the span starts at
  ** 70 (bounds only), bounds lift z to 30, then the exact rule keeps
  ** only z = 150 - 60 - 60 and z = 150 - 30 - 60. */
  Solver *s = solver_new();
  int32_t ends[2] = { 30, 60 };
  VarId v[3] = { solver_new_var_values(s, ends, 2),
                 solver_new_var_values(s, ends, 2), solver_new_var(s, 20, 80) };
  int32_t one[3] = { 1, 1, 1 };
  post_linear(s, 3, one, v, LIN_EQ, 150);
  assert_false(solver_failed(s));
  assert_int_equal(var_size(s, v[2]), 2);
  assert_true(var_contains(s, v[2], 30));
  assert_true(var_contains(s, v[2], 60));
  solver_free(s);
}

static void two_variable_equality_is_domain_consistent(void **state)
{
  (void)state;
  Solver *s = solver_new();
  int32_t xv[3] = { 1, 4, 6 }, yv[4] = { 0, 2, 3, 5 };
  VarId xy[2] = { solver_new_var_values(s, xv, 3),
                  solver_new_var_values(s, yv, 4) };
  int32_t c[2] = { 1, -1 };
  post_linear(s, 2, c, xy, LIN_EQ, 1);  /* x = y + 1 */
  assert_int_equal(var_size(s, xy[0]), 3);
  assert_int_equal(var_size(s, xy[1]), 3);
  assert_false(var_contains(s, xy[1], 2));
  solver_free(s);
}

static void disequalities_group_per_variable_and_clue(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x = solver_new_var(s, 1, 9), y = solver_new_var(s, 1, 9),
        z = solver_new_var(s, 1, 9);
  int32_t c[2] = { 1, -1 };
  VarId xy[2] = { x, y }, xz[2] = { x, z }, zy[2] = { z, y };
  solver_set_origin(s, 1);
  post_linear(s, 2, c, xy, LIN_NE, 0);      /* x != y */
  post_linear(s, 2, c, xz, LIN_NE, 1);      /* x != z + 1 */
  size_t one_clue = s->props.len;
  assert_int_equal(one_clue, 3);            /* stars of x, y and z */
  solver_set_origin(s, 2);
  post_linear(s, 2, c, zy, LIN_NE, 0);      /* z != y, another clue */
  assert_int_equal(s->props.len, one_clue + 2);
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, x, 5, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  assert_false(var_contains(s, y, 5));
  assert_false(var_contains(s, z, 4));
  assert_true(var_contains(s, z, 5));
  trail_pop_level(&s->trail);
  /* Fixing the other side first prunes x. */
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, z, 3, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  assert_false(var_contains(s, x, 4));
  assert_false(var_contains(s, y, 3));
  trail_pop_level(&s->trail);
  /* A finished star takes a new partner posted later at the root. */
  VarId u = solver_new_var(s, 1, 9), t = solver_new_var(s, 1, 9);
  post_distinct(s, 2, (VarId[]){ u, y });
  post_linear(s, 1, c, &u, LIN_EQ, 3);      /* u = 3: u's star is done */
  assert_false(var_contains(s, y, 3));
  post_distinct(s, 2, (VarId[]){ u, t });   /* u's star again */
  assert_false(var_contains(s, t, 3));
  assert_false(solver_failed(s));
  solver_free(s);
}

static void cells_of_numbers_share_one_propagator(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId cell[3], pos[3];
  for (int i = 0; i < 3; i++) {
    cell[i] = solver_new_var(s, 1, 3);
    pos[i] = solver_new_var(s, 1, 3);
  }
  solver_set_origin(s, 1);
  post_cell_of(s, 3, cell, 1, pos[0]);
  size_t one = s->props.len;
  post_cell_of(s, 3, cell, 2, pos[1]);
  assert_int_equal(s->props.len, one);      /* the same array and clue */
  solver_set_origin(s, 2);
  post_cell_of(s, 3, cell, 3, pos[2]);
  assert_int_equal(s->props.len, one + 1);  /* another clue: its own */
  /* cell 2 cannot hold 1: the 1 is not there */
  int32_t c[1] = { 1 };
  post_linear(s, 1, c, &cell[1], LIN_NE, 1);
  assert_false(var_contains(s, pos[0], 2));
  /* the 2 is in cell 3: cell 3 holds 2 */
  post_linear(s, 1, c, &pos[1], LIN_EQ, 3);
  assert_true(var_is_fixed(s, cell[2]));
  assert_int_equal(var_value(s, cell[2]), 2);
  assert_false(var_contains(s, pos[0], 3));
  assert_false(solver_failed(s));
  solver_free(s);
}

static void element_prunes_index_and_result(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId arr[4] = { solver_const(s, 10), solver_const(s, 20),
                   solver_const(s, 30), solver_const(s, 20) };
  VarId idx = solver_new_var(s, -5, 10), res = solver_new_var(s, 15, 35);
  post_element(s, idx, 1, 4, arr, res);
  /* idx in 1..4, arr[0] = 10 is out of result's range: idx in {2,3,4}. */
  assert_int_equal(var_min(s, idx), 2);
  assert_int_equal(var_max(s, idx), 4);
  assert_int_equal(var_size(s, res), 2);  /* {20, 30} */
  int32_t one = 1;
  post_linear(s, 1, &one, &res, LIN_NE, 30);
  assert_int_equal(var_size(s, idx), 2);  /* {2, 4} */
  assert_false(var_contains(s, idx, 3));
  solver_free(s);
}

static void reified_equality_decides_its_boolean(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x = solver_new_var(s, 0, 5), b = solver_new_var(s, 0, 1);
  int32_t one = 1;
  post_linear_reif(s, 1, &one, &x, LIN_EQ, 3, b);
  assert_false(var_is_fixed(s, b));
  post_linear(s, 1, &one, &x, LIN_NE, 3);
  assert_true(var_is_fixed(s, b));
  assert_int_equal(var_value(s, b), 0);
  solver_free(s);
}

/* --- table --- */

static void table_keeps_exactly_the_supported_values(void **state)
{
  (void)state;
  /* (9, 0) is out of x's domain, so y loses 0 too. */
  Solver *s = solver_new();
  VarId x[2] = { solver_new_var(s, 0, 5), solver_new_var(s, 0, 5) };
  int32_t rows[][2] = { { 0, 1 }, { 0, 3 }, { 2, 3 }, { 4, 5 }, { 9, 0 },
                        { 2, 3 } };
  post_table(s, 2, x, 6, &rows[0][0]);
  assert_false(solver_failed(s));
  for (int32_t v = 0; v <= 5; v++) {
    assert_int_equal(var_contains(s, x[0], v), v % 2 == 0);
    assert_int_equal(var_contains(s, x[1], v), v % 2 == 1);
  }
  solver_free(s);
  /* The same over multi-word domains: y = 2x for x a multiple of 3. */
  s = solver_new();
  x[0] = solver_new_var(s, 0, 199);
  x[1] = solver_new_var(s, 0, 199);
  int32_t wide[100][2];
  for (int32_t i = 0; i < 100; i++) {
    wide[i][0] = 3 * i;
    wide[i][1] = 6 * i;
  }
  post_table(s, 2, x, 100, &wide[0][0]);
  assert_int_equal(var_size(s, x[0]), 34);    /* 0, 3, ..., 99 */
  assert_int_equal(var_max(s, x[0]), 99);
  assert_int_equal(var_size(s, x[1]), 34);    /* 0, 6, ..., 198 */
  assert_int_equal(var_max(s, x[1]), 198);
  assert_false(var_contains(s, x[1], 3));
  solver_free(s);
}

static void table_without_rows_fails(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x[2] = { solver_new_var(s, 0, 5), solver_new_var(s, 0, 5) };
  post_table(s, 2, x, 0, NULL);
  assert_true(solver_failed(s));
  assert_int_equal(search_next(s), SEARCH_EXHAUSTED);
  solver_free(s);
  /* Rows that no domain allows fail the same way. */
  s = solver_new();
  x[0] = solver_new_var(s, 0, 5);
  x[1] = solver_new_var(s, 0, 5);
  int32_t rows[][2] = { { 6, 0 }, { 0, -1 } };
  post_table(s, 2, x, 2, &rows[0][0]);
  assert_true(solver_failed(s));
  solver_free(s);
}

static void fixing_one_table_variable_leaves_its_partners(void **state)
{
  (void)state;
  /* King moves on a 3x3 board, cells 0..8: the partners of the corner 0
  ** are 1, 3 and 4; of the centre 4, everything else. */
  Solver *s = solver_new();
  VarId x[2] = { solver_new_var(s, 0, 8), solver_new_var(s, 0, 8) };
  int32_t rows[64][2];
  size_t nrows = 0;
  for (int32_t a = 0; a < 9; a++)
    for (int32_t b = 0; b < 9; b++) {
      int32_t dr = a / 3 - b / 3, dc = a % 3 - b % 3;
      if (a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1) {
        rows[nrows][0] = a;
        rows[nrows++][1] = b;
      }
    }
  post_table(s, 2, x, nrows, &rows[0][0]);
  assert_int_equal(var_size(s, x[1]), 9);
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, x[0], 0, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  assert_int_equal(var_size(s, x[1]), 3);
  assert_true(var_contains(s, x[1], 1));
  assert_true(var_contains(s, x[1], 3));
  assert_true(var_contains(s, x[1], 4));
  trail_pop_level(&s->trail);
  assert_int_equal(var_size(s, x[1]), 9);     /* the rows came back */
  trail_push_level(&s->trail);
  assert_int_not_equal(dom_fix(s, x[0], 4, NULL), EV_FAIL);
  assert_int_equal(prop_fixpoint(s), PS_FIX);
  assert_int_equal(var_size(s, x[1]), 8);
  assert_false(var_contains(s, x[1], 4));
  trail_pop_level(&s->trail);
  /* At the root for good: y = 8 leaves x in {4, 5, 7}. */
  int32_t one = 1;
  post_linear(s, 1, &one, &x[1], LIN_EQ, 8);
  assert_int_equal(var_size(s, x[0]), 3);
  assert_true(var_contains(s, x[0], 5));
  assert_true(var_contains(s, x[0], 7));
  solver_free(s);
}

static void table_over_a_repeated_variable_keeps_the_diagonal(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId v = solver_new_var(s, 0, 5);
  VarId x[2] = { v, v };
  int32_t rows[][2] = { { 1, 2 }, { 3, 3 }, { 4, 0 }, { 5, 5 } };
  post_table(s, 2, x, 4, &rows[0][0]);
  assert_int_equal(var_size(s, v), 2);        /* {3, 5} */
  assert_true(var_contains(s, v, 3));
  assert_true(var_contains(s, v, 5));
  int n = 0;
  while (search_next(s) == SEARCH_SOLUTION) {
    assert_true(solver_holds(s));
    n++;
  }
  assert_int_equal(n, 2);
  solver_free(s);
}

static void table_narrows_bounds_only_domains(void **state)
{
  (void)state;
  Solver *s = solver_new();
  VarId x[2] = { solver_new_var(s, -1000000, 1000000),
                 solver_new_var(s, 0, 3) };
  int32_t rows[][2] = { { -50, 1 }, { 7, 2 }, { 900, 3 }, { 2000000, 0 } };
  post_table(s, 2, x, 4, &rows[0][0]);
  assert_int_equal(var_min(s, x[0]), -50);
  assert_int_equal(var_max(s, x[0]), 900);
  assert_false(var_contains(s, x[1], 0));
  int n = 0;
  while (search_next(s) == SEARCH_SOLUTION) {
    assert_true(solver_holds(s));
    n++;
  }
  assert_int_equal(n, 3);
  solver_free(s);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(linear_matches_its_definition),
    cmocka_unit_test(unit_sum_matches_its_definition),
    cmocka_unit_test(cell_of_matches_its_definition),
    cmocka_unit_test(linear_reif_matches_its_definition),
    cmocka_unit_test(distinct_matches_its_definition),
    cmocka_unit_test(element_matches_its_definition),
    cmocka_unit_test(times_matches_its_definition),
    cmocka_unit_test(div_matches_its_definition),
    cmocka_unit_test(mod_matches_its_definition),
    cmocka_unit_test(abs_matches_its_definition),
    cmocka_unit_test(min_matches_its_definition),
    cmocka_unit_test(max_matches_its_definition),
    cmocka_unit_test(clause_matches_its_definition),
    cmocka_unit_test(distinct_finds_a_hall_set),
    cmocka_unit_test(distinct_finds_a_hall_set_over_several_words),
    cmocka_unit_test(distinct_prunes_to_arc_consistency),
    cmocka_unit_test(distinct_detects_pigeonholes_on_wide_domains),
    cmocka_unit_test(linear_reasons_on_bounds),
    cmocka_unit_test(unit_sum_turns_exact_once_its_span_is_small),
    cmocka_unit_test(two_variable_equality_is_domain_consistent),
    cmocka_unit_test(disequalities_group_per_variable_and_clue),
    cmocka_unit_test(cells_of_numbers_share_one_propagator),
    cmocka_unit_test(element_prunes_index_and_result),
    cmocka_unit_test(reified_equality_decides_its_boolean),
    cmocka_unit_test(table_matches_its_definition),
    cmocka_unit_test(table_keeps_exactly_the_supported_values),
    cmocka_unit_test(table_without_rows_fails),
    cmocka_unit_test(fixing_one_table_variable_leaves_its_partners),
    cmocka_unit_test(table_over_a_repeated_variable_keeps_the_diagonal),
    cmocka_unit_test(table_narrows_bounds_only_domains),
  };
  return cmocka_run_group_tests_name("props", tests, NULL, NULL);
}
