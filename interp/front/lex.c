/*
** lex.c -- token helpers for the flex scanner.
*/
#include "front/lex.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/mem.h"
#include "front/picture.h"

/* Numbers beyond this cannot be added or multiplied safely in int32
   (a number drawn in a picture has the same limit, picture.h). */
#define LEX_MAX_NUMBER PICTURE_MAX_NUMBER
/* How much of a run of strange bytes a message quotes. */
#define LEX_QUOTE_BYTES 12

__attribute__((format(printf, 3, 4)))
static void lex_error(Lexer *lx, Loc at, const char *fmt, ...)
{
  Buf text = {0};                      /* whole: diag shortens a long number itself */
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&text, fmt, ap);
  va_end(ap);
  lx->errors++;
  diag_error(lx->diag, at, "%s", buf_str(&text));
  buf_free(&text);
}

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
      lex_error(lx, at, "the number %.*s is too large (the largest is %d)",
                 (int)len, text, LEX_MAX_NUMBER);
      return 0;
    }
  }
  return v;
}

void lex_nul(Lexer *lx, Loc at)
{
  at.len = 1;
  lex_error(lx, at, "there is a NUL byte (0x00) here, but a .pz file must be plain text");
}

void lex_check_text(Lexer *lx, const char *text, size_t len, Loc at)
{
  const char *nul = memchr(text, '\0', len);
  if (nul) {
    at.off += (uint32_t)(nul - text);
    lex_nul(lx, at);
  }
}

