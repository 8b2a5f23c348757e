#!/usr/bin/env bash
# Installs the Debian packages named on the command line (quietly, without recommended extras;
# through sudo when not root). Does nothing without arguments. The project's scripts collect what
# is missing and call this: deps.sh (the build's libraries), build-web.sh and test-web.sh.
# Usage: scripts/apt-install.sh [PACKAGE…]
set -euo pipefail
[ $# -eq 0 ] && exit 0
echo "== installing: $*" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
