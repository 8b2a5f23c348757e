#!/usr/bin/env bash
# Times the rules engine and the AI compiled as the web build compiles them (profile web-release:
# fat LTO, panic=abort) and run by V8: `bao-cli bench` built for wasm32-wasip1 and run under
# Node's WASI. This is how opt-level "s" and "z" were compared (docs/measurements.md, The web build): the browser's
# own frame time on this machine is SwiftShader's, whatever the wasm does.
#
# Usage: scripts/bench-wasm.sh [s|z|1|2|3] [SECONDS]   (opt-level, default s; seconds per variant)
set -euo pipefail
cd "$(dirname "$0")/.."
level=${1:-s}
seconds=${2:-2}
case "$level" in
  s | z | 1 | 2 | 3) ;;
  *) echo "usage: scripts/bench-wasm.sh [s|z|1|2|3] [SECONDS]" >&2; exit 2 ;;
esac
command -v node >/dev/null || scripts/apt-install.sh nodejs
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
# A target directory per level: switching levels would rebuild everything.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/wasi-target}-$level"
CARGO_PROFILE_WEB_RELEASE_OPT_LEVEL=$level \
  cargo build --quiet --locked --profile web-release --target wasm32-wasip1 -p bao-cli
wasm="$CARGO_TARGET_DIR/wasm32-wasip1/web-release/bao-cli.wasm"
echo "== opt-level \"$level\": $(stat -c %s "$wasm") bytes"
node --no-warnings web/tools/wasi-run.mjs "$wasm" bench --seconds "$seconds"
