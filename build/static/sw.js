/* Trick Table's service worker: after one visit online, the game starts with no connection.

   Filled in by tools/web_build.py. Two kinds of cache, named with their version:
   - trick-table-app-<build>: the page, the game archive, the manifest, the icons and the
     example host page, taken whole when the worker installs (a new build installs a new
     worker, and a new cache);
   - trick-table-runtime-<runtime>@<time>: the Python runtime and its packages (pythons.js,
     cpython312/main.{js,wasm,data}, cpythonrc.py, empty.ogg, the package index and the
     pygame-ce wheel it names). Filled all or nothing: every file goes into a new cache, and
     only when all of them arrived is its last entry written, a marker listing them with
     their hashes; a cache without the marker is never read, and is deleted. So a visit cut
     short, or a CDN that replaced a file meanwhile, never leaves a runtime of mixed or
     missing parts; the last whole one stays in use until a new one is whole. Named after
     the runtime, so a new build of the game does not fetch the 10+ MB runtime again.

   Only the files the build listed are kept, and each is checked against its SHA-256 before
   it is kept and again before it is served: the app's files against the hashes the build
   wrote here, the runtime's against the build's (a self-hosted runtime) or else those its
   marker recorded when it was filled. A cached file that fails its check is never served:
   its cache is dropped and the network answers. Nothing else is ever put into a cache.

   One download: while the runtime is not kept yet, the runtime files the page asks for are
   fetched once (with CORS, whatever the page's request) and kept as they pass; the rest
   come from the browser's HTTP cache where the page already fetched them.

   The page asks for the runtime to be kept ("keep") as soon as the worker controls it; a
   new worker of a page already kept takes it before it replaces the old one. Any other
   trick-table-* cache is deleted when a new worker takes over. */
"use strict";

const BUILD = "[[tt.version]]";
const RUNTIME = "[[tt.runtime_version]]";
const PREFIX = "trick-table-";
const APP_CACHE = PREFIX + "app-" + BUILD;
const RUNTIME_CACHES = PREFIX + "runtime-" + RUNTIME + "@";  // + the time its filling began
const here = (url) => (url ? new URL(url, self.location.href).href : "");
const APP_FILES = [[tt.app_files]];                    // relative to this worker's folder
const APP_HASHES = [[tt.app_hashes]];                  // file: its SHA-256s, as the build wrote them
// (the archive has two: as built, and as a host that decompresses .gz files on the way hands it over)
const isAppFile = async (file, response) => APP_HASHES[file].includes(await sha256(response));
const RUNTIME_FILES = [[tt.runtime_files]].map(here);  // the runtime's files, its package index
const RUNTIME_HASHES = Object.fromEntries(Object.entries([[tt.runtime_hashes]]).map(([k, v]) => [here(k), v]));
const RUNTIME_PREFIXES = [[tt.runtime_prefixes]].map(here);  // where runtime files live
const PACKAGE_INDEX = here("[[tt.package_index]]");   // the index the runtime installs from
const PACKAGE_BASE = here("[[tt.package_base]]");     // set when the build moves the packages
const PACKAGES = [[tt.packages]];            // names looked up in it (pygame-ce is "pygame")
const ABI = "[[tt.abi]]";
const API = "[[tt.api]]";

const scope = new URL("./", self.location.href);
const PAGE = new URL("index.html", scope).href;
const APP_URLS = Object.fromEntries(APP_FILES.map((file) => [new URL(file, scope).href, file]));
const WHOLE = new URL("trick-table-runtime-is-whole", scope).href;  // the marker's key

function runtimeKey(url) {
    // the runtime asks for some files with a doubled slash ("…/cdn//cp312/…") or a "#": one key
    const u = new URL(url);
    u.hash = "";
    u.pathname = u.pathname.replace(/\/{2,}/g, "/");
    return u.href;
}

