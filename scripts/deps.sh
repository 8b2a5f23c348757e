#!/usr/bin/env bash
# Installs the Debian packages the Bevy build links against (ALSA for audio, udev for gamepads,
# pkg-config to find them), if they are missing. Safe to run repeatedly.
# Usage: scripts/deps.sh [--render]   (--render adds Xvfb, Mesa's software Vulkan and ImageMagick
# for screenshots on a machine without a display or GPU)
set -euo pipefail
need=()
pkg-config --version >/dev/null 2>&1 || need+=(pkg-config)
pkg-config --exists alsa 2>/dev/null || need+=(libasound2-dev)
pkg-config --exists libudev 2>/dev/null || need+=(libudev-dev)
if [ "${1:-}" = "--render" ]; then
  command -v Xvfb >/dev/null || need+=(xvfb)
  command -v import >/dev/null || need+=(imagemagick)
  [ -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ] || ls /usr/share/vulkan/icd.d/lvp_icd* >/dev/null 2>&1 || need+=(mesa-vulkan-drivers libgl1-mesa-dri)
fi
"$(dirname "$0")/apt-install.sh" "${need[@]}"
