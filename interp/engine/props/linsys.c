/*
** linsys.c -- the short equations that follow from a system of sums.
**
** A magic hexagon is 15 sums over 19 cells; a magic square is rows,
** columns and diagonals.  Each sum is its own propagator (sum_dc), but
** together they say more than one by one: the hexagon's lines have rank
** 12 over 19 cells, and their combinations include short equations such
** as a + b = g + l (the top row less the first line of the right edge).
** With a and b fixed, g + l is known, which no single line tells while
** three of its cells are open.
**
** At loading, the sums that share cells are grouped, and every equation
** of two to four terms with coefficients +1 and -1 (the first +1) that
** follows from a group is found: it must be orthogonal to the null space
** of the group's lines, which exact rational elimination gives.  Those
** that are not lines themselves go to one propagator per group.  A
** group has at most 20 cells, so a set of cells is one word: an advisor
** marks each cell that loses an end or is fixed, and a run looks at the
** equations over a marked cell whose open cells (one more word) are at
** most two, with a word AND each, until no cell is marked.  (A queue of
** equations, pushed per cell and each scanned to count its open terms,
** cost half again as much on the hexagon.)
**
** An equation prunes only when at most two of its terms are open: one
** open term is forced, two of the same sign are each other's mirror
** image about what is left (sum_dc's word rule), two of opposite signs
** each other's copy shifted by it; all on the domains' own words.  With three open the rule would loop over values and bounds
** rarely narrow: measured, both cost more than the nodes they save.  It
** wakes only when a cell loses an end or is fixed, not for an inner
** value: with two open terms the mirror would still prune then, but the
** lines and distinct do most of that, and waking for every value lost
** cost more (doc/performance.md).
**
** The sums stay as they are; this adds reasoning only, and checks
** nothing they do not (its holds is true).  It has degree 0 and an empty
** variable slice, so dom/deg sees the same degrees; a failure is blamed,
** for dom/wdeg, on the variables of the equation that failed.  Posted by
** from_model.c once the Model is loaded, and only without a trace: a
** derived equation stands for no single clue, and the reason log names
** one.  A space built like another (solver_from_model_like: pz -p N's
** workers) copies that space's equations group by group instead of
** deriving them again (derive_once).
*/
#include "engine/props/props.h"

#include <string.h>

/* The word rule up to this many open terms, for targets within a word. */
#define LS_OPEN 2
#define LS_SPAN 64
/*
** Derived equations: of at most this many terms, for groups of at most
** so many variables (and at least linsys_post's min_vars).  The search
** for them looks at every support of up to four variables: 17 M
** instructions at 25 (magic_square5, whose first square they do not find
** sooner), 4 M at 19.
*/
#define LS_DERIVE_TERMS 4
#define LS_DERIVE_VARS 20
_Static_assert(LS_DERIVE_VARS < 64, "a group's cells are a word");
#define LS_DERIVE_EQS 64
#define LS_DERIVE_MAX 256
/* Groups whose variable numbers span more than this are left alone. */
#define LS_MAX_SPAN 65536

typedef struct LsEq {
  int64_t  c;                  /* sum a[i] * x[i] = c */
  uint32_t first, n;           /* its terms: Ls.term[first .. first + n) */
} LsEq;

typedef struct LsTerm {
  VarId   x;
  int32_t a;                   /* +1 or -1 */
  uint32_t v;                  /* local number of x */
} LsTerm;

/*
** One block, so that xfree(aux) frees it all: the header, then the arrays.
** A group has at most LS_DERIVE_VARS variables, so a set of them (by
** local number) is one word: `changed` gathers, between runs, the
** variables that lost an end or were fixed, and `mask[e]` is equation
** e's variables.
*/
typedef struct Ls {
  uint32_t neqs, nvars, nterms, maxn;
  VarId    vmin;
  uint32_t span;
  uint64_t changed;            /* local variables moved since the last run */
  LsEq    *eq;
  LsTerm  *term;
  uint64_t *mask;              /* neqs: the local variables of equation e */
  VarId    *var;               /* nvars: local number -> VarId */
  uint32_t *map;               /* span: local number of vmin + i, or UINT32_MAX */
  VarId    *blame;             /* maxn */
} Ls;

