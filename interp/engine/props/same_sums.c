/*
** same_sums.c -- what two sums over the same terms say together.
**
** `sum(a) = 3` and `show sum(a)` are two equations over the same cells:
** the second says h = sum(a) for the shown sum's helper h, so together
** they say h = 3.  Bounds reasoning sees that only once nearly every cell
** is fixed.  Counting what is shown (pz -c) branches on h first and
** proved each wrong value of h by search: 7.8 M decisions over a hundred
** 0/1 cells, minutes over two hundred.  Likewise `sum(a) = 3` and
** `sum(a) = 4` are proved impossible only by search.
**
** So once the Model is in, each equation that is another one plus one
** term (or minus it, or the other's negation plus one term) fixes that
** term: c * x = the difference of their totals.  Two equations over the
** same terms with different totals make the space fail at once.  Two
** equations that differ in one term each (t = sum(a) and the helper of
** `show sum(a)`) tie those two terms: c x - d y = the difference.
** Equations are matched by an additive hash of their terms, so removing
** one term from the hash costs one subtraction: one look-up per term in
** all, and a comparison of the terms only when the hashes agree.
**
** Like linsys.c, this only adds reasoning for searching and counting: not
** in a space whose reason log is read (a derived equation stands for no
** single clue), nor in the explanations' spaces, which leave clues out
** (solver_from_model_where does not call it).  The derived equation is
** posted under the origin of the longer equation.
*/
#include "engine/props/props.h"

#include <stdlib.h>

#include "base/mem.h"
#include "model/model.h"

typedef struct {
  uint32_t first, n;    /* its terms, sorted by variable, at terms[first ..] */
  int64_t k;            /* sum(terms) = k */
  bool again;           /* an earlier equation has the same terms and total */
  uint64_t h, neg;      /* the hashes of its terms and of their negations */
  uint32_t origin;
} Eq;

typedef struct {
  int32_t c;
  VarId x;
} Term;

