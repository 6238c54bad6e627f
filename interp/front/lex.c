/*
** lex.c -- token helpers for the flex scanner.
*/
#include "front/lex.h"

#include <ctype.h>
#include <string.h>

#include "base/mem.h"

/* Numbers beyond this cannot be added or multiplied safely in int32. */
#define LEX_MAX_NUMBER 1000000000
/* How much of a run of strange bytes a message quotes. */
#define LEX_QUOTE_BYTES 12

void lex_step(Lexer *lx, Loc *at, size_t len)
{
  at->src = lx->src;
  at->off = lx->off;
  at->len = (uint32_t)len;
  lx->off += (uint32_t)len;
}

int64_t lex_number(Lexer *lx, const char *text, size_t len, Loc at)
{
  int64_t v = 0;
  for (size_t i = 0; i < len; i++) {
    v = v * 10 + (text[i] - '0');
    if (v > LEX_MAX_NUMBER) {
      diag_error(lx->diag, at, "the number %.*s is too large (the largest is %d)",
                 (int)len, text, LEX_MAX_NUMBER);
      return 0;
    }
  }
  return v;
}

void lex_nul(Lexer *lx, Loc at)
{
  at.len = 1;
  diag_error(lx->diag, at, "there is a NUL byte (0x00) here, but a .pz file must be plain text");
}

void lex_check_text(Lexer *lx, const char *text, size_t len, Loc at)
{
  const char *nul = memchr(text, '\0', len);
  if (nul) {
    at.off += (uint32_t)(nul - text);
    lex_nul(lx, at);
  }
}

Sym lex_string(Lexer *lx, const char *text, size_t len, Loc at)
{
  lex_check_text(lx, text, len, at);
  char *s = xmalloc(len + 1);
  size_t n = 0;
  for (size_t i = 1; i + 1 < len; i++) {
    if (text[i] == '\\' && i + 2 < len)
      i++;
    s[n++] = text[i];
  }
  Sym sym = sym_intern(lx->syms, s, n);
  xfree(s);
  return sym;
}

void lex_bad_char(Lexer *lx, const char *text, Loc at)
{
  unsigned char c = (unsigned char)text[0];
  if (isprint(c))
    diag_error(lx->diag, at, "the character '%c' has no meaning here", c);
  else
    diag_error(lx->diag, at, "unexpected byte 0x%02x (only plain ASCII text is understood)", c);
}

void lex_not_ascii(Lexer *lx, const char *text, size_t len, Loc at)
{
  int quoted = (int)(len > LEX_QUOTE_BYTES ? LEX_QUOTE_BYTES : len);
  diag_error(lx->diag, at, "'%.*s%s' has no meaning here (outside strings and comments, "
             "only plain ASCII text is understood)", quoted, text, (size_t)quoted < len ? "..." : "");
}

void lex_unterminated_string(Lexer *lx, const char *text, size_t len, Loc at)
{
  lex_check_text(lx, text, len, at);
  diag_error(lx->diag, at, "this string has no closing '\"' on its line");
}