/* The value of four hex digits at s, or -1. */
static long lex_hex4(const char *s)
{
  long v = 0;
  for (int i = 0; i < 4; i++) {
    int c = (unsigned char)s[i];
    if (!isxdigit(c))
      return -1;
    v = v * 16 + (isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
  }
  return v;
}

/* Code point u (below 0x10000) as UTF-8 at s; the number of bytes. */
static size_t lex_utf8(char *s, long u)
{
  if (u < 0x80) {
    s[0] = (char)u;
    return 1;
  }
  if (u < 0x800) {
    s[0] = (char)(0xC0 | (u >> 6));
    s[1] = (char)(0x80 | (u & 0x3F));
    return 2;
  }
  s[0] = (char)(0xE0 | (u >> 12));
  s[1] = (char)(0x80 | ((u >> 6) & 0x3F));
  s[2] = (char)(0x80 | (u & 0x3F));
  return 3;
}

/*
** A string's text without its quotes, its escapes read: \\ a backslash,
** \" a quote, \uXXXX the character of that code (four hex digits; no
** control characters, no surrogates).  Any other backslash is an error at
** the backslash, and the string keeps what follows it.
*/
Sym lex_string(Lexer *lx, const char *text, size_t len, Loc at)
{
  lex_check_text(lx, text, len, at);
  char *s = xmalloc(len + 1);   /* \uXXXX (6 bytes) becomes at most 3 */
  size_t n = 0;
  for (size_t i = 1; i + 1 < len; i++) {
    if (text[i] != '\\') {
      s[n++] = text[i];
      continue;
    }
    Loc e = at;
    e.off += (uint32_t)i;
    e.len = 2;
    char c = text[i + 1];   /* the flex rule puts a character after each backslash */
    if (c == '\\' || c == '"') {
      s[n++] = c;
      i++;
    } else if (c == 'u') {
      long u = i + 6 < len ? lex_hex4(text + i + 2) : -1;
      if (u < 0) {
        lex_error(lx, e, "\\u must be followed by four hex digits, the code of a character "
                   "(\\u25CB is a white circle)");
        i++;
        continue;
      }
      e.len = 6;
      if (u < 0x20 || (u >= 0x7F && u < 0xA0) || (u >= 0xD800 && u < 0xE000) || u >= 0xFFFE)
        lex_error(lx, e, "\\u%.4s is not a character a string can hold "
                   "(control characters and surrogates are left out)", text + i + 2);
      else
        n += lex_utf8(s + n, u);
      i += 5;
    } else {
      size_t k = 1;   /* the bytes of the character after the backslash */
      while (i + 1 + k < len - 1 && ((unsigned char)text[i + 1 + k] & 0xC0) == 0x80)
        k++;
      e.len = (uint32_t)(1 + k);
      lex_error(lx, e, "'\\%.*s' is not an escape: in a string write \\\\ for a backslash, "
                 "\\\" for a quote, \\uXXXX for a character by its code", (int)k, text + i + 1);
      i += k;
    }
  }
  Sym sym = sym_intern(lx->syms, s, n);
  xfree(s);
  return sym;
}

void lex_bad_char(Lexer *lx, const char *text, Loc at)
{
  unsigned char c = (unsigned char)text[0];
  if (isprint(c))
    lex_error(lx, at, "the character '%c' has no meaning here", c);
  else
    lex_error(lx, at, "unexpected byte 0x%02x (only plain ASCII text is understood)", c);
}

void lex_not_ascii(Lexer *lx, const char *text, size_t len, Loc at)
{
  int quoted = (int)(len > LEX_QUOTE_BYTES ? LEX_QUOTE_BYTES : len);
  lex_error(lx, at, "'%.*s%s' has no meaning here (outside strings and comments, "
             "only plain ASCII text is understood)", quoted, text, (size_t)quoted < len ? "..." : "");
}

void lex_unterminated_string(Lexer *lx, const char *text, size_t len, Loc at)
{
  lex_check_text(lx, text, len, at);
  lex_error(lx, at, "this string has no closing '\"' on its line");
}

/* --- what pupils bring from other languages: each is one error, and the
       scanner then reads the token meant, so the parser has nothing to add --- */

static const struct {
  const char *text;
  const char *instead;
} foreign[] = {
  {"<>", "write != for 'not equal'"},
  {"=>", "write -> for 'implies' (and >= for 'at least')"},
  {"<=>", "write <-> for 'if and only if'"},
  {":=", "write = (a clause states what holds; nothing is assigned)"},
  {"&&", "write 'and', or ',' between the conditions of a clause"},
  {"&", "write 'and', or ',' between the conditions of a clause"},
  {"||", "write 'or', or ';' between the conditions of a clause"},
  {"!", "write 'not'"},
  {"\xe2\x89\xa0", "write != for 'not equal'"},                 /* U+2260 */
  {"\xe2\x89\xa4", "write <= for 'at most'"},                    /* U+2264 */
  {"\xe2\x89\xa5", "write >= for 'at least'"},                   /* U+2265 */
  {"\xe2\x86\x92", "write -> for 'implies'"},                    /* U+2192 */
  {"\xe2\x87\x92", "write -> for 'implies'"},                    /* U+21D2 */
  {"\xe2\x86\x94", "write <-> for 'if and only if'"},            /* U+2194 */
  {"\xe2\x87\x94", "write <-> for 'if and only if'"},            /* U+21D4 */
  {"\xe2\x88\xa7", "write 'and'"},                               /* U+2227 */
  {"\xe2\x88\xa8", "write 'or'"},                                /* U+2228 */
  {"\xc2\xac", "write 'not'"},                                   /* U+00AC */
  {"\xc3\x97", "write * for 'times'"},                           /* U+00D7 */
  {"\xc3\xb7", "write / for 'divided by'"},                      /* U+00F7 */
  {"\xe2\x88\x92", "write - for 'minus'"},                       /* U+2212 */
  {"\xe2\x80\x93", "write - for 'minus', and .. for a range such as 1..9"}, /* U+2013 */
  {"\xe2\x88\x88", "write 'in'"},                                /* U+2208 */
  {"\xe2\x80\xa6", "write .. for a range, as in 1..9"},          /* U+2026 */
};

void lex_foreign(Lexer *lx, const char *text, size_t len, Loc at)
{
  for (size_t i = 0; i < sizeof foreign / sizeof foreign[0]; i++)
    if (strlen(foreign[i].text) == len && memcmp(foreign[i].text, text, len) == 0) {
      lex_error(lx, at, "'%.*s' has no meaning in pz: %s", (int)len, text, foreign[i].instead);
      return;
    }
  lex_error(lx, at, "'%.*s' has no meaning in pz", (int)len, text);
}

void lex_foreign_comment(Lexer *lx, Loc at)
{
  at.len = 2;
  lex_error(lx, at, "'//' does not start a comment in pz: '%%' does (and '/' divides)");
}

bool lex_hash_comment(Lexer *lx, const char *line_text, Loc at)
{
  /* only what a line starts with: '#' elsewhere is a stray character */
  for (const char *p = line_text + at.off; p > line_text && p[-1] != '\n'; p--)
    if (p[-1] != ' ' && p[-1] != '\t')
      return false;
  at.len = 1;
  lex_error(lx, at, "'#' does not start a comment in pz: '%%' does");
  return true;
}

bool lex_quoted(Lexer *lx, const char *text, size_t len, size_t quote, Loc at, Sym *sym)
{
  const char *in = text + quote;
  size_t n = len - 2 * quote;
  bool name = n > 0 && islower((unsigned char)in[0]);
  for (size_t i = 0; i < n && name; i++)
    name = isalnum((unsigned char)in[i]) || in[i] == '_';
  lex_check_text(lx, text, len, at);
  if (name)
    lex_error(lx, at, "quotes have no meaning around a name in pz: write %.*s as it is, without them",
              (int)n, in);
  else if (quote == 1)
    lex_error(lx, at, "pz has no single quotes: write a string between double quotes, as in \"%.*s\"",
              (int)(n > 40 ? 40 : n), in);
  else
    lex_error(lx, at, "this string is between curly quotes (as a word processor writes them): "
              "use the plain double quote \" at each end");
  *sym = sym_intern(lx->syms, in, n);
  return name;
}
