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
/* All embedded files, for "did you mean" and listings. */
const StdlibFile *library_files(size_t *count);

#endif
