/*
** search.c -- depth-first search for solutions, one at a time.
**
** The loop (search_next) alternates propagation and decisions on an
** explicit path of SearchSteps, one per trail level, so there is no
** recursion and nothing is allocated per node.  Before the first
** decision, small models are probed (probe_root).  Variable choice: the
** smallest domain size divided by degree (number of constraints on it,
** plus one) among the open decision variables; ties go to the variable whose
** propagators failed most often so far (dom/wdeg's weights), then to the
** smaller domain, then to the given order; once they are all fixed, any
** other open variable the same way.  Value choice: the smallest; or,
** when a value of a crossed all-different group has fewer places left
** than the chosen variable has values, one of its places (the value
** view, below: Miracle's empty grid counted in 3,498 nodes, not 42,350).
** (dom/deg instead of plain smallest-domain: 8% fewer nodes on
** magic_square4; the weights as tie-break: magic_square5's first square
** in 1224 nodes instead of 1523; see doc/performance.md.)  A model that
** gives a branching order (solver_set_branch_vars: a logic grid's values'
** entities) is searched by dom/wdeg, the weights added to the degree:
** bench/logic 10 x 8 in 148 nodes for the proof instead of 1,282.  Large models
** keep the choice in a tournament tree instead of scanning (see
** SEARCH_TREE_MIN); both choose the same variable.
**
** Projection (solver_set_shown_vars): a solution is an answer, the
** values of the shown variables, however the helpers are set.  The shown
** variables are decided first (they head the order); at the first node
** where they are all fixed the search is `completing`: it looks for one
** solution of the rest, returns it, and then leaves the whole subtree
** (leave_answer), so each answer costs one completion however many
** assignments of the helpers it has.  Two branches on a shown variable
** differ there, so no answer is found twice.  Without shown variables
** (--all-assignments) every assignment is a solution, as before.
**
** Limits: every propagator run, probe and decision is a unit of work for
** the clock (solver_tick), so a time limit is noticed within about a
** millisecond wherever the time goes; the node limit counts decisions.
** A limit reached anywhere, root propagation and probing included, is
** SEARCH_LIMIT: never a solution nor "no solution" drawn from a fixpoint
** that did not finish.
*/
#include "search/search.h"
#include "engine/engine.h"
#include "search/nogood.h"
#include "base/mem.h"

#include <string.h>

void search_set_learning(Solver *s, bool on)
{
  s->search.learning = on;
}

const SearchStep *search_path(const Solver *s, size_t *n)
{
  *n = s->search.path.len;
  return s->search.path.data;
}

/* Append to the order the variables of xs whose mark (in degree) is `mark`, marking them listed. */
static void list_tier(Search *q, const VarId *xs, size_t n, uint32_t mark)
{
  for (size_t i = 0; i < n; i++) {
    VarId x = xs[i];
    if (q->degree.data[x] == mark) {
      q->degree.data[x] = 1;
      VEC_PUSH(q->order, x);
    }
  }
}

/* Prepare a fresh search: variable order, degrees, buffers, clock. */
static void search_start(Solver *s)
{
  Search *q = &s->search;
  size_t nvars = s->doms.len;
  VEC_CLEAR(q->order);
  VEC_CLEAR(q->degree);
  VEC_RESERVE(q->order, nvars);
  VEC_RESERVE(q->degree, nvars);
  VEC_CLEAR(q->weight);
  VEC_RESERVE(q->weight, nvars);
  for (size_t i = 0; i < nvars; i++)
    q->weight.data[i] = q->weight_seed ? q->weight_seed[i] : 0;
  q->weight.len = nvars;
  q->weight_seed = NULL;                /* once: a later search starts afresh */
  /* degree doubles as a mark while the order is built: 1 listed, 2 shown
  ** and not listed yet.  The shown variables come first (projection). */
  for (size_t i = 0; i < nvars; i++)
    q->degree.data[i] = 0;
  q->degree.len = nvars;
  if (s->project)
    for (size_t i = 0; i < s->shown_vars.len; i++)
      q->degree.data[s->shown_vars.data[i]] = 2;
  list_tier(q, s->decision_vars.data, s->decision_vars.len, 2);
  q->nshown_decision = q->order.len;
  list_tier(q, s->shown_vars.data, s->shown_vars.len, 2);
  if (s->project && q->has_goal && q->degree.data[q->goal] != 1)
    list_tier(q, &q->goal, 1, q->degree.data[q->goal]);    /* see goal_within_bound */
  q->nshown = q->order.len;
  list_tier(q, s->decision_vars.data, s->decision_vars.len, 0);
  q->ndecision = q->order.len;
  for (size_t i = 0; i < nvars; i++)
    if (!q->degree.data[i])
      VEC_PUSH(q->order, (VarId)i);
  VEC_CLEAR(q->pos);
  VEC_RESERVE(q->pos, nvars);
  q->pos.len = nvars;
  for (size_t k = 0; k < nvars; k++)
    q->pos.data[q->order.data[k]] = (uint32_t)k;
  VEC_CLEAR(q->stale);
  VEC_RESERVE(q->stale, nvars);
  VEC_CLEAR(q->is_stale);
  VEC_RESERVE(q->is_stale, nvars);
  if (nvars)                               /* no unknowns: data is NULL */
    memset(q->is_stale.data, 0, nvars);
  q->is_stale.len = nvars;
  q->leaves = 0;
  for (size_t i = 0; i < nvars; i++) {
    const VarSubs *vs = &s->subs.data[i];
    uint32_t degree = 0;
    for (uint32_t k = 0; k < vs->ndom + vs->nbnd + vs->nval; k++)
      degree += s->props.data[vs->ids[k]].degree;
    if (i < s->degree_extra.len)
      degree += s->degree_extra.data[i];
    q->degree.data[i] = degree;
  }
  /* Size the trail and the path up front so search does not allocate
  ** in the common case: a level saves each domain and flag at most once. */
  VEC_CLEAR(q->path);
  VEC_RESERVE(q->path, 2 * nvars + 64);
  trail_reserve(&s->trail, 4 * (nvars + s->props.len) + 1024,
                2 * nvars + 64);
  q->must_backtrack = false;
  q->completing = q->answered = false;
  q->state = SS_RUNNING;
  q->nrestarts = 0;
  q->run_depth = 0;
  q->run_start = s->stats.failures;
  q->found = false;
  q->bounded = false;
  q->restart_at = s->stats.failures + q->restart_failures;
  q->rng = q->seed * 0x9E3779B97F4A7C15ull + 1;
  q->groups_known = false;               /* groups_start at the first choice */
  VEC_CLEAR(q->nogoods.start);          /* none (nogood_any) */
  if (q->learning && q->restarts)
    nogood_clear(s);
}

