# Sourced, not run: a Debian 12 (bookworm) virtual machine under QEMU on this machine, for tests
# of the kiosk's packages on a real console (virtual terminals, logind seats, a DRM screen, a
# keyboard, an absolute pointer and a sound card) — what systemd-nspawn cannot give. Emulated
# (TCG): KVM guests on this machine hang before the kernel's first line (no nested paging), so
# expect about a minute to boot and software speeds inside.
#
#   source scripts/kiosk-vm.sh
#   vm_base                      # the Debian root, made once and kept as a tarball (needs the mirror)
#   vm_fresh_root                # a fresh copy of it in $BAO_VM_ROOT (= $BAO_VM_DIR/root)
#   vm_in_root CMD [ARG…]        # runs CMD in that copy (systemd-nspawn, the host's network: apt
#                                #   works after "vm_in_root apt-get update": the base keeps no lists)
#   vm_image [ROOT_DIR]          # the copy (or ROOT_DIR) as an ext4 disk image, its kernel and initrd
#   vm_boot                      # starts QEMU in the background and waits until SSH answers
#   vm_ssh CMD [ARG…]            # runs CMD as root in the guest; its exit status (255: ssh failed)
#   vm_copy LOCAL… REMOTE_DIR    # scp into the guest (recursive)
#   vm_copy_from REMOTE LOCAL    # scp out of the guest (recursive)
#   vm_monitor "HMP COMMAND"     # one QEMU monitor command (screendump, sendkey, mouse_move…); prints its answer
#   vm_qmp EXECUTE [ARGS-JSON]   # one QMP command; prints its "return" as JSON
#   vm_screendump OUT.png        # what the guest's screen shows
#   vm_display off | on [WxH]    # unplugs the guest's monitor / plugs it back (a real DRM hotplug)
#   vm_reboot                    # asks the guest to reboot and waits for it (= the next two)
#   vm_reboot_wait [TIMEOUT_S]   # waits for a reboot (a new boot id on SSH), however it was started
#   vm_stop [TIMEOUT_S]          # poweroff, then QEMU killed after TIMEOUT_S; safe in an EXIT trap
#
# vm_ssh's arguments are joined with spaces and run by the guest's shell, as ssh does: quote
# globs and pipes for the guest (vm_ssh 'cat /sys/class/drm/*/status'); its stdin goes to CMD.
# Every function prints "kiosk-vm: …" on stderr and returns 1 when it fails (under set -e the
# caller stops); every wait has a limit. One VM per work folder: tests that run at the same time
# need their own BAO_VM_DIR. Needs root (debootstrap, systemd-nspawn, mkfs.ext4 -d); installs what
# it uses on the host (qemu-system-x86, debootstrap, systemd-container, imagemagick, python3…).
#
# Reads (at call time):
#   BAO_VM_DIR             the work folder (/var/tmp/bao-kiosk-vm): base tarball, root, disk.img,
#                          vmlinuz, initrd.img, the SSH key (id_ed25519), serial.log, qemu.log,
#                          qmp.sock, qemu.pid, ssh-port, dbus.sock; no spaces or commas (QEMU's
#                          options)
#   DEBIAN_MIRROR          the mirror for debootstrap (http://deb.debian.org/debian)
#   BAO_VM_FREE_MB         free space in the image beyond the root's files (2048)
#   BAO_VM_MEMORY_MB       the guest's memory (4096)
#   BAO_VM_CPUS            its processors (2)
#   BAO_VM_ACCEL           QEMU's -accel (tcg,thread=multi; "kvm" where nested KVM works). On
#                          this 2-core machine, busy, thread=multi booted in 40-64 s but a guest
#                          reboot took 80-130 s; tcg,thread=single booted in 61 s, rebooted in 60 s
#   BAO_VM_CPU             QEMU's -cpu (max)
#   BAO_VM_MACHINE         QEMU's -machine (q35)
#   BAO_VM_APPEND          more for the kernel's command line (after "root=/dev/vda console=ttyS0 rw")
# The guest's sound card plays into $BAO_VM_DIR/sound.wav (QEMU's wav audio backend: a sink that
# takes the samples at their pace; with the "none" backend the guest's ALSA stream kept failing
# with POLLERR).
#   BAO_VM_GPU             the guest's graphics device (virtio-vga; bochs-display, VGA, …)
#   BAO_VM_QEMU_ARGS       more arguments for QEMU, split on spaces (e.g. "-device usb-kbd")
#   BAO_VM_DISPLAY         dbus (QEMU's D-Bus display on a private bus, needed by vm_display) or none
#   BAO_VM_SSH_PORT        the host's port for the guest's SSH (a free one between 20000 and 60000)
#   BAO_VM_BOOT_TIMEOUT    seconds vm_boot and vm_reboot_wait wait for SSH (600)
#   BAO_VM_SSH_TIMEOUT     seconds one vm_ssh / vm_copy may take (600)
#   BAO_VM_ROOT_TIMEOUT    seconds one vm_in_root may take (3600)
# Sets: BAO_VM_ROOT (vm_fresh_root), BAO_VM_PORT (vm_boot: the SSH port it got), BAO_VM_BOOT_SECONDS
# (vm_boot, vm_reboot_wait: the seconds to SSH).

