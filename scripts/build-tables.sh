#!/usr/bin/env bash
# Builds Kingulu's endgame tables (bao-cli tables build) into assets/tables/, which git ignores:
#   kingulu.tbl      the desktop's table, N = 10 active seeds: 170 MB, memory-mapped; about a
#                    minute on two cores (xz in a package: about 21 MB)
#   kingulu-web.tbl  the web's table, N = 6: 12 MB, about 1.1 MB as a server sends it (brotli)
# A table already there with the right size is kept. Usage: scripts/build-tables.sh [BAO-CLI]
# (default: target/release/bao-cli, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-${CARGO_TARGET_DIR:-target}/release/bao-cli}
if [ ! -x "$cli" ]; then
  cargo build --release --locked -p bao-cli
fi
mkdir -p assets/tables
build() { # N FILE BYTES
  if [ -f "$2" ] && [ "$(stat -c %s "$2")" = "$3" ]; then
    echo "$2: kept (N = $1)" >&2
  else
    "$cli" tables build --max-seeds "$1" --out "$2"
  fi
  "$cli" tables verify --table "$2" --samples 200 --exhaustive-seeds 5 >/dev/null
}
# Sizes: a 32-byte header and 2 bytes per position (crates/bao-ai/src/tables.rs).
build 10 assets/tables/kingulu.tbl 169600016
build 6 assets/tables/kingulu-web.tbl 11972640
