#!/usr/bin/env bash
# Check the Windows build of Sanqi under Wine, on Linux: every command and screen that the
# Windows download is expected to get right, against the Linux build's answers.
#
# Each step prints one line, PASS or FAIL, and the run ends with a count; the exit status is
# 0 only when every step passed. The steps:
#   exe          sanqi.exe is a GUI program (no console window on double-click) carrying its
#                icon and version information
#   version      `sanqi.exe --version` prints what the Linux build prints
#   perft        `perft flying 5`, `perft neihuang 4` and `perft wudao 4` print the Linux
#                build's numbers
#   bestmove     `bestmove flying --level hard --movetime 1000` answers within its movetime
#   replay       a record written by the Linux build, copied to a folder with a Chinese name,
#                replays as on Linux
#   names        file names that Windows reserves (CON, nul.json, `game.`, `a:b`) are refused
#                with one clear line, and nothing hangs
#   data folder  the data folder is %APPDATA%\Sanqi\Sanqi\data of a user named 张伟
#   console      started from cmd.exe in a terminal, a command prints into that terminal
#   window       the window opens and draws its first frame; the home screen is saved to
#                docs/screenshots/windows-home.png (look at it) and the renderer named; then
#                on a Chinese system, where it opens in Chinese (windows-home-zh.png), and
#                the data folder is there
#   installer    the NSIS installer installs silently (/S) for the user, the installed
#                sanqi.exe runs, and the uninstaller removes it all, leaving the player's data
#
# The Wine prefix is new for every run, in a temporary folder, with the Windows user 张伟.
# Wine 8 lacks bcryptprimitives.dll (ProcessPrng, which Rust's standard library calls at
# start); a stand-in built from scripts/wine/bcryptprimitives.c goes into the prefix then.
# Windows 10 and 11 have the real one: it is never shipped.
#
# What it needs and is missing it installs, saying so in one line (as root): wine, wine64,
# xvfb, xauth, xdotool, imagemagick, tmux, gcc-mingw-w64-x86-64, and the zh_CN.UTF-8 locale.
#
# Usage: scripts/smoke-windows.sh [--exe PATH] [--setup PATH] [--linux PATH] [--keep]
#   --exe    the sanqi.exe to check (default: target/x86_64-pc-windows-gnu/release/sanqi.exe)
#   --setup  the installer (default: dist/sanqi-VERSION-windows-x86_64-setup.exe)
#   --linux  the Linux sanqi to compare with (default: target/release/sanqi, else
#            target/debug/sanqi, else one built with `cargo build`)
#   --keep   keep the temporary folder (Wine prefix, outputs) and say where it is
set -uo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
target_dir="${CARGO_TARGET_DIR:-$repo_root/target}"
case "$target_dir" in /*) ;; *) target_dir="$repo_root/$target_dir" ;; esac
exe="$target_dir/x86_64-pc-windows-gnu/release/sanqi.exe"
setup="$repo_root/dist/sanqi-$version-windows-x86_64-setup.exe"
linux=""
keep=0
while [ $# -gt 0 ]; do
    case "$1" in
        --exe) exe="$(realpath "$2")"; shift ;;
        --setup) setup="$(realpath "$2")"; shift ;;
        --linux) linux="$(realpath "$2")"; shift ;;
        --keep) keep=1 ;;
        -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done
[ -f "$exe" ] || { echo "error: $exe is missing: run scripts/package-windows.sh" >&2; exit 1; }
[ -f "$setup" ] || { echo "error: $setup is missing: run scripts/package-windows.sh" >&2; exit 1; }

# --- what the checks need -------------------------------------------------------------------
# shellcheck source=scripts/apt-install.sh
. "$repo_root/scripts/apt-install.sh"
command -v wine >/dev/null 2>&1 && [ -x /usr/lib/wine/wine64 ] || apt_install wine wine64
command -v Xvfb >/dev/null 2>&1 || apt_install xvfb
command -v xauth >/dev/null 2>&1 || apt_install xauth
command -v xdotool >/dev/null 2>&1 || apt_install xdotool
command -v import >/dev/null 2>&1 || apt_install imagemagick
command -v tmux >/dev/null 2>&1 || apt_install tmux
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || apt_install gcc-mingw-w64-x86-64
# Wine takes the Windows language from LANG, which needs the Linux locale itself.
if ! locale -a 2>/dev/null | grep -qix "zh_CN.utf-\?8"; then
    echo "generating the zh_CN.UTF-8 locale (missing), for the window in Chinese"
    command -v locale-gen >/dev/null 2>&1 || apt_install locales
    sed -i 's/^# *\(zh_CN.UTF-8 UTF-8\)/\1/' /etc/locale.gen
    grep -q "^zh_CN.UTF-8 UTF-8" /etc/locale.gen || echo "zh_CN.UTF-8 UTF-8" >>/etc/locale.gen
    locale-gen >/dev/null
fi

if [ -z "$linux" ]; then
    for candidate in "$target_dir/release/sanqi" "$target_dir/debug/sanqi"; do
        if [ -x "$candidate" ]; then linux="$candidate"; break; fi
    done
fi
if [ -z "$linux" ]; then
    echo "building the Linux sanqi to compare with (cargo build)"
    nice -n 10 cargo build --quiet --locked || exit 1
    linux="$target_dir/debug/sanqi"
fi

# --- a new Wine prefix, for the user 张伟 ----------------------------------------------------
work="$(mktemp -d /tmp/sanqi-smoke.XXXXXX)"
user="张伟"
export WINEPREFIX="$work/prefix" HOME="$work/home" USER="$user" LOGNAME="$user"
export LANG=C.UTF-8 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
xvfb_pid=""
cleanup() {
    wineserver -k >/dev/null 2>&1
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    tmux -L "sanqi-smoke-$$" kill-server >/dev/null 2>&1
    if [ "$keep" -eq 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
mkdir -p "$HOME"
wine_version="$(wine --version 2>/dev/null)"
echo "Wine: $wine_version; prefix $WINEPREFIX; comparing with $linux"
timeout 300 wineboot -i >"$work/wineboot.log" 2>&1
wineserver -w
user_dir="$WINEPREFIX/drive_c/users/$user"
[ -d "$user_dir" ] || { echo "error: the Wine prefix has no $user_dir" >&2; exit 1; }
# Wine links Desktop, Documents … to $HOME: make them folders of their own, as on Windows.
for link in "$user_dir"/*; do
    if [ -L "$link" ]; then rm "$link" && mkdir "$link"; fi
done
system32="$WINEPREFIX/drive_c/windows/system32"
if [ ! -e "$system32/bcryptprimitives.dll" ]; then
    echo "installing a stand-in bcryptprimitives.dll in the prefix ($wine_version lacks it; Windows 10 and 11 have it)"
    x86_64-w64-mingw32-gcc -O2 -shared -s -o "$system32/bcryptprimitives.dll" \
        scripts/wine/bcryptprimitives.c -lbcrypt || exit 1
fi

# A virtual screen for everything that opens a window.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" 2>/dev/null &
xvfb_pid=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$work/display")"

# --- the steps --------------------------------------------------------------------------------
passed=0
failed=0
pass() { echo "PASS $1: $2"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
# win NAME ARGS…: runs sanqi.exe ARGS under Wine (2 minutes at most); its output is in
# $work/NAME.out and .err, its status in $status and its wall time in $elapsed_ms.
win_exe="$exe"
win() {
    local name="$1"
    shift
    local start
    start=$(date +%s%N)
    timeout 120 wine "$win_exe" "$@" >"$work/$name.out" 2>"$work/$name.err" </dev/null
    status=$?
    elapsed_ms=$((($(date +%s%N) - start) / 1000000))
}
# The line of a file, for a message.
first_line() { head -n 1 "$1" | cut -c1-160; }

# exe: the PE header's subsystem is 2 (GUI), and the resources hold an icon group (type 14)
# and the version information (type 16) naming the product.
objdump_out="$(x86_64-w64-mingw32-objdump -p "$exe" 2>/dev/null)"
subsystem="$(grep -m1 '^Subsystem' <<<"$objdump_out")"
resource_types="$(sed -n '/The .rsrc Resource Directory/,/^$/p' <<<"$objdump_out" |
    sed -n 's/^[0-9a-f]*   Entry: ID: \(0x[0-9a-f]*\),.*/\1/p' | tr '\n' ' ')"
