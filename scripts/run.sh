#!/usr/bin/env bash
# Runs the app against real data: the local pet store service on 127.0.0.1:8081 and
# `trunk serve` on http://127.0.0.1:8080. Ctrl-C stops both. Installs what it needs first.
# Flags after `--` go to the service, e.g. scripts/run.sh -- --latency-ms 800
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

setup_build_tools

[ "${1:-}" = "--" ] && shift
say "building and starting the dev service"
cargo build -q -p petstore-dev-service
target/debug/petstore-dev-service --port "${PETSTORE_PORT:-8081}" "$@" &
service_pid=$!
trap 'kill "$service_pid" 2>/dev/null || true' EXIT
sleep 0.5
kill -0 "$service_pid" 2>/dev/null || { echo "the dev service did not start" >&2; exit 1; }

say "serving the app: open http://127.0.0.1:8080 (first build takes a minute)"
trunk serve
