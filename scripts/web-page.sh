#!/usr/bin/env bash
# Writes the web showcase's page files into a dist/ that holds a built wasm and its glue
# (scripts/build-web.sh calls it; alone, it refreshes the page after a change to web/ without
# rebuilding the game): index.html, the service worker sw.js, the two manifests, the icons and
# the loading picture, and .br/.gz copies of the page and the glue.
# The build's version (the service worker's cache name) is a hash of every file the worker keeps,
# the page and the worker as written, so a new build replaces the cache and an unchanged one does
# not; VERSION=... overrides it (the browser test publishes a "new build" that way).
# Prints the build's version.
# Usage: scripts/web-page.sh DIST
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${1:?usage: scripts/web-page.sh DIST}
if [ ! -f "$dist/bao_bg.wasm" ] || [ ! -f "$dist/bao.js" ]; then
  echo "web-page: $dist has no bao_bg.wasm and bao.js (run scripts/build-web.sh)" >&2
  exit 1
fi
cp web/manifest.webmanifest web/kiosk.webmanifest web/icon-192.png web/icon-512.png \
  web/loading.jpg "$dist/"
wasm_bytes=$(stat -c %s "$dist/bao_bg.wasm")
version=${VERSION:-$(cat "$dist/bao_bg.wasm" "$dist/bao.js" web/index.html web/sw.js \
  "$dist"/*.webmanifest "$dist"/*.png "$dist/loading.jpg" | sha256sum | cut -c1-12)}
sed "s/__WASM_BYTES__/$wasm_bytes/; s/__BUILD_VERSION__/$version/" web/index.html >"$dist/index.html"
sed "s/__BUILD_VERSION__/$version/" web/sw.js >"$dist/sw.js"
for f in "$dist/bao.js" "$dist/index.html"; do
  gzip -9 -k -f "$f"
  brotli -q 11 -f -k "$f"
done
echo "$version"