if grep -q "Windows GUI" <<<"$subsystem" && grep -q "0x00000e" <<<"$resource_types" &&
    grep -q "0x000010" <<<"$resource_types" &&
    python3 -c 'import sys; sys.exit("Sanqi 三棋".encode("utf-16-le") not in open(sys.argv[1], "rb").read())' "$exe"; then
    pass exe "$(stat -c %s "$exe") bytes, GUI subsystem, resources of types $resource_types(icons, icon group, version)"
else
    fail exe "subsystem '${subsystem:-unknown}', resource types '$resource_types'"
fi

win version --version
if [ "$status" -eq 0 ] && [ "$(cat "$work/version.out")" = "$("$linux" --version)" ]; then
    pass version "$(first_line "$work/version.out")"
else
    fail version "status $status: $(first_line "$work/version.out") $(first_line "$work/version.err")"
fi
# What Wine itself takes to start and end a program, once it is running (the first run also
# starts Wine's services).
win overhead --version
overhead_ms=$elapsed_ms

for game_depth in "flying 5" "neihuang 4" "wudao 4"; do
    # shellcheck disable=SC2086
    win perft perft $game_depth
    # shellcheck disable=SC2086
    expected="$("$linux" perft $game_depth 2>/dev/null)"
    if [ "$status" -eq 0 ] && [ "$(cat "$work/perft.out")" = "$expected" ]; then
        pass "perft $game_depth" "$(first_line "$work/perft.out") (${elapsed_ms} ms under Wine)"
    else
        fail "perft $game_depth" "got '$(first_line "$work/perft.out")', the Linux build '$expected'"
    fi
