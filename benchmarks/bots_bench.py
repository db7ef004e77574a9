"""Bot strength and think time: fixed-seed games between bot levels.

    python benchmarks/bots_bench.py --games 200 --seed 1 --jobs 2
    python benchmarks/bots_bench.py --games 40 --matchups tikal-4p-hard-vs-normal

Prints one line per matchup:

    matchup=tikal-4p-hard-vs-normal games=N win_rate=0.63 ci95=0.52-0.73 think_p50_s=0.41 \
        think_max_s=1.38 think_cpu_max_s=0.70 cheap_guard=0.00 ...   (one line)

- ``win_rate``: of the first-named side (one bot of that level against bots of the other level in
  every other seat); a shared victory counts as a fraction (1/number of winners).
- The first-named side's seat rotates across games (game i: seat i mod seats); game i uses game
  seed ``seed * 100003 + i`` and bot seeds derived from it, so a run is reproducible.
- ``ci95``: Wilson score interval of the win rate.
- ``think_*``: wall time of the first-named side's decisions (``choose``), median and maximum;
  ``think_cpu_max_s`` the maximum CPU time of its thread (what the machine's load does not move).
  Games run in ``--jobs`` processes; think times are measured inside each process.
- When the first-named side is a hard Tikal bot, the line goes on with its habits
  (``engine/bots/tikal_bots/habits.py``), each the mean count per game of that side:
  ``cheap_guard`` guards on a temple of level 3 or less within the first 8 tiles drawn,
  ``lost_leader`` guards placed with a worker while its own leader stood on the hex,
  ``idle_scoring`` scoring turns ended with 5 AP or more unspent and figures in its supply,
  ``uncover_rival`` temples it uncovered and left where a rival leads or ties, ``idle_turn``
  normal AP phases ended with 3 AP or more unspent and figures in its supply. When the other
  side is a hard Tikal bot too, ``other_*`` are its counts per game and seat. Last, per hard
  level at the table (``hard``, ``hard_prev``...: all its seats together), ``<level>_idle_turns``:
  how many of its normal AP phases were idle turns, as a share with its Wilson interval.
- ``tikal-4p-auction-hard-vs-hard``, ``tikal-4p-hard-vs-hard``: four hard bots in the auction
  and the base variant (the line counts their ``skipped_scoring``: a scoring turn ended with all
  10 AP unspent, and their idle turns).
- ``--review N``: the review of a player's game (``engine/bots/tikal_bots/coach.py``, what the
  client's "Review" runs in its thread): N games of four greedy bots, each reviewed for one seat
  (game i: seat i mod 4) from the updates that seat received; prints the time per reviewed turn
  (wall and CPU of the thread, median and maximum) and how many turns the hard bot found clearly
  better. A line like
  ``review games=4 turns=64 per_turn_p50_s=0.42 per_turn_max_s=1.10 cpu_p50_s=0.40 clearly_better=0.55``.
- ``--review-check N``: the review's "clearly better" turns checked by playing on (``coach.check``):
  N games of four greedy bots reviewed for one seat each; every turn the review finds clearly
  better (with at most ``--tiles-left`` tiles left) is played on to the end by four hard bots on
  ``--playouts`` games drawn from that view, once with the bot's plan and once with the played
  turn. Prints the mean of the plan's final margin over the played turn's with its interval, how
  many of those turns came out better on average (``confirmed``) and how many clearly worse
  (mean plus its half interval below 0):
  ``review_check games=4 clearly_better_turns=30 playouts=4 ... playout_gain=+5.1 ci95=+3.0..+7.2``.
  With ``--every-turn``, every reviewed turn: the hard bot's plan (what the hint shows) against the
  greedy bot's turn; ``clearly_better=K of_them_clearly_worse=M`` then counts the turns the review
  calls clearly better and how many of them came out clearly worse.
- ``hard_prev`` is the previous hard Tikal bot (``params="hard_prev"``, see
  ``engine/bots/tikal_bots/value.py``), kept for this comparison only; ``hard_first`` its first
  valuation.
"""
from __future__ import annotations

