# Sourced, not run: a temporary PostgreSQL cluster (Debian's `postgresql`, installed if missing)
# for the scripts that need a real database (scripts/test-postgres.sh, scripts/bench-server.sh,
# scripts/test-web.sh's two servers). Trust on 127.0.0.1 only, a free port, its data in a folder
# of its own under TMPDIR. PostgreSQL refuses to run as root: as root, the cluster belongs to the
# package's `postgres` user.
#
#   source scripts/postgres-cluster.sh
#   pg_cluster_start [POSTGRES OPTIONS…]   # sets PG_BIN, PG_DIR, PG_PORT; exits 1 if it fails
#   pg_cluster_createdb NAME               # prints postgres://bao@127.0.0.1:PORT/NAME
#   pg_cluster_stop                        # stops it and removes PG_DIR (PG_KEEP=1 keeps it)

PG_BIN=""
PG_DIR=""
PG_PORT=""
pg_as_owner=()

pg_cluster_start() {
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -z "$PG_BIN" ]; then
    scripts/apt-install.sh postgresql
    PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  fi
  [ -x "$PG_BIN/initdb" ] || { echo "postgres-cluster: no initdb under /usr/lib/postgresql" >&2; exit 1; }
  PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/bao-pg.XXXXXX")"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    pg_as_owner=(runuser -u postgres --)
    chown postgres "$PG_DIR"
  fi
  "${pg_as_owner[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U bao --auth=trust --no-sync >/dev/null
  local candidate
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    candidate=$((20000 + RANDOM % 40000))
    if "${pg_as_owner[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 30 \
      -o "-p $candidate -k $PG_DIR -c listen_addresses=127.0.0.1 $*" start >/dev/null; then
      PG_PORT=$candidate
      return 0
    fi
  done
  echo "postgres-cluster: PostgreSQL did not start:" >&2
  cat "$PG_DIR/log" >&2
  exit 1
}

pg_cluster_createdb() {
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U bao "$1"
  echo "postgres://bao@127.0.0.1:$PG_PORT/$1"
}

pg_cluster_stop() {
  if [ -n "$PG_PORT" ]; then
    "${pg_as_owner[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    PG_PORT=""
  fi
  if [ -n "$PG_DIR" ]; then
    if [ "${PG_KEEP:-0}" = 1 ]; then echo "kept: $PG_DIR"; else rm -rf "$PG_DIR"; fi
    PG_DIR=""
  fi
}