/* w with its bits in reverse order (bit i moves to bit 63 - i). */
static uint64_t reverse_bits(uint64_t w)
{
  w = ((w >> 1) & 0x5555555555555555ull) | ((w & 0x5555555555555555ull) << 1);
  w = ((w >> 2) & 0x3333333333333333ull) | ((w & 0x3333333333333333ull) << 2);
  w = ((w >> 4) & 0x0f0f0f0f0f0f0f0full) | ((w & 0x0f0f0f0f0f0f0f0full) << 4);
  return __builtin_bswap64(w);
}

/* { t - v : v in w, v <= t }. */
static uint64_t mirror(uint64_t w, int64_t t)
{
  return reverse_bits(w) >> (63 - t);
}

/* Subscribed for bounds: told of each end moved by another propagator. */
static void linsys_advise(Solver *s, Prop *p, VarId x)
{
  (void)s;
  Ls *ls = p->aux;
  ls->changed |= (uint64_t)1 << ls->map[x - ls->vmin];
}

/* w moved up by d places (down when d < 0); |d| < 64. */
static uint64_t shift_by(uint64_t w, int64_t d)
{
  return d >= 0 ? w << d : w >> -d;
}

/* Narrow x to keep, bit k meaning x = min + k; its event into the sets. */
static PropStatus keep_plain(Solver *s, const Prop *p, const LsTerm *t, uint64_t keep,
                             uint64_t *open, uint64_t *changed)
{
  const Dom *d = dom_get(s, t->x);
  uint32_t shift = (uint32_t)(d->lo - d->base);
  if (keep == d->bits >> shift)
    return PS_FIX;
  Event ev = dom_keep_word(s, t->x, keep << shift, p);
  PROP_TRY(ev);
  if (ev >= EV_BND)
    *changed |= (uint64_t)1 << t->v;
  if (ev == EV_VAL)
    *open &= ~((uint64_t)1 << t->v);
  return PS_FIX;
}

/*
** Two open terms of opposite signs, u - w = r: u keeps the values of w
** moved by r, and w those of u moved back, so no word is mirrored.  With
** target = r - min u + max w, u's bit k and w's bit j agree when
** k = j + target - (max w - min w).
*/
static PropStatus eq_shift(Solver *s, const Prop *p, const LsTerm *t, const uint32_t *at,
                           int64_t target, uint64_t *open, uint64_t *changed)
{
  const LsTerm *tu = &t[at[0]], *tw = &t[at[1]];
  if (tu->a < 0) {
    const LsTerm *tmp = tu;
    tu = tw;
    tw = tmp;
  }
  const Dom *du = dom_get(s, tu->x), *dw = dom_get(s, tw->x);
  uint64_t u = du->bits >> (du->lo - du->base), w = dw->bits >> (dw->lo - dw->base);
  int64_t d = target - (dw->hi - dw->lo);
  uint64_t keep_u = u & shift_by(w, d), keep_w = w & shift_by(u, -d);
  if (keep_u != u && keep_plain(s, p, tu, keep_u, open, changed) == PS_FAIL)
    return PS_FAIL;
  if (keep_w != w && keep_plain(s, p, tw, keep_w, open, changed) == PS_FAIL)
    return PS_FAIL;
  return PS_FIX;
}

/*
** Two open terms of the same sign, u + w = plain + min u + min w (both
** -1: -u - w = r is u + w = -r): each keeps the mirror image of the
** other about plain, on the domains as they are.
*/
static PropStatus eq_mirror(Solver *s, const Prop *p, const LsTerm *t, const uint32_t *at,
                            int64_t plain, uint64_t *open, uint64_t *changed)
{
  const LsTerm *tu = &t[at[0]], *tw = &t[at[1]];
  const Dom *du = dom_get(s, tu->x), *dw = dom_get(s, tw->x);
  uint64_t u = du->bits >> (du->lo - du->base), w = dw->bits >> (dw->lo - dw->base);
  uint64_t keep_u = u & mirror(w, plain), keep_w = w & mirror(u, plain);
  if (keep_u != u && keep_plain(s, p, tu, keep_u, open, changed) == PS_FAIL)
    return PS_FAIL;
  if (keep_w != w && keep_plain(s, p, tw, keep_w, open, changed) == PS_FAIL)
    return PS_FAIL;
  return PS_FIX;
}

