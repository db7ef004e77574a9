#!/usr/bin/env python3
"""Client speed figures (headless, SDL's dummy driver).

1. Time from start to the lobby: a fresh process imports the client, starts the embedded host
   (the default of run_client.py), opens the window and runs frames until the lobby shows our seat
   at the quick-game table. Target <= 1.5 s.
2. Frame time during the La Tortuga animations (p50 / p99), for reference.
3. Frame time p50 / p99 during the volcano scoring sequence on a full late-game board (target
   p99 <= 8 ms), wall and CPU: ``volcano_frame_times``.
4. What an update costs the window's thread when it arrives (issue 29: updates flow one way, the
   table lands on the view the update carries): the table's ``on_net`` for every update of whole
   bot games (a Tikal auction, Tikal base, La Tortuga with cards as dice; a player's seat and a
   spectator's), thread CPU time, its max and p99 against one frame (16.7 ms), beside what the
   engine's own next view (the test oracle, tests/oracle.py: what the table computed before) costs
   for the same updates: ``update_costs``.

    python benchmarks/client_bench.py            (all)
    python benchmarks/client_bench.py updates    (4. only)
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


# ------------------------------------------------------------------------------------------------
FRAME = 1 / 60
GAMES = [("tikal", 4, {"variant": "auction"}, None), ("tikal", 3, {"variant": "auction"}, 1),
         ("tikal", 3, {"variant": "base"}, 0), ("tortuga", 5, {"cards_as_dice": True}, 2)]


def update_costs(seeds=range(3)) -> dict:
    """Per update of whole random-bot games through the real table scene (a LocalBridge: the
    host's message shapes): the thread CPU time of the table's ``on_net`` (the window's thread),
    and of the oracle's ``advance`` on the same update (off the window: the figure of before)."""
    import engine
    from engine.bots import make_bot
    from game.app import App
    from game.games import CLIENTS
    from game.net_bridge import LocalBridge
    from game.settings import Settings

    sys.path.insert(0, str(ROOT / "tests"))
    from oracle import advance

    out = {}
    for game, seats, options, seat in GAMES:
        costs, oracle = [], []
        for seed in seeds:
            g = engine.new_game(game, seats=seats, seed=seed, options=options)
            bots = {s: make_bot(game, "random", s, seed * 7 + s) for s in range(seats)}
            app = App(Settings(anim_speed=8.0))
            bridge = LocalBridge(g, my_seat=seat, names=[f"P{i}" for i in range(seats)])
            app.bridge = bridge
            scene = app.show(CLIENTS[game].table(app, bridge))
            real = scene.on_net

            def timed(note, real=real):
                c0 = time.thread_time()
                real(note)
                if note.get("kind") == "update":
                    costs.append(time.thread_time() - c0)
            scene.on_net = timed
            app.step(FRAME, events=[])
            while not g.is_over:
                before = g.view(seat)
                s = g.to_act
                bridge.act(bots[s].choose(g.view(s), g.legal_actions()))     # the "host" applies it
                events = bridge.notes[-1]["events"]
                c0 = time.thread_time()
                advance(before, events, seat, tries=400)
                oracle.append(time.thread_time() - c0)
                app.step(FRAME, events=[])
            app.close()
        name = f"{game} {options} seat {seat}"
        out[name] = (costs, oracle)
        p50, p99 = percentiles(costs)
        o50, o99 = percentiles(oracle)
        print(f"  {name}: {len(costs)} updates; on the window's thread p50 {p50 * 1000:.3f} ms, "
              f"p99 {p99 * 1000:.3f} ms, max {max(costs) * 1000:.3f} ms, over a frame: "
              f"{sum(c > FRAME for c in costs)}; the engine's next view (before) p99 {o99 * 1000:.1f} ms, "
              f"max {max(oracle) * 1000:.1f} ms, over a frame: {sum(c > FRAME for c in oracle)}")
    return out


def main() -> None:
    if sys.argv[1:] == ["updates"]:
        print(f"client_bench: what an update costs the window's thread (load average {os.getloadavg()[0]:.1f})")
        update_costs()
        return
    print("client_bench: time from start to the lobby (embedded host, target <= 1.5 s)")
    runs = start_to_lobby()
    print(f"start to lobby: best {min(runs) * 1000:.0f} ms, median {statistics.median(runs) * 1000:.0f} ms "
          f"(target <= 1500 ms)")
    p50, p99 = percentiles(tortuga_frame_times())
    print(f"La Tortuga table frame time: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms")
    p50, p99 = percentiles(volcano_frame_times())
    print(f"volcano scoring frame time: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms (target p99 <= 8 ms)")
    print(f"what an update costs the window's thread (load average {os.getloadavg()[0]:.1f})")
    update_costs()


if __name__ == "__main__":
    main()