/* One term's share of an equation's hash: mixed well, so that sums collide rarely. */
static uint64_t term_hash(VarId x, int64_t c)
{
  uint64_t z = ((uint64_t)x << 32 | (uint32_t)c) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* a = -b, without overflow. */
static bool opposite(int64_t a, int64_t b)
{
  int64_t sum;
  return !__builtin_add_overflow(a, b, &sum) && sum == 0;
}

static int by_var(const void *a, const void *b)
{
  const Term *s = a, *t = b;
  return (s->x > t->x) - (s->x < t->x);
}

/*
** Does e's list of terms, less its term skip (UINT32_MAX: none) and each
** coefficient times sign, equal f's less its term fskip?
*/
static bool same_terms(const Term *terms, const Eq *e, uint32_t skip, int sign, const Eq *f,
                       uint32_t fskip)
{
  if (e->n - (skip != UINT32_MAX) != f->n - (fskip != UINT32_MAX))
    return false;
  const Term *a = terms + e->first, *b = terms + f->first;
  for (uint32_t i = 0, j = 0; i < e->n; i++, j++) {
    if (i == skip)
      i++;
    if (j == fskip)
      j++;
    if (i == e->n)
      break;
    if (a[i].x != b[j].x || (int64_t)a[i].c * sign != b[j].c)
      return false;
  }
  return true;
}

typedef struct {
  Eq *eqs;
  uint32_t *slot;       /* open addressing by h: an equation's index + 1, 0 empty */
  size_t mask;
  Term *terms;
} Table;

/* The equation in the table whose terms are e's less skip, times sign. */
static const Eq *find(const Table *t, uint64_t key, const Eq *e, uint32_t skip, int sign)
{
  for (size_t i = key & t->mask; t->slot[i]; i = (i + 1) & t->mask) {
    const Eq *f = &t->eqs[t->slot[i] - 1];
    if (f->h == key && same_terms(t->terms, e, skip, sign, f, UINT32_MAX))
      return f;
  }
  return NULL;
}

/*
** The equations of three terms or more, each less one of its terms, by the
** hash of what is left: two that agree there (e = L + c x, f = L + d y)
** say c x - d y = the difference of their totals.  Each rest is kept once,
** with the first equation that has it: the others are tied to that one.
*/
typedef struct {
  uint64_t key;
  uint32_t eq, term;    /* eq + 1 (0: empty), and the term left out */
} Rest;

typedef struct {
  Rest *slot;
  size_t mask;
} RestTable;

/* The rest in the table equal to e's less term j (times sign), or NULL; else where it goes. */
static const Rest *find_rest(const RestTable *r, const Table *t, uint64_t key, const Eq *e,
                             uint32_t j, int sign, size_t *free_slot)
{
  size_t i = key & r->mask;
  for (; r->slot[i].eq; i = (i + 1) & r->mask) {
    const Rest *x = &r->slot[i];
    if (x->key == key && same_terms(t->terms, e, j, sign, &t->eqs[x->eq - 1], x->term))
      return x;
  }
  if (free_slot)
    *free_slot = i;
  return NULL;
}

/* c x + d y = rhs, under e's origin. */
static void post_pair(Solver *s, const Eq *e, Term x, Term y, int64_t d, int64_t rhs)
{
  if (d < INT32_MIN || d > INT32_MAX)
    return;
  int32_t c[2] = {x.c, (int32_t)d};
  VarId v[2] = {x.x, y.x};
  solver_set_origin(s, e->origin);
  post_linear(s, 2, c, v, LIN_EQ, rhs);
}

/* c * x = rhs, under e's origin. */
static void post_fixed(Solver *s, const Eq *e, Term t, int64_t rhs)
{
  solver_set_origin(s, e->origin);
  post_linear(s, 1, &t.c, &t.x, LIN_EQ, rhs);
}

/*
** The Model's equations of two terms or more, each term list sorted,
** duplicates merged; their count.  An equation of one term teaches
** nothing that bounds do not: it fixes its term, and bounds carry that.
*/
static size_t collect(const Model *m, Eq **out, Term **terms_out)
{
  size_t neq = 0, nterms = 0;
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind == MS_LINEAR && st->rel == MODEL_EQ && st->n > 1) {
      neq++;
      nterms += st->n;
    }
  }
  Eq *eqs = xmalloc((neq ? neq : 1) * sizeof *eqs);
  Term *terms = xmalloc((nterms ? nterms : 1) * sizeof *terms);
  size_t e = 0, at = 0;
  for (size_t i = 0; i < m->steps.len; i++) {
    const ModelStep *st = &m->steps.data[i];
    if (st->kind != MS_LINEAR || st->rel != MODEL_EQ || st->n < 2)
      continue;                         /* one term: bounds see all there is */
    const int32_t *a = model_args(m, st);
    Term *t = terms + at;
    for (uint32_t j = 0; j < st->n; j++)
      t[j] = (Term){a[j], (VarId)a[st->n + j]};
    qsort(t, st->n, sizeof *t, by_var);
    uint32_t n = 0;
    for (uint32_t j = 0; j < st->n; j++) {   /* x twice: one term of the summed coefficient */
      if (n && t[n - 1].x == t[j].x) {
        int64_t c = (int64_t)t[n - 1].c + t[j].c;
        if (c < INT32_MIN || c > INT32_MAX) {
          n = 0;                        /* leave this equation out whole: its first terms */
          break;                        /* alone are not an equation that holds */
        }
        t[n - 1].c = (int32_t)c;
        if (c == 0)
          n--;
      } else {
        t[n++] = t[j];
      }
    }
    if (n < 2)
      continue;
    Eq q = {(uint32_t)at, n, st->k, false, 0, 0, st->origin};
    for (uint32_t j = 0; j < n; j++) {
      q.h += term_hash(t[j].x, t[j].c);
      q.neg += term_hash(t[j].x, -(int64_t)t[j].c);
    }
    eqs[e++] = q;
    at += n;
  }
  *out = eqs;
  *terms_out = terms;
  return e;
}

