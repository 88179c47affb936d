#!/usr/bin/env bash
# Regenerate docs/screenshots/*.png: the real window under a virtual X server (Xvfb), opened
# on a ready-made screen with SANQI_DEMO, in English and in Chinese.
#
# Requirements: xvfb-run (package xvfb), xauth, ImageMagick's `import` and xdotool (which
# gives the window the keyboard, as a desktop would, and plays the keyboard and drag shots).
#   apt-get install -y xvfb xauth imagemagick xdotool
# Usage: scripts/screenshots.sh [--small] [--large DIR] [--dark DIR]   (run from anywhere)
#   --small also writes the screens at 760×560 into docs/screenshots/small/, to check the
#   layout at the smallest sensible window size.
#   --large DIR also writes them at 1920×1080 into DIR (not kept in the repository).
#   --dark DIR also writes them in the dark theme, at 1100×760, 760×560 and 1920×1080, into
#   DIR, DIR/small and DIR/large. (THEME=dark before the command takes every shot dark.)
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"

for tool in xvfb-run import xdotool; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "error: '$tool' not found (apt-get install -y xvfb xauth imagemagick xdotool)" >&2
        exit 1
    fi
done

cargo build --quiet
binary="$repo_root/target/debug/sanqi"
out_dir="docs/screenshots"
mkdir -p "$out_dir"

# shot NAME DEMO LANG WIDTH HEIGHT DIR [XDOTOOL-ARGS...]: one screenshot of the window at
# WIDTH×HEIGHT, after giving it the keyboard and running each further argument as an xdotool
# command (keys to press, a drag to begin). WAIT (4 unless set) is the seconds it is given to
# open, longer for demonstrations that analyse.
shot() {
    local name="$1" demo="$2" lang="$3" width="$4" height="$5" dir="$6"
    shift 6
    # A demonstration reads and writes none of the user's files; the window's size comes
    # from SANQI_WINDOW_SIZE. Without a window manager the window would stay in the
    # background, and the clock would wait: xdotool gives it the keyboard.
    SANQI_WINDOW_SIZE="${width}x${height}" SANQI_DEMO="$demo" SANQI_LANG="$lang" \
        SANQI_THEME="${THEME:-light}" \
        xvfb-run -a -s "-screen 0 ${width}x${height}x24" \
        bash -c '"$0" & pid=$!; sleep "${WAIT:-4}"
            xdotool search --name "Sanqi" windowfocus 2>/dev/null
            for step in "${@:2}"; do sleep 0.5; eval "xdotool $step"; done
            sleep 1; import -window root "$1"; kill "$pid"; wait "$pid" 2>/dev/null || true' \
        "$binary" "$dir/$name.png" "$@" 2>/dev/null || true
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
    # A game the computer plays itself, paused: "paused" beside whose turn it is.
    shot watch-en watch en "$width" "$height" "$dir"
    shot watch-zh watch zh-CN "$width" "$height" "$dir"
    shot settings-en settings en "$width" "$height" "$dir"
    shot records-zh records zh-CN "$width" "$height" "$dir"
    shot review-en review en "$width" "$height" "$dir"
    # The analysis of a Flying game (exact with the table in the data folder: opening it
    # takes seconds).
    WAIT=20 shot analysis-en analysis en "$width" "$height" "$dir"
    WAIT=20 shot analysis-zh analysis zh-CN "$width" "$height" "$dir"
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
    # A game's statistics: the results by level and by colour, the rating and the puzzle
    # rating after each game and puzzle.
    shot stats-en stats en "$width" "$height" "$dir"
    shot stats-zh stats-flying zh-CN "$width" "$height" "$dir"
    # The looks the settings offer: the plain board, the marked pieces, both; the largest
    # text; and the ring around the control that has the keyboard (three Tabs into Home).
    SANQI_BOARD=plain shot board-plain-en neihuang en "$width" "$height" "$dir"
    SANQI_PIECES=marked shot pieces-marked-zh flying zh-CN "$width" "$height" "$dir"
    SANQI_BOARD=plain SANQI_PIECES=marked shot look-plain-marked-en wudao en "$width" "$height" "$dir"
    SANQI_TEXT_SIZE=largest shot text-largest-en review en "$width" "$height" "$dir"
    SANQI_TEXT_SIZE=largest shot text-largest-zh neihuang zh-CN "$width" "$height" "$dir"
    shot focus-ring-en home en "$width" "$height" "$dir" "key Tab" "key Tab" "key Tab"
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
    for lang in en zh-CN; do
        local suffix="${lang%%-*}"
        # Each game's last turn explained on the board and in the panel.
        for game in neihuang flying wudao; do
            shot "explain-$game-$suffix" "explain-$game" "$lang" "$width" "$height" "$dir"
        done
        # A capture of the computer's, drawn on the board until the person acts, and the
        # hint with its reason, the value in words and the line it expects (searched: the
        # hint's own search takes a few seconds).
        for game in neihuang flying wudao; do
            shot "captured-$game-$suffix" "captured-$game" "$lang" "$width" "$height" "$dir"
            WAIT=8 shot "hint-$game-$suffix" "hint-$game" "$lang" "$width" "$height" "$dir"
        done
        shot "blocked-$suffix" blocked "$lang" "$width" "$height" "$dir"
        # A newcomer's first puzzle of each game: as it opens, refuted after a wrong try, and
        # solved with its idea said.
        for game in neihuang flying wudao; do
            for moment in "" -wrong -solved; do
                WAIT=6 shot "puzzle-$game$moment-$suffix" "puzzle-$game$moment" "$lang" "$width" "$height" "$dir"
            done
        done
        shot "play-on-$suffix" play-on "$lang" "$width" "$height" "$dir"
        shot "replace-record-$suffix" replace-record "$lang" "$width" "$height" "$dir"
        # The board's keyboard cursor: an arrow gives it the keyboard, two more move it.
        shot "keyboard-$suffix" wudao "$lang" "$width" "$height" "$dir" \
            "key Right" "key Left" "key Up"
    done
}

# drag NAME LANG: the piece on c2 held halfway to c4, in the window of 1100×760 (where the
# board's c column is at x = 385 and rows 2 and 4 at y = 510 and 294).
drag() {
    shot "$1" flying "$2" 1100 760 "$out_dir" \
        "mousemove 385 510" "mousedown 1" "mousemove 385 470" "mousemove 388 400"
}

shots 1100 760 "$out_dir"
drag drag-en en
drag drag-zh zh-CN
while [[ $# -gt 0 ]]; do
    case "$1" in
        --small) shots 760 560 "$out_dir/small" ;;
        --large) shift; shots 1920 1080 "${1:?--large needs a folder}" ;;
        --dark)
            shift
            dark_dir="${1:?--dark needs a folder}"
            THEME=dark shots 1100 760 "$dark_dir"
            THEME=dark shots 760 560 "$dark_dir/small"
            THEME=dark shots 1920 1080 "$dark_dir/large"
            ;;
    esac
    shift
done