/* --- restarts ---
**
** Depth-first search that took a wrong turn near the root stays in that
** subtree however hopeless (the natural N-queens model of 50 rows never
** comes back).  Until the first solution, the search starts afresh each
** time its failures pass a limit that grows as Luby's sequence (1 1 2 1
** 1 2 4 ... times 100, Search.restart_failures), so it is still complete: some run
** has room enough for the whole tree.  The conflict weights it learned
** stay; each new run breaks ties in the variable order at random (the
** order is shuffled) and tries the values in random order.  The first
** run is the plain search, so a puzzle solved within restart_failures
** failures is searched exactly as without restarts.  A run is also owed
** as many failures as the depth it has reached: a path a thousand
** decisions long (a Hidato of 20x20 with one given, built number by
** number) costs far more to find again than the few hundred failures
** met on the way, and a shuffled order would not find it again.  Sound for counting
** too: after the first solution the tree of the last run is finished
** without restarts, and that run met no solution before it.  Each
** restart may record what the run refuted as nogoods (search/nogood.c,
** search_set_learning), so the next runs do not search those parts again.
*/
/* Luby's sequence, from i = 1: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... */
static uint64_t luby(uint64_t i)
{
  for (;;) {
    uint32_t k = 1;
    while (((uint64_t)1 << k) - 1 < i)
      k++;
    if (((uint64_t)1 << k) - 1 == i)
      return (uint64_t)1 << (k - 1);
    i -= ((uint64_t)1 << (k - 1)) - 1;
  }
}

/* xorshift64*, as generate.c: small and the same everywhere. */
static uint64_t search_random(Search *q)
{
  q->rng ^= q->rng >> 12;
  q->rng ^= q->rng << 25;
  q->rng ^= q->rng >> 27;
  return q->rng * 0x2545F4914F6CDD1Dull;
}

static void shuffle(Search *q, size_t from, size_t to)
{
  for (size_t k = to; k > from + 1; k--) {
    size_t j = from + (size_t)(search_random(q) % (k - from));
    VarId t = q->order.data[k - 1];
    q->order.data[k - 1] = q->order.data[j];
    q->order.data[j] = t;
  }
  for (size_t k = from; k < to; k++)
    q->pos.data[q->order.data[k]] = (uint32_t)k;
}

/*
** The value to try first: the smallest in the first run, then one at
** random; for a variable of a linear goal, the end that makes the goal
** better, in every run (a solution at once as good as it can be there).
*/
static int32_t search_value(Solver *s, VarId x)
{
  Search *q = &s->search;
  if (q->has_goal && x < q->goal_gain.len && q->goal_gain.data[x])
    return q->goal_gain.data[x] * q->goal_sign < 0 ? dom_max(s, x) : dom_min(s, x);
  if (!q->nrestarts)
    return dom_min(s, x);
  uint64_t n = dom_size(s, x);
  if (n > 64)                           /* a wide interval: one of its ends */
    return search_random(q) & 1 ? dom_max(s, x) : dom_min(s, x);
  int32_t v = dom_min(s, x);
  for (uint64_t k = search_random(q) % n; k > 0; k--)
    v = dom_next(s, x, v);
  return v;
}

static void tree_note_pop(Solver *s);

/* Back to the root, for a fresh run with new ties (see above). */
static void search_restart(Solver *s)
{
  Search *q = &s->search;
  if (q->learning && q->nogoods.start.len)
    nogood_learn(s, q->path.data, q->path.len);
  while (q->path.len > 0) {
    (void)VEC_POP(q->path);
    tree_note_pop(s);
    trail_pop_level(&s->trail);
  }
  q->nrestarts++;
  q->run_depth = 0;
  q->run_start = s->stats.failures;
  s->stats.restarts++;
  q->restart_at = s->stats.failures + q->restart_failures * luby(q->nrestarts + 1);
  q->completing = false;
  shuffle(q, 0, q->nshown_decision);    /* within each tier of the order */
  shuffle(q, q->nshown_decision, q->nshown);
  shuffle(q, q->nshown, q->ndecision);
  shuffle(q, q->ndecision, q->order.len);
}

/* What the variable choice compares: dom/deg, then weight, then size. */
typedef struct VarKey {
  uint64_t size;
  uint32_t degree, weight;
} VarKey;

static inline VarKey key_of(const Solver *s, VarId x)
{
  const Search *q = &s->search;
  uint32_t w = q->weight.data[x];
  return (VarKey){ dom_size(s, x), q->degree.data[x] + (q->wdeg ? w : 0), w };
}

