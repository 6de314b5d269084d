/* A stand-in for pygbag's CPython interpreter, for the browser tests that need Python to run
   (written for this project). The real 0.9.3 files lack main.wasm and main.data, so nothing
   of the runtime's Python can run; the page's real pythons.js loads this file where it
   would load cpython312/main.js, and this file does in JavaScript what the interpreter, the
   runtime's Python and our loader (the page's Python) would do, in their order:

   1. like main.js: downloads main.data (progress through Module.setStatus) and main.wasm,
      from the addresses pythons.js gives (config.cdn, the interpreter's name, config.pydigits);
   2. like pythons.js's postrun and cpythonrc.py: fetches <cdn><interpreter>rc.py and turns
      every "k=v" of Module.PyConfig.orig_argv into an environment variable;
   3. like aio/pep0723.py: reads the package index from $PYGPI, else from pygbag's CDN;
   4. like shell.preload_code: scans the page's loader, then main.py, and installs (fetches the
      wheel of) what the runtime would install: standInInstalls below, the runtime's rule,
      which tests/web/test_web_scan.py checks against the runtime's own functions;
   5. like our loader: unpacks <archive>.tar.gz (gzipped or plain), gives the runtime's
      autoplay check SOUND_CHECK_SECONDS, asks for a tap while MM.UME is still false, and
      reports to window.tt.stage the steps the real loader reports (tests/web/test_web_loader.py
      runs the real one): unpack, gesture, start, running;
   6. like main.py: without pygame installed, fails as the loader reports the runtime's empty
      pygame folder; a top-level `raise E("text")` line fails with "E: text"; otherwise opens
      its window (sizes the canvas: window.__standIn.fb, else 1280x720), draws, and reports
      "frame", as the loader does on the game's first pygame.display.flip();
   7. with window.__standIn.python = {indexURL, app, snapshot, gzipped}: our Python after all,
      where a test needs it (the host-page API): loads Pyodide from indexURL (started from the
      memory snapshot at the address snapshot, when given; the files gzipped names fetched from
      <name>.gz and unzipped here), puts the archive's game/ package in
      its file system, and runs `app` (Python source; its `main()` is awaited) with
      platform.window set to the page's window as pygbag's runtime sets it. pygame is not in
      Pyodide, so `app` stands in for the app's scenes (tests/web/host_app.py).

   Tests steer it with window.__standIn = {fb: [w, h], draws: false, python: {...}}; it records
   what it did in window.__standIn.record (record.python: "loading", "running" or an error). */
"use strict";

// ---- what the runtime installs for a script -------------------------------------------------
const STAND_IN_MAPPING = {  // aio/pep0723.py Config.mapping
    pygame_ce: "pygame", "pygame.base": "pygame", python_i18n: "i18n", pillow: "PIL",
    pyglm: "glm", opencv_python: "cv2", pysdl3: "sdl3"
};
const STAND_IN_SHIPPED = ["pygame"];  // top-level names in the runtime's site-packages that matter here

function standInDependencies(code) {  // the PEP 723 block's dependencies, as read_dependency_block_723 reads them
    const lines = code.split("\n");
    const start = lines.findIndex((line) => ["# /// pyproject", "# /// script"].includes(line.trimEnd()));
    if (start < 0) return [];
    const content = [];
    for (const line of lines.slice(start + 1)) {
        if (!line.startsWith("#") || line.trim() === "# ///") break;
        content.push(line.slice(2));
    }
    const found = /(^|\n)\s*dependencies\s*=\s*\[([^\]]*)\]/.exec(content.join("\n"));
    return found ? Array.from(found[2].matchAll(/"([^"]*)"|'([^']*)'/g), (m) => m[1] ?? m[2]) : [];
}

