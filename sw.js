// The service worker: this build's files come from the cache, so a second visit downloads
// only config.json and the list, and the app starts with no network at all.
//
// scripts/split-build.sh copies it to the top of each release build (a stable address, so the
// browser, comparing it byte for byte, finds a new deploy) with BUILD and FILES filled in. A
// new build's worker installs beside the running one and waits: no skipWaiting under an open
// tab until the tab asks for it (its Reload: see start.js) or every tab of the app is closed,
// so a tab keeps running its own build, whose files stay in its own cache.
const BUILD = "__BUILD__";
const FILES = ["__FILES__"];
const PREFIX = "petstore-app-";
const CACHE = PREFIX + BUILD;
const scope = self.registration.scope;
const at = (path) => new URL(path, scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await cache.addAll(FILES.map(at));
      // The deployment's addresses, for telling the environments' answers apart offline.
      // start.js has put the copy its page read here before registering this worker (so a
      // first visit downloads it once); a worker installed without it reads it itself.
      if (!(await cache.match(at("config.json")))) {
        await cache.add(at("config.json")).catch(() => {});
      }
      // The languages this device has chosen (an earlier build's cache holds their words):
      // this build's words for them, so a new build still starts offline in that language.
      for (const name of await chosenWords()) {
        await cache.add(at(build(name))).catch(() => {});
      }
    }),
  );
});

// The build before stays too: a second tab still running it may yet open a lazy page, whose
// files the server no longer has. Older builds go. Open tabs are taken over at once (the
// first visit's too), so a tab that loses the network later still finds its pages here.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => {
        const builds = names.filter((name) => name.startsWith(PREFIX) && name !== CACHE);
        const keep = new Set([CACHE, builds[builds.length - 1]]);
        return Promise.all(builds.filter((n) => !keep.has(n)).map((n) => caches.delete(n)));
      })
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (!request.url.startsWith(scope)) {
    // Only a read that carries a key may get a kept answer; any other is the browser's own.
    if (request.headers.has("Authorization")) event.respondWith(apiRead(request));
    return;
  }
  if (request.url.split("?")[0] === at("config.json")) {
    event.respondWith(networkFirst(request));
  } else if (WORDS.test(request.url)) {
    event.respondWith(kept(request));
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

// Another locale's words, fetched when it is chosen (not with the build): kept once fetched.
const WORDS = /\/(words-[A-Za-z-]+\.txt)$/;
const build = (name) => BUILD + "/" + name;

async function kept(request) {
  const cache = await caches.open(CACHE);
  const own = await cache.match(request.url);
  if (own) return own;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

async function chosenWords() {
  const names = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const found = WORDS.exec(request.url);
      if (found) names.add(found[1]);
    }
  }
  return names;
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

// Reads of the service (the list, one pet): the network first; when it fails or is slower
// than READ_WAIT, the last answer to the same request in the same environment, marked with
// the time it was received (the app says "Offline — Production as it was at 10:42" and turns
// writes off). Only a request carrying a key gets one: a tab with no key for that environment
// never sees its answers. Writes are never handled here, never queued, never sent later.
const READ_WAIT = 4000;
const API = "petstore-api-";
const STORED = "X-Petstore-Stored-At";
const OFFLINE = "X-Petstore-Offline";

async function apiRead(request) {
  const env = await environmentOf(request.url);
  if (!env || !/\/pets(\/[^/]*)?$/.test(new URL(request.url).pathname)) return fetch(request);
  const network = fetch(request).then(async (response) => {
    if (response.status === 200) await keep(env, request.url, response.clone());
    return response;
  });
  const late = new Promise((resolve) => setTimeout(() => resolve("late"), READ_WAIT));
  const first = await Promise.race([network, late]).catch(() => "failed");
  if (first instanceof Response) return first;
  const kept = await (await caches.open(API + env)).match(request.url);
  if (kept) return marked(kept);
  return network;
}

// Only what the app reads of an answer: its body, type and when it came. Never a key, never
// a request header.
async function keep(env, url, response) {
  const body = await response.blob();
  const headers = { "Content-Type": response.headers.get("Content-Type") || "application/json" };
  headers[STORED] = new Date().toISOString();
  await (await caches.open(API + env)).put(url, new Response(body, { status: 200, headers }));
}

async function marked(kept) {
  const headers = new Headers(kept.headers);
  headers.set(OFFLINE, kept.headers.get(STORED) || "");
  headers.set("Access-Control-Expose-Headers", OFFLINE);
  return new Response(await kept.blob(), { status: 200, headers });
}

// Which environment a service address belongs to, from the deployment's config.json: the one
// whose baseUrl it starts with; none when it matches both or neither (then nothing is kept).
async function environmentOf(url) {
  const response = await lastConfig().catch(() => undefined);
  const config = response && (await response.json().catch(() => undefined));
  if (!config) return undefined;
  const matches = ["production", "staging"].filter((env) => {
    const base = config[env] && config[env].baseUrl;
    if (typeof base !== "string") return false;
    return url.startsWith(new URL(base, scope).href.replace(/\/+$/, "") + "/");
  });
  return matches.length === 1 ? matches[0] : undefined;
}

// The last config.json this build's worker saw, else one an older build's saw.
async function lastConfig() {
  const own = await (await caches.open(CACHE)).match(at("config.json"));
  return own || caches.match(at("config.json"));
}
