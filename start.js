// Starts the app. An external module instead of trunk's inline start-up script, so the site
// runs under a Content-Security-Policy without 'unsafe-inline' and without a per-build hash.
// trunk writes the element below (Trunk.toml, pattern_script) with the hashed file names.
const start = document.getElementById("petstore-start");
const { default: init } = await import(start.dataset.js);
const wasm = await init({ module_or_path: start.dataset.wasm });
dispatchEvent(new CustomEvent("TrunkApplicationStarted", { detail: { wasm } }));
