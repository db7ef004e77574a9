#!/usr/bin/env python3
"""The Tikal hint's cost: how long the strong bot takes to plan a turn for the hint, and
what the window's frames do meanwhile (the plan runs in a thread; the frame loop goes on).

On the "tikal_hint" position (mid-game, our tile to place), for several seeds: the plan's time,
and the frame time (one step and one draw, no vsync) before and while the plan is computed. The
machine's load average is printed: other work moves the frame p99 (the thread and the frame loop
share the interpreter lock).

    python benchmarks/hint_bench.py [--runs 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def table(seed: int):
    from game.app import App
    from game.settings import Settings
    from game.tikal.samples import hint_table

    app = App(Settings(anim_speed=0, guide_done=True))
    b, scene = hint_table(app)
    b.state += seed          # a different seed for the hint's bot (it is derived from the state)
    b.table.state = b.state
    return app, scene.addons[0]


def frames(app, n=None, until=None) -> list[float]:
    out = []
    while True:
        t = time.perf_counter()
        app.step(1 / 60, events=[])
        app.draw()
        out.append(time.perf_counter() - t)
        if (until is not None and until()) or (n is not None and len(out) >= n):
            return out


def p(xs, q):
    return sorted(xs)[max(0, int(len(xs) * q) - 1)] * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    plans, idle, busy = [], [], []
    for run in range(args.runs):
        app, hint = table(run)
        idle += frames(app, n=120)
        t0 = time.perf_counter()
        hint.ask()
        busy += frames(app, until=lambda: hint.thread is None)
        plans.append(time.perf_counter() - t0)
        assert hint.plan, "the hint found no plan"
        app.close()
    print(f"hint_plan_s median={statistics.median(plans):.2f} max={max(plans):.2f} runs={args.runs}")
    print(f"frame_ms idle p50={p(idle, 0.5):.1f} p99={p(idle, 0.99):.1f}; while planning "
          f"p50={p(busy, 0.5):.1f} p99={p(busy, 0.99):.1f} frames={len(busy)}")
    print(f"load_average={os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
