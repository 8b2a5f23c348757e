#!/usr/bin/env bash
# Tests the server's package as an operator deploys it, in a fresh Debian 12 root (debootstrap,
# the base tarball scripts/test-packages.sh keeps) booted with systemd-nspawn: systemd runs the
# shipped unit exactly as it is installed (no drop-in, no changed line). Not part of CI: it takes
# about 2 minutes once the package is built (1 min 24 s on the development machine; the first
# run adds a few minutes for debootstrap).
#  1. bao-server_VERSION_amd64.deb installed with apt in the booted root: enabled and started
#     by its maintainer scripts, healthy on SQLite with the default settings; the unit's
#     exposure score from `systemd-analyze security`;
#  2. Debian's PostgreSQL: the shipped env file edited as the docs say (the database, the
#     trusted proxy) and the unit restarted on it; a second server on the same database, from a
#     unit the test writes (the shipped one with its settings, state folder and name changed:
#     the first server alone is the package's own unit), listening on 127.0.0.1:8081;
#  3. Debian's nginx with the shipped example configuration (unchanged) and a self-signed
#     certificate at the paths it names; http:// redirects, /metrics is not served outside;
#  4. a whole game over wss:// through the proxy, and a whole game with South on the proxy and
#     North on the second server; every `moved` checked against the engine's record (a
#     `bao-cli random-games` game) and the result too;
#  5. the per-address limit behind the proxy: 100 creations in a minute from 10 client
#     addresses all pass, the 31st from one address gets 429, a client that names another
#     address in X-Forwarded-For and Forwarded is counted as itself;
#  6. 2,000 half-open sockets from one address: /health and a new game from another address,
#     directly and through the proxy, each answer within a second; when the server closes the
#     half-open sockets;
#  7. /metrics: the counters match what the test did; the logs hold no token;
#  8. SIGKILL: systemd restarts it (Restart=on-failure); `systemctl stop` with a player's
#     WebSocket and 1,000 half-open sockets open (the header timeout raised to 60 s in the env
#     file, so that the stop timeout is what drops them): how long the stop takes, the socket's
#     close code, and that the server exited by itself before systemd's SIGKILL;
#  9. the package reinstalled (the upgrade's way: the server restarted, the settings kept),
#     removed (stopped, the settings kept), purged (the settings gone, the games kept).
# Every check is printed as it passes or fails (the run goes on after a failure and ends with
# status 1); the figures are kept in $BAO_SERVER_DEPLOY_DIR/report.txt with the logs.
#
# Usage: scripts/test-server-deploy.sh [--no-build] [--keep]
#   --no-build  test the package already in dist/packages (and the bao-cli already built)
#   --keep      leave the Debian root in place afterwards (for a look inside)
# Needs root (debootstrap, systemd-nspawn, nsenter) and Debian's mirror (apt fills the root
# before it boots; the booted root has a network of its own, loopback only).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

# shellcheck source=scripts/package-test-args.sh
source scripts/package-test-args.sh
# shellcheck source=scripts/debian-root.sh
source scripts/debian-root.sh
package_test_args test-server-deploy "debootstrap, systemd-nspawn and nsenter need it" "$@"

