/*
** dom.c -- finite integer domains for the solver (see dom.h).
**
** Each write first makes the domain restorable on the current level
** (dom_save: one trail entry for lo/hi/size and the inline word, at most
** once per level thanks to the stamp), then changes it, then reports the
** event to prop_notify, which wakes subscribers and calls the trace hook.
** The one-word case is written out separately because nearly every
** puzzle variable has 64 values or fewer.  Nothing here allocates after
** the variable is created.
*/
#include "engine/engine.h"

#include <stddef.h>
#include <string.h>

_Static_assert(offsetof(Dom, nwords) == TRAIL_MAX_BYTES,
               "the saved part of Dom must be exactly one trail block");

/* Make the mutable part of d restorable on the current level. */
static inline void dom_save(Solver *s, Dom *d)
{
  if (d->stamp == s->trail.stamp)
    return;                             /* already saved on this level */
  trail_save(&s->trail, d, TRAIL_MAX_BYTES);
  d->stamp = s->trail.stamp;
}

/* Make word i of a multi-word domain restorable, once per level. */
static uint64_t *word_save(Solver *s, const Dom *d, uint32_t i)
{
  uint32_t k = d->first_word + i;
  if (s->word_stamps.data[k] != s->trail.stamp) {
    trail_save(&s->trail, &s->words.data[k], 8);
    s->word_stamps.data[k] = s->trail.stamp;
  }
  return &s->words.data[k];
}

/* Smallest set offset >= off in a multi-word bitset; one must exist. */
static uint32_t first_set_from(const Solver *s, const Dom *d, uint32_t off)
{
  const uint64_t *w = &s->words.data[d->first_word];
  uint32_t i = off >> 6;
  uint64_t b = w[i] & (~0ull << (off & 63));
  while (!b) {
    assert(i + 1 < d->nwords);
    b = w[++i];
  }
  return i * 64 + (uint32_t)__builtin_ctzll(b);
}

/* Largest set offset <= off in a multi-word bitset; one must exist. */
static uint32_t last_set_upto(const Solver *s, const Dom *d, uint32_t off)
{
  const uint64_t *w = &s->words.data[d->first_word];
  uint32_t i = off >> 6;
  uint64_t b = w[i] & (~0ull >> (63 - (off & 63)));
  while (!b) {
    assert(i > 0);
    b = w[--i];
  }
  return i * 64 + 63 - (uint32_t)__builtin_clzll(b);
}

static uint32_t offset_of(const Dom *d, int64_t v)
{
  return (uint32_t)(v - d->base);
}

/* Classify a finished change, then wake and trace. */
static Event changed(Solver *s, VarId x, const Dom *d, int32_t old_lo,
                     int32_t old_hi, const Prop *why)
{
  Event ev;
  assert(d->lo <= d->hi);
  assert(d->nwords == 0 || d->size >= 1);
  if (d->lo == d->hi)
    ev = EV_VAL;
  else if (d->lo != old_lo || d->hi != old_hi)
    ev = EV_BND;
  else
    ev = EV_DOM;
  prop_notify(s, x, ev, why);
  return ev;
}

/* For the search and the front end; the propagators use prop_remove (props.h). */
Event dom_remove(Solver *s, VarId x, int64_t v, const Prop *why)
{
  return dom_lacks(s, x, v) ? EV_NONE : dom_remove_present(s, x, v, why);
}

