/*
** opts.c -- command-line options, getopt_long's way (see opts.h).
**
** Written here rather than taken from getopt_long for the messages: which
** option was ambiguous between which, a did-you-mean for a typo, and no
** text printed by the parser itself (the command line says it, exit 2).
*/
#include "cli/opts.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void opt_init(OptParser *p, const OptSpec *specs, size_t nspecs, int argc, const char *const *argv,
              int first)
{
  *p = (OptParser){.specs = specs, .nspecs = nspecs, .argc = argc, .argv = argv,
                   .next = first};
}

__attribute__((format(printf, 2, 3)))
static int fail(OptParser *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->message, sizeof p->message, fmt, ap);
  va_end(ap);
  return OPT_ERROR;
}

/* --- did you mean --- */

/*
** The optimal string alignment distance: letters dropped, added, changed,
** or two neighbours swapped, each counting one.  Names are short; longer
** than 40 letters counts as far.
*/
static size_t edit_distance(const char *a, const char *b)
{
  size_t la = strlen(a), lb = strlen(b);
  if (la > 40 || lb > 40)
    return 99;
  size_t d[41][41];
  for (size_t i = 0; i <= la; i++)
    d[i][0] = i;
  for (size_t j = 0; j <= lb; j++)
    d[0][j] = j;
  for (size_t i = 1; i <= la; i++)
    for (size_t j = 1; j <= lb; j++) {
      size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      if (d[i - 1][j] + 1 < best)
        best = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < best)
        best = d[i][j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
          d[i - 2][j - 2] + 1 < best)
        best = d[i - 2][j - 2] + 1;
      d[i][j] = best;
    }
  return d[la][lb];
}

const char *opt_nearest(const OptSpec *specs, size_t nspecs, const char *name)
{
  size_t len = strlen(name);
  /* one typo in a short name, two in a longer one */
  size_t limit = len <= 4 ? 1 : 2;
  const char *best = NULL;
  size_t best_d = limit + 1;
  for (size_t i = 0; i < nspecs; i++) {
    if (!specs[i].long_name)
      continue;
    size_t d = edit_distance(name, specs[i].long_name);
    if (d < best_d) {
      best = specs[i].long_name;
      best_d = d;
    }
  }
  return best;
}

/* --- long options --- */

/* The option spelt --word (word after the dashes, up to '=' or its end). */
static int long_option(OptParser *p, const char *word)
{
  const char *eq = strchr(word, '=');
  size_t len = eq ? (size_t)(eq - word) : strlen(word);
  const OptSpec *found = NULL;
  bool ambiguous = false;
  for (size_t i = 0; i < p->nspecs && len > 0; i++) {   /* "--=x" names nothing */
    const OptSpec *s = &p->specs[i];
    if (!s->long_name || strncmp(s->long_name, word, len) != 0)
      continue;
    if (s->long_name[len] == '\0') {    /* the whole name: never ambiguous */
      found = s;
      ambiguous = false;
      break;
    }
    if (found && found->id != s->id)
      ambiguous = true;
    else if (!found)
      found = s;
  }
  char typed[64];
  snprintf(typed, sizeof typed, "--%.*s", (int)(len < 60 ? len : 60), word);
  if (ambiguous) {
    char names[160] = "";
    size_t used = 0;
    int last_id = 0;
    for (size_t i = 0; i < p->nspecs && used + 1 < sizeof names; i++) {
      const OptSpec *s = &p->specs[i];
      if (!s->long_name || strncmp(s->long_name, word, len) != 0 || s->id == last_id)
        continue;
      int n = snprintf(names + used, sizeof names - used, "%s--%s", used ? ", " : "",
                       s->long_name);
      if (n < 0)
        break;
      used += (size_t)n;
      last_id = s->id;
    }
    return fail(p, "option '%s' is ambiguous: it could be %s", typed, names);
  }
  if (!found) {
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(len < 60 ? len : 60), word);
    const char *near = opt_nearest(p->specs, p->nspecs, name);
    if (near)
      return fail(p, "unknown option '%s' (did you mean '--%s'?)", typed, near);
    return fail(p, "unknown option '%s'", typed);
  }
  snprintf(p->spelling, sizeof p->spelling, "--%s", found->long_name);
  if (!found->has_value) {
    if (eq)
      return fail(p, "option '%s' takes no value, but was given '%s'", p->spelling, eq + 1);
    p->value = NULL;
  } else if (eq) {
    p->value = eq + 1;
  } else if (p->next < p->argc) {
    p->value = p->argv[p->next++];
  } else {
    p->missing = found->id;
    return fail(p, "option '%s' needs a value", p->spelling);
  }
  return found->id;
}

/* --- short options --- */

/* The next option of the cluster -abc (p->cluster points into it). */
static int short_option(OptParser *p)
{
  char c = *p->cluster++;
  const OptSpec *found = NULL;
  for (size_t i = 0; i < p->nspecs && !found; i++)
    if (p->specs[i].short_name && p->specs[i].short_name == c)
      found = &p->specs[i];
  if (!found) {
    bool alone = p->word[2] == '\0';
    const char *near = p->word[1] != '-' && p->word[2] != '\0'
                         ? opt_nearest(p->specs, p->nspecs, p->word + 1) : NULL;
    p->cluster = NULL;
    if (alone)
      return fail(p, "unknown option '-%c'", c);
    if (near)
      return fail(p, "unknown option '-%c' in '%s' (did you mean '--%s'?)", c, p->word, near);
    return fail(p, "unknown option '-%c' in '%s'", c, p->word);
  }
  snprintf(p->spelling, sizeof p->spelling, "-%c", c);
  p->value = NULL;
  if (found->has_value) {
    if (*p->cluster) {                  /* -n2: the rest of the word */
      p->value = p->cluster;
    } else if (p->next < p->argc) {     /* -n 2 */
      p->value = p->argv[p->next++];
    } else {
      p->cluster = NULL;
      p->missing = found->id;
      return fail(p, "option '%s' needs a value", p->spelling);
    }
    p->cluster = NULL;
  } else if (!*p->cluster) {
    p->cluster = NULL;
  }
  return found->id;
}

int opt_next(OptParser *p)
{
  if (p->cluster)
    return short_option(p);
  if (p->next >= p->argc)
    return OPT_END;
  const char *word = p->argv[p->next++];
  if (p->operands_only || word[0] != '-' || word[1] == '\0') {
    p->value = word;                    /* a file, or "-": standard input */
    return OPT_OPERAND;
  }
  if (word[1] == '-') {
    if (word[2] == '\0') {              /* "--": only operands from here */
      p->operands_only = true;
      return opt_next(p);
    }
    return long_option(p, word + 2);
  }
  p->word = word;
  p->cluster = word + 1;
  return short_option(p);
}
