#!/bin/sh
# run.sh -- the playground in headless Chromium (make test-web).
#
#   sh tests/web/run.sh WEBDIR OUTDIR PZ
#
# Serves WEBDIR (made by make wasm) on a free local port, drives the page
# with playwright-core in Debian's Chromium (tests/web/test.js) and saves
# its screenshots in OUTDIR.  PZ, the native build, gives the answers the
# page must show.  Where Chromium cannot be installed, the test is skipped
# with a message, not failed.
web=$1 out=$2 pz=$3
here=$(dirname "$0")
if ! sh tests/deps.sh web; then
  echo "test-web: skipped: Chromium cannot be installed here (apt-get install chromium chromium-driver)"
  exit 0
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "test-web: skipped: no /usr/bin/chromium"
  exit 0
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error) || {
    echo "test-web: npm ci failed in $here (is the npm registry reachable?)" >&2
    exit 1
  }
fi
mkdir -p "$out"
rm -f "$out"/*.png
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$web" >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT INT TERM
# the server is up when it answers
i=0
until python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null; do
  i=$((i + 1))
  [ $i -gt 50 ] && { echo "test-web: the server did not start" >&2; exit 1; }
  sleep 0.1
done
node "$here/test.js" "http://127.0.0.1:$port/" "$out" "$pz"
