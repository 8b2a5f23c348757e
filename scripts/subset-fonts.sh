#!/usr/bin/env bash
# Makes assets/fonts/*.ttf: egui's own fonts (Ubuntu Light for text, Hack for move lists) cut down
# to the characters the game's four languages use, plus neighbours that a typed name may need.
# egui's default font set (with two emoji fonts) is 1.4 MB and 0.69 MB after brotli in the web
# build; these two files are a seventh of that. Run it again after a translation adds characters
# outside the ranges below (`ui::fonts` has a test that every translated character is covered).
#
# Usage: scripts/subset-fonts.sh   (needs Python 3; installs fontTools with pip if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import fontTools' 2>/dev/null || pip3 install --quiet 'fonttools==4.*'
src=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/epaint_default_fonts-0.36.*/fonts | tail -1)
if [ -z "$src" ]; then
  echo "subset-fonts: epaint_default_fonts 0.36 is not in the cargo registry (cargo fetch it)" >&2
  exit 1
fi
# Latin (Basic, Latin-1, Extended-A: every Western and Central European language and Swahili),
# Greek, punctuation, currency, letter-like symbols, mathematical operators, the fi/fl ligatures.
# The fonts keep their hinting (egui hints glyphs by default; without it text looks softer).
text_ranges="U+0020-007E,U+00A0-017F,U+0370-03FF,U+2000-206F,U+2070-20CF,U+2100-214F,U+2200-22FF,U+FB01-FB02"
# Move lists and notation: ASCII, Latin-1 and Extended-A, punctuation, arrows, minus, and ◻ (egui's
# sign for a character no font has).
mono_ranges="U+0020-007E,U+00A0-017F,U+2010-2027,U+2190-2193,U+2212,U+25FB"
subset() {
  python3 -m fontTools.subset "$src/$1" --unicodes="$2" --output-file="assets/fonts/$3" \
    --layout-features='*' --name-IDs='*' --name-languages='*' --notdef-outline
}
subset Ubuntu-Light.ttf "$text_ranges" ubuntu-light-latin.ttf
subset Hack-Regular.ttf "$mono_ranges" hack-latin.ttf
cp "$src/UFL.txt" assets/fonts/UFL.txt
cp "$src/Hack-Regular.txt" assets/fonts/Hack-LICENSE.txt
ls -l assets/fonts
