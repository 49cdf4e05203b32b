#!/usr/bin/env bash
# Smoke test of scripts/run.sh itself (run by scripts/test.sh): started on free ports, it
# serves the app (index.html, its start-up script and wasm) and the service answers with a
# key; a TERM stops both, and neither port answers afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

# A port where nothing answers (bash's /dev/tcp: no other tool needed).
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
}
service_port=$(free_port)
app_port=$(free_port)
log=$(mktemp)
PETSTORE_PORT=$service_port TRUNK_SERVE_PORT=$app_port scripts/run.sh >"$log" 2>&1 &
run_pid=$!
trap 'kill "$run_pid" 2>/dev/null || true' EXIT
fail() {
  echo "preview smoke test: $*" >&2
  tail -n 40 "$log" >&2
  exit 1
}

app="http://127.0.0.1:$app_port"
service="http://127.0.0.1:$service_port"
# The first build of the preview takes a minute or two; wait for it, with a limit.
for _ in $(seq 600); do
  kill -0 "$run_pid" 2>/dev/null || fail "scripts/run.sh ended before serving the app"
  page=$(curl -fsS "$app/pets?env=production" 2>/dev/null || true)
  case "$page" in *petstore-start*) break ;; esac
  sleep 0.5
done
case "$page" in *petstore-start*) ;; *) fail "no app at $app after 5 minutes" ;; esac
wasm=$(printf '%s' "$page" | sed -n 's/.*data-wasm="\([^"]*\)".*/\1/p')
[ -n "$wasm" ] || fail "index.html names no wasm"
type=$(curl -fsS -o /dev/null -w '%{content_type}' "$app$wasm") || fail "the wasm $wasm is not served"
[ "$type" = "application/wasm" ] || fail "the wasm is served as $type"
# The build's folder holds start.js and the pages' code: served as files, not as the page
# (trunk serve answers any unknown path with index.html).
folder=${wasm%/*}
for file in start.js __wasm_split.js; do
  type=$(curl -fsS -o /dev/null -w '%{content_type}' "$app$folder/$file") ||
    fail "$folder/$file is not served"
  case "$type" in *javascript*) ;; *) fail "$folder/$file is served as $type" ;; esac
done
type=$(curl -fsS -o /dev/null -w '%{content_type}' "$app$folder/split_page_new.wasm") ||
  fail "the add form's code is not served"
[ "$type" = "application/wasm" ] || fail "the add form's code is served as $type"
pets=$(curl -fsS -H 'Authorization: Bearer dev-production-key' "$service/production/v1/pets?limit=3") ||
  fail "the service does not answer at $service"
case "$pets" in \[*) ;; *) fail "the service answered $pets" ;; esac

kill -TERM "$run_pid"
for _ in $(seq 100); do
  kill -0 "$run_pid" 2>/dev/null || break
  sleep 0.2
done
kill -0 "$run_pid" 2>/dev/null && fail "scripts/run.sh did not stop within 20 s of a TERM"
for url in "$app/" "$service/production/v1/pets"; do
  if curl -s -o /dev/null --max-time 2 "$url"; then fail "$url still answers after the stop"; fi
done
echo "preview smoke test: the app and the service were served on $app_port and $service_port, and stopped"
