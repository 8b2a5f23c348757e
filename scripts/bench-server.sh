#!/usr/bin/env bash
# The load benchmark of bao-server (a slow check, minutes long: not part of CI or scripts/test.sh).
# Builds the server and the load generator bao-load in release, then for each number of concurrent
# games starts a fresh bao-server on 127.0.0.1:0 with a new SQLite file in a temporary folder
# (BENCH_DB=postgres: a new database of a temporary PostgreSQL cluster instead), lets bao-load play that many games against it (ramp-up, then BENCH_SECONDS measured), stops the
# server and prints one table row. The load generator runs on the same machine as the server and
# shares its cores, so the figures are pessimistic for a server on a machine of its own.
#
#   scripts/bench-server.sh                      # 100, 1000 and 5000 games, 60 s each
#   BENCH_GAMES="100 500" BENCH_SECONDS=20 scripts/bench-server.sh
#   BENCH_DB=postgres scripts/bench-server.sh    # the same on PostgreSQL
#
# Environment: BENCH_GAMES (default "100 1000 5000"), BENCH_SECONDS (60), BENCH_MOVE_EVERY (a
# player's average think time in seconds, 2), BENCH_SEED (1), BENCH_KEEP=1 keeps the folder with
# the databases, the server logs and bao-load's full reports. The temporary folder follows TMPDIR:
# TMPDIR=/dev/shm puts the database on tmpfs, where a commit's fsync costs nothing (a way to tell
# the database's share of the latency from the rest, not a deployment). BENCH_DB=postgres starts
# a temporary PostgreSQL cluster (scripts/postgres-cluster.sh: Debian's `postgresql`, installed
# if missing; its data folder under TMPDIR too; default settings, so `synchronous_commit=on` and
# one fsync per commit), one fresh database per row, and stops and removes it on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
fi
target="${CARGO_TARGET_DIR:-target}"
levels="${BENCH_GAMES:-100 1000 5000}"
seconds="${BENCH_SECONDS:-60}"
move_every="${BENCH_MOVE_EVERY:-2}"
seed="${BENCH_SEED:-1}"
db="${BENCH_DB:-sqlite}"
case "$db" in
  sqlite | postgres) ;;
  *) echo "bench-server: BENCH_DB is sqlite or postgres, not '$db'" >&2; exit 2 ;;
esac

cargo build --release --locked -p bao-server --features load
server_bin="$target/release/bao-server"
load_bin="$target/release/bao-load"

# Two sockets per game in each process (and the creations' short-lived ones): raise the
# open-files limit to the hard limit.
ulimit -n "$(ulimit -Hn)"
echo "open files per process: $(ulimit -n); cores: $(nproc)"

work="$(mktemp -d)"
server_pid=""
source scripts/postgres-cluster.sh
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    wait "$server_pid" || true
  fi
  server_pid=""
}
finish() {
  stop_server
  PG_KEEP="${BENCH_KEEP:-0}" pg_cluster_stop
  if [ "${BENCH_KEEP:-0}" = 1 ]; then
    echo "kept: $work"
  else
    rm -rf "$work"
  fi
}
trap finish EXIT

# A field of bao-load's RESULT line.
field() {
  sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"
}

# A temporary PostgreSQL cluster (scripts/postgres-cluster.sh), its version and its commits'
# durability said.
start_postgres() {
  pg_cluster_start
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT," \
    "synchronous_commit=$("$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U bao -d postgres -Atc 'SHOW synchronous_commit')"
}

# A new, empty database for a row of `games` games: its URL.
new_database() {
  local games=$1
  if [ "$db" = postgres ]; then
    pg_cluster_createdb "bench_$games"
  else
    echo "sqlite:$work/games-$games.sqlite"
  fi
}

[ "$db" = sqlite ] || start_postgres
rows=()
for games in $levels; do
  # The connection limits sized for the load (four sockets a game, all from a few hundred
  # loopback addresses): this measures throughput, not the limits (tests/server/internet.rs).
  "$server_bin" --listen 127.0.0.1:0 --db "$(new_database "$games")" \
    --max-connections $((games * 4 + 1024)) --max-connections-per-address $((games * 4)) \
    --sockets-per-minute 1000000 \
    >"$work/server-$games.out" 2>"$work/server-$games.log" &
  server_pid=$!
  for _ in $(seq 100); do
    grep -q '^listening on ' "$work/server-$games.out" 2>/dev/null && break
    sleep 0.1
  done
  url="$(sed -n '1s/^listening on //p' "$work/server-$games.out")"
  if [ -z "$url" ]; then
    echo "bao-server did not start:" >&2
    cat "$work/server-$games.log" >&2
    exit 1
  fi
  echo "== $games games against $url (pid $server_pid)"
  database_pid=()
  [ "$db" = sqlite ] || database_pid=(--database-pid "$(head -n 1 "$PG_DIR/data/postmaster.pid")")
  "$load_bin" --server "$url" --games "$games" --seconds "$seconds" \
    --move-every "$move_every" --seed "$seed" --server-pid "$server_pid" "${database_pid[@]}" |
    tee "$work/load-$games.txt"
  stop_server
  result="$(grep '^RESULT ' "$work/load-$games.txt")"
  # On PostgreSQL the server's CPU is shown as bao-server's + PostgreSQL's processes'.
  server_cpu="$(field server_cpu "$result")"
  [ "$db" = sqlite ] || server_cpu="$server_cpu + $(field database_cpu "$result")"
  rows+=("$(printf '| %s | %s | %s | %s | %s | %s | %s | %s / %s / %s | %s |' \
    "$games" "$(field in_flight_min "$result")" "$(field moves_per_s "$result")" \
    "$(field p50_ms "$result")" "$(field p99_ms "$result")" "$(field max_ms "$result")" \
    "$(field server_rss_mib "$result")" "$server_cpu" \
    "$(field load_cpu "$result")" "$(field other_cpu "$result")" "$(field failures "$result")")")
done

echo
described=SQLite
[ "$db" = sqlite ] || described="PostgreSQL (server CPU: bao-server + PostgreSQL's processes)"
echo "$(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD), $described, $(nproc) cores shared with bao-load," \
  "${seconds} s measured per row, think time ${move_every} s average"
echo
echo "| games | in flight (min) | moves/s | p50 ms | p99 ms | max ms | server RSS MiB (max) | CPU % of a core: server / bao-load / rest | failures |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
