#!/bin/sh
# run.sh -- the end-to-end tests: examples, error messages, golden files.
#
#   tests/run.sh [--accept] PZ
#
# examples: tests/examples/NAME.args holds the options for examples/NAME.pz;
#           NAME.out is the expected stdout, NAME.err the expected stderr
#           (no file: nothing), NAME.status the exit status (0).
#           With NAME.unordered, the solutions may come in any order: the
#           blank-line separated blocks are compared as a set.
# errors:   tests/errors/NAME.pz must fail with exactly NAME.err on stderr
#           and exit status 2 (or NAME.status); `pz check NAME.pz` must
#           print the same stderr (the checker finds every static error)
#           and exit 2 too, unless NAME.status says the file has none.
# golden:   tests/golden/AREA/NAME.pz, with NAME.out (stdout), NAME.err
#           (stderr, no file: nothing) and optional NAME.args, NAME.status.
# regress:  tests/regress/NAME.pz, one per bug fixed: NAME.out, NAME.err,
#           optional NAME.args, NAME.status, or NAME.cmd (see below).
# docs:     every `$ pz ARGS` or `$ build/pz ARGS` line of README.md,
#           doc/*.md and doc/pz.1 must print the lines that follow it
#           there; a `...` line stands for any lines (tests/docs.py).
# explain:  tests/explain/NAME.WHAT.args holds the options (`explain
#           --verdict`, `grade`, ...) for examples/NAME.pz; NAME.WHAT.out,
#           .err and .status as for the examples.  Every step printed is
#           also checked by a separate solve inside pz (builds with
#           assertions): a step that does not follow is exit status 4.
# grade:    tests/grade/NN_*.pz are sudokus with published ratings, in
#           increasing order: `pz grade` must order them the same way.
# --accept rewrites the expected files from what pz prints now.
accept=0
if [ "$1" = "--accept" ]; then accept=1; shift; fi
pz=${1:?usage: tests/run.sh [--accept] path/to/pz}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# check NAME EXPECTED-FILE ACTUAL-FILE EXPECTED-STATUS ACTUAL-STATUS [EXPECTED-ERR ACTUAL-ERR]
# With the last two, stderr is compared too; a missing EXPECTED-ERR
# expects nothing, and --accept writes it only when there is something.
check() {
  if [ $accept = 1 ]; then
    cp "$3" "$2"
    # a status file only where the status is not the section's default
    if [ "$5" != "$default_status" ]; then echo "$5" > "${2%.*}.status"
    else rm -f "${2%.*}.status"; fi
    if [ -n "$6" ]; then
      if [ -s "$7" ]; then cp "$7" "$6"; else rm -f "$6"; fi
    fi
    passed=$((passed + 1))
    return
  fi
  err_ok=1
  if [ -n "$6" ]; then
    if [ -f "$6" ]; then cmp -s "$6" "$7" || err_ok=0
    else [ -s "$7" ] && err_ok=0
    fi
  fi
  if cmp -s "$2" "$3" && [ "$4" = "$5" ] && [ $err_ok = 1 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $1 (exit status $5, expected $4)"
    diff "$2" "$3" | head -20
    if [ $err_ok = 0 ]; then
      echo "stderr:"
      if [ -f "$6" ]; then diff "$6" "$7" | head -20; else head -20 "$7"; fi
    fi
  fi
}

# The blank-line separated blocks of file $1, one per line, sorted.
blocks() {
  awk 'BEGIN { RS = "" } { gsub(/\n/, "\\n"); print }' "$1" | LC_ALL=C sort
}

status_of() {
  if [ -f "$1" ]; then cat "$1"; else echo "${2:-0}"; fi
}

default_status=0
for args in tests/examples/*.args; do
  [ -f "$args" ] || continue
  name=$(basename "$args" .args)
  # shellcheck disable=SC2046
  "$pz" $(cat "$args") "examples/$name.pz" > "$tmp/out" 2> "$tmp/err"
  st=$?
  expected="tests/examples/$name.out"
  if [ $accept = 0 ] && [ -f "tests/examples/$name.unordered" ]; then
    blocks "$expected" > "$tmp/expected"
    blocks "$tmp/out" > "$tmp/out.blocks"
    mv "$tmp/out.blocks" "$tmp/out"
    expected="$tmp/expected"
  fi
  check "examples/$name" "$expected" "$tmp/out" \
        "$(status_of "tests/examples/$name.status")" "$st" \
        "tests/examples/$name.err" "$tmp/err"
done

default_status=2
for pzfile in tests/errors/*.pz; do
  [ -f "$pzfile" ] || continue
  base=${pzfile%.pz}
  "$pz" "$pzfile" > "$tmp/out" 2> "$tmp/err"
  st=$?
  check "$pzfile" "$base.err" "$tmp/err" "$(status_of "$base.status" 2)" "$st"
  # the checker alone must say the same (a file whose NAME.status is not
  # 2 has no static error: its check passes and prints nothing)
  [ $accept = 1 ] && continue
  "$pz" check "$pzfile" > "$tmp/out" 2> "$tmp/err.check"
  st=$?
  want_st=$(status_of "$base.status" 2)
  if [ "$want_st" = 2 ]; then want=$base.err; else want=/dev/null; want_st=0; fi
  if cmp -s "$want" "$tmp/err.check" && [ "$st" = "$want_st" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: pz check $pzfile (exit status $st, expected $want_st)"
    diff "$want" "$tmp/err.check" | head -20
  fi
done

default_status=0
for pzfile in tests/golden/*/*.pz; do
  [ -f "$pzfile" ] || continue
  base=${pzfile%.pz}
  args=""
  [ -f "$base.args" ] && args=$(cat "$base.args")
  # shellcheck disable=SC2086
  "$pz" $args "$pzfile" > "$tmp/out" 2> "$tmp/err"
  st=$?
  check "$pzfile" "$base.out" "$tmp/out" "$(status_of "$base.status")" "$st" \
        "$base.err" "$tmp/err"
done

# explain: each NAME.WHAT.args runs on examples/NAME.pz
default_status=0
for args in tests/explain/*.args; do
  [ -f "$args" ] || continue
  base=${args%.args}
  name=$(basename "$base")
  name=${name%%.*}
  # shellcheck disable=SC2046
  "$pz" $(cat "$args") "examples/$name.pz" > "$tmp/out" 2> "$tmp/err"
  st=$?
  check "$args" "$base.out" "$tmp/out" "$(status_of "$base.status")" "$st" "$base.err" "$tmp/err"
done

# generate: each puzzle pz generate wrote must have one solution, and
# lose it without any one of its givens (each given is needed)
for out in tests/explain/*.out; do
  # clues chosen from a pool of candidates: one solution, and more without any one of them
  if grep -q '^% Clues chosen by pz generate' "$out"; then
    ok=1
    [ "$("$pz" -n 2 -c "$out" 2>/dev/null)" = "solutions: 1" ] || { ok=0; echo "FAIL: $out: the generated puzzle has not one solution"; }
    start=$(grep -n '^% Clues chosen by pz generate' "$out" | cut -d: -f1)
    for line in $(awk -v s="$start" 'NR > s && /^clue /{ print NR }' "$out"); do
      sed "${line}d" "$out" > "$tmp/less.pz"
      if [ "$("$pz" -n 2 -c "$tmp/less.pz" 2>/dev/null)" = "solutions: 1" ]; then
        ok=0; echo "FAIL: $out: the clue on line $line is not needed"
      fi
    done
    if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    continue
  fi
  grep -q '^clue generated: ' "$out" || continue
  if [ "$("$pz" -c "$out" 2>/dev/null)" != "solutions: 1" ]; then
    failed=$((failed + 1)); echo "FAIL: $out: the generated puzzle has not one solution"; continue
  fi
  # with --no-guess or --grade a given may be needed for the level instead
  if grep -q -e '--no-guess' -e '--grade' "${out%.out}.args"; then
    if "$pz" explain --verdict "$out" 2>/dev/null | grep -q 'needs a guess'; then
      failed=$((failed + 1)); echo "FAIL: $out: the puzzle made with --no-guess or --grade needs a guess"
    else
      passed=$((passed + 1))
    fi
    continue
  fi
  first=$(grep -n '^clue generated: ' "$out" | cut -d: -f1)
  last=$(wc -l < "$out")
  ok=1
  line=$first
  while [ "$line" -le "$last" ]; do
    if sed -n "${line}p" "$out" | grep -q ' = '; then
      sed "${line}s/[A-Za-z_][A-Za-z0-9_]*\[[0-9, ]*\] = [A-Za-z0-9_-]*/true/" "$out" > "$tmp/less.pz"
      n=$("$pz" -c "$tmp/less.pz" 2>/dev/null)
      if [ "$n" = "solutions: 1" ]; then
        ok=0; echo "FAIL: $out: the given on line $line is not needed"
      fi
    fi
    line=$((line + 1))
  done
  if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done

# grade: the rated sudokus must come out in the order of their ratings
prev_level=0
prev_score=0
prev=""
for pzfile in tests/grade/*.pz; do
  [ -f "$pzfile" ] || continue
  line=$("$pz" grade "$pzfile")
  level=$(echo "$line" | sed -n 's/^grade: level \([0-9]*\).*/\1/p')
  score=$(echo "$line" | sed -n 's/.*score \([0-9]*\).*/\1/p')
  if [ -z "$level" ] || [ -z "$score" ]; then
    failed=$((failed + 1)); echo "FAIL: $pzfile: pz grade printed '$line'"
  elif [ "$level" -lt "$prev_level" ] || { [ "$level" -eq "$prev_level" ] && [ "$score" -le "$prev_score" ]; }; then
    failed=$((failed + 1)); echo "FAIL: $pzfile (level $level, score $score) is not graded harder than $prev (level $prev_level, score $prev_score)"
  else
    passed=$((passed + 1))
  fi
  prev_level=$level; prev_score=$score; prev=$pzfile
done

# regress: tests/regress/NAME.pz, one file per bug fixed, named for it.
# It runs as `pz $(cat NAME.args) tests/regress/NAME.pz`, or as the shell
# command in NAME.cmd (run from the root, with $PZ set) when that exists;
# stdout must be NAME.out, stderr NAME.err, the exit status NAME.status (0).
for pzfile in tests/regress/*.pz; do
  [ -f "$pzfile" ] || continue
  base=${pzfile%.pz}
  if [ -f "$base.cmd" ]; then
    PZ=$pz sh "$base.cmd" > "$tmp/out" 2> "$tmp/err"
  else
    args=""
    [ -f "$base.args" ] && args=$(cat "$base.args")
    # shellcheck disable=SC2086
    "$pz" $args "$pzfile" > "$tmp/out" 2> "$tmp/err"
  fi
  st=$?
  if [ $accept = 1 ]; then
    cp "$tmp/out" "$base.out"
    cp "$tmp/err" "$base.err"
    if [ "$st" != 0 ]; then echo "$st" > "$base.status"; else rm -f "$base.status"; fi
    passed=$((passed + 1))
    continue
  fi
  want_st=$(status_of "$base.status")
  if cmp -s "$base.out" "$tmp/out" && cmp -s "$base.err" "$tmp/err" && [ "$st" = "$want_st" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $pzfile (exit status $st, expected $want_st)"
    diff "$base.out" "$tmp/out" | head -10
    diff "$base.err" "$tmp/err" | head -10
  fi
done

# docs: every `$ pz ...` (or `$ build/pz ...`) example of README.md,
# doc/*.md and doc/pz.1 is run and must print what the document shows
# (tests/docs.py says how the files they name are made).
if [ $accept = 0 ]; then
  python3 tests/docs.py "$pz" > "$tmp/docs" 2>&1
  grep -v '^docs: ' "$tmp/docs"
  summary=$(grep '^docs: ' "$tmp/docs")
  n=$(echo "$summary" | sed -n 's/^docs: \([0-9]*\) passed.*/\1/p')
  m=$(echo "$summary" | sed -n 's/^docs: [0-9]* passed, \([0-9]*\) failed.*/\1/p')
  if [ -z "$n" ] || [ -z "$m" ]; then
    failed=$((failed + 1)); echo "FAIL: tests/docs.py did not finish"
  else
    passed=$((passed + n)); failed=$((failed + m))
  fi
fi

echo "end-to-end: $passed passed, $failed failed"
[ "$failed" = 0 ]
