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
**   - each cell and each kind keeps its placements in an array whose
**     first n are the live ones (a reversible sparse set: a placement that
**     goes is swapped to the end of the live part and n shrinks, so only n
**     is trailed, and a loop over the live placements never meets a dead
**     one, as dancing links' lists do); a kind counts its chosen ones too;
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

#include <stdatomic.h>
#include <string.h>

/* An entry of the undo stack: a placement killed, or chosen, or a cell left uncovered. */
#define UNDO_CHOSEN 0x80000000u
#define UNDO_EMPTY 0x40000000u
#define UNDO_ITEM 0x3fffffffu

/* One cell filled by tiling_solo: its list of candidates [next, end), the
   one in place; nogap: leaving it empty is not this search's (given away) */
typedef struct SoloFrame {
  uint32_t cell, next, end, chosen;   /* chosen: a placement, SOLO_GAP, or SOLO_NONE */
  uint32_t nogap;
} SoloFrame;

/* A placement in one of tiling_solo's lists. */
typedef struct SoloCand {
  uint64_t mask;       /* its cells in its least cell's word */
  uint32_t q, kind;
  uint32_t skip;       /* the list's next candidate of another kind */
  uint32_t more;       /* it has cells in other words too */
} SoloCand;

/* tiling_solo looks at up to this many cells beside the one to fill to
   pick a list, 2^SOLO_KEYS lists per cell (fewer on big boards) */
#define SOLO_KEYS 5
#define SOLO_LIST_BYTES ((size_t)8 << 20)
#define SOLO_NONE UINT32_MAX
#define SOLO_GAP (UINT32_MAX - 1)
#define SOLO_GAP_TRIED UINT32_MAX   /* frame.next once the cell was left empty */

typedef struct Tiling {
  uint32_t ncells, nkinds, nplace, nsize;  /* nsize: entries of size */
  int32_t gap_name;
  /* vars: cover[0..C), name[0..C), then the column variables */
  const uint32_t *cell_first;  /* C + 1: slices of cell_place */
  const uint32_t *cell_place;  /* the placements over each cell, by local index */
  const uint32_t *place_first; /* P + 1: slices of place_cell and place_local (entries) */
  const uint32_t *place_cell;  /* the cells of each placement */
  const uint32_t *place_local; /* its local index in each of those cells */
  const uint32_t *entry_place; /* L: the placement of each entry */
  const uint32_t *kind;        /* P */
  const uint32_t *kind_local;  /* P: local index in its kind's column */
  const uint32_t *kind_first;  /* K + 1: slices of kind_place */
  const uint32_t *kind_place;
  const int32_t *count;        /* K: -1 for any number */
  const int32_t *kind_name;    /* K */
  const int32_t *column;       /* K: position of its column variable among vars, or -1 */
  const uint8_t *gap;          /* C */
  /* the sparse sets: cell c's live entries are cell_live[cell_first[c] ..
     + cnt[c]), kind k's live placements kind_live[kind_first[k] ..
     + live[k]); *_at says where each one is now (not trailed: see top) */
  uint32_t *cell_live, *cell_at;   /* L each: entries, by position; position, by entry */
  uint32_t *kind_live, *kind_at;   /* P each */
  uint8_t *done;               /* C: covered, or left uncovered */
  uint32_t *cnt;               /* C: live placements over the cell */
  uint32_t *used, *live;       /* K: chosen placements, live unchosen ones */
  /* The counters above are not on the engine's trail: every change to
     them is an entry of the undo stack, and only its height is trailed.
     When the search backtracks, the trail restores height, and the next
     run (or branch) undoes the entries above it, last first (sync); a
     sparse set comes back by its n alone when undone in that order. */
  uint32_t *undo, nundo, height;
  uint32_t *size;              /* C cover + C name + columns: sizes as last left (trailed) */
  uint64_t *stamp;             /* one per entry of size, then height's */
  /* scratch, not trailed: the variables changed by others since the last
     run (advise), and the cells (c) and kinds (C + k) to look at in this run */
  VarId vmin, vmax;
  uint32_t *var_index;         /* VarId - vmin -> position among the vars, or UINT32_MAX */
  uint32_t *dirty, ndirty;
  uint8_t *is_dirty;
  uint32_t *pending, npending;
  bool fresh;                  /* not run yet: look at every cell and kind */
  /* on its own (tiling_solo): each placement's cells as words of a
     bitset, its least cell, each kind's area; then the state of one
     enumeration (not trailed: it lives inside one node of the search) */
  uint32_t nwords;
  const uint32_t *pw_first;    /* P + 1: slices of pw_word and pw_mask */
  const uint32_t *pw_word;
  const uint64_t *pw_mask;
  const uint32_t *least;       /* P */
  const uint32_t *area;        /* K */
  uint64_t *bits;              /* nwords: cells covered or left empty */
  uint32_t *by_least, *least_first;  /* P, C + 1: the live placements by least cell */
  uint32_t *tally;             /* C: scratch, how many candidates cover each cell */
  /* A cell's candidates are split into lists by which of its key cells
     are filled: the list for a key holds only the candidates that miss
     every filled key cell, so most candidates that cannot fit are never
     looked at.  The key cells are the ones most of the candidates cover. */
  uint32_t nkeys;              /* key cells per cell */
  uint32_t *key_cell;          /* C * nkeys: a cell's key cells, or UINT32_MAX */
  uint32_t *list_first;        /* C * 2^nkeys + 1: the lists, by cell, then key */
  SoloCand *cands;             /* 2^nkeys * P at most */
  uint32_t *sused;             /* K */
  uint8_t *full;               /* K: used as often as its count says */
  SoloFrame *frames;           /* C + 1: one per cell filled */
  uint32_t nframes, open;      /* open: cells neither covered nor left empty */
  int64_t owed;                /* area the kinds with a count still owe */
  bool exact;                  /* no gaps, no 'any number': owed must be open */
  uint64_t work;               /* steps of the enumeration, for Search.on_solo_node */
  /* The lists are built again only when the live placements (in their
     order) or the board differ from those of the last build (lists_key):
     a space that searches one part of the enumeration after another
     starts it from the same root each time.  lists_print: what they
     hold, in order. */
  bool lists_built;
  uint64_t lists_key, lists_print;
} Tiling;

static inline bool alive(const Tiling *t, uint32_t q)
{
  uint32_t k = t->kind[q];
  return t->kind_at[q] < t->kind_first[k] + t->live[k];
}

/* Save *at once per level, as dom.c saves a domain's word. */
static inline void save32(Solver *s, uint32_t *at, uint64_t *stamp)
{
  if (*stamp == s->trail.stamp)
    return;
  trail_save(&s->trail, at, 4);
  *stamp = s->trail.stamp;
}

static inline void push_undo(Solver *s, Tiling *t, uint32_t entry)
{
  save32(s, &t->height, &t->stamp[t->nsize]);
  t->undo[t->nundo++] = entry;
  t->height = t->nundo;
}

/* Undo what the search has backtracked over (see Tiling). */
static void sync(Tiling *t)
{
  while (t->nundo > t->height) {
    uint32_t entry = t->undo[--t->nundo], item = entry & UNDO_ITEM;
    if (entry & UNDO_EMPTY) {
      t->done[item] = 0;
      continue;
    }
    uint32_t k = t->kind[item];
    for (uint32_t e = t->place_first[item]; e < t->place_first[item + 1]; e++) {
      t->cnt[t->place_cell[e]]++;
      if (entry & UNDO_CHOSEN)
        t->done[t->place_cell[e]] = 0;
    }
    t->live[k]++;
    t->used[k] -= (entry & UNDO_CHOSEN) != 0;
  }
}

static void set_size(Solver *s, Tiling *t, uint32_t i, uint32_t v)
{
  if (t->size[i] == v)
    return;
  save32(s, &t->size[i], &t->stamp[i]);
  t->size[i] = v;
}


/* Swap the items at positions a and b of a sparse set, keeping where each is. */
static inline void swap_at(uint32_t *items, uint32_t *at, uint32_t a, uint32_t b)
{
  uint32_t x = items[a], y = items[b];
  items[a] = y;
  items[b] = x;
  at[y] = a;
  at[x] = b;
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

/* Live placement q leaves the live sets of its kind and of its cells (entry: how to undo it). */
static inline void unlink_place(Solver *s, Tiling *t, uint32_t q, uint32_t entry)
{
  push_undo(s, t, entry);
  uint32_t k = t->kind[q];
  swap_at(t->kind_live, t->kind_at, t->kind_at[q], t->kind_first[k] + --t->live[k]);
  for (uint32_t e = t->place_first[q]; e < t->place_first[q + 1]; e++) {
    uint32_t c = t->place_cell[e];
    swap_at(t->cell_live, t->cell_at, t->cell_at[e], t->cell_first[c] + --t->cnt[c]);
  }
}

/* Cell c has no live placement left: fine when covered, else empty or a failure. */
static bool cell_emptied(Solver *s, const Prop *p, Tiling *t, uint32_t c)
{
  if (t->done[c])
    return true;
  if (!t->gap[c])
    return false;
  push_undo(s, t, c | UNDO_EMPTY);
  t->done[c] = 1;
  return fix(s, p, t, c, (int32_t)(t->cell_first[c + 1] - t->cell_first[c])) &&
         fix(s, p, t, t->ncells + c, t->gap_name);
}

/* A live placement goes. */
static bool kill(Solver *s, const Prop *p, Tiling *t, uint32_t q)
{
  unlink_place(s, t, q, q);
  for (uint32_t i = t->place_first[q]; i < t->place_first[q + 1]; i++) {
    uint32_t c = t->place_cell[i];
    if (t->cnt[c] <= 1 && !t->done[c]) {
      if (t->cnt[c] == 0 ? !cell_emptied(s, p, t, c) : false)
        return false;
      if (t->cnt[c] == 1 && !t->gap[c])
        t->pending[t->npending++] = c;
    }
  }
  uint32_t k = t->kind[q];
  if (t->live[k] == 1 && t->column[k] >= 0 && !t->used[k])
    t->pending[t->npending++] = t->ncells + k;
  return count_ok(t, k);
}

/* Kill every live placement of kind k (it has been used often enough). */
static bool kill_kind(Solver *s, const Prop *p, Tiling *t, uint32_t k)
{
  while (t->live[k])
    if (!kill(s, p, t, t->kind_live[t->kind_first[k]]))
      return false;
  return true;
}

/* Placement q covers its cells: kill what clashes, fix the cells, count it. */
static bool choose(Solver *s, const Prop *p, Tiling *t, uint32_t q)
{
  if (!alive(t, q))
    return false;
  unlink_place(s, t, q, q | UNDO_CHOSEN);
  uint32_t k = t->kind[q];
  t->used[k]++;
  for (uint32_t i = t->place_first[q]; i < t->place_first[q + 1]; i++)
    t->done[t->place_cell[i]] = 1;
  for (uint32_t i = t->place_first[q]; i < t->place_first[q + 1]; i++) {
    uint32_t c = t->place_cell[i];
    while (t->cnt[c])
      if (!kill(s, p, t, t->entry_place[t->cell_live[t->cell_first[c]]]))
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
        /* backwards: a kill swaps in an entry already looked at */
        for (uint32_t j = t->cnt[c]; j-- > 0;) {
          uint32_t e = t->cell_live[t->cell_first[c] + j];
          if (!dom_contains(s, x[c], (int32_t)t->place_local[e]) && !kill(s, p, t, t->entry_place[e]))
            return false;
          j = j < t->cnt[c] ? j : t->cnt[c];   /* a kill may take several */
        }
        set_size(s, t, c, (uint32_t)dom_size(s, x[c]));
      }
      if (dom_is_fixed(s, x[c]) && !t->done[c])
        t->pending[t->npending++] = c;
    } else if (i < 2 * C) {
      uint32_t c = i - C;
      VarId nm = x[i];
      if (dom_size(s, nm) != t->size[i]) {
        for (uint32_t j = t->cnt[c]; j-- > 0;) {
          uint32_t q = t->entry_place[t->cell_live[t->cell_first[c] + j]];
          if (!dom_contains(s, nm, t->kind_name[t->kind[q]]) && !kill(s, p, t, q))
            return false;
          j = j < t->cnt[c] ? j : t->cnt[c];
        }
        set_size(s, t, i, (uint32_t)dom_size(s, nm));
      }
    } else {
      uint32_t k = 0;
      while (t->column[k] != (int32_t)i)
        k++;
      if (dom_size(s, x[i]) != t->size[i]) {
        for (uint32_t j = t->live[k]; j-- > 0;) {
          uint32_t q = t->kind_live[t->kind_first[k] + j];
          if (!dom_contains(s, x[i], (int32_t)t->kind_local[q]) && !kill(s, p, t, q))
            return false;
          j = j < t->live[k] ? j : t->live[k];
        }
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

/* A live placement over cell c (one must exist), and its local index there. */
static uint32_t first_live(const Tiling *t, uint32_t c, uint32_t *local)
{
  uint32_t e = t->cell_live[t->cell_first[c]];
  *local = t->place_local[e];
  return t->entry_place[e];
}

static PropStatus tiling_propagate(Solver *s, Prop *p)
{
  Tiling *t = p->aux;
  const VarId *x = prop_vars(s, p);
  sync(t);
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
          push_undo(s, t, c | UNDO_EMPTY);
          t->done[c] = 1;
          while (t->cnt[c])
            if (!kill(s, p, t, t->entry_place[t->cell_live[t->cell_first[c]]]))
              return PS_FAIL;
          if (!fix(s, p, t, t->ncells + c, t->gap_name))
            return PS_FAIL;
          continue;
        }
        q = t->cell_place[t->cell_first[c] + j];
      } else if (t->cnt[c] == 1 && !t->gap[c]) {
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
        q = t->kind_live[t->kind_first[k]];
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
  Tiling *t = p->aux;
  sync(t);                              /* the search may have backtracked since the last run */
  uint32_t best = UINT32_MAX, best_n = UINT32_MAX;
  for (uint32_t c = 0; c < t->ncells; c++)
    if (!t->done[c] && t->cnt[c] < best_n) {
      best = c;
      best_n = t->cnt[c];
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
  *x = prop_vars(s, p)[t->column[k]];
  *v = (int32_t)t->kind_local[t->kind_live[t->kind_first[k]]];
  return true;
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

/* --- on its own --- */

/*
** When nothing but this exact cover is left to decide (see PropClass.solo),
** the search hands it the rest: a depth-first search here, over bitsets,
** that fills the first open cell (in the cells' order: along the board's
** short side, see ground/tiling.c) with each live placement whose least
** cell it is, or leaves it empty.  No counters to keep and no events:
** a candidate fits when it shares no word bit with the filled cells and
** its kind is not used up, so a node costs a few word operations, where
** Algorithm X above pays for every placement it kills.  A handful of
** times more nodes than Algorithm X's choice of the tightest cell, many
** times fewer instructions.
*/

/* The first candidate from i on (over a cell in word w, up to end) that
   fits: its kind not used up, its cells open; end when none. */
static inline uint32_t solo_next_fit(const Tiling *t, uint32_t i, uint32_t end, uint32_t w)
{
  while (i < end) {
    const SoloCand *sc = &t->cands[i];
    if (t->full[sc->kind]) {            /* the rest of this kind's candidates too */
      i = sc->skip;
      continue;
    }
    if (!(t->bits[w] & sc->mask)) {
      uint32_t j = t->pw_first[sc->q] + 1, to = sc->more ? t->pw_first[sc->q + 1] : j;
      while (j < to && !(t->bits[t->pw_word[j]] & t->pw_mask[j]))
        j++;                            /* its other words */
      if (j == to)
        return i;
    }
    i++;
  }
  return end;
}

static inline void solo_apply(Tiling *t, uint32_t q, bool undo)
{
  uint32_t k = t->kind[q];
  for (uint32_t i = t->pw_first[q]; i < t->pw_first[q + 1]; i++)
    t->bits[t->pw_word[i]] ^= t->pw_mask[i];
  int64_t a = undo ? -(int64_t)t->area[k] : (int64_t)t->area[k];
  t->open -= (uint32_t)a;
  t->sused[k] += undo ? (uint32_t)-1 : 1;
  if (t->count[k] >= 0) {
    t->owed -= a;
    t->full[k] = (int64_t)t->sused[k] >= t->count[k];
  }
}

static inline void solo_flip(Tiling *t, uint32_t c, bool undo)
{
  t->bits[c / 64] ^= (uint64_t)1 << (c % 64);
  t->open += undo ? 1 : (uint32_t)-1;
}

/* The first open cell from cell `from` on, or C (inline: a call here is 6% of a tiling count). */
static inline uint32_t solo_open_from(const Tiling *t, uint32_t from)
{
  for (uint32_t w = from / 64; w < t->nwords; w++) {
    uint64_t free_bits = ~t->bits[w];
    if (w == from / 64)
      free_bits &= ~(uint64_t)0 << (from % 64);
    if (free_bits) {
      uint32_t c = w * 64 + (uint32_t)__builtin_ctzll(free_bits);
      return c < t->ncells ? c : t->ncells;
    }
  }
  return t->ncells;
}

/* Load the filled board into the variables; false when a value is not in a domain. */
static bool solo_load(Solver *s, const Prop *p, Tiling *t)
{
  const VarId *x = prop_vars(s, p);
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t f = 0; f < t->nframes; f++) {
      uint32_t q = t->frames[f].chosen, c = t->frames[f].cell;
      if (q == SOLO_GAP) {
        int32_t gv = (int32_t)(t->cell_first[c + 1] - t->cell_first[c]);
        if (pass == 0 ? !dom_contains(s, x[c], gv) || !dom_contains(s, x[t->ncells + c], t->gap_name)
                      : dom_fix(s, x[c], gv, p) == EV_FAIL || dom_fix(s, x[t->ncells + c], t->gap_name, p) == EV_FAIL)
          return false;
        continue;
      }
      uint32_t k = t->kind[q];
      for (uint32_t e = t->place_first[q]; e < t->place_first[q + 1]; e++) {
        uint32_t cc = t->place_cell[e];
        int32_t v = (int32_t)t->place_local[e];
        if (pass == 0 ? !dom_contains(s, x[cc], v) || !dom_contains(s, x[t->ncells + cc], t->kind_name[k])
                      : dom_fix(s, x[cc], v, p) == EV_FAIL || dom_fix(s, x[t->ncells + cc], t->kind_name[k], p) == EV_FAIL)
          return false;
      }
      if (t->column[k] >= 0) {
        VarId col = x[t->column[k]];
        int32_t v = (int32_t)t->kind_local[q];
        if (pass == 0 ? !dom_contains(s, col, v) : dom_fix(s, col, v, p) == EV_FAIL)
          return false;
      }
    }
  return true;
}

static inline bool is_filled(const Tiling *t, uint32_t c)
{
  return (t->bits[c / 64] >> (c % 64)) & 1;
}

/* Push the frame that fills cell c (C: the board is full). */
static void solo_push(Tiling *t, uint32_t c)
{
  uint32_t key = 0;
  for (uint32_t i = 0; c < t->ncells && i < t->nkeys; i++) {
    uint32_t d = t->key_cell[c * t->nkeys + i];
    key |= (uint32_t)(d != UINT32_MAX && is_filled(t, d)) << i;
  }
  uint32_t at = c < t->ncells ? (c << t->nkeys) + key : 0;
  t->frames[t->nframes++] = (SoloFrame){c, t->list_first[at], t->list_first[at + 1], SOLO_NONE, 0};
}

static bool place_covers(const Tiling *t, uint32_t q, uint32_t c)
{
  for (uint32_t j = t->pw_first[q]; j < t->pw_first[q + 1]; j++)
    if (t->pw_word[j] == c / 64)
      return (t->pw_mask[j] >> (c % 64)) & 1;
  return false;
}

/* Cell c's key cells: the ones most of its candidates cover (ties: the first). */
static void solo_keys(Tiling *t, uint32_t c)
{
  uint32_t *key = &t->key_cell[c * t->nkeys];
  const uint32_t *cand = &t->by_least[t->least_first[c]];
  uint32_t n = t->least_first[c + 1] - t->least_first[c];
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t e = t->place_first[cand[i]]; e < t->place_first[cand[i] + 1]; e++)
      t->tally[t->place_cell[e]]++;
  t->tally[c] = 0;
  for (uint32_t k = 0; k < t->nkeys; k++) {
    key[k] = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t e = t->place_first[cand[i]]; e < t->place_first[cand[i] + 1]; e++) {
        uint32_t d = t->place_cell[e];
        if (t->tally[d] && (key[k] == UINT32_MAX || t->tally[d] > t->tally[key[k]] ||
                            (t->tally[d] == t->tally[key[k]] && d < key[k])))
          key[k] = d;
      }
    if (key[k] != UINT32_MAX)
      t->tally[key[k]] = 0;             /* taken */
  }
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t e = t->place_first[cand[i]]; e < t->place_first[cand[i] + 1]; e++)
      t->tally[t->place_cell[e]] = 0;
}

/*
** The lists of every cell from the live placements, each in kind order,
** and within a kind in the order the placements were made: not in
** kind_live's, which backtracking shuffles, so that a space that has
** searched before (a worker between cubes) makes the same lists as a new
** one, and the cubes' places in the lists name the same placements.
*/
static void solo_lists(Tiling *t)
{
  uint32_t C = t->ncells, K = t->nkinds, nlist = 1u << t->nkeys, n = 0;
  uint32_t P = t->kind_first[K];
  memset(t->least_first, 0, (C + 1) * sizeof *t->least_first);
  for (uint32_t i = 0; i < P; i++)
    if (alive(t, t->kind_place[i]))
      t->least_first[t->least[t->kind_place[i]] + 1]++;
  for (uint32_t c = 0; c < C; c++)
    t->least_first[c + 1] += t->least_first[c];
  for (uint32_t i = 0; i < P; i++) {
    uint32_t q = t->kind_place[i];
    if (alive(t, q))
      t->by_least[t->least_first[t->least[q]]++] = q;
  }
  for (uint32_t c = C; c > 0; c--)
    t->least_first[c] = t->least_first[c - 1];
  t->least_first[0] = 0;
  for (uint32_t c = 0; c < C; c++) {
    solo_keys(t, c);
    const uint32_t *key = &t->key_cell[c * t->nkeys];
    for (uint32_t filled = 0; filled < nlist; filled++) {
      t->list_first[(c << t->nkeys) + filled] = n;
      for (uint32_t i = t->least_first[c]; i < t->least_first[c + 1]; i++) {
        uint32_t q = t->by_least[i], b = 0;
        while (b < t->nkeys && !((filled >> b & 1) && key[b] != UINT32_MAX && place_covers(t, q, key[b])))
          b++;
        if (b < t->nkeys)
          continue;                     /* it covers a filled key cell */
        t->cands[n++] = (SoloCand){t->pw_mask[t->pw_first[q]], q, t->kind[q], 0,
                                   t->pw_first[q + 1] - t->pw_first[q] > 1};
      }
      for (uint32_t i = n; i-- > t->list_first[(c << t->nkeys) + filled];)
        t->cands[i].skip = i + 1 < n && t->cands[i + 1].kind == t->cands[i].kind ? t->cands[i + 1].skip : i + 1;
    }
  }
  t->list_first[C << t->nkeys] = n;
}

/*
** The memo (s->tiling_memo): the first lists each tiling of the space
** built, published for spaces built alike (s->tiling_like), which read
** it from other threads while this one searches.  Each entry is written
** once, before it is linked in (a release store of the head); nothing
** in it changes afterwards.
*/
typedef struct TilingSnap {
  struct TilingSnap *next;
  PropId prop;
  uint32_t ncells, nplace, nkeys, ncands;
  uint64_t key, print;
  uint32_t *least_first, *by_least, *key_cell, *list_first;
  SoloCand *cands;
} TilingSnap;

typedef struct TilingMemo {
  _Atomic(TilingSnap *) head;
} TilingMemo;

void tiling_memo_free(TilingMemo *m)
{
  if (!m)
    return;
  TilingSnap *n = atomic_load(&m->head);
  while (n) {
    TilingSnap *next = n->next;
    xfree(n);
    n = next;
  }
  xfree(m);
}

/* The sizes of the lists' arrays. */
static size_t lists_words(const Tiling *t, size_t *nfirst)
{
  *nfirst = ((size_t)t->ncells << t->nkeys) + 1;
  return (size_t)t->ncells + 1 + t->nplace + (size_t)t->ncells * t->nkeys + *nfirst;
}

/* Copy the lists from a space built alike, when it built them from this root; else false. */
static bool lists_from_like(const Solver *s, PropId prop, Tiling *t, uint64_t key)
{
  const TilingSnap *n = s->tiling_like ? atomic_load_explicit(
      &((TilingMemo *)(uintptr_t)s->tiling_like)->head, memory_order_acquire) : NULL;
  for (; n; n = n->next) {
    if (n->prop != prop || n->key != key || n->ncells != t->ncells || n->nplace != t->nplace ||
        n->nkeys != t->nkeys)
      continue;
    size_t nfirst;
    (void)lists_words(t, &nfirst);
    size_t C = t->ncells;
    memcpy(t->least_first, n->least_first, (C + 1) * sizeof *t->least_first);
    memcpy(t->by_least, n->by_least, t->nplace * sizeof *t->by_least);
    memcpy(t->key_cell, n->key_cell, C * t->nkeys * sizeof *t->key_cell);
    memcpy(t->list_first, n->list_first, nfirst * sizeof *t->list_first);
    memcpy(t->cands, n->cands, n->ncands * sizeof *t->cands);
    t->lists_print = n->print;
    return true;
  }
  return false;
}

/* Publish the lists just built, the first time this tiling builds them. */
static void lists_to_memo(Solver *s, PropId prop, const Tiling *t, uint64_t key)
{
  TilingMemo *m = s->tiling_memo;
  if (!m)
    return;                             /* no space is built like this one */
  TilingSnap *head = atomic_load_explicit(&m->head, memory_order_relaxed);
  for (const TilingSnap *n = head; n; n = n->next)
    if (n->prop == prop)
      return;                           /* its first lists only */
  size_t nfirst, words = lists_words(t, &nfirst), ncands = t->list_first[nfirst - 1];
  TilingSnap *n = xmalloc(sizeof *n + words * sizeof(uint32_t) + ncands * sizeof(SoloCand) +
                          sizeof(SoloCand));
  size_t C = t->ncells;
  *n = (TilingSnap){.next = head, .prop = prop, .ncells = t->ncells, .nplace = t->nplace,
                    .nkeys = t->nkeys, .ncands = (uint32_t)ncands, .key = key,
                    .print = t->lists_print};
  n->cands = (SoloCand *)(void *)(n + 1);  /* first: its alignment is the largest */
  n->least_first = (uint32_t *)(void *)(n->cands + ncands);
  n->by_least = n->least_first + C + 1;
  n->key_cell = n->by_least + t->nplace;
  n->list_first = n->key_cell + C * t->nkeys;
  memcpy(n->cands, t->cands, ncands * sizeof *t->cands);
  memcpy(n->least_first, t->least_first, (C + 1) * sizeof *t->least_first);
  memcpy(n->by_least, t->by_least, t->nplace * sizeof *t->by_least);
  memcpy(n->key_cell, t->key_cell, C * t->nkeys * sizeof *t->key_cell);
  memcpy(n->list_first, t->list_first, nfirst * sizeof *t->list_first);
  atomic_store_explicit(&m->head, n, memory_order_release);
}

static void solo_start(Solver *s, PropId prop, Tiling *t)
{
  sync(t);
  uint32_t C = t->ncells, K = t->nkinds;
  memset(t->bits, 0, t->nwords * sizeof *t->bits);
  t->open = 0;
  bool gaps = false;
  for (uint32_t c = 0; c < C; c++) {
    if (t->done[c])
      t->bits[c / 64] |= (uint64_t)1 << (c % 64);
    else
      t->open++;
    gaps |= t->gap[c] && !t->done[c];
  }
  t->owed = 0;
  t->exact = !gaps;
  for (uint32_t k = 0; k < K; k++) {
    t->sused[k] = t->used[k];
    t->full[k] = t->count[k] >= 0 && (int64_t)t->used[k] >= t->count[k];
    if (t->count[k] >= 0)
      t->owed += ((int64_t)t->count[k] - t->used[k]) * t->area[k];
    else
      t->exact = false;
  }
  uint64_t key = 1469598103934665603ull;
  for (uint32_t w = 0; w < t->nwords; w++)
    key = (key ^ t->bits[w]) * 1099511628211ull;
  for (uint32_t k = 0; k < K; k++) {
    key = (key ^ t->sused[k] ^ (uint64_t)t->live[k] << 32) * 1099511628211ull;
    for (uint32_t i = 0; i < t->live[k]; i++)
      key = (key ^ t->kind_live[t->kind_first[k] + i]) * 1099511628211ull;
  }
  if ((!t->lists_built || key != t->lists_key) && !lists_from_like(s, prop, t, key)) {
    solo_lists(t);
    uint64_t h = 1469598103934665603ull;
    uint32_t nlists = C << t->nkeys;
    for (uint32_t i = 0; i <= nlists; i++)
      h = (h ^ t->list_first[i]) * 1099511628211ull;
    for (uint32_t i = 0; i < t->list_first[nlists]; i++)
      h = (h ^ t->cands[i].q) * 1099511628211ull;
    t->lists_print = h;
    t->lists_built = true;
    t->lists_key = key;
    lists_to_memo(s, prop, t, key);
  }
  t->lists_built = true;
  t->lists_key = key;
  t->nframes = 0;
  solo_push(t, solo_open_from(t, 0));
}

/* What the enumeration starts from, in one number: spaces that share it
   between them must all start from the same (search/parallel.c checks). */
static uint64_t solo_print(const Tiling *t)
{
  uint64_t h = 1469598103934665603ull;
  for (uint32_t w = 0; w < t->nwords; w++)
    h = (h ^ t->bits[w]) * 1099511628211ull;
  for (uint32_t k = 0; k < t->nkinds; k++)
    h = (h ^ t->sused[k]) * 1099511628211ull;
  return (h ^ t->lists_print) * 1099511628211ull;
}

/*
** Sharing the enumeration (search_solo_split).  Between two steps, every
** frame but the top one stands on the choice whose subtree holds the
** frames above it, and the top one on a choice already searched (or on
** none yet); what is left is, for each frame, the candidates of its list
** from next to end and the gap, with the frames below it on their
** choices.  A cube is one such part:
**   depth d, cell, the choices of frames 0..d-1, next, end, gap
** (d + 5 words), the candidates by their place in the lists, which are
** the same in every space built alike (solo_print says so).
*/
static uint32_t solo_options(const Tiling *t, const SoloFrame *f, uint32_t *cands)
{
  *cands = f->next < f->end ? f->end - f->next : 0;
  return *cands + (t->gap[f->cell] && !f->nogap && f->next != SOLO_GAP_TRIED);
}

static size_t tiling_split(Solver *s, void *ctx, uint32_t *out, int how)
{
  (void)s;
  Tiling *t = ctx;
  for (uint32_t d = 0; d < t->nframes; d++) {
    SoloFrame *f = &t->frames[d];
    uint32_t cands, n = f->cell == t->ncells ? 0 : solo_options(t, f, &cands);
    if (n == 0 || (how == SOLO_HALF && n < 2))
      continue;
    out[0] = d;
    out[1] = f->cell;
    for (uint32_t k = 0; k < d; k++)
      out[2 + k] = t->frames[k].chosen;
    uint32_t *part = &out[2 + d];
    if (how == SOLO_WHOLE || n < 2) {   /* all of it: nothing left here */
      part[0] = f->next < f->end ? f->next : f->end;
      part[1] = f->end;
      part[2] = n > cands;
      f->next = SOLO_GAP_TRIED;
    } else if (cands >= 2) {            /* the later half and the gap */
      uint32_t mid = f->next + cands / 2;
      part[0] = mid;
      part[1] = f->end;
      part[2] = n > cands;
      f->end = mid;
      f->nogap = 1;
    } else {                            /* one candidate and the gap: the gap */
      part[0] = part[1] = f->end;
      part[2] = 1;
      f->nogap = 1;
    }
    return (size_t)d + 5;
  }
  return 0;
}

/* Search only the part of the enumeration in cube; false when it is not one of its parts. */
static bool solo_enter(Tiling *t, const uint32_t *cube, size_t len)
{
  if (len < 5 || cube[0] > t->ncells || len != (size_t)cube[0] + 5)
    return false;
  uint32_t d = cube[0];
  for (uint32_t k = 0; k <= d; k++) {
    SoloFrame *f = &t->frames[t->nframes - 1];
    if (f->cell == t->ncells)
      return false;
    if (k == d)
      break;
    uint32_t q = cube[2 + k];
    if (q == SOLO_GAP) {
      if (!t->gap[f->cell])
        return false;
      solo_flip(t, f->cell, false);
    } else {
      if (q >= t->nplace || t->least[q] != f->cell || t->full[t->kind[q]])
        return false;
      for (uint32_t j = t->pw_first[q]; j < t->pw_first[q + 1]; j++)
        if (t->bits[t->pw_word[j]] & t->pw_mask[j])
          return false;
      solo_apply(t, q, false);
    }
    f->chosen = q;
    f->next = SOLO_GAP_TRIED;           /* nothing else at this depth */
    solo_push(t, solo_open_from(t, f->cell + 1));
  }
  SoloFrame *f = &t->frames[t->nframes - 1];
  const uint32_t *part = &cube[2 + d];
  if (f->cell != cube[1] || part[0] < f->next || part[0] > part[1] || part[1] > f->end)
    return false;
  f->next = part[0];
  f->end = part[1];
  f->nogap = !part[2];
  return true;
}

/*
** The enumeration itself, from where it stands.  Written once and made
** twice (hooked is a constant in each call): without a parallel search's
** hook (Search.on_solo_node) the loop has no test for it, which is ~2% of
** a tiling count.  The step count lives in a local for the same reason.
*/
__attribute__((always_inline))
static inline PropStatus solo_walk(Solver *s, Prop *p, Tiling *t, bool hooked)
{
  uint32_t C = t->ncells;
  Search *q = &s->search;
  uint64_t work = t->work;
  bool (*on_node)(Solver *, void *) = q->on_solo_node;
  uint64_t node_mask = q->solo_node_mask;
  while (t->nframes) {
    SoloFrame *f = &t->frames[t->nframes - 1];
    if (f->cell == C) {                 /* every cell filled: a tiling, when the counts are met */
      t->nframes--;
      if (t->owed == 0 && solo_load(s, p, t)) {
        t->work = work;
        return PS_FIX;
      }
      continue;
    }
    work++;
    if (hooked && ((work - 1) & node_mask) == 0 && on_node(s, q->on_decide_ctx)) {
      t->work = work;
      return PS_LIMIT;                  /* the next call goes on from here */
    }
    if ((work & 1023) == 0 &&
        ((s->limits.max_nodes && s->stats.nodes >= s->limits.max_nodes) || solver_tick(s))) {
      t->work = work;
      return PS_LIMIT;
    }
    if (f->chosen == SOLO_GAP)
      solo_flip(t, f->cell, true);
    else if (f->chosen != SOLO_NONE)
      solo_apply(t, f->chosen, true);
    f->chosen = SOLO_NONE;
    if (f->next < f->end)               /* not past its list (SOLO_GAP_TRIED) */
      f->next = solo_next_fit(t, f->next, f->end, f->cell / 64);
    if (f->next < f->end) {
      f->chosen = t->cands[f->next++].q;
      solo_apply(t, f->chosen, false);
    } else if (t->gap[f->cell] && f->next != SOLO_GAP_TRIED && !f->nogap) {
      f->next = SOLO_GAP_TRIED;
      f->chosen = SOLO_GAP;
      solo_flip(t, f->cell, false);
    } else {
      t->nframes--;
      continue;
    }
    s->stats.nodes++;
    if (t->owed > (int64_t)t->open || (t->exact && t->owed != (int64_t)t->open))
      continue;                         /* the pieces owed cannot fill what is open */
    solo_push(t, solo_open_from(t, f->cell + 1));
  }
  t->work = work;
  return PS_FAIL;
}

static PropStatus tiling_solo(Solver *s, Prop *p, bool first)
{
  Tiling *t = p->aux;
  uint32_t C = t->ncells;
  Search *q = &s->search;
  if (first) {
    solo_start(s, (PropId)(p - s->props.data), t);
    q->solo_print = solo_print(t);
    q->solo_split = tiling_split;
    q->solo_split_ctx = t;
    q->solo_room = (size_t)C + 6;
    if (q->solo_cube && !solo_enter(t, q->solo_cube, q->solo_cube_len)) {
      q->solo_print = ~q->solo_print;   /* not a part of this one: never matches */
      return PS_FAIL;
    }
  }
  return q->on_solo_node ? solo_walk(s, p, t, true) : solo_walk(s, p, t, false);
}

static const PropClass tiling_class = {"tiling", tiling_propagate, tiling_holds, tiling_branch,
                                       tiling_advise, tiling_solo};

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
           *kind_place = NULL, *entry_place = NULL;
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
    uint32_t *cell_live = CARVE(m, off, uint32_t, L), *cell_at = CARVE(m, off, uint32_t, L);
    uint32_t *kind_live = CARVE(m, off, uint32_t, P), *kind_at = CARVE(m, off, uint32_t, P);
    entry_place = CARVE(m, off, uint32_t, L);
    uint8_t *done = CARVE(m, off, uint8_t, C);
    uint32_t *cnt = CARVE(m, off, uint32_t, C);
    uint32_t *undo = CARVE(m, off, uint32_t, P + C + 1);
    uint32_t *sizes = CARVE(m, off, uint32_t, nsize);
    uint32_t *used = CARVE(m, off, uint32_t, K);
    uint32_t *live = CARVE(m, off, uint32_t, K);
    uint64_t *stamp = CARVE(m, off, uint64_t, nsize + 1);
    uint32_t *dirty = CARVE(m, off, uint32_t, nsize);
    uint8_t *is_dirty = CARVE(m, off, uint8_t, nsize);
    uint32_t *pending = CARVE(m, off, uint32_t, 2 * (C + K) + 1);
    uint32_t *var_index = CARVE(m, off, uint32_t, (size_t)vrange + 1);
    uint32_t nwords = (C + 63) / 64;
    uint32_t *pw_first = CARVE(m, off, uint32_t, P + 1), *pw_word = CARVE(m, off, uint32_t, L);
    uint64_t *pw_mask = CARVE(m, off, uint64_t, L);
    uint32_t *least = CARVE(m, off, uint32_t, P), *area = CARVE(m, off, uint32_t, K);
    uint64_t *bits = CARVE(m, off, uint64_t, nwords);
    uint32_t *by_least = CARVE(m, off, uint32_t, P), *least_first = CARVE(m, off, uint32_t, C + 1);
    uint32_t *tally = CARVE(m, off, uint32_t, C);
    uint32_t nkeys = SOLO_KEYS;
    while (nkeys && ((size_t)P << nkeys) * sizeof(SoloCand) > SOLO_LIST_BYTES)
      nkeys--;
    uint32_t *key_cell = CARVE(m, off, uint32_t, (size_t)C * nkeys);
    uint32_t *list_first = CARVE(m, off, uint32_t, ((size_t)C << nkeys) + 1);
    SoloCand *cands = CARVE(m, off, SoloCand, (size_t)P << nkeys);
    uint32_t *sused = CARVE(m, off, uint32_t, K);
    uint8_t *full = CARVE(m, off, uint8_t, K);
    SoloFrame *frames = CARVE(m, off, SoloFrame, C + 1);
    if (pass == 0) {
      size = off;
    } else {
      t->dirty = dirty;
      t->is_dirty = is_dirty;
      t->pending = pending;
      t->var_index = var_index;
      t->cell_live = cell_live;
      t->cell_at = cell_at;
      t->kind_live = kind_live;
      t->kind_at = kind_at;
      t->done = done;
      t->cnt = cnt;
      t->undo = undo;
      t->size = sizes;
      t->used = used;
      t->live = live;
      t->stamp = stamp;
      t->nwords = nwords;
      t->bits = bits;
      t->by_least = by_least;
      t->least_first = least_first;
      t->tally = tally;
      t->nkeys = nkeys;
      t->key_cell = key_cell;
      t->list_first = list_first;
      t->cands = cands;
      t->sused = sused;
      t->full = full;
      t->frames = frames;
      /* each placement's cells as words of a bitset (its cells ascending), its least cell */
      uint32_t nw = 0;
      for (uint32_t q = 0; q < P; q++) {
        pw_first[q] = nw;
        least[q] = UINT32_MAX;
        for (int32_t i = mt.first[q]; i < mt.first[q + 1]; i++) {
          uint32_t c = (uint32_t)mt.cells[i];
          least[q] = c < least[q] ? c : least[q];
          if (nw == pw_first[q] || pw_word[nw - 1] != c / 64) {
            pw_word[nw] = c / 64;
            pw_mask[nw++] = 0;
          }
          pw_mask[nw - 1] |= (uint64_t)1 << (c % 64);
        }
        area[mt.kind[q]] = (uint32_t)(mt.first[q + 1] - mt.first[q]);
      }
      pw_first[P] = nw;
      t->pw_first = pw_first;
      t->pw_word = pw_word;
      t->pw_mask = pw_mask;
      t->least = least;
      t->area = area;
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
  /* the sparse sets, every placement live */
  for (uint32_t c = 0; c < C; c++)
    for (uint32_t i = cell_first[c]; i < cell_first[c + 1]; i++) {
      uint32_t q = cell_place[i];
      uint32_t e = place_first[q];
      while (place_cell[e] != c)
        e++;
      entry_place[e] = q;
      t->cell_live[i] = e;
      t->cell_at[e] = i;
    }
  for (uint32_t i = 0; i < P; i++) {
    t->kind_live[i] = kind_place[i];
    t->kind_at[kind_place[i]] = i;
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
    t->cnt[c] = cell_first[c + 1] - cell_first[c];
    if (t->cnt[c] == 0 && !gap[c]) {    /* a cell no piece can cover */
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
  t->entry_place = entry_place;
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
  if (s->keep_memo && !s->tiling_memo) {  /* made before any thread reads it */
    s->tiling_memo = xmalloc(sizeof *s->tiling_memo);
    atomic_init(&s->tiling_memo->head, NULL);
    s->free_tiling_memo = tiling_memo_free;
  }
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
