#!/usr/bin/env bash
# The desktop's frame time against its anchor: the bare scene of bench/frame-anchor/main.rs (a
# board-sized box, 92 spheres, one shadowed sun, one egui window), built with the game's own
# Cargo.toml, lock file and profile, in the game's target directory, and run the same way in the
# same session, so that only the scene differs. Prints each board's mean frame and its ratio to
# the bare scene (docs/measurements.md, "The desktop's frame time").
#
# Usage: scripts/bench-frame.sh [FRAMES] [VARIANT...]   (default: 40 frames, the four games)
# Needs a display: it starts Xvfb itself (xvfb-run, installed by scripts/apt-install.sh) when
# DISPLAY is unset. A release build of the game and of the anchor: minutes on a cold machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
frames=${1:-40}
shift || true
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(kujifunza kingulu kigogo kimasai)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/bao-target}

if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null || "$root/scripts/apt-install.sh" xvfb xauth mesa-vulkan-drivers
  exec xvfb-run -a -s "-screen 0 1600x900x24" "$0" "$frames" "${variants[@]}"
fi

# The anchor: the game's workspace with its src/ swapped for the bare scene, named apart so
# that the game's own binary is not touched.
ws=$(mktemp -d)
trap 'rm -rf "$ws"' EXIT
tar -C "$root" --exclude=./.git --exclude=./dist --exclude=./target -cf - . | tar -C "$ws" -xf -
rm -rf "$ws/src" "$ws/tests" && mkdir "$ws/src"
cp "$root/bench/frame-anchor/main.rs" "$ws/src/main.rs"
sed -i 's/^name = "bao"$/name = "frame-anchor"/; s/^default-run = "bao"$/default-run = "frame-anchor"/' \
  "$ws/Cargo.toml"
font=$(ls "$root"/assets/fonts/*.ttf | head -1)
echo "== building the anchor and the game (release)"
(cd "$ws" && BASELINE_FONT="$font" cargo build --release -q --bin frame-anchor)
(cd "$root" && cargo build --release -q --bin bao)

anchor=$("$CARGO_TARGET_DIR/release/frame-anchor" "$frames" 2>/dev/null | grep '^frames')
anchor_ms=$(echo "$anchor" | awk '{print $4}')
echo "bare scene: $anchor"
for v in "${variants[@]}"; do
  line=$("$CARGO_TARGET_DIR/release/bao" --variant "$v" --frames "$frames" 2>/dev/null \
    | grep 'mean:' || echo "no figure")
  ms=$(echo "$line" | sed -n 's/.*mean: \([0-9.]*\) ms.*/\1/p')
  ratio=$(python3 -c "print('%.2f' % (float('$ms') / float('$anchor_ms')))" 2>/dev/null || echo "?")
  echo "$v: $line  ratio to the bare scene: $ratio"
done