/*
** Equation e, with at most LS_OPEN open terms (the caller has checked):
** the word rule when the target (c less the terms' minima) is under
** LS_SPAN.  A variable it moves an end of, or fixes, goes into *changed
** (and out of *open when fixed).
*/
static PropStatus eq_run(Solver *s, const Prop *p, const Ls *ls, uint32_t e, uint64_t *open,
                         uint64_t *changed)
{
  const LsEq *q = &ls->eq[e];
  const LsTerm *t = ls->term + q->first;
  const Dom *doms = s->doms.data;
  int64_t target = q->c;
  uint32_t at[LS_OPEN], m = 0;
  for (uint32_t i = 0; i < q->n; i++) {
    const Dom *d = &doms[t[i].x];
    target -= t[i].a > 0 ? d->lo : -(int64_t)d->hi;
    if (d->lo != d->hi)
      at[m++] = i;
  }
  if (target < 0)
    return PS_FAIL;
  if (target >= LS_SPAN)
    return PS_FIX;
  if (m == 0)
    return target == 0 ? PS_FIX : PS_FAIL;
  const LsTerm *tu = &t[at[0]];
  const Dom *du = &doms[tu->x];
  if (m == 1) {
    /* u = min u + target, or -u = -max u + target */
    int64_t k = tu->a > 0 ? target : (du->hi - du->lo) - target;
    if (k < 0)
      return PS_FAIL;
    uint64_t u = du->bits >> (du->lo - du->base);
    return keep_plain(s, p, tu, u & ((uint64_t)1 << k), open, changed);
  }
  if (tu->a != t[at[1]].a)
    return eq_shift(s, p, t, at, target, open, changed);
  if (tu->a > 0)
    return eq_mirror(s, p, t, at, target, open, changed);
  /* Both -1: the target of u + w from their minima is the sum of their
  ** widths less ours. */
  const Dom *dw = &doms[t[at[1]].x];
  int64_t plain = (du->hi - du->lo) + (dw->hi - dw->lo) - target;
  if (plain < 0)
    return PS_FAIL;
  if (plain >= LS_SPAN)
    return PS_FIX;
  return eq_mirror(s, p, t, at, plain, open, changed);
}

/* Does w have at most LS_OPEN (two) bits? */
static bool few_bits(uint64_t w)
{
  w &= w - 1;
  return (w & (w - 1)) == 0;
}

/*
** Each equation over a variable that moved, and with at most LS_OPEN
** open terms, in turn, until none moves.
*/
static PropStatus linsys_propagate(Solver *s, Prop *p)
{
  Ls *ls = p->aux;
  const Dom *doms = s->doms.data;
  uint64_t open = 0;
  for (uint32_t v = 0; v < ls->nvars; v++) {
    const Dom *d = &doms[ls->var[v]];
    open |= (uint64_t)(d->lo != d->hi) << v;
  }
  while (ls->changed) {
    uint64_t changed = ls->changed;
    ls->changed = 0;
    for (uint32_t e = 0; e < ls->neqs; e++) {
      uint64_t m = ls->mask[e];
      if (!(m & changed) || !few_bits(m & open) || !(m & open))
        continue;
      if (eq_run(s, p, ls, e, &open, &ls->changed) == PS_FAIL) {
        const LsEq *q = &ls->eq[e];
        for (uint32_t i = 0; i < q->n; i++)
          ls->blame[i] = ls->term[q->first + i].x;
        prop_blame(s, ls->blame, q->n);
        ls->changed = 0;
        return PS_FAIL;
      }
    }
  }
  return PS_FIX;
}

/* What it knows follows from the sums, which are posted and checked. */
static bool linsys_holds(const Solver *s, const Prop *p, const int32_t *v)
{
  (void)s;
  (void)p;
  (void)v;
  return true;
}

static const PropClass linsys_class = { "linear", linsys_propagate, linsys_holds,
                                        NULL, linsys_advise, NULL };

/* --- derived equations: exact rational elimination --- */

