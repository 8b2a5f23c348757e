#!/usr/bin/env bash
# Builds the packages for players into dist/packages/, with the version of Cargo.toml:
#   bao_VERSION_amd64.deb               Debian/Ubuntu: bao and bao-cli, menu entry, icons, AppStream
#                                       metadata, man pages, licence notices (cargo-deb)
#   bao-kiosk_VERSION_all.deb           the kiosk's package, from packaging/kiosk/build-deb.sh
#                                       when that script exists
#   bao-server_VERSION_amd64.deb        the game server: bao-server, its systemd unit, the default
#                                       settings in /etc/bao-server/, the nginx example, man page,
#                                       licence notices (cargo-deb; packaging/server/)
#   bao-VERSION-linux-x86_64.tar.gz     bao and bao-cli to run from any folder, readme, notices
#   bao-VERSION-windows-x86_64.zip      bao.exe and bao-cli.exe cross-built with mingw-w64
#   bao-web-VERSION.tar.gz              the web build (scripts/build-web.sh) and HOSTING.md
#   SHA256SUMS
# Installs what it needs first (Debian packages through scripts/apt-install.sh, cargo-deb and
# cargo-about with `cargo install --locked`, the Windows target with rustup), checks what it made
# (desktop entry, AppStream metadata, man pages, the .deb's files, the archives' contents, the
# Windows programs' DLLs, and bao-cli.exe under wine when wine is installed) and ends with a table
# of the files and their sizes. Running it again rebuilds only what changed.
#
# Usage: scripts/package.sh [--skip-windows] [--skip-web] [--server-only]
#   --server-only  builds bao-server_VERSION_amd64.deb alone and puts it into dist/packages/
#                  beside the packages already there (SHA256SUMS made again)
# Environment: CARGO_TARGET_DIR (default ~/.cache/bao-target, shared with the other scripts);
#   BAO_WINDOWS_TARGET_DIR (default ~/.cache/bao-target-windows); the web build uses its own
#   (~/.cache/web-target, see scripts/build-web.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

skip_windows=0
skip_web=0
server_only=0
for arg in "$@"; do
  case "$arg" in
    --skip-windows) skip_windows=1 ;;
    --skip-web) skip_web=1 ;;
    --server-only) server_only=1 ;;
    *) echo "usage: scripts/package.sh [--skip-windows] [--skip-web] [--server-only]" >&2; exit 2 ;;
  esac
done

# The tools' versions, so that every machine makes the same packages.
cargo_deb_version=3.8.0
cargo_about_version=0.9.3
windows_target=x86_64-pc-windows-gnu

if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
fi
target_dir=${CARGO_TARGET_DIR:-$root/target}
windows_target_dir=${BAO_WINDOWS_TARGET_DIR:-${HOME:-$root}/.cache/bao-target-windows}
export CARGO_TERM_COLOR=never

step() { echo "== $*" >&2; }
fail() { echo "package: $*" >&2; exit 1; }
seconds() { date +%s; }
started=$(seconds)

