#!/usr/bin/env bash
# Install Sanqi for the current user on Linux, so it appears in the desktop's application menu
# with its icon, or remove it again. Nothing outside the home folder is touched and no root
# rights are needed.
#
# Installs:
#   ~/.local/bin/sanqi                                          the program
#   ~/.local/share/applications/org.sanqi.Sanqi.desktop          the menu entry (Exec= the
#                                                                path above)
#   ~/.local/share/icons/hicolor/<N>x<N>/apps/org.sanqi.Sanqi.png  the icon, N = 16 … 512
# (~/.local/share is $XDG_DATA_HOME when that is set), then refreshes the desktop's caches
# with update-desktop-database and gtk-update-icon-cache where they are installed.
#
# Usage: scripts/install-linux.sh [--binary PATH]   install; builds the release binary with
#                                                    cargo unless --binary names one
#        scripts/install-linux.sh --uninstall        remove what the above installed
# Uninstalling leaves the player's settings, saved game and statistics where they are
# (~/.local/share/sanqi) and says so.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app_id="org.sanqi.Sanqi"
sizes=(16 24 32 48 64 128 256 512)

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
}

mode=install
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --uninstall) mode=uninstall ;;
        --binary)
            [ $# -ge 2 ] || { echo "error: --binary needs a path" >&2; exit 2; }
            binary="$2"
            shift
            ;;
        --binary=*) binary="${1#--binary=}" ;;
        -h | --help) usage; exit 0 ;;
        *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
    shift
done

[ -n "${HOME:-}" ] || { echo "error: HOME is not set" >&2; exit 1; }
data_home="${XDG_DATA_HOME:-$HOME/.local/share}"
bin_dir="$HOME/.local/bin"
apps_dir="$data_home/applications"
icons_dir="$data_home/icons/hicolor"
installed_binary="$bin_dir/sanqi"
desktop_file="$apps_dir/$app_id.desktop"

refresh_caches() {
    if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$apps_dir" ]; then
        update-desktop-database -q "$apps_dir" || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -d "$icons_dir" ]; then
        gtk-update-icon-cache -q -f -t "$icons_dir" || true
    fi
}

if [ "$mode" = uninstall ]; then
    removed=0
    for path in "$installed_binary" "$desktop_file"; do
        if [ -e "$path" ]; then
            rm -f "$path"
            echo "removed $path"
            removed=$((removed + 1))
        fi
    done
    for size in "${sizes[@]}"; do
        icon="$icons_dir/${size}x${size}/apps/$app_id.png"
        if [ -e "$icon" ]; then
            rm -f "$icon"
            removed=$((removed + 1))
        fi
    done
    refresh_caches
    if [ "$removed" -eq 0 ]; then
        echo "Sanqi was not installed for this user: nothing to remove."
    else
        echo "Sanqi is uninstalled."
    fi
    echo "Settings, the saved game and statistics are kept in $data_home/sanqi (remove that folder to forget them)."
    exit 0
fi

# The program: the one named, else a release build of this checkout.
if [ -z "$binary" ]; then
    if ! command -v cargo >/dev/null 2>&1; then
        echo "error: cargo not found: install Rust, or pass --binary PATH to a built sanqi" >&2
        exit 1
    fi
    (cd "$repo_root" && cargo build --release --locked)
    target_dir="${CARGO_TARGET_DIR:-$repo_root/target}"
    case "$target_dir" in /*) ;; *) target_dir="$repo_root/$target_dir" ;; esac
    binary="$target_dir/release/sanqi"
fi
if [ ! -f "$binary" ] || [ ! -x "$binary" ]; then
    echo "error: $binary is not an executable file" >&2
    exit 1
fi
# A quick check that it is a working sanqi before it replaces anything.
if ! "$binary" perft flying 1 >/dev/null 2>&1; then
    echo "error: $binary does not run (tried: $binary perft flying 1)" >&2
    exit 1
fi

# The menu entry runs the installed program by its full path, so it works whether or not
# ~/.local/bin is on PATH. Desktop-entry quoting: a path with spaces is put in double quotes;
# the few characters that would need escaping inside them are refused.
case "$installed_binary" in
    *[\"\`\$\\]*)
        echo "error: cannot write a menu entry for the path $installed_binary" >&2
        exit 1
        ;;
    *[[:space:]]*) exec_value="\"$installed_binary\"" ;;
    *) exec_value="$installed_binary" ;;
esac

mkdir -p "$bin_dir" "$apps_dir"
# Copy then rename, so a running sanqi is never overwritten in place.
cp "$binary" "$installed_binary.new"
chmod 755 "$installed_binary.new"
mv -f "$installed_binary.new" "$installed_binary"
echo "installed $installed_binary"

sed "s|^Exec=.*|Exec=$exec_value|" "$repo_root/packaging/linux/$app_id.desktop" >"$desktop_file.new"
chmod 644 "$desktop_file.new"
mv -f "$desktop_file.new" "$desktop_file"
echo "installed $desktop_file"

for size in "${sizes[@]}"; do
    dir="$icons_dir/${size}x${size}/apps"
    mkdir -p "$dir"
    install -m 644 "$repo_root/packaging/linux/icons/hicolor/${size}x${size}/apps/$app_id.png" "$dir/$app_id.png"
done
echo "installed icons in $icons_dir/<N>x<N>/apps/$app_id.png (N = ${sizes[*]})"

if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$desktop_file"
fi
refresh_caches

case ":${PATH:-}:" in
    *":$bin_dir:"*) ;;
    *) echo "note: $bin_dir is not on PATH: the menu entry works, but to type 'sanqi' in a terminal add it to PATH." ;;
esac
echo "Sanqi is installed: look for it in the application menu (Games), or run $installed_binary."