import argparse
import json
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
    "tikal-4p-auction-hard-vs-hard": ("tikal", 4, {"variant": "auction"}, "hard", "hard"),
    "tikal-4p-hard-vs-hard": ("tikal", 4, {"variant": "base"}, "hard", "hard"),
    "tikal-4p-hard-vs-hard_prev": ("tikal", 4, {"variant": "base"}, "hard", "hard_prev"),
    "tikal-4p-hard_prev-vs-hard": ("tikal", 4, {"variant": "base"}, "hard_prev", "hard"),
    "tikal-4p-hard-vs-hard_first": ("tikal", 4, {"variant": "base"}, "hard", "hard_first"),
    "tikal-4p-hard_prev-vs-normal": ("tikal", 4, {"variant": "base"}, "hard_prev", "normal"),
    "tikal-4p-normal-vs-easy": ("tikal", 4, {"variant": "base"}, "normal", "easy"),
    "tikal-4p-normal-vs-random": ("tikal", 4, {"variant": "base"}, "normal", "random"),
    "tikal-4p-easy-vs-random": ("tikal", 4, {"variant": "base"}, "easy", "random"),
    "tortuga-4p-expectimax-vs-easy": ("tortuga", 4, {}, "hard", "easy"),
}
DEFAULT = ("tikal-4p-hard-vs-normal", "tikal-4p-hard-vs-hard_prev", "tikal-2p-hard-vs-normal",
           "tortuga-4p-expectimax-vs-greedy")


def make(game: str, level: str, seat: int, seed: int, kwargs: dict):
    """A bot; ``kwargs`` go to the hard Tikal bots (``weights`` to the current one only); a level
    named after one of the hard bot's parameter sets (``hard_prev``, ``hard_first``) is the hard
    bot with that set."""
    if game == "tikal" and level.startswith("hard"):
        kw = dict(kwargs)
        if level != "hard":
            kw["params"] = level
            kw.pop("weights", None)
        return make_bot(game, "hard", seat, seed=seed, **kw)
    return make_bot(game, level, seat, seed=seed)


def play(task: tuple) -> dict:
    """One game: the first-named side's share of the victory, its seat, the scores, its think
    times (wall, CPU of its thread) and the habit counts of the hard Tikal bots (its own; the
    other side's summed over its seats)."""
    name, seed, index, kwargs = task
    game, seats, options, first, other = MATCHUPS[name]
    gseed = seed * 100003 + index
    hero = index % seats
    g = engine.new_game(game, seats, gseed, options)
    levels = [first if s == hero else other for s in range(seats)]
    bots = [make(game, levels[s], s, gseed * 8 + s + 1, kwargs) for s in range(seats)]
    watches = {s: HabitWatch(s) for s in range(seats)
               if game == "tikal" and levels[s].startswith("hard")}
    think = []
    while not g.is_over:
        seat = g.to_act
        view, legal = g.view(seat), g.legal_actions()
        t, c = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(view, legal)
        if seat == hero:
            think.append((time.perf_counter() - t, time.thread_time() - c))
        events = g.apply(action)
        if seat in watches:
            watches[seat].seen(view, action, events, g.view(None))
    winners = g.winners
    others = [w.counts for s, w in watches.items() if s != hero]
    phases: dict = {}                   # level -> (normal AP phases, idle_turn) over its seats
    for s, w in watches.items():
        n, k = phases.get(levels[s], (0, 0))
        phases[levels[s]] = (n + w.phases, k + w.counts["idle_turn"])
    return {"share": 1 / len(winners) if hero in winners else 0.0, "seat": hero,
            "scores": g.scores, "think": think, "phases": phases,
            "habits": watches[hero].counts if hero in watches else None,
            "other_habits": {k: sum(c[k] for c in others) for k in HABITS} if others else None}


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
    wins = sum(r["share"] for r in results)
    wall = [w for r in results for w, _ in r["think"]]
    cpu = [c for r in results for _, c in r["think"]]
    lo, hi = wilson(wins, games)
    p50 = statistics.median(wall) if wall else 0.0
    line = (f"matchup={name} games={games} win_rate={wins / games:.2f} ci95={lo:.2f}-{hi:.2f} "
            f"think_p50_s={p50:.2f} think_max_s={max(wall, default=0.0):.2f} "
            f"think_cpu_max_s={max(cpu, default=0.0):.2f}")
    if results and results[0]["habits"] is not None:
        line += "".join(f" {k}={sum(r['habits'][k] for r in results) / games:.2f}"
                        for k in HABITS)
    if results and results[0]["other_habits"] is not None:
        per = games * (MATCHUPS[name][1] - 1)
        line += "".join(f" other_{k}={sum(r['other_habits'][k] for r in results) / per:.2f}"
                        for k in HABITS)
    for lvl in sorted({lvl for r in results for lvl in r["phases"]}):
        phases = sum(r["phases"][lvl][0] for r in results)
        idle = sum(r["phases"][lvl][1] for r in results)
        lo, hi = wilson(idle, phases)
        line += (f" {lvl}_idle_turns={idle}/{phases}={100 * idle / max(1, phases):.1f}%"
                 f" ci95={100 * lo:.1f}-{100 * hi:.1f}%")
    return line


