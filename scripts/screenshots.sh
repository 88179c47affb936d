#!/usr/bin/env bash
# Regenerate docs/screenshots/*.png: the real window under a virtual X server (Xvfb), opened
# on a ready-made screen with SANQI_DEMO, in English and in Chinese.
#
# Requirements: xvfb-run (package xvfb), xauth and ImageMagick's `import`.
#   apt-get install -y xvfb xauth imagemagick
# Usage: scripts/screenshots.sh [--small]   (run from anywhere)
#   --small also writes the screens at 760×560 into docs/screenshots/small/, to check the
#   layout at the smallest sensible window size.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"

for tool in xvfb-run import; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "error: '$tool' not found (apt-get install -y xvfb xauth imagemagick)" >&2
        exit 1
    fi
done

cargo build --quiet
binary="$repo_root/target/debug/sanqi"
out_dir="docs/screenshots"
mkdir -p "$out_dir"

# shot NAME DEMO LANG WIDTH HEIGHT DIR [WAIT]: one screenshot of the window at WIDTH×HEIGHT,
# WAIT seconds (5 unless told) after it opens.
shot() {
    local name="$1" demo="$2" lang="$3" width="$4" height="$5" dir="$6" wait="${7:-5}"
    # A demonstration reads and writes none of the user's files; the window's size comes
    # from SANQI_WINDOW_SIZE.
    SANQI_WINDOW_SIZE="${width}x${height}" SANQI_DEMO="$demo" SANQI_LANG="$lang" \
        xvfb-run -a -s "-screen 0 ${width}x${height}x24" \
        bash -c '"$0" & pid=$!; sleep "$2"; import -window root "$1"; kill "$pid"; wait "$pid" 2>/dev/null || true' \
        "$binary" "$dir/$name.png" "$wait" 2>/dev/null || true
    if [[ -f "$dir/$name.png" ]]; then
        echo "wrote $dir/$name.png"
    else
        echo "error: no screenshot for $name" >&2
        return 1
    fi
}

shots() {
    local width="$1" height="$2" dir="$3"
    mkdir -p "$dir"
    for lang in en zh-CN; do
        local suffix="${lang%%-*}"
        shot "home-$suffix" home "$lang" "$width" "$height" "$dir"
        shot "neihuang-$suffix" neihuang "$lang" "$width" "$height" "$dir"
        shot "flying-$suffix" flying "$lang" "$width" "$height" "$dir"
        shot "wudao-$suffix" wudao "$lang" "$width" "$height" "$dir"
    done
    shot rules-en rules-flying en "$width" "$height" "$dir"
    shot rules-zh rules-neihuang zh-CN "$width" "$height" "$dir"
    shot result-en result en "$width" "$height" "$dir"
    shot new-game-zh new-game zh-CN "$width" "$height" "$dir"
    shot settings-en settings en "$width" "$height" "$dir"
    shot records-zh records zh-CN "$width" "$height" "$dir"
    shot review-en review en "$width" "$height" "$dir"
    # The analysis of a Flying game (exact with the table in the data folder: opening it
    # takes seconds), and a hint with its reason.
    shot analysis-en analysis en "$width" "$height" "$dir" 20
    shot analysis-zh analysis zh-CN "$width" "$height" "$dir" 20
    shot hint-en hint en "$width" "$height" "$dir" 8
    shot hint-zh hint zh-CN "$width" "$height" "$dir" 8
    # Lessons: a step refusing a wrong try with its reason, steps done with what the move
    # did outlined, and the steps about the clock and the 100-turn limit.
    shot lesson-neihuang-en lesson-neihuang-6-wrong en "$width" "$height" "$dir"
    shot lesson-neihuang-zh lesson-neihuang-6-done zh-CN "$width" "$height" "$dir"
    shot lesson-flying-en lesson-flying-4-done en "$width" "$height" "$dir"
    shot lesson-flying-zh lesson-flying-2-wrong zh-CN "$width" "$height" "$dir"
    shot lesson-wudao-en lesson-wudao-9-wrong en "$width" "$height" "$dir"
    shot lesson-wudao-zh lesson-wudao-8-done zh-CN "$width" "$height" "$dir"
    shot lesson-house-en lesson-house-3 en "$width" "$height" "$dir"
    shot lesson-house-zh lesson-house-1 zh-CN "$width" "$height" "$dir"
    # The Flying table: its settings and the exact hint show the table of the data folder
    # (SANQI_DATA_DIR, read only): built, missing or damaged as that folder has it; the
    # committed table-settings-built-*, -missing-* and -damaged-* were taken with a folder of
    # each kind. The build runs in the demonstration's scratch folder.
    shot table-settings-built-en table-settings en "$width" "$height" "$dir"
    shot table-building-en table-building en "$width" "$height" "$dir"
    shot table-building-zh table-building zh-CN "$width" "$height" "$dir"
    shot table-offer-en table-offer en "$width" "$height" "$dir"
    shot table-offer-zh table-offer zh-CN "$width" "$height" "$dir"
    shot flying-hint-en flying-hint en "$width" "$height" "$dir"
    shot flying-hint-zh flying-hint zh-CN "$width" "$height" "$dir"
}

shots 1100 760 "$out_dir"
if [[ "${1:-}" == "--small" ]]; then
    shots 760 560 "$out_dir/small"
fi
