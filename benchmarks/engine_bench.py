"""Engine speed: prints the figures; no test asserts on them.

    python benchmarks/engine_bench.py            # all figures
    python benchmarks/engine_bench.py --quick    # fewer games (a smoke run)

- Tikal 4p base / auction: complete games per second, every action drawn uniformly from
  ``legal_actions()`` by a seeded generator (targets: >= 150 games/s on one core).
- La Tortuga 4 and 7 seats: complete games per second, the same way (target >= 1,000 games/s).
- Tikal legal_actions() median µs over late-game states (the stack nearly spent, an AP phase;
  target <= 50 µs), each computed afresh (the per-state cache is not used).

Times are this process's CPU time (``time.process_time``: one core's work, not the waits while
other processes run on this shared machine); each figure is the best of ``repeats`` runs.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine import tikal  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.tikal import flow  # noqa: E402

TARGETS = {"tikal_base_games_per_s": 150, "tikal_auction_games_per_s": 150,
           "tortuga_4_games_per_s": 1000, "tortuga_7_games_per_s": 1000,
           "tikal_legal_median_us": 50}


def random_game(make, seed: int) -> int:
    """Plays one game with uniformly random legal actions; returns the number of actions."""
    g = make(seed)
    rng = Rng(seed ^ 0x5EED)
    n = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return n


def games_per_second(make, games: int, repeats: int = 3) -> float:
    best = 0.0
    for r in range(repeats):
        t = time.process_time()
        for seed in range(games):
            random_game(make, 1000 * r + seed)
        best = max(best, games / (time.process_time() - t))
    return best


def tikal_maker(variant: str):
    return lambda seed: tikal.new_game(4, seed, {"variant": variant})


def tortuga_maker(seats: int):
    return lambda seed: engine.new_game("tortuga", seats, seed, {})


def late_states(games: int) -> list:
    """AP-phase states of 4-player base games once at most 6 tiles are left in the stack."""
    out = []
    for seed in range(games):
        g = tikal.new_game(4, seed, {"variant": "base"})
        rng = Rng(seed)
        while not g.is_over:
            if g.phase == "actions" and len(g.s.stack) <= 6:
                out.append(g.clone().s)
            g.apply(rng.choice(g.legal_actions()))
    return out


def legal_median_us(states: list, repeats: int = 3, inner: int = 20) -> float:
    times = []
    for s in states:
        best = float("inf")
        for _ in range(repeats):
            t = time.process_time()
            for _ in range(inner):
                flow.legal(s)               # uncached: what TikalGame.legal_actions computes
            best = min(best, (time.process_time() - t) / inner)
        times.append(best * 1e6)
    return statistics.median(times)


def measure(quick: bool = False) -> dict:
    games = 20 if quick else 100
    states = late_states(5 if quick else 20)
    return {
        "tikal_base_games_per_s": games_per_second(tikal_maker("base"), games),
        "tikal_auction_games_per_s": games_per_second(tikal_maker("auction"), games),
        "tortuga_4_games_per_s": games_per_second(tortuga_maker(4), games * 10),
        "tortuga_7_games_per_s": games_per_second(tortuga_maker(7), games * 10),
        "tikal_legal_median_us": legal_median_us(states),
        "tikal_legal_states": len(states),
    }


def main() -> None:
    figures = measure(quick="--quick" in sys.argv)
    for variant in ("base", "auction"):
        rate = figures[f"tikal_{variant}_games_per_s"]
        print(f"Tikal 4p {variant + ':':9s}{rate:7.1f} games/s   (target >= 150)")
    for seats in (4, 7):
        rate = figures[f"tortuga_{seats}_games_per_s"]
        print(f"La Tortuga {seats}p:   {rate:7.1f} games/s   (target >= 1000)")
    print(f"Tikal legal_actions() median on {figures['tikal_legal_states']} late-game states: "
          f"{figures['tikal_legal_median_us']:.1f} µs   (target <= 50)")


if __name__ == "__main__":
    main()
