#!/usr/bin/env bash
# Runs every test of the workspace: the rules engine, the AI, the command-line tool, the generated
# art (bao-art), the online protocol and server (bao-protocol, bao-server) and the headless game.
# Installs the system packages the build needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
# One target directory shared by every package (and by CI runs on this machine), so that Bevy is
# compiled once.
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
fi
cargo test --workspace --locked "$@"
