/*
** buf.c -- append-only text with printf.
*/
#include "buf.h"

#include <stdio.h>
#include <string.h>

#include "mem.h"

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

void buf_json_string(Buf *b, const char *s)
{
  buf_putc(b, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      buf_printf(b, "\\%c", c);
    else if (c < 0x20)
      buf_printf(b, "\\u%04x", c);
    else
      buf_putc(b, (char)c);
  }
  buf_putc(b, '"');
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
