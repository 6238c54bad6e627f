/*
** diag.c -- collect and render diagnostics.
*/
#include "base/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"

/* A source line longer than this many bytes is shown as a window around
   the culprit: a 40,000-term chain must not print 200 KB per message. */
#define EXCERPT_MAX_BYTES 120
#define EXCERPT_BEFORE 50   /* bytes of the window before the culprit */

/* A name or quoted piece of source in a message longer than this many
   characters shows only its start, "..." and its length: a 1 MB name
   must not make a 1 MB message. */
#define PIECE_MAX_CHARS 60
#define PIECE_KEEP_CHARS 40

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

static bool is_word_byte(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         ((unsigned char)c & 0x80);
}

/* The byte offset in s[0, len) after its first n characters (UTF-8). */
static size_t first_chars(const char *s, size_t len, size_t n)
{
  size_t i = 0;
  for (size_t seen = 0; i < len; i++) {
    if (((unsigned char)s[i] & 0xC0) != 0x80 && seen++ == n)
      break;
  }
  return i;
}

/* The piece s[0, len) into out, shortened when it is too long; quote is
   the quote mark around it ("" for a bare name). */
static void put_piece(Buf *out, const char *s, size_t len, const char *quote)
{
  size_t chars = text_width(s, len);
  buf_puts(out, quote);
  if (chars <= PIECE_MAX_CHARS) {
    buf_add(out, s, len);
    buf_puts(out, quote);
    return;
  }
  buf_add(out, s, first_chars(s, len, PIECE_KEEP_CHARS));
  char digits[32], grouped[48];
  int n = snprintf(digits, sizeof digits, "%zu", chars), g = 0;
  for (int i = 0; i < n; i++) {
    if (i > 0 && (n - i) % 3 == 0)
      grouped[g++] = ',';
    grouped[g++] = digits[i];
  }
  grouped[g] = '\0';
  bool digits_only = true;
  for (size_t i = 0; i < len && digits_only; i++)
    digits_only = s[i] >= '0' && s[i] <= '9';
  buf_printf(out, "...%s (%s %s)", quote, grouped, digits_only ? "digits" : "characters");
}

/*
** The message text into out with every quoted piece ('...': a quote
** after no letter, up to the next quote followed by no letter, so that
** "doesn't" opens nothing) and every bare name or number longer than
** PIECE_MAX_CHARS characters shortened.
*/
static void shorten_pieces(Buf *out, const char *text)
{
  size_t i = 0, len = strlen(text);
  while (i < len) {
    if (text[i] == '\'' && (i == 0 || !is_word_byte(text[i - 1]))) {
      size_t j = i + 1;
      while (j < len && !(text[j] == '\'' && (j + 1 == len || !is_word_byte(text[j + 1]))))
        j++;
      if (j < len) {
        put_piece(out, text + i + 1, j - i - 1, "'");
        i = j + 1;
        continue;
      }
    }
    if (is_word_byte(text[i])) {
      size_t j = i;
      while (j < len && is_word_byte(text[j]))
        j++;
      put_piece(out, text + i, j - i, "");
      i = j;
      continue;
    }
    buf_putc(out, text[i++]);
  }
}

