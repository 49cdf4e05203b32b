#!/usr/bin/env bash
# Benchmark (not a test): builds the release dist/ and prints its size, and the app's speed
# and memory next to a vanilla JavaScript page, in headless Chromium. Extra flags go to the
# benchmark, e.g. scripts/bench.sh --runs 11. `scripts/bench.sh --sizes-only` builds dist/
# and prints its sizes alone (no browser; a minute or two once the tools are there).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

if [ "${1:-}" = "--sizes-only" ]; then
  setup_build_tools
  use_build_cache
  say "release build"
  trunk build --release
  say "sizes"
  cargo run -q --release -p petstore-bench -- --dist dist --sizes-only
  exit 0
fi

setup_build_tools --browser
setup_browser
use_build_cache
if [ ! -x .tools/lighthouse/node_modules/.bin/lighthouse ]; then
  say "installing Lighthouse (npm, once)"
  npm ci --prefix .tools/lighthouse --no-audit --no-fund
fi

say "release build"
trunk build --release
say "release builds of the floor apps (bench/floor: the smallest Leptos + router app, and the"
say "vanilla page's job done with Leptos, its status in a signal or in the URL), for comparison"
(cd bench/floor && trunk build --release --dist ../../target/floor-dist &&
  trunk build list.html --release true --dist ../../target/floor-list-dist &&
  trunk build url.html --release true --dist ../../target/floor-url-dist)
say "benchmark"
cargo run -q --release -p petstore-bench -- --dist dist --floor target/floor-dist \
  --floor-list target/floor-list-dist --floor-url target/floor-url-dist \
  --lighthouse "$PWD/.tools/lighthouse/node_modules/.bin/lighthouse" "$@"
