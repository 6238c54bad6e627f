#!/bin/sh
# run.sh -- every mode of pz that prints JSON (tests/json/cases), parsed
# with python3's json module and checked against doc/pz-output.schema.json
# by tests/json/validate.py (doc/json.md describes the format).
#
#   tests/json/run.sh PZ
pz=${1:?usage: tests/json/run.sh path/to/pz}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
if ! command -v python3 >/dev/null 2>&1; then
  echo "json: python3 is missing (tests/deps.sh installs it)"; exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
while read -r status args; do
  case $status in ''|'#'*) continue ;; esac
  lines=""
  case " $args " in *" --json-stream "*) lines=--lines ;; esac
  # shellcheck disable=SC2086
  "$pz" $args > "$tmp/out" 2> /dev/null
  if python3 tests/json/validate.py doc/pz-output.schema.json $lines --status "$status" \
       < "$tmp/out" > "$tmp/why"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: json: pz $args"
    head -20 "$tmp/why"
  fi
done < tests/json/cases
# the validator itself must refuse what is wrong
for bad in '{"version": 1, "status": "error", "errors": [], "errors": []}' \
           '{"version": 1, "status": "done", "errors": []}' \
           '{"version": 1, "status": "solved", "complete": 1, "count": 0, "solutions": [], "errors": [], "stats": {"nodes": 0, "failures": 0, "propagations": 0, "depth": 0, "probes": 0, "time": 0}}' \
           '{"version": 1, "status": "error", "errors": [{"file": null, "line": 0, "column": null, "severity": "error", "message": "m"}]}' \
           '{"version": 1, "status": "error", "errors": []'; do
  if printf '%s\n' "$bad" | python3 tests/json/validate.py doc/pz-output.schema.json > /dev/null; then
    failed=$((failed + 1)); echo "FAIL: json: the validator took $bad"
  else
    passed=$((passed + 1))
  fi
done
echo "json: $passed passed, $failed failed"
[ "$failed" = 0 ]