done

movetime=1000
win bestmove bestmove flying --level hard --movetime "$movetime" --seed 7
# The answer is due within the movetime of the process's start; Wine's own start-up (measured
# above with --version) comes before that, and 300 ms are allowed for the exit.
limit_ms=$((movetime + overhead_ms + 300))
if [ "$status" -eq 0 ] && grep -q "turn " "$work/bestmove.out" && [ "$elapsed_ms" -le "$limit_ms" ]; then
    pass bestmove "${elapsed_ms} ms in all, at most ${limit_ms}: $(grep -o 'time [^ ]*s.*' "$work/bestmove.out" | head -n 1)"
else
    fail bestmove "status $status after ${elapsed_ms} ms (limit ${limit_ms}): $(first_line "$work/bestmove.out") $(first_line "$work/bestmove.err")"
fi

records="$work/records"
mkdir -p "$records" "$user_dir/Documents/棋谱"
"$linux" match flying --black random --white random --games 1 --seed 3 --records "$records" --quiet >/dev/null 2>&1
record="$(find "$records" -name '*.json' | head -n 1)"
if [ -n "$record" ]; then
    cp "$record" "$user_dir/Documents/棋谱/对局 1.json"
    win replay replay "C:\\users\\$user\\Documents\\棋谱\\对局 1.json"
    expected="$("$linux" replay "$record" 2>&1)"
    if [ "$status" -eq 0 ] && [ "$(cat "$work/replay.out")" = "$expected" ]; then
        pass replay "C:\\users\\$user\\Documents\\棋谱\\对局 1.json: $(tail -n 1 "$work/replay.out")"
    else
        fail replay "status $status: '$(first_line "$work/replay.out")' '$(first_line "$work/replay.err")', the Linux build '$(head -n 1 <<<"$expected")'"
    fi
