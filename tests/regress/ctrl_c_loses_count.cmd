# Ctrl-C during a long count: pz stops, prints the count so far and the
# statistics, says it was interrupted, and exits 3 (it used to die at
# once, exit 130, printing nothing).  Not timed: SIGINT is sent once pz
# has installed its handler (/proc/PID/status), whenever that is, and the
# numbers, which depend on the machine's speed, are replaced by N.
# env --default-signal: a background job of sh starts with SIGINT ignored,
# and pz then leaves it so.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
env --default-signal=INT "$PZ" -c -s tests/regress/ctrl_c_loses_count.pz > "$tmp/out" 2> "$tmp/err" &
pid=$!
if [ -r /proc/$pid/status ]; then
  # pz runs (not yet the shell or env before it), and catches SIGINT:
  # signal 2, bit 1 of the mask of caught signals
  caught() {
    [ "$(cat /proc/$pid/comm 2>/dev/null)" = pz ] &&
      grep -q '^SigCgt:.*[2367abef]$' /proc/$pid/status 2>/dev/null
  }
  while kill -0 $pid 2>/dev/null && ! caught; do
    sleep 0.01
  done
else
  sleep 1
fi
kill -INT $pid
wait $pid
echo "exit status $?"
# (whether a first solution was found by then depends on the speed too)
sed 's/[0-9][0-9.]*/N/g; s/ before any solution was found//' "$tmp/out"
sed 's/[0-9][0-9.]*/N/g' "$tmp/err" >&2
