#!/usr/bin/env python3
"""The standalone app, built and started here: build time, size, start time (it takes minutes: not
part of the test suite).

    pip install -e ".[build]"
    python benchmarks/app_bench.py                 # builds into a temp dir, checks, prints, cleans
    python benchmarks/app_bench.py --app dist/tikal-lan   # an app already built

It builds the one-folder app with tools/build_app.py, then starts the built program as a guest and
as a host would, from a folder outside the checkout, and fails unless each works:
- ``tikal-lan --screenshot out.png --scene tikal``: a real frame (1280x720, hundreds of colours);
- ``tikal-lan host --headless ... --game tortuga --seats 2 --bots 2``: the bots play a game out;
- ``tikal-lan host --headless`` and ``tikal-host --headless``: a guest's hint (both games) comes
  from a worker process of the built program (its fork server is the program started again:
  ``multiprocessing.freeze_support()``, net/hints.py), the plan this checkout computes for it;
- ``tikal-lan host --headless --share DIR``: the download page lists the archive;
- ``tikal-lan host --headless --bind 127.0.0.1``: announced by zeroconf on loopback only, this
  checkout's browser finds it (after a real hello).
Start times are medians of ``--runs`` runs; the same commands from this checkout's Python
(``run_client.py``, ``run_host.py``) give the ratio (the machine's noise cancels out). Only
127.0.0.1 is used (no announcement).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

import build_app


def env_for(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")
           and not k.startswith("XDG_")}
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def timed(cmd, cwd, env) -> float:
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        sys.exit(f"{cmd[0]} failed:\n{r.stderr[-3000:]}")
    return time.perf_counter() - t0


def screenshot_ok(path: Path) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    img = pygame.image.load(str(path))
    colours = {img.get_at((x, y))[:3] for x in range(0, img.get_width(), 8)
               for y in range(0, img.get_height(), 8)}
    if img.get_size() != (1280, 720) or len(colours) < 200:
        sys.exit(f"{path}: not a real frame ({img.get_size()}, {len(colours)} colours)")


def until_listening(cmd, cwd, env) -> tuple[float, subprocess.Popen, list[str]]:
    """Start a host; seconds until it says where it listens; the process (still running)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True)
    lines = [p.stdout.readline()]
    took = time.perf_counter() - t0
    if "listening on" not in lines[0]:
        p.kill()
        sys.exit(f"{cmd[0]} did not start: {lines[0]!r}")
    return took, p, lines


