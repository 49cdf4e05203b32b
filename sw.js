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
      .then(() => forgetUnowned().catch(() => {}))
      .then(() => self.clients.claim()),
  );
});

// Answers an earlier build kept without the key that read them: no key can be shown them.
async function forgetUnowned() {
  for (const env of ["production", "staging"]) await forgetWhere(env, (owner) => !owner);
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (!request.url.startsWith(scope)) {
    // Only a read that carries a key may get a kept answer; any other is the browser's own.
    if (request.headers.has("Authorization")) {
      // (After a late answer the event may be over: the work still runs, unwatched.)
      const later = (work) => {
        try {
          event.waitUntil(work);
        } catch {}
      };
      // Never a failure of the worker's own (Firefox reports one in the console): a read it
      // cannot answer ends as the page's abort, or as the service out of reach.
      event.respondWith(apiRead(request, later).catch(() => unreachable(request)));
    }
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
// than READ_WAIT, the last answer to the same request in the same environment with the same
// key, marked with the time it was received (the app says "Offline — Production as it was at
// 10:42" and turns writes off), and marked slow when the network's answer is still on its way
// (the app says so, keeps writes on, and reads again at once: that read waits for the slow
// answer rather than racing the clock again, so a slow service is never taken for a gone one). Each kept answer belongs to the key that read it: it is found
// under a digest of that key (never the key itself), so a made-up or old key finds nothing,
// and a key the service refuses loses what it kept. Writes are never handled here, never
// queued, never sent later.
const READ_WAIT = 4000;
const API = "petstore-api-";
const STORED = "X-Petstore-Stored-At";
const OFFLINE = "X-Petstore-Offline";
const SLOW = "X-Petstore-Slow";
// The network reads that were slower than READ_WAIT and are still on their way, by address and
// key (in memory only): a read of the same address with the same key waits for that answer.
const slowReads = new Map();
// The query parameter that files a kept answer under its key's digest (a cache matches whole
// addresses, and ignores a fragment).
const KEPT_FOR = "petstore-kept-for";

// `later` keeps the worker alive for work that goes on after the answer is handed over.
async function apiRead(request, later) {
  const env = await environmentOf(request.url);
  if (!env || !/\/pets(\/[^/]*)?$/.test(new URL(request.url).pathname)) return fetch(request);
  // The digest is worked out while the request is on its way, never in front of it. Without
  // one (Cache Storage or crypto failing), nothing is kept or given.
  const digest = keyDigest(env, request.headers.get("Authorization")).catch(() => null);
  const same = `${request.url}\n${request.headers.get("Authorization")}`;
  const slow = slowReads.get(same);
  if (slow) {
    // The answer of the read before, which was slow; each read gets a copy of it. If it
    // failed, this read is answered as any read the network failed.
    const answer = await slow.catch(() => undefined);
    if (answer) return answer.clone();
  }
  // Keeping and forgetting are best effort (storage may be full): the network's answer is
  // handed on whatever they do.
  const network = fetch(request).then(async (response) => {
    const owner = await digest;
    if (owner && response.status === 200) {
      await keep(env, keptAddress(request.url, owner), response.clone()).catch(() => {});
    }
    // Handed over at once (the page shows its sign-in form), forgotten meanwhile.
    if (owner && response.status === 401) later(forgetKey(env, owner).catch(() => {}));
    return response;
  });
  const late = new Promise((resolve) => setTimeout(() => resolve("late"), READ_WAIT));
  const first = await Promise.race([network, late]).catch(() => "failed");
  if (first instanceof Response) return first;
  if (first === "late") {
    // Only copies of it are handed on (its body is read once): the one it is kept from, and
    // one for each read that waits for it.
    const pristine = network.then((response) => response.clone());
    slowReads.set(same, pristine);
    later(network.catch(() => {}).finally(() => slowReads.delete(same)));
  }
  const owner = await digest;
  if (owner) {
    const cache = await caches.open(API + env);
    const kept = await cache.match(keptAddress(request.url, owner));
    if (kept) return marked(kept, first === "late");
    if (first === "failed" && !request.signal.aborted && !(await keptAny(cache, owner))) {
      return unchecked();
    }
  }
  return network.catch(() => unreachable(request));
}

// A read that ended with no answer: an empty answer when the page gave up on it (it was left:
// an abort, which the page never reads), else the service out of reach, marked for the app
// to say so (handing back the failed fetch instead would be reported in the console as the
// worker's own error).
function unreachable(request) {
  if (request.signal.aborted) return new Response(null, { status: 204 });
  const headers = { [OFFLINE]: "unreachable", "Access-Control-Expose-Headers": OFFLINE };
  return new Response(null, { status: 503, headers });
}

// The name a key's kept answers are filed under in `env`: SHA-256 of this device's salt, the
// environment and the whole Authorization header, in hex. One-way: Cache Storage never holds
// a usable key.
async function keyDigest(env, authorization) {
  const text = `${await deviceSalt()}\n${env}\n${authorization}`;
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A random salt made once per device and kept beside the answers, so the same key has a
// different digest on every tablet.
const SALT = "petstore-device";
// Kept under an address no page asks for (a cache is keyed by address).
const SALT_AT = "https://petstore-device.invalid/salt";
let salt;
function deviceSalt() {
  salt ||= (async () => {
    const cache = await caches.open(SALT);
    const stored = await cache.match(SALT_AT);
    if (stored) return stored.text();
    const made = hex(crypto.getRandomValues(new Uint8Array(32)));
    await cache.put(SALT_AT, new Response(made));
    return made;
  })();
  // A failure is not kept: the next read tries again.
  salt.catch(() => {
    salt = undefined;
  });
  return salt;
}

function keptAddress(url, owner) {
  const address = new URL(url);
  address.searchParams.set(KEPT_FOR, owner);
  return address.href;
}

function ownerOf(address) {
  return new URL(address).searchParams.get(KEPT_FOR);
}

// Whether the key with this digest kept anything at all in the environment's cache.
async function keptAny(cache, owner) {
  return (await cache.keys()).some((request) => ownerOf(request.url) === owner);
}

// The service refused this key: what it kept goes.
async function forgetKey(env, owner) {
  await forgetWhere(env, (found) => found === owner);
}

// Deletes the answers of `env` whose owner (a digest, or null) `matches` says.
async function forgetWhere(env, matches) {
  if (!(await caches.has(API + env))) return;
  const cache = await caches.open(API + env);
  for (const request of await cache.keys()) {
    if (matches(ownerOf(request.url))) await cache.delete(request);
  }
}

// The answer to a key that has kept nothing here, while the service is out of reach: the
// worker cannot tell whether the service would accept it, so it shows nothing and says why
// (the app reads the mark: "the key cannot be checked until the network is back").
function unchecked() {
  const headers = { [OFFLINE]: "unchecked", "Access-Control-Expose-Headers": OFFLINE };
  return new Response(null, { status: 503, headers });
}

// Only what the app reads of an answer: its body, type and when it came. Never a key, never
// a request header.
async function keep(env, address, response) {
  const body = await response.blob();
  const headers = { "Content-Type": response.headers.get("Content-Type") || "application/json" };
  headers[STORED] = new Date().toISOString();
  await (await caches.open(API + env)).put(address, new Response(body, { status: 200, headers }));
}

// A kept answer, marked with when it was received, and whether the network's answer is only
// slow (still on its way) rather than failed.
async function marked(kept, slow) {
  const headers = new Headers(kept.headers);
  headers.set(OFFLINE, kept.headers.get(STORED) || "");
  if (slow) headers.set(SLOW, "1");
  headers.set("Access-Control-Expose-Headers", `${OFFLINE}, ${SLOW}`);
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
