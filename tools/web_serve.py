#!/usr/bin/env python3
"""Serve a folder (by default build/web) on localhost, as a static host would.

    python tools/web_serve.py [--port 4280] [--dir build/web]

Then open http://localhost:4280/ (the port stays off 8xxx: on http://localhost:8… pygbag's
runtime expects its own test server's package proxy at localhost:8000/cdn/).

The right types for .wasm, .webmanifest, .mjs and .tar.gz (served as it is, without a
Content-Encoding); ``no-cache`` for the page and the service worker so a new build shows on
reload. ``--cors`` adds ``Access-Control-Allow-Origin: *`` (as a CDN sends). Tests import
``make_server``.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPES = {
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".gz": "application/gzip",
    ".apk": "application/zip",
    ".whl": "application/zip",
    ".data": "application/octet-stream",
    ".py": "text/plain; charset=utf-8",
    ".ogg": "audio/ogg",
    ".tmpl": "text/plain; charset=utf-8",
}
NO_CACHE = {"index.html", "sw.js", ""}


class Handler(SimpleHTTPRequestHandler):
    cors = False
    isolated = False
    quiet = True
    max_age = None  # seconds: Cache-Control max-age for every file but the page and the worker
    sent = None     # a dict: path -> bytes of body sent (what a first visit costs), when counting
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        # a request line over 64 KB is answered 414 before it has a path
        name = getattr(self, "path", "").split("?", 1)[0].rsplit("/", 1)[-1]
        if name in NO_CACHE:
            self.send_header("Cache-Control", "no-cache")
        elif self.max_age is not None:
            self.send_header("Cache-Control", f"max-age={self.max_age}")
        if self.gz_encoded and name.endswith(".gz"):  # as hosts that let the browser unpack .gz files
            self.send_header("Content-Encoding", "gzip")
        if self.cors:
            self.send_header("Access-Control-Allow-Origin", "*")
        if self.isolated:  # cross-origin isolation: a finer performance.now() for benchmarks
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    rate = None     # bytes per second: a slow line (what a first visit on a phone is like)
    gz_encoded = False  # .gz files sent with Content-Encoding: gzip
    validators = True   # False: no Last-Modified, conditional requests answered in full (as some CDNs)

    def send_header(self, keyword, value):
        if self.validators or keyword.lower() != "last-modified":
            super().send_header(keyword, value)

    def send_head(self):
        if not self.validators:
            for name in ("If-Modified-Since", "If-None-Match"):
                del self.headers[name]
        return super().send_head()

    def copyfile(self, source, outputfile):
        if self.sent is None and not self.rate:
            return super().copyfile(source, outputfile)
        start = source.tell()
        if self.rate:
            while chunk := source.read(64 * 1024):
                outputfile.write(chunk)
                time.sleep(len(chunk) / self.rate)
        else:
            super().copyfile(source, outputfile)
        if self.sent is None:
            return
        path = self.path.split("?", 1)[0]
        self.sent[path] = self.sent.get(path, 0) + source.tell() - start

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    """A threading server that takes a client hanging up mid-answer calmly: a browser drops
    connections it no longer needs (a page closed, a download abandoned), which is no error of
    the server's, so it is counted in ``dropped`` instead of printed as a traceback."""

    daemon_threads = True
    dropped = 0

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], ConnectionError):  # broken pipe, reset, aborted
            self.dropped += 1
            return
        super().handle_error(request, client_address)


def make_server(directory: str | Path, port: int = 0, bind: str = "127.0.0.1", cors: bool = False, quiet: bool = True,
                isolated: bool = False, max_age: int | None = None, sent: dict | None = None, rate: float | None = None,
                gz_encoded: bool = False, validators: bool = True):
    """A threading HTTP server for ``directory`` (not started); port 0 picks a free one. ``sent``: a
    dict that counts the body bytes sent per path."""
    handler = type("BoundHandler", (Handler,), {"cors": cors, "quiet": quiet, "isolated": isolated,
                                                "max_age": max_age, "sent": sent, "rate": rate,
                                                "gz_encoded": gz_encoded, "validators": validators})
    return Server((bind, port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory, port: int = 0, cors: bool = False, isolated: bool = False, **options):
    """Start a server in a daemon thread; returns (server, base_url). Stop with server.shutdown()."""
    server = make_server(directory, port=port, cors=cors, isolated=isolated, **options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


class LocalServer:
    """A local static server in a thread that can be stopped and started again on its port."""

    def __init__(self, directory, cors: bool = False, isolated: bool = False, **options):
        self.directory, self.cors, self.isolated, self.options = Path(directory), cors, isolated, options
        self.server, self.url = serve_in_thread(directory, cors=cors, isolated=isolated, **options)
        self.port = self.server.server_address[1]

    def stop(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def start(self) -> None:
        if not self.server:
            self.server, _ = serve_in_thread(self.directory, port=self.port, cors=self.cors, isolated=self.isolated,
                                             **self.options)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Serve the web build on localhost.")
    parser.add_argument("--dir", type=Path, default=ROOT / "build" / "web")
    parser.add_argument("--port", type=int, default=4280)
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on [127.0.0.1]")
    parser.add_argument("--cors", action="store_true", help="send Access-Control-Allow-Origin: *")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"{args.dir}/index.html not found: run `make web` first", file=sys.stderr)
        return 1
    server = make_server(args.dir, args.port, args.bind, args.cors, quiet=False)
    host = "localhost" if args.bind in ("127.0.0.1", "::1", "localhost") else args.bind
    print(f"serving {args.dir} at http://{host}:{server.server_address[1]}/  (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
