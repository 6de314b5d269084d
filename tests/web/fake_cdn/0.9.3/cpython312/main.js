/* A stand-in for the CPython interpreter, for tests only (written for this project).
   It loads its files the way the real one does (main.data by XHR with progress, main.wasm
   compiled as it streams, then cpythonrc.py), then does what our loader's Python does, in
   the same order: fetch and unpack <archive>.tar.gz, wait for MM.UME, start, fetch the
   pygame-ce package from the package index, open the game's window (canvas size), run. */
"use strict";
(async () => {
    const fake = window.__fake;
    const cdn = window.config.cdn;
    const here = cdn + "cpython312/";
    const tt = window.tt;
    const stage = (step, detail) => { fake.stages.push(step); tt.stage(step, detail || ""); };
    const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

    await new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open("GET", here + "main.data", true);
        xhr.responseType = "arraybuffer";
        xhr.onprogress = (e) => window.Module.setStatus(`Downloading data... (${e.loaded}/${e.total || 1})`);
        xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error("main.data: " + xhr.status)));
        xhr.onerror = () => reject(new Error("main.data: network error"));
        xhr.send(null);
    });
    await WebAssembly.instantiateStreaming(fetch(here + "main.wasm"), {});
    window.Module.setStatus("");
    const rc = await fetch(cdn + "cpythonrc.py");
    if (!rc.ok) throw new Error("cpythonrc.py: " + rc.status);
    fake.rc = await rc.text();

    // ---- what the loader in the page's <script> does, read from its text
    const text = fake.loaderText;
    const bundle = /^BUNDLE = "([^"]+)"/m.exec(text)[1];
    const pkgIndex = /^PKG_INDEX = "([^"]*)"/m.exec(text)[1];
    stage("unpack");
    const archive = await fetch(bundle + ".tar.gz");  // platform.fopen: relative to the page
    if (!archive.ok) throw new Error("archive: " + archive.status);
    const tar = new Uint8Array(await new Response(archive.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    fake.files = untar(tar);

    if (!window.MM.UME) {
        stage("gesture");
        while (!window.MM.UME) await sleep(50);
    }
    stage("start");
    // main.py imports pygame: the runtime installs it from its package index
    const home = pkgIndex || "https://pygame-web.github.io/cdn/";
    const index = await (await fetch(home + "index-0.9.3-cp312.json")).json();
    const wheelPath = index.pygame.replaceAll("<abi>", "cp312").replaceAll("<api>", "wasm32_bi_emscripten");
    stage("install", "pygame");
    const wheel = await fetch((pkgIndex || index["-CDN-"]) + "/" + wheelPath);
    if (!wheel.ok) throw new Error("wheel: " + wheel.status);
    fake.wheelBytes = (await wheel.arrayBuffer()).byteLength;

    // main.py opens its window: pygame.display.set_mode sizes the canvas
    const size = window.__FAKE_FB || [1280, 720];
    const canvas = document.getElementById("canvas");
    canvas.width = size[0];
    canvas.height = size[1];
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#1d6b47";
    ctx.fillRect(0, 0, size[0], size[1]);
    stage("running");
    fake.done = true;
})().catch((error) => {
    window.__fake.errors.push(String(error && error.stack || error));
    window.tt.stage("failed", String(error));
});

function untar(bytes) {
    const names = [];
    const text = (a, b) => new TextDecoder().decode(bytes.subarray(a, b)).replace(/\0.*$/s, "");
    let at = 0;
    let longName = null;
    while (at + 512 <= bytes.length) {
        if (bytes.subarray(at, at + 512).every((b) => b === 0)) break;
        const size = parseInt(text(at + 124, at + 136).trim() || "0", 8);
        const type = String.fromCharCode(bytes[at + 156] || 48);
        const prefix = text(at + 345, at + 500);
        let name = (prefix ? prefix + "/" : "") + text(at, at + 100);
        const body = at + 512;
        if (type === "x") {  // pax header: a long path for the next entry
            const pax = new TextDecoder().decode(bytes.subarray(body, body + size));
            const m = /\d+ path=([^\n]*)\n/.exec(pax);
            longName = m ? m[1] : null;
        } else if (type === "0" || type === "\0") {
            names.push(longName || name);
            longName = null;
        } else {
            longName = null;
        }
        at = body + Math.ceil(size / 512) * 512;
    }
    return names.sort();
}
