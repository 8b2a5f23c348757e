# shellcheck shell=bash disable=SC2034 # build and keep are set for the script that sources this
# The command line that the package tests share (scripts/test-packages.sh,
# scripts/test-kiosk-vm.sh): [--no-build] [--keep], and root. Sourced, then:
#   package_test_args NAME WHY "$@"
# sets build (1, or 0 with --no-build) and keep (0, or 1 with --keep); a wrong argument, or a
# user other than root, ends the script with 2 and says why (WHY: what needs root).
package_test_args() {
    local name=$1 why=$2 arg
    shift 2
    build=1
    keep=0
    for arg in "$@"; do
        case $arg in
        --no-build) build=0 ;;
        --keep) keep=1 ;;
        *)
            echo "usage: $0 [--no-build] [--keep]" >&2
            exit 2
            ;;
        esac
    done
    if [ "$(id -u)" -ne 0 ]; then
        echo "$name: run as root ($why)" >&2
        exit 2
    fi
}
