/*
** src.h -- source texts and positions.
**
** A Loc is a byte span in one source; line and column are computed only
** when a message is printed.  Columns are 1-based and count bytes.
*/
#ifndef PZ_SRC_H
#define PZ_SRC_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t SrcId;

typedef struct Loc {
  SrcId src;      /* index into the SrcTable; 0 = no position */
  uint32_t off;   /* byte offset of the first byte */
  uint32_t len;   /* length in bytes; 0 for a point */
} Loc;

typedef struct LineCol {
  uint32_t line, col;  /* both 1-based */
} LineCol;

typedef struct Src {
  char *name;          /* as the user wrote it ("-" shows as <stdin>) */
  char *text;          /* NUL-terminated copy */
  size_t len;
  uint32_t start;      /* 3 after a UTF-8 byte-order mark, which is not text; else 0 */
  uint32_t *lines;     /* byte offset of each line start */
  uint32_t nlines;
} Src;

typedef struct SrcTable {
  Src *srcs;           /* srcs[0] is a placeholder for "no position" */
  uint32_t count, cap;
} SrcTable;

void src_init(SrcTable *t);
void src_free(SrcTable *t);
/* Copies name and text; returns the new id.  Columns on the first line
   are counted after a byte-order mark. */
SrcId src_add(SrcTable *t, const char *name, const char *text, size_t len);
const Src *src_get(const SrcTable *t, SrcId id);
LineCol src_linecol(const SrcTable *t, Loc at);
/* The smallest span covering a and b (both in the same source). */
Loc loc_span(Loc a, Loc b);

#endif
