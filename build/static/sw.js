/* Trick Table's service worker: after one visit online, the game starts with no connection.

   Filled in by tools/web_build.py. Two kinds of cache, named with their version:
   - trick-table-app-<build>: the page, the game archive, the manifest and the icons, taken
     whole when the worker installs (a new build installs a new worker, and a new cache);
   - trick-table-runtime-<runtime>@<time>: the Python runtime and its packages (pythons.js,
     cpython312/main.{js,wasm,data}, cpythonrc.py, empty.ogg, the package index and the
     pygame-ce wheel it names). Filled all or nothing: every file goes into a new cache, and
     only when all of them arrived is its last entry written, a marker listing them; a cache
     without the marker is never read, and is deleted. So a visit cut short, or a CDN that
     replaced a file meanwhile, never leaves a runtime of mixed or missing parts; the last
     whole one stays in use until a new one is whole. Named after the runtime, so a new
     build of the game does not fetch the 10+ MB runtime again.
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
const RUNTIME_FILES = [[tt.runtime_files]].map(here);  // the runtime's files, its package indexes
const RUNTIME_PREFIXES = [[tt.runtime_prefixes]].map(here);  // where runtime files live
const PACKAGE_INDEX = here("[[tt.package_index]]");   // the index the runtime installs from
const PACKAGE_BASE = here("[[tt.package_base]]");     // set when the build moves the packages
const PACKAGES = [[tt.packages]];            // names looked up in it (pygame-ce is "pygame")
const ABI = "[[tt.abi]]";
const API = "[[tt.api]]";

const scope = new URL("./", self.location.href);
const PAGE = new URL("index.html", scope).href;
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
    // folder when the build names one (the loader then points the runtime at it)
    const base = PACKAGE_BASE || index["-CDN-"] || new URL("./", PACKAGE_INDEX).href;
    return PACKAGES.map((name) => {
        if (!index[name]) throw new Error("the package index has no " + name);
        return base + index[name].replaceAll("<abi>", ABI).replaceAll("<api>", API);
    });
}

async function fetchInto(cache, url) {
    // cors, so WebAssembly can compile the answer as it streams; revalidated, so the files
    // are the CDN's current ones
    const response = await fetch(url, { mode: "cors", credentials: "omit", cache: "no-cache" });
    if (!response.ok) throw new Error(url + " answered " + response.status);
    await cache.put(runtimeKey(url), response);
}

async function fillRuntime() {
    if (await runtimeInUse()) return true;
    const name = RUNTIME_CACHES + String(Date.now()).padStart(15, "0");
    const cache = await caches.open(name);
    try {
        await Promise.all(RUNTIME_FILES.map((url) => fetchInto(cache, url)));
        const packages = await packageUrls(cache);
        await Promise.all(packages.map((url) => fetchInto(cache, url)));
        const files = RUNTIME_FILES.concat(packages).map(runtimeKey);
        await cache.put(WHOLE, new Response(JSON.stringify({ runtime: RUNTIME, files: files }),
            { headers: { "Content-Type": "application/json" } }));
        inUse = Promise.resolve(name);
        await deleteCaches((other) => other.startsWith(PREFIX + "runtime-") && other !== name);
        return true;
    } catch (error) {
        console.warn("the runtime is not kept for offline play yet:", error && error.message);
        await caches.delete(name);
        return false;
    }
}

let filling = null;

function keepRuntime() {  // one filling at a time
    if (!filling) filling = fillRuntime().finally(() => { filling = null; });
    return filling;
}

async function deleteCaches(unwanted) {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(PREFIX) && unwanted(name)).map((name) => caches.delete(name)));
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(APP_CACHE);
        await cache.addAll(APP_FILES.map((file) => new Request(new URL(file, scope), { cache: "reload" })));
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

async function fromApp(request) {
    const cache = await caches.open(APP_CACHE);
    const url = new URL(request.url);
    const page = request.mode === "navigate" && (url.pathname === scope.pathname || url.href.split(/[?#]/)[0] === PAGE);
    const hit = await cache.match(page ? PAGE : request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !page) {
        cache.put(request, response.clone()).catch(() => {});  // e.g. the .apk, fetched on itch.io
    }
    return response;
}

async function fromRuntime(request) {
    const name = await runtimeInUse();
    if (name) {
        const hit = await (await caches.open(name)).match(runtimeKey(request.url));
        if (hit) return hit;
    }
    return fetch(request);
}

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (isRuntime(request.url)) {
        event.respondWith(fromRuntime(request));
    } else if (url.origin === self.location.origin && url.pathname.startsWith(scope.pathname)) {
        event.respondWith(fromApp(request));
    }
});