Event dom_remove_present(Solver *s, VarId x, int64_t v, const Prop *why)
{
  Dom *d = &s->doms.data[x];
  int32_t lo = d->lo, hi = d->hi;
  if (v < lo || v > hi)
    return EV_NONE;
  if (lo == hi)
    return EV_FAIL;
  if (d->nwords == 0) {
    /* Bounds only: an inner value cannot be recorded as gone. */
    if (v != lo && v != hi)
      return EV_NONE;
    dom_save(s, d);
    if (v == lo)
      d->lo++;
    else
      d->hi--;
    return changed(s, x, d, lo, hi, why);
  }
  uint32_t off = offset_of(d, v);
  if (d->nwords == 1) {
    uint64_t bit = 1ull << off;
    if (!(d->bits & bit))
      return EV_NONE;
    dom_save(s, d);
    d->bits &= ~bit;
    d->size--;
    if (v == lo)
      d->lo = d->base + __builtin_ctzll(d->bits);
    else if (v == hi)
      d->hi = d->base + (63 - __builtin_clzll(d->bits));
    return changed(s, x, d, lo, hi, why);
  }
  uint64_t bit = 1ull << (off & 63);
  if (!(s->words.data[d->first_word + (off >> 6)] & bit))
    return EV_NONE;
  dom_save(s, d);
  *word_save(s, d, off >> 6) &= ~bit;
  d->size--;
  if (v == lo)
    d->lo = d->base + (int32_t)first_set_from(s, d, off);
  else if (v == hi)
    d->hi = d->base + (int32_t)last_set_upto(s, d, off);
  return changed(s, x, d, lo, hi, why);
}

Event dom_set_min(Solver *s, VarId x, int64_t v, const Prop *why)
{
  Dom *d = &s->doms.data[x];
  int32_t lo = d->lo, hi = d->hi;
  if (v <= lo)
    return EV_NONE;
  if (v > hi)
    return EV_FAIL;
  dom_save(s, d);
  if (d->nwords == 0) {
    d->lo = (int32_t)v;
  } else if (d->nwords == 1) {
    d->bits &= ~0ull << offset_of(d, v);
    d->lo = d->base + __builtin_ctzll(d->bits);
    d->size = (uint32_t)bit_count(d->bits);
  } else {
    uint32_t off = offset_of(d, v), first = offset_of(d, lo) >> 6;
    for (uint32_t i = first; i < off >> 6; i++) {
      uint64_t w = s->words.data[d->first_word + i];
      if (w) {
        d->size -= (uint32_t)bit_count(w);
        *word_save(s, d, i) = 0;
      }
    }
    uint64_t below = s->words.data[d->first_word + (off >> 6)] &
                     ~(~0ull << (off & 63));
    if (below) {
      d->size -= (uint32_t)bit_count(below);
      *word_save(s, d, off >> 6) &= ~below;
    }
    d->lo = d->base + (int32_t)first_set_from(s, d, off);
  }
  return changed(s, x, d, lo, hi, why);
}

Event dom_set_max(Solver *s, VarId x, int64_t v, const Prop *why)
{
  Dom *d = &s->doms.data[x];
  int32_t lo = d->lo, hi = d->hi;
  if (v >= hi)
    return EV_NONE;
  if (v < lo)
    return EV_FAIL;
  dom_save(s, d);
  if (d->nwords == 0) {
    d->hi = (int32_t)v;
  } else if (d->nwords == 1) {
    d->bits &= ~0ull >> (63 - offset_of(d, v));
    d->hi = d->base + (63 - __builtin_clzll(d->bits));
    d->size = (uint32_t)bit_count(d->bits);
  } else {
    uint32_t off = offset_of(d, v), last = offset_of(d, hi) >> 6;
    for (uint32_t i = last; i > off >> 6; i--) {
      uint64_t w = s->words.data[d->first_word + i];
      if (w) {
        d->size -= (uint32_t)bit_count(w);
        *word_save(s, d, i) = 0;
      }
    }
    uint64_t above = s->words.data[d->first_word + (off >> 6)] &
                     ~(~0ull >> (63 - (off & 63)));
    if (above) {
      d->size -= (uint32_t)bit_count(above);
      *word_save(s, d, off >> 6) &= ~above;
    }
    d->hi = d->base + (int32_t)last_set_upto(s, d, off);
  }
  return changed(s, x, d, lo, hi, why);
}

