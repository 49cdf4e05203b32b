// Starts the app. An external module instead of an inline start-up script, so the site runs
// under a Content-Security-Policy without 'unsafe-inline' and without a per-build hash.
// scripts/split-build.sh copies it into the build's folder and writes the element below into
// index.html with that folder's addresses of the JS glue and the main wasm.
//
// While the wasm downloads and compiles, this also fetches config.json and, on the list page,
// the list itself, and leaves both in `window.petstoreStart` for the app. The app adopts the
// list only if it is exactly the request it would have sent (same address, same key), so the
// Rust code stays the one authority on keys and environments; anything else it aborts.
const start = document.getElementById("petstore-start");
let base, wasmResponse, config, words;
// Absent where this file is loaded only for its rules (`earlyRequest`, checked against the
// app's own by the browser suite).
if (start) await main();

async function main() {
  base = start.dataset.base;
  // The main wasm and config.json are preloaded by index.html (as=fetch, no crossorigin):
  // asked for here exactly as the preloads were made (no-cors, credentials included), every
  // engine hands the preloaded answer over instead of downloading the file again (Safari's
  // engine matches no other form). Both are the site's own files: their answers are readable.
  const preloaded = (url) => fetch(url, { mode: "no-cors", credentials: "include" });
  // The main wasm, handed to the glue below, which compiles it as it arrives.
  wasmResponse = preloaded(start.dataset.wasm);
  wasmResponse.catch(() => {});
  // config.json's body is read here too, as the list's below: the app then finds the whole
  // file waiting and draws the page in the same turn of the event loop as it starts, without
  // an extra frame.
  config = preloaded(`${base}config.json`).then(async (response) => ({
    response,
    text: await response.text(),
  }));
  config.catch(() => {});
  const list = earlyList(config);
  // Settles once a first visit's worker is active (at once where one already is, or none
  // comes): the app's background fetches of its other pages wait for it, as the
  // install fetches every file of the build and a file asked for by both meanwhile would
  // download twice.
  let markInstalled;
  const installed = new Promise((resolve) => (markInstalled = resolve));
  window.petstoreStart = { config: afterList(config, list), list, installed };
  words = startWords();
  // The app says when the first screen's own code is in (a first visit's sign-in form comes
  // after the main wasm); a page that never says so (a configuration refused, a download that
  // hangs) has its worker after 10 seconds all the same.
  const shellReady = new Promise((resolve) => {
    addEventListener("petstore-shell-ready", resolve, { once: true });
    setTimeout(resolve, 10000);
  });
  const wasm = await startApp();
  dispatchEvent(new CustomEvent("TrunkApplicationStarted", { detail: { wasm } }));
  // The release build's service worker (sw.js), registered once the first screen's code is
  // in, so that it never competes with the first screen for the network, and its install,
  // which fetches every file of the build, never downloads one of them a second time.
  if (start.dataset.worker && "serviceWorker" in navigator) {
    // A worker that cannot be registered holds nothing back.
    shellReady
      .then(() => watchForUpdates(start.dataset.worker, markInstalled))
      .catch(() => markInstalled());
  } else {
    markInstalled();
  }
}

// Loads the glue and starts the wasm. If that fails (the page's code could not be downloaded,
// or a Content-Security-Policy refuses to compile it), the page says so, in the start frame in
// place of its loading line, and the console says why: Safari's engine reports a failed module
// start nowhere, and would leave "Loading pets…" for ever.
async function startApp() {
  try {
    const [{ default: init }, chosen] = await Promise.all([import(start.dataset.js), words]);
    window.petstoreStart.words = chosen;
    return await init({ module_or_path: wasmResponse });
  } catch (error) {
    console.error("The app could not start:", error);
    const note = document.createElement("p");
    note.setAttribute("role", "alert");
    note.textContent = await couldNotStart();
    const loading = document.querySelector("#start-frame .loading");
    if (loading) loading.replaceWith(note);
    else document.body.append(note);
    throw error;
  }
}

