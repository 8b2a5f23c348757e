#!/usr/bin/env bash
# A new player's first visit, walked on the release game under Xvfb in each language at each
# window size: the title → Kingulu's first lesson (its intro, the pit card over its pit, what its
# move did, the exercise) → a game of four moves against Easy → the rules → the settings → the
# saved games → the game menu and the question before leaving → the online window. Each screen
# is saved as a picture with the overlay's own layout report (`bao --layout-report`), and the walk
# fails on any text outside the window, cut off, on another text or under another card.
#
# Usage: scripts/first-visit.sh [--bin BAO] [--languages "en de nl sw"] [--sizes "1280x720 1024x768"] OUTDIR
#   OUTDIR/LANGUAGE-SIZE/ holds each walk's pictures (NN-screen.png), reports (NN-screen.json) and
#   walk.json (the clicks, the problems); OUTDIR/summary.txt one line per walk.
# Without --bin it builds the release game first (over 20 minutes cold).
# Needs: Xvfb, ImageMagick, Mesa's Vulkan driver, xdotool and Python 3 (installed if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=""
languages="en de nl sw"
sizes="1280x720 1024x768"
while [ $# -gt 1 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --languages) languages=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || { sed -n '9,13p' "$0" >&2; exit 2; }
out=$1
mkdir -p "$out"
out=$(cd "$out" && pwd)

scripts/deps.sh --render
need=()
command -v xdotool >/dev/null || need+=(xdotool)
command -v python3 >/dev/null || need+=(python3)
scripts/apt-install.sh "${need[@]}"

if [ -z "$bin" ]; then
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/bao-target}"
  cargo build --release -p bao --bin bao
  bin="$CARGO_TARGET_DIR/release/bao"
fi
[ -x "$bin" ] || { echo "first-visit: $bin is not a program" >&2; exit 2; }

display_pid=""
cleanup() { [ -n "$display_pid" ] && kill "$display_pid" 2>/dev/null || true; }
trap cleanup EXIT

failed=0
: >"$out/summary.txt"
for size in $sizes; do
  # A screen exactly the window's size: the picture is the window, and nothing lies off it.
  for n in $(seq 90 120); do [ -e "/tmp/.X11-unix/X$n" ] || break; done
  Xvfb ":$n" -screen 0 "${size}x24" >/dev/null 2>&1 &
  display_pid=$!
  sleep 2
  for language in $languages; do
    dir="$out/$language-$size"
    rm -rf "$dir"
    echo "first-visit: $language at $size"
    if DISPLAY=":$n" python3 scripts/first-visit-walk.py "$bin" "$language" "$size" "$dir"; then
      verdict="ok"
    else
      verdict="FAILED"
      failed=1
    fi
    python3 - "$dir/walk.json" "$verdict" >>"$out/summary.txt" <<'PY'
import json, sys
walk = json.load(open(sys.argv[1]))
print(f"{walk['language']} {walk['size']}: {sys.argv[2]}, {len(walk['shots'])} screens, "
      f"{len(walk['problems'])} layout problems, {walk['clicks']} clicks"
      + (f", stopped: {walk['failed']}" if walk['failed'] else ""))
PY
  done
  kill "$display_pid" 2>/dev/null || true
  wait "$display_pid" 2>/dev/null || true
  display_pid=""
done
cat "$out/summary.txt"
exit $failed