Event dom_fix(Solver *s, VarId x, int64_t v, const Prop *why)
{
  Dom *d = &s->doms.data[x];
  int32_t lo = d->lo, hi = d->hi;
  if (!dom_contains(s, x, v))
    return EV_FAIL;
  if (lo == hi)
    return EV_NONE;
  dom_save(s, d);
  if (d->nwords == 1) {
    d->bits = 1ull << offset_of(d, v);
  } else if (d->nwords > 1) {
    uint32_t off = offset_of(d, v);
    for (uint32_t i = offset_of(d, lo) >> 6; i <= offset_of(d, hi) >> 6; i++) {
      uint64_t want = i == off >> 6 ? 1ull << (off & 63) : 0;
      if (s->words.data[d->first_word + i] != want)
        *word_save(s, d, i) = want;
    }
  }
  d->lo = d->hi = (int32_t)v;
  d->size = d->nwords ? 1 : 0;
  return changed(s, x, d, lo, hi, why);
}

Event dom_keep_word(Solver *s, VarId x, uint64_t mask, const Prop *why)
{
  Dom *d = &s->doms.data[x];
  assert(d->nwords == 1);
  uint64_t bits = d->bits & mask;
  if (bits == d->bits)
    return EV_NONE;
  if (!bits)
    return EV_FAIL;
  int32_t lo = d->lo, hi = d->hi;
  dom_save(s, d);
  d->bits = bits;
  d->size = (uint32_t)bit_count(bits);
  d->lo = d->base + __builtin_ctzll(bits);
  d->hi = d->base + (63 - __builtin_clzll(bits));
  return changed(s, x, d, lo, hi, why);
}

/* Append a variable whose Dom is d, with no subscribers yet. */
static VarId push_var(Solver *s, Dom d)
{
  VarSubs none = {0};
  VarId x = (VarId)s->doms.len;
  VEC_PUSH(s->doms, d);
  VEC_PUSH(s->subs, none);
  return x;
}

/* A bitset Dom over [lo, hi], empty; words appended for multi-word. */
static Dom bitset_dom(Solver *s, int32_t lo, int32_t hi)
{
  uint64_t width = (uint64_t)((int64_t)hi - lo) + 1;
  Dom d = { .lo = lo, .hi = hi, .base = lo,
            .nwords = (uint32_t)((width + 63) / 64) };
  assert(width <= SOLVER_BITSET_WIDTH);
  if (d.nwords > 1) {
    d.first_word = (uint32_t)s->words.len;
    for (uint32_t i = 0; i < d.nwords; i++) {
      VEC_PUSH(s->words, 0);
      VEC_PUSH(s->word_stamps, 0);
    }
  }
  return d;
}

/* Set value v's bit while building a domain (no trail, no events). */
static void set_bit(Solver *s, Dom *d, int32_t v)
{
  uint32_t off = offset_of(d, v);
  uint64_t *w = d->nwords == 1 ? &d->bits
                               : &s->words.data[d->first_word + (off >> 6)];
  if (!(*w & (1ull << (off & 63)))) {
    *w |= 1ull << (off & 63);
    d->size++;
  }
}

VarId dom_new_range(Solver *s, int32_t lo, int32_t hi)
{
  assert(lo <= hi);
  uint64_t width = (uint64_t)((int64_t)hi - lo) + 1;
  if (width > SOLVER_BITSET_WIDTH)
    return push_var(s, (Dom){ .lo = lo, .hi = hi, .base = lo });
  Dom d = bitset_dom(s, lo, hi);
  if (d.nwords == 1) {
    d.bits = width == 64 ? ~0ull : (1ull << width) - 1;
    d.size = (uint32_t)width;
  } else {
    for (int64_t v = lo; v <= hi; v++)
      set_bit(s, &d, (int32_t)v);
  }
  return push_var(s, d);
}

