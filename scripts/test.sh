#!/usr/bin/env bash
# Runs every test: native unit tests, the dev service's conformance tests, the browser suites
# (wasm-bindgen-test in headless Chromium, against a running dev service), a smoke test of the
# preview (scripts/run.sh), and the end-to-end tests of the release builds. Installs
# what it needs first (see scripts/lib.sh). Prints each phase's duration at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

# Each phase's duration, printed at the end however the script ends.
durations=()
phase_name=""
phase_start=$SECONDS
phase() {
  if [ -n "$phase_name" ]; then
    durations+=("$(printf '%6d s  %s' $((SECONDS - phase_start)) "$phase_name")")
  fi
  phase_name=$1
  phase_start=$SECONDS
  [ -z "$1" ] || say "$1"
}
# Every service started below is stopped on exit, however the script ends.
service_pids=()
release_pid=""
release_log=""
finish() {
  kill "${service_pids[@]}" 2>/dev/null || true
  # Release builds still going (a run stopped early): every program of theirs.
  if [ -n "$release_pid" ]; then
    kill -TERM -- "-$release_pid" 2>/dev/null || true
    wait "$release_pid" 2>/dev/null || true
  fi
  [ -z "$release_log" ] || rm -f "$release_log"
  # The shared build folder is free again (see use_build_cache).
  if [ "$(cat "${CARGO_TARGET_DIR:-target}/running" 2>/dev/null)" = "$$" ]; then
    rm -f "$CARGO_TARGET_DIR/running"
  fi
  phase ""
  printf '\nphase durations:\n' >&2
  printf '%s\n' "${durations[@]}" >&2
  printf '%6d s  in all\n' "$SECONDS" >&2
}
trap finish EXIT

# The release builds the end-to-end tests serve (begun after the set-up, below), in their own
# build folder, at the lowest priority: they take what the tests leave of both cores, and the
# tests keep theirs. Their time is printed with their output.
release_builds() {
  local started=$SECONDS
  renice -n 19 -p "$BASHPID" >/dev/null || say "the release builds run at the tests' priority"
  export CARGO_TARGET_DIR="$CARGO_TARGET_DIR/release-builds"
  # Not in dist/: the preview smoke test's `trunk serve` empties that folder as it starts.
  trunk build --release --dist target/dist-root
  trunk build --release --public-url /admin/ --dist target/dist-admin
  # The same code under other build names, as the next two deploys: the service worker's
  # test deploys them in turn under an open tab (the split and optimised files are reused).
  PETSTORE_BUILD_LABEL=next trunk build --release --dist target/dist-next
  PETSTORE_BUILD_LABEL=third trunk build --release --dist target/dist-third
  say "the release builds took $((SECONDS - started)) s, beside the other tests"
}

phase "set-up: tools and the browsers (installed once)"
setup_build_tools --browser --engines
setup_browser
setup_other_engines
use_build_cache --exclusive
# The release builds for the end-to-end tests are made from here on, beside the other tests
# (a browser waiting on a service leaves the cores idle), in a build folder of their own, since
# cargo holds its folder for as long as the tests it started run.
release_log=$(mktemp)
# In a process group of its own (job control on while it starts), so that a run stopped early
# stops every program it started too (see `finish`).
set -m
release_builds </dev/null >"$release_log" 2>&1 &
release_pid=$!
set +m

phase "native tests: the core crate, the word catalogues' checker and the dev service's conformance suite"
# No Leptos here: the app's own tests run in the browser, below. The benchmark and the size
# floor have no tests; the end-to-end suite runs last.
cargo test -p petstore-core -p petstore-i18n -p petstore-dev-service

