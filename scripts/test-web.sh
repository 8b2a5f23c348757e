#!/usr/bin/env bash
# The web showcase's browser test (web/test/run.mjs, web/test/parts.mjs): serves dist/ on
# 127.0.0.1, opens it in headless Chromium with software WebGL2, plays a move by mouse and one by
# touch, answers a kichwa question, plays a whole Kingulu game by keyboard (reading the screen
# reader's live region), walks Kujifunza's first lesson by its link (?learn=kujifunza), checks
# the offline copy (installable, starts with the server gone, a new build offered and taken),
# a game's link opened from the offline copy with its review (as `bao-cli review` judges it;
# BAO_WEB_LINK picks the link, e.g. one read from the kiosk's code),
# the kiosk link on a touch screen, two pages playing online through `bao-server --web dist`
# (one reloading mid-game), the same with each page on its own server of two that share a
# PostgreSQL database (scripts/postgres-cluster.sh), the load times over five fresh browsers and the memory over a
# 10-minute attract loop; it fails on any browser console error.
# BAO_WEB_PARTS=title,game,choice,keyboard,lessons,online,online-shared,offline,link,kiosk,load,attract
# picks parts;
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
# Online play: two pages play through a real bao-server that serves dist/ itself; for the
# online-shared part, through two bao-servers on one temporary PostgreSQL database.
parts=",${BAO_WEB_PARTS:-online,online-shared},"
server_pids=()
server_url=""
shared_urls=""
db=""
source scripts/postgres-cluster.sh
finish() {
  [ ${#server_pids[@]} -eq 0 ] || kill "${server_pids[@]}" 2>/dev/null || true
  pg_cluster_stop
  [ -z "$db" ] || rm -rf "$db"
}
trap finish EXIT
# Starts `bao-server --db $1 --web dist`, logging to target/web-test/$2.log; prints its address.
start_server() {
  "${CARGO_TARGET_DIR:-target}/release/bao-server" --listen 127.0.0.1:0 --db "$1" \
    --web dist >"target/web-test/$2.log" 2>&1 &
  server_pids+=($!)
  local url=""
  for _ in $(seq 1 100); do
    url=$(sed -n 's/^listening on //p' "target/web-test/$2.log")
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || { echo "test-web: bao-server did not start" >&2; cat "target/web-test/$2.log" >&2; exit 1; }
  server_url_started=$url
}
if [[ "$parts" == *",online,"* || "$parts" == *",online-shared,"* ]]; then
  if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
    export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
  fi
  cargo build --release --locked -p bao-server
  mkdir -p target/web-test
fi
# The game's link part encodes, decodes and reviews with bao-cli, to compare the page with it.
if [ -z "${BAO_WEB_PARTS:-}" ] || [[ "$parts" == *",link,"* ]]; then
  if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
    export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
  fi
  cargo build --locked -p bao-cli
  export BAO_CLI="${CARGO_TARGET_DIR:-target}/debug/bao-cli"
fi
if [[ "$parts" == *",online,"* ]]; then
  db=$(mktemp -d)
  start_server "sqlite:$db/games.sqlite" bao-server
  server_url=$server_url_started
fi
if [[ "$parts" == *",online-shared,"* ]]; then
  pg_cluster_start
  shared_db="$(pg_cluster_createdb bao_web)"
  start_server "$shared_db" bao-server-a
  shared_urls=$server_url_started
  start_server "$shared_db" bao-server-b
  shared_urls="$shared_urls $server_url_started"
fi
BAO_SHARED_SERVER_URLS=$shared_urls BAO_SERVER_URL=$server_url CHROMIUM=$(command -v chromium) node web/test/run.mjs dist target/web-test
