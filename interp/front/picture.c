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
