#!/bin/sh
# run.sh -- run one libFuzzer target (see fuzz.mk).
#
#   tests/fuzz/run.sh BUILD TARGET SECONDS   fuzz for SECONDS; exit 1 on any finding
#   tests/fuzz/run.sh --merge BUILD TARGET   minimize tests/fuzz/corpus/TARGET with
#                                            what the runs found and the seeds
#
# The last lines of the log say how many inputs ran, the coverage reached and
# the time; on a finding, the sanitizer's report and where the input was saved.
merge=0
if [ "$1" = "--merge" ]; then merge=1; shift; fi
build=${1:?usage: run.sh [--merge] BUILD TARGET [SECONDS]}
target=${2:?usage: run.sh [--merge] BUILD TARGET [SECONDS]}
seconds=${3:-60}
bin=$build/fuzz/fuzz_$target
kept=tests/fuzz/corpus/$target
work=$build/fuzz/corpus/$target
crashes=$build/fuzz/crashes/$target
log=$build/fuzz/$target.log
mkdir -p "$kept" "$work" "$crashes"

if [ $merge = 1 ]; then
  new=$build/fuzz/merged/$target
  rm -rf "$new" && mkdir -p "$new"
  # -use_counters=0: keep one input per new edge (not per hit count), so
  # the kept corpus stays a few hundred small files
  "$bin" -merge=1 -use_counters=0 -timeout=10 -rss_limit_mb=2048 \
    "$new" "$kept" "$work" "$build/fuzz/seed" > "$log" 2>&1 || { tail -30 "$log"; exit 1; }
  rm -rf "$kept" && cp -r "$new" "$kept"
  echo "fuzz $target: kept corpus $(ls "$kept" | wc -l) inputs, $(cat "$kept"/* | wc -c) bytes"
  exit 0
fi

# -timeout: an input may take 10 s at most; -rss_limit_mb: and 2 GB.
# FUZZ_RUNS and FUZZ_SEED (fuzz-short, in CI): a fixed number of inputs
# from a fixed seed, so that a run that passes here passes in CI on the
# same code (the hour-long `make fuzz` is the one that roams).
repeat=""
[ -n "${FUZZ_RUNS:-}" ] && repeat="-runs=$FUZZ_RUNS -seed=${FUZZ_SEED:-1}"
# shellcheck disable=SC2086
"$bin" -max_total_time="$seconds" $repeat -dict=tests/fuzz/pz.dict -timeout=10 \
  -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes/" \
  "$work" "$kept" "$build/fuzz/seed" > "$log" 2>&1
st=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
time=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\2 s/p' "$log")
if [ $st != 0 ]; then
  echo "fuzz $target: FOUND a bug (exit status $st); the report:"
  grep -v '^#[0-9]' "$log" | tail -60
  exit 1
fi
echo "fuzz $target: ${runs:-?} inputs in ${time:-$seconds s}, $cov, nothing found"
