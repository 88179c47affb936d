#!/usr/bin/env bash
# Build the Windows download of Sanqi on a Debian or Ubuntu machine, with no Windows at all:
# cross-compiles the release build for x86_64-pc-windows-gnu with MinGW-w64, then writes
#
#   dist/sanqi-VERSION-windows-x86_64.zip        a folder to unpack and run from anywhere:
#                                                sanqi.exe, README.txt (English and Chinese),
#                                                LICENSE.txt and OFL.txt (the font's licence)
#   dist/sanqi-VERSION-windows-x86_64-setup.exe  a per-user installer made with NSIS
#                                                (packaging/windows/sanqi.nsi): Start-menu
#                                                entry, optional desktop shortcut, uninstaller
#
# What it needs and is missing it installs, saying so in one line: the Rust target
# x86_64-pc-windows-gnu (rustup), and the Debian packages gcc-mingw-w64-x86-64 (the linker,
# and windres for the icon), nsis and python3 (for the zip). Installing packages needs root.
#
# Usage: scripts/package-windows.sh [--skip-build]
#   --skip-build  package the sanqi.exe already built (target/x86_64-pc-windows-gnu/release)
# The build is a release build with LTO: about 9 minutes from clean on 2 cores, about 3 after
# a change to Sanqi's own code. It runs under `nice`. CARGO_TARGET_DIR is honoured.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
target=x86_64-pc-windows-gnu

skip_build=0
for arg in "$@"; do
    case "$arg" in
        --skip-build) skip_build=1 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
    esac
done

# shellcheck source=scripts/apt-install.sh
. "$repo_root/scripts/apt-install.sh"

command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || apt_install gcc-mingw-w64-x86-64
command -v makensis >/dev/null 2>&1 || apt_install nsis
command -v python3 >/dev/null 2>&1 || apt_install python3
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    echo "installing the Rust target $target (missing)"
    rustup target add "$target" >/dev/null
fi

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
[ -n "$version" ] || { echo "error: no version in Cargo.toml" >&2; exit 1; }
target_dir="${CARGO_TARGET_DIR:-$repo_root/target}"
case "$target_dir" in /*) ;; *) target_dir="$repo_root/$target_dir" ;; esac
exe="$target_dir/$target/release/sanqi.exe"

if [ "$skip_build" -eq 0 ]; then
    start=$(date +%s)
    # MinGW's gcc links; build.rs finds MinGW's windres for the icon and version resource.
    CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
        nice -n 10 cargo build --release --locked --target "$target"
    echo "built $exe in $(($(date +%s) - start)) s"
fi
[ -f "$exe" ] || { echo "error: $exe is missing (build without --skip-build)" >&2; exit 1; }

# A build whose resource step failed still links, without the icon: refuse to ship that.
if ! python3 -c 'import sys; sys.exit("Sanqi 三棋".encode("utf-16-le") not in open(sys.argv[1], "rb").read())' "$exe"; then
    echo "error: $exe carries no version resource (was windres missing during the build?)" >&2
    exit 1
fi

dist="$repo_root/dist"
name="sanqi-$version-windows-x86_64"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$dist" "$stage/$name"
cp "$exe" "$stage/$name/sanqi.exe"
# Text files as Windows' Notepad expects them: CRLF line ends, and UTF-8 with a byte-order mark
# for the one with Chinese in it.
to_windows_text() {
    python3 - "$@" <<'PY'
import sys
source, dest, version, bom = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "bom"
text = open(source, encoding="utf-8").read().replace("VERSION", version)
data = text.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")
open(dest, "wb").write((b"\xef\xbb\xbf" if bom else b"") + data)
PY
}
to_windows_text packaging/windows/README.txt "$stage/$name/README.txt" "$version" bom
to_windows_text LICENSE "$stage/$name/LICENSE.txt" "$version" plain
to_windows_text assets/fonts/OFL.txt "$stage/$name/OFL.txt" "$version" plain

zip_file="$dist/$name.zip"
# The zip: one folder, entries in a fixed order with the time of the last commit, so that
# the same build packs to the same bytes.
python3 - "$stage" "$name" "$zip_file" "$(git log -1 --format=%ct 2>/dev/null || date +%s)" <<'PY'
import os, sys, time, zipfile
stage, name, out, stamp = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
when = time.gmtime(max(stamp, 315532800))[:6]
with zipfile.ZipFile(out + ".new", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for file in sorted(os.listdir(os.path.join(stage, name))):
        info = zipfile.ZipInfo(f"{name}/{file}", when)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(os.path.join(stage, name, file), "rb") as f:
            z.writestr(info, f.read())
os.replace(out + ".new", out)
PY
echo "wrote $zip_file ($(stat -c %s "$zip_file") bytes)"

setup="$dist/$name-setup.exe"
makensis -V2 -INPUTCHARSET UTF8 \
    "-DVERSION=$version" "-DSTAGE=$stage/$name" \
    "-DICON=$repo_root/packaging/windows/sanqi.ico" "-DOUTFILE=$setup.new" \
    packaging/windows/sanqi.nsi
mv -f "$setup.new" "$setup"
echo "wrote $setup ($(stat -c %s "$setup") bytes)"