else
    fail replay "the Linux build wrote no record"
fi

# Records written by sanqi.exe into a folder with a Chinese name: twice, so that the second
# match finds wudao-0001.json taken and adds wudao-0001-2.json beside it (a record is never
# replaced), each through the writer's temporary file and link. Both are byte for byte the
# Linux build's, and the Linux build replays them.
write_ok=1
match_dir="$user_dir/Documents/棋谱/比赛"
for seed in 5 6; do
    win write match wudao --black random --white random --games 1 --seed "$seed" \
        --records "C:\\users\\$user\\Documents\\棋谱\\比赛" --quiet
    [ "$status" -eq 0 ] || write_ok=0
    "$linux" match wudao --black random --white random --games 1 --seed "$seed" \
        --records "$work/linux-$seed" --quiet >/dev/null 2>&1 || write_ok=0
done
first="$match_dir/wudao-0001.json"
second="$match_dir/wudao-0001-2.json"
cmp -s "$first" "$work/linux-5/wudao-0001.json" || write_ok=0
cmp -s "$second" "$work/linux-6/wudao-0001.json" || write_ok=0
records_there="$(find "$match_dir" -name '*.json' | wc -l)"
leftovers="$(find "$match_dir" -name '*.tmp' | wc -l)"
if [ "$write_ok" -eq 1 ] && [ "$records_there" -eq 2 ] && [ "$leftovers" -eq 0 ] &&
    "$linux" replay "$first" >/dev/null 2>&1 && "$linux" replay "$second" >/dev/null 2>&1; then
    pass "atomic write" "match --records C:\\users\\$user\\Documents\\棋谱\\比赛 twice: wudao-0001.json kept, the second record added as wudao-0001-2.json, each byte for byte the Linux build's, no temporary file left"
else
    fail "atomic write" "status $status, $records_there records, $leftovers temporary files, $(first_line "$work/write.err")"
fi

# A file named `game` is there: Windows would open it for `game.` if the name were not refused.
cp "$user_dir/Documents/棋谱/对局 1.json" "$user_dir/Documents/棋谱/game"
names_ok=1
names_detail=""
for name_and_message in "CON|keeps for a device" "nul.json|keeps for a device" \
    "com1.json|keeps for a device" "game.|ends in a dot or a space" "a:b.json|does not allow"; do
    name="${name_and_message%%|*}"
    message="${name_and_message#*|}"
    win name replay "C:\\users\\$user\\Documents\\棋谱\\$name"
    if [ "$status" -ne 2 ] || ! grep -q "$message" "$work/name.err" || [ "$(wc -l <"$work/name.err")" -ne 1 ]; then
        names_ok=0
        names_detail="$name: status $status, '$(first_line "$work/name.err")'"
        break
    fi
    names_detail="$(first_line "$work/name.err")"
done
if [ "$names_ok" -eq 1 ]; then
    pass names "CON, nul.json, com1.json, game. and a:b.json refused, e.g. $names_detail"
else
    fail names "$names_detail"
fi

# The data folder, as the command line sees it: `probe` names the Flying table's path there.
data_dir="C:\\users\\$user\\AppData\\Roaming\\Sanqi\\Sanqi\\data"
win probe probe flying
if grep -qF "$data_dir" "$work/probe.out" "$work/probe.err"; then
    pass "data folder" "$data_dir (from: $(first_line "$work/probe.err"))"
else
    fail "data folder" "status $status: '$(first_line "$work/probe.out")' '$(first_line "$work/probe.err")'"
fi

# The console: a batch file run by cmd.exe in a terminal (tmux, on a server of its own so
# that it has this environment). sanqi.exe, a GUI program, prints into that terminal, while
# output sent to a file goes to the file alone.
win_path="$(winepath -w "$exe" 2>/dev/null)"
printf '@echo off\r\n"%s" perft flying 3 > "%%USERPROFILE%%\\out.txt"\r\n"%s" replay "%%USERPROFILE%%\\CON" 2> "%%USERPROFILE%%\\err.txt"\r\n"%s" perft wudao 2\r\n' \
    "$win_path" "$win_path" "$win_path" >"$user_dir/console.cmd"