phase "native tests of the patched copies in vendor/ (the patches'; upstream's when a copy changed)"
# A copy stays outside the workspace (it is not ours to lint or format): each is tested in
# place as a package of its own, with the workspace's lock file (so it builds with the versions
# the app uses) and a kept build folder of its own. The patches' tests, beside upstream's unit tests, run
# every time; upstream's own suites run when the copy's files (or the lock file it builds with)
# differ from the ones they last passed with, named here by their hash.
declare -A upstream_suites_passed=(
  [reactive_graph]=a5dbb787539be486
  [leptos_router]=64c44af3a65968f0
)
copy_hash() {
  { (cd "vendor/$1" && find . -path ./target -prune -o -type f ! -name Cargo.lock -print0 |
      LC_ALL=C sort -z | xargs -0 sha256sum)
    sha256sum Cargo.lock; } | sha256sum | cut -c1-16
}
test_vendored_copy() {
  local hash
  hash=$(copy_hash "$1")
  cp Cargo.lock "vendor/$1/Cargo.lock"
  if [ "$hash" = "${upstream_suites_passed[$1]}" ]; then
    CARGO_TARGET_DIR="$CARGO_TARGET_DIR/vendor-tests" \
      cargo test -q --manifest-path "vendor/$1/Cargo.toml" --lib
  else
    say "vendor/$1 changed: running upstream's suites too"
    CARGO_TARGET_DIR="$CARGO_TARGET_DIR/vendor-tests" \
      cargo test -q --manifest-path "vendor/$1/Cargo.toml"
    say "upstream's suites pass with vendor/$1 as it is: its hash for scripts/test.sh is $hash"
  fi
}
test_vendored_copy reactive_graph
test_vendored_copy leptos_router

phase "starting the dev service for the browser tests"
cargo build -q -p petstore-dev-service
# A port where nothing listens, for the "connection refused" tests: start a service, stop it.
start_service
kill "$SERVICE_PID"
wait "$SERVICE_PID" 2>/dev/null || true
PETSTORE_TEST_REFUSED="$SERVICE_ORIGIN"
# A slow one, to see loading states.
start_service --latency-ms 400
service_pids+=("$SERVICE_PID")
PETSTORE_TEST_SLOW="$SERVICE_ORIGIN"
# The main one, with the broken deployments and the test controls (sandboxes, key rotation,
# fault modes, the request log).
start_service --fault-routes --test-controls
service_pids+=("$SERVICE_PID")
PETSTORE_TEST_SERVICE="$SERVICE_ORIGIN"
# Where the services listen, read at run time by the browser tests (tests/browser/common):
# the test runner serves this folder to the page.
mkdir -p target
printf '{"service":"%s","refused":"%s","slow":"%s"}\n' \
  "$PETSTORE_TEST_SERVICE" "$PETSTORE_TEST_REFUSED" "$PETSTORE_TEST_SLOW" >target/test-services.json

phase "browser tests: the app's unit tests and the suites (wasm-bindgen-test, headless Chromium) against $SERVICE_ORIGIN"
# One test binary holds every suite; the runner's limit is for the whole binary (20 s by
# default), while each test waits for its own conditions with limits of its own.
export WASM_BINDGEN_TEST_TIMEOUT=600
# The app's unit tests (`--lib`) first, then the suites.
cargo test -p petstore-admin --target wasm32-unknown-unknown --lib --test '*'

phase "preview smoke test: scripts/run.sh serves the app and the service, and stops"
scripts/preview-smoke.sh

phase "release builds (at the root, for the sub-path /admin/, and two later deploys): the end of those begun after the set-up"
release_status=0
wait "$release_pid" || release_status=$?
release_pid=""
cat "$release_log" >&2
[ "$release_status" = 0 ] || exit "$release_status"

phase "end-to-end tests of the release builds (Chromium; the cross-engine part in Firefox and WebKit too)"
start_display
service_pids+=("$XVFB_PID")
export PETSTORE_DIST="$PWD/target/dist-root" PETSTORE_DIST_ADMIN="$PWD/target/dist-admin" \
  PETSTORE_DIST_NEXT="$PWD/target/dist-next" PETSTORE_DIST_THIRD="$PWD/target/dist-third"
# One test binary (e2e/tests/e2e/). The randomized session, which runs four browsers at
# once, runs after the others rather than beside them, so that no suite's timing shares the
# machine with it. WebKit's two tests run alone before it: under load, WebKit's page process
# has spun for minutes as a page opened (never alone), and its test then fails named.
cargo test -p petstore-e2e -- --skip random_session --skip _in_webkit
cargo test -p petstore-e2e _in_webkit -- --test-threads=1
cargo test -p petstore-e2e random_session
