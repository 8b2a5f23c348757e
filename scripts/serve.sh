#!/usr/bin/env bash
# Serves the web showcase and its online games from one address, for a person trying online
# play: builds the web page into dist/ (scripts/build-web.sh) unless it is there, builds
# bao-server, and runs it on the page (`bao-server --web dist`). Open the address it prints in
# two browsers (or send it to a friend on your network), choose "Play online" and invite.
#
# Usage: scripts/serve.sh [--rebuild] [bao-server flags…]
#   --rebuild   build the web page again even if dist/ has one
#   e.g. scripts/serve.sh --listen 0.0.0.0:8080 --db sqlite:/tmp/bao.sqlite
# Stop it with Ctrl+C: the server closes every game's sockets and exits (the games stay in its
# database).
set -euo pipefail
cd "$(dirname "$0")/.."
rebuild=0
server_flags=()
for arg in "$@"; do
  case "$arg" in
    --rebuild) rebuild=1 ;;
    --web|--web=*)
      echo "serve.sh: the page served is dist/; run bao-server itself for another" >&2
      exit 2
      ;;
    *) server_flags+=("$arg") ;;
  esac
done
if [ "$rebuild" -eq 1 ] || [ ! -f dist/index.html ]; then
  scripts/build-web.sh
fi
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ -n "${HOME:-}" ]; then
  export CARGO_TARGET_DIR="$HOME/.cache/bao-target"
fi
cargo build --release --locked -p bao-server
exec "${CARGO_TARGET_DIR:-target}/release/bao-server" --web dist "${server_flags[@]}"