def report(name: str, i: int, r: dict) -> None:
    habits = "" if r["habits"] is None else "".join(
        f" {k}={v}" for k, v in r["habits"].items() if v)
    if r["other_habits"] is not None:
        habits += "".join(f" other_{k}={v}" for k, v in r["other_habits"].items() if v)
    print(f"  {name} game {i}: seat {r['seat']} share {r['share']:.2f} scores {r['scores']}"
          f"{habits}", file=sys.stderr, flush=True)


def reviewed_turns(seed: int, index: int) -> tuple:
    """(game seed, seat, turns): game ``index`` of four greedy bots and the turns of its seat
    ``index mod 4`` as the updates it received give them (``coach.turns_of``)."""
    from engine.bots.tikal_bots import coach

    gseed = seed * 100003 + index
    seat = index % 4
    return gseed, seat, coach.bot_game_turns(gseed, seat)


def review_game(task: tuple) -> dict:
    """One game of greedy bots, reviewed for one seat: the time of each turn's review."""
    from engine.bots.tikal_bots import coach

    gseed, seat, turns = reviewed_turns(*task)
    out = []
    for i, turn in enumerate(turns):
        t, c = time.perf_counter(), time.thread_time()
        r = coach.review_turn(turn, seat, gseed + i)
        out.append((time.perf_counter() - t, time.thread_time() - c, r["gain"] >= coach.CLEARLY))
    return {"turns": out}


def check_game(task: tuple) -> list:
    """One game of greedy bots reviewed for one seat (as ``review_game``); each turn the review
    finds clearly better, from ``most`` tiles left on, played on to the end by four default hard
    bots on ``playouts`` games drawn from the view, once with the bot's plan and once with the
    played turn: ``[(gain, [plan's final margin - played turn's, per playout])]``."""
    from engine.bots.tikal_bots import coach

    seed, index, playouts, most, every = task
    gseed, seat, turns = reviewed_turns(seed, index)
    out = []
    for i, turn in enumerate(turns):
        if turn["view"]["stack_left"] > most:
            continue
        r = coach.review_turn(turn, seat, gseed + i)
        if every or r["gain"] >= coach.CLEARLY:
            out.append((r["gain"], coach.check(turn, r, seat, range(gseed, gseed + playouts))))
            print(f"  review check game {index}: turn {i} ({turn['view']['stack_left']} tiles left) "
                  f"gain {r['gain']:.1f} (estimate {r['estimate']:.1f}) playouts {out[-1][1]}",
                  file=sys.stderr, flush=True)
    return out


