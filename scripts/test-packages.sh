#!/usr/bin/env bash
# Tests the Linux packages for real, in a fresh Debian 12 root (debootstrap) that only apt
# fills:
#  1. bao_VERSION_amd64.deb installed with apt (so its Depends and Recommends are what comes):
#     `bao --version`, `bao-cli perft` (the engine's own count), and a screenshot of the board
#     under Xvfb with Mesa's software Vulkan — a picture proves the run-time libraries are there;
#  2. the operator's key chord under Xvfb: a visitor's click ends the attract loop, the chord
#     pauses the exhibit (status 76, src/kiosk/service.rs; no state directory here, so no
#     paused-until file), and the visit is in `bao --kiosk-report`;
#  3. bao-kiosk_VERSION_all.deb installed too: enabled, its unit verified by systemd, the
#     museum's configuration written with a PIN of its own, readable by root only.
# The kiosk booted as shipped is tested in a virtual machine: scripts/test-kiosk-vm.sh.
# The figures are printed at the end and kept in $BAO_PACKAGE_TEST_DIR/report.txt with the
# screenshots.
#
# Usage: scripts/test-packages.sh [--no-build] [--keep]
#   --no-build  test the packages already in dist/packages
#   --keep      leave the Debian root in place afterwards (for a look inside)
# Needs root (debootstrap, systemd-nspawn) and the network to Debian's mirror. Takes about 10
# minutes after the packages are built (the first run adds a few minutes for debootstrap).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

# shellcheck source=scripts/package-test-args.sh
source scripts/package-test-args.sh
# shellcheck source=scripts/debian-root.sh
source scripts/debian-root.sh
package_test_args test-packages "debootstrap and systemd-nspawn need it" "$@"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
packages=${BAO_PACKAGES_DIR:-$repo/dist/packages}
deb=$packages/bao_${version}_amd64.deb
kiosk_deb=$packages/bao-kiosk_${version}_all.deb
work=${BAO_PACKAGE_TEST_DIR:-/var/tmp/bao-package-test}
root=$work/root
report=$work/report.txt
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# Where the test puts its files in the root (nspawn mounts an empty /tmp there).
inside=/srv/bao-test

say() { printf '== %s\n' "$*" >&2; }
fail() {
    printf 'test-packages: FAILED: %s\n' "$*" >&2
    exit 1
}
note() { printf '%s\n' "$*" | tee -a "$report" >&2; }

# --- the packages and the tools -------------------------------------------------------------

build_packages() {
    if [ "$build" -eq 1 ]; then
        scripts/package.sh --skip-windows --skip-web
    fi
    [ -f "$deb" ] || fail "$deb is missing (run scripts/package.sh)"
    [ -f "$kiosk_deb" ] || fail "$kiosk_deb is missing (run scripts/package.sh)"
}

install_tools() {
    local need=()
    command -v debootstrap >/dev/null || need+=(debootstrap)
    command -v systemd-nspawn >/dev/null || need+=(systemd-container)
    command -v identify >/dev/null || need+=(imagemagick)
    scripts/apt-install.sh "${need[@]}"
}

# --- the Debian root ------------------------------------------------------------------------

# Runs a command in the root on an Xvfb screen of 1280x720. (Not xvfb-run: its wait for Xvfb's
# ready signal never ends under systemd-nspawn.)
in_root_xvfb() {
    # shellcheck disable=SC2016 # the variables are the inner shell's
    in_root /bin/sh -c '
        Xvfb :99 -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
        xvfb=$!
        for _ in $(seq 100); do
            [ -e /tmp/.X11-unix/X99 ] && break
            sleep 0.1
        done
        DISPLAY=:99 "$@"
        status=$?
        kill "$xvfb"
        exit "$status"' xvfb "$@"
}

apt_in_root() {
    in_root apt-get install -y -q "$@" >>"$work/apt.log" 2>&1 ||
        fail "apt-get install $* (see $work/apt.log)"
}

