// The service worker: this build's files come from the cache, so a second visit downloads
// only config.json and the list, and the app starts with no network at all.
//
// scripts/split-build.sh copies it to the top of each release build (a stable address, so the
// browser, comparing it byte for byte, finds a new deploy) with BUILD and FILES filled in. A
// new build's worker installs beside the running one and waits: no skipWaiting under an open
// tab until the tab asks for it (its Reload, or a new load: see start.js), so a tab keeps
// running its own build, whose files stay in its own cache.
const BUILD = "__BUILD__";
const FILES = ["__FILES__"];
const PREFIX = "petstore-app-";
const CACHE = PREFIX + BUILD;
const scope = self.registration.scope;
const at = (path) => new URL(path, scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map(at))));
});

// The build before stays too: a second tab still running it may yet open a lazy page, whose
// files the server no longer has. Older builds go.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) => {
      const builds = names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      const keep = new Set([CACHE, builds[builds.length - 1]]);
      return Promise.all(builds.filter((n) => !keep.has(n)).map((n) => caches.delete(n)));
    }),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  if (request.url.split("?")[0] === at("config.json")) {
    event.respondWith(networkFirst(request));
  } else if (request.mode === "navigate") {
    // Every address of the app is the same page (the SPA rule a CDN applies).
    event.respondWith(cacheFirst(at("index.html"), request));
  } else {
    event.respondWith(cacheFirst(request.url, request));
  }
});

// From this build's cache (index.html and the manifest have the same address in every
// build), else any build's (a chunk of the build before, for a tab still running it), else
// the network.
async function cacheFirst(key, request) {
  const own = await (await caches.open(CACHE)).match(key);
  return own || (await caches.match(key)) || fetch(request);
}

// config.json is the deployment's own (it may change without a new build): the network's
// copy when there is one, the last one seen when there is none.
async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(at("config.json"), response.clone());
      return response;
    }
    return (await lastConfig()) || response;
  } catch (error) {
    const cached = await lastConfig();
    if (cached) return cached;
    throw error;
  }
}

// The last config.json this build's worker saw, else one an older build's saw.
async function lastConfig() {
  const own = await (await caches.open(CACHE)).match(at("config.json"));
  return own || caches.match(at("config.json"));
}
