#!/usr/bin/env bash
# Minifies FILE in place with esbuild (npm, in .tools; more esbuild flags may follow) and
# writes its new Subresource Integrity value where INDEX (an index.html) had the old one, so
# the page's tag and the file agree. Used by the release builds' trunk hooks: split-build.sh
# (the app's stylesheet) and minify-glue.sh (the floor apps' JS glue).
#   scripts/minify-in-place.sh FILE INDEX [esbuild flags...]
set -euo pipefail
file=$1 index=$2
shift 2
esbuild="$(cd "$(dirname "$0")/.." && pwd)/.tools/node_modules/.bin/esbuild"

# The Subresource Integrity value of a file, as trunk writes it (sha384, base64).
sri() {
  node -e 'const c = require("crypto"), fs = require("fs");
    process.stdout.write("sha384-" + c.createHash("sha384").update(fs.readFileSync(process.argv[1])).digest("base64"));' "$1"
}

old=$(sri "$file")
grep -qF "$old" "$index" || {
  echo "minify-in-place: $index has no integrity value for $(basename "$file")" >&2
  exit 1
}
"$esbuild" "$file" --minify --log-level=warning "$@" --outfile="$file.min"
mv "$file.min" "$file"
sed -i "s|$old|$(sri "$file")|" "$index"