typedef struct Q {
  int64_t n, d;                /* d > 0, in lowest terms */
} Q;

/* Bounds on every numerator and denominator; beyond, derivation gives up. */
#define Q_LIMIT ((int64_t)1 << 30)

static bool q_make(int64_t n, int64_t d, Q *r)
{
  if (d < 0) {
    n = -n;
    d = -d;
  }
  int64_t g = gcd64(n, d);
  if (g > 1) {
    n /= g;
    d /= g;
  }
  if (n > Q_LIMIT || n < -Q_LIMIT || d > Q_LIMIT)
    return false;
  r->n = n;
  r->d = d;
  return true;
}

/* a - f * b */
static bool q_submul(Q a, Q f, Q b, Q *r)
{
  /* f * b = (fn bn) / (fd bd); all within 2^30, so products fit. */
  int64_t pn = f.n * b.n, pd = f.d * b.d;
  int64_t g = gcd64(pn, pd);
  if (g > 1) {
    pn /= g;
    pd /= g;
  }
  if (pn > Q_LIMIT || pn < -Q_LIMIT || pd > Q_LIMIT)
    return false;
  return q_make(a.n * pd - pn * a.d, a.d * pd, r);
}

static bool q_div(Q a, Q b, Q *r)
{
  return q_make(a.n * b.d, a.d * b.n, r);
}

/*
** Integer vectors spanning the null space of the m x n system M (row i:
** M[i*(n+1) .. ]: n coefficients, then the right side), into null
** (nfree x n), and a particular solution scaled to integers, x0 / *den.
** False when the system has no solution or the numbers grow too big.
*/
static bool null_space(Q *M, uint32_t m, uint32_t n, int64_t *null, uint32_t *nfree,
                       int64_t *x0, int64_t *den)
{
  uint32_t w = n + 1, r = 0;
  uint32_t *pivot = xmalloc(n * sizeof *pivot);
  bool ok = true;
  for (uint32_t c = 0; c < n && r < m && ok; c++) {
    uint32_t p = r;
    while (p < m && M[p * w + c].n == 0)
      p++;
    if (p == m)
      continue;
    for (uint32_t j = 0; j < w; j++) {
      Q t = M[p * w + j];
      M[p * w + j] = M[r * w + j];
      M[r * w + j] = t;
    }
    Q pv = M[r * w + c];
    for (uint32_t j = 0; j < w && ok; j++)
      ok = q_div(M[r * w + j], pv, &M[r * w + j]);
    for (uint32_t i = 0; i < m && ok; i++) {
      Q f = M[i * w + c];
      if (i == r || f.n == 0)
        continue;
      for (uint32_t j = 0; j < w && ok; j++)
        ok = q_submul(M[i * w + j], f, M[r * w + j], &M[i * w + j]);
    }
    pivot[r++] = c;
  }
  for (uint32_t i = r; i < m && ok; i++)
    if (M[i * w + n].n != 0)
      ok = false;                       /* 0 = nonzero: no solution at all */
  uint32_t k = 0;
  for (uint32_t f = 0; f < n && ok; f++) {
    bool is_pivot = false;
    for (uint32_t i = 0; i < r; i++)
      is_pivot |= pivot[i] == f;
    if (is_pivot)
      continue;
    /* v[f] = 1, v[pivot i] = -M[i][f]; times the denominators' lcm. */
    int64_t l = 1;
    for (uint32_t i = 0; i < r && ok; i++) {
      int64_t d = M[i * w + f].d;
      l = l / gcd64(l, d) * d;
      ok = l <= Q_LIMIT;
    }
    int64_t *v = null + (size_t)k * n;
    memset(v, 0, n * sizeof *v);
    v[f] = l;
    for (uint32_t i = 0; i < r && ok; i++)
      v[pivot[i]] = -M[i * w + f].n * (l / M[i * w + f].d);
    k++;
  }
  *nfree = k;
  int64_t l = 1;
  for (uint32_t i = 0; i < r && ok; i++) {
    int64_t d = M[i * w + n].d;
    l = l / gcd64(l, d) * d;
    ok = l <= Q_LIMIT;
  }
  if (ok) {
    memset(x0, 0, n * sizeof *x0);
    for (uint32_t i = 0; i < r; i++)
      x0[pivot[i]] = M[i * w + n].n * (l / M[i * w + n].d);
    *den = l;
  }
  xfree(pivot);
  return ok;
}

