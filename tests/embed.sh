#!/bin/sh
# embed.sh -- turn stdlib/*.pz into a C table {name, text} for stdlib.c.
for f in "$@"; do
  printf '{ "%s",\n' "$(basename "$f")"
  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$/\\n"/' "$f"
  printf '},\n'
done
