# Shared set-up for scripts/run.sh and scripts/test.sh (sourced, not run).
# Every step checks first and installs only what is missing or of the wrong version, so a
# second run costs seconds. Only the package registries are used: crates.io, npm, Debian.

TRUNK_VERSION=0.21.14
# Firefox's WebDriver, built from crates.io for the cross-engine tests.
GECKODRIVER_VERSION=0.37.1
# The splitter that cuts the app's wasm by page (scripts/split-build.sh). It must understand
# the split points of the wasm_split_helpers that Leptos depends on (0.2 in Cargo.lock).
WASM_SPLIT_VERSION=0.2.4
# trunk and geckodriver only hand work on (to cargo, wasm-bindgen and wasm-opt; to Firefox), so
# they are built without optimising and without trunk's whole-program optimisation on one core
# (its profile's fat LTO, most of its build). Cargo's settings win over a package's profile.
LIGHT_BUILD=(env CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16)

# Cargo's build folder, kept in the user's cache rather than in the clone, so that a fresh clone
# reuses the dependencies compiled by the last run (as CI caches do); the project's own crates,
# the copies in vendor/ included, are still built from the clone's files. Called after the
# tools are installed (cargo install keeps its own folders). CARGO_TARGET_DIR, when set, wins:
# `CARGO_TARGET_DIR=target scripts/test.sh` builds in the clone as plain cargo does.
use_build_cache() {
  export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/petstore-admin/target}
  mkdir -p "$CARGO_TARGET_DIR"
  local here folder last
  here=$(pwd -P)
  folder=$(cd "$CARGO_TARGET_DIR" && pwd -P)
  case "$folder/" in "$here"/*) return ;; esac
  # One run at a time: the test command holds the folder for its whole run (another one
  # waits here while that process lives), so no two checkouts' builds mix in it.
  if [ "${1:-}" = --exclusive ]; then
    local holder
    while holder=$(cat "$CARGO_TARGET_DIR/running" 2>/dev/null) && [ -n "$holder" ] &&
      [ "$holder" != "$$" ] && kill -0 "$holder" 2>/dev/null; do
      say "waiting for another run (process $holder) to finish with $CARGO_TARGET_DIR"
      sleep 10
    done
    echo "$$" >"$CARGO_TARGET_DIR/running"
  fi
  # Cargo rebuilds a crate of ours when one of its files is newer than its build: sound within
  # one checkout, not across two (a file here older than a build made from another checkout
  # would look built). So when another checkout used the folder last, this checkout's files
  # (those git tracks, and new ones it does not ignore) are made newer than any build in it.
  last=$(cat "$CARGO_TARGET_DIR/checkout" 2>/dev/null || true)
  if [ "$last" != "$here" ]; then
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
      git ls-files -z --cached --others --exclude-standard | xargs -0 -r touch -c --
    else
      find . \( -name .git -o -name target -o -name node_modules -o -name dist \) -prune \
        -o -type f -exec touch -c -- {} +
    fi
    printf '%s\n' "$here" >"$CARGO_TARGET_DIR/checkout"
  fi
}

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Runs a command as root: directly when we are root (CI, fresh machines), else through sudo.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
  say "installing Debian packages: $*"
  as_root apt-get update -q
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q "$@"
}

# The version of a crate as Cargo.lock resolved it (the lock file is committed).
locked_version() {
  awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock
}

# Rust's wasm target, trunk, wasm-split-cli, the wasm-bindgen CLI equal to Cargo.lock, and
# wasm-opt 132; with `--browser`, also Debian's Chromium and ChromeDriver for the browser tests;
# with `--engines` too, the other engines' packages and geckodriver (`setup_other_engines`),
# all side by side with the Rust tools.
setup_build_tools() {
  export PATH="$HOME/.cargo/bin:$PATH"
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi

  # The Debian packages in one apt run (two would fight over dpkg's lock), while the Rust
  # tools compile: it mostly waits on the network.
  local debs=() pids=() engines=""
  command -v npm >/dev/null || debs+=(nodejs npm)
  if [ "${1:-}" = "--browser" ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
    debs+=(chromium chromium-driver)
  fi
  if [ "${2:-}" = "--engines" ]; then
    engines=1
    mapfile -t -O "${#debs[@]}" debs < <(missing_engine_packages)
  fi
  if [ "${#debs[@]}" -gt 0 ]; then
    apt_install "${debs[@]}" &
    pids+=($!)
  fi
  # The Rust tools compile side by side: each spends long stretches on one core (big
  # crates, linking), so together they finish well before one after the other.
  local wbg
  wbg=$(locked_version wasm-bindgen)
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    # Without its default features: it downloads no tool here (wasm-bindgen and wasm-opt are
    # installed below, and Trunk.toml pins them), so neither TLS nor its update check is built.
    say "installing trunk $TRUNK_VERSION (several minutes on 2 cores, once)"
    "${LIGHT_BUILD[@]}" cargo install trunk --version "$TRUNK_VERSION" --locked --no-default-features &
    pids+=($!)
  fi
  if [ -n "$engines" ] && ! geckodriver --version 2>/dev/null | grep -q "^geckodriver $GECKODRIVER_VERSION"; then
    say "building geckodriver $GECKODRIVER_VERSION (crates.io, once)"
    "${LIGHT_BUILD[@]}" cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked &
    pids+=($!)
  fi
  # (It prints no version: cargo's list of installed crates says which one is there.)
  if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
    say "installing wasm-split-cli $WASM_SPLIT_VERSION (about a minute, once)"
    cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --locked \
      --features build-binary &
    pids+=($!)
  fi
  # The workspace's crates download meanwhile (the network's time, not the cores'); if that
  # fails, the builds below fetch what they need and say why.
  { cargo fetch --locked --quiet || say "fetching the crates ahead failed; the builds fetch them"; } &
  pids+=($!)
  # trunk uses the wasm-bindgen on PATH only if it equals the one in Cargo.lock (otherwise it
  # would try to download one). Not --locked: the CLI's own lock file pins a webpki-roots
  # release that crates.io no longer serves.
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wbg" ] ||
     [ "$(wasm-bindgen-test-runner --version 2>/dev/null)" != "wasm-bindgen-test-runner $wbg" ]; then
    say "installing wasm-bindgen-cli $wbg (a few minutes, once)"
    cargo install wasm-bindgen-cli --version "$wbg" --force &
    pids+=($!)
  fi
  # wasm-opt 132 from npm, never Debian's binaryen 108 (its release builds crash in the
  # browser). Trunk.toml pins version_132, so a wrong wasm-opt stops the build.
  # The same manifest brings axe-core 4.14, which the end-to-end tests inject (no network
  # fetch at test time), and esbuild, which minifies the release build's JS glue (Trunk.toml).
  # Beside the others when npm is there already, else once apt has brought it.
  local npm_pid=""
  if ! .tools/node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q 'version 132' \
    || ! grep -qs '"version": "4.14.1"' .tools/node_modules/axe-core/package.json \
    || [ "$(.tools/node_modules/.bin/esbuild --version 2>/dev/null)" != "0.28.2" ]; then
    say "installing wasm-opt 132 (npm binaryen), axe-core 4.14 and esbuild 0.28"
    if command -v npm >/dev/null; then
      npm ci --prefix .tools --no-audit --no-fund &
      npm_pid=$!
    else
      npm_pid=later
    fi
  fi
  local pid
  for pid in "${pids[@]}"; do
    wait "$pid"
  done
  case "$npm_pid" in
    "") ;;
    later) npm ci --prefix .tools --no-audit --no-fund ;;
    *) wait "$npm_pid" ;;
  esac
  export PATH="$PWD/.tools/node_modules/.bin:$PATH"
}

# Debian's Chromium and ChromeDriver, for the browser tests (installed by
# `setup_build_tools --browser` when missing).
setup_browser() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    apt_install chromium chromium-driver
  fi
  export CHROMEDRIVER=/usr/bin/chromedriver
}

# The Debian packages of the other engines that this machine lacks, one a line.
missing_engine_packages() {
  [ -x /usr/bin/firefox-esr ] || echo firefox-esr
  [ -x /usr/bin/WebKitWebDriver ] || echo webkit2gtk-driver
  command -v Xvfb >/dev/null || echo xvfb
  # Printed cards are read back from Chromium's PDF: its pages, its text, and its code drawn.
  command -v pdftoppm >/dev/null || echo poppler-utils
  # The tests' own WebKitGTK browser (e2e/webkit/browser.py: MiniBrowser's console goes nowhere).
  /usr/bin/python3 -c 'import gi; gi.require_version("WebKit2", "4.1"); gi.require_version("Gtk", "3.0")' \
    2>/dev/null || printf '%s\n' python3-gi gir1.2-webkit2-4.1 gir1.2-gtk-3.0
}

# The other engines of the cross-engine tests: Debian's Firefox ESR and WebKitGTK's WebDriver
# (with its MiniBrowser; Safari's engine), a virtual display for WebKitGTK (it draws only on
# one), geckodriver, built from crates.io, and poppler's PDF tools (printed cards). Nothing
# after `setup_build_tools --browser --engines`, which installs them beside the Rust tools.
setup_other_engines() {
  local missing=()
  mapfile -t missing < <(missing_engine_packages)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
  if ! geckodriver --version 2>/dev/null | grep -q "^geckodriver $GECKODRIVER_VERSION"; then
    say "building geckodriver $GECKODRIVER_VERSION (crates.io, once)"
    "${LIGHT_BUILD[@]}" cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked
  fi
}

# Starts a virtual display for WebKitGTK on a free number; sets XVFB_PID and PETSTORE_DISPLAY.
start_display() {
  local n=90
  while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
  Xvfb ":$n" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
  XVFB_PID=$!
  for _ in $(seq 50); do
    [ -e "/tmp/.X11-unix/X$n" ] && break
    sleep 0.1
  done
  export PETSTORE_DISPLAY=":$n"
}

# Starts the dev service on a free port in the background (a `--port N` among the extra
# arguments wins) and waits until it listens. Sets SERVICE_PID, SERVICE_ORIGIN and SERVICE_LOG
# (the file its output goes to). Extra arguments go to the service.
start_service() {
  local log
  log=$(mktemp)
  "${CARGO_TARGET_DIR:-target}/debug/petstore-dev-service" --port 0 "$@" >"$log" 2>&1 &
  SERVICE_PID=$!
  local i
  for i in $(seq 100); do
    if grep -q '^listening on ' "$log"; then break; fi
    if ! kill -0 "$SERVICE_PID" 2>/dev/null; then cat "$log" >&2; return 1; fi
    sleep 0.1
  done
  SERVICE_ORIGIN="http://$(sed -n 's/^listening on //p' "$log")"
  [ "$SERVICE_ORIGIN" != "http://" ] || { cat "$log" >&2; return 1; }
  SERVICE_LOG=$log
}
