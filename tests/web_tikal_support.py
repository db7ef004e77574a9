"""The Tikal browser module's own test page (tests/web_tikal/harness.html) served on loopback:
``/games/`` from assets/web/games, ``/i18n/`` from the catalogs, the rest from tests/web_tikal."""
from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOUNTS = {"/games/": ROOT / "assets" / "web" / "games", "/i18n/": ROOT / "assets" / "i18n",
          "/": ROOT / "tests" / "web_tikal"}
TYPES = {".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".po": "text/plain; charset=utf-8",
         ".json": "application/json"}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (the standard library's name)
        path = self.path.split("?")[0]
        for prefix, base in MOUNTS.items():
            if path.startswith(prefix):
                target = (base / path[len(prefix):]).resolve()
                if base.resolve() in target.parents and target.is_file():
                    body = target.read_bytes()
                    self.send_response(200)
                    self.send_header("Content-Type", TYPES.get(target.suffix, "application/octet-stream"))
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("Cache-Control", "no-store")
                    self.end_headers()
                    self.wfile.write(body)
                    return
                break
        self.send_error(404)

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def harness_server():
    """``http://127.0.0.1:PORT`` serving the harness; stopped after."""
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


@functools.lru_cache(maxsize=None)
def chromium_path() -> str:
    return "/usr/bin/chromium"