tmux -L "sanqi-smoke-$$" new-session -d -s console -x 160 -y 40 \
    "wine cmd /c 'C:\\users\\$user\\console.cmd'; wineserver -w; sleep 60"
expected="$("$linux" perft wudao 2)"
console_ok=0
for _ in $(seq 60); do
    sleep 0.5
    if tmux -L "sanqi-smoke-$$" capture-pane -p -t console 2>/dev/null | grep -qx "$expected"; then
        console_ok=1
        break
    fi
done
screen="$(tmux -L "sanqi-smoke-$$" capture-pane -p -t console 2>/dev/null | grep -v '^$' | head -n 3 | tr '\n' '|')"
tmux -L "sanqi-smoke-$$" kill-server >/dev/null 2>&1
out_txt="$(tr -d '\r' <"$user_dir/out.txt" 2>/dev/null)"
if [ "$console_ok" -eq 1 ] && [ "$screen" = "$expected|" ] &&
    [ "$out_txt" = "$("$linux" perft flying 3)" ] && grep -q "keeps for a device" "$user_dir/err.txt" 2>/dev/null; then
    pass console "from cmd.exe in a terminal: perft wudao 2 printed $expected there; with > and 2> the output and the error went to their files only"
else
    fail console "the terminal shows '$screen'; out.txt '$out_txt'; err.txt '$(head -c 100 "$user_dir/err.txt" 2>/dev/null)'"
fi
wineserver -k >/dev/null 2>&1
wineserver -w

# show_window NAME PICTURE [VARIABLE=VALUE…]: opens the window as a double-click does (no
# arguments), with those variables set, waits for its first frame (a minute at most), gives it
# the keyboard (without a window manager it would stay in the background), saves a picture of
# it to PICTURE and closes it. $drawn is 1 if the frame came; $work/NAME.err is its stderr.
show_window() {
    local name="$1" picture="$2"
    shift 2
    env "$@" SANQI_STARTUP_TIMING=1 wine "$exe" >"$work/$name.out" 2>"$work/$name.err" </dev/null &
    local pid=$!
    drawn=0
    for _ in $(seq 120); do
        sleep 0.5
        if grep -q "^startup: first frame" "$work/$name.err"; then drawn=1; break; fi
        kill -0 "$pid" 2>/dev/null || break
    done
    if [ "$drawn" -eq 1 ]; then
        sleep 3
        local window_id
        window_id="$(xdotool search --onlyvisible --name "Sanqi" 2>/dev/null | head -n 1)"
        [ -n "$window_id" ] && xdotool windowfocus "$window_id" >/dev/null 2>&1
        sleep 2
        import -window "${window_id:-root}" "${picture%.png}.tmp.png" &&
            mv -f "${picture%.png}.tmp.png" "$picture"
        kill -0 "$pid" 2>/dev/null || drawn=0
    fi
    kill "$pid" 2>/dev/null
    wineserver -k >/dev/null 2>&1
    wineserver -w
}
# The first frame's line, for a message.
first_frame() { grep -m1 '^startup: first frame' "$work/$1.err"; }

# The window, with the libraries it loads noted: sanqi.exe imports opengl32.dll and dxgi.dll
# whichever renderer draws; wgpu alone loads d3d12.dll or vulkan-1.dll, when OpenGL has failed.
screenshot="$repo_root/docs/screenshots/windows-home.png"
show_window window "$screenshot" WINEDEBUG=-all,+loaddll
if [ "$drawn" -eq 1 ]; then
    if grep -qi "d3d12\.dll\|vulkan-1\.dll" "$work/window.err"; then
        renderer="wgpu ($(grep -oi 'd3d12\.dll\|vulkan-1\.dll' "$work/window.err" | sort -u | tr '\n' ' '))"
    else
        renderer="OpenGL (glow), through Wine's opengl32"
    fi
    pass window "$(first_frame window); renderer $renderer; screenshot $screenshot"
