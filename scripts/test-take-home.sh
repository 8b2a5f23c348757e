#!/usr/bin/env bash
# "Take this game home" on the real kiosk: the game runs in kiosk mode under a virtual X display
# (Mesa's software Vulkan) with a configuration that sets take_home_url and keeps statistics;
# two computers play a game to its end (`--variant V --south beginner --north beginner`, the same
# game every time); a click beside the board makes it a visit. Then the screen is captured until `zbarimg`
# reads the game-over card's QR code, and the check is that
#   - the code's text is the link the game made (its log at debug level names it and the moves),
#   - `bao-cli link decode` of that text gives the game's moves, one for one, and a finished game,
#   - the visit's line in the statistics (written when the attract loop ends the visit) counts
#     one code shown.
# The screenshot is OUTDIR/kiosk-take-home.png (docs/screenshots/ holds the one of the guide).
#
# With --web, the link read from the screen is then opened in the web build by the browser
# test's link part (`BAO_WEB_LINK=… BAO_WEB_PARTS=link scripts/test-web.sh --no-build`: dist/
# must be built), which checks that the page shows that game and its review, offline too.
#
# Usage: scripts/test-take-home.sh [--web] [OUTDIR]   (default: a fresh temporary folder)
#   BAO, BAO_CLI: the binaries (default: the debug builds in $CARGO_TARGET_DIR, else target/);
#   BAO_TAKE_HOME_VARIANT: the game (default kujifunza-choice, which beginner against beginner
#   ends in 8 moves; kujifunza takes 87, kigogo 175; not kingulu, whose end has the game build
#   its endgame table first); BAO_TAKE_HOME_TIMEOUT: seconds to wait for the end (default 900).
# Needs: Xvfb, xdotool, ImageMagick, Mesa's Vulkan driver (scripts/deps.sh --render), python3,
# and zbarimg (zbar-tools, installed through scripts/apt-install.sh when missing).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
target=${CARGO_TARGET_DIR:-$repo/target}
bin=${BAO:-$target/debug/bao}
cli=${BAO_CLI:-$target/debug/bao-cli}
variant=${BAO_TAKE_HOME_VARIANT:-kujifunza-choice}
timeout_s=${BAO_TAKE_HOME_TIMEOUT:-900}
base="https://museum.example.org/bao/"
for program in "$bin" "$cli"; do
  [ -x "$program" ] || { echo "take-home: $program is not built (cargo build --workspace)" >&2; exit 2; }
done
for tool in Xvfb xdotool import python3; do
  command -v "$tool" >/dev/null || { echo "take-home: missing $tool (scripts/deps.sh --render)" >&2; exit 2; }
done
command -v zbarimg >/dev/null || "$repo/scripts/apt-install.sh" zbar-tools

web=0
if [ "${1:-}" = "--web" ]; then
  web=1
  shift
fi
out=${1:-$(mktemp -d)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
display_pid="" game_pid=""
cleanup() {
  set +e
  [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null && wait "$game_pid" 2>/dev/null
  [ -n "$display_pid" ] && kill "$display_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "take-home: FAIL: $*" >&2
  echo "--- the game's log (last lines):" >&2
  tail -15 "$work/game.log" >&2 || true
  exit 1
}

# A virtual display of its own, the size of a small kiosk screen.
for n in $(seq 97 130); do [ -e "/tmp/.X11-unix/X$n" ] || break; done
Xvfb ":$n" -screen 0 1280x720x24 >/dev/null 2>&1 &
display_pid=$!
export DISPLAY=":$n"
sleep 2

cat >"$work/kiosk.ron" <<EOF
(
    take_home_url: "$base",
    statistics: "$work/visits.jsonl",
    // The result stays up while the screen is read, then the title screen and soon the
    // attract loop end the visit (a game of two computers is no visitor's game to end it).
    game_over_s: 40,
    attract_after_s: 5,
    attract_lessons: false,
    // No sound on a machine without a sound card.
    sound: false,
)
EOF
mkdir -p "$work/data"
RUST_LOG="info,bao::ui::take_home=debug" BAO_DATA_DIR="$work/data" \
  "$bin" --kiosk --config "$work/kiosk.ron" --variant "$variant" \
  --south beginner --north beginner >"$work/game.log" 2>&1 &
game_pid=$!
echo "take-home: the kiosk plays $variant under $DISPLAY (pid $game_pid); waiting for its end"

# Someone at the screen: a click on the room beside the board begins the visit the code is
# counted in (the kiosk hears raw input: XTest's pointer motion does not reach it as such).
sleep 45
xdotool mousemove 1200 400 && sleep 1 && xdotool click 1

# The game's end: the log's line with the link and the moves (colours taken out).
plain() { sed 's/\x1b\[[0-9;]*m//g' "$work/game.log"; }
waited=45
until plain | grep -q 'take-home code: http'; do
  kill -0 "$game_pid" 2>/dev/null || fail "the game ended early"
  [ "$waited" -ge "$timeout_s" ] || { sleep 5; waited=$((waited + 5)); continue; }
  fail "no take-home code after $timeout_s s"
done
line=$(plain | grep -m1 'take-home code: http')
logged_link=$(sed -E 's/.*take-home code: ([^ ]+) \(moves: .*/\1/' <<<"$line")
logged_moves=$(sed -E 's/.*\(moves: (.*)\)$/\1/' <<<"$line")
echo "take-home: the game ended after $waited s; its link: $logged_link"

# The card appears once the last move has been sown: read the screen until the code is read.
read_text=""
for _ in $(seq 1 30); do
  import -window root "$out/kiosk-take-home.png"
  if read_text=$(zbarimg --raw -q "$out/kiosk-take-home.png" 2>/dev/null); then
    break
  fi
  sleep 2
done
[ -n "$read_text" ] || fail "zbarimg read no code on the screen ($out/kiosk-take-home.png)"
echo "take-home: zbarimg read: $read_text"
[ "$read_text" = "$logged_link" ] || fail "the code holds '$read_text', the game made '$logged_link'"

"$cli" link decode "$read_text" >"$work/record.json" || fail "bao-cli link decode refused the code's text"
python3 - "$work/record.json" "$logged_moves" "$variant" <<'EOF' || fail "the decoded game differs"
import json, sys
record = json.load(open(sys.argv[1]))
moves = sys.argv[2].split()
assert record["variant"] == sys.argv[3], record["variant"]
assert record["moves"] == moves, (record["moves"], moves)
assert record["result"]["result"] != "ongoing", record["result"]
print(f"take-home: the code's game is the kiosk's: {len(moves)} moves, {record['result']}")
EOF

for _ in $(seq 1 60); do
  [ -s "$work/visits.jsonl" ] && break
  sleep 5
done
[ -s "$work/visits.jsonl" ] || fail "no visit was recorded"
python3 - "$work/visits.jsonl" <<'EOF' || fail "the visit does not count one code"
import json, sys
visits = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
assert [v.get("codes_shown") for v in visits] == [1], visits
print(f"take-home: the visit's line counts one code: {visits[0]}")
EOF
identify -format 'take-home: screenshot %wx%h\n' "$out/kiosk-take-home.png" 2>/dev/null || true
echo "$read_text" >"$out/link.txt"
echo "take-home: PASS ($out/kiosk-take-home.png)"
if [ "$web" -eq 1 ]; then
  echo "take-home: the browser opens the link"
  BAO_WEB_LINK="$read_text" BAO_WEB_PARTS=link "$repo/scripts/test-web.sh" --no-build
fi
