#!/usr/bin/env bash
# Runs every test: native unit tests, the dev service's conformance tests, the browser suites
# (wasm-bindgen-test in headless Chromium, against a running dev service), and the end-to-end
# tests of the release build in dist/. Installs what it needs first (see scripts/lib.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

setup_build_tools
setup_browser

say "native tests: the app's pure parts and the dev service's conformance suite"
cargo test --workspace --exclude petstore-e2e --exclude petstore-floor

say "starting the dev service for the browser tests"
cargo build -q -p petstore-dev-service
# Every service started below is stopped on exit, however the script ends.
service_pids=()
trap 'kill "${service_pids[@]}" 2>/dev/null || true' EXIT
# A port where nothing listens, for the "connection refused" tests: start a service, stop it.
start_service
kill "$SERVICE_PID"
wait "$SERVICE_PID" 2>/dev/null || true
export PETSTORE_TEST_REFUSED="$SERVICE_ORIGIN"
# A slow one, to see loading states.
start_service --latency-ms 400
service_pids+=("$SERVICE_PID")
export PETSTORE_TEST_SLOW="$SERVICE_ORIGIN"
# The main one, with the broken deployments and the test controls (sandboxes, key rotation,
# fault modes, the request log).
start_service --fault-routes --test-controls
service_pids+=("$SERVICE_PID")
# Read at compile time by the browser tests (tests/common): where the services listen.
export PETSTORE_TEST_SERVICE="$SERVICE_ORIGIN"

say "browser tests (wasm-bindgen-test, headless Chromium) against $SERVICE_ORIGIN"
cargo test -p petstore-admin --target wasm32-unknown-unknown --test '*'

say "release builds (at the root, and for the sub-path /admin/) and their end-to-end tests"
trunk build --release
trunk build --release --public-url /admin/ --dist target/dist-admin
PETSTORE_DIST="$PWD/dist" PETSTORE_DIST_ADMIN="$PWD/target/dist-admin" cargo test -p petstore-e2e
