# A 1,000,000-letter name far along a line and at a line's start, a
# 300-digit number: each error stays short (see the .pz).
f=tests/regress/long_identifier_in_message.pz
long() { awk -v n="$1" -v c="$2" 'BEGIN { s = c; while (length(s) < n) s = s s; printf "%s", substr(s, 1, n) }'; }
{ cat $f; printf 'clue a: '; long 4000 'x + '; long 1000000 a; printf ' = 1.\n'; } | $PZ -; echo "exit $?"
json=$({ cat $f; long 1000000 b; printf ' = 1.\n'; } | $PZ check --json -); echo "exit $?"
echo "$json" | cut -c1-400
{ cat $f; printf 'clue c: x = '; long 300 9; printf '.\n'; } | $PZ check -; echo "exit $?"