BAO_VM_DIR=${BAO_VM_DIR:-/var/tmp/bao-kiosk-vm}
BAO_VM_ROOT=${BAO_VM_ROOT:-}
BAO_VM_BOOT_SECONDS=${BAO_VM_BOOT_SECONDS:-}
BAO_VM_PORT=${BAO_VM_PORT:-}
# The repository's scripts (for apt-install.sh), wherever the caller runs from.
_vm_scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Bump when vm_base's root changes: the tarball's name carries it, so an old one is not reused.
_vm_base_version=2
# What the guest needs beyond debootstrap's minbase: the brief's list, plus libpam-systemd
# (logind sessions for PAM logins), kbd (chvt, openvt), netbase, the initramfs tools (explicit:
# the kernel only Depends on "initramfs-tools | linux-initramfs-tool") and sftp for scp.
_vm_packages=systemd,systemd-sysv,dbus,linux-image-amd64,initramfs-tools,openssh-server,openssh-sftp-server,udev,kmod,iproute2,procps,psmisc,lsof,ca-certificates,libpam-systemd,kbd,netbase

_vm_say() { printf 'kiosk-vm: %s\n' "$*" >&2; }
_vm_fail() {
    printf 'kiosk-vm: FAILED: %s\n' "$*" >&2
    return 1
}
_vm_now() { date +%s.%N; }
# Seconds since $1 (from _vm_now), rounded.
_vm_since() { awk -v a="$1" -v b="$(_vm_now)" 'BEGIN { printf "%.0f", b - a }'; }