def run_check(games: int, seed: int, playouts: int, most: int, every: bool = False) -> str:
    """The review's "clearly better" turns (``every``: all its turns) against playouts
    (``check_game``), one process. ``clearly_better``: how many of the turns the review calls
    clearly better (a late one once played on, ``coach.LATE_TILES``), ``of_them_clearly_worse``:
    how many of those came out clearly worse here."""
    from engine.bots.tikal_bots.coach import CLEARLY

    turns = [x for i in range(games) for x in check_game((seed, i, playouts, most, every))]
    diffs = [d for _, ds in turns for d in ds]
    means = [statistics.mean(ds) for _, ds in turns]

    def half(ds):
        return 1.96 * statistics.stdev(ds) / math.sqrt(len(ds)) if len(ds) > 1 else 0.0

    worse = sum(1 for _, ds in turns if statistics.mean(ds) + half(ds) < 0)
    claimed = [ds for g, ds in turns if g >= CLEARLY]
    claimed_worse = sum(1 for ds in claimed if statistics.mean(ds) + half(ds) < 0)
    confirmed = sum(1 for m in means if m > 0)
    lo, hi = wilson(confirmed, len(turns))
    mean = statistics.mean(diffs) if diffs else 0.0
    return (f"review_check games={games} {'turns' if every else 'clearly_better_turns'}={len(turns)} "
            f"playouts={playouts} "
            f"tiles_left_at_most={most} playout_gain={mean:+.1f} ci95={mean - half(diffs):+.1f}.."
            f"{mean + half(diffs):+.1f} review_gain={statistics.mean(g for g, _ in turns) if turns else 0:.1f} "
            f"confirmed={confirmed}/{len(turns)} ci95={lo:.2f}-{hi:.2f} clearly_worse={worse} "
            f"clearly_better={len(claimed)} of_them_clearly_worse={claimed_worse}")


def run_review(games: int, seed: int, jobs: int) -> str:
    tasks = [(seed, i) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = list(pool.imap(review_game, tasks))
    else:
        results = [review_game(t) for t in tasks]
    turns = [x for r in results for x in r["turns"]]
    wall = [w for w, _, _ in turns]
    cpu = [c for _, c, _ in turns]
    better = sum(b for _, _, b in turns)
    return (f"review games={games} turns={len(turns)} per_turn_p50_s={statistics.median(wall):.2f} "
            f"per_turn_max_s={max(wall):.2f} cpu_p50_s={statistics.median(cpu):.2f} "
            f"cpu_max_s={max(cpu):.2f} clearly_better={better / max(1, len(turns)):.2f}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per matchup (0: no matchup)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--matchups", nargs="+", default=list(DEFAULT), choices=sorted(MATCHUPS))
    ap.add_argument("--budget", type=int, default=None, help="the hard Tikal bot's budget")
    ap.add_argument("--weights", type=json.loads, default=None,
                    help='JSON: entries of the hard Tikal bot\'s weights to try, e.g. {"gift": 1}')
    ap.add_argument("--verbose", action="store_true", help="one line per game on stderr")
    ap.add_argument("--review", type=int, default=0, metavar="N",
                    help="also time the review of a player's game over N games (0: not)")
    ap.add_argument("--review-check", type=int, default=0, metavar="N",
                    help="also play on the review's clearly better turns over N games (0: not)")
    ap.add_argument("--playouts", type=int, default=4, help="playouts per line for --review-check")
    ap.add_argument("--every-turn", action="store_true",
                    help="--review-check: every reviewed turn, not only the clearly better ones (the hard "
                         "bot's plan, the hint's, against the greedy bot's turn)")
    ap.add_argument("--tiles-left", type=int, default=36,
                    help="--review-check: only turns with at most this many tiles left (playouts are long early)")
    args = ap.parse_args(argv)
    kwargs = {} if args.budget is None else {"budget": args.budget}
    if args.weights:
        kwargs["weights"] = args.weights
    for name in args.matchups if args.games else ():
        print(run(name, args.games, args.seed, args.jobs, kwargs, args.verbose), flush=True)
    if args.review:
        print(run_review(args.review, args.seed, args.jobs), flush=True)
    if args.review_check:
        print(run_check(args.review_check, args.seed, args.playouts, args.tiles_left, args.every_turn),
              flush=True)


if __name__ == "__main__":
    main()
