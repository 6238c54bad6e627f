/*
** opts.h -- command-line options read the way getopt_long reads them,
** with the messages pz wants when they are wrong.
**
** Short options combine (-as is -a -s) and take their value in the same
** word or the next (-n2, -n 2); long options take --name=value or
** --name value and may be shortened to any prefix that names one option
** (--sol=2); "--" ends the options; "-" alone is an operand (standard
** input).  A long option that is not in the table gets a did-you-mean
** from it.  Options and operands may come in any order.
**
** The table has one row per spelling: rows with the same id are aliases
** (--all and --all-solutions), so a prefix of two aliases is not
** ambiguous.  Nothing is allocated; the parser reads argv and the table,
** which must outlive it.
*/
#ifndef PZ_CLI_OPTS_H
#define PZ_CLI_OPTS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct OptSpec {
  int id;                 /* > 0: what opt_next returns for this option */
  char short_name;        /* 'a' for -a; 0: none */
  const char *long_name;  /* "all" for --all; NULL: none */
  bool has_value;         /* takes a value (-n 2, --solutions=2) */
} OptSpec;

/* What opt_next returns besides an option's id. */
enum { OPT_END = 0, OPT_OPERAND = -1, OPT_ERROR = -2 };

typedef struct OptParser {
  const OptSpec *specs;
  size_t nspecs;
  int argc;
  const char *const *argv;
  int next;               /* the next word of argv to read */
  const char *cluster;    /* the rest of a word of short options (-as), or NULL */
  const char *word;       /* the word the cluster came from, for messages */
  bool operands_only;     /* after "--" */
  const char *value;      /* the option's value, or the operand */
  char spelling[64];      /* the option as named in messages: "-n", "--solutions" */
  char message[256];      /* after OPT_ERROR: what is wrong, in words */
  int missing;            /* after OPT_ERROR: the id of the option whose value
                             is missing (spelling names it), else 0 */
} OptParser;

/* Read argv[first..argc-1] against specs[0..nspecs-1]. */
void opt_init(OptParser *p, const OptSpec *specs, size_t nspecs, int argc, const char *const *argv,
              int first);

/*
** The next option's id (its value in p->value, NULL for a flag), or
** OPT_OPERAND (the word in p->value), OPT_END when argv is read, or
** OPT_ERROR with p->message set (an unknown or ambiguous option, a value
** missing or given to a flag).  After an error the parser must not be
** called again.
*/
int opt_next(OptParser *p);

/*
** The long name of specs nearest to name (a typo or two away: letters
** dropped, added, changed or swapped), or NULL when none is that near.
*/
const char *opt_nearest(const OptSpec *specs, size_t nspecs, const char *name);

#endif
