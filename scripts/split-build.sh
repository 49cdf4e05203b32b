#!/usr/bin/env bash
# Trunk post_build hook (Trunk.toml): builds the app's wasm, split by page, into a folder of
# dist/ named after its contents, and writes the start-up script's tag into index.html.
#
# Trunk cannot split (its wasm-bindgen step would come before any hook could), so it builds no
# Rust itself (index.html has no rust link) and this script does what it did, in this order:
#   1. cargo rustc with the `split` feature and the linker's relocations kept (the splitter
#      needs them to move code between modules);
#   2. wasm-split-cli: main.wasm (the first screen), one wasm per lazy page, chunks that several
#      pages share, and __wasm_split.js, which fetches them;
#   3. wasm-bindgen on main.wasm only, keeping the exports the chunks link against;
#   4. release only: wasm-opt -Oz on every wasm, esbuild on the JS and the CSS (the preview
#      stays readable).
# Everything the page fetches, start.js included, goes into dist/app-<hash>/: a CDN may cache
# the folder forever, and a new deploy (a new folder) never mixes files of two builds, whose
# chunks could not link with each other. index.html and config.json stay at the top, uncached.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$root/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
staging=${TRUNK_STAGING_DIR:?run by trunk}
base=${TRUNK_PUBLIC_URL:-/}

if [ "${TRUNK_PROFILE:-debug}" = "release" ]; then
  profile=(--release) out=release
else
  profile=() out=debug
fi
# `cargo rustc` adds the linker flag to the app only and keeps .cargo/config.toml's rustflags
# (a RUSTFLAGS variable would replace them and rebuild every dependency).
# Its messages name the folder the app's build.rs wrote the other locales' words to.
words=$(cargo rustc -q "${profile[@]}" --target wasm32-unknown-unknown --bin petstore-admin \
  --features split --message-format=json-render-diagnostics -- -C link-arg=--emit-relocs |
  grep '"reason":"build-script-executed"' | grep '#petstore-admin@' |
  sed -E 's/.*"out_dir":"([^"]*)".*/\1/')
if [ ! -f "$words/words-en-XA.txt" ] || [ ! -f "$words/list-path.txt" ]; then
  echo "split-build: no words-*.txt or list-path.txt from build.rs (found \"$words\")" >&2
  exit 1
fi
target=${CARGO_TARGET_DIR:-target}
raw="$target/wasm32-unknown-unknown/$out/petstore-admin.wasm"

work="$target/split/$out"

