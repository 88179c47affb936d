#!/usr/bin/env bash
# Tests the web version in a real browser: serves dist/web/ (made by scripts/build-web.sh) on
# 127.0.0.1 and drives headless Chromium through playwright-core (scripts/test-web.cjs):
#   * Home at 1280×800 and 390×844 (touch), in both languages and both themes, screenshots
#     kept in target/web-test/shots (docs/screenshots/web holds the telling ones);
#   * a game against Beginner played to its end by clicks, then a reload that finds it in the
#     history and the rating changed; the same by touch on a phone's screen;
#   * a puzzle played; a shared game's link opened;
#   * two friends online, each in a browser context of their own, through this `sanqi serve`:
#     one invites, the other opens the invitation's link and joins, they play a game of Wu Dao
#     to its end by clicks, one reloads in the middle and is back at once, and both histories
#     keep the same game with both names;
#   * the frames while Master thinks (the longest gap between two frames), the time to the
#     first frame of Home, and the same turns from a Web Worker as from `sanqi bestmove` at
#     the same nodes and seed.
# The figures go to target/web-test/figures.json. Exit status 0 when every check passed.
#
# Installs what it needs when missing, from the registries only: Debian's chromium, nodejs and
# npm, and playwright-core from npm (into target/web-test, never a browser of its own).
# Usage: scripts/test-web.sh   (after scripts/build-web.sh)
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
export CARGO_TERM_COLOR=never

# shellcheck source=scripts/apt-install.sh
. scripts/apt-install.sh

if [ ! -f dist/web/sanqi_bg.wasm ]; then
    echo "error: dist/web/ is not built: run scripts/build-web.sh first" >&2
    exit 1
fi

echo "== tools"
command -v chromium >/dev/null 2>&1 || apt_install chromium
command -v node >/dev/null 2>&1 || apt_install nodejs
command -v npm >/dev/null 2>&1 || apt_install npm
work=target/web-test
mkdir -p "$work"
playwright_version=1.65.2
if [ ! -f "$work/node_modules/playwright-core/package.json" ] ||
    ! grep -q "\"version\": \"$playwright_version\"" "$work/node_modules/playwright-core/package.json"; then
    echo "installing playwright-core $playwright_version (missing)"
    # Only the library: its browsers are never downloaded; Debian's chromium is driven.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$work" --no-save --no-audit \
        --no-fund "playwright-core@$playwright_version" >/dev/null
fi

# The command line of this build, for the check that a search in a Web Worker is its search.
echo "== cargo build (the command line, for the comparison)"
CARGO_PROFILE_DEV_DEBUG=0 cargo build --quiet --bin sanqi
native="$repo_root/target/debug/sanqi"

echo "== serving dist/web on 127.0.0.1 (sanqi serve: compressed copies, application/wasm)"
data=$(mktemp -d)
rooms=$(mktemp -d)
"$native" serve --listen 127.0.0.1:0 --data "$rooms" --web dist/web >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$data" "$rooms"' EXIT
port=
for _ in $(seq 100); do
    port=$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/server.log")
    [ -n "$port" ] && break
    sleep 0.1
done
if [ -z "$port" ]; then
    echo "error: sanqi serve did not start:" >&2
    cat "$work/server.log" >&2
    exit 1
fi

echo "== headless Chromium"
rm -rf "$work/shots"
mkdir -p "$work/shots"
SANQI_WEB_URL="http://127.0.0.1:$port/" \
    SANQI_SHOTS="$work/shots" \
    SANQI_FIGURES="$work/figures.json" \
    SANQI_NATIVE="$native" \
    SANQI_DATA_DIR="$data" \
    NODE_PATH="$repo_root/$work/node_modules" \
    node scripts/test-web.cjs
