# timeit.sh -- sourced by the bench scripts that time pz runs one by one
# (ratio.sh, workers.sh): from the project's root, a scratch directory
# $TMP removed at exit, and bench/timeit.c compiled to $TIMEIT.
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TIMEIT=$TMP/timeit
${CC:-cc} -std=c11 -O2 -o "$TIMEIT" bench/timeit.c || exit 2
