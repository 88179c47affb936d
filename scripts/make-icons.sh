#!/usr/bin/env bash
# Regenerate the app icons of packaging/ from the one drawing the window uses
# (sanqi::app::icon::rgba, in src/app/icon.rs):
#   * packaging/linux/icons/hicolor/<N>x<N>/apps/org.sanqi.Sanqi.png for N = 16 … 512;
#   * packaging/windows/sanqi.ico (16, 24, 32, 48, 64, 128 and 256 pixels), which build.rs
#     embeds in sanqi.exe;
#   * packaging/macos/sanqi.icns (16 … 1024 pixels) for the macOS app bundle, if png2icns is
#     installed (otherwise the existing file is left as it is, with a note);
#   * packaging/web/icon-maskable-512.png, the web version's maskable icon: the drawing at 360
#     pixels on a 512-pixel square of the page's colour, so that a phone's mask (a circle, a
#     rounded square) cuts only the background and the tile's corners, never the board.
# Each size is drawn at that size (not scaled down from a large one), so the lines stay sharp.
#
# Requirements: cargo, ImageMagick (`apt-get install imagemagick`); optionally png2icns
# (`apt-get install icnsutils`).
# Usage: scripts/make-icons.sh   (run from anywhere; safe to run again at any time)
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"

if command -v magick >/dev/null 2>&1; then
    convert=(magick)
elif command -v convert >/dev/null 2>&1; then
    convert=(convert)
else
    echo "error: ImageMagick not found (apt-get install -y imagemagick)" >&2
    exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

linux_sizes=(16 24 32 48 64 128 256 512)
ico_sizes=(16 24 32 48 64 128 256)
icns_sizes=(16 32 48 128 256 512 1024)

all_sizes=(16 24 32 48 64 128 256 360 512 1024)
cargo run --quiet --example export_icons -- "$work" "${all_sizes[@]}" >/dev/null

# Each raw RGBA drawing as a 32-bit PNG, without time stamps so that running the script again
# gives the same bytes.
for size in "${all_sizes[@]}"; do
    "${convert[@]}" -size "${size}x${size}" -depth 8 "rgba:$work/sanqi-$size.rgba" \
        -strip -define png:exclude-chunks=date,time "PNG32:$work/sanqi-$size.png"
done

for size in "${linux_sizes[@]}"; do
    dir="packaging/linux/icons/hicolor/${size}x${size}/apps"
    mkdir -p "$dir"
    cp "$work/sanqi-$size.png" "$dir/org.sanqi.Sanqi.png"
    echo "$dir/org.sanqi.Sanqi.png"
done

mkdir -p packaging/web
"${convert[@]}" -size 512x512 "xc:#f4efe6" "$work/sanqi-360.png" -gravity center -composite \
    -strip -define png:exclude-chunks=date,time "PNG32:packaging/web/icon-maskable-512.png"
echo "packaging/web/icon-maskable-512.png"

mkdir -p packaging/windows
ico_inputs=()
for size in "${ico_sizes[@]}"; do
    ico_inputs+=("$work/sanqi-$size.png")
done
"${convert[@]}" "${ico_inputs[@]}" packaging/windows/sanqi.ico
echo "packaging/windows/sanqi.ico"

mkdir -p packaging/macos
if command -v png2icns >/dev/null 2>&1; then
    icns_inputs=()
    for size in "${icns_sizes[@]}"; do
        icns_inputs+=("$work/sanqi-$size.png")
    done
    png2icns packaging/macos/sanqi.icns "${icns_inputs[@]}" >/dev/null
    echo "packaging/macos/sanqi.icns"
else
    echo "note: png2icns not found (apt-get install -y icnsutils): packaging/macos/sanqi.icns not updated" >&2
fi
