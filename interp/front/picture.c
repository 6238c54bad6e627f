/*
** picture.c -- the tokens of a row of a drawn board (see picture.h).
*/
#include "front/picture.h"

#include <string.h>

bool picture_next_token(const char *s, size_t len, size_t *at, size_t *start, size_t *n)
{
  if (!memchr(s, ' ', len)) {           /* one token per character */
    if (*at >= len)
      return false;
    *start = (*at)++;
    *n = 1;
    return true;
  }
  size_t i = *at;
  while (i < len && s[i] == ' ')
    i++;
  if (i >= len)
    return false;
  size_t j = i;
  while (j < len && s[j] != ' ')
    j++;
  *start = i;
  *n = j - i;
  *at = j;
  return true;
}

PictureToken picture_token(const char *s, size_t n, int64_t *num)
{
  if (n == 1 && (s[0] == '.' || s[0] == '_'))
    return PICTURE_BLANK;
  size_t i = s[0] == '-' && n > 1 ? 1 : 0;
  bool digits = true;
  for (size_t k = i; k < n; k++)
    digits &= s[k] >= '0' && s[k] <= '9';
  if (!digits)
    return PICTURE_WORD;
  int64_t v = 0;
  for (size_t k = i; k < n; k++) {
    v = v * 10 + (s[k] - '0');
    if (v > PICTURE_MAX_NUMBER)
      return PICTURE_TOO_BIG;
  }
  *num = i ? -v : v;
  return PICTURE_NUMBER;
}