server_version=$(awk '/^\[package\]/ { p = 1; next } /^\[/ { p = 0 }
  p && /^version *=/ { gsub(/version *= *|"/, ""); print; exit }' crates/bao-server/Cargo.toml)
packages=${BAO_PACKAGES_DIR:-$repo/dist/packages}
deb=$packages/bao-server_${server_version}_amd64.deb
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
    export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
fi
bao_cli=${CARGO_TARGET_DIR:-$repo/target}/release/bao-cli
work=${BAO_SERVER_DEPLOY_DIR:-/var/tmp/bao-server-deploy}
# The minimal Debian 12 that scripts/test-packages.sh makes and keeps, made the same way here if
# it is missing.
base=${BAO_DEBIAN_BASE:-/var/tmp/bao-package-test/bookworm-base.tar}
root=$work/root
report=$work/report.txt
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
inside=/srv/bao-test

# The name the example configuration serves, and its certificate's paths.
site=bao.example.org
cert_dir=/etc/letsencrypt/live/$site
proxy=https://$site
first=http://127.0.0.1:8080
second=http://127.0.0.1:8081
# The server's defaults, which the checks expect.
stop_timeout=10
# What the server gives its WebSockets to finish their close after the stop timeout.
close_wait=5
header_timeout=10
per_address=64

say() { printf '== %s\n' "$*" >&2; }
fail() {
    printf 'test-server-deploy: FAILED: %s\n' "$*" >&2
    exit 1
}
note() { printf '%s\n' "$*" | tee -a "$report" >&2; }
failures=0
# check WHAT CONDITION…: the condition (a command) run; PASS or FAIL noted, the run goes on.
check() {
    local what=$1
    shift
    if "$@"; then
        note "PASS $what"
    else
        note "FAIL $what"
        failures=$((failures + 1))
    fi
}

# --- the package and the tools ----------------------------------------------------------------

build_package() {
    if [ "$build" -eq 1 ]; then
        scripts/package.sh --server-only
        cargo build --release --locked -p bao-cli
    fi
    [ -f "$deb" ] || fail "$deb is missing (run scripts/package.sh --server-only)"
    [ -x "$bao_cli" ] || fail "$bao_cli is missing (cargo build --release -p bao-cli)"
}

install_tools() {
    local need=()
    command -v debootstrap >/dev/null || need+=(debootstrap)
    command -v systemd-nspawn >/dev/null || need+=(systemd-container)
    command -v nsenter >/dev/null || need+=(util-linux)
    scripts/apt-install.sh "${need[@]}"
}

# --- the Debian root, not booted --------------------------------------------------------------

# What the booted root needs besides the package, from Debian's mirror while the root still has
# the host's network; services are not started in the unbooted root (policy-rc.d).
prepare_root() {
    say "apt in the root: nginx, PostgreSQL, python3-websockets"
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod 755 "$root/usr/sbin/policy-rc.d"
    in_root apt-get update -q >"$work/apt.log" 2>&1 || fail "apt-get update (see $work/apt.log)"
    in_root apt-get install -y -q --no-install-recommends nginx postgresql python3 \
        python3-websockets openssl curl procps >>"$work/apt.log" 2>&1 ||
        fail "apt-get install (see $work/apt.log)"
    rm "$root/usr/sbin/policy-rc.d"
    # The certificate, self-signed, where certbot would put Let's Encrypt's.
    in_root /bin/sh -c "mkdir -p $cert_dir && openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
        -subj /CN=$site -addext subjectAltName=DNS:$site \
        -keyout $cert_dir/privkey.pem -out $cert_dir/fullchain.pem" >>"$work/apt.log" 2>&1 ||
        fail "openssl req (see $work/apt.log)"
    echo "127.0.0.1 $site" >>"$root/etc/hosts"
    mkdir -p "$root$inside"
    cp "$deb" "$root$inside/"
    write_client >"$root$inside/client.py"
    # The game to play: the engine's own legal moves, a whole game.
    "$bao_cli" random-games --variant kigogo --games 1 --seed 7 >"$root$inside/game.jsonl"
}

# --- the booted root ---------------------------------------------------------------------------

leader=""
nspawn_pid=""

# Boots the root: its own network namespace (loopback only, so its ports are its own), the
# console into console.log. Commands reach it through nsenter into its init's namespaces (this
# host runs no machined for `machinectl shell`).
boot() {
    say "booting the root (systemd-nspawn --boot --private-network)"
    systemd-nspawn -q -D "$root" -M "bao-deploy-$$" --register=no --keep-unit --boot \
        --private-network --console=read-only >"$work/console.log" 2>&1 &
    nspawn_pid=$!
    for _ in $(seq 100); do
        leader=$(pgrep -P "$nspawn_pid" -x systemd || true)
        [ -n "$leader" ] && break
        sleep 0.1
    done
    [ -n "$leader" ] || fail "the root did not boot (see $work/console.log)"
    local state="" _
    for _ in $(seq 600); do
        state=$(in_booted systemctl is-system-running --wait 2>/dev/null) || true
        [ -n "$state" ] && break
        sleep 0.2
    done
    note "booted: systemd in the root says '$state'"
    [ "$state" = running ] || in_booted systemctl --failed --no-pager >&2 || true
}

in_booted() {
    nsenter -t "$leader" -a -r -w -- /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
        LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive SYSTEMD_COLORS=0 SYSTEMD_PAGER=cat \
        SYSTEMD_URLIFY=0 "$@"
}

# The test's client (below), in the root.
run_client() {
    in_booted python3 "$inside/client.py" "$@"
}

power_off() {
    if [ -n "$nspawn_pid" ] && kill -0 "$nspawn_pid" 2>/dev/null; then
        in_booted systemctl poweroff >/dev/null 2>&1 || true
        for _ in $(seq 60); do
            kill -0 "$nspawn_pid" 2>/dev/null || break
            sleep 0.5
        done
        kill "$nspawn_pid" 2>/dev/null || true
        wait "$nspawn_pid" 2>/dev/null || true
    fi
    nspawn_pid=""
}

cleanup() {
    power_off
    if [ "$keep" -eq 0 ]; then
        rm -rf "$root"
    fi
}

# Waits up to SECONDS for URL (inside the root) to answer 200.
wait_for() { # URL SECONDS
    local _
    for _ in $(seq $(($2 * 5))); do
        in_booted curl -fsS --max-time 1 --cacert "$cert_dir/fullchain.pem" "$1" >/dev/null 2>&1 &&
            return 0
        sleep 0.2
    done
    return 1
}

# The HTTP status of URL inside the root.
status_of() { # URL [CURL ARGS…]
    in_booted curl -s -o /dev/null -w '%{http_code}' --max-time 5 \
        --cacert "$cert_dir/fullchain.pem" "$@" || true
}

# A JSON field, by a Python expression on `d`.
field() { # JSON EXPRESSION [DEFAULT: what it prints when the JSON lacks it; None]
    python3 -c 'import json, sys
try:
    d = json.loads(sys.argv[1])
    print(eval(sys.argv[2]))
except Exception:
    print(sys.argv[3])' "$1" "$2" "${3:-None}"
}

journal_of() { # UNIT
    in_booted journalctl -u "$1" --no-pager -o short-precise
}

# --- 1. the package, installed -----------------------------------------------------------------

test_install() {
    say "installing $(basename "$deb") with apt in the booted root"
    in_booted apt-get install -y -q "$inside/$(basename "$deb")" >"$work/apt-deb.log" 2>&1 ||
        fail "apt-get install $(basename "$deb") (see $work/apt-deb.log)"
    check "the unit is enabled by the package" \
        test "$(in_booted systemctl is-enabled bao-server.service)" = enabled
    check "the unit is the shipped file, without drop-ins" \
        cmp -s "$root/usr/lib/systemd/system/bao-server.service" packaging/server/bao-server.service
    check "no drop-in for the unit" \
        test -z "$(in_booted systemctl show -P DropInPaths bao-server.service)"
    check "the package started the server: /health answers on 127.0.0.1:8080" wait_for "$first/health" 10
    check "the server said where it listens" \
        grep -q 'listening on http://127.0.0.1:8080' <(journal_of bao-server)
    local ready
    ready=$(status_of "$first/ready")
    check "/ready is 200 on SQLite (got $ready)" test "$ready" = 200
    check "the default database is /var/lib/bao-server/games.sqlite" \
        in_booted test -s /var/lib/bao-server/games.sqlite
    note "state folder: $(in_booted ls -ld /var/lib/private/bao-server | awk '{ print $1, $3 }'), \
database: $(in_booted ls -l /var/lib/private/bao-server/games.sqlite | awk '{ print $1, $3 }')"
    note "the server runs as: $(in_booted ps -o user=,uid= -C bao-server | head -n1)"

    in_booted systemd-analyze security bao-server.service >"$work/security.txt" 2>&1 || true
    local exposure score
    exposure=$(grep -o 'Overall exposure level for bao-server.service: .*' "$work/security.txt" || true)
    note "systemd-analyze security: ${exposure:-no score (see $work/security.txt)}"
    score=$(grep -o 'service: [0-9.]*' <<<"$exposure" | awk '{ print $2 }')
    check "the exposure score is OK or better (at most 4.5)" \
        awk -v s="${score:-99}" 'BEGIN { exit !(s <= 4.5) }'
}

# --- 2. PostgreSQL, the settings, a second server ---------------------------------------------

test_postgres() {
    say "PostgreSQL: a role and a database; the shipped settings edited; a second server"
    local _
    for _ in $(seq 50); do
        in_booted runuser -u postgres -- psql -qAtc 'SELECT 1' >/dev/null 2>&1 && break
        sleep 0.2
    done
    in_booted runuser -u postgres -- psql -qc "CREATE ROLE bao LOGIN PASSWORD 'deploy-test'" >/dev/null ||
        fail "CREATE ROLE bao"
    in_booted runuser -u postgres -- createdb -O bao bao || fail "createdb bao"

    # What the docs tell the operator: uncomment the two lines, fill in the password.
    sed -i -e 's|^#BAO_SERVER_DB=postgres://bao:PASSWORD@127.0.0.1:5432/bao$|BAO_SERVER_DB=postgres://bao:deploy-test@127.0.0.1:5432/bao|' \
        -e 's|^#BAO_SERVER_TRUSTED_PROXY=127.0.0.1/32$|BAO_SERVER_TRUSTED_PROXY=127.0.0.1/32|' \
        "$root/etc/bao-server/bao-server.env"
    check "the env file's PostgreSQL and trusted-proxy lines uncommented" \
        test "$(grep -c '^BAO_SERVER_' "$root/etc/bao-server/bao-server.env")" = 2
    in_booted systemctl restart bao-server.service
    check "the server is back on PostgreSQL" wait_for "$first/health" 10
    check "/ready is 200 on PostgreSQL" test "$(status_of "$first/ready")" = 200
    check "the server made its tables in PostgreSQL" \
        in_booted runuser -u postgres -- psql -d bao -qAtc 'SELECT count(*) FROM games' >/dev/null

    # The second server: the same program and sandbox under another name, port and state folder.
    sed -e 's|^Description=.*|Description=Bao game server, the second (scripts/test-server-deploy.sh)|' \
        -e 's|^EnvironmentFile=.*|EnvironmentFile=/etc/bao-server/second.env|' \
        -e 's|^StateDirectory=.*|StateDirectory=bao-server-second|' \
        -e 's|^WorkingDirectory=.*|WorkingDirectory=/var/lib/bao-server-second|' \
        -e 's|^Environment=BAO_SERVER_DB=.*||' \
        "$root/usr/lib/systemd/system/bao-server.service" >"$root/etc/systemd/system/bao-server-second.service"
    cat >"$root/etc/bao-server/second.env" <<EOF
BAO_SERVER_LISTEN=127.0.0.1:8081
BAO_SERVER_DB=postgres://bao:deploy-test@127.0.0.1:5432/bao
BAO_SERVER_TRUSTED_PROXY=127.0.0.1/32
EOF
    chmod 600 "$root/etc/bao-server/second.env"
    in_booted systemctl daemon-reload
    in_booted systemctl start bao-server-second.service
    check "the second server answers on 127.0.0.1:8081" wait_for "$second/health" 10
}

# --- 3. nginx -------------------------------------------------------------------------------------

test_nginx() {
    say "nginx with the shipped configuration"
    cp "$root/usr/share/doc/bao-server/examples/nginx-bao.conf" "$root/etc/nginx/sites-available/bao"
    ln -sf ../sites-available/bao "$root/etc/nginx/sites-enabled/bao"
    local test_output
    test_output=$(in_booted nginx -t 2>&1) || true
    check "nginx -t accepts the example configuration" grep -q 'test is successful' <<<"$test_output"
    [ "$failures" -eq 0 ] || echo "$test_output" >&2
    in_booted systemctl restart nginx.service
    check "https://$site/health answers through nginx" wait_for "$proxy/health" 10
    local code
    code=$(status_of "http://$site/health")
    check "http:// redirects to https:// (got $code)" test "$code" = 301
    code=$(status_of "$proxy/metrics")
    check "/metrics is not served through the proxy (got $code)" test "$code" = 404
}

# --- 4. whole games -------------------------------------------------------------------------------

games_first=0   # games created on the first server, counted here
moves_first=0   # moves sent to the first server
moves_second=0
# Refusals by error code, on each server: "CODE CODE …".
refusals_first=""
refusals_second=""
test_games() {
    say "a whole game over wss:// through the proxy; one across the two servers"
    local out plies south
    plies=$(wc -l <"$root$inside/game.jsonl")
    south=$(python3 -c 'import json, sys
print(sum(1 for l in open(sys.argv[1]) if json.loads(l)["before"]["to_move"] == "south"))' \
        "$root$inside/game.jsonl")
    if out=$(run_client play "$proxy" "$proxy" "$inside/game.jsonl" 127.0.0.200); then
        note "PASS a whole game over wss:// through nginx: $out"
        moves_first=$((moves_first + plies))
        refusals_first="$refusals_first $(field "$out" 'd["refusals"]["south"]') $(field "$out" 'd["refusals"]["north"]')"
    else
        note "FAIL a whole game over wss:// through nginx: $out"
        failures=$((failures + 1))
    fi
    games_first=$((games_first + 1))
    if out=$(run_client play "$proxy" "$second" "$inside/game.jsonl" 127.0.0.201); then
        note "PASS a whole game, South through nginx to the first server, North on the second: $out"
        moves_first=$((moves_first + south))
        moves_second=$((moves_second + plies - south))
        refusals_first="$refusals_first $(field "$out" 'd["refusals"]["south"]')"
        refusals_second="$refusals_second $(field "$out" 'd["refusals"]["north"]')"
    else
        note "FAIL a whole game across the two servers: $out"
        failures=$((failures + 1))
    fi
    games_first=$((games_first + 1))
}

# --- 5. the per-address limit behind the proxy --------------------------------------------------

refused_first=0
test_creations() {
    say "100 creations a minute from 10 addresses through the proxy"
    local out sources=()
    for i in $(seq 2 12); do sources+=("127.0.0.$i"); done
    if out=$(run_client creations "$proxy" "${sources[@]}"); then
        note "PASS the per-address limit behind nginx: $out"
    else
        note "FAIL the per-address limit behind nginx: $out"
        failures=$((failures + 1))
    fi
    if [ -n "$out" ]; then
        games_first=$((games_first + $(field "$out" 'd["created"]' 0)))
        refused_first=$((refused_first + $(field "$out" 'd["refused"]' 0)))
    fi
}

# --- 6. half-open sockets -------------------------------------------------------------------------

# Holds COUNT half-open sockets to TARGET from SOURCES in the background for SECONDS; its report
# goes to $work/NAME.json. Returns once they are open.
hold_sockets() { # NAME TARGET COUNT SECONDS SOURCES…
    local name=$1 target=$2 count=$3 seconds=$4
    shift 4
    rm -f "$root$inside/$name.ready"
    in_booted /bin/sh -c 'ulimit -n 16384 && exec "$@"' hold \
        python3 "$inside/client.py" hold "$target" "$count" "$seconds" "$inside/$name.ready" "$@" \
        >"$work/$name.json" 2>"$work/$name.err" &
    hold_pid=$!
    local _
    for _ in $(seq 300); do
        [ -f "$root$inside/$name.ready" ] && return 0
        sleep 0.1
    done
    fail "the half-open sockets were not opened (see $work/$name.err)"
}

refused_per_address=0
test_half_open() {
    say "2,000 half-open sockets from 127.0.0.50 to the first server"
    local started out
    started=$(date +%s.%N)
    hold_sockets half-open 127.0.0.1:8080 2000 $((header_timeout + 15)) 127.0.0.50
    note "2,000 half-open sockets opened in $(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s"
    if out=$(run_client probe "$first" "$proxy" 127.0.0.60); then
        note "PASS with them open, from another address (status, seconds): $out"
    else
        note "FAIL with them open, from another address: $out"
        failures=$((failures + 1))
    fi
    games_first=$((games_first + 2))
    run_client metrics "$first" 127.0.0.1 >"$work/metrics-half-open.json" || true
    note "while they are open: bao_connections_open $(field "$(cat "$work/metrics-half-open.json")" \
        'd.get("bao_connections_open")')"
    wait "$hold_pid" || true
    out=$(cat "$work/half-open.json")
    note "the half-open sockets: $out"
    local at_once held lifetimes
    at_once=$(field "$out" 'd["closed_at_once"]' 0)
    held=$(field "$out" 'd["closed_later"]' 0)
    lifetimes=$(field "$out" '"%s to %s" % tuple(d["later_lifetimes_s"])')
    refused_per_address=$at_once
    check "all but $per_address answered 503 and closed at once (the per-address limit): $at_once of 2000" \
        test "$at_once" -eq $((2000 - per_address))
    check "the $held held closed by the header timeout (${header_timeout}s): after $lifetimes s" \
        python3 -c 'import json, sys
d, h = json.loads(sys.argv[1]), float(sys.argv[2])
lo, hi = d["later_lifetimes_s"]
sys.exit(not (d["still_open"] == 0 and h - 0.5 <= lo and hi <= h + 2))' "$out" "$header_timeout"
}

# --- 7. metrics and logs ----------------------------------------------------------------------------

# The difference of one metric between two scrapes (JSON files).
delta() { # BEFORE AFTER NAME
    python3 -c 'import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
print(int(b.get(sys.argv[3], 0) - a.get(sys.argv[3], 0)))' "$1" "$2" "$3"
}

test_metrics() {
    say "/metrics against what the test did"
    local m1=$work/metrics-first-before.json m2=$work/metrics-first-after.json
    local s1=$work/metrics-second-before.json s2=$work/metrics-second-after.json
    run_client metrics "$first" 127.0.0.1 >"$m2" || fail "scraping $first/metrics"
    run_client metrics "$second" 127.0.0.1 >"$s2" || fail "scraping $second/metrics"
    in_booted curl -s "$first/metrics" >"$work/metrics-first.txt"
    local name
    for name in bao_games_live bao_sockets_open bao_connections_open bao_moves_total \
        bao_games_created_total bao_commit_seconds_count; do
        check "$name is in /metrics" grep -q "^${name}[ {]" "$work/metrics-first.txt"
    done
    for name in bao_refusals_total bao_connections_refused_total bao_rate_limited_total; do
        check "$name is in /metrics" grep -q "^# TYPE ${name%_total} \|^${name}[ {]" "$work/metrics-first.txt"
    done
    local got
    got=$(delta "$m1" "$m2" bao_games_created_total)
    check "bao_games_created_total grew by the $games_first games created (by $got)" \
        test "$got" = "$games_first"
    got=$(delta "$m1" "$m2" 'bao_rate_limited_total{reason="games"}')
    check "bao_rate_limited_total{reason=\"games\"} grew by the $refused_first refused (by $got)" \
        test "$got" = "$refused_first"
    local code expected
    for code in not_your_turn illegal_move; do
        expected=$(tr ' ' '\n' <<<"$refusals_first" | grep -cx "$code" || true)
        got=$(delta "$m1" "$m2" "bao_refusals_total{reason=\"$code\"}")
        check "bao_refusals_total{reason=\"$code\"} on the first server grew by $expected (by $got)" \
            test "$got" = "$expected"
        expected=$(tr ' ' '\n' <<<"$refusals_second" | grep -cx "$code" || true)
        got=$(delta "$s1" "$s2" "bao_refusals_total{reason=\"$code\"}")
        check "bao_refusals_total{reason=\"$code\"} on the second server grew by $expected (by $got)" \
            test "$got" = "$expected"
    done
    got=$(delta "$m1" "$m2" bao_moves_total)
    check "bao_moves_total on the first server grew by the $moves_first moves sent to it (by $got)" \
        test "$got" = "$moves_first"
    got=$(delta "$s1" "$s2" bao_moves_total)
    check "bao_moves_total on the second server grew by the $moves_second moves sent to it (by $got)" \
        test "$got" = "$moves_second"
    got=$(delta "$m1" "$m2" 'bao_connections_refused_total{reason="per_address"}')
    check "bao_connections_refused_total{reason=\"per_address\"} grew by the $refused_per_address sockets closed at once (by $got)" \
        test "$got" = "$refused_per_address"
    got=$(field "$(cat "$m2")" 'int(d.get("bao_sockets_open", -1))')
    check "bao_sockets_open is 0 after the games ($got)" test "$got" = 0

    say "the logs"
    journal_of bao-server >"$work/journal-bao-server.txt"
    cp "$root/var/log/nginx/bao-access.log" "$work/nginx-bao-access.log"
    check "nginx's access log has the sockets' lines" grep -q '"GET /ws HTTP/1.1" 101' "$work/nginx-bao-access.log"
    check "nginx's access log holds no token" bash -c "! grep -q 'token=' '$work/nginx-bao-access.log'"
    check "the server's journal holds no token" bash -c "! grep -q 'token=' '$work/journal-bao-server.txt'"
    check "the server logged the client's address from X-Forwarded-For (127.0.0.200)" \
        grep -q '127\.0\.0\.200' "$work/journal-bao-server.txt"
    check "the server logged the client that named another in X-Forwarded-For as itself (127.0.0.12)" \
        grep -q '127\.0\.0\.12[^0-9]' "$work/journal-bao-server.txt"
    note "the server's access-log lines, e.g.: $(grep -m1 '/ws' "$work/journal-bao-server.txt" | cut -c1-200)"
    note "nginx's, e.g.: $(grep -m1 '/ws' "$work/nginx-bao-access.log")"
}

# --- 8. restart and stop -------------------------------------------------------------------------

test_restart_and_stop() {
    say "SIGKILL: restarted by systemd"
    local pid new_pid _
    pid=$(in_booted systemctl show -P MainPID bao-server.service)
    in_booted systemctl kill -s KILL bao-server.service
    for _ in $(seq 50); do
        new_pid=$(in_booted systemctl show -P MainPID bao-server.service)
        [ "$new_pid" != 0 ] && [ "$new_pid" != "$pid" ] && break
        sleep 0.2
    done
    check "restarted after SIGKILL (pid $pid, then $new_pid)" wait_for "$first/health" 10

    # The half-open sockets are to be dropped by the stop timeout, not by the header timeout:
    # the operator's setting raises it for this part.
    sed -i 's|^#BAO_SERVER_HEADER_TIMEOUT=10s$|BAO_SERVER_HEADER_TIMEOUT=60s|' \
        "$root/etc/bao-server/bao-server.env"
    in_booted systemctl restart bao-server.service
    wait_for "$first/health" 10 || fail "the server did not come back with a 60 s header timeout"
    say "systemctl stop with a player's WebSocket and 1,000 half-open sockets (50 from each of 20 addresses)"
    local sources=() started stopped seconds result code socket_pid
    for i in $(seq 100 119); do sources+=("127.0.0.$i"); done
    rm -f "$root$inside/socket.ready"
    run_client socket "$proxy" 127.0.0.130 "$inside/socket.ready" >"$work/stop-socket.json" 2>&1 &
    socket_pid=$!
    for _ in $(seq 100); do
        [ -f "$root$inside/socket.ready" ] && break
        sleep 0.1
    done
    hold_sockets stop 127.0.0.1:8080 1000 60 "${sources[@]}"
    started=$(date +%s.%N)
    in_booted systemctl stop bao-server.service
    stopped=$(date +%s.%N)
    seconds=$(awk -v a="$started" -v b="$stopped" 'BEGIN { printf "%.2f", b - a }')
    result=$(in_booted systemctl show -P Result bao-server.service)
    code=$(in_booted systemctl show -P ExecMainStatus bao-server.service)
    wait "$hold_pid" || true
    wait "$socket_pid" || true
    local held socket_out
    held=$(cat "$work/stop.json")
    socket_out=$(cat "$work/stop-socket.json")
    note "systemctl stop took $seconds s (Result=$result, exit status $code)"
    note "  the half-open sockets: $held"
    note "  the last closed $(field "$held" '"%.2f" % (d["last_close_unix"] - '"$started"')') s after SIGTERM"
    note "  the player's WebSocket (through nginx): close code $(field "$socket_out" 'd["close_code"]'), $(field "$socket_out" '"%.2f" % (d["closed_unix"] - '"$started"')') s after SIGTERM"
    check "the player's WebSocket was closed with 1001 (going away)" \
        test "$(field "$socket_out" 'd["close_code"]')" = 1001
    check "every half-open socket was closed by the stop" \
        test "$(field "$held" 'd["still_open"]')" = 0
    check "stopped within the stop timeout and the close's wait (${stop_timeout}s + ${close_wait}s, +1 s): $seconds s" \
        awk -v s="$seconds" -v t="$((stop_timeout + close_wait))" 'BEGIN { exit !(s <= t + 1) }'
    check "the server exited by itself, status 0 (Result=$result, status $code)" \
        test "$result" = success -a "$code" = 0
    in_booted systemctl start bao-server.service
    check "started again" wait_for "$first/health" 10
}

# --- 9. upgrade, removal, purge -------------------------------------------------------------------

test_package_lifecycle() {
    say "the package reinstalled (as an upgrade), removed, purged"
    local pid new_pid
    pid=$(in_booted systemctl show -P MainPID bao-server.service)
    in_booted apt-get install -y -q --reinstall "$inside/$(basename "$deb")" >>"$work/apt-deb.log" 2>&1 ||
        fail "apt-get install --reinstall (see $work/apt-deb.log)"
    new_pid=$(in_booted systemctl show -P MainPID bao-server.service)
    check "reinstalled: the server restarted (pid $pid, then $new_pid)" \
        test "$new_pid" != "$pid" -a "$new_pid" != 0
    check "reinstalled: the operator's settings kept" \
        grep -q '^BAO_SERVER_TRUSTED_PROXY=127.0.0.1/32$' "$root/etc/bao-server/bao-server.env"
    check "reinstalled: healthy" wait_for "$first/health" 10
    in_booted apt-get remove -y -q bao-server >>"$work/apt-deb.log" 2>&1 ||
        fail "apt-get remove bao-server (see $work/apt-deb.log)"
    check "removed: the server is stopped" \
        test "$(in_booted systemctl is-active bao-server.service)" != active
    check "removed: the settings stay until a purge" test -f "$root/etc/bao-server/bao-server.env"
    in_booted apt-get purge -y -q bao-server >>"$work/apt-deb.log" 2>&1 ||
        fail "apt-get purge bao-server (see $work/apt-deb.log)"
    check "purged: the settings are gone" test ! -e "$root/etc/bao-server/bao-server.env"
    check "purged: the SQLite database is kept (the games are the operator's)" \
        test -s "$root/var/lib/private/bao-server/games.sqlite"
}

# --- the test's client -----------------------------------------------------------------------------

write_client() {
    cat <<'PY'
#!/usr/bin/python3
# The deployment test's client (scripts/test-server-deploy.sh writes it into the Debian root and
# runs it there): Python's standard library and Debian's python3-websockets. Every command prints
# one JSON object on stdout and exits 1 when its check fails.
import asyncio
import http.client
import json
import os
import select
import socket
import ssl
import sys
import time

HOST = "bao.example.org"
CERT = "/etc/letsencrypt/live/bao.example.org/fullchain.pem"


def tls():
    return ssl.create_default_context(cafile=CERT)


def connection(base, source):
    """An HTTP connection to BASE (https://bao.example.org or http://127.0.0.1:PORT) from the
    loopback address SOURCE."""
    scheme, rest = base.split("://", 1)
    host, _, port = rest.partition(":")
    if scheme == "https":
        return http.client.HTTPSConnection(host, int(port or 443), timeout=10,
                                           source_address=(source, 0), context=tls())
    return http.client.HTTPConnection(host, int(port or 80), timeout=10,
                                      source_address=(source, 0))


def request(base, source, method, path, body=None, headers=None):
    """(status, parsed or raw body, seconds)"""
    started = time.monotonic()
    conn = connection(base, source)
    try:
        data = None if body is None else json.dumps(body).encode()
        all_headers = {"Content-Type": "application/json"} if data is not None else {}
        all_headers.update(headers or {})
        conn.request(method, path, body=data, headers=all_headers)
        response = conn.getresponse()
        raw = response.read()
    finally:
        conn.close()
    took = time.monotonic() - started
    try:
        parsed = json.loads(raw)
    except ValueError:
        parsed = raw.decode(errors="replace")
    return response.status, parsed, took


def create_game(base, source, headers=None):
    return request(base, source, "POST", "/api/games", {"variant": "kigogo", "seat": "south"},
                   headers)


def ws_url(base, token):
    scheme, rest = base.split("://", 1)
    return ("wss" if scheme == "https" else "ws") + "://" + rest + "/ws?token=" + token


async def receive(sock):
    """The next message that is not presence news (which comes whenever a seat connects)."""
    while True:
        message = json.loads(await asyncio.wait_for(sock.recv(), 10))
        if message.get("t") != "presence":
            return message


async def play(args):
    """A whole game: the moves of a `bao-cli random-games` record, South on one server, North on
    the same or another, every `moved` and the `over` checked against the record."""
    import websockets

    south_base, north_base, moves_file, source = args
    record = [json.loads(line) for line in open(moves_file) if line.strip()]
    status, created, _ = create_game(south_base, source)
    if status != 201:
        raise SystemExit(f"creating the game: {status} {created}")
    tokens = {"south": created["token"], "north": created["invite"]}
    bases = {"south": south_base, "north": north_base}
    sockets = {}
    for seat in ("south", "north"):
        extra = {"ssl": tls()} if bases[seat].startswith("https") else {}
        sockets[seat] = await websockets.connect(ws_url(bases[seat], tokens[seat]),
                                                 local_addr=(source, 0), open_timeout=10,
                                                 **extra)
    for seat, sock in sockets.items():
        first = json.loads(await asyncio.wait_for(sock.recv(), 10))
        if first.get("t") != "snapshot" or first.get("seat") != seat:
            raise SystemExit(f"{seat}'s first message: {first}")
    # Two refusals first, each answered with its error and the game untouched: the seat not to
    # move tries the first move, the seat to move sends a move that is not notation.
    mover = record[0]["before"]["to_move"]
    waiting = "north" if mover == "south" else "south"
    refusals = {}
    for seat, move, code in ((waiting, record[0]["move"], "not_your_turn"),
                             (mover, "zz", "illegal_move")):
        await sockets[seat].send(json.dumps({"t": "move", "ply": 0, "move": move}))
        message = await receive(sockets[seat])
        if message.get("t") != "error" or message.get("code") != code:
            raise SystemExit(f"{seat}'s {move} before the first move: {message}, not {code}")
        refusals[seat] = code
    started = time.monotonic()
    latencies = []
    for entry in record:
        # 20 messages a second is a socket's limit: a move every 60 ms or more from each seat.
        await asyncio.sleep(0.06)
        seat = entry["before"]["to_move"]
        other = "north" if seat == "south" else "south"
        sent = time.monotonic()
        await sockets[seat].send(json.dumps({"t": "move", "ply": entry["ply"],
                                             "move": entry["move"]}))
        for who in (seat, other):
            message = await receive(sockets[who])
            if message.get("t") != "moved" or message.get("ply") != entry["ply"] \
                    or message.get("move") != entry["move"]:
                raise SystemExit(f"ply {entry['ply']}: {who} got {message}")
            if message.get("position") != entry["after"]:
                raise SystemExit(f"ply {entry['ply']}: the server's position differs from the "
                                 f"engine's: {message.get('position')} vs {entry['after']}")
            if who == other:
                latencies.append(time.monotonic() - sent)
    last = record[-1]["outcome"]
    overs = []
    for who in ("south", "north"):
        message = await receive(sockets[who])
        if message.get("t") != "over" or message["result"].get("winner") != last.get("winner"):
            raise SystemExit(f"{who}'s end: {message}, the engine says {last}")
        overs.append(message["result"])
    for sock in sockets.values():
        await sock.close()
    latencies.sort()
    print(json.dumps({
        "game": created["game"], "plies": len(record), "result": overs[0],
        "refusals": refusals,
        "seconds": round(time.monotonic() - started, 2),
        "median_ms": round(1000 * latencies[len(latencies) // 2], 1),
        "max_ms": round(1000 * latencies[-1], 1),
    }))


def creations(args):
    """The per-address limit through the proxy: 10 games from each of the sources (100 in all),
    then 21 more from the first (its 31st is refused) and one more from each other source (their
    11th is not), and one from a source that claims to be the first in X-Forwarded-For and
    Forwarded (its own address counts). Prints the answers' statuses."""
    base, *sources = args
    spoofer = sources.pop()
    started = time.monotonic()
    statuses = {source: [] for source in sources}
    for _ in range(10):
        for source in sources:
            statuses[source].append(create_game(base, source)[0])
    first_100 = time.monotonic() - started
    for _ in range(21):
        statuses[sources[0]].append(create_game(base, sources[0])[0])
    for source in sources[1:]:
        statuses[source].append(create_game(base, source)[0])
    spoof = create_game(base, spoofer, {"X-Forwarded-For": sources[0],
                                        "Forwarded": f"for={sources[0]}"})[0]
    took = time.monotonic() - started
    first = statuses[sources[0]]
    ok = (all(s == 201 for s in first[:30]) and first[30] == 429
          and all(all(s == 201 for s in statuses[x]) for x in sources[1:]) and spoof == 201
          and took < 60)
    print(json.dumps({
        "ok": ok, "seconds_first_100": round(first_100, 2), "seconds": round(took, 2),
        "created": sum(s == 201 for v in statuses.values() for s in v) + (spoof == 201),
        "refused": sum(s == 429 for v in statuses.values() for s in v) + (spoof == 429),
        "first_source_31st": first[30], "spoofed": spoof,
        "statuses": {k: "".join("." if s == 201 else f"[{s}]" for s in v)
                     for k, v in statuses.items()},
    }))
    if not ok:
        sys.exit(1)


def probe(args):
    """/health and a new game, directly and through the proxy, each within a second."""
    direct, proxy, source = args
    results = {}
    for name, base in (("direct", direct), ("proxy", proxy)):
        status, _, took = request(base, source, "GET", "/health")
        results[f"health_{name}"] = [status, round(took, 3)]
        status, _, took = create_game(base, source)
        results[f"create_{name}"] = [status, round(took, 3)]
    ok = all(v[0] in (200, 201) and v[1] < 1.0 for v in results.values())
    results["ok"] = ok
    print(json.dumps(results))
    if not ok:
        sys.exit(1)


def hold(args):
    """Half-open sockets: COUNT connections to TARGET from the SOURCES in turn, each sending half
    a request header and nothing more. Writes READY (the count opened) once all are open, then
    watches them for SECONDS (or until all are closed) and prints when the server closed them."""
    target, count, seconds, ready, *sources = args
    host, port = target.rsplit(":", 1)
    count, seconds = int(count), float(seconds)
    started = time.monotonic()
    failed = 0
    opened = 0
    opened_at = {}  # fd: when its socket was opened
    lifetimes = []  # how long each closed socket lived, from its open to its close
    answered = 0
    open_ = {}
    poll = select.poll()
    last_close = [None]

    def watch(timeout_ms):
        nonlocal answered
        for fd, _ in poll.poll(timeout_ms):
            if fd not in open_:
                continue
            sock = open_[fd]
            try:
                data = sock.recv(4096)
            except OSError:
                data = b""
            if data:
                answered += 1
                continue
            lifetimes.append(time.monotonic() - opened_at[fd])
            last_close[0] = time.time()
            poll.unregister(fd)
            sock.close()
            del open_[fd]

    for i in range(count):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((sources[i % len(sources)], 0))
        try:
            sock.settimeout(5)
            sock.connect((host, int(port)))
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: bao.example.org\r\nUser-Agent: half")
            sock.setblocking(False)
        except OSError:
            failed += 1
            sock.close()
            continue
        opened += 1
        opened_at[sock.fileno()] = time.monotonic()
        open_[sock.fileno()] = sock
        poll.register(sock.fileno(), select.POLLIN | select.POLLHUP | select.POLLERR)
        if i % 20 == 19:
            watch(0)
    opened_in = time.monotonic() - started
    held = len(open_)
    with open(ready + ".tmp", "w") as f:
        f.write(str(held))
    os.rename(ready + ".tmp", ready)
    while open_ and time.monotonic() - started < seconds:
        watch(100)
    lifetimes.sort()
    at_once = sum(1 for t in lifetimes if t <= 2.0)
    later = lifetimes[at_once:]
    print(json.dumps({
        "opened": opened, "failed": failed, "opened_in_s": round(opened_in, 2),
        "open_when_ready": held, "answered": answered,
        "closed_at_once": at_once, "closed_later": len(later), "still_open": len(open_),
        "later_lifetimes_s": [round(later[0], 2), round(later[-1], 2)] if later else None,
        "last_close_unix": last_close[0],
    }))


async def socket_until_closed(args):
    """A player's WebSocket held open until the server closes it: creates a game from SOURCE on
    BASE, connects its South, writes READY, and prints the close code and when it came."""
    import websockets

    base, source, ready = args
    status, created, _ = create_game(base, source)
    if status != 201:
        raise SystemExit(f"creating the game: {status} {created}")
    extra = {"ssl": tls()} if base.startswith("https") else {}
    sock = await websockets.connect(ws_url(base, created["token"]), local_addr=(source, 0),
                                    open_timeout=10, **extra)
    await asyncio.wait_for(sock.recv(), 10)
    with open(ready + ".tmp", "w") as f:
        f.write("open")
    os.rename(ready + ".tmp", ready)
    try:
        while True:
            await sock.recv()
    except websockets.ConnectionClosed as closed:
        print(json.dumps({"close_code": closed.code, "closed_unix": time.time()}))


def metrics(args):
    """The metrics of BASE as JSON: {"name{labels}": value}."""
    base, source = args
    status, text, _ = request(base, source, "GET", "/metrics")
    if status != 200:
        raise SystemExit(f"/metrics: {status} {text}")
    values = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name, _, value = line.rpartition(" ")
        values[name] = float(value)
    print(json.dumps(values))


def status(args):
    """The status and body of one request: METHOD BASE PATH SOURCE."""
    method, base, path, source = args
    code, body, took = request(base, source, method, path)
    print(json.dumps({"status": code, "body": body, "seconds": round(took, 3)}))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "play":
        asyncio.run(play(args))
    elif command == "socket":
        asyncio.run(socket_until_closed(args))
    else:
        {"creations": creations, "probe": probe, "hold": hold, "metrics": metrics,
         "status": status}[command](args)
PY
}

main() {
    install_tools
    build_package
    mkdir -p "$work"
    : >"$report"
    note "package: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"
    fresh_root "$base"
    trap cleanup EXIT
    prepare_root
    boot
    test_install
    test_postgres
    test_nginx
    run_client metrics "$first" 127.0.0.1 >"$work/metrics-first-before.json" ||
        fail "scraping $first/metrics"
    run_client metrics "$second" 127.0.0.1 >"$work/metrics-second-before.json" ||
        fail "scraping $second/metrics"
    test_games
    test_creations
    test_half_open
    test_metrics
    test_restart_and_stop
    note "bao-server --version in the root: $(in_booted bao-server --version)"
    test_package_lifecycle
    if [ "$failures" -gt 0 ]; then
        note "$failures checks FAILED; report: $report"
        exit 1
    fi
    say "all deployment checks passed; report: $report"
}

main