# --- 1. the game's package --------------------------------------------------------------------

test_game_package() {
    say "installing $(basename "$deb") with apt"
    mkdir -p "$root$inside"
    chmod 1777 "$root$inside"
    cp "$deb" "$kiosk_deb" "$root$inside/"
    in_root apt-get update -q >"$work/apt.log" 2>&1 || fail "apt-get update (see $work/apt.log)"
    apt_in_root "$inside/$(basename "$deb")"
    local line
    line=$(in_root bao --version) || fail "bao --version"
    [[ $line == "bao $version (commit "* ]] || fail "bao --version printed '$line'"
    note "bao --version: $line"
    line=$(in_root bao-cli --version) || fail "bao-cli --version"
    note "bao-cli --version: $line"

    local expected got
    expected=$(awk '$1 == "kingulu" && $2 == 3 { print $3 }' \
        crates/bao-engine/tests/data/perft.txt)
    got=$(in_root bao-cli perft --variant kingulu --depth 3) || fail "bao-cli perft"
    [ "$got" = "$expected" ] || fail "perft kingulu 3: $got, the engine's data says $expected"
    note "bao-cli perft --variant kingulu --depth 3: $got (as the engine's data says)"

    # Xvfb is the test's screen, not something the game needs: no Recommends for it.
    apt_in_root --no-install-recommends xvfb xdotool
    say "bao --screenshot under Xvfb in the root"
    in_root_xvfb bao --variant kigogo --screenshot "$inside/deb-kigogo.png" >"$work/screenshot.log" 2>&1 ||
        fail "bao --screenshot in the root (see $work/screenshot.log)"
    cp "$root$inside/deb-kigogo.png" "$work/deb-kigogo.png"
    check_picture "$work/deb-kigogo.png" 1280x720
    note "the installed game rendered the board: $work/deb-kigogo.png"
}

# How far a picture's pixels spread from its mean colour, in thousandths; under $one_colour it
# is one flat colour.
one_colour=40
spread_of() { identify -format '%[fx:int(1000*standard_deviation)]' "$1"; }

# A picture of the board: the size asked for and not one flat colour (a failed renderer gives
# a black or a blank window).
check_picture() {
    local file=$1 size=$2
    [ -s "$file" ] || fail "no picture at $file"
    local got spread
    got=$(identify -format '%wx%h' "$file")
    [ "$got" = "$size" ] || fail "$file is $got, not $size"
    spread=$(spread_of "$file")
    [ "$spread" -ge "$one_colour" ] || fail "$file is nearly one colour (spread $spread/1000)"
}

# --- 2. the operator's chord and a visit, on the installed game ---------------------------------

test_operator_chord() {
    say "kiosk under Xvfb: a visitor's click, then the operator's key chord"
    cat >"$root$inside/chord.ron" <<'RON'
(
    attract_after_s: 5,
    attract_lessons: false,
    statistics: "/srv/bao-test/chord-visits.jsonl",
)
RON
    cat >"$root$inside/chord.sh" <<'SH'
#!/bin/sh
# Inside Xvfb: the kiosk starts, the attract loop begins, a click (a visitor), then the chord.
bao --kiosk --config /srv/bao-test/chord.ron --window 1280x720 >/srv/bao-test/chord.log 2>&1 &
game=$!
sleep 40
xdotool mousemove 600 400 sleep 1 click 1
# The chord as a person types it, the keys held for a moment (before the title screen, untouched
# for attract_after_s, gives way to the attract loop again).
sleep 2
xdotool keydown ctrl keydown alt keydown shift sleep 0.3 keydown q sleep 1.5 \
    keyup q keyup shift keyup alt keyup ctrl
for _ in $(seq 60); do
    kill -0 "$game" 2>/dev/null || break
    sleep 1
done
if kill -0 "$game" 2>/dev/null; then
    kill -9 "$game"
    echo "still running"
    exit 1
fi
wait "$game"
echo "exit $?"
SH
    chmod +x "$root$inside/chord.sh"
    local result
    result=$(in_root_xvfb /srv/bao-test/chord.sh) ||
        fail "the chord test (see $root$inside/chord.log)"
    [ "$result" = "exit 76" ] || fail "the key chord: '$result' (see $root$inside/chord.log)"
    note "the operator's key chord paused the kiosk: status 76"
    local csv
    csv=$(in_root bao --kiosk-report --config /srv/bao-test/chord.ron) || fail "bao --kiosk-report"
    printf '%s\n' "$csv" >"$work/chord-report.csv"
    [ "$(printf '%s\n' "$csv" | wc -l)" -eq 2 ] || fail "one visit expected: $csv"
    printf '%s\n' "$csv" | tail -n1 | grep -q operator ||
        fail "the visit did not end by the operator: $csv"
    note "the visit is in bao --kiosk-report: $(printf '%s\n' "$csv" | tail -n1)"
}