/* A derived equation, before it is placed in the Ls. */
typedef struct Derived {
  uint32_t v[LS_DERIVE_TERMS];
  int32_t  a[LS_DERIVE_TERMS];
  uint32_t n;
  int64_t  c;
} Derived;

typedef VEC(Derived) DerivedVec;

typedef struct Group {
  uint32_t nvars, neqs;
  VarId   *vars;                /* local number -> VarId */
  uint32_t *eq_first, *eq_local;/* line i: eq_local[eq_first[i] .. eq_first[i+1]) */
  int64_t *eq_c;
} Group;

static bool is_line(const Group *g, const Derived *dv)
{
  for (uint32_t k = 0; k < dv->n; k++)
    if (dv->a[k] != dv->a[0])
      return false;
  for (uint32_t i = 0; i < g->neqs; i++) {
    if (g->eq_first[i + 1] - g->eq_first[i] != dv->n)
      continue;
    bool same = true;
    for (uint32_t k = 0; k < dv->n && same; k++) {
      bool in = false;
      for (uint32_t j = g->eq_first[i]; j < g->eq_first[i + 1]; j++)
        in |= g->eq_local[j] == dv->v[k];
      same = in;
    }
    if (same)
      return true;
  }
  return false;
}

/* A well-mixed odd word for k (splitmix64's finaliser). */
static uint64_t mix64(uint64_t k)
{
  uint64_t z = (k + 1) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (z ^ (z >> 31)) | 1;
}

/*
** Every equation of 2..LS_DERIVE_TERMS terms with coefficients +-1 (the
** first +1) that follows from the group's lines and is not one of them.
*/
static void derive(const Group *g, uint32_t min_vars, DerivedVec *out)
{
  uint32_t n = g->nvars, m = g->neqs;
  if (n < min_vars || n > LS_DERIVE_VARS || m > LS_DERIVE_EQS)
    return;
  Q *M = xmalloc((size_t)m * (n + 1) * sizeof *M);
  for (size_t k = 0; k < (size_t)m * (n + 1); k++)
    M[k] = (Q){ 0, 1 };
  for (uint32_t i = 0; i < m; i++) {
    for (uint32_t j = g->eq_first[i]; j < g->eq_first[i + 1]; j++)
      M[i * (n + 1) + g->eq_local[j]].n += 1;
    M[i * (n + 1) + n] = (Q){ g->eq_c[i], 1 };
  }
  int64_t *null = xmalloc((size_t)n * n * sizeof *null);
  int64_t *x0 = xmalloc(n * sizeof *x0), den = 1;
  uint32_t nfree = 0;
  bool ok = true;
  for (size_t k = 0; k < (size_t)m * (n + 1); k++)
    ok &= M[k].n <= Q_LIMIT && M[k].n >= -Q_LIMIT;
  if (ok && null_space(M, m, n, null, &nfree, x0, &den) && nfree < n) {
    /*
    ** Supports in increasing order of size, then of variables.  A sum of
    ** columns of the null space is zero only if the same sum of their
    ** images under a linear map to 64-bit words (wrapping) is: each
    ** support's signs are tried on the words first, and only a match is
    ** checked column by column.
    */
    uint64_t *hash = xmalloc(n * sizeof *hash);
    for (uint32_t v = 0; v < n; v++) {
      hash[v] = 0;
      for (uint32_t f = 0; f < nfree; f++)
        hash[v] += (uint64_t)null[(size_t)f * n + v] * mix64(f);
    }
    for (uint32_t size = 2; size <= LS_DERIVE_TERMS; size++) {
      uint32_t idx[LS_DERIVE_TERMS];
      for (uint32_t k = 0; k < size; k++)
        idx[k] = k;
      while (size <= n) {
        uint64_t h[LS_DERIVE_TERMS];
        for (uint32_t k = 0; k < size; k++)
          h[k] = hash[idx[k]];
        for (uint32_t signs = 0; signs < (1u << (size - 1)); signs++) {
          uint64_t sum = h[0];
          for (uint32_t k = 1; k < size; k++)
            sum += signs >> (k - 1) & 1 ? -h[k] : h[k];
          if (sum != 0)
            continue;
          int32_t a[LS_DERIVE_TERMS];
          for (uint32_t k = 0; k < size; k++)
            a[k] = k > 0 && (signs >> (k - 1) & 1) ? -1 : 1;
          bool in_span = true;
          for (uint32_t f = 0; f < nfree && in_span; f++) {
            const int64_t *nf = null + (size_t)f * n;
            int64_t dot = 0;
            for (uint32_t k = 0; k < size; k++)
              dot += a[k] * nf[idx[k]];
            in_span = dot == 0;
          }
          if (!in_span)
            continue;
          Derived dv = { .n = size };
          for (uint32_t k = 0; k < size; k++) {
            dv.v[k] = idx[k];
            dv.a[k] = a[k];
          }
          if (is_line(g, &dv))
            continue;
          int64_t c = 0;
          for (uint32_t k = 0; k < size; k++)
            c += dv.a[k] * x0[idx[k]];
          if (c % den != 0)
            continue;                   /* no integer solution: the lines will say so */
          dv.c = c / den;
          if (out->len < LS_DERIVE_MAX)
            VEC_PUSH(*out, dv);
        }
        /* next combination of `size` out of n */
        int32_t k = (int32_t)size - 1;
        while (k >= 0 && idx[k] == n - size + (uint32_t)k)
          k--;
        if (k < 0)
          break;
        idx[k]++;
        for (uint32_t j = (uint32_t)k + 1; j < size; j++)
          idx[j] = idx[j - 1] + 1;
      }
    }
    xfree(hash);
  }
  xfree(M);
  xfree(null);
  xfree(x0);
}

