/* A stand-in for pygbag's pythons.js, for tests only: no Python, just the part of the
   runtime's protocol that our page template relies on (written for this project).
   - reads window.config and its own <script> tag (data-python, data-os, the loader text);
   - window.MM.UME: false while the browser would block sound (window.__FAKE_UME === false
     keeps it so, as a browser demanding a gesture would), else true after its check;
   - Module.setStatus("… (loaded/total)") drives #status and #progress, as the runtime does;
   - on load: custom_onload(), then the interpreter script cpython312/main.js from the CDN. */
"use strict";

const script = Array.from(document.getElementsByTagName("script"))
    .find((s) => s.type === "module" && s.src.indexOf("pythons.js") >= 0);
const config = window.config || {};
const fake = window.__fake = {
    python: script.dataset.python,
    os: script.dataset.os,
    loaderText: script.text,
    cdn: config.cdn,
    files: null,
    stages: [],
    errors: [],
    done: false
};

window.MM = { UME: !config.ume_block };
setTimeout(() => {
    if (window.__FAKE_UME !== false) window.MM.UME = true;
}, 40);

window.Module = {
    setStatus(text) {
        const status = document.getElementById("status");
        const progress = document.getElementById("progress");
        const m = /([^(]+)\((\d+(\.\d+)?)\/(\d+)\)/.exec(text || "");
        if (m && progress) {
            progress.value = (parseInt(m[2], 10) / parseInt(m[4], 10)) * 100;
            progress.hidden = false;
        }
        if (status) status.textContent = m ? m[1] : text;
    }
};

function start() {
    if (window.custom_onload) window.custom_onload(true);
    const interpreter = document.createElement("script");
    interpreter.src = config.cdn + "cpython" + String(config.PYBUILD).replace(".", "") + "/main.js";
    document.head.appendChild(interpreter);
}

if (document.readyState === "complete") start();
else window.addEventListener("load", start);
