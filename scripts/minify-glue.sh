#!/usr/bin/env bash
# Trunk post_build hook of the floor apps (bench/floor/Trunk.toml), which trunk builds the
# usual way: on release builds, minifies wasm-bindgen's JS glue with esbuild (npm, in .tools),
# which Trunk 0.21's own minifier leaves alone, and rewrites the glue's integrity hash in
# index.html to match, so the modulepreload and the import agree. (The app's own build,
# scripts/split-build.sh, minifies its JS itself.)
set -euo pipefail
[ "${TRUNK_PROFILE:-}" = "release" ] || exit 0
esbuild="$(cd "$(dirname "$0")/.." && pwd)/.tools/node_modules/.bin/esbuild"
cd "$TRUNK_STAGING_DIR"

# The Subresource Integrity value of a file, as trunk writes it (sha384, base64).
sri() {
  node -e 'const c = require("crypto"), fs = require("fs");
    process.stdout.write("sha384-" + c.createHash("sha384").update(fs.readFileSync(process.argv[1])).digest("base64"));' "$1"
}

for glue in petstore-*.js; do
  [ -e "$glue" ] || continue
  old=$(sri "$glue")
  grep -qF "$old" index.html || { echo "minify-glue: index.html has no $old for $glue" >&2; exit 1; }
  "$esbuild" "$glue" --minify --format=esm --log-level=warning --outfile="$glue.min"
  mv "$glue.min" "$glue"
  sed -i "s|$old|$(sri "$glue")|" index.html
done
