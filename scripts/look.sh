#!/usr/bin/env bash
# Takes the pictures the board's look is judged by, the same views every time, so that two builds
# can be compared side by side (docs/look/ holds such pairs):
#   title.png                   the title screen, its cards over the live board
#   VARIANT.png                 each board at the start
#   VARIANT-moved.png           each board after a move each (--show highlights), which empties
#                               pits on every board: prints the hollows' luminance figures (how
#                               dark an empty pit's inner half is against the flat wood round it)
#   face-to-face.png            Kingulu from above, face to face
#   attract.png                 the kiosk's attract loop, mid-game
#   move-NN.png, move-sheet.jpg a computer-against-computer Kingulu game, one frame every half
#                               second from its first move, and the frames as a contact sheet
# Software rendering (Mesa's llvmpipe under Xvfb), 1280x720, the standard picture.
#
# Usage: scripts/look.sh BAO_BINARY OUTDIR
#        scripts/look.sh --compare BEFORE_DIR AFTER_DIR OUTDIR
#   The second form puts the same views of two such runs side by side, before on the left:
#   NAME-before-after.jpg for each view both have, and the two move sheets one above the other.
# Needs: Xvfb, ImageMagick and Mesa's Vulkan driver (scripts/deps.sh --render installs them).
set -euo pipefail
usage="usage: scripts/look.sh BAO_BINARY OUTDIR | scripts/look.sh --compare BEFORE AFTER OUTDIR"
if [ "${1:-}" = "--compare" ]; then
  [ $# -eq 4 ] || { echo "$usage" >&2; exit 2; }
  before=$2 after=$3 out=$4
  mkdir -p "$out"
  for picture in "$before"/*.png; do
    name=$(basename "$picture" .png)
    case "$name" in move-*) continue ;; esac
    [ -f "$after/$name.png" ] || continue
    montage "$picture" "$after/$name.png" -tile 2x1 -geometry 960x540+3+3 -background '#201510' \
      -quality 82 "$out/$name-before-after.jpg"
    echo "$out/$name-before-after.jpg"
  done
  if [ -f "$before/move-sheet.jpg" ] && [ -f "$after/move-sheet.jpg" ]; then
    montage "$before/move-sheet.jpg" "$after/move-sheet.jpg" -tile 1x2 -geometry 1800x+0+6 \
      -background '#201510' -quality 82 "$out/move-sheet-before-after.jpg"
    echo "$out/move-sheet-before-after.jpg"
  fi
  exit 0
fi
[ $# -eq 2 ] || { echo "$usage" >&2; exit 2; }
bin=$1
out=$2
[ -x "$bin" ] || { echo "look: $bin is not a program" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
display_pid=""
cleanup() {
  [ -n "$display_pid" ] && kill "$display_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# A virtual display of its own (xvfb-run is not used: the frames below need the display while
# the game runs in the background).
for n in $(seq 90 120); do [ -e "/tmp/.X11-unix/X$n" ] || break; done
Xvfb ":$n" -screen 0 1280x720x24 >/dev/null 2>&1 &
display_pid=$!
export DISPLAY=":$n"
sleep 2

# Each run gets empty settings and saved games (BAO_DATA_DIR), and the settings file given.
fresh_data() {
  local dir=$work/data-$1
  rm -rf "$dir" && mkdir -p "$dir"
  [ -n "${2:-}" ] && printf '%s\n' "$2" >"$dir/settings.json"
  echo "$dir"
}

shot() {
  local name=$1 settings=$2
  shift 2
  BAO_DATA_DIR=$(fresh_data "$name" "$settings") "$bin" "$@" --window 1280x720 \
    --screenshot "$out/$name.png" >"$work/$name.log" 2>&1 ||
    { echo "look: $name failed:" >&2; tail -5 "$work/$name.log" >&2; exit 1; }
  grep '^hollows:' "$work/$name.log" || true
  echo "$out/$name.png"
}

face_to_face='{ "format": 1, "face_to_face": true }'
shot title "" --show title
for variant in kujifunza kingulu kigogo kimasai; do
  shot "$variant" "" --variant "$variant"
  shot "$variant-moved" "" --variant "$variant" --show highlights
done
shot face-to-face "$face_to_face" --variant kingulu

# The attract loop: a kiosk left alone for five seconds (the shortest it takes) starts it.
cat >"$work/kiosk.ron" <<'EOF'
(attract_after_s: 5.0, attract_lessons: false)
EOF
BAO_DATA_DIR=$(fresh_data kiosk "") "$bin" --kiosk --config "$work/kiosk.ron" >"$work/kiosk.log" 2>&1 &
game=$!
sleep 40
import -window root "$out/attract.png"
kill "$game" 2>/dev/null || true
wait "$game" 2>/dev/null || true
echo "$out/attract.png"

# A move, frame by frame: the computer plays both sides; the frames start as its first move
# does (the game's window is up within a few seconds, the computer thinks briefly).
BAO_DATA_DIR=$(fresh_data move "") "$bin" --variant kingulu --south medium --north medium \
  --window 1280x720 >"$work/move.log" 2>&1 &
game=$!
sleep 12
for i in $(seq -w 1 24); do
  import -window root "$out/move-$i.png"
  sleep 0.5
done
kill "$game" 2>/dev/null || true
wait "$game" 2>/dev/null || true
montage "$out"/move-*.png -tile 6x4 -geometry 427x240+2+2 -background '#201510' "$out/move-sheet.jpg"
echo "$out/move-sheet.jpg"