/* --- the memo: a group's equations, derived once --- */

/* One group: its key (what derive reads), then its equations (maybe none). */
typedef struct MemoGroup {
  size_t key, nkey;             /* LinsysMemo.key[key .. key + nkey) */
  uint32_t first, n;            /* LinsysMemo.der[first .. first + n) */
} MemoGroup;

typedef VEC(int64_t) KeyVec;

typedef struct LinsysMemo {
  VEC(MemoGroup) group;
  KeyVec key;
  DerivedVec der;
} LinsysMemo;

void linsys_memo_free(LinsysMemo *m)
{
  if (!m)
    return;
  VEC_FREE(m->group);
  VEC_FREE(m->key);
  VEC_FREE(m->der);
  xfree(m);
}

/* What derive's answer depends on, word by word: min_vars and the group's lines. */
static void group_key(const Group *g, uint32_t min_vars, KeyVec *key)
{
  VEC_PUSH(*key, min_vars);
  VEC_PUSH(*key, g->nvars);
  VEC_PUSH(*key, g->neqs);
  for (uint32_t v = 0; v < g->nvars; v++)
    VEC_PUSH(*key, g->vars[v]);
  for (uint32_t i = 0; i < g->neqs; i++) {
    VEC_PUSH(*key, g->eq_c[i]);
    VEC_PUSH(*key, g->eq_first[i + 1] - g->eq_first[i]);
    for (uint32_t j = g->eq_first[i]; j < g->eq_first[i + 1]; j++)
      VEC_PUSH(*key, g->eq_local[j]);
  }
}

/*
** derive, or its answer copied from s->linsys_like when that space met
** the same group (the same key, word for word); else derived, and kept
** in s->linsys_memo.
*/
static void derive_once(Solver *s, const Group *g, uint32_t min_vars, DerivedVec *out)
{
  const LinsysMemo *like = s->linsys_like;
  if (like) {
    KeyVec key = {0};
    group_key(g, min_vars, &key);
    for (size_t i = 0; i < like->group.len; i++) {
      const MemoGroup *mg = &like->group.data[i];
      if (mg->nkey != key.len ||
          memcmp(&like->key.data[mg->key], key.data, key.len * sizeof *key.data) != 0)
        continue;
      for (uint32_t k = 0; k < mg->n; k++)
        VEC_PUSH(*out, like->der.data[mg->first + k]);
      VEC_FREE(key);
      return;
    }
    VEC_FREE(key);
    derive(g, min_vars, out);           /* a copy keeps no memo of its own */
    return;
  }
  derive(g, min_vars, out);
  if (!s->keep_memo)
    return;
  if (!s->linsys_memo) {
    s->linsys_memo = xmalloc(sizeof *s->linsys_memo);
    memset(s->linsys_memo, 0, sizeof *s->linsys_memo);
    s->free_linsys_memo = linsys_memo_free;
  }
  LinsysMemo *m = s->linsys_memo;
  size_t at = m->key.len;
  group_key(g, min_vars, &m->key);
  VEC_PUSH(m->group, ((MemoGroup){at, m->key.len - at, (uint32_t)m->der.len, (uint32_t)out->len}));
  for (size_t k = 0; k < out->len; k++)
    VEC_PUSH(m->der, out->data[k]);
}

