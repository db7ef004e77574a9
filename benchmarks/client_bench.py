#!/usr/bin/env python3
"""Client speed figures (headless, SDL's dummy driver).

1. Time from start to the lobby: a fresh process imports the client, starts the embedded host
   (the default of run_client.py), opens the window and runs frames until the lobby shows our seat
   at the quick-game table. Target <= 1.5 s.
2. Frame time during the La Tortuga animations (p50 / p99), for reference.
3. Frame time p50 / p99 during the volcano scoring sequence on a full late-game board (target
   p99 <= 8 ms), wall and CPU: ``volcano_frame_times``.

    python benchmarks/client_bench.py
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

START_TO_LOBBY = r"""
import time, os, sys
t0 = time.perf_counter()
sys.path.insert(0, sys.argv[1])
from game.launch import open_window, start_embedded
from game.settings import Settings
from game.scenes.lobby import LobbyScene
settings = Settings(name="Bench")
address, table, stop = start_embedded(settings.name)
app = open_window(settings, address, auto_sit=table, auto_ready=True, discovery=False)
b = app.bridge
while time.perf_counter() - t0 < 20:
    app.step(1 / 60)
    app.draw()
    if isinstance(app.scene, LobbyScene) and b.lobby and b.table.my_seat is not None:
        break
    time.sleep(0.001)
t = time.perf_counter() - t0
ok = isinstance(app.scene, LobbyScene) and b.table.my_seat is not None
app.close(); stop()
print(f"{t:.4f} {ok}")
"""


def start_to_lobby(runs: int = 3) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.run([sys.executable, "-c", START_TO_LOBBY, str(ROOT)], capture_output=True, text=True,
                           timeout=60)
        wall = time.perf_counter() - t0
        inner, ok = p.stdout.split()[-2:] if p.stdout.strip() else ("nan", "False")
        if ok != "True":
            print(p.stderr[-2000:], file=sys.stderr)
            raise SystemExit("start to lobby: the lobby never showed")
        out.append(wall)
        print(f"  run: {wall * 1000:.0f} ms wall (process start included), {float(inner) * 1000:.0f} ms in-process")
    return out


def percentiles(samples: list[float]) -> tuple[float, float]:
    s = sorted(samples)
    return statistics.median(s), s[min(len(s) - 1, int(round(0.99 * (len(s) - 1))))]


def tortuga_frame_times(frames: int = 600) -> list[float]:
    """Frame time (step + draw) while a La Tortuga game with bots animates."""
    import engine
    from engine.bots import make_bot
    from game.app import App
    from game.net_bridge import LocalBridge
    from game.scenes.samples import NAMES
    from game.settings import Settings
    from game.tortuga.scene import TortugaScene

    g = engine.new_game("tortuga", seats=7, seed=5)
    bots = {s: make_bot("tortuga", "random", s, s) for s in range(1, 7)}
    app = App(Settings())
    bridge = LocalBridge(g, my_seat=0, names=NAMES, bots=bots)
    app.bridge = bridge
    scene = app.show(TortugaScene(app, bridge))
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step(1 / 60, events=[])
        app.draw()
        times.append(time.perf_counter() - t0)
        if app.scene is scene and not scene.timeline.busy and bridge.table.my_turn():
            scene.send(bridge.table.legal[0])
    return times


# ------------------------------------------------------------------------------------------------
def volcano_frame_times(runs: int = 3) -> list[float]:
    """The late-game board of ``game.tikal.positions.LATE`` (35 tiles, four players): Chloé ends
    her turn, Dmitri draws the third volcano, it erupts, all four scoring turns and tallies follow
    and the volcano lands on the board. Frames of 1/60 s (step + draw) until the timeline is idle,
    ``runs`` times (a fresh app each: first-frame caches are part of the figure)."""
    from game.app import App
    from game.settings import Settings
    from game.tikal import samples
    from game.tikal.positions import LATE
    from game.tikal.scene import TikalScene

    times: list[float] = []
    cpu: list[float] = []  # the thread's CPU time per frame: the same figure without other processes' load
    for _ in range(runs):
        app = App(Settings())
        bridge = samples.local(LATE, 0)
        app.bridge = bridge
        scene = app.show(TikalScene(app, bridge))
        app.step(1 / 60, events=[])
        app.draw()
        g = bridge.game
        samples.end_turn(bridge)                  # the volcano is drawn: the scoring round
        while g.view(None).get("scoring"):
            samples.end_turn(bridge)              # every scorer ends their scoring turn
        bridge.act(g.legal_actions()[0])          # the drawer places the volcano
        for _ in range(60 * 60):
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step(1 / 60, events=[])
            app.draw()
            times.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
            if not scene.timeline.busy:
                break
        assert scene.shown == bridge.table.view, "the sequence did not end in the host's view"
        app.close()
    c50, c99 = percentiles(cpu)
    print(f"  volcano scoring: {len(times)} frames; thread CPU time per frame p50 {c50 * 1000:.2f} ms, "
          f"p99 {c99 * 1000:.2f} ms (load average {os.getloadavg()[0]:.1f})")
    return times


def main() -> None:
    print("client_bench: time from start to the lobby (embedded host, target <= 1.5 s)")
    runs = start_to_lobby()
    print(f"start to lobby: best {min(runs) * 1000:.0f} ms, median {statistics.median(runs) * 1000:.0f} ms "
          f"(target <= 1500 ms)")
    p50, p99 = percentiles(tortuga_frame_times())
    print(f"La Tortuga table frame time: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms")
    p50, p99 = percentiles(volcano_frame_times())
    print(f"volcano scoring frame time: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms (target p99 <= 8 ms)")


if __name__ == "__main__":
    main()
