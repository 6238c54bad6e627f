/*
** buf.c -- append-only text with printf.
*/
#include "base/buf.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"

static void reserve(Buf *b, size_t extra)
{
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1)
    cap *= 2;
  b->data = xrealloc(b->data, cap);
  b->cap = cap;
}

void buf_add(Buf *b, const char *s, size_t n)
{
  reserve(b, n);
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void buf_puts(Buf *b, const char *s)
{
  buf_add(b, s, strlen(s));
}

void buf_putc(Buf *b, char c)
{
  buf_add(b, &c, 1);
}

void buf_vprintf(Buf *b, const char *fmt, va_list ap)
{
  char small[256];
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  if (n > 0 && (size_t)n < sizeof small) {
    buf_add(b, small, (size_t)n);
  } else if (n > 0) {
    reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
    b->len += (size_t)n;
  }
  va_end(again);
}

void buf_printf(Buf *b, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
}

/*
** The length of the well-formed UTF-8 sequence at s (1 to 4 bytes), or 0
** when the bytes there are not one (a stray continuation byte, an overlong
** form, a surrogate, a code point past U+10FFFF, a sequence cut short).
** s is NUL-terminated, and NUL is never a continuation byte, so reading
** stops at the end.  The ranges are Unicode's Table 3-7.
*/
static size_t utf8_len(const unsigned char *s)
{
  unsigned char c = s[0];
  if (c < 0x80)
    return 1;
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF;  /* allowed range of the second byte */
  if (c >= 0xC2 && c <= 0xDF)
    n = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0)
      lo = 0xA0;                        /* no overlong forms */
    else if (c == 0xED)
      hi = 0x9F;                        /* no surrogates */
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0)
      lo = 0x90;
    else if (c == 0xF4)
      hi = 0x8F;                        /* nothing past U+10FFFF */
  } else
    return 0;
  if (s[1] < lo || s[1] > hi)
    return 0;
  for (size_t i = 2; i < n; i++)
    if (s[i] < 0x80 || s[i] > 0xBF)
      return 0;
  return n;
}

/* The code point of a well-formed sequence of n bytes. */
static unsigned utf8_code(const unsigned char *s, size_t n)
{
  static const unsigned char lead_mask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  unsigned cp = s[0] & lead_mask[n];
  for (size_t i = 1; i < n; i++)
    cp = (cp << 6) | (s[i] & 0x3Fu);
  return cp;
}

/* C0 controls, DEL and the C1 controls U+0080..U+009F. */
static bool is_control(unsigned cp)
{
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
}

void json_string_to(const char *s, void (*write)(void *to, const char *text, size_t len), void *to)
{
  const unsigned char *p = (const unsigned char *)s;
  char esc[8];
  write(to, "\"", 1);
  while (*p) {
    size_t n = utf8_len(p);
    if (n == 0) {
      write(to, "\\ufffd", 6);          /* one replacement per bad byte */
      p++;
      continue;
    }
    unsigned cp = utf8_code(p, n);
    if (cp == '"' || cp == '\\')
      write(to, esc, (size_t)snprintf(esc, sizeof esc, "\\%c", (char)cp));
    else if (is_control(cp))
      write(to, esc, (size_t)snprintf(esc, sizeof esc, "\\u%04x", cp));
    else
      write(to, (const char *)p, n);
    p += n;
  }
  write(to, "\"", 1);
}

static void write_to_buf(void *to, const char *text, size_t len)
{
  buf_add(to, text, len);
}

void buf_json_string(Buf *b, const char *s)
{
  json_string_to(s, write_to_buf, b);
}

void buf_text(Buf *b, const char *s)
{
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    size_t n = utf8_len(p);
    if (n == 0) {
      buf_printf(b, "\\x%02x", *p++);
      continue;
    }
    unsigned cp = utf8_code(p, n);
    if (cp < 0x80 && is_control(cp))
      buf_printf(b, "\\x%02x", cp);
    else if (is_control(cp))
      buf_printf(b, "\\u%04x", cp);
    else
      buf_add(b, (const char *)p, n);
    p += n;
  }
}

size_t text_width(const char *s, size_t len)
{
  size_t w = 0;
  for (size_t i = 0; i < len; i++)
    w += ((unsigned char)s[i] & 0xC0) != 0x80;
  return w;
}

void buf_clear(Buf *b)
{
  b->len = 0;
  if (b->data)
    b->data[0] = '\0';
}

void buf_free(Buf *b)
{
  xfree(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

const char *buf_str(const Buf *b)
{
  return b->data ? b->data : "";
}