function standInImports(code) {  // top-level names of every import statement (at any depth)
    const bare = code
        .replace(/("""|''')[\s\S]*?\1/g, "")
        .replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, "''")
        .replace(/#.*$/gm, "");
    const names = [];
    for (const match of bare.matchAll(/^[ \t]*import[ \t]+([^\n;]+)/gm)) {
        for (const part of match[1].split(",")) names.push(part.trim().split(/\s+/)[0].split(".")[0]);
    }
    for (const match of bare.matchAll(/^[ \t]*from[ \t]+\.*([\w.]+)[ \t]+import\b/gm)) names.push(match[1].split(".")[0]);
    return names.filter(Boolean);
}

function standInInstalls(code, index) {
    const installs = [];
    const want = (name) => {
        const pkg = STAND_IN_MAPPING[name] || name;
        if (pkg in index && pkg !== "-CDN-" && !installs.includes(pkg)) installs.push(pkg);
    };
    for (const dependency of standInDependencies(code)) {
        const name = dependency.toLowerCase().replaceAll("-", "_");
        if (!name.startsWith("!") && !STAND_IN_SHIPPED.includes(name)) want(name);  // one found in the path is not installed
    }
    for (const name of standInImports(code)) want(name);
    return installs;
}

// ---- the runtime, up to the game's first frame ---------------------------------------------
async function standInRun(vm, script) {
    const options = window.__standIn = window.__standIn || {};
    const record = options.record = { env: {}, installed: [], stages: [], files: null, done: false, error: null,
                                      soundLooks: 0 };
    const stage = (step, detail) => { record.stages.push(step); window.tt.stage(step, detail || ""); };
    const folder = vm.config.cdn + vm.script.interpreter + vm.config.pydigits + "/";

    await new Promise((resolve, reject) => {  // 1.
        const xhr = new XMLHttpRequest();
        xhr.open("GET", folder + "main.data", true);
        xhr.responseType = "arraybuffer";
        xhr.onprogress = (e) => vm.setStatus(`Downloading data... (${e.loaded}/${e.total || 1})`);
        xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error("Not Found : " + folder + "main.data")));
        xhr.onerror = () => reject(new Error("NetworkError for: " + folder + "main.data"));
        xhr.send(null);
    });
    const wasm = await fetch(new URL("main.wasm", script).href, { credentials: "same-origin" });
    if (!wasm.ok) throw new Error("both async and sync fetching of the wasm failed");
    vm.setStatus("");

    const rc = await fetch(vm.config.cdn + vm.script.interpreter + "rc.py");  // 2.
    if (!rc.ok) throw new Error("no rc file");
    for (const arg of vm.PyConfig.orig_argv) {
        if (arg.includes("=")) record.env[arg.slice(0, arg.indexOf("="))] = arg.slice(arg.indexOf("=") + 1);
    }

    const indexHome = record.env.PYGPI || "https://pygame-web.github.io/cdn/";  // 3.
    const index = await (await fetch(indexHome + "index-0.9.3-cp312.json")).json();
    if (record.env.PYGPI) index["-CDN-"] = record.env.PYGPI;
    const install = async (code) => {  // 4.
        for (const pkg of standInInstalls(code, index)) {
            const path = index[pkg].replaceAll("<abi>", "cp312").replaceAll("<api>", "wasm32_bi_emscripten");
            const wheel = await fetch(index["-CDN-"] + path + "#");
            if (wheel.ok) record.installed.push(pkg);
        }
    };
    const loader = vm.script.blocks[0];
    await install(loader);

    const bundle = /^BUNDLE = "([^"]+)"/m.exec(loader)[1];  // 5.
    stage("unpack");
    const name = bundle + (location.host.endsWith(".itch.zone") ? ".apk" : ".tar.gz");
    let files;
    try {
        const archive = await fetch(name, { credentials: "omit" });
        if (!archive.ok) throw new Error("FileNotFoundError: " + name);
        files = await standInUntar(new Uint8Array(await archive.arrayBuffer()));
    } catch (error) {
        stage("failed", `ArchiveError: ${name} could not be read (${error.message})`);
        return;
    }
    record.files = Object.keys(files).sort();
    // like sound_allowed(): the runtime's autoplay check gets SOUND_CHECK_SECONDS to succeed
    const grace = Number(/^SOUND_CHECK_SECONDS = ([0-9.]+)/m.exec(loader)[1]) * 1000;
    for (let waited = 0; !window.MM.UME && waited < grace; waited += 50) {
        record.soundLooks += 1;  // looked, and no sound yet (tests end the check on this)
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!window.MM.UME) {
        stage("gesture");
        while (!window.MM.UME) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stage("start");
    const main = new TextDecoder().decode(files["assets/main.py"]);
    await install(main);
    stage("running");

    await new Promise((resolve) => setTimeout(resolve, 30));  // 6.
    const raised = /^raise (\w+)\((["'])(.*)\2\)\s*$/m.exec(main);
    if (!record.installed.includes("pygame")) {
        stage("failed", "pygame-ce was not installed: main.py must import pygame or declare pygame-ce (PEP 723)");
    } else if (raised) {
        stage("failed", `${raised[1]}: ${raised[3]}`);
    } else if (options.draws !== false) {
        const size = options.fb || [1280, 720];
        const canvas = document.getElementById("canvas");
        canvas.width = size[0];
        canvas.height = size[1];
        const context = canvas.getContext("2d");
        context.fillStyle = "#1d6b47";
        context.fillRect(0, 0, size[0], size[1]);
        stage("frame");
        if (options.python) standInPython(options.python, files, record);  // 7.
    }
    record.done = true;
}

async function standInPython(python, files, record) {
    record.python = "loading";
    // pythons.js sets WebAssembly.promising = null (its third line); Pyodide, seeing
    // WebAssembly.Suspending, would count on JS promise integration and fail on calling it, so
    // it runs as in a browser without that (what it needs here, awaiting coroutines, works so)
    if (WebAssembly.promising === null) {
        delete WebAssembly.promising;
        delete WebAssembly.Suspending;
    }
    try {
        await new Promise((resolve, reject) => {
            const script = document.createElement("script");
            script.src = python.indexURL + "pyodide.js";
            script.onload = resolve;
            script.onerror = () => reject(new Error("could not load " + script.src));
            document.head.appendChild(script);
        });
        const options = { indexURL: python.indexURL };
        if (python.snapshot) {  // Pyodide's memory once started (gzipped; tools/web_browser.py make_snapshot)
            options._loadSnapshot = fetch(python.snapshot).then((answer) =>
                new Response(answer.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
        }
        const pyodide = await standInGunzipping(python, () => window.loadPyodide(options));
        for (const [name, bytes] of Object.entries(files)) {
            if (!name.startsWith("assets/game/")) continue;
            const path = "/app/" + name.slice("assets/".length);
            pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
            pyodide.FS.writeFile(path, bytes);
        }
        pyodide.FS.writeFile("/app/stand_in_app.py", python.app);
        window.__standIn.pyodide = pyodide;
        record.python = "running";
        await pyodide.runPythonAsync("import sys, platform, js\nsys.path.insert(0, '/app')\n"
            + "platform.window = js\nimport stand_in_app\nawait stand_in_app.main()");
        record.python = "ended";
    } catch (error) {
        record.python = "failed: " + String(error && error.message || error);
    }
}

// While run() runs, the files python.gzipped names (of python.indexURL) are fetched from
// <name>.gz and unzipped here: the test's routes carry a third of their bytes (Playwright's
// driver copies each byte a route answers: ~0.1 s of CPU a MB)
async function standInGunzipping(python, run) {
    const gzipped = new Set((python.gzipped || []).map((name) => python.indexURL + name));
    const fetched = window.fetch;
    window.fetch = (resource, init) => {
        const url = String(resource instanceof Request ? resource.url : resource);
        if (!gzipped.has(url)) return fetched(resource, init);
        return fetched(url + ".gz").then((answer) => !answer.ok ? answer : new Response(
            answer.body.pipeThrough(new DecompressionStream("gzip")),
            { headers: { "Content-Type": url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream" } }));
    };
    try {
        return await run();
    } finally {
        window.fetch = fetched;
    }
}

async function standInUntar(bytes) {
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
        const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
        bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    const text = (a, b) => new TextDecoder().decode(bytes.subarray(a, b)).replace(/\0.*$/s, "");
    const files = {};
    let at = 0;
    let longName = null;
    while (at + 512 <= bytes.length) {
        if (bytes.subarray(at, at + 512).every((b) => b === 0)) return files;
        if (text(at + 257, at + 262) !== "ustar") throw new Error("ReadError: not a tar archive");
        const size = parseInt(text(at + 124, at + 136).trim() || "0", 8);
        const type = String.fromCharCode(bytes[at + 156] || 48);
        const prefix = text(at + 345, at + 500);
        const body = at + 512;
        if (body + size > bytes.length) throw new Error("ReadError: unexpected end of data");
        if (type === "x") {  // a pax header: the next entry's long path
            const found = /\d+ path=([^\n]*)\n/.exec(new TextDecoder().decode(bytes.subarray(body, body + size)));
            longName = found ? found[1] : null;
        } else {
            if (type === "0" || type === "\0") files[longName || (prefix ? prefix + "/" : "") + text(at, at + 100)] = bytes.slice(body, body + size);
            longName = null;
        }
        at = body + Math.ceil(size / 512) * 512;
    }
    throw new Error("ReadError: unexpected end of data");
}

if (typeof window !== "undefined" && window.Module && window.Module.config && window.tt) {
    const script = document.currentScript ? document.currentScript.src : location.href;
    standInRun(window.Module, script).catch((error) => {
        window.__standIn.record.error = String(error && error.stack || error);
        throw error;
    });
}