def stop(p: subprocess.Popen) -> None:
    p.terminate()
    try:
        p.wait(10)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def http_get(port: int, target: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        # (the web port keeps an HTTP/1.1 connection open unless told: net/httpd.py)
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return data


async def found_on_loopback(name: str, timeout: float = 15.0):
    """The host named ``name`` as this checkout's zeroconf browser finds it on 127.0.0.1."""
    from net.discovery import Browser

    async with Browser(interfaces=["127.0.0.1"]) as browser:
        [host] = await browser.wait_until(lambda hs: [h for h in hs if h.name == name],
                                          timeout=timeout)
    return host


async def hints_from(port: int) -> list[str]:
    """A guest asks the host on ``port`` for a hint at its first decision of a Tikal and of a La
    Tortuga table (hints allowed, a bot in the other seat): each answer must be the plan this
    checkout's engine computes for the same view and seed (engine/bots/hints.py). What came, in
    words."""
    from engine.bots.hints import askable, hint, seed_for
    from net.client import AsyncClient

    c = AsyncClient("127.0.0.1", port, "App bench", reconnect=False)
    await c.start(timeout=30)
    await c.expect("welcome", 30)
    said = []
    try:
        for game in ("tikal", "tortuga"):
            c.send({"t": "create", "game": game, "seats": 2, "hints": True})
            seat = (await c.expect("seated", 30))["seat"]
            c.send({"t": "bot", "seat": 1 - seat, "level": "normal"})
            await c.expect("table", 30, lambda m: any(p["kind"] == "bot" for p in m["table"]["players"]))
            c.send({"t": "start"})
            while True:
                m = await c.expect("update", 60, lambda u: "legal" in u and not u["over"])
                if askable(game, m["view"], m["legal"]):
                    break
                c.send({"t": "action", "state": m["state"], "action": m["legal"][0]})
            t0 = time.perf_counter()
            seq = c.send({"t": "hint", "state": m["state"]})["seq"]
            while True:
                got = await c.recv(60)
                if got.get("seq") == seq and got.get("t") in ("hint", "error"):
                    break
            took = time.perf_counter() - t0
            want = hint(game, m["view"], m["legal"], seat, seed_for(m["state"], seat))
            if got["t"] != "hint" or got["steps"] != want["steps"]:
                sys.exit(f"the app's host gave {got} for the {game} hint, not {want}")
            said.append(f"{game}:{len(got['steps'])}_steps_in_{took:.2f}s")
            c.send({"t": "leave"})
            await c.expect("left", 30)
    finally:
        await c.close()
    return said


def listening_port(line: str) -> int:
    """The port of a host's first line ("host 'x' listening on 127.0.0.1:47474 ...")."""
    return int(line.split("127.0.0.1:")[1].split()[0].rstrip(";"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--app", type=Path, help="an app folder already built (skip the build)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="tikal-app-bench-"))
    try:
        dist = tmp / "dist"
        if args.app:
            app, built_s = args.app.resolve(), None
            dist.mkdir()
        else:
            t0 = time.perf_counter()
            app = build_app.build_app(dist, tmp / "work")
            built_s = time.perf_counter() - t0
        exe = build_app.executable(app)
        archive = build_app.archive(app, dist)
        cwd = tmp / "elsewhere"
        cwd.mkdir()
        env = env_for(tmp / "home")
        py = [sys.executable]
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")

        shot = ["--screenshot", "out.png", "--scene", "tikal"]
        app_shot = [timed([str(exe), *shot], cwd, env) for _ in range(args.runs)]
        screenshot_ok(cwd / "out.png")
        (cwd / "out.png").unlink()
        py_shot = [timed([*py, str(ROOT / "run_client.py"), *shot], cwd, env)
                   for _ in range(args.runs)]
        screenshot_ok(cwd / "out.png")

        host = ["--headless", "--no-announce", "--bind", "127.0.0.1", "--port", "0",
                "--log-file", "", "--data-dir", str(tmp / "saves")]
        app_host, py_host = [], []
        for _ in range(args.runs):
            took, p, _ = until_listening([str(exe), "host", *host], cwd, env)
            stop(p)
            app_host.append(took)
            took, p, _ = until_listening([*py, str(ROOT / "run_host.py"), *host], cwd, env)
            stop(p)
            py_host.append(took)

        r = subprocess.run([str(exe), "host", *host, "--game", "tortuga", "--seats", "2",
                            "--bots", "2"], cwd=cwd, env=env, capture_output=True, text=True,
                           timeout=120)
        if r.returncode != 0 or "over: scores" not in r.stdout:
            sys.exit(f"the app's headless host did not play the game out:\n{r.stdout}\n{r.stderr}")

        hinted = []
        for program in ([str(exe), "host"], [str(exe.with_name(exe.name.replace(build_app.APP, "tikal-host")))]):
            _, p, lines = until_listening([*program, *host], cwd, env)
            try:
                hinted += asyncio.run(hints_from(listening_port(lines[0])))
            finally:
                stop(p)

        _, p, lines = until_listening([str(exe), "host", *host, "--share", str(dist)], cwd, env)
        try:
            lines.append(p.stdout.readline())
            page_port = int(lines[1].split("127.0.0.1:")[1].split(",")[0].split("/")[0])
            # the download page: /download beside the browser's game (the web page), or the
            # whole page of a host without it (--no-web)
            page = http_get(page_port, "/download")
            if b"200 OK" not in page.split(b"\r\n")[0]:
                page = http_get(page_port, "/")
        finally:
            stop(p)
        if b"200 OK" not in page.split(b"\r\n")[0] or archive.name.encode() not in page:
            sys.exit(f"the app's download page does not list {archive.name}:\n{page[:2000]!r}")

        announced = [a for a in host if a != "--no-announce"] + ["--name", "App bench host"]
        _, p, lines = until_listening([str(exe), "host", *announced], cwd, env)
        try:
            port = listening_port(lines[0])
            seen = asyncio.run(found_on_loopback("App bench host"))
        finally:
            stop(p)
        if seen.port != port or seen.ping_ms is None:
            sys.exit(f"zeroconf found {seen} for the app's host on port {port}")

        med = statistics.median
        print(f"app={exe.relative_to(app.parent)} platform={build_app.platform_tag()} "
              f"load_avg={load:.2f} runs={args.runs}")
        if built_s is not None:
            print(f"build_s={built_s:.0f}")
        print(f"app_folder_mb={build_app.folder_size(app) / 1e6:.1f} "
              f"archive_mb={archive.stat().st_size / 1e6:.1f} ({archive.name})")
        print(f"screenshot_start_to_exit_s app={med(app_shot):.2f} python={med(py_shot):.2f} "
              f"ratio={med(app_shot) / med(py_shot):.2f}")
        print(f"host_start_to_listening_s app={med(app_host):.2f} python={med(py_host):.2f} "
              f"ratio={med(app_host) / med(py_host):.2f}")
        print(f"headless_bot_game=ok ({r.stdout.strip().splitlines()[-1]}) download_page=ok "
              f"zeroconf_on_loopback=ok")
        print(f"hints_from_the_app's_workers=ok ({' '.join(hinted)})")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