# wasm-opt -Oz on one file, in place. Features are read from the module (the default);
# --all-features would let wasm-opt use proposals that browsers refuse (compact imports). Names
# are debug info: stripped. The name subsection binaryen does not know is said once per chunk:
# not worth a line each.
optimise_wasm() {
  local status=0
  node ${NODE_FLAG:+"$NODE_FLAG"} "$WASM_OPT" -Oz --strip-debug --strip-producers "$1" -o "$1" \
    2>"$1.log" || status=$?
  grep -v "unknown name subsection" "$1.log" >&2 || true
  rm -f "$1.log"
  [ "$status" = 0 ] || echo "split-build: wasm-opt failed on $1" >&2
  return "$status"
}
export -f optimise_wasm
export WASM_OPT="$root/.tools/node_modules/binaryen/bin/wasm-opt"
# npm's wasm-opt is binaryen built to wasm and run by node, and most of a small file's time
# went on V8 compiling binaryen again for its optimising tier. Its baseline tier alone writes
# the same bytes in half the time. The flag is V8's own, for testing: used where this node
# takes it.
NODE_FLAG=
if node --liftoff-only -e 0 2>/dev/null; then NODE_FLAG=--liftoff-only; fi
export NODE_FLAG
# The same wasm split and optimised by the same script as last time (the /admin/ build after
# the root one, or a preview rebuild for a CSS change): its files are reused.
stamp=$(cat "$raw" "$root/scripts/split-build.sh" start.js | sha256sum)
if [ "$(cat "$work/stamp" 2>/dev/null)" != "$stamp" ] || [ ! -d "$work/app" ]; then
  rm -rf "$work"
  mkdir -p "$work/split" "$work/app"
  wasm-split-cli --target web --out-name main "$raw" "$work/split" >/dev/null
  # --keep-lld-exports: the chunks import the main module's table and functions by their
  # linker names; without them the first lazy page fails to link.
  wasm-bindgen --target web --keep-lld-exports --no-demangle --out-name main \
    --out-dir "$work/app" "$work/split/main.wasm"
  for file in "$work/split"/*; do
    case "$(basename "$file")" in
      main.wasm) ;;
      *) cp "$file" "$work/app/" ;;
    esac
  done
  cp start.js "$work/app/"
  rm -f "$work/app"/*.d.ts

  if [ "$out" = release ]; then
    # A hundred-odd files, each a wasm-opt of its own on one thread: as many at once as there
    # are cores, up to eight.
    cores=$(nproc)
    printf '%s\0' "$work/app"/*.wasm |
      xargs -0 -n 1 -P "$((cores < 8 ? cores : 8))" bash -c 'optimise_wasm "$1"' optimise_wasm
    for js in "$work/app"/*.js; do
      # wasm-bindgen imports __wasm_split.js once per import list, under the same key twice.
      esbuild "$js" --minify --format=esm --log-level=warning \
        --log-override:duplicate-object-key=silent --outfile="$js.min"
      mv "$js.min" "$js"
    done
  fi
  echo "$stamp" >"$work/stamp"
fi

# Each other locale's words (build.rs checked them), fetched only when that locale is chosen.
# Outside the stamp: a changed translation changes no wasm, but must reach the folder.
rm -f "$work/app"/words-*.txt "$work/app/start-words.js" "$work/app/start-frame.js"
cp "$words"/words-*.txt "$words/start-words.js" "$words/start-frame.js" "$work/app/"
# The start frame's script holds back the first paint: release builds send it minified.
if [ "$out" = release ]; then
  esbuild "$work/app/start-frame.js" --minify --log-level=warning --outfile="$work/app/start-frame.min.js"
  mv "$work/app/start-frame.min.js" "$work/app/start-frame.js"
fi

# PETSTORE_BUILD_LABEL (the tests' second and third deploys of the same code) changes the
# folder's name, as a deploy of other code would, without building anything again.
hash=$( (cd "$work/app" && sha256sum -- *; echo "${PETSTORE_BUILD_LABEL:-}") | sha256sum | cut -c1-16)
folder="app-$hash"
cp -r "$work/app" "$staging/$folder"

# The start-up tag: the glue and the main wasm are preloaded beside config.json, so all three
# download while start.js starts (start.js reads the addresses from its own element). The two
# `as=fetch` preloads carry no `crossorigin`: start.js fetches both as no-cors requests with
# credentials, the one form Chromium, Firefox and Safari's engine all give a preload to (Safari
# never gives a `crossorigin` preload to a fetch(), and downloaded each file twice). They are
# the site's own files, so their answers are readable all the same.
app="$base$folder"
# The start frame's colour and words (frame.js with them, see index.html) come first: a classic
# script, so the page is painted only once it has run, and over HTTP/1.1's six connections a
# site has, a file asked for after the preloads could wait for one of them to finish.
tag="<script src=\"$app/start-frame.js\"></script>"
tag+="<link rel=\"preload\" href=\"${base}config.json\" as=\"fetch\">"
tag+="<link rel=\"modulepreload\" href=\"$app/main.js\">"
tag+="<link rel=\"modulepreload\" href=\"$app/__wasm_split.js\">"
tag+="<link rel=\"preload\" href=\"$app/main_bg.wasm\" as=\"fetch\" type=\"application/wasm\">"
tag+="<link rel=\"manifest\" href=\"${base}manifest.webmanifest\">"
tag+="<script type=\"module\" id=\"petstore-start\" src=\"$app/start.js\" data-base=\"$base\""
# The release build works offline through its service worker (sw.js); the preview has none,
# so a rebuild shows at once.
if [ "$out" = release ]; then tag+=" data-worker=\"${base}sw.js\" data-build=\"$folder\""; fi
# The languages with words beside the app's (start.js fetches the device's before the app
# starts).
languages=$(cd "$words" && ls words-*.txt | sed -E 's/^words-(.*)\.txt$/\1/' | sort | paste -sd' ' -)
tag+=" data-languages=\"$languages\""
# The list page (build.rs writes its path from the app's own routes), where start.js reads the
# list early.
tag+=" data-list=\"${base%/}$(cat "$words/list-path.txt")\""
tag+=" data-js=\"$app/main.js\" data-wasm=\"$app/main_bg.wasm\"></script>"
marker="<!-- start-up script -->"
grep -qF "$marker" "$staging/index.html" || {
  echo "split-build: no \"$marker\" in index.html" >&2
  exit 1
}
sed -i -e "s|$marker|$tag|" -e 's|<link data-trunk rel="rust"[^>]*>||' "$staging/index.html"

# The stylesheet, release only: esbuild minifies it as it does the JS (Trunk's own minifier
# would minify index.html as well, taking out the marker above), and its integrity value in
# index.html is written again. Its comments were 1.7 of its 4.1 KB brotli.
if [ "$out" = release ]; then
  for css in "$staging"/*.css; do
    scripts/minify-in-place.sh "$css" "$staging/index.html"
  done
fi

# The service worker, release only: sw.js with this build's name and every file of the build
# but config.json (the deployment's own, fetched from the network first), itself and the words.
if [ "$out" = release ]; then
  # Another locale's words are not among them: the worker keeps the ones a device has chosen.
  files=$(cd "$staging" && find . -type f ! -name config.json ! -name sw.js ! -name 'words-*.txt' |
    sed 's|^\./||' |
    sort | sed 's/.*/"&"/' | paste -sd, -)
  sed -e "s|\"__BUILD__\"|\"$folder\"|" -e "s|\\[\"__FILES__\"\\]|[$files]|" sw.js >"$staging/sw.js"
  if grep -q "__FILES__\|__BUILD__" "$staging/sw.js"; then
    echo "split-build: sw.js was not filled in" >&2
    exit 1
  fi
fi
