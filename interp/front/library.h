/*
** library.h -- the rule libraries of stdlib/, compiled into the binary.
*/
#ifndef PZ_LIBRARY_H
#define PZ_LIBRARY_H

#include <stddef.h>

typedef struct StdlibFile {
  const char *name;   /* "magic.pz" */
  const char *text;
} StdlibFile;

/* The embedded library file called name (without ".pz"), or NULL. */
const StdlibFile *library_find(const char *name);
/* The embedded file (name without ".pz", owned by a static table) that
   defines a rule called `rule` at the start of a line, or NULL. */
const char *library_defining(const char *rule, size_t *name_len);
/* All embedded files, for "did you mean" and listings. */
const StdlibFile *library_files(size_t *count);

#endif
