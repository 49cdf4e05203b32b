#!/usr/bin/env bash
# Takes the README's screenshots again (docs/screenshots/) from a release build, in headless
# Chromium: the list at a desktop's, a tablet's and a phone's size. The end-to-end tests fail
# while the look the screenshots were taken from (docs/screenshots/made-from.txt) is not the
# look in the tree: then run this and commit what it wrote.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

setup_build_tools --browser
setup_browser
use_build_cache
say "release build"
trunk build --release
say "screenshots"
PETSTORE_DIST="$PWD/dist" PETSTORE_UPDATE_SCREENSHOTS=1 \
  cargo test -q -p petstore-e2e -- look::screenshots
say "written: docs/screenshots/ (commit them)"