else
    fail window "no first frame within 60 s, or closed after it: $(grep -v ':loaddll:' "$work/window.err" | head -n 2 | tr '\n' '|')"
fi
if [ -d "$user_dir/AppData/Roaming/Sanqi/Sanqi/data" ]; then
    pass "window data folder" "the window made $data_dir"
else
    fail "window data folder" "no $data_dir after the window opened"
fi

# Again on a Chinese system (Wine takes the Windows language from LANG): the app picks Chinese
# by itself (look at the picture).
screenshot_zh="$repo_root/docs/screenshots/windows-home-zh.png"
show_window window-zh "$screenshot_zh" LANG=zh_CN.UTF-8
if [ "$drawn" -eq 1 ]; then
    pass "window in Chinese" "$(first_frame window-zh); screenshot $screenshot_zh"
else
    fail "window in Chinese" "no first frame within 60 s: $(head -n 2 "$work/window-zh.err" | tr '\n' '|')"
fi

# The installer, silently, then the installed program, then the uninstaller.
install_dir="$user_dir/AppData/Local/Programs/Sanqi"
start_menu_link="$user_dir/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Sanqi.lnk"
desktop_link="$user_dir/Desktop/Sanqi.lnk"
uninstall_key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Sanqi'
timeout 120 wine "$setup" /S >"$work/setup.log" 2>&1
wineserver -w
missing=""
for file in "$install_dir/sanqi.exe" "$install_dir/uninstall.exe" "$install_dir/README.txt" \
    "$install_dir/LICENSE.txt" "$install_dir/OFL.txt" "$start_menu_link" "$desktop_link"; do
    [ -f "$file" ] || missing="$missing ${file#"$user_dir"/}"
done
wine reg query "$uninstall_key" >"$work/reg.out" 2>/dev/null
if [ -z "$missing" ] && grep -q "DisplayName" "$work/reg.out"; then
    pass install "setup /S put sanqi.exe in %LOCALAPPDATA%\\Programs\\Sanqi, a Start-menu entry, a desktop shortcut and the uninstaller's registry entry"
else
    fail install "missing:${missing:- the registry entry}"
fi
win_exe="$install_dir/sanqi.exe"
if [ -f "$win_exe" ]; then
    win installed perft flying 3
    if [ "$status" -eq 0 ] && [ "$(cat "$work/installed.out")" = "$("$linux" perft flying 3)" ]; then
        pass "installed exe" "perft flying 3 printed $(first_line "$work/installed.out")"
    else
        fail "installed exe" "status $status: $(first_line "$work/installed.out") $(first_line "$work/installed.err")"
    fi
else
    fail "installed exe" "not installed"
fi
win_exe="$exe"
timeout 120 wine "$install_dir/uninstall.exe" /S >"$work/uninstall.log" 2>&1
# The uninstaller copies itself away and runs from there: wait for every Wine process.
wineserver -w
left=""
for file in "$install_dir" "$start_menu_link" "$desktop_link"; do
    [ -e "$file" ] && left="$left ${file#"$user_dir"/}"
done
if wine reg query "$uninstall_key" >/dev/null 2>&1; then left="$left (registry entry)"; fi
if [ -z "$missing" ] && [ -z "$left" ] && [ -d "$user_dir/AppData/Roaming/Sanqi/Sanqi/data" ]; then
    pass uninstall "uninstall.exe /S removed the folder, both shortcuts and the registry entry; the player's data folder is kept"
else
    fail uninstall "left:${left:- nothing}; installed before: $([ -z "$missing" ] && echo yes || echo no); data folder kept: $([ -d "$user_dir/AppData/Roaming/Sanqi/Sanqi/data" ] && echo yes || echo no)"
fi

echo "smoke test under $wine_version: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
