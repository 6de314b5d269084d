/* Trick Table's service worker: after one visit online, the game starts with no connection.

   Filled in by tools/web_build.py. Two caches, each named with its version:
   - trick-table-app-<build>: the page, the game archive, the manifest and the icons, taken
     when the worker installs (a new build installs a new worker, and so a new cache);
   - trick-table-runtime-<runtime>: the Python runtime and its packages from the CDN, kept as
     the page loads them on the first visit (and, for files loaded before the worker took
     over, when the page asks). Named after the runtime, so a new build of the game does not
     fetch the 10+ MB runtime again.
   Any other trick-table-* cache is deleted when a new worker takes over. */
"use strict";

const BUILD = "[[tt.version]]";
const RUNTIME = "[[tt.runtime_version]]";
const PREFIX = "trick-table-";
const APP_CACHE = PREFIX + "app-" + BUILD;
const RUNTIME_CACHE = PREFIX + "runtime-" + RUNTIME;
const here = (url) => (url ? new URL(url, self.location.href).href : "");
const APP_FILES = [[tt.app_files]];                    // relative to this worker's folder
const RUNTIME_FILES = [[tt.runtime_files]].map(here);  // the runtime's files
const RUNTIME_PREFIXES = [[tt.runtime_prefixes]].map(here);  // where runtime files live
const PACKAGE_INDEX = here("[[tt.package_index]]");   // the runtime's package index (JSON)
const PACKAGE_BASE = here("[[tt.package_base]]");     // set when the build moves the packages
const PACKAGES = [[tt.packages]];            // names looked up in it (pygame-ce is "pygame")
const ABI = "[[tt.abi]]";
const API = "[[tt.api]]";

const scope = new URL("./", self.location.href);
const PAGE = new URL("index.html", scope).href;

function runtimeKey(url) {
    // the runtime asks for some files with a doubled slash ("…/cdn//cp312/…"): one key for both
    const u = new URL(url);
    u.hash = "";
    u.pathname = u.pathname.replace(/\/{2,}/g, "/");
    return u.href;
}

function isRuntime(url) {
    const key = runtimeKey(url);
    return RUNTIME_PREFIXES.some((prefix) => key.startsWith(prefix));
}

async function keepRuntimeFile(cache, url) {
    const key = runtimeKey(url);
    if (await cache.match(key)) return true;
    try {
        // cors, so WebAssembly can compile the answer as it streams; from the HTTP cache
        // when the page has just downloaded it
        const response = await fetch(url, { mode: "cors", credentials: "omit", cache: "force-cache" });
        if (!response.ok) return false;
        await cache.put(key, response);
        return true;
    } catch (error) {
        return false;
    }
}

async function packageUrls() {
    if (!PACKAGE_INDEX || !PACKAGES.length) return [];
    try {
        const cache = await caches.open(RUNTIME_CACHE);
        await keepRuntimeFile(cache, PACKAGE_INDEX);
        const answer = await cache.match(runtimeKey(PACKAGE_INDEX));
        if (!answer) return [];
        const index = await answer.json();
        // the runtime fetches "<base>/<path>": base is the index's "-CDN-", or the index's own
        // folder when the build names one (the runtime then rewrites "-CDN-" to it)
        const base = PACKAGE_BASE || index["-CDN-"] || new URL("./", PACKAGE_INDEX).href;
        return PACKAGES.filter((name) => index[name]).map((name) =>
            base + "/" + index[name].replaceAll("<abi>", ABI).replaceAll("<api>", API));
    } catch (error) {
        return [];
    }
}

async function keepRuntime(extra) {
    const cache = await caches.open(RUNTIME_CACHE);
    const wanted = RUNTIME_FILES.concat(await packageUrls(), (extra || []).filter(isRuntime));
    const results = await Promise.all(wanted.map((url) => keepRuntimeFile(cache, url)));
    return results.every(Boolean);
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(APP_CACHE);
        await cache.addAll(APP_FILES.map((file) => new Request(new URL(file, scope), { cache: "reload" })));
        // An update of a page that already runs offline: take the runtime now. On a first
        // visit the page is downloading it itself; the worker keeps it as it passes (fetch
        // below) and on the page's "keep" message, without downloading it twice.
        if (self.registration.active) await keepRuntime();
        await self.skipWaiting();
    })());
});

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        const names = await caches.keys();
        await Promise.all(names
            .filter((name) => name.startsWith(PREFIX) && name !== APP_CACHE && name !== RUNTIME_CACHE)
            .map((name) => caches.delete(name)));
        await self.clients.claim();
    })());
});

self.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "keep") {
        event.waitUntil(keepRuntime(Array.isArray(data.urls) ? data.urls : []).then((complete) => {
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
        cache.put(request, response.clone()).catch(() => {});
    }
    return response;
}

async function fromRuntime(request) {
    const cache = await caches.open(RUNTIME_CACHE);
    const key = runtimeKey(request.url);
    const hit = await cache.match(key);
    if (hit) return hit;
    try {
        const response = await fetch(request.url, { mode: "cors", credentials: "omit" });
        if (response.ok) {
            cache.put(key, response.clone()).catch(() => {});
            return response;
        }
    } catch (error) {
        // not reachable with cors: hand the page's own request on, uncached
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
