"""Bot strength and think time (issue 5): fixed-seed games between bot levels.

    python benchmarks/bots_bench.py --games 200 --seed 1 --jobs 2
    python benchmarks/bots_bench.py --games 40 --matchups tikal-4p-hard-vs-normal

Prints one line per matchup:

    matchup=tikal-4p-hard-vs-normal games=N win_rate=0.63 ci95=0.52-0.73 think_p50_s=0.41 think_max_s=1.38

- ``win_rate``: of the first-named side (one bot of that level against bots of the other level in
  every other seat); a shared victory counts as a fraction (1/number of winners).
- The first-named side's seat rotates across games (game i: seat i mod seats); game i uses game
  seed ``seed * 100003 + i`` and bot seeds derived from it, so a run is reproducible.
- ``ci95``: Wilson score interval of the win rate.
- ``think_*``: wall time of the first-named side's decisions (``choose``), median and maximum.
  Games run in ``--jobs`` processes; think times are measured inside each process.
- When the first-named side is a hard Tikal bot, the line goes on with its habits (issue 13,
  ``engine/bots/tikal_bots/habits.py``), each the mean count per game of that side:
  ``cheap_guard`` guards on a temple of level 3 or less within the first 8 tiles drawn,
  ``lost_leader`` guards placed with a worker while its own leader stood on the hex,
  ``idle_scoring`` scoring turns ended with 5 AP or more unspent and figures in its supply,
  ``uncover_rival`` temples it uncovered and left where a rival leads or ties.
- ``hard_prev`` is the hard Tikal bot with its previous valuation (``params="hard_prev"``, see
  ``engine/bots/tikal_bots/value.py``), kept for this comparison only.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.bots.tikal_bots.habits import HABITS, HabitWatch  # noqa: E402

#: name -> (game, seats, options, first level, other level)
MATCHUPS = {
    "tikal-4p-hard-vs-normal": ("tikal", 4, {"variant": "base"}, "hard", "normal"),
    "tikal-2p-hard-vs-normal": ("tikal", 2, {"variant": "base"}, "hard", "normal"),
    "tortuga-4p-expectimax-vs-greedy": ("tortuga", 4, {}, "hard", "normal"),
    "tikal-4p-auction-hard-vs-normal": ("tikal", 4, {"variant": "auction"}, "hard", "normal"),
    "tikal-4p-hard-vs-hard_prev": ("tikal", 4, {"variant": "base"}, "hard", "hard_prev"),
    "tikal-4p-hard_prev-vs-normal": ("tikal", 4, {"variant": "base"}, "hard_prev", "normal"),
    "tikal-4p-normal-vs-easy": ("tikal", 4, {"variant": "base"}, "normal", "easy"),
    "tikal-4p-normal-vs-random": ("tikal", 4, {"variant": "base"}, "normal", "random"),
    "tikal-4p-easy-vs-random": ("tikal", 4, {"variant": "base"}, "easy", "random"),
    "tortuga-4p-expectimax-vs-easy": ("tortuga", 4, {}, "hard", "easy"),
}
DEFAULT = ("tikal-4p-hard-vs-normal", "tikal-2p-hard-vs-normal", "tortuga-4p-expectimax-vs-greedy")


def make(game: str, level: str, seat: int, seed: int, kwargs: dict):
    if game == "tikal" and level in ("hard", "hard_prev"):
        kw = dict(kwargs)
        if level == "hard_prev":
            kw["params"] = "hard_prev"
        return make_bot(game, "hard", seat, seed=seed, **kw)
    return make_bot(game, level, seat, seed=seed)


def play(task: tuple) -> tuple:
    """One game: (share of the victory of the first-named side, its think times, scores, its
    seat, its habit counts or None)."""
    name, seed, index, kwargs = task
    game, seats, options, first, other = MATCHUPS[name]
    gseed = seed * 100003 + index
    hero = index % seats
    g = engine.new_game(game, seats, gseed, options)
    bots = [make(game, first if s == hero else other, s, gseed * 8 + s + 1, kwargs)
            for s in range(seats)]
    watch = HabitWatch(hero) if game == "tikal" and first.startswith("hard") else None
    think = []
    while not g.is_over:
        seat = g.to_act
        view, legal = g.view(seat), g.legal_actions()
        t = time.perf_counter()
        action = bots[seat].choose(view, legal)
        dt = time.perf_counter() - t
        if seat == hero:
            think.append(dt)
        events = g.apply(action)
        if watch is not None and seat == hero:
            watch.seen(view, action, events, g.view(None))
    winners = g.winners
    share = 1 / len(winners) if hero in winners else 0.0
    return share, think, g.scores, hero, None if watch is None else watch.counts


def wilson(wins: float, n: int, z: float = 1.96) -> tuple:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def run(name: str, games: int, seed: int, jobs: int, kwargs: dict, verbose: bool) -> str:
    tasks = [(name, seed, i, kwargs) for i in range(games)]
    results = []
    if jobs > 1:
        with Pool(jobs) as pool:
            for r in pool.imap(play, tasks):
                results.append(r)
                if verbose:
                    report(name, len(results), r)
    else:
        for t in tasks:
            results.append(play(t))
            if verbose:
                report(name, len(results), results[-1])
    wins = sum(r[0] for r in results)
    think = [x for r in results for x in r[1]]
    lo, hi = wilson(wins, games)
    p50 = statistics.median(think) if think else 0.0
    mx = max(think) if think else 0.0
    line = (f"matchup={name} games={games} win_rate={wins / games:.2f} ci95={lo:.2f}-{hi:.2f} "
            f"think_p50_s={p50:.2f} think_max_s={mx:.2f}")
    if results and results[0][4] is not None:
        line += "".join(f" {k}={sum(r[4][k] for r in results) / games:.2f}" for k in HABITS)
    return line


def report(name: str, i: int, r: tuple) -> None:
    habits = "" if r[4] is None else " " + " ".join(f"{k}={v}" for k, v in r[4].items() if v)
    print(f"  {name} game {i}: seat {r[3]} share {r[0]:.2f} scores {r[2]}{habits}",
          file=sys.stderr, flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--matchups", nargs="+", default=list(DEFAULT), choices=sorted(MATCHUPS))
    ap.add_argument("--budget", type=int, default=None, help="the hard Tikal bot's budget")
    ap.add_argument("--verbose", action="store_true", help="one line per game on stderr")
    args = ap.parse_args(argv)
    kwargs = {} if args.budget is None else {"budget": args.budget}
    for name in args.matchups:
        print(run(name, args.games, args.seed, args.jobs, kwargs, args.verbose), flush=True)


if __name__ == "__main__":
    main()
