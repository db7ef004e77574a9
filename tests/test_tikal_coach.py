"""The coach (issue 24): the hard bot's plan where a free temple is worth more than guarding one
nobody contests, the reason it gives for each step of a plan (the hint's "why" lines), and the
review of a player's turns (``engine/bots/tikal_bots/coach.py``)."""
import copy

from test_tikal_bot_habits import IDLE_FINAL

import engine
from engine.bots import make_bot
from engine.bots.tikal_bots import coach
from engine.bots.tikal_bots.search import with_reserve
from engine.tikal.analysis import cheapest_paths

# Late game (9 tiles left, one volcano among them: two scorings left for everyone). Seat 0 holds
# the temple 7 at [4, -3] with three workers, no rival stands there; the temple 6 at [5, -5] is
# free, two steps from its camp at [5, -3]; one guard left. Built on a board of the bench's games
# (tests/test_tikal_bot_habits.py IDLE_FINAL, the F and G tiles back in the stack). The previous
# search uncovered the 7 to 8 and guarded it (two of the three workers leave the game): entering
# a worker gains nothing by itself, so the beam dropped the walk onto the free temple its own
# valuation prefers. 20 playouts each, four hard bots from here (/tmp playout script, seeds
# 1000..1019): guarding the 8 gains seat 0 57.6 points, claiming and guarding the 6 62.9.

#: The F and G columns: back in the stack (one volcano among them, F2).
LATE_HEXES = {(6, -7), (6, -6), (6, -5), (6, -4), (7, -7), (7, -6), (7, -5), (7, -4), (7, -3)}


def guard_or_claim() -> dict:
    """The position above, as a scenario (contract section 3)."""
    sc = copy.deepcopy(IDLE_FINAL)
    out = {(4, -3), (5, -5), (4, -4)}          # seat 0 alone on the 7, the 6 free, no camp at [4, -4]
    late = [t for t in sc["tiles"] if tuple(t["hex"]) in LATE_HEXES]
    sc["tiles"] = [t for t in sc["tiles"] if tuple(t["hex"]) not in LATE_HEXES]
    for t in sc["tiles"]:
        t.update({(4, -3): {"level": 7}, (3, -1): {"level": 5}}.get(tuple(t["hex"]), {}))
    sc["figures"] = [f for f in sc["figures"] if tuple(f["hex"]) not in LATE_HEXES | out]
    sc["figures"].append({"seat": 0, "hex": [4, -3], "workers": 3, "leader": False})
    sc["guards"] = [g for g in sc["guards"] if tuple(g["hex"]) not in LATE_HEXES]
    sc["camps"] = [c for c in sc["camps"] if tuple(c["hex"]) not in LATE_HEXES | out]
    del sc["out"]
    sc.update(stack=sorted(t["id"] for t in late), seat=0, ap=10, scores=[60, 62, 61, 40],
              held={"0": [1, 1, 6, 7], "1": [0, 0, 5], "2": [4, 4, 5], "3": [2, 2, 3, 3]})
    return sc


GUARD_OR_CLAIM = guard_or_claim()

UNCOVER_8 = [{"type": "uncover", "hex": [4, -3]}, {"type": "guard", "hex": [4, -3], "figure": "worker"}]
CLAIM_6 = [{"type": "enter", "figure": "worker", "hex": [5, -3]},
           {"type": "move", "figure": "worker", "path": [[5, -3], [5, -4], [5, -5]]},
           {"type": "guard", "hex": [5, -5], "figure": "worker"}]


def plan(g, seed: int = 1, **weights) -> list:
    bot = make_bot("tikal", "hard", g.to_act, seed, weights=weights or None)
    return [a for a, _ in bot.make_plan(g.view(g.to_act))]


def test_a_free_temple_is_claimed_before_an_uncontested_one_is_guarded():
    """T-A8 (a guard keeps a temple for good, the other figures there leave), T-A1/T-A3 (bring a
    worker in, walk it): the hard bot's valuation prefers claiming and guarding the free temple 6
    to uncovering and guarding the temple nobody contests; its search now finds that plan (a
    figure brought in and walked onto a temple is one step of the beam), where the search
    without that step guarded the uncontested temple."""
    g = engine.from_scenario(GUARD_OR_CLAIM)
    for seed in (1, 2):
        old = plan(g, seed, claim=0, safe=0.0)
        assert {"type": "guard", "hex": [4, -3], "figure": "worker"} in old
        new = plan(g, seed)
        assert new[:3] == CLAIM_6, new
    # the valuation's own verdict, on one sampled game
    bot = make_bot("tikal", "hard", 0, 1)
    ev = bot.evaluator(g.view(0))
    base = with_reserve(engine.sample_state(g.view(0), engine.Rng(5)))

    def value(actions):
        c = base.clone()
        for a in actions:
            c.apply(a)
        return ev.value(c.s)

    assert value(CLAIM_6) > value(UNCOVER_8) + 3
    after = g.clone()
    for a in new:
        after.apply(a)
    v = after.view(0)
    assert {"seat": 0, "hex": [5, -5], "figure": "worker"} in v["guards"]
    assert any(f["seat"] == 0 and f["hex"] == [4, -3] and f["workers"] == 3 for f in v["figures"])