__attribute__((format(printf, 4, 0)))
static void add(Diag *d, DiagKind kind, Loc at, const char *fmt, va_list ap)
{
  if (kind == DIAG_ERROR) {
    d->nerrors++;
    d->dropping = d->kept >= DIAG_MAX_ERRORS;
    if (!d->dropping)
      d->kept++;
  } else if (kind == DIAG_WARNING) {
    d->dropping = d->no_warnings || d->nwarnings >= DIAG_MAX_WARNINGS;
    if (!d->dropping)
      d->nwarnings++;
  }
  if (d->dropping)                      /* notes of a dropped error go too */
    return;
  if (d->count == d->cap) {
    d->cap = d->cap ? d->cap * 2 : 8;
    d->msgs = xrealloc(d->msgs, d->cap * sizeof *d->msgs);
  }
  Buf b = {0}, s = {0};
  buf_vprintf(&b, fmt, ap);
  shorten_pieces(&s, buf_str(&b));
  buf_free(&b);
  d->msgs[d->count++] = (DiagMsg){kind, at, s.data ? s.data : xstrndup("", 0)};
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

void diag_warning(Diag *d, Loc at, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  add(d, DIAG_WARNING, at, fmt, ap);
  va_end(ap);
}

void diag_drop_warnings(Diag *d)
{
  unsigned kept = 0;
  bool dropping = false;
  for (unsigned i = 0; i < d->count; i++) {
    DiagMsg *m = &d->msgs[i];
    if (m->kind != DIAG_NOTE)
      dropping = m->kind == DIAG_WARNING;
    if (dropping)
      xfree(m->text);
    else
      d->msgs[kept++] = *m;
  }
  d->count = kept;
  d->nwarnings = 0;
}

unsigned diag_dropped(const Diag *d)
{
  return d->nerrors - d->kept;
}

/* --- showing bytes safely: a NUL or an escape sequence in a file must
       neither cut the text short nor drive the terminal --- */

/* The length of the well-formed UTF-8 sequence at p (at most avail
   bytes), or 0 when there is none. */
static uint32_t utf8_len(const unsigned char *p, size_t avail)
{
  unsigned lo = 0x80, hi = 0xBF;
  uint32_t n;
  if (p[0] < 0x80)
    return 1;
  if (p[0] >= 0xC2 && p[0] <= 0xDF) {
    n = 2;
  } else if (p[0] >= 0xE0 && p[0] <= 0xEF) {
    n = 3;
    lo = p[0] == 0xE0 ? 0xA0 : lo;      /* no overlong forms */
    hi = p[0] == 0xED ? 0x9F : hi;      /* no surrogates */
  } else if (p[0] >= 0xF0 && p[0] <= 0xF4) {
    n = 4;
    lo = p[0] == 0xF0 ? 0x90 : lo;
    hi = p[0] == 0xF4 ? 0x8F : hi;
  } else {
    return 0;
  }
  if (avail < n || p[1] < lo || p[1] > hi)
    return 0;
  for (uint32_t i = 2; i < n; i++)
    if ((p[i] & 0xC0) != 0x80)
      return 0;
  return n;
}

/*
** One character of text at p (at most avail bytes): printed into out
** (when out is not NULL) as itself, or escaped when it is a control
** character or not UTF-8; a tab shows as a space.  Returns the bytes it
** took; *cols gets the columns it shows as.
*/
static uint32_t put_glyph(Buf *out, const unsigned char *p, size_t avail, uint32_t *cols)
{
  char esc[8];
  uint32_t n = utf8_len(p, avail);
  if (n == 1 && p[0] == '\t') {
    snprintf(esc, sizeof esc, " ");
  } else if (n == 0 || (n == 1 && (p[0] < 0x20 || p[0] == 0x7F))) {
    snprintf(esc, sizeof esc, "\\x%02x", p[0]);
    n = 1;
  } else if (n == 2 && p[0] == 0xC2 && p[1] < 0xA0) {
    snprintf(esc, sizeof esc, "\\u%04x", p[1]);    /* a C1 control */
  } else {
    if (out)
      buf_add(out, (const char *)p, n);
    *cols = 1;
    return n;
  }
  if (out)
    buf_puts(out, esc);
  *cols = (uint32_t)strlen(esc);
  return n;
}

/* The bytes text[from, to) shown safely; returns their width in columns. */
static uint32_t put_text(Buf *out, const char *text, size_t from, size_t to)
{
  uint32_t width = 0, cols = 0;
  for (size_t i = from; i < to; width += cols)
    i += put_glyph(out, (const unsigned char *)text + i, to - i, &cols);
  return width;
}

static void put_repeated(Buf *out, char c, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    buf_putc(out, c);
}

static bool is_continuation(const char *text, size_t i)
{
  return ((unsigned char)text[i] & 0xC0) == 0x80;
}

/* The source line under a message, with a caret and tildes below the span. */
static void render_excerpt(const Src *s, LineCol lc, Loc at, Buf *out)
{
  size_t start = lc.line == 1 ? s->start : s->lines[lc.line - 1];
  size_t end = start;
  while (end < s->len && s->text[end] != '\n')
    end++;
  if (end > start && s->text[end - 1] == '\r')
    end--;                             /* a CRLF line end is not shown as \x0d */
  size_t from = start, to = end;       /* the window shown */
  if (end - start > EXCERPT_MAX_BYTES) {
    if (at.off > start + EXCERPT_BEFORE)
      from = at.off - EXCERPT_BEFORE;
    if (from > end - EXCERPT_MAX_BYTES)
      from = end - EXCERPT_MAX_BYTES;
    to = from + EXCERPT_MAX_BYTES;
    while (from < at.off && from < to && is_continuation(s->text, from))
      from++;
    while (to > from && to < end && is_continuation(s->text, to))
      to--;
  }
  const char *cut_before = from > start ? "..." : "";
  const char *cut_after = to < end ? "..." : "";
  buf_printf(out, "%5u | %s", lc.line, cut_before);
  put_text(out, s->text, from, to);
  buf_printf(out, "%s\n      | ", cut_after);
  size_t caret = at.off < from ? from : at.off > to ? to : at.off;
  put_repeated(out, ' ', (uint32_t)strlen(cut_before) + put_text(NULL, s->text, from, caret));
  size_t stop = at.off + at.len > to ? to : at.off + at.len;
  uint32_t span = caret < stop ? put_text(NULL, s->text, caret, stop) : 1;
  buf_putc(out, '^');
  put_repeated(out, '~', span - 1);
  buf_putc(out, '\n');
}

void diag_render(const Diag *d, Buf *out)
{
  for (unsigned i = 0; i < d->count; i++) {
    const DiagMsg *m = &d->msgs[i];
    const char *kind = m->kind == DIAG_ERROR ? "error" : m->kind == DIAG_WARNING ? "warning" : "note";
    const Src *s = src_get(d->srcs, m->at.src);
    if (!s) {
      buf_printf(out, "pz: %s: ", kind);
    } else {
      LineCol lc = src_linecol(d->srcs, m->at);
      const char *name = strcmp(s->name, "-") == 0 ? "<stdin>" : s->name;
      put_text(out, name, 0, strlen(name));
      buf_printf(out, ":%u:%u: %s: ", lc.line, lc.col, kind);
    }
    put_text(out, m->text, 0, strlen(m->text));
    buf_putc(out, '\n');
    if (s)
      render_excerpt(s, src_linecol(d->srcs, m->at), m->at, out);
  }
  unsigned more = diag_dropped(d);
  if (more)
    buf_printf(out, "... and %s%u more error%s\n", diag_full(d) ? "at least " : "", more,
               more == 1 ? "" : "s");
}
