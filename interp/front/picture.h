/*
** picture.h -- the tokens of a row of a drawn board.
**
** A row with spaces is split at them, so a cell may have several digits
** ("12  . 7"); a row without spaces has one token per character
** ("53..7....").  The checker and the grounder read pictures through
** this one function, so they always agree on what a row holds.
*/
#ifndef PZ_FRONT_PICTURE_H
#define PZ_FRONT_PICTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
** The next token of row s (of length len) from *at on: true with its
** start and length, *at moved past it; false when the row has no more.
*/
bool picture_next_token(const char *s, size_t len, size_t *at, size_t *start, size_t *n);

/*
** What a token is: a blank ('.' or '_'), a number (into *num) within
** -PICTURE_MAX_NUMBER..PICTURE_MAX_NUMBER, a number beyond that (an error
** the checker reports, as the lexer does for one outside a picture), or a
** word.
*/
#define PICTURE_MAX_NUMBER 1000000000   /* the lexer's largest number */
typedef enum { PICTURE_BLANK, PICTURE_NUMBER, PICTURE_TOO_BIG, PICTURE_WORD } PictureToken;
PictureToken picture_token(const char *s, size_t n, int64_t *num);

#endif
