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
trap 'kill "${SERVICE_PID:-}" 2>/dev/null || true' EXIT
start_service --port "${PETSTORE_PORT:-8081}" "$@"
# Its addresses and keys, as it printed them.
cat "$SERVICE_LOG"

say "serving the app: open http://127.0.0.1:8080 (first build takes a minute)"
trunk serve
