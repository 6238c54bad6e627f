# Ctrl-C during pz explain: the answer says "interrupted", in the text and
# in JSON, never a limit, and pz exits 3.  Not timed: SIGINT is sent once
# pz has installed its handler (as in ctrl_c_loses_count.cmd), whatever
# pz is doing by then (loading or explaining: the words are the same).
f=tests/regress/explain_interrupted_is_not_the_time_limit.pz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
interrupt() {
  if [ -r /proc/$1/status ]; then
    caught() {
      [ "$(cat /proc/$1/comm 2>/dev/null)" = pz ] &&
        grep -q '^SigCgt:.*[2367abef]$' /proc/$1/status 2>/dev/null
    }
    while kill -0 $1 2>/dev/null && ! caught $1; do
      sleep 0.01
    done
  else
    sleep 1
  fi
  kill -INT $1
}
env --default-signal=INT "$PZ" explain "$f" > "$tmp/out" 2> "$tmp/err" &
pid=$!
interrupt $pid
wait $pid
echo "exit status $?"
echo "lines that speak of a limit: $(grep -c -i 'limit' "$tmp/out")"
# no verdict when the signal came while loading
v=$(grep -e '^Verdict' -e '^Not checked' "$tmp/out" | sed 's/[0-9][0-9]*/N/g')
case "$v" in
  ""|"Verdict: interrupted after N steps.") echo "verdict: interrupted, or none yet" ;;
  *) echo "verdict: $v" ;;
esac
cat "$tmp/err" >&2
env --default-signal=INT "$PZ" explain --json "$f" > "$tmp/out" 2> "$tmp/err" &
pid=$!
interrupt $pid
wait $pid
echo "exit status $?"
sed -n 's/^{"version": 1, "status": "\([a-z]*\)".*/status \1/p' "$tmp/out"
cat "$tmp/err" >&2
