/*
** spell.h -- "did you mean": the closest of a few words to a misspelt one.
**
** Used by the parser (keywords) and the checker (names, libraries).
*/
#ifndef PZ_SPELL_H
#define PZ_SPELL_H

#include <stdint.h>

/* The edit distance between a and b, a swap of two neighbours counting
   one (99 when either is longer than 64). */
uint32_t spell_distance(const char *a, const char *b);
/*
** The candidate closest to `wrong`, or NULL when none is close: about one
** typo per three letters, at most three, and one for a word of three
** letters or fewer (so 'day' does not suggest 'max'), none for one letter.
*/
const char *spell_closest(const char *wrong, const char *const *candidates, uint32_t n);

#endif