function isRuntime(url) {
    const key = runtimeKey(url);
    return RUNTIME_PREFIXES.some((prefix) => key.startsWith(prefix));
}

async function sha256(response) {
    const bytes = await response.clone().arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ---- the whole runtime cache in use: the newest one holding the marker (or none)
let inUse = null;

async function findWhole() {
    const names = (await caches.keys()).filter((name) => name.startsWith(RUNTIME_CACHES)).sort().reverse();
    for (const name of names) {
        if (await (await caches.open(name)).match(WHOLE)) return name;
    }
    return null;
}

function runtimeInUse() {  // looked up once found, again while there is none
    if (!inUse) inUse = findWhole().then((name) => { if (!name) inUse = null; return name; });
    return inUse;
}

async function packageUrls(cache) {
    const answer = await cache.match(runtimeKey(PACKAGE_INDEX));
    if (!answer) throw new Error("no package index");
    const index = await answer.json();
    // the runtime fetches "<base><path>": base is the index's "-CDN-", or the index's own
    // folder when the build names one (the runtime is handed it as PYGPI)
    const base = PACKAGE_BASE || index["-CDN-"] || new URL("./", PACKAGE_INDEX).href;
    return PACKAGES.map((name) => {
        if (!index[name]) throw new Error("the package index has no " + name);
        return runtimeKey(base + index[name].replaceAll("<abi>", ABI).replaceAll("<api>", API));
    });
}

// ---- the runtime cache being filled (while none is whole): what the page fetched goes in
let filling = null;   // {name, cache, passing: Map key -> promise of a response kept}

function fillingCache() {
    if (!filling) {
        const name = RUNTIME_CACHES + String(Date.now()).padStart(15, "0");
        filling = { name: name, cache: caches.open(name), passing: new Map(), packages: null };
    }
    return filling;
}

async function listedRuntime(key, fill) {
    if (RUNTIME_FILES.includes(key)) return true;
    try {
        if (!fill.packages) fill.packages = packageUrls(await fill.cache);
        return (await fill.packages).includes(key);
    } catch (error) {
        fill.packages = null;  // the index is not in yet
        return false;
    }
}

function runtimeRequest(url, cacheMode) {
    // CORS, so the answer can be checked and WebAssembly can compile it as it streams
    return new Request(url, { mode: "cors", credentials: "omit", cache: cacheMode || "default" });
}

async function keepRuntimeFile(fill, key, response) {
    const expected = RUNTIME_HASHES[key];
    if (!response.ok || response.type === "opaque") throw new Error(key + " answered " + response.status);
    if (expected && (await sha256(response)) !== expected) throw new Error(key + " is not the file the build listed");
    await (await fill.cache).put(key, response);
}

function runtimeFile(fill, key) {  // once: the page's answer kept as it passes, else the HTTP cache's copy
    if (!fill.passing.has(key)) {
        fill.passing.set(key, fetch(runtimeRequest(key)).then((response) => keepRuntimeFile(fill, key, response)));
        fill.passing.get(key).catch(() => fill.passing.delete(key));
    }
    return fill.passing.get(key);
}

async function fillRuntime() {
    if (await runtimeInUse()) return true;
    const fill = fillingCache();
    try {
        await Promise.all(RUNTIME_FILES.map((url) => runtimeFile(fill, runtimeKey(url))));
        const cache = await fill.cache;
        const packages = await packageUrls(cache);
        await Promise.all(packages.map((key) => runtimeFile(fill, key)));
        const files = {};
        for (const key of RUNTIME_FILES.map(runtimeKey).concat(packages)) {
            const kept = await cache.match(key);
            if (!kept) throw new Error(key + " was not kept");
            files[key] = await sha256(kept);
        }
        await cache.put(WHOLE, new Response(JSON.stringify({ runtime: RUNTIME, files: files }),
            { headers: { "Content-Type": "application/json" } }));
        inUse = Promise.resolve(fill.name);
        filling = null;
        await deleteCaches((other) => other.startsWith(PREFIX + "runtime-") && other !== fill.name);
        return true;
    } catch (error) {
        console.warn("the runtime is not kept for offline play yet:", error && error.message);
        if (filling === fill) filling = null;
        await caches.delete(fill.name);
        return false;
    }
}

let keeping = null;

function keepRuntime() {  // one filling at a time
    if (!keeping) keeping = fillRuntime().finally(() => { keeping = null; });
    return keeping;
}

async function deleteCaches(unwanted) {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(PREFIX) && unwanted(name)).map((name) => caches.delete(name)));
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(APP_CACHE);
        for (const file of APP_FILES) {
            // the HTTP cache's copy where it is this build's; else the server's, which must be
            let response = await fetch(new Request(new URL(file, scope), { cache: "no-cache" }));
            if (response.ok && !(await isAppFile(file, response))) {
                response = await fetch(new Request(new URL(file, scope), { cache: "reload" }));
            }
            if (!response.ok || !(await isAppFile(file, response))) {
                throw new Error(file + " is not the file this build listed");  // a site half deployed: try again later
            }
            await cache.put(new URL(file, scope).href, response);
        }
        // a new build of a page that already plays offline: the runtime is whole before this
        // worker replaces the old one (nothing to fetch when the runtime is unchanged)
        if (self.registration.active) await keepRuntime();
        await self.skipWaiting();
    })());
});

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        const whole = await runtimeInUse();
        await deleteCaches((name) => name !== APP_CACHE && name !== whole);
        await self.clients.claim();
    })());
});