# Installs the host's tools that are missing: pairs of COMMAND PACKAGE.
_vm_need() {
    local missing=()
    while [ $# -ge 2 ]; do
        command -v "$1" >/dev/null 2>&1 || missing+=("$2")
        shift 2
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    "$_vm_scripts/apt-install.sh" "${missing[@]}" || _vm_fail "could not install ${missing[*]}"
}

_vm_check_dir() {
    case $BAO_VM_DIR in
    /*) ;;
    *) _vm_fail "BAO_VM_DIR must be an absolute path, not '$BAO_VM_DIR'" || return 1 ;;
    esac
    case $BAO_VM_DIR in
    *[[:space:],]*) _vm_fail "BAO_VM_DIR may not contain spaces or commas (QEMU's options): '$BAO_VM_DIR'" || return 1 ;;
    esac
    # A UNIX socket's path has at most 107 bytes.
    [ ${#BAO_VM_DIR} -le 90 ] || _vm_fail "BAO_VM_DIR is too long for QEMU's socket: '$BAO_VM_DIR'" || return 1
    mkdir -p "$BAO_VM_DIR" || _vm_fail "cannot make $BAO_VM_DIR"
}

_vm_root_only() {
    [ "$(id -u)" -eq 0 ] || _vm_fail "$1 needs root"
}

# Fails if anything is mounted at or under $1 (a root still in use by systemd-nspawn).
_vm_unmounted() {
    local dir
    dir=$(realpath -m "$1")
    if awk -v d="$dir" '$2 == d || index($2, d "/") == 1 { found = 1 } END { exit !found }' /proc/mounts; then
        _vm_fail "something is still mounted under $dir"
    fi
}

# Runs a command in a root that is not booted: its own mounts, the host's network (for apt).
# (Without systemd on the host, nspawn warns about a propagation folder it keeps: not news.)
_vm_nspawn() {
    local dir=$1
    shift
    timeout --foreground -k 30 "${BAO_VM_ROOT_TIMEOUT:-3600}" \
        systemd-nspawn -q -D "$dir" --register=no --keep-unit --pipe \
        -E DEBIAN_FRONTEND=noninteractive -E LC_ALL=C.UTF-8 -- "$@" \
        2> >(grep -v --line-buffered 'nspawn/propagate/' >&2)
}

# --- the Debian root ------------------------------------------------------------------------

_vm_base_tar() { printf '%s/bookworm-vm-base-v%s.tar' "$BAO_VM_DIR" "$_vm_base_version"; }

# The SSH key the guest trusts, made once per work folder.
_vm_key() {
    local key=$BAO_VM_DIR/id_ed25519
    if [ ! -f "$key" ] || [ ! -f "$key.pub" ]; then
        rm -f "$key" "$key.pub"
        ssh-keygen -q -t ed25519 -N '' -C bao-kiosk-vm -f "$key" ||
            _vm_fail "ssh-keygen could not make $key" || return 1
    fi
    chmod 600 "$key"
}

# Puts the work folder's public key in a root's /root/.ssh/authorized_keys.
_vm_authorize() {
    local dir=$1
    if ! install -d -m 700 "$dir/root/.ssh" ||
        ! install -m 600 "$BAO_VM_DIR/id_ed25519.pub" "$dir/root/.ssh/authorized_keys"; then
        _vm_fail "cannot write $dir/root/.ssh/authorized_keys"
    fi
}

# The guest's own settings, written into a fresh debootstrap at $1.
_vm_configure() {
    local dir=$1
    {
        echo bao-kiosk-vm >"$dir/etc/hostname" &&
            cat >"$dir/etc/hosts" <<'HOSTS' &&
127.0.0.1	localhost
127.0.1.1	bao-kiosk-vm
::1		localhost ip6-localhost ip6-loopback
HOSTS
            cat >"$dir/etc/fstab" <<'FSTAB' &&
# The disk image vm_image writes (mkfs.ext4 -d, fresh each time: no fsck); the kernel mounts it
# read-write already (root=/dev/vda rw).
/dev/vda	/	ext4	rw,errors=remount-ro	0	0
FSTAB
            # systemd-networkd: DHCP on the virtio NIC (QEMU's user network gives it 10.0.2.15).
            cat >"$dir/etc/systemd/network/20-wired.network" <<'NET' &&
[Match]
Name=en* eth*

[Network]
DHCP=ipv4
NET
            # The root logs in with the work folder's key, nothing else.
            cat >"$dir/etc/ssh/sshd_config.d/bao-kiosk-vm.conf" <<'SSHD'
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UseDNS no
SSHD
    } || _vm_fail "writing the guest's settings into $dir/etc" || return 1
    _vm_authorize "$dir" || return 1
    # No guest network beyond QEMU's: apt's timers and the like would only spend the emulated CPU.
    _vm_nspawn "$dir" /bin/sh -ec '
        systemctl -q enable systemd-networkd.service
        # The wait for "online" delays nothing we start, but would count against is-system-running.
        systemctl -q disable systemd-networkd-wait-online.service 2>/dev/null || true
        systemctl -q mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer fstrim.timer \
            e2scrub_reap.service
        systemctl -q enable ssh.service
        # Debian enables the getty on tty1 (the console), but should that ever change.
        test -e /etc/systemd/system/getty.target.wants/getty@tty1.service ||
            systemctl -q enable getty@tty1.service
        passwd -l root >/dev/null
        apt-get clean
        rm -rf /var/lib/apt/lists/*_Packages /var/lib/apt/lists/*_Translation-*
    ' || _vm_fail "configuring the guest's root" || return 1
    # The kernel and its initramfs (Debian's MODULES=most: virtio_blk is in it).
    ls "$dir"/boot/vmlinuz-* >/dev/null 2>&1 || _vm_fail "no kernel in $dir/boot" || return 1
    if ! ls "$dir"/boot/initrd.img-* >/dev/null 2>&1; then
        _vm_nspawn "$dir" update-initramfs -c -k all || _vm_fail "update-initramfs" || return 1
    fi
}

# vm_base: the Debian 12 root for the VM, made once by debootstrap (a few minutes) and kept as
# $BAO_VM_DIR/bookworm-vm-base-vN.tar. Delete that file to make it again.
vm_base() {
    _vm_root_only vm_base && _vm_check_dir || return 1
    _vm_need debootstrap debootstrap systemd-nspawn systemd-container ssh-keygen openssh-client || return 1
    _vm_key || return 1
    local base
    base=$(_vm_base_tar)
    [ -f "$base" ] && return 0
    local tmp=$BAO_VM_DIR/base.tmp mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian} t0
    _vm_say "debootstrap: Debian 12 with systemd, a kernel and sshd (once; kept as $base)"
    t0=$(_vm_now)
    _vm_unmounted "$tmp" || return 1
    rm -rf "$tmp"
    timeout 3600 debootstrap --variant=minbase --include="$_vm_packages" \
        bookworm "$tmp" "$mirror" >"$BAO_VM_DIR/debootstrap.log" 2>&1 ||
        _vm_fail "debootstrap (see $BAO_VM_DIR/debootstrap.log)" || return 1
    _vm_say "debootstrap took $(_vm_since "$t0") s"
    _vm_configure "$tmp" || return 1
    tar --numeric-owner -C "$tmp" -cf "$base.part" . && mv "$base.part" "$base" ||
        _vm_fail "cannot write $base" || return 1
    rm -rf "$tmp"
    _vm_say "base root ready in $(_vm_since "$t0") s: $base ($(du -m "$base" | cut -f1) MiB)"
}

# vm_fresh_root: a fresh copy of the base root in $BAO_VM_ROOT ($BAO_VM_DIR/root), for the caller
# to fill (vm_in_root apt-get install …, files copied under "$BAO_VM_ROOT/…") before vm_image.
vm_fresh_root() {
    vm_base || return 1
    local root=$BAO_VM_DIR/root
    _vm_unmounted "$root" || return 1
    rm -rf "$root" && mkdir -p "$root" &&
        tar --numeric-owner -C "$root" -xf "$(_vm_base_tar)" ||
        _vm_fail "cannot unpack the base root into $root" || return 1
    # The key of this work folder, even if it was made again after the tarball.
    _vm_authorize "$root" || return 1
    BAO_VM_ROOT=$root
}

# vm_in_root CMD [ARG…]: runs CMD in $BAO_VM_DIR/root (not booted) with systemd-nspawn, the
# host's network for apt, DEBIAN_FRONTEND=noninteractive. Its exit status is CMD's.
vm_in_root() {
    local root=$BAO_VM_DIR/root
    [ $# -ge 1 ] || _vm_fail "usage: vm_in_root CMD [ARG…]" || return 1
    [ -d "$root/etc" ] || _vm_fail "no root at $root (call vm_fresh_root)" || return 1
    _vm_nspawn "$root" "$@"
}

# --- the disk image ---------------------------------------------------------------------------

# vm_image [ROOT_DIR]: writes ROOT_DIR ($BAO_VM_DIR/root) into $BAO_VM_DIR/disk.img, ext4, the
# root's size + BAO_VM_FREE_MB free; copies its newest kernel and initrd beside it.
vm_image() {
    _vm_root_only vm_image && _vm_check_dir || return 1
    _vm_need mkfs.ext4 e2fsprogs || return 1
    local root=${1:-$BAO_VM_DIR/root} img=$BAO_VM_DIR/disk.img t0
    [ -d "$root/etc" ] || _vm_fail "no root at $root (call vm_fresh_root)" || return 1
    _vm_unmounted "$root" || return 1
    if _vm_qemu_pid >/dev/null; then
        _vm_fail "the VM is running on $img: vm_stop first" || return 1
    fi
    t0=$(_vm_now)
    local used size kernel version
    used=$(du -sxm "$root" | cut -f1) || _vm_fail "du $root" || return 1
    # ext4's own tables and journal take a few per cent, and at least a few dozen MiB.
    size=$((used + used / 10 + 128 + ${BAO_VM_FREE_MB:-2048}))
    rm -f "$img" "$img.part"
    truncate -s "${size}M" "$img.part" &&
        timeout 1800 mkfs.ext4 -q -F -L bao-kiosk-vm -d "$root" "$img.part" >"$BAO_VM_DIR/mkfs.log" 2>&1 &&
        mv "$img.part" "$img" ||
        _vm_fail "mkfs.ext4 -d $root (see $BAO_VM_DIR/mkfs.log)" || return 1
    kernel=$(find "$root/boot" -maxdepth 1 -name 'vmlinuz-*' | sort -V | tail -n1)
    [ -n "$kernel" ] || _vm_fail "no kernel in $root/boot" || return 1
    version=${kernel##*/vmlinuz-}
    [ -f "$root/boot/initrd.img-$version" ] || _vm_fail "no initrd.img-$version in $root/boot" || return 1
    cp "$kernel" "$BAO_VM_DIR/vmlinuz" && cp "$root/boot/initrd.img-$version" "$BAO_VM_DIR/initrd.img" ||
        _vm_fail "cannot copy the kernel and initrd" || return 1
    _vm_say "image: $img, ${size} MiB (${used} MiB of files), kernel $version, in $(_vm_since "$t0") s"
}