/*
** Is a strictly better than b?  The smallest size / degree (dom/deg),
** compared without division; on a tie the variable in more failures,
** then the smaller domain.  A strict weak order, so the first best
** variable in any scan or tournament is the same one.
*/
static inline bool key_better(VarKey a, VarKey b)
{
  uint64_t mine = a.size * ((uint64_t)b.degree + 1),
           theirs = b.size * ((uint64_t)a.degree + 1);
  return mine < theirs ||
         (mine == theirs && (a.weight > b.weight ||
                             (a.weight == b.weight && a.size < b.size)));
}

/*
** Best open variable of order[from, to), or PROP_NONE.  The order of
** key_better, written out with the best key's fields in registers: this
** loop is the search's own hot spot on small models.
*/
static VarId select_in(const Solver *s, size_t from, size_t to)
{
  const Search *q = &s->search;
  VarId best = PROP_NONE;
  uint64_t best_size = UINT64_MAX;
  uint32_t best_degree = 0, best_weight = 0;
  for (size_t k = from; k < to; k++) {
    VarId x = q->order.data[k];
    const Dom *d = dom_get(s, x);
    if (d->lo == d->hi)
      continue;
    uint64_t size = dom_size(s, x);
    uint32_t degree = q->degree.data[x], weight = q->weight.data[x];
    degree += q->wdeg ? weight : 0;
    uint64_t mine = size * (best_degree + 1), theirs = best_size * (degree + 1);
    if (best == PROP_NONE || mine < theirs ||
        (mine == theirs && (weight > best_weight ||
                            (weight == best_weight && size < best_size)))) {
      best = x;
      best_size = size;
      best_degree = degree;
      best_weight = weight;
    }
  }
  return best;
}

/* --- the tournament tree ---
**
** A complete binary tree over the positions of `order`: each inner node
** holds the better of its children's positions, an open decision variable
** before any other variable, an earlier position on a tie (as the scan).
** A domain change makes a variable stale; before a choice, the stale
** variables are replayed leaf to root.  Every change below the root level
** leaves a trail entry for its Dom (dom.c saves the Dom on its first
** change at each level, and the trail stamp changes with every level), so
** the entries since the last choice name the variables that changed, and
** the entries a backtrack pops name the variables it restores.
*/

/* The tier of position k of order: 0 shown decision variables, 1 other
** shown ones, 2 other decision variables, 3 the rest. */
static inline unsigned tier_of(const Search *q, uint32_t k)
{
  return (k >= q->nshown_decision) + (k >= q->nshown) + (k >= q->ndecision);
}

/* The better of positions a < b of order (either may be PROP_NONE). */
static uint32_t tree_winner(const Solver *s, uint32_t a, uint32_t b)
{
  const Search *q = &s->search;
  if (a == PROP_NONE || b == PROP_NONE)
    return a == PROP_NONE ? b : a;
  if (tier_of(q, a) != tier_of(q, b))
    return a;                           /* a < b: the earlier tier */
  VarId x = q->order.data[a], y = q->order.data[b];
  return key_better(key_of(s, y), key_of(s, x)) ? b : a;
}

static uint32_t tree_leaf(const Solver *s, uint32_t k)
{
  const Search *q = &s->search;
  return k < q->order.len && !dom_is_fixed(s, q->order.data[k]) ? k : PROP_NONE;
}

/* Build the tree from the current domains (at the root). */
static void tree_build(Solver *s)
{
  Search *q = &s->search;
  uint32_t leaves = 1;
  while (leaves < q->order.len)
    leaves *= 2;
  q->leaves = leaves;
  q->weights_changed = search_weights_changed;
  VEC_CLEAR(q->tree);
  VEC_RESERVE(q->tree, 2 * (size_t)leaves);
  q->tree.len = 2 * (size_t)leaves;
  uint32_t *tree = q->tree.data;
  for (uint32_t k = 0; k < leaves; k++)
    tree[leaves + k] = tree_leaf(s, k);
  for (uint32_t i = leaves - 1; i >= 1; i--)
    tree[i] = tree_winner(s, tree[2 * i], tree[2 * i + 1]);
  for (size_t i = 0; i < q->stale.len; i++)
    q->is_stale.data[q->stale.data[i]] = 0;
  VEC_CLEAR(q->stale);
  q->synced = s->trail.entries.len;
}

static void mark_stale(Search *q, VarId x)
{
  if (q->is_stale.data[x])
    return;
  q->is_stale.data[x] = 1;
  VEC_PUSH(q->stale, x);
}

/* Mark the variables whose Doms trail entries [from, to) saved. */
static void mark_saved_stale(Solver *s, size_t from, size_t to)
{
  uintptr_t first = (uintptr_t)s->doms.data;
  uintptr_t end = (uintptr_t)(s->doms.data + s->doms.len);
  for (size_t i = from; i < to; i++) {
    uintptr_t a = (uintptr_t)s->trail.entries.data[i].addr;
    if (a >= first && a < end)
      mark_stale(&s->search, (VarId)((a - first) / sizeof(Dom)));
  }
}

/* Bring the tree up to date with the domains. */
static void tree_sync(Solver *s)
{
  Search *q = &s->search;
  mark_saved_stale(s, q->synced, s->trail.entries.len);
  q->synced = s->trail.entries.len;
  uint32_t *tree = q->tree.data;
  for (size_t k = 0; k < q->stale.len; k++) {
    VarId x = q->stale.data[k];
    q->is_stale.data[x] = 0;
    uint32_t i = q->leaves + q->pos.data[x];
    tree[i] = tree_leaf(s, q->pos.data[x]);
    for (i /= 2; i >= 1; i /= 2)
      tree[i] = tree_winner(s, tree[2 * i], tree[2 * i + 1]);
  }
  VEC_CLEAR(q->stale);
}

