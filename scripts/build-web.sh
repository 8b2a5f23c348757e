#!/usr/bin/env bash
# Builds the web showcase into dist/: index.html (loading screen, full-window canvas), the
# service worker (sw.js, offline copy, versioned by the build), the manifests and icons, the game's
# wasm (wasm32-unknown-unknown, profile web-release) with its wasm-bindgen JS glue, optimised by
# wasm-opt, and .br/.gz copies beside the big files for servers that send them precompressed.
# Installs what it needs first: the wasm32 target, wasm-bindgen-cli at the version of the
# wasm-bindgen crate in Cargo.lock, Binaryen's wasm-opt (npm; Debian's is too old), brotli.
#
# Usage: scripts/build-web.sh [--no-opt]
#   --no-opt   skip wasm-opt (it takes minutes): a bigger file, for a quick local try
# Environment: CARGO_TARGET_DIR (default ~/.cache/web-target, apart from the desktop build's,
#   whose Bevy features differ); CARGO_PROFILE_WEB_RELEASE_OPT_LEVEL=s to try opt-level "s".
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
opt=1
for arg in "$@"; do
  case "$arg" in
    --no-opt) opt=0 ;;
    *) echo "usage: scripts/build-web.sh [--no-opt]" >&2; exit 2 ;;
  esac
done
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/web-target"
fi
target_dir=${CARGO_TARGET_DIR:-$root/target}
export CARGO_TERM_COLOR=never
seconds() { date +%s; }

# --- Tools -------------------------------------------------------------------------------------
apt_need=()
command -v brotli >/dev/null || apt_need+=(brotli)
command -v gzip >/dev/null || apt_need+=(gzip)
command -v node >/dev/null || apt_need+=(nodejs)
command -v npm >/dev/null || apt_need+=(npm)
scripts/apt-install.sh "${apt_need[@]}"
rustup target list --installed | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
# wasm-bindgen's CLI must be exactly the version of the crate the game links.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$bindgen_version" ]; then
  echo "build-web: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
  echo "== installing wasm-bindgen-cli $bindgen_version" >&2
  # --locked first (the CLI's own lock file); if a crate it pins is no longer in the registry,
  # the same CLI version with the newest compatible dependencies.
  cargo install --locked --quiet wasm-bindgen-cli --version "=$bindgen_version" ||
    cargo install --quiet wasm-bindgen-cli --version "=$bindgen_version"
fi
if [ "$opt" -eq 1 ]; then
  (cd web/tools && npm ci --silent --no-audit --no-fund)
fi

# --- The wasm ----------------------------------------------------------------------------------
start=$(seconds)
cargo build --locked --profile web-release --target wasm32-unknown-unknown -p bao --bin bao
build_s=$(($(seconds) - start))
raw="$target_dir/wasm32-unknown-unknown/web-release/bao.wasm"

rm -rf dist
mkdir -p dist
# Function names are for debuggers; the release leaves them out (a quarter of the file).
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir dist --out-name bao "$raw"
bindgen_bytes=$(stat -c %s dist/bao_bg.wasm)

opt_s=0
if [ "$opt" -eq 1 ]; then
  start=$(seconds)
  # The features are those rustc enables for wasm32-unknown-unknown by default; wasm-opt must
  # keep them (reference types in particular: the glue puts JS values in a table).
  node web/tools/node_modules/binaryen/bin/wasm-opt dist/bao_bg.wasm -Os \
    --enable-bulk-memory --enable-bulk-memory-opt --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    -o dist/bao_bg.opt.wasm
  mv dist/bao_bg.opt.wasm dist/bao_bg.wasm
  opt_s=$(($(seconds) - start))
fi

# --- The page and compressed copies -------------------------------------------------------------
# Kingulu's endgame table for the web (src/computer/endgame.rs fetches it when a Kingulu game
# comes near its end, so a first visit never downloads it): 6 active seeds, 12 MB, about 1.1 MB
# as a server sends it compressed. bao-cli is built for this machine (the AI crates are
# optimised in the dev profile too).
start=$(seconds)
cargo build --locked -p bao-cli
mkdir -p dist/tables
"$target_dir/debug/bao-cli" tables build --max-seeds 6 --out dist/tables/kingulu-web.tbl
gzip -9 -k -f dist/tables/kingulu-web.tbl
brotli -q 11 -f -k dist/tables/kingulu-web.tbl
table_s=$(($(seconds) - start))

version=$(scripts/web-page.sh dist)
wasm_bytes=$(stat -c %s dist/bao_bg.wasm)
gzip -9 -k -f dist/bao_bg.wasm
brotli -q 11 -f -k dist/bao_bg.wasm

# Megabytes of 10^6 bytes (as docs/measurements.md reports them), and the exact byte count.
mb() { awk -v b="$1" 'BEGIN { printf "%.2f MB (%d bytes)", b / 1000000, b }'; }
# The files sent as they are (already compressed, or small).
extras() { cat dist/*.png dist/loading.jpg dist/*.webmanifest dist/sw.js | wc -c; }
# What a first visit downloads: the brotli copies of the wasm, the glue and the page, and the rest.
first_visit() {
  echo $(($(stat -c %s dist/bao_bg.wasm.br) + $(stat -c %s dist/bao.js.br) +
    $(stat -c %s dist/index.html.br) + $(extras)))
}
cat <<EOF
== dist/ built
cargo build:             ${build_s} s
wasm (rustc):            $(mb "$(stat -c %s "$raw")")
wasm (wasm-bindgen):     $(mb "$bindgen_bytes")
wasm (wasm-opt -Os):     $([ "$opt" -eq 1 ] && echo "$(mb "$wasm_bytes") in ${opt_s} s" || echo skipped)
wasm gzip -9:            $(mb "$(stat -c %s dist/bao_bg.wasm.gz)")
wasm brotli -q 11:       $(mb "$(stat -c %s dist/bao_bg.wasm.br)")
page + glue, brotli:     $(($(stat -c %s dist/index.html.br) + $(stat -c %s dist/bao.js.br))) bytes
icons, picture, manifests, worker: $(extras) bytes
first visit, every file: $(mb "$(first_visit)")
Kingulu endgame table:   $(mb "$(stat -c %s dist/tables/kingulu-web.tbl.br)") brotli, when a game needs it (${table_s} s)
build version:           $version
EOF
# The showcase's budget (4.5 MB for everything a first visit downloads, brotli where a
# server can send it): a warning, not a failure, so that a bigger build can still be tried out.
budget=4500000
if [ "$(first_visit)" -gt "$budget" ]; then
  echo "build-web: WARNING: a first visit downloads more than the 4.5 MB budget" >&2
fi