/* --- grouping and posting --- */

static uint32_t find(uint32_t *parent, uint32_t i)
{
  while (parent[i] != i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}

/* Post one Ls over the sums props[0..k) (ids), all sum_dc, sharing variables. */
static void post_group(Solver *s, const PropId *ids, uint32_t k, uint32_t min_vars)
{
  Group g = { 0 };
  VEC(VarId) vars = {0};
  VarId vmin = UINT32_MAX, vmax = 0;
  uint32_t nterms = 0;
  for (uint32_t i = 0; i < k; i++) {
    const Prop *p = &s->props.data[ids[i]];
    for (uint32_t j = 0; j < p->nvars; j++) {
      VarId x = prop_vars(s, p)[j];
      vmin = x < vmin ? x : vmin;
      vmax = x > vmax ? x : vmax;
    }
    nterms += p->nvars;
  }
  if (vmax - vmin >= LS_MAX_SPAN)
    return;
  uint32_t span = vmax - vmin + 1;
  uint32_t *map = xmalloc(span * sizeof *map);
  for (uint32_t i = 0; i < span; i++)
    map[i] = UINT32_MAX;
  g.eq_first = xmalloc((k + 1) * sizeof *g.eq_first);
  g.eq_local = xmalloc(nterms * sizeof *g.eq_local);
  g.eq_c = xmalloc(k * sizeof *g.eq_c);
  uint32_t nt = 0;
  for (uint32_t i = 0; i < k; i++) {
    const Prop *p = &s->props.data[ids[i]];
    g.eq_first[i] = nt;
    for (uint32_t j = 0; j < p->nvars; j++) {
      VarId x = prop_vars(s, p)[j];
      if (map[x - vmin] == UINT32_MAX) {
        map[x - vmin] = (uint32_t)vars.len;
        VEC_PUSH(vars, x);
      }
      g.eq_local[nt++] = map[x - vmin];
    }
    g.eq_c[i] = prop_consts(s, p)[p->nvars];
  }
  g.eq_first[k] = nt;
  g.nvars = (uint32_t)vars.len;
  g.neqs = k;
  g.vars = vars.data;

  DerivedVec der = {0};
  derive_once(s, &g, min_vars, &der);

  uint32_t neqs = (uint32_t)der.len, maxn = LS_DERIVE_TERMS, nv = g.nvars;
  nterms = 0;
  for (size_t i = 0; i < der.len; i++)
    nterms += der.data[i].n;
  if (neqs > 0) {
    size_t bytes = sizeof(Ls) + neqs * sizeof(uint64_t) + neqs * sizeof(LsEq) +
                   nterms * sizeof(LsTerm) + nv * sizeof(VarId) + span * sizeof(uint32_t) +
                   maxn * sizeof(VarId);
    Ls *ls = xmalloc(bytes);
    char *at = (char *)(ls + 1);
    ls->mask = (uint64_t *)(void *)at;
    at += neqs * sizeof(uint64_t);
    ls->eq = (LsEq *)(void *)at;
    at += neqs * sizeof(LsEq);
    ls->term = (LsTerm *)(void *)at;
    at += nterms * sizeof(LsTerm);
    ls->var = (VarId *)(void *)at;
    at += nv * sizeof(VarId);
    ls->map = (uint32_t *)(void *)at;
    at += span * sizeof(uint32_t);
    ls->blame = (VarId *)(void *)at;
    ls->neqs = neqs;
    ls->nvars = nv;
    ls->nterms = nterms;
    ls->maxn = maxn;
    ls->vmin = vmin;
    ls->span = span;
    ls->changed = ((uint64_t)1 << nv) - 1;                 /* look at all */
    memcpy(ls->map, map, span * sizeof *map);
    memcpy(ls->var, g.vars, nv * sizeof *ls->var);
    nt = 0;
    uint64_t used = 0;
    for (uint32_t e = 0; e < neqs; e++) {
      const Derived *dv = &der.data[e];
      ls->eq[e] = (LsEq){ .c = dv->c, .first = nt, .n = dv->n };
      ls->mask[e] = 0;
      for (uint32_t j = 0; j < dv->n; j++) {
        ls->term[nt++] = (LsTerm){ .x = g.vars[dv->v[j]], .a = dv->a[j], .v = dv->v[j] };
        ls->mask[e] |= (uint64_t)1 << dv->v[j];
      }
      used |= ls->mask[e];
    }

    Prop *p = prop_new(s, &linsys_class, PC_CHEAP, 0, NULL, 0, NULL);
    p->aux = ls;
    p->degree = 0;                      /* dom/deg counts the sums, as before */
    p->advised = 1;
    for (uint32_t v = 0; v < nv; v++)
      if (used >> v & 1)
        prop_subscribe(s, p, g.vars[v], EV_BND);     /* see the top */
    prop_post(s, p);
  }
  VEC_FREE(der);
  VEC_FREE(vars);
  xfree(map);
  xfree(g.eq_first);
  xfree(g.eq_local);
  xfree(g.eq_c);
}

void linsys_post(Solver *s, uint32_t min_vars)
{
  if (s->failed || s->deferred || s->trace)
    return;
  size_t nprops = s->props.len;
  VEC(PropId) sums = {0};
  for (size_t i = 0; i < nprops; i++) {
    const Prop *p = &s->props.data[i];
    if (sum_dc_is(p) && !p->done && !p->queued)
      VEC_PUSH(sums, (PropId)i);
  }
  if (sums.len < 2) {
    VEC_FREE(sums);
    return;
  }
  /* Union the sums that share a variable. */
  uint32_t nsums = (uint32_t)sums.len;
  uint32_t *parent = xmalloc(nsums * sizeof *parent);
  uint32_t *owner = xmalloc(s->doms.len * sizeof *owner);
  for (uint32_t i = 0; i < nsums; i++)
    parent[i] = i;
  for (size_t x = 0; x < s->doms.len; x++)
    owner[x] = UINT32_MAX;
  for (uint32_t i = 0; i < nsums; i++) {
    const Prop *p = &s->props.data[sums.data[i]];
    for (uint32_t j = 0; j < p->nvars; j++) {
      VarId x = prop_vars(s, p)[j];
      if (owner[x] == UINT32_MAX)
        owner[x] = i;
      else
        parent[find(parent, i)] = find(parent, owner[x]);
    }
  }
  /* Each group in the order of its first sum: the sums listed by root. */
  PropId *ids = xmalloc(nsums * sizeof *ids);
  uint32_t *next = xmalloc(nsums * sizeof *next), *last = xmalloc(nsums * sizeof *last);
  uint8_t *seen = xcalloc(nsums, 1);
  for (uint32_t i = 0; i < nsums; i++) {
    uint32_t r = find(parent, i);
    next[i] = UINT32_MAX;
    if (seen[r])
      next[last[r]] = i;
    else
      seen[r] = 1;
    last[r] = i;
  }
  memset(seen, 0, nsums);
  for (uint32_t i = 0; i < nsums && !s->failed; i++) {
    uint32_t r = find(parent, i);
    if (seen[r])
      continue;
    seen[r] = 1;
    uint32_t k = 0;
    for (uint32_t j = i; j != UINT32_MAX; j = next[j])
      ids[k++] = sums.data[j];
    if (k >= 2)
      post_group(s, ids, k, min_vars);
  }
  xfree(next);
  xfree(last);
  xfree(seen);
  xfree(ids);
  xfree(owner);
  xfree(parent);
  VEC_FREE(sums);
}
