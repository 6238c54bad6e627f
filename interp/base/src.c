/*
** src.c -- the table of loaded sources and their line starts.
*/
#include "base/src.h"

#include <string.h>

#include "base/mem.h"

void src_init(SrcTable *t)
{
  t->cap = 4;
  t->srcs = xcalloc(t->cap, sizeof *t->srcs);
  t->count = 1;
}

void src_free(SrcTable *t)
{
  for (uint32_t i = 1; i < t->count; i++) {
    xfree(t->srcs[i].name);
    xfree(t->srcs[i].text);
    xfree(t->srcs[i].lines);
  }
  xfree(t->srcs);
  memset(t, 0, sizeof *t);
}

SrcId src_add(SrcTable *t, const char *name, const char *text, size_t len)
{
  if (t->count == t->cap) {
    t->cap *= 2;
    t->srcs = xrealloc(t->srcs, t->cap * sizeof *t->srcs);
  }
  Src *s = &t->srcs[t->count];
  s->name = xstrndup(name, strlen(name));
  s->text = xstrndup(text, len);
  s->len = len;
  s->start = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
  uint32_t n = 1;
  for (size_t i = 0; i < len; i++)
    n += text[i] == '\n';
  s->lines = xmalloc(n * sizeof *s->lines);
  s->nlines = 0;
  s->lines[s->nlines++] = 0;
  for (size_t i = 0; i < len; i++)
    if (text[i] == '\n')
      s->lines[s->nlines++] = (uint32_t)(i + 1);
  return t->count++;
}

const Src *src_get(const SrcTable *t, SrcId id)
{
  return id && id < t->count ? &t->srcs[id] : NULL;
}

LineCol src_linecol(const SrcTable *t, Loc at)
{
  const Src *s = src_get(t, at.src);
  if (!s)
    return (LineCol){0, 0};
  uint32_t lo = 0, hi = s->nlines;      /* last line start <= off */
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (s->lines[mid] <= at.off)
      lo = mid;
    else
      hi = mid;
  }
  uint32_t line_start = lo == 0 && at.off >= s->start ? s->start : s->lines[lo];
  return (LineCol){lo + 1, at.off - line_start + 1};
}

Loc loc_span(Loc a, Loc b)
{
  if (a.src != b.src || b.off + b.len < a.off)
    return a;
  return (Loc){a.src, a.off, b.off + b.len - a.off};
}
