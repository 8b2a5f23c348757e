#!/usr/bin/env bash
# Checks that every button and control of the main screens is at least 44x44 px at 1280x720
# (WCAG 2.5.5): runs the game under a virtual display with --check-targets on each screen.
# Needs a debug build (cargo build) and xvfb (scripts/apt-install.sh xvfb xauth mesa-vulkan-drivers).
set -euo pipefail
bin=${CARGO_TARGET_DIR:-target}/debug/bao
[ -x "$bin" ] || { echo "no $bin: run cargo build first" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
check() {
    local name=$1
    shift
    if BAO_DATA_DIR="$out/data" xvfb-run -a -s "-screen 0 1600x900x24" "$bin" "$@" \
        --check-targets --screenshot "$out/$name.png" --window 1280x720 >"$out/$name.log" 2>&1; then
        echo "ok    $name"
    else
        echo "FAIL  $name"
        grep "touch target" "$out/$name.log" || tail -5 "$out/$name.log"
        failed=1
    fi
}
check title --show title
check game --variant kingulu --show game
check settings --variant kingulu --show settings
check rules --variant kigogo --show rules
check keys --variant kujifunza --show keys
check puzzles --variant kimasai --show puzzles
check lesson --variant kingulu --show lesson
check exercise --variant kingulu --show exercise
check kichwa --show kichwa
exit $failed
