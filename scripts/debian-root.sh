# shellcheck shell=bash disable=SC2154 # root and mirror are set by the script that sources this
# The Debian 12 root the package tests install into (scripts/test-packages.sh,
# scripts/test-server-deploy.sh). Sourced; the sourcing script defines `say` and `fail` and
# sets `root` (where the root goes) and `mirror` (Debian's mirror).
#   fresh_root BASE  a fresh root at $root for every run, from a debootstrap made once and kept
#                    as the tarball BASE: nothing a test installed survives into the next run
#   in_root CMD…     CMD in the root, not booted, on the host's network (for apt)

fresh_root() {
    local base=$1
    local tmp=$base.tmp log=${base%.tar}-debootstrap.log
    if [ ! -f "$base" ]; then
        say "debootstrap: a minimal Debian 12 with systemd (once; kept as $base)"
        mkdir -p "$(dirname "$base")"
        rm -rf "$tmp"
        debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,ca-certificates \
            bookworm "$tmp" "$mirror" >"$log" 2>&1 ||
            fail "debootstrap (see $log)"
        tar -C "$tmp" -cf "$base.part" . && mv "$base.part" "$base"
        rm -rf "$tmp"
    fi
    rm -rf "$root"
    mkdir -p "$root"
    tar -C "$root" -xf "$base"
}

# Its own mounts, the host's network. (Without systemd on the host, nspawn warns about a
# propagation folder it keeps: not the test's news.)
in_root() {
    systemd-nspawn -q -D "$root" --register=no --keep-unit --pipe \
        -E DEBIAN_FRONTEND=noninteractive -E LC_ALL=C.UTF-8 -- "$@" \
        2> >(grep -v --line-buffered 'propagate/root' >&2)
}
