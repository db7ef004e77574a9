"""The outside check ``web join``: is a host's web page reachable and playable from a browser?

    python tools/web_join.py HOST[:PORT] [--web-port N]

As a phone would: GET ``http://HOST:PORT+1/`` (the page, with its Content-Security-Policy), open
``ws://HOST:PORT+1/ws`` with the page's own ``Origin``, send a msgpack ``hello`` (one binary
WebSocket message), expect ``welcome`` then ``tables``, say ``bye``; then expect the handshake to
be refused (403) for a foreign ``Origin``. PORT is the game port (default 47474); the web page is
on the next one unless ``--web-port`` says otherwise. Prints what it saw; exit status 0 when
everything held, 1 otherwise.
"""
from __future__ import annotations

import argparse
import sys
import urllib.request

import msgpack
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

DEFAULT_PORT = 47474
TIMEOUT = 20.0


def check(host: str, web_port: int) -> list[str]:
    """What went wrong ([] when the page, the WebSocket and the Origin check all held)."""
    problems: list[str] = []
    page = f"http://{host}:{web_port}"
    with urllib.request.urlopen(page + "/", timeout=TIMEOUT) as r:
        body = r.read().decode("utf-8", "replace")
        csp = r.headers.get("Content-Security-Policy", "")
        print(f"GET {page}/: {r.status}, {len(body)} bytes, CSP {csp[:60]!r}...")
        if r.status != 200 or 'type="module"' not in body:
            problems.append("the page is not the game's")
        if "script-src 'self'" not in csp or "unsafe-inline" in csp:
            problems.append("the page's Content-Security-Policy allows inline script")
    with connect(f"ws://{host}:{web_port}/ws", origin=page, open_timeout=TIMEOUT) as ws:
        ws.send(msgpack.packb({"t": "hello", "proto": 1, "name": "web join", "client": "web-join"}))
        seen = []
        while len(seen) < 2:
            msg = msgpack.unpackb(ws.recv(timeout=TIMEOUT), raw=False)
            if msg.get("t") == "ping":
                continue
            seen.append(msg)
        print(f"ws://{host}:{web_port}/ws (Origin {page}): " + ", ".join(m.get("t", "?") for m in seen))
        if seen[0].get("t") != "welcome" or seen[0].get("proto") != 1:
            problems.append(f"no welcome: {seen[0]!r}"[:200])
        elif seen[1].get("t") != "tables":
            problems.append(f"no tables after the welcome: {seen[1]!r}"[:200])
        else:
            print(f"  host {seen[0].get('host')!r}, {len(seen[1].get('tables', []))} table(s)")
        ws.send(msgpack.packb({"t": "bye"}))
    try:
        with connect(f"ws://{host}:{web_port}/ws", origin="http://elsewhere.example",
                     open_timeout=TIMEOUT):
            problems.append("a foreign Origin was let in")
    except InvalidStatus as exc:
        print(f"foreign Origin: refused ({exc.response.status_code})")
        if exc.response.status_code != 403:
            problems.append(f"a foreign Origin got {exc.response.status_code}, not 403")
    return problems


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("address", help="HOST[:PORT] (PORT: the game port, default 47474)")
    p.add_argument("--web-port", type=int, default=None, help="the web page's port (default PORT + 1)")
    args = p.parse_args(argv)
    host, _, port = args.address.rpartition(":") if ":" in args.address else (args.address, "", "")
    game_port = int(port) if port else DEFAULT_PORT
    web_port = args.web_port or game_port + 1
    try:
        problems = check(host, web_port)
    except (OSError, InvalidStatus, TimeoutError) as exc:
        problems = [f"cannot reach the page at {host}:{web_port}: {exc}"]
    for line in problems:
        print(f"FAIL: {line}")
    print("web join: ok" if not problems else "web join: FAILED")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
