#!/bin/sh
# bench/deps.sh -- install the peers `make bench` compares pz with, when
# they are missing: MiniZinc with its Gecode back end (Debian's minizinc and
# flatzinc), SWI-Prolog (swi-prolog-nox, for clpfd), clingo (gringo), and
# time and valgrind (peak memory by hand, instruction counts for
# BENCH_INSTR=1).  Runs apt-get only as root on a Debian-like machine;
# otherwise says what to do.  The bench runs without them: it skips a
# missing peer with a note.
missing=""
command -v minizinc >/dev/null 2>&1 || missing="$missing minizinc"
command -v fzn-gecode >/dev/null 2>&1 || missing="$missing flatzinc"
command -v swipl >/dev/null 2>&1 || missing="$missing swi-prolog-nox"
command -v clingo >/dev/null 2>&1 || missing="$missing gringo"
[ -x /usr/bin/time ] || missing="$missing time"
command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"
if [ -z "$missing" ]; then
  echo "bench-deps: all peers are installed"
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "bench-deps: installing:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null || exit 1
else
  echo "bench-deps: missing:$missing" >&2
  echo "bench-deps: as root on Debian: apt-get install$missing" >&2
  echo "bench-deps: (make bench runs without them and skips each missing peer)" >&2
fi
