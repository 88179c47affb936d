#!/usr/bin/env bash
# Make the Debian package of Sanqi, dist/sanqi_VERSION_ARCH.deb (ARCH as dpkg names this
# machine, amd64 on x86-64), by hand with dpkg-deb. It installs what scripts/install-linux.sh
# installs for one user, for the whole system:
#
#   /usr/bin/sanqi                                              the program
#   /usr/share/applications/org.sanqi.Sanqi.desktop             the menu entry
#   /usr/share/icons/hicolor/<N>x<N>/apps/org.sanqi.Sanqi.png   the icon, N = 16 … 512
#   /usr/share/doc/sanqi/copyright                              the licences (MIT; the
#                                                               font's SIL OFL 1.1)
#
# The desktop's menu and icon caches are refreshed by the triggers of desktop-file-utils and
# hicolor-icon-theme, so the package has no scripts of its own. Its dependencies are worked out
# by dpkg-shlibdeps from the libraries the binary links, plus those it loads when the window
# opens (X11, xkbcommon, OpenGL or EGL) or a file chooser is asked for (D-Bus); Wayland's
# libraries and Vulkan (wgpu's fallback) are recommended.
#
# Usage: scripts/package-linux.sh [--binary PATH] [--check]
#   --binary PATH  package a sanqi that is already built (default: `cargo build --release`)
#   --check        then install the package with dpkg -i, check that the menu entry, the icons
#                  and the program are in place and that the window opens (under Xvfb), remove
#                  it with dpkg -r and check that nothing is left (needs root; changes the
#                  system while it runs)
# What it needs and is missing it installs, saying so in one line: dpkg-dev, and for --check
# xvfb, xauth and desktop-file-utils.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
app_id="org.sanqi.Sanqi"
sizes=(16 24 32 48 64 128 256 512)

binary=""
check=0
while [ $# -gt 0 ]; do
    case "$1" in
        --binary)
            [ $# -ge 2 ] || { echo "error: --binary needs a path" >&2; exit 2; }
            binary="$(realpath "$2")"
            shift
            ;;
        --check) check=1 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

