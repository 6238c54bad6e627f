#!/bin/sh
# oom.sh -- allocation-failure injection over every example (SQLite's
# "malloc test"): the run that makes the Nth allocation fail must end with
# exit status 2 and "pz: out of memory" as the last line of stderr, with no
# sanitizer report (ASan, UBSan, LeakSanitizer), and whatever it printed
# before must be the start of the normal run's output (with -j: the
# out-of-memory JSON object).  Runs with a time limit are skipped: where
# they stop, and so how much they allocate, depends on the clock.
#
#   tests/oom/oom.sh [--short] PZ [NAME | FILE.pz ...]
#
# PZ should be an ASan + UBSan build (make oomtest builds one).  For each
# examples/NAME.pz (all of them, or the NAMEs given), run with the options
# of tests/examples/NAME.args (or any FILE.pz, with FILE.args when there
# is one: tests/errors/*.pz, say), the script first counts the run's
# allocations (PZ_COUNT_ALLOC=1 prints "allocations: K"), then runs it
# with PZ_FAIL_ALLOC=N for every N from 1 to K.  --short runs N = 1..50,
# then 30 more N spread evenly up to K, and K itself: a deterministic
# sample for CI (about 1,300 runs, a minute and a half).
short=0
if [ "$1" = "--short" ]; then short=1; shift; fi
pz=${1:?usage: tests/oom/oom.sh [--short] PZ [NAME...]}
shift
case $pz in /*) ;; *) pz=$(pwd)/$pz ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# LeakSanitizer is on by default with ASan on Linux; say so anyway, and
# keep the sanitizers' exit status distinct from pz's 2.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
export ASAN_OPTIONS UBSAN_OPTIONS

if [ $# = 0 ]; then
  set --
  for args in tests/examples/*.args; do
    set -- "$@" "$(basename "$args" .args)"
  done
fi

# The Ns to try for a run of K allocations.
sample() {
  if [ $short = 0 ]; then
    seq 1 "$1"
  else
    { seq 1 "$(( $1 < 50 ? $1 : 50 ))"
      [ "$1" -gt 50 ] && seq 50 "$(( ($1 - 50) / 30 + 1 ))" "$1"
      echo "$1"; } | sort -n -u
  fi
}

# What -j prints when memory runs out (its answer is printed at the end).
cat > "$tmp/oom.json" <<'JSON'
{"status": "error", "errors": [{"file": null, "line": null, "column": null, "severity": "error", "message": "out of memory"}]}
JSON

examples=0
runs=0
failures=0
for name in "$@"; do
  case $name in
    *.pz) file=$name; argsfile=${name%.pz}.args ;;
    *)    file=examples/$name.pz; argsfile=tests/examples/$name.args ;;
  esac
  args=""
  [ -f "$argsfile" ] && args=$(cat "$argsfile")
  case " $args " in
    *" --timeout "*|*" -t "*)
      echo "$name: skipped (a time limit makes the allocations vary from run to run)"
      continue ;;
  esac
  # shellcheck disable=SC2086
  set -- $args
  PZ_COUNT_ALLOC=1 "$pz" "$@" "$file" > "$tmp/full.out" 2> "$tmp/full.err"
  k=$(sed -n 's/^allocations: //p' "$tmp/full.err" | tail -1)
  if [ -z "$k" ]; then
    echo "FAIL: $name: no allocation count (is PZ_COUNT_ALLOC supported?)"
    failures=$((failures + 1))
    continue
  fi
  examples=$((examples + 1))
  bad=0
  n_runs=0
  for n in $(sample "$k"); do
    n_runs=$((n_runs + 1))
    PZ_FAIL_ALLOC=$n "$pz" "$@" "$file" > "$tmp/out" 2> "$tmp/err"
    st=$?
    why=""
    if [ $st != 2 ]; then
      why="exit status $st"
    elif [ "$(tail -1 "$tmp/err")" != "pz: out of memory" ]; then
      why="stderr does not end with 'pz: out of memory'"
    elif grep -q 'Sanitizer\|runtime error' "$tmp/err"; then
      why="a sanitizer report"
    elif ! cmp -s -n "$(wc -c < "$tmp/out")" "$tmp/out" "$tmp/full.out" &&
         ! cmp -s "$tmp/out" "$tmp/oom.json"; then
      why="stdout is neither the start of the normal run's nor -j's out-of-memory object"
    fi
    if [ -n "$why" ]; then
      bad=$((bad + 1))
      if [ $bad -le 3 ]; then
        echo "FAIL: PZ_FAIL_ALLOC=$n $pz $* $file: $why"
        head -20 "$tmp/err" | sed 's/^/    /'
      fi
    fi
  done
  runs=$((runs + n_runs))
  failures=$((failures + bad))
  echo "$name: $k allocations, $n_runs runs, $bad failed"
done
echo "oomtest: $examples inputs, $runs runs, $failures failed"
[ $failures = 0 ]
