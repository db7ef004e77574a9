#!/usr/bin/env python3
"""The wait at "your turn": how long a player waits, once the host says it is their turn, until the
window lets them act (the moves of the bots before them still being shown).

A real host on 127.0.0.1 (in a thread, the host's default bot delay unless ``--delay``), a Tikal
table of four: three bots and our seat, played by a headless window (SDL's dummy driver) through a
real loopback connection, its frames at the wall clock's pace (the real client's pacing: the
animations, their catch-up, the chip). Our own moves are the normal bot's, sent at once. For each
of our turns the figure is: from the frame at which the bridge first holds our turn to the first
frame at which our actions are offered (``scene.legal``).

    python benchmarks/wait_bench.py [--turns 12] [--delay SECONDS] [--seed 1]

Prints the median and the max wait, how many waits were over 6 s, and for the longest ones what the
window still had to show when our turn came (moves, turns, event types). Target: max <= 6 s with
the default delay.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

LIMIT = 6.0


def default_delay() -> float:
    """The host's default bot delay (its command line's)."""
    from net.config import COMMAND

    return COMMAND.bot_delay


def run(turns: int, delay: float, seed: int, level: str, time_limit: float) -> dict:
    from engine.bots import make_bot
    from game.app import App
    from game.net_bridge import NetBridge
    from game.scenes.browser import BrowserScene
    from game.scenes.lobby import LobbyScene
    from game.settings import Settings
    from game.tikal.scene import TikalScene
    from net.config import HostConfig
    from net.host import Host, start_in_thread

    host = Host(HostConfig(name="wait bench", bind="127.0.0.1", port=0, announce=False, bot_delay=delay))
    addr, port, stop = start_in_thread(host=host)
    made, done = {}, threading.Event()

    def make():
        made["t"] = host.create_table("tikal", 4, None, bots=3, bot_level=level)
        done.set()
    host.loop.call_soon_threadsafe(make)
    assert done.wait(10)
    app = App(Settings(name="Bench", guide_done=True))
    app.bridge = b = NetBridge("Bench", discovery=False)
    app.show(BrowserScene(app, b))
    app.scene.connect(f"{addr}:{port}")
    waits, queued = [], []
    try:
        t_end = time.perf_counter() + 30
        while not (isinstance(app.scene, LobbyScene) and b.tables) and time.perf_counter() < t_end:
            app.step(1 / 60)
            time.sleep(1 / 120)
        b.auto_ready = True
        b.sit(made["t"].id)
        while not (b.lobby and b.table.my_seat is not None and b.lobby["players"][b.table.my_seat].get("ready")):
            app.step(1 / 60)
            time.sleep(1 / 120)
        b.start()
        while not isinstance(app.scene, TikalScene):
            app.step(1 / 60)
            time.sleep(1 / 120)
        scene = app.scene
        me = b.table.my_seat
        bot = make_bot("tikal", "normal", me, seed)
        waiting_since = None            # the frame's time when the bridge first held our turn
        was_mine = False
        last = time.perf_counter()
        t_stop = last + time_limit
        while len(waits) < turns and not b.table.over and time.perf_counter() < t_stop:
            now = time.perf_counter()
            app.step(min(0.1, now - last))
            app.draw()
            last = now
            mine = b.table.my_turn()
            if mine and not was_mine:       # the host just gave us the turn
                waiting_since = now
                queued.append({"moves": scene.moves_to_watch(), "turns": sum(scene.backlog)})
            was_mine = mine
            offered = [a for a in b.table.legal if scene.legal(a.get("type"))]
            if mine and offered:
                if waiting_since is not None:
                    waits.append(now - waiting_since)
                    queued[-1]["wait"] = waits[-1]
                    waiting_since = None
                if scene.pending != b.table.state:
                    action = bot.choose(b.table.view, b.table.legal)
                    scene.send(action if action in b.table.legal else b.table.legal[0])
            if os.environ.get("WAIT_BENCH_DEBUG") and int(now) % 5 == 0 and int(now) != getattr(run, "_said", 0):
                run._said = int(now)
                print(f"state {b.table.state} to_act {b.table.to_act} mine {mine} busy {scene.timeline.busy} "
                      f"phase {b.table.view.get('phase')} legal {len(b.table.legal)} offered {len(offered)} "
                      f"pending {scene.pending} waits {len(waits)}", flush=True)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
    finally:
        app.close()
        stop()
    return {"waits": waits, "queued": queued}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--turns", type=int, default=12, help="our turns to measure (default 12)")
    p.add_argument("--delay", type=float, default=None, help="the host's bot delay (default: the host's default)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="normal", help="the bots' level (default normal)")
    p.add_argument("--time-limit", type=float, default=600.0, help="stop after this many seconds")
    args = p.parse_args(argv)
    delay = default_delay() if args.delay is None else args.delay
    res = run(args.turns, delay, args.seed, args.level, args.time_limit)
    waits = res["waits"]
    if not waits:
        print("no turn of ours was measured")
        return 1
    over = sum(1 for w in waits if w > LIMIT)
    print(f"bot delay {delay:.2f} s, {len(waits)} turns: wait at 'your turn' median {statistics.median(waits):.2f} s, "
          f"max {max(waits):.2f} s, over {LIMIT:.0f} s: {over} (target: max <= {LIMIT:.0f} s)")
    for q in sorted((q for q in res["queued"] if "wait" in q), key=lambda q: -q["wait"])[:3]:
        print(f"  {q['wait']:.2f} s: {q['moves']} moves ({q['turns']} turns) still to show when our turn came")
    return 0 if max(waits) <= LIMIT else 2


if __name__ == "__main__":
    sys.exit(main())