# --- QEMU -------------------------------------------------------------------------------------

# Prints the running QEMU's pid (this work folder's); fails if none runs.
_vm_qemu_pid() {
    local pid
    pid=$(cat "$BAO_VM_DIR/qemu.pid" 2>/dev/null) || return 1
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    _vm_alive "$pid" || return 1
    # Not some other process that got the number since.
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "path=$BAO_VM_DIR/qmp.sock," || return 1
    echo "$pid"
}

# Whether a process lives (a zombie does not: QEMU may be the caller's own child).
_vm_alive() {
    local state
    state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) || return 1
    [ -n "$state" ] && [ "$state" != Z ]
}

# Sends one QMP command and prints what it returns. Modes: hmp COMMAND-LINE (prints the
# monitor's text), qmp EXECUTE [ARGS-JSON] (prints the return as JSON), screendump FILE.
_vm_qmp_call() {
    local sock=$BAO_VM_DIR/qmp.sock
    _vm_qemu_pid >/dev/null || _vm_fail "the VM is not running (vm_boot first)" || return 1
    timeout 120 python3 - "$sock" "$@" <<'PY'
import json, socket, sys

path, mode, args = sys.argv[1], sys.argv[2], sys.argv[3:]
if mode == "hmp":
    command = {"execute": "human-monitor-command", "arguments": {"command-line": args[0]}}
elif mode == "screendump":
    command = {"execute": "screendump", "arguments": {"filename": args[0]}}
else:
    command = {"execute": args[0]}
    if len(args) > 1:
        command["arguments"] = json.loads(args[1])

sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.settimeout(100)
sock.connect(path)
stream = sock.makefile("rwb")


def answer():
    while True:
        line = stream.readline()
        if not line:
            sys.exit("kiosk-vm: QEMU closed the monitor")
        message = json.loads(line)
        if "event" not in message:
            return message


def send(message):
    stream.write(json.dumps(message).encode() + b"\r\n")
    stream.flush()
    reply = answer()
    if "error" in reply:
        sys.exit("kiosk-vm: QMP %s: %s" % (message["execute"], reply["error"].get("desc", reply["error"])))
    return reply.get("return")


if "QMP" not in answer():
    sys.exit("kiosk-vm: no QMP greeting")
send({"execute": "qmp_capabilities"})
result = send(command)
if mode == "hmp":
    sys.stdout.write(result or "")
elif mode == "qmp":
    print(json.dumps(result))
PY
}

