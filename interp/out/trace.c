/*
** trace.c -- the reason log in the puzzle's own words (see trace.h).
*/
#include "out/trace.h"

#include "base/mem.h"
#include "ground/term.h"

void trace_origin(const Ground *g, uint32_t origin, Buf *b)
{
  if (origin == 0 || origin > g->origins.len) {
    buf_puts(b, "no clue");
    return;
  }
  const Origin *o = &g->origins.data[origin - 1];
  if (o->what) {
    buf_puts(b, o->what);
  } else if (o->label) {
    char *text = ground_source_text(g, o->label->at);
    buf_printf(b, "clue %s", text);
    xfree(text);
  } else {
    LineCol lc = src_linecol(g->srcs, o->at);
    buf_printf(b, "the constraint on line %u", (unsigned)lc.line);
  }
}

/* The forall case behind a constraint, outermost name first: ", R = 3, C = 2". */
void trace_binding(const Ground *g, const Model *m, uint32_t detail, Buf *b)
{
  size_t n;
  const int32_t *t = model_binding_triples(m, detail, &n);
  for (size_t i = n; i-- > 0;) {
    if (t[3 * i + 1] == 2) {            /* a list: its place in the forall's list */
      buf_printf(b, ", %s #%d", ground_name(g, (Sym)t[3 * i]), t[3 * i + 2]);
      continue;
    }
    if (t[3 * i + 1] == 3) {            /* a clue's call of a rule, as written */
      uint32_t k = (uint32_t)t[3 * i + 2];
      char *text = k < g->calls.len ? ground_source_text(g, g->calls.data[k]) : NULL;
      buf_printf(b, ", %s", text ? text : ground_name(g, (Sym)t[3 * i]));
      xfree(text);
      continue;
    }
    buf_printf(b, ", %s = ", ground_name(g, (Sym)t[3 * i]));
    if (t[3 * i + 1])
      buf_puts(b, ground_name(g, (Sym)t[3 * i + 2]));
    else
      buf_printf(b, "%d", t[3 * i + 2]);
  }
}

void trace_var_name(const Model *m, VarId x, Buf *b)
{
  if (!model_name(m, x, b))
    buf_printf(b, "helper #%u", (unsigned)x);
}

void trace_value(const Ground *g, VarId x, int32_t v, Buf *b)
{
  if (x < g->var_atom.len && g->var_atom.data[x])
    buf_puts(b, ground_name(g, (Sym)v));
  else
    buf_printf(b, "%d", v);
}

/* The values of x from lo up to 64 of them, as bits from lo. */
static uint64_t bits_of(const Solver *s, VarId x, int32_t lo)
{
  uint64_t bits = 0;
  for (int32_t v = var_min(s, x); v - (int64_t)lo < 64;) {
    bits |= (uint64_t)1 << (v - lo);
    if (v >= var_max(s, x))
      break;
    v = var_next(s, x, v);
  }
  return bits;
}

/* x's values as the Model declares them, as bits from lo. */
static uint64_t declared_bits(const Model *m, VarId x, int32_t lo)
{
  const ModelStep *st = &m->steps.data[m->vars.data[x].step];
  uint64_t bits = 0;
  if (st->kind == MS_VAR_VALUES) {
    for (uint32_t i = 0; i < st->n; i++)
      bits |= (uint64_t)1 << (model_args(m, st)[i] - lo);
  } else {
    for (int64_t v = lo; v <= m->vars.data[x].hi; v++)
      bits |= (uint64_t)1 << (v - lo);
  }
  return bits;
}

/* What x's domain is now, said against what the last line said of it. */
static void change(const Ground *g, const Model *m, const Solver *s, TraceState *ts, VarId x, Buf *b)
{
  int32_t lo = x < m->vars.len ? m->vars.data[x].lo : var_min(s, x);
  bool narrow = x < m->vars.len && (int64_t)m->vars.data[x].hi - lo < 64;
  while (ts->seen.len <= x) {
    VEC_PUSH(ts->seen, 0);
    VEC_PUSH(ts->known, 0);
  }
  if (var_is_fixed(s, x)) {
    buf_puts(b, " = ");
    trace_value(g, x, var_value(s, x), b);
  } else if (narrow) {
    uint64_t now = bits_of(s, x, lo);
    uint64_t before = ts->known.data[x] ? ts->seen.data[x] : declared_bits(m, x, lo);
    uint64_t gone = before & ~now;
    if (gone && !(gone & (gone - 1)) && !(now & ~before)) {
      buf_puts(b, " is not ");
      trace_value(g, x, lo + __builtin_ctzll(gone), b);
    } else {
      buf_puts(b, " is one of ");
      bool first = true;
      for (uint64_t w = now; w; w &= w - 1) {
        buf_puts(b, first ? "" : ", ");
        trace_value(g, x, lo + __builtin_ctzll(w), b);
        first = false;
      }
    }
  } else {
    buf_printf(b, " is in %d..%d", var_min(s, x), var_max(s, x));
  }
  if (narrow) {
    ts->seen.data[x] = bits_of(s, x, lo);
    ts->known.data[x] = 1;
  }
}

void trace_line(const Ground *g, const Model *m, const Solver *s, TraceState *ts,
                const SolverEvent *e, Buf *line)
{
  for (uint32_t i = 0; i < e->depth; i++)
    buf_puts(line, "  ");
  switch (e->kind) {
  case REASON_PROPAGATION:
    trace_var_name(m, e->x, line);
    change(g, m, s, ts, e->x, line);
    buf_puts(line, "  (");
    trace_origin(g, e->origin, line);
    trace_binding(g, m, e->detail, line);
    buf_printf(line, ", %s)", e->prop);
    break;
  case REASON_PROBE:
    trace_var_name(m, e->x, line);
    change(g, m, s, ts, e->x, line);
    buf_puts(line, "  (trying it contradicts ");
    trace_origin(g, e->origin, line);
    trace_binding(g, m, e->detail, line);
    buf_putc(line, ')');
    break;
  case REASON_DECISION:
    buf_puts(line, "decide: ");
    trace_var_name(m, e->x, line);
    change(g, m, s, ts, e->x, line);
    break;
  case REASON_BOUND:
    buf_puts(line, "better: ");
    trace_var_name(m, e->x, line);
    change(g, m, s, ts, e->x, line);
    buf_puts(line, "  (the goal, better than the answer before)");
    break;
  case REASON_NOGOOD:                   /* search/nogood.c */
    buf_puts(line, "learned: ");
    trace_var_name(m, e->x, line);
    change(g, m, s, ts, e->x, line);
    buf_puts(line, "  (an earlier run ruled it out)");
    break;
  case REASON_FAILURE:
    buf_puts(line, "dead end: ");
    trace_origin(g, e->origin, line);
    trace_binding(g, m, e->detail, line);
    buf_printf(line, " cannot hold (%s)", e->prop);
    break;
  }
}

void trace_state_free(TraceState *ts)
{
  VEC_FREE(ts->seen);
  VEC_FREE(ts->known);
}
