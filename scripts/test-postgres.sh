#!/usr/bin/env bash
# Runs bao-server's tests with PostgreSQL as well: a temporary cluster (Debian's `postgresql`,
# installed if missing) on a free port of 127.0.0.1, owned by a non-root user, one database
# for the tests, BAO_TEST_POSTGRES set to it. The cluster is stopped and removed on exit.
# The arguments are `cargo test`'s; without any, `-p bao-server` (all of the server's tests).
# CI passes `--workspace --test server postgres::`: the workspace's features, so the test binary
# that scripts/test.sh built is reused, and only the PostgreSQL tests, which test.sh skipped.
# Usage: scripts/test-postgres.sh [CARGO TEST ARGS…]
set -euo pipefail
cd "$(dirname "$0")/.."
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
[ -n "$(pg_bin)" ] || scripts/apt-install.sh postgresql
bin="$(pg_bin)"
[ -x "$bin/initdb" ] || { echo "test-postgres: no initdb under /usr/lib/postgresql" >&2; exit 1; }

# PostgreSQL refuses to run as root: as root, the cluster belongs to the package's `postgres`.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  as_owner=(runuser -u postgres --)
fi

cluster="$(mktemp -d "${TMPDIR:-/tmp}/bao-pg.XXXXXX")"
[ ${#as_owner[@]} -eq 0 ] || chown postgres "$cluster"
stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap stop EXIT

started=$SECONDS
# Trust on 127.0.0.1 only, for a cluster that lives as long as this script.
"${as_owner[@]}" "$bin/initdb" -D "$cluster/data" -U bao --auth=trust --no-sync >/dev/null
port=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
  candidate=$((20000 + RANDOM % 40000))
  if "${as_owner[@]}" "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w -t 30 \
    -o "-p $candidate -k $cluster -c listen_addresses=127.0.0.1 -c max_connections=300" \
    start >/dev/null; then
    port=$candidate
    break
  fi
done
[ -n "$port" ] || { echo "test-postgres: PostgreSQL did not start:" >&2; cat "$cluster/log" >&2; exit 1; }
"$bin/createdb" -h 127.0.0.1 -p "$port" -U bao bao_test
echo "== PostgreSQL ready on 127.0.0.1:$port in $((SECONDS - started)) s"

export BAO_TEST_POSTGRES="postgres://bao@127.0.0.1:$port/bao_test"
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
fi
[ $# -gt 0 ] || set -- -p bao-server
cargo test --locked "$@"
