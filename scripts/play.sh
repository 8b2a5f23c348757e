#!/usr/bin/env bash
# Builds and starts the game (optimised build; the first build takes a while).
# Any arguments go to the game, e.g. scripts/play.sh --variant kigogo --north expert
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
fi
exec cargo run --release --locked --bin bao -- "$@"
