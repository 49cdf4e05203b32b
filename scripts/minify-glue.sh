#!/usr/bin/env bash
# Trunk post_build hook of the floor apps (bench/floor/Trunk.toml), which trunk builds the
# usual way: on release builds, minifies wasm-bindgen's JS glue with esbuild (npm, in .tools),
# which Trunk 0.21's own minifier leaves alone, and rewrites the glue's integrity hash in
# index.html to match, so the modulepreload and the import agree. (The app's own build,
# scripts/split-build.sh, minifies its JS itself.)
set -euo pipefail
[ "${TRUNK_PROFILE:-}" = "release" ] || exit 0
scripts="$(cd "$(dirname "$0")" && pwd)"
cd "$TRUNK_STAGING_DIR"

for glue in petstore-*.js; do
  [ -e "$glue" ] || continue
  "$scripts/minify-in-place.sh" "$glue" index.html --format=esm
done
