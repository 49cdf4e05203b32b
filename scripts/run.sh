#!/usr/bin/env bash
# Runs the app against real data: the local pet store service on 127.0.0.1:8081 and
# `trunk serve` on http://127.0.0.1:8080. Ctrl-C stops both. Installs what it needs first.
# Flags after `--` go to the service, e.g. scripts/run.sh -- --latency-ms 800
# PETSTORE_PORT and TRUNK_SERVE_PORT choose other ports (the preview's config.json still
# points at 8081).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

setup_build_tools
use_build_cache

[ "${1:-}" = "--" ] && shift
say "building and starting the dev service"
cargo build -q -p petstore-dev-service
trap 'kill "${SERVICE_PID:-}" "${TRUNK_PID:-}" 2>/dev/null || true' EXIT
start_service --port "${PETSTORE_PORT:-8081}" "$@"
# Its addresses and keys, as it printed them.
cat "$SERVICE_LOG"

# Ctrl-C (or a TERM) stops the preview and then the service. trunk runs in the background so
# that `wait` returns at once on the signal.
stopping=""
trap 'stopping=1; kill "${TRUNK_PID:-}" 2>/dev/null || true' INT TERM
port="${TRUNK_SERVE_PORT:-8080}"
tries=0
while :; do
  say "serving the app: open http://127.0.0.1:$port (a first build takes two minutes or more)"
  trunk serve --port "$port" &
  TRUNK_PID=$!
  status=0
  wait "$TRUNK_PID" || status=$?
  # After a signal `wait` returns before trunk has ended: let it end.
  wait "$TRUNK_PID" 2>/dev/null || true
  [ -n "$stopping" ] && break
  tries=$((tries + 1))
  # trunk's file watcher has been seen to panic during a first build; the service is fine.
  if [ "$tries" -ge 3 ]; then
    say "the preview (trunk serve) stopped $tries times, the last with exit code $status."
    say "The local service still runs at $SERVICE_ORIGIN: run 'trunk serve' in another"
    say "terminal to serve the app again, or press Ctrl-C here to stop the service."
    wait "$SERVICE_PID" || true
    break
  fi
  say "the preview (trunk serve) stopped with exit code $status: starting it again ($tries of 3)"
done
