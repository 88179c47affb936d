#!/usr/bin/env bash
# Regenerate assets/fonts/NotoSansSC-Subset.otf, the Chinese font embedded in the app.
#
# egui has no CJK glyphs of its own and cannot read WOFF/WOFF2, so we ship a plain OpenType
# (CFF) subset of Noto Sans CJK SC that holds:
#   * all 3 755 characters of GB2312 level 1 (the common Simplified Chinese hanzi);
#   * ASCII, Latin-1, general punctuation, CJK symbols and punctuation, full-width forms,
#     arrows and a handful of UI symbols;
#   * every character used anywhere in locales/*.json, so no translated string can miss a glyph.
#
# Requirements: python3, fontTools (`pip install fonttools`, provides pyftsubset) and the
# Debian/Ubuntu package fonts-noto-cjk (`apt-get install fonts-noto-cjk`).
# Usage: scripts/make-font-subset.sh   (run from anywhere; safe to run again at any time)
# Override the source with SANQI_CJK_TTC=/path/to/NotoSansCJK-Regular.ttc if it lives elsewhere.
set -euo pipefail

# Work relative to the repository root, whatever the caller's directory.
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"

source_ttc="${SANQI_CJK_TTC:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}"
out_dir="assets/fonts"
out_file="$out_dir/NotoSansSC-Subset.otf"

for tool in python3 pyftsubset; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "error: '$tool' not found (install python3 and: pip install fonttools)" >&2
        exit 1
    fi
done
if [[ ! -f "$source_ttc" ]]; then
    echo "error: $source_ttc not found (install: apt-get install fonts-noto-cjk)" >&2
    exit 1
fi

# The .ttc holds several faces (JP, KR, SC, TC, HK, then the Mono ones). Find the Simplified
# Chinese face by its family name instead of trusting a fixed index.
face_index="$(python3 - "$source_ttc" <<'PY'
import sys
from fontTools.ttLib import TTCollection
faces = TTCollection(sys.argv[1], lazy=True).fonts
for i, face in enumerate(faces):
    if face["name"].getDebugName(1) == "Noto Sans CJK SC":
        print(i)
        break
else:
    sys.exit("no face named 'Noto Sans CJK SC' in " + sys.argv[1])
PY
)"
echo "source: $source_ttc, face $face_index (Noto Sans CJK SC)"

work_dir="$(mktemp -d)"
trap 'rm -rf "$work_dir"' EXIT

# Characters to keep, written as plain text for pyftsubset's --text-file.
# GB2312 level 1 is rows 0xB0-0xD7, cells 0xA1-0xFE, minus the five unassigned cells
# 0xD7FA-0xD7FE at the end of row 0xD7: 40 x 94 - 5 = 3 755 characters.
python3 - "$work_dir/chars.txt" <<'PY'
import glob, json, sys

chars = set()
for row in range(0xB0, 0xD8):
    for cell in range(0xA1, 0xFF):
        if row == 0xD7 and cell >= 0xFA:
            continue
        chars.add(bytes([row, cell]).decode("gb2312"))
if len(chars) != 3755:
    sys.exit(f"expected 3755 GB2312 level-1 characters, got {len(chars)}")

# Every character of every string (keys included) in the locale files.
def walk(value):
    if isinstance(value, str):
        chars.update(value)
    elif isinstance(value, list):
        for item in value:
            walk(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            chars.update(key)
            walk(item)

locale_files = sorted(glob.glob("locales/*.json"))
for path in locale_files:
    with open(path, encoding="utf-8") as f:
        walk(json.load(f))
print(f"locale files: {len(locale_files)}")

# Control characters are never drawn; leave them out.
chars = {c for c in chars if c.isprintable() or c == "\u3000"}
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("".join(sorted(chars)))
PY

# Ranges kept in full (whatever of them the face has):
#   0020-007E ASCII, 00A0-00FF Latin-1 (punctuation, x sign, middle dot),
#   2000-206F general punctuation (dashes, ellipsis, quotes),
#   2190-21FF arrows, 2500-257F box drawing and 25A0-25FF geometric shapes (the move list's
#   marks of captures, such as the block of a 2x2 square and the double line of a row),
#   3000-303F CJK symbols and punctuation, FF00-FFEF full-width forms,
#   and single symbols: check and ballot marks, circles, play and pause signs.
unicodes="U+0020-007E,U+00A0-00FF,U+2000-206F,U+2190-21FF,U+2500-257F,U+25A0-25FF"
unicodes+=",U+3000-303F,U+FF00-FFEF"
unicodes+=",U+2713,U+2717,U+25CF,U+25CB,U+25B6,U+23F8"

# Size savers: no OpenType layout features (the UI needs no ligatures, vertical forms or
# locale variants, and Chinese needs no kerning), no hinting, plain (desubroutinized) CFF
# charstrings, no vertical-writing or baseline tables, and only the name records that identify
# the font (1-6), its copyright (0), trademark (7) and licence (13, 14).
pyftsubset "$source_ttc" \
    --font-number="$face_index" \
    --text-file="$work_dir/chars.txt" \
    --unicodes="$unicodes" \
    --layout-features='' \
    --no-hinting \
    --desubroutinize \
    --drop-tables+=vhea,vmtx,VORG,BASE \
    --name-IDs=0,1,2,3,4,5,6,7,13,14 \
    --name-languages=0x0409 \
    --output-file="$work_dir/subset.otf"

# Replace the committed file only once the new one is complete.
mkdir -p "$out_dir"
mv -f "$work_dir/subset.otf" "$out_file"

size="$(wc -c <"$out_file" | tr -d ' ')"
echo "wrote $out_file: $size bytes ($(( (size + 512) / 1024 )) KiB)"
