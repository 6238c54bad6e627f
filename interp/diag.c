/*
** diag.c -- collect and render diagnostics.
*/
#include "diag.h"

#include <stdarg.h>
#include <string.h>

#include "mem.h"

void diag_init(Diag *d, const SrcTable *srcs)
{
  memset(d, 0, sizeof *d);
  d->srcs = srcs;
}

void diag_free(Diag *d)
{
  for (unsigned i = 0; i < d->count; i++)
    xfree(d->msgs[i].text);
  xfree(d->msgs);
  memset(d, 0, sizeof *d);
}

static void add(Diag *d, DiagKind kind, Loc at, const char *fmt, va_list ap)
{
  if (d->nerrors >= DIAG_MAX_ERRORS) {
    d->truncated = true;                /* notes of dropped errors go too */
    return;
  }
  if (d->count == d->cap) {
    d->cap = d->cap ? d->cap * 2 : 8;
    d->msgs = xrealloc(d->msgs, d->cap * sizeof *d->msgs);
  }
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  d->msgs[d->count++] = (DiagMsg){kind, at, b.data ? b.data : xstrndup("", 0)};
  if (kind == DIAG_ERROR)
    d->nerrors++;
}

void diag_error(Diag *d, Loc at, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  add(d, DIAG_ERROR, at, fmt, ap);
  va_end(ap);
}

void diag_note(Diag *d, Loc at, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  add(d, DIAG_NOTE, at, fmt, ap);
  va_end(ap);
}

bool diag_full(const Diag *d)
{
  return d->nerrors >= DIAG_MAX_ERRORS;
}

/* The source line under a message, with a caret and tildes below the span. */
static void render_excerpt(const Src *s, LineCol lc, Loc at, Buf *out)
{
  uint32_t start = s->lines[lc.line - 1];
  uint32_t end = start;
  while (end < s->len && s->text[end] != '\n')
    end++;
  buf_printf(out, "%5u | ", lc.line);
  for (uint32_t i = start; i < end; i++)
    buf_putc(out, s->text[i] == '\t' ? ' ' : s->text[i]);
  buf_puts(out, "\n      | ");
  for (uint32_t i = start; i < at.off && i < end; i++)
    buf_putc(out, ' ');
  buf_putc(out, '^');
  uint32_t stop = at.off + at.len;
  if (stop > end)
    stop = end;
  for (uint32_t i = at.off + 1; i < stop; i++)
    buf_putc(out, '~');
  buf_putc(out, '\n');
}

void diag_render(const Diag *d, Buf *out)
{
  for (unsigned i = 0; i < d->count; i++) {
    const DiagMsg *m = &d->msgs[i];
    const char *kind = m->kind == DIAG_ERROR ? "error" : "note";
    const Src *s = src_get(d->srcs, m->at.src);
    if (!s) {
      buf_printf(out, "pz: %s: %s\n", kind, m->text);
      continue;
    }
    LineCol lc = src_linecol(d->srcs, m->at);
    const char *name = strcmp(s->name, "-") == 0 ? "<stdin>" : s->name;
    buf_printf(out, "%s:%u:%u: %s: %s\n", name, lc.line, lc.col, kind, m->text);
    render_excerpt(s, lc, m->at, out);
  }
  if (d->truncated)
    buf_printf(out, "pz: too many errors, stopping after %d\n", DIAG_MAX_ERRORS);
}
