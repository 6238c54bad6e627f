#!/bin/sh
# library_rules.sh -- the library never exits, aborts or prints, and
# pz.h is its only public header (ARCHITECTURE.md, "The library and its
# host").  Greps the library's sources (interp/ but the command line, and
# grammar/) and fails, listing each offender, on:
#   - a call that ends the process: exit, _exit, abort, quick_exit;
#   - a bare malloc/calloc/realloc/free/strdup/strndup: memory goes
#     through interp/base/mem.c, the one file allowed them;
#   - I/O or the clock of its own: stdio streams and printing, fopen,
#     realpath, clock_gettime, time, getenv (the host supplies these);
#   - a header of the project included by pz.h, or by the command line
#     other than pz.h and its own (interp/cli/*.h), or a header of the
#     command line included by the library.
# assert() is fine: it is a check of pz's own logic, not an exit path.
#
#   tests/library_rules.sh        (run by make check)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
calls='exit|_exit|quick_exit|abort|malloc|calloc|realloc|free|strdup|strndup|fopen|freopen|fdopen|fread|fwrite|fclose|fflush|fgets|fputs|fputc|puts|putchar|printf|fprintf|vfprintf|vprintf|perror|realpath|clock_gettime|gettimeofday|time|getenv|system|popen'
files=$(find interp grammar -name '*.[chly]' ! -path 'interp/cli/*' ! -path interp/base/mem.c | sort)
bad=0
# calls (a name then "(", not part of a longer name), outside comments
found=$(grep -nE "(^|[^A-Za-z0-9_.>])($calls)[[:space:]]*\\(" $files |
        grep -vE '^[^:]+:[0-9]+:[[:space:]]*(\*|/\*|//)')
# the standard streams
streams=$(grep -nE '(^|[^A-Za-z0-9_<])(stdout|stderr|stdin)([^A-Za-z0-9_>]|$)' $files |
          grep -vE '^[^:]+:[0-9]+:[[:space:]]*(\*|/\*|//)')
for what in "$found" "$streams"; do
  if [ -n "$what" ]; then
    echo "$what" | sed 's/^/library_rules: not in the library: /'
    bad=1
  fi
done
# pz.h includes only the C library; the command line only pz.h and its own headers
inc=$(grep -nE '^#[[:space:]]*include[[:space:]]*"' interp/pz.h)
if [ -n "$inc" ]; then
  echo "$inc" | sed 's/^/library_rules: pz.h is the only public header, but it includes: /'
  bad=1
fi
inc=$(grep -nE '^#[[:space:]]*include[[:space:]]*"' interp/cli/*.[ch] | grep -vE '"(pz|cli/[a-z_]+)\.h"')
if [ -n "$inc" ]; then
  echo "$inc" | sed 's/^/library_rules: the command line includes more than pz.h: /'
  bad=1
fi
inc=$(grep -nE '^#[[:space:]]*include[[:space:]]*"cli/' $files)
if [ -n "$inc" ]; then
  echo "$inc" | sed 's/^/library_rules: the library includes the command line: /'
  bad=1
fi
if [ $bad = 0 ]; then
  echo "library rules: $(echo "$files" | wc -l) files, no exit, abort, bare allocation, I/O or clock"
fi
exit $bad