/* Before popping the newest level: its restores make variables stale. */
static void tree_note_pop(Solver *s)
{
  Search *q = &s->search;
  if (!q->leaves)
    return;
  const Trail *t = &s->trail;
  size_t mark = VEC_LAST(t->marks);
  mark_saved_stale(s, mark, t->entries.len);
  if (q->synced > mark)
    q->synced = mark;
}

void search_seed_weights(Solver *s, const uint32_t *weights)
{
  s->search.weight_seed = weights;
}

void search_weights_changed(Solver *s, const VarId *x, uint32_t n)
{
  Search *q = &s->search;
  for (uint32_t i = 0; i < n; i++)
    if (x[i] < q->weight.len)
      mark_stale(q, x[i]);
}

/*
** Singleton consistency at the root ("probing", as SAT solvers call it):
** try each value of each open decision variable, propagate, and remove
** the values that fail at once.  Round after round until no value goes
** (or the work budget is spent).  It is what a person does with "if
** house 3 were red, clues 4 and 9 would clash", it often leaves nothing
** to guess on logic grids, and it is cheap next to the search it saves:
** each probe is one fixpoint.  Capped by PROBE_MAX_VALUES open values so
** that large models go straight to search.  Returns PS_FAIL when the
** root itself fails.
*/
#define PROBE_MAX_VALUES 256
/* Give up after this many probes in a row that removed nothing. */
#define PROBE_FUTILE 64

/* What probing tries: positions [first, end) of the order but
** [skip_from, skip_to), or a list of its own (Solver.probe_vars). */
typedef struct ProbeSet {
  const VarId *list;
  size_t first, end, skip_from, skip_to;
} ProbeSet;

/* The position after k, jumping over [skip_from, skip_to). */
static size_t next_probe(const ProbeSet *ps, size_t k)
{
  return !ps->list && k + 1 >= ps->skip_from && k + 1 < ps->skip_to ? ps->skip_to : k + 1;
}

static VarId probe_var(const Solver *s, const ProbeSet *ps, size_t k)
{
  return ps->list ? ps->list[k] : s->search.order.data[k];
}

static PropStatus probe_root(Solver *s)
{
  const Search *q = &s->search;
  /* The decision variables, or every variable when none were named: the
  ** positions [0, skip_from) and [skip_to, nprobe) of the order (the shown
  ** helpers between them are left out).  With a branching order, the
  ** puzzle's unknowns instead (a logic grid's values of entities: probing
  ** the entities of values costs more and settles the same grids). */
  ProbeSet ps = { NULL, 0, q->ndecision, q->nshown_decision, q->nshown };
  if (ps.skip_from + (ps.end - ps.skip_to) == 0)
    ps.skip_from = ps.skip_to = 0, ps.end = q->order.len;
  ps.first = ps.skip_from ? 0 : ps.skip_to;
  if (s->probe_vars.len)
    ps = (ProbeSet){ s->probe_vars.data, 0, s->probe_vars.len, 0, 0 };
  uint64_t values = 0;
  for (size_t k = ps.first; k < ps.end; k = next_probe(&ps, k)) {
    VarId x = probe_var(s, &ps, k);
    if (!dom_is_fixed(s, x))
      values += dom_is_bitset(s, x) ? dom_size(s, x) : PROBE_MAX_VALUES + 1;
  }
  if (values > PROBE_MAX_VALUES)
    return PS_FIX;
  uint32_t futile = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = ps.first; k < ps.end; k = next_probe(&ps, k)) {
      VarId x = probe_var(s, &ps, k);
      if (dom_is_fixed(s, x))
        continue;
      for (int32_t v = dom_min(s, x);; v = dom_next(s, x, v)) {
        if (solver_tick(s))
          return PS_LIMIT;
        trail_push_level(&s->trail);
        s->stats.probes++;
        s->in_trial = true;
        s->failed_origin = 0;
        s->failed_prop = NULL;
        PropStatus st = dom_fix(s, x, v, NULL) == EV_FAIL ? PS_FAIL
                                                          : prop_fixpoint(s);
        s->in_trial = false;
        trail_pop_level(&s->trail);
        if (st == PS_LIMIT)
          return PS_LIMIT;              /* not a failure: v may well stay */
        bool fails = st == PS_FAIL;
        if (!fails && ++futile == PROBE_FUTILE)
          return PS_FIX;
        if (fails) {
          futile = 0;
          changed = true;
          s->cause = REASON_PROBE;          /* x = v failed by failed_origin */
          s->cause_origin = s->failed_origin;
          s->cause_detail = s->failed_detail;
          Event ev = dom_remove(s, x, v, NULL);
          s->cause = REASON_DECISION;
          s->cause_origin = 0;
          s->cause_detail = 0;
          if (ev == EV_FAIL)
            return PS_FAIL;
          st = prop_fixpoint(s);
          if (st != PS_FIX)
            return st;
        }
        if (dom_is_fixed(s, x) || v >= dom_max(s, x))
          break;
      }
    }
  }
  return PS_FIX;
}

