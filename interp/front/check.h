/*
** check.h -- the checker: every name, arity and scope error, with places.
**
** It fills the global name table (variables, constants, rules, value
** names) and walks every expression once.  It reports all errors it finds
** rather than stopping at the first.  Errors that depend on values
** (empty domains, a value name used as a number) are found while
** grounding, where the values are known; they use the same Diag.
*/
#ifndef PZ_CHECK_H
#define PZ_CHECK_H

#include <stdbool.h>

#include "front/ast.h"
#include "base/diag.h"
#include "front/names.h"

/* True when the program has no errors the checker can see. */
/*
** The host's clock, asked now and then by the pass that evaluates what is
** known before solving: true once the time limit has passed (the pass
** then stops quietly, and what follows reports the limit).  NULL: no limit.
*/
typedef bool (*CheckTimeUp)(void *ctx);

bool check_program(const Ast *ast, Names *names, SymTable *syms, Diag *diag);
/* The same, under a time limit. */
bool check_program_timed(const Ast *ast, Names *names, SymTable *syms, Diag *diag,
                         CheckTimeUp time_up, void *time_ctx);

/* The candidate closest to `wrong` by edit distance, or NULL if none is close. */
const char *check_closest(const char *wrong, const char *const *candidates, uint32_t n);

/*
** The option a tile statement's words spell ("no flips"), its text put in
** buf; NULL when the words are not an option.
*/
const char *check_tile_option(const SymTable *syms, const Node *words, char *buf, size_t size);

#endif