# shellcheck source=scripts/apt-install.sh
. "$repo_root/scripts/apt-install.sh"
command -v dpkg-shlibdeps >/dev/null 2>&1 || apt_install dpkg-dev

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
description="$(sed -n 's/^description = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
arch="$(dpkg --print-architecture)"
if [ -z "$binary" ]; then
    start=$(date +%s)
    nice -n 10 cargo build --release --locked
    target_dir="${CARGO_TARGET_DIR:-$repo_root/target}"
    case "$target_dir" in /*) ;; *) target_dir="$repo_root/$target_dir" ;; esac
    binary="$target_dir/release/sanqi"
    echo "built $binary in $(($(date +%s) - start)) s"
fi
"$binary" perft flying 1 >/dev/null 2>&1 || { echo "error: $binary does not run" >&2; exit 1; }

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"
install -D -m 755 "$binary" "$root/usr/bin/sanqi"
install -D -m 644 "packaging/linux/$app_id.desktop" "$root/usr/share/applications/$app_id.desktop"
for size in "${sizes[@]}"; do
    install -D -m 644 "packaging/linux/icons/hicolor/${size}x${size}/apps/$app_id.png" \
        "$root/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
done
mkdir -p "$root/usr/share/doc/sanqi"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: sanqi"
    echo
    echo "Files: *"
    echo "Copyright: 2026 The Sanqi authors"
    echo "License: MIT"
    sed 's/^$/./; s/^/ /' LICENSE
    echo
    echo "Files: assets/fonts/NotoSansSC-Subset.otf"
    echo "Copyright: 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'"
    echo "License: OFL-1.1"
    sed 's/^[[:space:]]*$/./; s/^/ /' assets/fonts/OFL.txt
} >"$root/usr/share/doc/sanqi/copyright"
chmod 644 "$root/usr/share/doc/sanqi/copyright"

# Dependencies: what the binary links (dpkg-shlibdeps), and what the window loads at run time.
mkdir -p "$stage/debian"
printf 'Source: sanqi\n\nPackage: sanqi\nArchitecture: any\n' >"$stage/debian/control"
shlibs="$(cd "$stage" && dpkg-shlibdeps -O "root/usr/bin/sanqi" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
depends="${shlibs:+$shlibs, }libx11-6, libx11-xcb1, libxcursor1, libxi6, libxrender1, libxkbcommon0, libxkbcommon-x11-0, libgl1 | libegl1, libdbus-1-3"

mkdir -p "$root/DEBIAN"
installed_size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
cat >"$root/DEBIAN/control" <<EOF
Package: sanqi
Version: $version
Architecture: $arch
Maintainer: The Sanqi authors <sanqi@invalid>
Installed-Size: $installed_size
Depends: $depends
Recommends: libwayland-client0, libwayland-egl1, libvulkan1, xdg-desktop-portal | zenity
Section: games
Priority: optional
Description: $description
 Sanqi is a desktop app for three Chinese folk board games on a 5x5 grid. Play two
 players at one computer or against the computer at five levels, with a turn clock,
 lessons, in-app rules, hints and game analysis, in English or Simplified Chinese.
 The sanqi command also works on the command line (perft, replay, bestmove, match).
EOF

mkdir -p dist
deb="dist/sanqi_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb.new" >/dev/null
mv -f "$deb.new" "$deb"
echo "wrote $deb ($(stat -c %s "$deb") bytes)"

[ "$check" -eq 1 ] || exit 0

# --- --check: install, look, start, remove ----------------------------------------------------
[ "$(id -u)" -eq 0 ] || { echo "error: --check needs root (dpkg -i)" >&2; exit 1; }
if dpkg-query -W -f='${Status}' sanqi 2>/dev/null | grep -q "ok installed"; then
    echo "error: a sanqi package is already installed; remove it first (dpkg -r sanqi)" >&2
    exit 1
fi
command -v xvfb-run >/dev/null 2>&1 || apt_install xvfb
command -v xauth >/dev/null 2>&1 || apt_install xauth
command -v desktop-file-validate >/dev/null 2>&1 || apt_install desktop-file-utils
# dpkg -i installs no dependencies: apt-get brings any that are missing.
dpkg -i "$deb" >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -f >/dev/null
dpkg-query -W -f='${Status}\n' sanqi | grep -q "ok installed" || { echo "FAIL dpkg -i" >&2; exit 1; }
mapfile -t files < <(dpkg -L sanqi | while read -r f; do [ -f "$f" ] && echo "$f"; done)
echo "installed: ${#files[@]} files (dpkg -L sanqi)"
desktop="/usr/share/applications/$app_id.desktop"
desktop-file-validate "$desktop" && echo "menu entry: $desktop is valid"
icon="$(sed -n 's/^Icon=//p' "$desktop")"
exec_line="$(sed -n 's/^Exec=//p' "$desktop")"
found=$(find /usr/share/icons/hicolor -name "$icon.png" | wc -l)
[ "$found" -eq "${#sizes[@]}" ] || { echo "FAIL: $found icons named $icon.png" >&2; exit 1; }
echo "icon: $icon in ${#sizes[@]} sizes; hicolor cache $(stat -c %y /usr/share/icons/hicolor/icon-theme.cache 2>/dev/null | cut -d. -f1)"
command -v "$exec_line" >/dev/null || { echo "FAIL: Exec=$exec_line is not on PATH" >&2; exit 1; }
# The window, started as the menu entry starts it, draws its first frame and exits.
home="$(mktemp -d)"
if frame="$(HOME="$home" SANQI_STARTUP_TIMING=1 SANQI_EXIT_AFTER_FIRST_FRAME=1 \
    timeout 60 xvfb-run -a -s "-screen 0 1280x800x24" "$exec_line" 2>&1 | grep '^startup:')"; then
    echo "started: $exec_line opened its window ($frame)"
else
    echo "FAIL: $exec_line did not draw its window" >&2
    exit 1
fi
rm -rf "$home"
dpkg -r sanqi >/dev/null
left=0
for f in "${files[@]}"; do
    if [ -e "$f" ]; then echo "left behind: $f" >&2; left=$((left + 1)); fi
done
[ -d /usr/share/doc/sanqi ] && { echo "left behind: /usr/share/doc/sanqi" >&2; left=$((left + 1)); }
if [ "$left" -eq 0 ] && ! dpkg-query -W -f='${Status}' sanqi 2>/dev/null | grep -q "ok installed"; then
    echo "removed: dpkg -r sanqi left none of the ${#files[@]} files"
else
    echo "FAIL: dpkg -r left $left files" >&2
    exit 1
fi
echo "check passed: $deb installs, appears with its icon, starts and is removed cleanly"