static VarId search_select(Solver *s)
{
  Search *q = &s->search;
  if (q->order.len < q->tree_min) {
    size_t end[4] = {q->nshown_decision, q->nshown, q->ndecision, q->order.len};
    VarId x = PROP_NONE;
    for (size_t t = 0, from = 0; t < 4 && x == PROP_NONE; from = end[t++])
      x = select_in(s, from, end[t]);
    return x;
  }
  /* At the root nothing is trailed: build afresh (once per search). */
  if (!q->leaves || q->path.len == 0)
    tree_build(s);
  else
    tree_sync(s);
  uint32_t k = q->tree.data[1];
  return k == PROP_NONE ? PROP_NONE : q->order.data[k];
}

/* --- the value view of all-different groups ---
**
** In a group of cells that are all different (solver_note_group), each
** value still to place is a question of its own: where does 7 go in row
** 3?  When some value has fewer places left than the chosen variable
** has values, the search decides x = v for one of those places (the one
** with the smallest domain) instead: its right branch x != v leaves the
** value one place fewer, so the value is usually asked about again, and
** the branching is over places, as a person solving by hand does
** ("hidden singles").  Only groups whose cells each lie in another group
** too (a Sudoku's rows, columns and boxes; not a magic square's one
** permutation) are asked, and only in models small enough to scan
** (below tree_min variables): on Miracle's empty grid 3,498 nodes for
** the count instead of 42,350, while magic_square4 took 7% more nodes
** with its single group asked (doc/performance.md, issue 18).
*/

/* Mark the groups whose every variable also lies in another group. */
static void groups_start(Solver *s)
{
  Search *q = &s->search;
  q->groups_known = true;
  VEC_CLEAR(q->groups);
  size_t ng = s->group_start.len ? s->group_start.len - 1 : 0;
  if (!ng || s->doms.len >= q->tree_min)
    return;
  uint8_t *in = xcalloc(s->doms.len, 1);
  for (size_t k = 0; k < s->group_vars.len; k++) {
    VarId x = s->group_vars.data[k];
    if (in[x] < 2)
      in[x]++;
  }
  for (size_t g = 0; g < ng; g++) {
    uint32_t from = s->group_start.data[g], to = s->group_start.data[g + 1];
    bool crossed = to - from <= 64;
    for (uint32_t k = from; k < to && crossed; k++)
      crossed = in[s->group_vars.data[k]] == 2 &&
                dom_get(s, s->group_vars.data[k])->nwords == 1;
    if (crossed)
      VEC_PUSH(q->groups, (uint32_t)g);
  }
  xfree(in);
}

/*
** Counts per value of a group's open cells, bit-sliced: bit j of c[k] is
** bit k of the number of open cells holding the value of bit j.  Sets
** *placed to the values of its fixed cells.  False when the cells' bitsets
** do not share one base (then the group is not asked).
*/
#define VIEW_BITS 7                     /* counts up to 127 > 64 cells */
static bool group_counts(const Solver *s, const VarId *xs, uint32_t n,
                         uint64_t c[VIEW_BITS], uint64_t *placed)
{
  int32_t base = dom_get(s, xs[0])->base;
  uint64_t fixed = 0;
  for (int k = 0; k < VIEW_BITS; k++)
    c[k] = 0;
  for (uint32_t i = 0; i < n; i++) {
    const Dom *d = dom_get(s, xs[i]);
    if (d->base != base)
      return false;
    if (d->lo == d->hi) {
      fixed |= d->bits;
      continue;
    }
    uint64_t carry = d->bits;
    for (int k = 0; k < VIEW_BITS && carry; k++) {
      uint64_t t = c[k] & carry;
      c[k] ^= carry;
      carry = t;
    }
  }
  *placed = fixed;
  return true;
}

/*
** The value with the fewest places in the asked groups, if fewer than
** `size` (the chosen variable's): then x = one of its places, v = it.
*/
static bool value_view(const Solver *s, uint64_t size, VarId *x, int32_t *v)
{
  const Search *q = &s->search;
  uint32_t best = UINT32_MAX;
  size_t best_g = 0;
  uint64_t best_bit = 0;
  for (size_t i = 0; i < q->groups.len; i++) {
    uint32_t g = q->groups.data[i];
    const VarId *xs = s->group_vars.data + s->group_start.data[g];
    uint32_t n = s->group_start.data[g + 1] - s->group_start.data[g];
    uint64_t c[VIEW_BITS], placed;
    if (!group_counts(s, xs, n, c, &placed))
      continue;
    uint64_t m = 0;
    for (int k = 0; k < VIEW_BITS; k++)
      m |= c[k];
    m &= ~placed;                       /* values with a place, not yet placed */
    if (!m)
      continue;
    uint32_t count = 0;                 /* the lanes of m with the least count */
    for (int k = VIEW_BITS - 1; k >= 0; k--) {
      if (m & ~c[k])
        m &= ~c[k];
      else
        count |= 1u << k;
    }
    if (count < best) {
      best = count;
      best_g = g;
      best_bit = m & -m;
    }
  }
  if (best >= size)
    return false;
  const VarId *xs = s->group_vars.data + s->group_start.data[best_g];
  uint32_t n = s->group_start.data[best_g + 1] - s->group_start.data[best_g];
  VarId cx = PROP_NONE;
  uint32_t csize = UINT32_MAX;
  for (uint32_t i = 0; i < n; i++) {
    const Dom *d = dom_get(s, xs[i]);
    if (d->lo != d->hi && (d->bits & best_bit) && d->size < csize) {
      csize = d->size;
      cx = xs[i];
    }
  }
  /* a place in the chosen variable's tier (projection decides the shown first) */
  if (cx == PROP_NONE || tier_of(q, q->pos.data[cx]) != tier_of(q, q->pos.data[*x]))
    return false;
  *x = cx;
  *v = dom_get(s, cx)->base + __builtin_ctzll(best_bit);
  return true;
}

