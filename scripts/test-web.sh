#!/usr/bin/env bash
# The web showcase's browser test (web/test/run.mjs, web/test/parts.mjs): serves dist/ on
# 127.0.0.1, opens it in headless Chromium with software WebGL2, plays a move by mouse and one by
# touch, answers a kichwa question, plays a whole Kingulu game by keyboard (reading the screen
# reader's live region), walks Kujifunza's first lesson by its link (?learn=kujifunza), checks
# the offline copy (installable, starts with the server gone, a new build offered and taken),
# the kiosk link on a touch screen, two pages playing online through `bao-server --web dist`
# (one reloading mid-game), the load times over five fresh browsers and the memory over a
# 10-minute attract loop; it fails on any browser console error.
# BAO_WEB_PARTS=title,game,choice,keyboard,lessons,online,offline,kiosk,load,attract picks parts;
# BAO_WEB_ATTRACT_MIN=N sets the attract loop's minutes (0: none). Installs Debian's chromium and the npm package playwright-core if
# missing. Builds dist/ first (scripts/build-web.sh) unless it exists or --no-build is given.
# Usage: scripts/test-web.sh [--no-build]   Screenshots and timings go to target/web-test/.
set -euo pipefail
cd "$(dirname "$0")/.."
build=1
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    *) echo "usage: scripts/test-web.sh [--no-build]" >&2; exit 2 ;;
  esac
done
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
scripts/apt-install.sh "${need[@]}"
(cd web/test && npm ci --silent --no-audit --no-fund)
if [ "$build" -eq 1 ] && [ ! -f dist/bao_bg.wasm ]; then
  scripts/build-web.sh
fi
if [ ! -f dist/bao_bg.wasm ]; then
  echo "test-web: no dist/ (run scripts/build-web.sh)" >&2
  exit 1
fi
# Online play: two pages play through a real bao-server that serves dist/ itself.
server_pid=""
server_url=""
if [[ ",${BAO_WEB_PARTS:-online}," == *",online,"* ]]; then
  if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
    export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
  fi
  cargo build --release --locked -p bao-server
  mkdir -p target/web-test
  db=$(mktemp -d)
  "${CARGO_TARGET_DIR:-target}/release/bao-server" --listen 127.0.0.1:0 --db "sqlite:$db/games.sqlite" \
    --web dist >target/web-test/bao-server.log 2>&1 &
  server_pid=$!
  trap 'kill "$server_pid" 2>/dev/null; rm -rf "$db"' EXIT
  for _ in $(seq 1 100); do
    server_url=$(sed -n 's/^listening on //p' target/web-test/bao-server.log)
    [ -n "$server_url" ] && break
    sleep 0.1
  done
  [ -n "$server_url" ] || { echo "test-web: bao-server did not start" >&2; cat target/web-test/bao-server.log >&2; exit 1; }
fi
BAO_SERVER_URL=$server_url CHROMIUM=$(command -v chromium) node web/test/run.mjs dist target/web-test
