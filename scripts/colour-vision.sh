#!/usr/bin/env bash
# Simulates how a picture looks to a person with protanopia, deuteranopia or tritanopia
# (Machado, Oliveira & Fernandes 2009, severity 1.0, applied in linear RGB), and writes the
# three beside the original as one picture, to check that every highlight still shows.
#   scripts/colour-vision.sh IN.png OUT.jpg
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 IN.png OUT.jpg" >&2
    exit 2
fi
in=$1
out=$2
command -v convert >/dev/null || { echo "needs ImageMagick (scripts/apt-install.sh imagemagick)" >&2; exit 1; }
[ -f "$in" ] || { echo "no such picture: $in" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
declare -A matrix=(
    [protanopia]="0.152286 1.052583 -0.204868 0.114503 0.786281 0.099216 -0.003882 -0.048116 1.051998"
    [deuteranopia]="0.367322 0.860646 -0.227968 0.280085 0.672501 0.047413 -0.011820 0.042940 0.968881"
    [tritanopia]="1.255528 -0.076749 -0.178779 -0.078411 0.930809 0.147602 0.004733 0.691367 0.303900"
)
font="$(dirname "$0")/../assets/fonts/ubuntu-light-latin.ttf"
label() { convert "$1" -font "$font" -gravity NorthWest -fill white -undercolor '#000a' -pointsize 28 \
    -annotate +12+12 " $2 " "$1"; }
cp "$in" "$tmp/0.png"
label "$tmp/0.png" "as drawn"
i=1
for kind in protanopia deuteranopia tritanopia; do
    convert "$in" -colorspace RGB -color-matrix "${matrix[$kind]}" -colorspace sRGB "$tmp/$i.png"
    label "$tmp/$i.png" "$kind"
    i=$((i + 1))
done
convert \( "$tmp/0.png" "$tmp/1.png" +append \) \( "$tmp/2.png" "$tmp/3.png" +append \) \
    -append -resize 50% -quality 85 "$out"
echo "wrote $out"