// The device's language (its choice, else the first of the browser's languages the app
// speaks) and, unless it is English, its words (`{ tag, text }`), fetched while the wasm
// downloads: the app draws its first screen in that language without waiting for anything
// itself. Nothing when they cannot be had (offline before this language was ever kept): the
// app starts in English.
async function startWords() {
  const offered = start.dataset.languages.split(" ");
  const tag = wantedLanguages().find((t) => t === "en" || offered.includes(t));
  if (!tag || tag === "en") return undefined;
  try {
    const response = await fetch(new URL(`words-${tag}.txt`, import.meta.url));
    if (response.ok) return { tag, text: await response.text() };
  } catch {}
  return undefined;
}

// The languages this device asks for, first first: its stored choice, then the browser's.
function wantedLanguages() {
  return [storedLanguage(), ...(navigator.languages || []).map(primary)];
}

// A browser language's first part ("es" of "es-MX"), the only part the catalogues tell apart.
function primary(tag) {
  return tag.split(/[-_]/)[0].toLowerCase();
}

// This device's choice of language, if it made one.
function storedLanguage() {
  try {
    return localStorage.getItem("petstore-admin.language");
  } catch {
    return null;
  }
}

// The note in the device's language, from the catalogues (start-words.js, beside this file,
// written by the build); in English when even that file cannot be read.
async function couldNotStart() {
  try {
    const { default: words } = await import(new URL("start-words.js", import.meta.url).href);
    const tag = wantedLanguages().find((t) => t in words);
    return words[tag || "en"];
  } catch {
    return "The app could not start. Reload the page; if it stays like this, tell whoever looks after this site.";
  }
}

// Registers the worker (calling `installed` once a first visit's worker is active) and tells
// the app when a new deploy's worker has installed beside the running one, or is found waiting
// at start (a reload, a new tab: the browser starts a waiting worker only once every tab of
// the app is closed): `petstoreStart.updateReady` and the event `petstore-update-ready`. The
// app's Reload calls `petstoreStart.applyUpdate()`, the only thing that has the new build take
// over while a tab is open. The worker is asked for news when the tab comes back into view and
// every 10 minutes, as a tab may stay open all day without a navigation.
async function watchForUpdates(url, installed) {
  await keepConfig();
  const container = navigator.serviceWorker;
  const registration = await container.register(url, { scope: base });
  // A first visit's worker: `installed` once it is active (it then answers the page's
  // fetches from its cache) or has failed. Where a worker is already active (this page's, or
  // another tab's that a new build waits behind) nothing waits.
  const installing = registration.installing;
  if (installing && !container.controller && !registration.active) {
    installing.addEventListener("statechange", () => {
      if (["activated", "redundant"].includes(installing.state)) installed();
    });
  } else {
    installed();
  }
  const ready = () => {
    window.petstoreStart.updateReady = true;
    dispatchEvent(new CustomEvent("petstore-update-ready"));
  };
  // The first install is not an update: only a worker installed beside a controlling one is.
  const watch = (worker) =>
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) ready();
    });
  if (registration.waiting && container.controller) ready();
  if (registration.installing) watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  let asked = false;
  container.addEventListener("controllerchange", () => asked && location.reload());
  window.petstoreStart.applyUpdate = () => {
    if (!registration.waiting) return location.reload();
    asked = true;
    registration.waiting.postMessage({ type: "skip-waiting" });
  };
  const check = () => registration.update().catch(() => {});
  document.addEventListener("visibilitychange", () => document.hidden || check());
  setInterval(check, 10 * 60 * 1000);
}

// The config.json this page read, put in this build's cache before its worker is registered:
// the worker keeps it for offline starts and, finding it there, does not download it again.
async function keepConfig() {
  try {
    const { response, text } = await config;
    if (!response.ok) return;
    const cache = await caches.open(`petstore-app-${start.dataset.build}`);
    const headers = { "Content-Type": "application/json" };
    await cache.put(new URL(`${base}config.json`, location.href).href, new Response(text, { headers }));
  } catch {
    // Without it the worker reads config.json itself.
  }
}

// The configuration, handed to the app once the early list answer is in too (or after
// 250 ms at most), so that the list page is drawn once, rows and all: drawn before, the
// page's frame would be laid out and painted while the answer waits behind it.
async function afterList(config, list) {
  const early = await list;
  if (early) {
    await Promise.race([
      early.response.catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 250)),
    ]);
  }
  return config;
}

