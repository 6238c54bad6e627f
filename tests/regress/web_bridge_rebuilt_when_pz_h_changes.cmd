# The bridge's object depends on interp/pz.h through its .d file (see the .pz).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
b=$tmp/build
# a make of its own, not a part of the make that runs the tests
unset MAKEFLAGS MFLAGS MAKELEVEL
make -s BUILD="$b" "$b/web/pzweb.o" > "$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
[ -f "$b/web/pzweb.d" ] && echo "pzweb.d written"
grep -q '^[^:]*pzweb[.]o:.*interp/pz[.]h' "$b/web/pzweb.d" && echo "pzweb.d names interp/pz.h"
make -q BUILD="$b" "$b/web/pzweb.o"
echo "up to date: make -q says $?"
make -q -W interp/pz.h BUILD="$b" "$b/web/pzweb.o"
echo "pz.h changed: make -q says $?"
