#!/usr/bin/env bash
# Builds bao-kiosk_VERSION_all.deb: the files that turn a Debian machine with the game (the bao
# package) into an exhibit. No compiled code: the package is laid out here and packed with
# dpkg-deb. Called by scripts/package.sh.
# Usage: packaging/kiosk/build-deb.sh VERSION OUTDIR
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 VERSION OUTDIR" >&2
    exit 2
fi
version=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
mkdir -p "$out"
stage=$(mktemp -d)
chmod 755 "$stage"
trap 'rm -rf "$stage"' EXIT

put() { # put MODE SOURCE DEST: copy one file into the package's tree
    install -D -m "$1" "$2" "$stage/$3"
}
put 644 "$here/bao-kiosk.service" usr/lib/systemd/system/bao-kiosk.service
put 755 "$here/bao-kiosk-session" usr/lib/bao-kiosk/bao-kiosk-session
put 755 "$here/bao-kiosk-health" usr/lib/bao-kiosk/bao-kiosk-health
put 644 "$here/default" etc/default/bao-kiosk
put 644 "$here/issue" etc/issue.d/bao-kiosk.issue
put 644 "$here/journald.conf" usr/lib/systemd/journald.conf.d/bao-kiosk.conf
# The museum's configuration is written at install from this documented example, with a PIN
# chosen there (postinst): /etc/bao/kiosk.ron is no conffile.
put 644 "$repo/kiosk.example.ron" usr/share/bao-kiosk/kiosk.example.ron
doc=usr/share/doc/bao-kiosk
install -d "$stage/$doc"
gzip -9n <"$repo/docs/kiosk.md" >"$stage/$doc/kiosk.md.gz"
install -m 644 "$here/copyright" "$stage/$doc/copyright"

# The game's package names the maintainer; this one says the same.
maintainer="Bao developers <bao@localhost>"
if [ -f "$out/bao_${version}_amd64.deb" ]; then
    maintainer=$(dpkg-deb -f "$out/bao_${version}_amd64.deb" Maintainer)
fi
install -d "$stage/DEBIAN"
for script in postinst prerm postrm; do
    install -m 755 "$here/$script" "$stage/DEBIAN/$script"
done
(cd "$stage" && find etc -type f | sed 's|^|/|' | sort) >"$stage/DEBIAN/conffiles"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<CONTROL
Package: bao-kiosk
Version: $version
Architecture: all
Maintainer: $maintainer
Installed-Size: $size
Depends: bao (= $version), cage, xwayland, seatd, kbd, libgl1-mesa-dri, libegl-mesa0, libgbm1, mesa-vulkan-drivers, libvulkan1, alsa-utils, adduser, systemd, udev
Section: games
Priority: optional
Description: Bao as an exhibition kiosk: starts at boot, heals itself
 Turns a Debian machine with a touch screen into a Bao exhibit. The game runs
 in its kiosk mode (attract loop, idle reset, the operator's PIN menu) under
 cage, a Wayland kiosk compositor, on the console from boot, as the system
 user bao-kiosk; seatd hands it the screen and the touch screen. Mesa's
 drivers (OpenGL for cage, Vulkan for the game) come with it.
 .
 The systemd service restarts the game after a crash, a render error or a
 hang (a watchdog the game pings from its main loop), waits for a screen
 switched off and on again, reboots the machine after five failures in ten
 minutes (at most once in six hours), and stays stopped or paused after the
 operator's Stop or Pause. The operator's PIN is chosen at install. A nightly
 restart and anonymous visitor statistics are set in /etc/bao/kiosk.ron; the
 journal is kept on disk with a cap.
CONTROL
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out/bao-kiosk_${version}_all.deb" >/dev/null
echo "$out/bao-kiosk_${version}_all.deb"