self.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "keep") {
        event.waitUntil(keepRuntime().then((complete) => {
            if (event.source) event.source.postMessage({ type: "kept", complete: complete, build: BUILD });
        }));
    }
});

async function fromApp(request, file) {
    const cache = await caches.open(APP_CACHE);
    const hit = await cache.match(new URL(file, scope).href);
    if (hit && (await isAppFile(file, hit))) return hit;
    if (hit) await cache.delete(new URL(file, scope).href);  // not what the build made: never served
    return fetch(request);
}

async function fromRuntime(request) {
    const key = runtimeKey(request.url);
    const name = await runtimeInUse();
    if (name) {
        const cache = await caches.open(name);
        const hit = await cache.match(key);
        if (hit) {
            const marker = await (await cache.match(WHOLE)).json();
            const expected = RUNTIME_HASHES[key] || (marker.files || {})[key];
            if (expected && (await sha256(hit)) === expected) return hit;
            inUse = null;  // a runtime that is not the one kept: never served again, filled anew
            await caches.delete(name);
        }
        return fetch(request);
    }
    const fill = fillingCache();
    if (!(await listedRuntime(key, fill))) return fetch(request);
    if (!fill.passing.has(key)) {
        let copy = null;
        const answer = fetch(runtimeRequest(key)).then((response) => { copy = response.clone(); return response; });
        fill.passing.set(key, answer.then(() => keepRuntimeFile(fill, key, copy)));
        fill.passing.get(key).catch(() => fill.passing.delete(key));
        return answer;
    }
    // already fetched or being fetched for keeping: the page gets that answer, once in
    try {
        await fill.passing.get(key);
        const kept = await (await fill.cache).match(key);
        if (kept) return kept;
    } catch (error) { /* fall through: the network answers */ }
    return fetch(request);
}

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (isRuntime(request.url)) {
        event.respondWith(fromRuntime(request));
        return;
    }
    const page = request.mode === "navigate" && (url.pathname === scope.pathname || url.href.split(/[?#]/)[0] === PAGE);
    const file = page ? "index.html" : url.origin === self.location.origin && APP_URLS[url.href.split(/[?#]/)[0]];
    if (file) event.respondWith(fromApp(request, file));
    // anything else: the network, as if there were no worker (never kept)
});