// The list request the list page will send, when the address and this tab say exactly what
// it is; otherwise nothing, and the app sends its own.
async function earlyList(config) {
  try {
    const { response, text } = await config;
    const early = earlyRequest({
      listPath: start.dataset.list,
      href: location.href,
      configText: response.ok ? text : "",
      keyFor: (env) => sessionStorage.getItem(`petstore-admin.api-key.${env}`),
    });
    if (!early) return undefined;
    const key = early.key;
    const controller = new AbortController();
    // The body is read here too, so the app finds the whole answer waiting (reading it later
    // would cost the app another turn of the event loop, and the page a frame).
    const answer = fetch(early.url, {
      headers: { Authorization: `Bearer ${key}` },
      signal: controller.signal,
    }).then(async (response) => ({ response, text: await response.text() }));
    // Kept until the app takes it; a failure here is the app's to report, not this script's.
    answer.catch(() => {});
    const sent = { url: early.url, key, abort: () => controller.abort(), response: answer };
    // Not taken by then (no list request from the app after all): forgotten.
    setTimeout(() => {
      if (window.petstoreStart.list) {
        window.petstoreStart.list = undefined;
        sent.abort();
      }
    }, 30000);
    return sent;
  } catch {
    return undefined;
  }
}

// The app's rules for its first list request, for the page at `href` (`listPath` is the list
// page's path, the site's base included, as the build wrote it from the app's routes), with
// this tab's key for an environment (`keyFor`) and the text of config.json: `{ url, key }`, or
// nothing wherever the app would refuse or replace something (a configuration it refuses, an
// unknown environment, a key it would not send, a limit or status it would replace). A
// parameter given twice counts by its last value, as the app's router reads it. The browser
// suite runs one table of cases through this and the app's Rust rules, and fails where they
// differ.
export function earlyRequest({ listPath, href, configText, keyFor }) {
  const page = new URL(href);
  if (page.pathname !== listPath) return undefined;
  const param = (name) => page.searchParams.getAll(name).at(-1) ?? null;
  const env = param("env");
  if (env !== "production" && env !== "staging") return undefined;
  const key = keyFor(env);
  // RFC 6750 token characters only, as the client checks before sending.
  if (typeof key !== "string" || !/^[A-Za-z0-9._~+\/-]+=*$/.test(key)) return undefined;
  const limit = wholeLimit(param("limit") || "20");
  if (limit === undefined) return undefined;
  const status = param("status") || "";
  if (!["", "available", "pending", "sold"].includes(status)) return undefined;
  const baseUrl = checkedConfig(configText)?.[env];
  if (!baseUrl) return undefined;
  const params = new URLSearchParams({ limit: String(limit) });
  if (status) params.set("status", status);
  return { url: new URL(`${baseUrl}/pets?${params}`, href).href, key };
}

// The limit as the app reads it (white space around it as Rust's `trim` sees it, a sign,
// leading zeros), if it is a whole number from 1 to 100. Rust's `trim` drops Unicode's
// White_Space, listed here: JavaScript's own `trim` differs (it drops U+FEFF, keeps U+0085).
// (A literal, not a constant beside it: this runs while the module's top-level await holds
// the constants below it unset.)
function wholeLimit(text) {
  const space = /^[\t-\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[\t-\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$/g;
  const trimmed = text.replace(space, "");
  if (!/^\+?[0-9]+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= 100 ? n : undefined;
}

// Each environment's base address, trailing slashes dropped, if config.json passes the app's
// checks of what it cannot start without: both addresses http(s) and ending in /v1. (An
// optional setting that is wrong is noted and ignored by the app, which starts all the same.)
function checkedConfig(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  const found = {};
  for (const env of ["production", "staging"]) {
    const url = isObject(parsed[env]) ? parsed[env].baseUrl : undefined;
    if (typeof url !== "string") return undefined;
    const trimmed = url.replace(/\/+$/, "");
    if (!/^https?:\/\//.test(trimmed) || !trimmed.endsWith("/v1")) return undefined;
    found[env] = trimmed;
  }
  return found;
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
