/*
** buf.h -- a growable text buffer.
**
** The core never writes to a FILE: diagnostics, answers and JSON are
** built in a Buf and handed to the caller (the CLI prints them, a browser
** playground would show them).
*/
#ifndef PZ_BUF_H
#define PZ_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct Buf {
  char *data;      /* always NUL-terminated once anything was added */
  size_t len, cap;
} Buf;

void buf_add(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_putc(Buf *b, char c);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(Buf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/*
** s as a JSON string literal, quotes included, always valid UTF-8 JSON:
** control characters as \u00XX, each byte that is not part of
** well-formed UTF-8 as U+FFFD, everything else as it is.
*/
void buf_json_string(Buf *b, const char *s);
/* The same, written a piece at a time to write(to, ...): no allocation. */
void json_string_to(const char *s, void (*write)(void *to, const char *text, size_t len), void *to);
/*
** s for a terminal: control characters escaped (ESC as \x1b, a C1
** control as \u009b), each byte that is not well-formed UTF-8 as \xNN,
** so a puzzle's text can never drive the terminal.
*/
void buf_text(Buf *b, const char *s);
/* How many characters (UTF-8 code points) the len bytes at s hold. */
size_t text_width(const char *s, size_t len);
void buf_clear(Buf *b);
void buf_free(Buf *b);
/* The text so far ("" for an empty buffer). */
const char *buf_str(const Buf *b);

#endif
