# make install into a temporary PREFIX: the binary runs from there (with
# the stdlib it was built with), the man page and the docs are in place;
# make uninstall leaves no file behind.  The make of the suite's own
# build ($PZ's folder), without the calling make's flags and jobserver.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build=$(dirname "$PZ")
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s BUILD="$build" PREFIX="$tmp/p" "$@" > "$tmp/make.log" 2>&1 || cat "$tmp/make.log"; }
mk install
"$tmp/p/bin/pz" --unique tests/regress/install_uninstall.pz
echo "exit status $?"
for f in share/man/man1/pz.1 share/doc/pz/language.md share/doc/pz/README.md \
         share/doc/pz/LICENSE share/pz/stdlib/sudoku.pz; do
  [ -f "$tmp/p/$f" ] && echo "installed: $f"
done
mk uninstall
echo "left after uninstall: $(find "$tmp/p" -type f | wc -l) files"
