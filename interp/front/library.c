/*
** library.c -- the embedded copies of the stdlib folder (see tests/embed.sh).
*/
#include "front/library.h"

#include <stdbool.h>
#include <string.h>

static const StdlibFile files[] = {
#include "stdlib.inc"
  {NULL, NULL},
};

const StdlibFile *library_find(const char *name)
{
  size_t n = strlen(name);
  for (const StdlibFile *f = files; f->name; f++)
    if (strncmp(f->name, name, n) == 0 && strcmp(f->name + n, ".pz") == 0)
      return f;
  return NULL;
}

const char *library_defining(const char *rule, size_t *name_len)
{
  size_t n = strlen(rule);
  for (const StdlibFile *f = files; f->name; f++) {
    for (const char *p = f->text; (p = strstr(p, rule)) != NULL; p += n) {
      bool line_start = p == f->text || p[-1] == '\n';
      if (line_start && p[n] == '(') {
        *name_len = strlen(f->name) - 3;             /* without ".pz" */
        return f->name;
      }
    }
  }
  return NULL;
}

const StdlibFile *library_files(size_t *count)
{
  *count = sizeof files / sizeof files[0] - 1;
  return files;
}