void same_sums_post(Solver *s, const Model *m)
{
  if (s->failed || s->deferred || s->trace)
    return;
  Table t = {0};
  size_t neq = collect(m, &t.eqs, &t.terms);
  if (neq < 2) {
    xfree(t.eqs);
    xfree(t.terms);
    return;
  }
  size_t cap = 4;
  while (cap < 2 * neq)
    cap *= 2;
  t.mask = cap - 1;
  t.slot = xcalloc(cap, sizeof *t.slot);
  /* Each list of terms once, so that no run of equal hashes slows the look-ups. */
  for (size_t i = 0; i < neq && !s->failed; i++) {
    Eq *e = &t.eqs[i];
    const Eq *f = find(&t, e->h, e, UINT32_MAX, 1);
    if (f) {
      e->again = true;
      s->failed = f->k != e->k;         /* L = k and L = k': no solution */
      continue;
    }
    size_t j = e->h & t.mask;
    while (t.slot[j])
      j = (j + 1) & t.mask;
    t.slot[j] = (uint32_t)i + 1;
  }
  bool posted = false;
  for (size_t i = 0; i < neq && !s->failed; i++) {
    const Eq *e = &t.eqs[i];
    if (e->again)
      continue;
    const Eq *f, *g = find(&t, e->neg, e, UINT32_MAX, -1);
    if (g && !opposite(g->k, e->k)) {
      s->failed = true;                 /* L = k and -L = k' with k' != -k */
      break;
    }
    for (uint32_t j = 0; j < e->n && !s->failed; j++) {
      Term x = t.terms[e->first + j];
      /* e = f + c x: c x = e.k - f.k; e = -f + c x: c x = e.k + f.k */
      f = find(&t, e->h - term_hash(x.x, x.c), e, j, 1);
      g = f ? NULL : find(&t, e->neg - term_hash(x.x, -(int64_t)x.c), e, j, -1);
      if (!f && !g)
        continue;
      int64_t rhs;
      if (f ? __builtin_sub_overflow(e->k, f->k, &rhs) : __builtin_add_overflow(e->k, g->k, &rhs))
        continue;
      post_fixed(s, e, x, rhs);
      posted = true;
    }
  }
  size_t nrest = 0;
  for (size_t i = 0; i < neq; i++)
    nrest += t.eqs[i].n >= 3 ? t.eqs[i].n : 0;
  RestTable r = {0};
  for (cap = 4; cap < 2 * nrest; cap *= 2)
    ;
  r.mask = cap - 1;
  r.slot = nrest && !s->failed ? xcalloc(cap, sizeof *r.slot) : NULL;
  for (size_t i = 0; i < neq && r.slot && !s->failed; i++) {
    const Eq *e = &t.eqs[i];
    if (e->again || e->n < 3)
      continue;
    for (uint32_t j = 0; j < e->n && !s->failed; j++) {
      Term x = t.terms[e->first + j];
      size_t at = 0;
      const Rest *f = find_rest(&r, &t, e->h - term_hash(x.x, x.c), e, j, 1, &at);
      const Rest *g = f ? NULL : find_rest(&r, &t, e->neg - term_hash(x.x, -(int64_t)x.c), e, j,
                                           -1, NULL);
      int64_t rhs;
      if (f) {                          /* e - f: c x - d y = e.k - f.k */
        const Eq *o = &t.eqs[f->eq - 1];
        if (!__builtin_sub_overflow(e->k, o->k, &rhs))
          post_pair(s, e, x, t.terms[o->first + f->term], -(int64_t)t.terms[o->first + f->term].c,
                    rhs);
        posted = true;
      } else if (g) {                   /* e + f: c x + d y = e.k + f.k */
        const Eq *o = &t.eqs[g->eq - 1];
        if (!__builtin_add_overflow(e->k, o->k, &rhs))
          post_pair(s, e, x, t.terms[o->first + g->term], t.terms[o->first + g->term].c, rhs);
        posted = true;
      } else {
        r.slot[at] = (Rest){e->h - term_hash(x.x, x.c), (uint32_t)i + 1, j};
      }
    }
  }
  xfree(r.slot);
  if (posted)
    solver_propagate(s);
  xfree(t.slot);
  xfree(t.eqs);
  xfree(t.terms);
}