/* The decision at the chosen variable *x: its value, or a place of a value (which may change *x). */
static int32_t search_choose(Solver *s, VarId *x)
{
  Search *q = &s->search;
  if (!q->groups_known)
    groups_start(s);
  int32_t v;
  if (q->groups.len && value_view(s, dom_size(s, *x), x, &v))
    return v;
  return search_value(s, *x);
}

/* A decision chosen by a propagator that knows better (prop_brancher). */
static VarId search_branch(const Solver *s, int32_t *v)
{
  for (size_t i = 0; i < s->branchers.len; i++) {
    const Prop *p = &s->props.data[s->branchers.data[i]];
    VarId x;
    if (!p->done && p->cls->branch(s, p, &x, v))
      return x;
  }
  return PROP_NONE;
}

/*
** A brancher that may finish alone (PropClass.solo), when it is the only
** thing left: every variable but its own fixed, and no other propagator
** with an open variable (which could only be one of its own).  While a
** projecting search decides the shown variables, only when its open
** variables are all shown: then each completion it finds is an answer.
*/
static bool solo_ready(const Solver *s, uint32_t *out)
{
  if (s->node_by_node)
    return false;
  const Search *q = &s->search;
  bool shown_only = s->project && !q->completing;
  for (size_t i = 0; i < s->branchers.len; i++) {
    const Prop *p = &s->props.data[s->branchers.data[i]];
    if (p->done || !p->cls->solo)
      continue;
    size_t open = 0, own = 0;
    for (size_t x = 0; x < s->doms.len; x++)
      open += !dom_is_fixed(s, (VarId)x);
    const VarId *v = prop_vars(s, p);
    for (uint32_t j = 0; j < p->nvars; j++) {
      if (dom_is_fixed(s, v[j]))
        continue;
      own++;
      if (shown_only && q->pos.data[v[j]] >= q->nshown)
        return false;
    }
    if (open != own)
      return false;
    for (size_t k = 0; k < s->props.len; k++) {
      const Prop *o = &s->props.data[k];
      if (o == p || o->done)
        continue;
      const VarId *w = prop_vars(s, o);
      for (uint32_t j = 0; j < o->nvars; j++)
        if (!dom_is_fixed(s, w[j]))
          return false;
    }
    *out = s->branchers.data[i];
    return true;
  }
  return false;
}

/* Apply decision x = v (eq) or x != v on a new level. */
static void search_decide(Solver *s, VarId x, int32_t v, bool eq)
{
  Search *q = &s->search;
  trail_push_level(&s->trail);
  VEC_PUSH(q->path, ((SearchStep){ .x = x, .v = v, .eq = eq }));
  s->stats.nodes++;
  if (q->path.len > s->stats.max_depth)
    s->stats.max_depth = (uint32_t)q->path.len;
  if (q->path.len > q->run_depth)
    q->run_depth = (uint32_t)q->path.len;
  Event e = eq ? dom_fix(s, x, v, NULL) : dom_remove(s, x, v, NULL);
  /* x was open and held v when the step was chosen, and the level
  ** below is restored exactly, so neither branch can wipe x out. */
  assert(e != EV_FAIL && e != EV_NONE);
  (void)e;
}

/*
** Leave the current node: undo levels until a left branch x = v is
** found, and replace it by its right branch x != v.  False when no left
** branch is left, i.e. the tree is exhausted.
*/
static bool search_backtrack(Solver *s)
{
  Search *q = &s->search;
  while (q->path.len > 0) {
    SearchStep st = VEC_POP(q->path);
    tree_note_pop(s);
    trail_pop_level(&s->trail);
    if (st.eq && !st.closed) {
      search_decide(s, st.x, st.v, false);
      return true;
    }
  }
  return false;
}

/* Is a limit reached?  Each decision counts as work for the clock too. */
static bool search_out_of_budget(Solver *s)
{
  if (s->limits.max_nodes && s->stats.nodes >= s->limits.max_nodes)
    return true;
  return solver_tick(s);
}

/*
** A solution is loaded: when checking, confirm it with the constraints'
** definitions.  False (and the search stopped for good) when it fails.
*/
static bool solution_checks(Solver *s)
{
  if (!s->checking) {
    assert(prop_all_hold(s));
    return true;
  }
  for (size_t i = 0; i < s->doms.len; i++)
    if (!dom_is_fixed(s, (VarId)i)) {
      s->broken = (SolverBroken){ .open = (VarId)i };
      return false;
    }
  PropId bad = prop_first_false(s);
  if (bad == PROP_NONE)
    return true;
  const Prop *p = &s->props.data[bad];
  s->broken = (SolverBroken){ .origin = p->origin, .kind = p->cls->name,
                              .open = PROP_NONE };
  return false;
}

/* --- branch and bound ---
**
** With a goal (solver_set_goal), each solution sets a bound that every
** later node must meet: goal_sign * goal <= bound, one better than the
** solution (or as good, with ties).  The bound is posted at each node as
** a domain change on that node's level, so backtracking never takes it
** away for long: the next node posts it again.  The tree is the same
** tree; the bound only cuts it, so when it is exhausted no better
** solution exists and the last one is optimal.  Restarts (before the
** first solution) meet no bound.  With projection the goal is decided
** among the shown variables (search_start): an answer's completion is
** then as good as any other completion of it, since the goal is fixed.
*/
static bool goal_within_bound(Solver *s)
{
  const Search *q = &s->search;
  if (!q->bounded)
    return true;
  s->cause = REASON_BOUND;
  Event e = q->goal_sign > 0 ? dom_set_max(s, q->goal, q->bound, NULL)
                             : dom_set_min(s, q->goal, -q->bound, NULL);
  s->cause = REASON_DECISION;
  return e != EV_FAIL;
}