# vm_monitor "COMMAND": one human-monitor command (through QMP's human-monitor-command), e.g.
# "sendkey ctrl-alt-f2", "mouse_move 100 100", "mouse_button 1", "info status"; prints its answer.
# (The monitor reports a mistyped command in its answer, not by failing.)
vm_monitor() {
    [ $# -eq 1 ] || _vm_fail 'usage: vm_monitor "COMMAND"' || return 1
    _vm_qmp_call hmp "$1"
}

# vm_qmp EXECUTE [ARGS-JSON]: one QMP command, e.g. vm_qmp query-status; prints its return (JSON).
vm_qmp() {
    [ $# -ge 1 ] && [ $# -le 2 ] || _vm_fail "usage: vm_qmp EXECUTE [ARGS-JSON]" || return 1
    _vm_qmp_call qmp "$@"
}

# vm_screendump OUT.png: the guest's screen as QEMU shows it (PPM from QEMU, PNG by ImageMagick).
vm_screendump() {
    [ $# -eq 1 ] || _vm_fail "usage: vm_screendump OUT.png" || return 1
    [ -x /usr/bin/convert ] || "$_vm_scripts/apt-install.sh" imagemagick || _vm_fail "cannot install imagemagick" || return 1
    local ppm=$BAO_VM_DIR/screendump.ppm
    rm -f "$ppm"
    _vm_qmp_call screendump "$ppm" || return 1
    [ -s "$ppm" ] || _vm_fail "QEMU wrote no screendump" || return 1
    timeout 120 /usr/bin/convert "$ppm" "png:$1" || _vm_fail "convert $ppm to $1" || return 1
}

# The key, the port and the options of every ssh/scp call.
_vm_ssh_options() {
    _vm_ssh_opts=(-i "$BAO_VM_DIR/id_ed25519" -o IdentitiesOnly=yes -o IdentityAgent=none
        -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null
        -o GlobalKnownHostsFile=/dev/null -o LogLevel=ERROR -o ConnectTimeout=15
        -o ServerAliveInterval=10 -o ServerAliveCountMax=6)
    _vm_port=$(cat "$BAO_VM_DIR/ssh-port" 2>/dev/null) || _vm_fail "no ssh-port in $BAO_VM_DIR (vm_boot first)" || return 1
}

# vm_ssh CMD [ARG…]: CMD as root in the guest; returns its exit status (255: ssh itself failed,
# 124: it took more than BAO_VM_SSH_TIMEOUT).
vm_ssh() {
    [ $# -ge 1 ] || _vm_fail "usage: vm_ssh CMD [ARG…]" || return 1
    local _vm_ssh_opts _vm_port status=0
    _vm_ssh_options || return 1
    timeout --foreground -k 10 "${BAO_VM_SSH_TIMEOUT:-600}" \
        ssh "${_vm_ssh_opts[@]}" -p "$_vm_port" root@127.0.0.1 -- "$@" || status=$?
    case $status in
    255) _vm_say "ssh to the guest failed (port $_vm_port): $*" ;;
    124) _vm_say "ssh command took more than ${BAO_VM_SSH_TIMEOUT:-600} s: $*" ;;
    esac
    return "$status"
}

# vm_copy LOCAL… REMOTE_DIR: copies files or folders into the guest (scp -r, as root).
vm_copy() {
    [ $# -ge 2 ] || _vm_fail "usage: vm_copy LOCAL… REMOTE_DIR" || return 1
    local _vm_ssh_opts _vm_port
    _vm_ssh_options || return 1
    local files=("${@:1:$#-1}") dest=${!#}
    timeout --foreground -k 10 "${BAO_VM_SSH_TIMEOUT:-600}" \
        scp -q -r "${_vm_ssh_opts[@]}" -P "$_vm_port" -- "${files[@]}" "root@127.0.0.1:$dest" ||
        _vm_fail "scp ${files[*]} to the guest's $dest"
}

# vm_copy_from REMOTE LOCAL: copies a file or folder out of the guest (scp -r).
vm_copy_from() {
    [ $# -eq 2 ] || _vm_fail "usage: vm_copy_from REMOTE LOCAL" || return 1
    local _vm_ssh_opts _vm_port
    _vm_ssh_options || return 1
    timeout --foreground -k 10 "${BAO_VM_SSH_TIMEOUT:-600}" \
        scp -q -r "${_vm_ssh_opts[@]}" -P "$_vm_port" -- "root@127.0.0.1:$1" "$2" ||
        _vm_fail "scp the guest's $1 to $2"
}

# One quick look over SSH: prints the guest's boot id, fails if SSH does not answer.
_vm_boot_id() {
    local _vm_ssh_opts _vm_port
    _vm_ssh_options 2>/dev/null || return 1
    timeout -k 5 30 ssh -n "${_vm_ssh_opts[@]}" -o ConnectTimeout=10 -p "$_vm_port" root@127.0.0.1 \
        cat /proc/sys/kernel/random/boot_id 2>/dev/null
}

# A port on 127.0.0.1 that nothing listens on.
_vm_free_port() {
    local port
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    return 1
}

_vm_serial_tail() {
    _vm_say "the serial console's last lines ($BAO_VM_DIR/serial.log):"
    tail -n 15 "$BAO_VM_DIR/serial.log" 2>/dev/null | sed 's/^/    /' >&2 || true
}

# Waits (at most $2 s from $1) until SSH answers with a boot id other than $3; prints it. With
# an old id, says when SSH stopped answering (the guest going down).
_vm_wait_boot() {
    local t0=$1 limit=$2 old=$3 id down=""
    while [ "$(_vm_since "$t0")" -lt "$limit" ]; do
        if ! _vm_qemu_pid >/dev/null; then
            _vm_serial_tail
            _vm_fail "QEMU exited (see $BAO_VM_DIR/qemu.log)" || return 1
        fi
        id=$(_vm_boot_id) || id=""
        if [ -n "$id" ] && [ "$id" != "$old" ]; then
            echo "$id"
            return 0
        fi
        if [ -n "$old" ] && [ -z "$id" ] && [ -z "$down" ]; then
            down=$(_vm_since "$t0")
            _vm_say "the guest stopped answering on SSH after $down s"
        fi
        sleep 2
    done
    _vm_serial_tail
    _vm_fail "the guest did not answer on SSH within $limit s"
}

# The private D-Bus for QEMU's display (no viewer ever connects: vm_display talks to it).
_vm_start_dbus() {
    local d=$BAO_VM_DIR
    _vm_need dbus-daemon dbus-daemon gdbus libglib2.0-bin || return 1
    if ! qemu-system-x86_64 -display help 2>/dev/null | grep -qx dbus; then
        _vm_fail "this QEMU has no D-Bus display (ui-dbus); set BAO_VM_DISPLAY=none (then no vm_display)" || return 1
    fi
    rm -f "$d/dbus.sock"
    dbus-daemon --session --address="unix:path=$d/dbus.sock" --nofork --nopidfile \
        </dev/null >"$d/dbus.log" 2>&1 &
    echo $! >"$d/dbus.pid"
    for _ in $(seq 100); do
        [ -S "$d/dbus.sock" ] && return 0
        _vm_alive "$(cat "$d/dbus.pid")" || break
        sleep 0.1
    done
    _vm_fail "dbus-daemon did not start (see $d/dbus.log)"
}

_vm_stop_dbus() {
    local pid
    pid=$(cat "$BAO_VM_DIR/dbus.pid" 2>/dev/null) || return 0
    if [[ $pid =~ ^[0-9]+$ ]] && _vm_alive "$pid" &&
        tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "path=$BAO_VM_DIR/dbus.sock"; then
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -f "$BAO_VM_DIR/dbus.pid" "$BAO_VM_DIR/dbus.sock" 2>/dev/null || true
}

# vm_display off | on [WIDTHxHEIGHT]: unplugs the guest's monitor, or plugs it back (1280x800
# unless told; its preferred mode then). What a monitor's cable does: QEMU tells the guest's
# virtio-gpu, the kernel sends a drm "change" uevent with HOTPLUG=1 (what compositors listen to)
# and card0-Virtual-1/status reads disconnected / connected. Waits (60 s) until the guest's
# status file says so. (Inside the guest, "echo off > /sys/class/drm/card0-Virtual-1/status"
# makes the file read disconnected but sends no uevent and leaves the mode set: virtio-gpu does
# not poll its connectors.)
vm_display() {
    local state=${1:-} size=${2:-1280x800} width height want args
    case $state in
    off) args=(1 1 0 0 0 0) want=disconnected ;;
    on)
        [[ $size =~ ^([0-9]+)x([0-9]+)$ ]] || _vm_fail "vm_display on: WIDTHxHEIGHT, not '$size'" || return 1
        width=${BASH_REMATCH[1]} height=${BASH_REMATCH[2]}
        # Millimetres at 96 dots an inch; the guest sees them in the EDID.
        args=($((width * 254 / 960)) $((height * 254 / 960)) 0 0 "$width" "$height") want=connected
        ;;
    *) _vm_fail "usage: vm_display off | on [WIDTHxHEIGHT]" || return 1 ;;
    esac
    [ -S "$BAO_VM_DIR/dbus.sock" ] && _vm_qemu_pid >/dev/null ||
        _vm_fail "no VM with a D-Bus display (vm_boot, BAO_VM_DISPLAY=dbus)" || return 1
    # QEMU ignores a SetUIInfo equal to the last one (and its first is all zeros: hence 1 mm).
    timeout 60 gdbus call --address "unix:path=$BAO_VM_DIR/dbus.sock" --timeout 30 --dest org.qemu \
        --object-path /org/qemu/Display1/Console_0 --method org.qemu.Display1.Console.SetUIInfo \
        -- "${args[@]}" >/dev/null || _vm_fail "QEMU's D-Bus display refused SetUIInfo ${args[*]}" || return 1
    local t0 got=""
    t0=$(_vm_now)
    while [ "$(_vm_since "$t0")" -lt 60 ]; do
        got=$(_vm_connector_status) || got=""
        [ "$got" = "$want" ] && return 0
        sleep 1
    done
    _vm_fail "the guest's screen is '$got' 60 s after vm_display $state, not $want"
}

# The guest's first virtio-gpu connector's status (connected, disconnected).
_vm_connector_status() {
    local _vm_ssh_opts _vm_port
    _vm_ssh_options 2>/dev/null || return 1
    timeout -k 5 30 ssh -n "${_vm_ssh_opts[@]}" -p "$_vm_port" root@127.0.0.1 \
        'cat /sys/class/drm/card*-Virtual-1/status' 2>/dev/null
}

# vm_boot: starts QEMU in the background with $BAO_VM_DIR/disk.img and waits (BAO_VM_BOOT_TIMEOUT)
# until the guest answers on SSH; prints the time that took and sets BAO_VM_BOOT_SECONDS.
vm_boot() {
    _vm_check_dir || return 1
    _vm_need qemu-system-x86_64 qemu-system-x86 ssh openssh-client python3 python3 || return 1
    local d=$BAO_VM_DIR
    for f in disk.img vmlinuz initrd.img id_ed25519; do
        [ -f "$d/$f" ] || _vm_fail "no $d/$f (vm_base, vm_fresh_root and vm_image first)" || return 1
    done
    local stale
    if stale=$(_vm_qemu_pid); then
        _vm_say "stopping a QEMU left running from before (pid $stale)"
        vm_stop 10
    fi
    _vm_stop_dbus
    # The screen: QEMU's D-Bus display on a bus of our own, with no viewer (vm_display turns the
    # monitor off and on through it); -display none where that is not wanted or not there.
    local display=(-display none)
    if [ "${BAO_VM_DISPLAY:-dbus}" = dbus ]; then
        _vm_start_dbus || return 1
        display=(-display "dbus,addr=unix:path=$d/dbus.sock")
    fi
    local append="root=/dev/vda console=ttyS0 rw${BAO_VM_APPEND:+ $BAO_VM_APPEND}"
    local extra=()
    # shellcheck disable=SC2206 # split on spaces, as documented
    [ -n "${BAO_VM_QEMU_ARGS:-}" ] && extra=($BAO_VM_QEMU_ARGS)
    local port pid t0 try
    for try in 1 2 3 4 5; do
        port=${BAO_VM_SSH_PORT:-}
        [ -n "$port" ] || port=$(_vm_free_port) || _vm_fail "no free port for SSH" || return 1
        rm -f "$d/qmp.sock" "$d/serial.log" "$d/qemu.pid"
        echo "$port" >"$d/ssh-port"
        t0=$(_vm_now)
        qemu-system-x86_64 -name bao-kiosk-vm \
            -machine "${BAO_VM_MACHINE:-q35}" -accel "${BAO_VM_ACCEL:-tcg,thread=multi}" \
            -cpu "${BAO_VM_CPU:-max}" -smp "${BAO_VM_CPUS:-2}" -m "${BAO_VM_MEMORY_MB:-4096}" \
            -kernel "$d/vmlinuz" -initrd "$d/initrd.img" -append "$append" \
            -drive "file=$d/disk.img,if=virtio,format=raw,cache=unsafe" \
            -vga none -device "${BAO_VM_GPU:-virtio-vga}" "${display[@]}" \
            -device qemu-xhci -device usb-tablet \
            -audiodev "wav,id=snd0,path=$d/sound.wav" -device intel-hda -device hda-output,audiodev=snd0 \
            -device virtio-rng-pci \
            -netdev "user,id=net0,restrict=on,hostfwd=tcp:127.0.0.1:$port-:22" \
            -device virtio-net-pci,netdev=net0 \
            -chardev "file,id=serial0,path=$d/serial.log" -serial chardev:serial0 \
            -chardev "socket,id=qmp0,path=$d/qmp.sock,server=on,wait=off" -mon chardev=qmp0,mode=control \
            "${extra[@]}" </dev/null >"$d/qemu.log" 2>&1 &
        pid=$!
        echo "$pid" >"$d/qemu.pid"
        # Started once its monitor listens; a port taken meanwhile is tried again.
        for _ in $(seq 100); do
            [ -S "$d/qmp.sock" ] && break
            _vm_alive "$pid" || break
            sleep 0.1
        done
        _vm_alive "$pid" && [ -S "$d/qmp.sock" ] && break
        wait "$pid" 2>/dev/null || true
        if [ -z "${BAO_VM_SSH_PORT:-}" ] && grep -q 'hostfwd' "$d/qemu.log"; then
            continue
        fi
        cat "$d/qemu.log" >&2
        _vm_stop_dbus
        _vm_fail "QEMU did not start (see $d/qemu.log)" || return 1
    done
    if ! _vm_qemu_pid >/dev/null; then
        _vm_stop_dbus
        _vm_fail "QEMU did not start after $try tries (see $d/qemu.log)" || return 1
    fi
    BAO_VM_PORT=$port
    _vm_say "QEMU started (pid $pid, SSH on 127.0.0.1:$port, serial console in $d/serial.log)"
    local id
    id=$(_vm_wait_boot "$t0" "${BAO_VM_BOOT_TIMEOUT:-600}" "") || return 1
    echo "$id" >"$d/boot-id"
    BAO_VM_BOOT_SECONDS=$(_vm_since "$t0")
    _vm_say "boot to SSH: $BAO_VM_BOOT_SECONDS s"
}

# vm_reboot_wait [TIMEOUT_S]: waits until the guest answers on SSH from a new boot (its boot id
# changed since vm_boot or the last vm_reboot_wait), however the reboot came; QEMU must keep
# running (a guest that powers off fails this). Prints the time and sets BAO_VM_BOOT_SECONDS.
vm_reboot_wait() {
    local limit=${1:-${BAO_VM_BOOT_TIMEOUT:-600}} old id t0
    old=$(cat "$BAO_VM_DIR/boot-id" 2>/dev/null) || _vm_fail "no boot id (vm_boot first)" || return 1
    t0=$(_vm_now)
    id=$(_vm_wait_boot "$t0" "$limit" "$old") || return 1
    echo "$id" >"$BAO_VM_DIR/boot-id"
    BAO_VM_BOOT_SECONDS=$(_vm_since "$t0")
    _vm_say "rebooted: back on SSH after $BAO_VM_BOOT_SECONDS s"
}

# vm_reboot: systemctl reboot in the guest, then vm_reboot_wait.
vm_reboot() {
    vm_ssh systemctl --no-block reboot || return 1
    vm_reboot_wait "$@"
}

# vm_stop [TIMEOUT_S]: powers the guest off (over SSH, else by the ACPI button) and waits up to
# TIMEOUT_S (60) for QEMU to end, then kills it. Does nothing if no VM runs; never fails.
vm_stop() {
    local limit=${1:-60} pid
    pid=$(_vm_qemu_pid) || {
        rm -f "$BAO_VM_DIR/qemu.pid" "$BAO_VM_DIR/qmp.sock" 2>/dev/null || true
        _vm_stop_dbus
        return 0
    }
    local _vm_ssh_opts _vm_port
    if _vm_ssh_options 2>/dev/null &&
        timeout -k 5 20 ssh -n "${_vm_ssh_opts[@]}" -o ConnectTimeout=5 -p "$_vm_port" root@127.0.0.1 \
            systemctl --no-block poweroff >/dev/null 2>&1; then
        :
    else
        _vm_qmp_call qmp system_powerdown >/dev/null 2>&1 || true
    fi
    local t0
    t0=$(_vm_now)
    while _vm_alive "$pid" && [ "$(_vm_since "$t0")" -lt "$limit" ]; do
        sleep 1
    done
    if _vm_alive "$pid"; then
        _vm_say "the guest did not power off within $limit s: killing QEMU"
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 10); do
            _vm_alive "$pid" || break
            sleep 0.5
        done
        _vm_alive "$pid" && { kill -KILL "$pid" 2>/dev/null || true; }
    else
        _vm_say "the guest powered off after $(_vm_since "$t0") s"
    fi
    wait "$pid" 2>/dev/null || true
    rm -f "$BAO_VM_DIR/qemu.pid" "$BAO_VM_DIR/qmp.sock" 2>/dev/null || true
    _vm_stop_dbus
    return 0
}