version=$(awk '/^\[package\]/ { p = 1; next } /^\[/ { p = 0 }
  p && /^version *=/ { gsub(/version *= *|"/, ""); print; exit }' Cargo.toml)
[ -n "$version" ] || fail "no version in Cargo.toml's [package]"
# Dates in the man pages and file times in the archives: the commit's, so that the same commit
# gives the same files.
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
export SOURCE_DATE_EPOCH
# `bao --version` and `bao-cli --version` name the commit packaged (the workspace's build.rs).
BAO_COMMIT=${BAO_COMMIT:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}
export BAO_COMMIT
server_version=$(awk '/^\[package\]/ { p = 1; next } /^\[/ { p = 0 }
  p && /^version *=/ { gsub(/version *= *|"/, ""); print; exit }' crates/bao-server/Cargo.toml)
[ -n "$server_version" ] || fail "no version in crates/bao-server/Cargo.toml's [package]"
if [ "$server_only" -eq 1 ]; then
  step "packaging bao-server $server_version"
else
  step "packaging bao $version"
fi

# --- Tools -------------------------------------------------------------------------------------
step "tools"
apt_need=()
command -v git >/dev/null || apt_need+=(git)
command -v help2man >/dev/null || apt_need+=(help2man)
command -v man >/dev/null || apt_need+=(man-db)
command -v dpkg-deb >/dev/null || apt_need+=(dpkg)
command -v file >/dev/null || apt_need+=(file)
command -v lintian >/dev/null || apt_need+=(lintian)
command -v systemd-analyze >/dev/null || apt_need+=(systemd)
if [ "$server_only" -eq 0 ]; then
  command -v desktop-file-validate >/dev/null || apt_need+=(desktop-file-utils)
  command -v appstreamcli >/dev/null || apt_need+=(appstream)
  # ImageMagick's own convert (a `convert` of another kind may be on the PATH first).
  { [ -x /usr/bin/convert ] && /usr/bin/convert -version 2>/dev/null | grep -q ImageMagick; } ||
    apt_need+=(imagemagick)
fi
if [ "$skip_windows" -eq 0 ] && [ "$server_only" -eq 0 ]; then
  command -v x86_64-w64-mingw32-gcc >/dev/null || apt_need+=(gcc-mingw-w64-x86-64)
  command -v x86_64-w64-mingw32-objdump >/dev/null || apt_need+=(binutils-mingw-w64-x86-64)
  command -v zip >/dev/null || apt_need+=(zip)
  command -v unzip >/dev/null || apt_need+=(unzip)
fi
scripts/apt-install.sh "${apt_need[@]}"
scripts/deps.sh
convert=/usr/bin/convert

# `cargo install` without the shared target directory: it would lock it (and hold the other
# scripts' builds) for the tool's whole build.
cargo_tool() { # CRATE VERSION SUBCOMMAND [INSTALL FLAGS…]
  local crate=$1 want=$2 sub=$3
  shift 3
  if [ "$(cargo "$sub" --version 2>/dev/null | awk '{ print $2 }')" != "$want" ]; then
    step "installing $crate $want"
    env -u CARGO_TARGET_DIR cargo install --locked --quiet "$crate@$want" "$@"
  fi
}
cargo_tool cargo-deb "$cargo_deb_version" deb
cargo_tool cargo-about "$cargo_about_version" about --features cli

# Everything generated goes under the target directory first: the .deb's generated files under
# release/bao-package/ (cargo-deb reads `target/release/…` in Cargo.toml as the real target
# directory), the finished packages in out/. dist/packages/ is filled at the end, since the web
# build empties dist/.
stage=$target_dir/release/bao-package
out=$stage/out
if [ "$server_only" -eq 1 ]; then
  # The game's generated files stay as they are.
  out=$target_dir/release/bao-server-out
  rm -rf "$out"
  mkdir -p "$out"
else
  rm -rf "$stage"
  mkdir -p "$stage" "$out"
fi
bin=$target_dir/release
# help2man's include files: roff text, where a line may not start with . or ' and \ is escaped.
roff_text() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
# A man page made by help2man: groff's warnings (bad escapes, unknown requests) go to stderr, none
# allowed; then gzipped.
check_man_page() { # PAGE
  local warnings
  warnings=$(MANWIDTH=80 man --warnings -l "$1" 2>&1 >/dev/null) || fail "man cannot render $1"
  [ -z "$warnings" ] || fail "$1 renders with warnings: $warnings"
  gzip -9 -n -f "$1"
}

# --- The server's package ------------------------------------------------------------------------
# bao-server_VERSION_amd64.deb into $out: the program; packaging/server/'s unit, settings and nginx
# example (crates/bao-server/Cargo.toml's [package.metadata.deb]); a man page from its --help; the
# licence notices of its own dependency tree. What is generated goes to release/bao-server-package/.
server_package() {
  local sstage=$target_dir/release/bao-server-package
  rm -rf "$sstage"
  mkdir -p "$sstage/man" "$sstage/unit-check"
  step "building bao-server (release)"
  cargo build --release --locked -p bao-server
  "$bin/bao-server" --version

  step "checking the server's systemd unit and settings"
  # systemd's own parser. It looks for the program the unit names on this machine: the check's
  # copy names the one just built.
  sed "s|^ExecStart=/usr/bin/bao-server|ExecStart=$bin/bao-server|" \
    packaging/server/bao-server.service >"$sstage/unit-check/bao-server.service"
  local verify
  verify=$(systemd-analyze verify --man=no "$sstage/unit-check/bao-server.service" 2>&1) ||
    fail "systemd-analyze verify bao-server.service: $verify"
  [ -z "$verify" ] || echo "$verify" >&2
  # The default settings set nothing: every variable is commented out.
  if grep -Ev '^[[:space:]]*(#|$)' packaging/server/bao-server.env; then
    fail "packaging/server/bao-server.env sets the lines above (all are to be commented out)"
  fi

  step "bao-server's man page"
  cat >"$sstage/man/bao-server.h2m" <<'H2M'
[=DESCRIPTION]
The server for online games of Bao: two players and their watchers per game over WebSocket, every
move checked by the rules engine and stored in an SQLite or PostgreSQL database before it is
acknowledged. Each option can also be set by the environment variable named with it; the
packaged service \fBbao\-server.service\fR reads them from \fI/etc/bao\-server/bao\-server.env\fR.
.PP
It prints \fBlistening on http://ADDR:PORT\fR on standard output once it accepts connections,
and logs on standard error, filtered by \fBRUST_LOG\fR (default \fBinfo\fR). SIGTERM or SIGINT
closes every socket and exits 0; a bad option or an unusable database exits 2.

[FILES]
.TP
.I /etc/bao\-server/bao\-server.env
The service's settings (systemd's EnvironmentFile).
.TP
.I /var/lib/bao\-server/games.sqlite
The service's database, unless BAO_SERVER_DB names another.
.TP
.I /usr/share/doc/bao\-server/examples/nginx\-bao.conf
An nginx configuration for TLS in front of the server.

[SEE ALSO]
.BR systemctl (1),
.BR journalctl (1),
.BR nginx (8)
H2M
  help2man --no-info --section 8 --manual "System Administration" \
    --source "Bao $server_version" --name "the Bao game server" \
    --include "$sstage/man/bao-server.h2m" --output "$sstage/man/bao-server.8" "$bin/bao-server"
  check_man_page "$sstage/man/bao-server.8"

  step "bao-server's licence notices (cargo-about)"
  cargo about generate --fail --locked --manifest-path crates/bao-server/Cargo.toml \
    --target x86_64-unknown-linux-gnu -c packaging/about.toml \
    -o "$sstage/THIRD-PARTY-LICENSES.html" packaging/about.hbs

  step "bao-server_${server_version}_amd64.deb (cargo-deb)"
  local deb=$out/bao-server_${server_version}_amd64.deb contents path
  cargo deb -p bao-server --no-build --locked --output "$deb"
  contents=$(dpkg-deb -c "$deb")
  for path in usr/bin/bao-server usr/lib/systemd/system/bao-server.service \
    etc/bao-server/bao-server.env usr/share/doc/bao-server/examples/nginx-bao.conf \
    usr/share/man/man8/bao-server.8.gz usr/share/doc/bao-server/copyright \
    usr/share/doc/bao-server/THIRD-PARTY-LICENSES.html; do
    grep -q " \./$path\$" <<<"$contents" || fail "the server's .deb lacks /$path"
  done
  # The settings may hold a database password: root's alone, and a conffile (an upgrade keeps
  # the administrator's changes).
  grep -q '^-rw------- 0/0 .* \./etc/bao-server/bao-server\.env$' <<<"$contents" ||
    fail "/etc/bao-server/bao-server.env is not root's alone in the .deb"
  dpkg-deb -I "$deb" conffiles | grep -qx /etc/bao-server/bao-server.env ||
    fail "/etc/bao-server/bao-server.env is not a conffile"
  dpkg-deb -I "$deb" postinst | grep -q 'deb-systemd-invoke' ||
    fail "the server's .deb does not start its unit on installation"
  # Its copyright file is machine-readable (DEP-5), as the game's: lintian's verdict on it.
  local dep5
  dep5=$(lintian --tags-from-file <(lintian-explain-tags --list-tags | grep -Ei 'dep5|copyright') \
    "$deb" 2>/dev/null || true)
  [ -z "$dep5" ] || fail "the server's copyright file is not valid DEP-5: $dep5"
  dpkg-deb -f "$deb" Package Version Architecture Section Depends
}

# --server-only: the server's package alone into dist/packages/, beside what is there.
if [ "$server_only" -eq 1 ]; then
  server_package
  mkdir -p dist/packages
  mv "$out/bao-server_${server_version}_amd64.deb" dist/packages/
  (cd dist/packages && rm -f SHA256SUMS && sha256sum -- * >SHA256SUMS)
  step "dist/packages/bao-server_${server_version}_amd64.deb ($(($(seconds) - started)) s)"
  exit 0
fi

# --- The Linux programs --------------------------------------------------------------------------
step "building bao and bao-cli (release)"
cargo build --release --locked -p bao -p bao-cli
"$bin/bao" --version
"$bin/bao-cli" --version

# --- Checks of the hand-written files ----------------------------------------------------------
step "checking the desktop entry and the AppStream metadata"
desktop-file-validate packaging/bao.desktop
appstreamcli validate --no-net packaging/io.github.bao.Bao.metainfo.xml

# --- Icons: the game's own board, as the web build's icon shows it -----------------------------
step "icons"
# The small sizes show the middle of the picture, the pit and its seeds, which the whole picture
# shrinks into a blur.
for size in 16 32 48 64 128 256 512; do
  crop=()
  [ "$size" -gt 48 ] || crop=(-gravity center -crop 300x300+0+0 +repage)
  mkdir -p "$stage/icons/hicolor/${size}x$size/apps"
  "$convert" web/icon-512.png -strip "${crop[@]}" -filter Lanczos -resize "${size}x$size" \
    -define png:exclude-chunks=date,time "PNG32:$stage/icons/hicolor/${size}x$size/apps/bao.png"
done

# --- Man pages from the programs' own --help and --version --------------------------------------
step "man pages"
mkdir -p "$stage/man"
# The description replaces the one line that `bao --help` opens with.
cat >"$stage/man/bao.h2m" <<'EOF'
[=DESCRIPTION]
Four mancala games of East Africa \(em Bao la Kujifunza, Bao Kingulu, Bao Kigogo and Bao la
Kimasai \(em on a carved 3D board, against a friend at the same screen or against the computer at
five levels. Without options it opens the title screen, where the game and the players are chosen;
the rules, their history, lessons, puzzles, saved games and the settings are reached from there.
.PP
The game draws with Vulkan: it needs a Vulkan driver (on Debian, \fBmesa-vulkan-drivers\fR for
Intel, AMD and software rendering, or NVIDIA's driver).

[EXAMPLES]
.TP
.B bao \-\-variant kigogo \-\-north expert
A game of Bao Kigogo against the strongest computer player.
.TP
.B bao \-\-learn kujifunza
The lessons of Bao la Kujifunza, at the first one not yet done.
.TP
.B bao \-\-kiosk \-\-config /etc/bao/kiosk.ron
The unattended exhibition mode of a museum's touch screen.

[FILES]
.TP
.I ~/.local/share/bao/
Saved games, the autosave, the settings, the lessons done and the puzzles solved
(\fI$XDG_DATA_HOME/bao/\fR where that is set).

[SEE ALSO]
.BR bao\-cli (1)
EOF
help2man --no-info --section 6 --manual "Games" --source "Bao $version" \
  --name "four mancala games of East Africa on a carved 3D board" \
  --include "$stage/man/bao.h2m" --output "$stage/man/bao.6" "$bin/bao"

# bao-cli's page has each subcommand's own --help under COMMANDS.
{
  echo "[EXIT STATUS]"
  echo "0 on success; 2 after any failure (a bad flag, an unreadable or invalid position or"
  echo "record, an illegal move), with a message on standard error."
  echo
  echo "[COMMANDS]"
  "$bin/bao-cli" --help | awk '/^Commands:/ { c = 1; next } c && /^$/ { exit } c { print $1 }' |
    grep -vx help | while read -r command; do
      echo ".SS \"bao-cli $command\""
      echo ".nf"
      "$bin/bao-cli" "$command" --help | roff_text
      echo ".fi"
    done
  echo
  echo "[SEE ALSO]"
  echo ".BR bao (6)"
} >"$stage/man/bao-cli.h2m"
help2man --no-info --section 1 --manual "User Commands" --source "Bao $version" \
  --name "the Bao rules engine and computer opponent on the command line" \
  --include "$stage/man/bao-cli.h2m" --output "$stage/man/bao-cli.1" "$bin/bao-cli"
for page in "$stage/man/bao.6" "$stage/man/bao-cli.1"; do
  check_man_page "$page"
done

# --- Licence notices -----------------------------------------------------------------------------
# cargo-about, once for each platform's dependency tree (packaging/about.toml lists the accepted
# licences, packaging/about.hbs is the page).
notices() { # TARGET OUTPUT
  cargo about generate --fail --locked --workspace --target "$1" -c packaging/about.toml \
    -o "$2" packaging/about.hbs
}
step "licence notices (cargo-about)"
mkdir -p "$stage/linux"
notices x86_64-unknown-linux-gnu "$stage/linux/THIRD-PARTY-LICENSES.html"

# --- The .deb ------------------------------------------------------------------------------------
step "bao_${version}_amd64.deb (cargo-deb)"
deb=$out/bao_${version}_amd64.deb
cargo deb -p bao --no-build --locked --output "$deb"
contents=$(dpkg-deb -c "$deb")
for path in usr/bin/bao usr/bin/bao-cli usr/share/applications/bao.desktop \
  usr/share/metainfo/io.github.bao.Bao.metainfo.xml usr/share/icons/hicolor/16x16/apps/bao.png \
  usr/share/icons/hicolor/512x512/apps/bao.png usr/share/man/man6/bao.6.gz \
  usr/share/man/man1/bao-cli.1.gz usr/share/doc/bao/copyright \
  usr/share/doc/bao/THIRD-PARTY-LICENSES.html; do
  grep -q " \./$path\$" <<<"$contents" || fail "the .deb lacks /$path"
done
dpkg-deb -f "$deb" Package Version Architecture Section Depends Recommends

# --- The kiosk's .deb (another script's) ------------------------------------------------------------
kiosk_script=packaging/kiosk/build-deb.sh
if [ -f "$kiosk_script" ]; then
  step "bao-kiosk_${version}_all.deb ($kiosk_script)"
  if [ -x "$kiosk_script" ]; then "$kiosk_script" "$version" "$out"; else bash "$kiosk_script" "$version" "$out"; fi
  [ -f "$out/bao-kiosk_${version}_all.deb" ] ||
    fail "$kiosk_script did not write $out/bao-kiosk_${version}_all.deb"
  # Both packages' copyright files must be machine-readable (DEP-5): lintian's verdict on them.
  dep5=$(lintian --tags-from-file <(lintian-explain-tags --list-tags | grep -Ei 'dep5|copyright') \
    "$deb" "$out/bao-kiosk_${version}_all.deb" 2>/dev/null || true)
  [ -z "$dep5" ] || fail "the copyright files are not valid DEP-5: $dep5"
else
  step "bao-kiosk deb: skipped ($kiosk_script does not exist yet)"
fi

# --- The server's .deb -------------------------------------------------------------------------------
server_package

# Folder FOLDER gets the project's licences and the fonts' (SUFFIX: .txt for Windows).
licences_into() { # FOLDER [SUFFIX]
  cp packaging/LICENSE-MIT "$1/LICENSE-MIT${2:-}"
  cp packaging/LICENSE-APACHE "$1/LICENSE-APACHE${2:-}"
  cp assets/fonts/Hack-LICENSE.txt assets/fonts/UFL.txt "$1/"
}
# The archives hold files of the commit's time, owned by root, in name order: the same commit
# gives the same archive.
tar_gz() { # ARCHIVE DIR FOLDER
  find "$2/$3" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
  tar --sort=name --owner=0 --group=0 --numeric-owner -C "$2" -cf - "$3" | gzip -9 -n >"$1"
}

# --- The Linux archive -------------------------------------------------------------------------------
name=bao-$version-linux-x86_64
step "$name.tar.gz"
folder=$stage/linux/$name
mkdir -p "$folder"
cp "$bin/bao" "$bin/bao-cli" "$folder/"
strip "$folder/bao" "$folder/bao-cli"
# The newest glibc symbol version the programs need, for the readme.
glibc=$(objdump -T "$folder/bao" "$folder/bao-cli" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
sed -e "s/@VERSION@/$version/g" -e "s/@GLIBC@/${glibc#GLIBC_}/g" packaging/README-linux.txt \
  >"$folder/README.txt"
cp packaging/bao.desktop "$folder/"
cp "$stage/icons/hicolor/256x256/apps/bao.png" "$folder/bao.png"
cp "$stage/linux/THIRD-PARTY-LICENSES.html" "$folder/"
licences_into "$folder"
tar_gz "$out/$name.tar.gz" "$stage/linux" "$name"
# Runnable from anywhere: unpack elsewhere and run it from yet another folder.
check=$(mktemp -d)
tar -xzf "$out/$name.tar.gz" -C "$check"
(cd / && "$check/$name/bao-cli" --version && "$check/$name/bao" --version)
rm -rf "$check"

# --- Windows ---------------------------------------------------------------------------------------
if [ "$skip_windows" -eq 0 ]; then
  name=bao-$version-windows-x86_64
  step "$name.zip (cross-built with mingw-w64; target directory $windows_target_dir)"
  rustup target list --installed | grep -qx "$windows_target" || rustup target add "$windows_target"
  CARGO_TARGET_DIR=$windows_target_dir \
    CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
    cargo build --release --locked --target "$windows_target" -p bao -p bao-cli
  exe=$windows_target_dir/$windows_target/release
  mkdir -p "$stage/windows"
  notices "$windows_target" "$stage/windows/THIRD-PARTY-LICENSES.html"
  folder=$stage/windows/$name
  mkdir -p "$folder"
  cp "$exe/bao.exe" "$exe/bao-cli.exe" "$folder/"
  x86_64-w64-mingw32-strip "$folder/bao.exe" "$folder/bao-cli.exe"
  file "$folder/bao.exe" "$folder/bao-cli.exe"
  # Only Windows' own DLLs: a mingw runtime DLL (libgcc_s, libwinpthread, libstdc++) would be
  # missing on the player's machine.
  for program in bao.exe bao-cli.exe; do
    dlls=$(x86_64-w64-mingw32-objdump -p "$folder/$program" | awk '/DLL Name:/ { print $3 }' | sort -u)
    echo "$program imports: $(echo "$dlls" | tr '\n' ' ')"
    if grep -Eiq '^lib(gcc|winpthread|stdc)' <<<"$dlls"; then fail "$program needs a mingw DLL"; fi
  done
  # Notepad reads CRLF lines best.
  sed -e "s/@VERSION@/$version/g" -e 's/$/\r/' packaging/README-windows.txt >"$folder/README.txt"
  cp "$stage/windows/THIRD-PARTY-LICENSES.html" "$folder/"
  licences_into "$folder" .txt
  find "$folder" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
  rm -f "$out/$name.zip"
  (cd "$stage/windows" && find "$name" -print | LC_ALL=C sort | zip -X -9 -q "$out/$name.zip" -@)
  unzip -l "$out/$name.zip"
  if command -v wine >/dev/null; then
    step "bao-cli.exe under wine"
    # A throwaway wine prefix, wine's chatter silenced. Debian 12's wine 8.0 lacks
    # bcryptprimitives.dll, whose ProcessPrng Rust's standard library calls on Windows 10 and
    # later: a stand-in built here with mingw (forwarding to RtlGenRandom) goes into the prefix,
    # never into the zip.
    prefix=$(mktemp -d)
    export WINEPREFIX=$prefix WINEDEBUG=-all
    timeout 300 wine wineboot --init >/dev/null 2>&1 || true
    system32=$prefix/drive_c/windows/system32
    [ -d "$system32" ] || fail "wine could not make a prefix in $prefix"
    if [ ! -f "$system32/bcryptprimitives.dll" ]; then
      printf '%s\n' '#include <windows.h>' \
        'BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);' \
        'BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) { return SystemFunction036(data, (ULONG)length); }' \
        >"$prefix/prng.c"
      printf 'LIBRARY bcryptprimitives\nEXPORTS\n  ProcessPrng\n' >"$prefix/prng.def"
      x86_64-w64-mingw32-gcc -O2 -shared -o "$system32/bcryptprimitives.dll" \
        "$prefix/prng.c" "$prefix/prng.def" -ladvapi32
    fi
    want=$("$bin/bao-cli" perft --variant kingulu --depth 3)
    got_version=$(timeout 300 wine "$folder/bao-cli.exe" --version 2>/dev/null | tr -d '\r') ||
      fail "bao-cli.exe --version failed under wine"
    got=$(timeout 300 wine "$folder/bao-cli.exe" perft --variant kingulu --depth 3 2>/dev/null |
      tr -d '\r') || fail "bao-cli.exe perft failed under wine"
    echo "wine: bao-cli.exe --version: $got_version"
    echo "wine: bao-cli.exe perft --variant kingulu --depth 3: $got (Linux: $want)"
    [ "$got" = "$want" ] || fail "bao-cli.exe counts differently under wine"
    timeout 60 wineserver -k 2>/dev/null || true
    unset WINEPREFIX WINEDEBUG
    rm -rf "$prefix"
  else
    echo "wine is not installed: bao-cli.exe not run (apt-get install wine to check it)"
  fi
else
  step "Windows: skipped (--skip-windows)"
fi

# --- The web build ---------------------------------------------------------------------------------
if [ "$skip_web" -eq 0 ]; then
  name=bao-web-$version
  step "$name.tar.gz (scripts/build-web.sh)"
  # The web build's own target directory (its Bevy features differ from the desktop's).
  env -u CARGO_TARGET_DIR scripts/build-web.sh
  mkdir -p "$stage/web"
  notices wasm32-unknown-unknown "$stage/web/THIRD-PARTY-LICENSES.html"
  folder=$stage/web/$name
  mkdir -p "$folder"
  find dist -maxdepth 1 -type f -exec cp {} "$folder/" \;
  for file in index.html bao.js bao_bg.wasm sw.js; do
    [ -f "$folder/$file" ] || fail "the web build wrote no dist/$file"
  done
  sed "s/@VERSION@/$version/g" packaging/HOSTING.md >"$folder/HOSTING.md"
  cp "$stage/web/THIRD-PARTY-LICENSES.html" "$folder/"
  licences_into "$folder"
  tar_gz "$out/$name.tar.gz" "$stage/web" "$name"
else
  step "web: skipped (--skip-web)"
fi

# --- dist/packages/ --------------------------------------------------------------------------------
rm -rf dist/packages
mkdir -p dist/packages
mv "$out"/* dist/packages/
(cd dist/packages && sha256sum -- * >SHA256SUMS)
step "dist/packages/ ($(($(seconds) - started)) s)"
(cd dist/packages && for f in *; do
  printf '%-36s %12s bytes  %7s MB\n' "$f" "$(stat -c %s "$f")" \
    "$(awk -v b="$(stat -c %s "$f")" 'BEGIN { printf "%.2f", b / 1000000 }')"
done)
