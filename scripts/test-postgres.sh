#!/usr/bin/env bash
# Runs bao-server's tests with PostgreSQL as well: a temporary cluster (scripts/postgres-cluster.sh:
# Debian's `postgresql`, installed if missing, on a free port of 127.0.0.1, owned by a non-root
# user), one database for the tests, BAO_TEST_POSTGRES set to it. The cluster is stopped and
# removed on exit.
# The arguments are `cargo test`'s; without any, `-p bao-server` (all of the server's tests).
# CI passes `--workspace --test server postgres::`: the workspace's features, so the test binary
# that scripts/test.sh built is reused, and only the PostgreSQL tests, which test.sh skipped.
# Usage: scripts/test-postgres.sh [CARGO TEST ARGS…]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/postgres-cluster.sh
trap pg_cluster_stop EXIT

started=$SECONDS
# Room for the tests' servers, several at once, each with a pool of 8.
pg_cluster_start -c max_connections=300
BAO_TEST_POSTGRES="$(pg_cluster_createdb bao_test)"
export BAO_TEST_POSTGRES
echo "== PostgreSQL ready on 127.0.0.1:$PG_PORT in $((SECONDS - started)) s"

if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
fi
[ $# -gt 0 ] || set -- -p bao-server
cargo test --locked "$@"