# --- 3. the kiosk's package, installed ---------------------------------------------------------
# The kiosk booted, as shipped, is scripts/test-kiosk-vm.sh's: a container has no console, no
# seat and no GPU, and no line of the shipped unit is changed to make one do.

test_kiosk_package() {
    say "installing $(basename "$kiosk_deb") with apt"
    apt_in_root "$inside/$(basename "$kiosk_deb")"
    in_root systemctl is-enabled bao-kiosk.service >/dev/null ||
        fail "bao-kiosk.service is not enabled by the package"
    local verify
    verify=$(in_root systemd-analyze verify --man=no bao-kiosk.service 2>&1) ||
        fail "systemd-analyze verify bao-kiosk.service: $verify"
    note "systemd-analyze verify bao-kiosk.service: no complaint (the man page check left out: this root has no man)"
    # The sandbox (docs/kiosk.md): systemd's exposure score, 4.5 at most ("OK").
    local exposure
    exposure=$(in_root env SYSTEMD_COLORS=0 SYSTEMD_URLIFY=0 systemd-analyze security --offline=true --threshold=45 \
        /usr/lib/systemd/system/bao-kiosk.service 2>&1 | grep -o 'exposure level.*') ||
        fail "systemd-analyze security: the kiosk's sandbox is weaker than 4.5 ($exposure)"
    note "systemd-analyze security: $exposure"
    # The museum's configuration: written at install, root's alone, with a PIN of its own.
    local mode pin
    mode=$(stat -c '%a %U' "$root/etc/bao/kiosk.ron")
    [ "$mode" = "600 root" ] || fail "/etc/bao/kiosk.ron is '$mode', not '600 root'"
    pin=$(sed -n 's/^ *operator_pin: "\([0-9]*\)".*/\1/p' "$root/etc/bao/kiosk.ron")
    [[ $pin =~ ^[0-9]{6}$ ]] || fail "no six-digit PIN in /etc/bao/kiosk.ron: '$pin'"
    [ "$pin" != 2580 ] || fail "the PIN is the one shipped to every exhibit"
    note "/etc/bao/kiosk.ron: mode $mode, a PIN of six digits chosen at install"
    # No PIN in anything the package ships.
    if dpkg-deb --fsys-tarfile "$kiosk_deb" | tar -xO | grep -aE '^ *operator_pin: *"[0-9]+"'; then
        fail "the package ships an operator PIN"
    fi
    note "the package ships no PIN"
}

remove_root() {
    if [ "$keep" -eq 0 ]; then
        rm -rf "$root"
    fi
}

main() {
    install_tools
    build_packages
    mkdir -p "$work"
    : >"$report"
    note "packages: $(du -k "$deb" | cut -f1) KiB $(basename "$deb"), $(du -k "$kiosk_deb" | cut -f1) KiB $(basename "$kiosk_deb")"
    fresh_root "$work/bookworm-base.tar"
    trap remove_root EXIT
    test_game_package
    test_operator_chord
    test_kiosk_package
    say "all package tests passed; report: $report"
    cat "$report"
}

main
