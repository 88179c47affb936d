#!/usr/bin/env bash
# Builds the web version of Sanqi into dist/web/: the page (index.html, boot.js), the program
# (sanqi_bg.wasm and its JavaScript glue sanqi.js), the script of its Web Workers (worker.js),
# the service worker (sw.js) and web-app manifest that let it work offline and install to a
# phone's home screen, and the icons; beside each page, script and the program, its `.br` and
# `.gz` copies, which `sanqi serve --web dist/web` sends to a browser that accepts them. Any
# static file server can serve the folder; the script ends by saying how to serve it here.
# docs/WEB.md tells what the web version is.
#
# Tools, installed when missing, from the registries only (nothing downloads a tool by itself):
#   * the Rust target wasm32-unknown-unknown (rustup target add);
#   * wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in Cargo.lock
#     (cargo install --locked);
#   * wasm-opt, from Debian's binaryen, and brotli (apt-get; needs root when missing).
# Usage: scripts/build-web.sh   (from anywhere; SANQI_WEB_PROFILE=dev for a quick debug build)
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"
export CARGO_TERM_COLOR=never

profile="${SANQI_WEB_PROFILE:-web}"
target=wasm32-unknown-unknown
out=dist/web

# shellcheck source=scripts/apt-install.sh
. scripts/apt-install.sh

echo "== tools"
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    echo "installing the Rust target $target (missing)"
    rustup target add "$target"
fi

# The version of the wasm-bindgen crate the build links: the CLI must be the same.
bindgen_version=$(awk '
    $0 == "name = \"wasm-bindgen\"" { found = 1; next }
    found && /^version = / { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock)
if [ -z "$bindgen_version" ]; then
    echo "error: Cargo.lock names no wasm-bindgen crate" >&2
    exit 1
fi
have_bindgen() {
    command -v wasm-bindgen >/dev/null 2>&1 &&
        [ "$(wasm-bindgen --version | awk '{print $2}')" = "$bindgen_version" ]
}
if ! have_bindgen; then
    echo "installing wasm-bindgen-cli $bindgen_version (missing)"
    # --locked takes the CLI's own Cargo.lock; if the registry no longer serves one of the
    # versions it names, the same CLI is built with the newest compatible dependencies.
    if ! cargo install --locked wasm-bindgen-cli --version "$bindgen_version"; then
        echo "the CLI's locked dependencies are not all available: building it unlocked"
        cargo install wasm-bindgen-cli --version "$bindgen_version"
    fi
    export PATH="$HOME/.cargo/bin:$PATH"
fi
have_bindgen || { echo "error: wasm-bindgen $bindgen_version is not on the PATH" >&2; exit 1; }
command -v wasm-opt >/dev/null 2>&1 || apt_install binaryen
command -v brotli >/dev/null 2>&1 || apt_install brotli

echo "== cargo rustc --lib --profile $profile --target $target --crate-type cdylib"
# The library as a WebAssembly module: its exports are the page's `start` and the workers'
# `worker_job` (src/app/web.rs). The manifest keeps the rlib for every other build.
cargo rustc --lib --profile "$profile" --target "$target" --crate-type cdylib
profile_dir=$([ "$profile" = dev ] && echo debug || echo "$profile")
wasm="target/$target/$profile_dir/sanqi.wasm"

if [ "$profile" != dev ]; then
    echo "== wasm-opt"
    # On the compiler's module, before wasm-bindgen: Debian's binaryen (108) turns the table
    # of JavaScript values that wasm-bindgen adds into one of functions, and the page would
    # not start. The features are those Rust enables by default for this target; -O3 keeps
    # the search as fast as the compiler made it (the size is measured compressed, where
    # speed costs little).
    opt="target/$target/$profile_dir/sanqi.opt.wasm"
    wasm-opt -O3 --strip-debug --strip-producers \
        --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$wasm" -o "$opt"
    wasm="$opt"
fi

echo "== wasm-bindgen"
rm -rf "$out"
mkdir -p "$out/icons"
wasm-bindgen "$wasm" --target web --no-typescript --out-dir "$out" --out-name sanqi

echo "== the page"
wasm_bytes=$(stat -c %s "$out/sanqi_bg.wasm")
build=$(cat "$out/sanqi_bg.wasm" "$out/sanqi.js" web/*.js web/index.html | sha256sum | cut -c1-12)
cp web/index.html web/worker.js web/manifest.webmanifest "$out/"
sed "s/__WASM_BYTES__/$wasm_bytes/" web/boot.js >"$out/boot.js"
sed "s/__BUILD__/$build/" web/sw.js >"$out/sw.js"
icons=packaging/linux/icons/hicolor
for size in 32 256 512; do
    cp "$icons/${size}x${size}/apps/org.sanqi.Sanqi.png" "$out/icons/icon-$size.png"
done
cp packaging/web/icon-maskable-512.png "$out/icons/icon-maskable-512.png"

echo "== compressed copies"
# Beside each file a browser fetches as text or as the program: the server sends the smallest
# one the browser accepts (brotli, else gzip), already made, never compressed per request.
for file in "$out"/*.html "$out"/*.js "$out"/*.wasm "$out"/*.webmanifest; do
    gzip -9 -n -k -f "$file"
    brotli -q 11 -k -f "$file"
done

echo "== sizes (what a server sends for the first frame)"
first_frame=(index.html boot.js sanqi.js sanqi_bg.wasm worker.js)
raw=0
gz=0
br=0
for file in "${first_frame[@]}"; do
    raw=$((raw + $(stat -c %s "$out/$file")))
    gz=$((gz + $(stat -c %s "$out/$file.gz")))
    br=$((br + $(stat -c %s "$out/$file.br")))
done
printf '  %-14s %9s bytes\n' "uncompressed" "$raw" "gzip -9" "$gz" "brotli -q 11" "$br"

cat <<EOF

Built $out/ (build $build).
Serve it with Sanqi's own server, which sends the compressed copies and the program as
application/wasm:
    cargo run -- serve --web $out          # http://127.0.0.1:8080/
(a phone on the same network needs --listen 0.0.0.0:8080 and the computer's address, and, for
the offline mode and installing, HTTPS: docs/SERVER.md).
EOF
