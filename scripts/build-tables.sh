#!/usr/bin/env bash
# Builds Kingulu's endgame table (bao-cli tables build) where bao-cli's table commands and
# `bao-cli match --table` look by default, assets/tables/kingulu.tbl (ignored by git), and checks
# it: N = 10 active seeds, 170 MB, about a minute on two cores. The game builds the same table
# into its own data folder when it first needs it (src/computer/endgame.rs), and
# scripts/build-web.sh the web's smaller one into dist/tables/.
# A table already there with the right size is kept. Usage: scripts/build-tables.sh [BAO-CLI]
# (default: target/release/bao-cli, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-${CARGO_TARGET_DIR:-target}/release/bao-cli}
if [ ! -x "$cli" ]; then
  cargo build --release --locked -p bao-cli
fi
mkdir -p assets/tables
table=assets/tables/kingulu.tbl
# A 32-byte header and 2 bytes per position (crates/bao-ai/src/tables.rs).
if [ -f "$table" ] && [ "$(stat -c %s "$table")" = 169600016 ]; then
  echo "$table: kept (N = 10)" >&2
else
  "$cli" tables build --max-seeds 10 --out "$table"
fi
"$cli" tables verify --table "$table" --samples 200 --exhaustive-seeds 5