def test_each_step_has_the_bots_reason():
    """The hint's "why": from the bot's valuation, one reason per step (the words are the
    client's, game/tikal/hint.py): the walk takes the majority of the temple 6 for the two
    scorings left (one volcano in the stack, then the final one: T-V1, T-E1), the guard keeps it."""
    g = engine.from_scenario(GUARD_OR_CLAIM)
    steps = plan(g)
    reasons = coach.why(g.view(0), steps, 0, seed=1)
    assert len(reasons) == len(steps)
    assert reasons[:3] == [{"key": "on_the_way"}, {"key": "majority", "level": 6, "scorings": 2},
                           {"key": "guard", "level": 6, "scorings": 2}]


def test_reasons_for_digging_uncovering_and_ending():
    """A dig counts the treasures left on the tile (T-A5); a level uncovered on a temple the seat
    holds adds one per scoring left (T-A4); ending a turn with AP says how many are left (T-T1)."""
    g = engine.from_scenario(GUARD_OR_CLAIM)
    v = g.view(0)
    acts = [{"type": "uncover", "hex": [4, -3]}, {"type": "end_turn"}]
    assert coach.why(v, acts, 0) == [{"key": "uncover_mine", "level": 8, "scorings": 2},
                                     {"key": "end", "ap": 8}]
    sc = copy.deepcopy(GUARD_OR_CLAIM)
    for t in sc["tiles"]:
        if t["hex"] == [5, -6]:
            t["treasures"] = [1, 2, 3]
    sc["figures"].append({"seat": 0, "hex": [5, -6], "workers": 1, "leader": False})
    v = engine.from_scenario(sc).view(0)
    assert coach.why(v, [{"type": "dig", "hex": [5, -6]}], 0) == [{"key": "dig", "count": 2}]
    g = engine.from_scenario(sc)
    _, path = cheapest_paths(g.s.crossings, (4, -3), 10)[(5, -6)]
    walk = {"type": "move", "figure": "worker", "path": [list(h) for h in path]}
    assert coach.why(v, [walk], 0) == [{"key": "to_dig", "count": 3}]


def test_a_players_turns_from_the_updates_and_their_review():
    """The turns of seat 0 in a game of two greedy bots, as the updates a client receives give
    them (its view when each turn began, what it played), are exactly the turns it played; the
    review of the first ones sets the bot's plan against each, in estimated points."""
    g0 = engine.new_game("tikal", 2, 5, {"variant": "base"})
    g = g0.clone()
    bots = [make_bot("tikal", "normal", s, seed=s + 1) for s in range(2)]
    played, acts = [], []
    while not g.is_over:
        s = g.to_act
        a = bots[s].choose(g.view(s), g.legal_actions())
        if s == 0 and g.phase in ("place", "actions"):
            played.append(a)
        g.apply(a)
        acts.append(a)
    turns = coach.turns_of(coach.updates_of(g0, acts, 0), 0)
    assert len(turns) >= 18
    flat = [a for t in turns for a in t["actions"]]
    assert flat == played
    for t in turns:
        assert t["view"]["seat"] == 0 and t["view"]["phase"] in ("place", "actions")
    reviews = coach.review(turns[:3], 0, seed=1)
    for t, r in zip(turns, reviews):
        assert r["played"] == t["actions"] and r["plan"]
        assert abs(r["gain"] - (r["plan_value"] - r["played_value"])) < 1e-9
    same = coach.review_turn({"view": turns[0]["view"], "actions": reviews[0]["plan"]}, 0, seed=1)
    assert abs(same["gain"]) < 1e-9            # its own plan played: nothing to gain
    marks = coach.key_moments([{"gain": x} for x in (1.0, 9.0, 4.0, 12.0, 3.5, 2.0)])
    assert marks == [3, 1, 2]
