/*
** pzweb.h -- the playground's bridge (web/pzweb.c): one pz command, one JSON answer.
*/
#ifndef PZ_PZWEB_H
#define PZ_PZWEB_H

/*
** Run command ("solve", "all", "count", "check", "explain", "grade",
** "generate") on the puzzle text, called name in messages and titles,
** with seed for generate (0: 1) and a time limit in seconds (0: none).
** The answer is a JSON object allocated with malloc (pzw_free frees it);
** NULL only when there is no memory even for the message.
*/
char *pzw_run(const char *command, const char *name, const char *text, double seed, double timeout);
void pzw_free(char *s);

#endif
