#!/usr/bin/env python3
"""Replay viewer speed (headless, SDL's dummy driver): how long a step takes from the key to the
drawn frame that shows it, on a whole Tikal game of bots (and a La Tortuga one).

- load: the book built from the file's dict (every position's public view);
- forward: one move forward (its update handed to the table, the frame drawn), p50 / p99 / max
  over every move of the game;
- back: one move back (a resync from the kept view, the log rebuilt, the frame drawn), over every
  move from the end to the start;
- jump: to the middle of the game from the end (the timeline), and back to the end;
- playing at x4: the frame time (step + draw) p50 / p99 while the game plays by itself.
Target: every step under one frame (16.7 ms at 60 fps).

    python benchmarks/replay_bench.py [--frames N]
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

FRAME_MS = 1000 / 60


def ms(samples: list[tuple[float, float]]) -> str:
    """p50 / p99 / max of (wall, CPU) samples: the wall time as measured, and the CPU time this
    process spent (on a shared machine the wall time also holds the waits for a core)."""
    out = []
    for i, what in ((0, "wall"), (1, "cpu")):
        s = sorted(x[i] for x in samples)
        p99 = s[min(len(s) - 1, int(len(s) * 0.99))]
        out.append(f"{what} p50 {statistics.median(s) * 1000:5.2f} p99 {p99 * 1000:6.2f} max {s[-1] * 1000:6.2f}")
    return " | ".join(out) + " ms"


def timed(fn) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def bench(game: str, seats: int, seed: int, level: str, frames: int) -> None:
    from game.app import App
    from game.replay.book import ReplayBook
    from game.replay.samples import bot_replay
    from game.replay.viewer import replay_scene
    from game.settings import Settings

    replay = bot_replay(game, seats=seats, seed=seed, level=level)
    t0 = time.perf_counter()
    book = ReplayBook(replay)
    load = time.perf_counter() - t0
    app = App(Settings(anim_speed=1.0, guide_done=True))
    table = app.show(replay_scene(app, book, on_back=lambda: None))
    viewer = table.watcher
    app.step(1 / 60, events=[])
    app.draw()
    print(f"{game}, {seats} seats, {book.last} moves: book built in {load * 1000:.1f} ms "
          f"({load / book.last * 1e6:.0f} us a move)")

    def shown(step) -> tuple[float, float]:
        """One step, then the frame that shows it (the app's step and draw)."""
        def go():
            step()
            app.step(1 / 60, events=[])
            app.draw()
        return timed(go)

    forward = []
    for _ in range(book.last):
        forward.append(shown(viewer.step_forward))
        table.timeline.skip()          # the next step starts from a settled table
    back = [shown(viewer.step_back) for _ in range(book.last)]
    viewer.seek(book.last)
    jumps = []
    for _ in range(10):
        jumps.append(shown(lambda: viewer.seek(book.last // 2)))
        jumps.append(shown(lambda: viewer.seek(book.last)))
    print(f"  forward a move      {ms(forward)}")
    print(f"  back a move         {ms(back)}")
    print(f"  jump (middle, end)  {ms(jumps)}")
    viewer.seek(0)
    viewer.speed = 4
    viewer.toggle_play()
    play = []
    def frame():
        app.step(1 / 60, events=[])
        app.draw()
    for _ in range(frames):
        play.append(timed(frame))
    print(f"  playing at x4       {ms(play)}   ({viewer.bridge.at} moves in {frames} frames)")
    for i, what in ((0, "wall"), (1, "cpu")):
        p99 = max(sorted(x[i] for x in s)[min(len(s) - 1, int(len(s) * 0.99))] for s in (forward, back, jumps))
        print(f"  every step under one frame ({FRAME_MS:.1f} ms), p99 of {what}: "
              f"{'yes' if p99 * 1000 < FRAME_MS else 'NO'} ({p99 * 1000:.2f} ms)")
    app.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=600, help="frames of play at x4")
    args = p.parse_args()
    bench("tikal", 2, 2, "random", args.frames)
    bench("tortuga", 4, 5, "easy", args.frames)


if __name__ == "__main__":
    main()
