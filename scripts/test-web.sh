#!/usr/bin/env bash
# The web showcase's browser test (web/test/run.mjs, web/test/parts.mjs): serves dist/ on
# 127.0.0.1, opens it in headless Chromium with software WebGL2, plays a move by mouse and one by
# touch, answers a kichwa question, plays a whole Kingulu game by keyboard (reading the screen
# reader's live region), walks Kujifunza's first lesson by its link (?learn=kujifunza), checks
# the offline copy (installable, starts with the server gone, a new build offered and taken),
# the kiosk link on a touch screen, the load times over five fresh
# browsers and the memory over a 10-minute attract loop; it fails on any browser console error.
# BAO_WEB_PARTS=title,game,choice,keyboard,lessons,offline,kiosk,load,attract picks parts;
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
CHROMIUM=$(command -v chromium) node web/test/run.mjs dist target/web-test