/* A solution: the bound for the rest of the search. */
static void goal_found(Search *q, int32_t value)
{
  q->bounded = true;
  q->bound = q->goal_sign * (int64_t)value - (q->goal_ties ? 0 : 1);
}

/* Every variable is fixed: report the solution, once checked. */
static SearchResult solution_loaded(Solver *s)
{
  Search *q = &s->search;
  if (!solution_checks(s)) {
    q->state = SS_BROKEN;
    return SEARCH_BROKEN;
  }
  if (q->has_goal)
    goal_found(q, dom_min(s, q->goal));
  q->state = SS_SOLUTION;
  q->answered = q->completing;          /* its other completions are the same answer */
  q->found = true;
  s->stats.solutions++;
  return SEARCH_SOLUTION;
}

/*
** Projection: an answer was found below complete_from.  Undo its
** completion (the level of a propagator finishing alone included) up to
** the node where the shown variables were all fixed, so that the next
** backtrack changes a shown variable.
*/
static void leave_answer(Solver *s)
{
  Search *q = &s->search;
  if (q->solo_on) {
    tree_note_pop(s);
    trail_pop_level(&s->trail);
    q->solo_on = false;
  }
  while (q->path.len > q->complete_from) {
    (void)VEC_POP(q->path);
    tree_note_pop(s);
    trail_pop_level(&s->trail);
  }
  q->completing = q->answered = false;
}

/* Start a search: the root fixpoint, then probing. */
static SearchResult search_begin(Solver *s)
{
  Search *q = &s->search;
  if (s->failed) {
    q->state = SS_DONE;
    return SEARCH_EXHAUSTED;
  }
  search_start(s);
  PropStatus st = prop_fixpoint(s);
  if (st == PS_FIX)
    st = probe_root(s);
  if (st == PS_LIMIT)
    return SEARCH_LIMIT;                /* resumes in the loop, unprobed */
  if (st == PS_FAIL) {
    s->failed = true;
    q->state = SS_DONE;
    return SEARCH_EXHAUSTED;
  }
  return SEARCH_SOLUTION;               /* i.e. go on */
}

SearchResult search_next(Solver *s)
{
  Search *q = &s->search;
  switch (q->state) {
  case SS_DONE:
    return SEARCH_EXHAUSTED;
  case SS_BROKEN:
    return SEARCH_BROKEN;
  case SS_IDLE: {
    if (s->clock.up && !s->failed)
      return SEARCH_LIMIT;
    SearchResult r = search_begin(s);
    if (r != SEARCH_SOLUTION)
      return r;
    break;
  }
  case SS_SOLUTION:
    q->state = SS_RUNNING;
    q->must_backtrack = true;           /* leave the previous solution */
    break;
  case SS_RUNNING:
    break;
  }
  for (;;) {
    if (q->must_backtrack) {
      /* Every decision, right branches included, is within budget. */
      if (search_out_of_budget(s))
        return SEARCH_LIMIT;
      q->must_backtrack = false;
      if (q->answered)
        leave_answer(s);
      if (q->solo_on) {                 /* leave the solution it loaded; it goes on */
        tree_note_pop(s);
        trail_pop_level(&s->trail);
      } else if (!search_backtrack(s)) {
        q->state = SS_DONE;
        return SEARCH_EXHAUSTED;
      }
      if (q->completing && q->path.len <= q->complete_from)
        q->completing = false;          /* back among the shown variables */
    }
    if (q->solo_on) {
      /* its next completion, on a level of its own */
      Prop *p = &s->props.data[q->solo];
      trail_push_level(&s->trail);
      PropStatus st = p->cls->solo(s, p, q->solo_first);
      q->solo_first = false;
      if (st == PS_FIX && goal_within_bound(s))
        return solution_loaded(s);
      if (st == PS_FIX) {               /* not better: its next completion */
        tree_note_pop(s);
        trail_pop_level(&s->trail);
        continue;
      }
      tree_note_pop(s);
      trail_pop_level(&s->trail);
      if (st == PS_LIMIT)
        return SEARCH_LIMIT;            /* the next call goes on from there */
      q->solo_on = false;               /* no more: back to the tree */
      q->must_backtrack = true;
      continue;
    }
    if (q->path.len > 0 && !goal_within_bound(s)) {
      s->stats.failures++;
      q->must_backtrack = true;
      continue;
    }
    PropStatus st = prop_fixpoint(s);
    if (st == PS_FIX && nogood_any(s))
      st = nogood_fixpoint(s);
    if (st == PS_LIMIT)
      return SEARCH_LIMIT;
    if (st == PS_FAIL) {
      if (q->path.len == 0)
        s->failed = true;               /* failed at the root */
      else if (q->restarts && !q->found && s->stats.failures >= q->restart_at &&
               s->stats.failures - q->run_start >= q->run_depth) {
        search_restart(s);
        continue;
      }
      q->must_backtrack = true;
      continue;
    }
    if (solo_ready(s, &q->solo)) {
      if (q->path.len == 0 && q->on_solo && q->on_solo(s, q->on_decide_ctx))
        return SEARCH_LIMIT;
      q->solo_on = q->solo_first = true;
      q->solo_split = NULL;             /* until the propagator says it can */
      continue;
    }
    if (q->solo_cube && q->path.len == 0) {
      /* a part of the solo search at the root, but no solo here: this
         space is not the one the cube was made for (never a wrong count) */
      s->broken = (SolverBroken){ .kind = "parallel slices", .open = PROP_NONE };
      q->state = SS_BROKEN;
      return SEARCH_BROKEN;
    }
    int32_t v = 0;
    VarId x = search_branch(s, &v);
    bool shown_only = s->project && !q->completing;
    if (x != PROP_NONE && shown_only && q->pos.data[x] >= q->nshown)
      x = PROP_NONE;                    /* not yet: the shown variables first */
    if (x == PROP_NONE && (x = search_select(s)) != PROP_NONE)
      v = search_choose(s, &x);
    if (shown_only && (x == PROP_NONE || q->pos.data[x] >= q->nshown)) {
      q->completing = true;             /* every shown variable is fixed: one completion will do */
      q->complete_from = q->path.len;
      if (x != PROP_NONE)
        continue;                       /* a brancher, or one finishing alone, may now take over */
    }
    if (x == PROP_NONE)
      return solution_loaded(s);
    if (search_out_of_budget(s))
      return SEARCH_LIMIT;
    if (q->on_decide && q->on_decide(s, q->on_decide_ctx, x, v))
      return SEARCH_LIMIT;
    search_decide(s, x, v, true);
  }
}

