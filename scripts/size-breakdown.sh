#!/usr/bin/env bash
# Where the release wasm's kilobytes go (not a test; run by hand, a few minutes per variant):
# builds the release app once as it is and once per page with that page's route sending to
# "not found" instead (so the optimiser drops the page's code), then with every page gone (the
# shell: router, session, sign-in, API client, config), and prints each one's brotli size and
# the difference. The floor app (bench/floor) is the shell's own floor.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
setup_build_tools

work=$(mktemp -d)
trap 'git worktree remove --force "$work/src-copy" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach "$work/src-copy" HEAD >/dev/null
# The working tree's own changes too, so what is measured is what is on disk.
git diff HEAD | (cd "$work/src-copy" && git apply --allow-empty)
ln -s "$PWD/.tools/node_modules" "$work/src-copy/.tools/node_modules"
cp "$work/src-copy/src/app.rs" "$work/app.rs"
export CARGO_TARGET_DIR="$PWD/target/size-breakdown"

cargo build -q --release -p petstore-bench
brotli_size() {
  "$CARGO_TARGET_DIR/release/petstore-bench" --brotli-size "$1"
}

# Builds the copy with `view=$1` routes replaced by NotFound; prints the wasm's brotli bytes.
variant() {
  cp "$work/app.rs" "$work/src-copy/src/app.rs"
  for page in "$@"; do
    sed -i "s/view=$page \/>/view=NotFound \/>/" "$work/src-copy/src/app.rs"
  done
  (cd "$work/src-copy" && trunk build --release --dist "$work/dist" >"$work/build.log" 2>&1) ||
    { cat "$work/build.log"; exit 1; }
  brotli_size "$(ls "$work"/dist/*_bg.wasm)"
}

full=$(variant)
printf '%-34s %9s %9s\n' "release wasm, brotli bytes" "size" "page"
printf '%-34s %9s\n' "the app" "$full"
pages=(PetList PetNew PetImport PetView Activity)
for page in "${pages[@]}"; do
  size=$(variant "$page")
  printf '%-34s %9s %9s\n' "without $page" "$size" "$((full - size))"
done
shell=$(variant ToList "${pages[@]}")
printf '%-34s %9s %9s\n' "without any page (the shell)" "$shell" "$((full - shell))"