VarId dom_new_values(Solver *s, const int32_t *values, size_t n)
{
  assert(n >= 1);
  int32_t lo = values[0], hi = values[0];
  for (size_t i = 1; i < n; i++) {
    lo = values[i] < lo ? values[i] : lo;
    hi = values[i] > hi ? values[i] : hi;
  }
  uint64_t width = (uint64_t)((int64_t)hi - lo) + 1;
  if (width > SOLVER_BITSET_WIDTH)
    return push_var(s, (Dom){ .lo = lo, .hi = hi, .base = lo });
  Dom d = bitset_dom(s, lo, hi);
  for (size_t i = 0; i < n; i++)
    set_bit(s, &d, values[i]);
  return push_var(s, d);
}

void dom_read_mask(const Solver *s, VarId x, int64_t vmin, uint32_t words,
                   uint64_t *out)
{
  const Dom *d = dom_get(s, x);
  memset(out, 0, words * sizeof *out);
  for (uint32_t k = 0; k < d->nwords; k++) {
    uint64_t w = dom_word(s, d, k);
    int64_t start = (int64_t)d->base - vmin + 64 * (int64_t)k;
    if (!w || start >= 64 * (int64_t)words || start <= -64)
      continue;
    if (start < 0) {
      out[0] |= w >> -start;
      continue;
    }
    uint32_t q = (uint32_t)start >> 6, r = (uint32_t)start & 63;
    out[q] |= w << r;
    if (r && q + 1 < words)
      out[q + 1] |= w >> (64 - r);
  }
}

Event dom_keep_mask(Solver *s, VarId x, int64_t vmin, uint32_t words,
                    const uint64_t *keep, const Prop *why)
{
  const Dom *d = dom_get(s, x);
  assert(d->nwords != 0);
  int64_t lo = d->lo, hi = d->hi, end = vmin + 64 * (int64_t)words;
  if (lo < vmin || hi >= end) {         /* first drop what lies outside */
    if (lo >= end || hi < vmin)
      return EV_FAIL;
    Event e1 = dom_set_min(s, x, vmin, why);
    if (e1 == EV_FAIL)
      return EV_FAIL;
    Event e2 = dom_set_max(s, x, end - 1, why);
    if (e2 == EV_FAIL)
      return EV_FAIL;
    Event e = dom_keep_mask(s, x, vmin, words, keep, why);
    Event most = e1 > e2 ? e1 : e2;
    return e == EV_FAIL ? EV_FAIL : (e > most ? e : most);
  }
  if (d->nwords == 1) {
    /* domain bit i is window index i + delta */
    int64_t delta = (int64_t)d->base - vmin;
    uint64_t mask = 0;
    if (delta < 0) {
      mask = delta > -64 ? keep[0] << -delta : 0;
    } else {
      uint32_t q = (uint32_t)(delta >> 6), r = (uint32_t)(delta & 63);
      if (q < words)
        mask = keep[q] >> r;
      if (r && q + 1 < words)
        mask |= keep[q + 1] << (64 - r);
    }
    return dom_keep_word(s, x, mask, why);
  }
  Event ev = EV_NONE;
  if (vmin == d->base) {                /* window word k is domain word k */
    for (uint32_t k = 0; k < d->nwords; k++) {
      uint64_t gone = dom_word(s, d, k) & ~(k < words ? keep[k] : 0);
      for (; gone; gone &= gone - 1) {
        Event e = dom_remove(s, x, d->base + 64 * (int64_t)k + __builtin_ctzll(gone), why);
        if (e == EV_FAIL)
          return EV_FAIL;
        ev = e > ev ? e : ev;
      }
    }
    return ev;
  }
  for (int64_t v = d->lo; v <= d->hi;) {
    int64_t next = v < d->hi ? dom_next(s, x, (int32_t)v) : (int64_t)d->hi + 1;
    uint64_t j = (uint64_t)(v - vmin);
    if (!(keep[j >> 6] >> (j & 63) & 1)) {
      Event e = dom_remove(s, x, v, why);
      if (e == EV_FAIL)
        return EV_FAIL;
      ev = e > ev ? e : ev;
    }
    v = next;
  }
  return ev;
}