/* --- cubes: parts of the tree for parallel search (search/parallel.c) ---
**
** A cube is a path from the root, its steps closed: searching it visits
** the subtree below its last step and nothing else.  Splitting gives
** away the other branch of the oldest open left branch x = v of the
** path: the cube path[0..i) + (x != v) holds exactly the part of the
** tree this search would still have visited through that branch, so
** the two searches never meet, and the counts of all parts add up to
** the count of one search.  With projection only the steps before
** complete_from may be split (they decide shown variables, so the two
** parts hold different answers); the completion is never shared.
*/
size_t search_split(Solver *s, SearchStep *cube)
{
  Search *q = &s->search;
  size_t end = q->completing ? q->complete_from : q->path.len;
  for (size_t i = 0; i < end; i++) {
    SearchStep *st = &q->path.data[i];
    if (!st->eq || st->closed)
      continue;
    st->closed = true;
    for (size_t k = 0; k <= i; k++) {
      cube[k] = q->path.data[k];
      cube[k].closed = true;
    }
    cube[i].eq = false;
    return i + 1;
  }
  return 0;
}

bool search_rest(Solver *s, SearchStep *cube, size_t *n)
{
  Search *q = &s->search;
  if (q->completing || q->solo_on || q->state != SS_RUNNING)
    return false;
  for (size_t k = 0; k < q->path.len; k++) {
    cube[k] = q->path.data[k];
    cube[k].closed = true;
  }
  *n = q->path.len;
  return true;
}

void search_unwind(Solver *s)
{
  Search *q = &s->search;
  if (q->state == SS_IDLE)
    return;
  if (q->solo_on && q->state == SS_SOLUTION) {   /* the level of the completion it loaded */
    tree_note_pop(s);
    trail_pop_level(&s->trail);
  }
  q->solo_on = false;                   /* stopped, it left no level of its own */
  while (q->path.len > 0) {
    (void)VEC_POP(q->path);
    tree_note_pop(s);
    trail_pop_level(&s->trail);
  }
  q->must_backtrack = false;
  q->completing = q->answered = false;
  q->state = SS_DONE;
}

size_t search_solo_split(Solver *s, uint32_t *out, int how)
{
  Search *q = &s->search;
  if (!q->solo_on || q->path.len != 0 || !q->solo_split)
    return 0;
  return q->solo_split(s, q->solo_split_ctx, out, how);
}

size_t search_solo_room(const Solver *s)
{
  const Search *q = &s->search;
  return q->solo_on && q->solo_split ? q->solo_room : 0;
}

SearchResult search_enter(Solver *s, const SearchStep *cube, size_t n,
                          const uint32_t *solo, size_t nsolo)
{
  Search *q = &s->search;
  q->solo_cube = n == 0 && nsolo ? solo : NULL;
  q->solo_cube_len = q->solo_cube ? nsolo : 0;
  q->solo_print = 0;
  if (q->state == SS_IDLE) {
    SearchResult r = search_begin(s);
    if (r != SEARCH_SOLUTION)
      return r;
  }
  assert(q->path.len == 0 && !q->solo_on);
  q->state = SS_DONE;
  if (s->failed)
    return SEARCH_EXHAUSTED;
  for (size_t i = 0; i < n; i++) {
    trail_push_level(&s->trail);
    SearchStep st = cube[i];
    st.closed = true;
    VEC_PUSH(q->path, st);
    Event e = st.eq ? dom_fix(s, st.x, st.v, NULL) : dom_remove(s, st.x, st.v, NULL);
    if (e == EV_FAIL) {                 /* empty here (another space's fixpoint was stronger) */
      while (q->path.len > 0) {
        (void)VEC_POP(q->path);
        trail_pop_level(&s->trail);
      }
      return SEARCH_EXHAUSTED;
    }
  }
  q->leaves = 0;                        /* the tournament tree is built afresh */
  q->state = SS_RUNNING;
  q->must_backtrack = false;
  q->completing = q->answered = false;
  return SEARCH_SOLUTION;
}

bool search_load(Solver *s, const int32_t *values)
{
  trail_push_level(&s->trail);
  for (size_t i = 0; i < s->doms.len; i++)
    if (dom_fix(s, (VarId)i, values[i], NULL) == EV_FAIL)
      return false;
  return true;
}

void search_unload(Solver *s)
{
  trail_pop_level(&s->trail);
}
