"""The coach (issue 24): the hard bot's plan where a free temple is worth more than guarding one
nobody contests, the reason it gives for each step of a plan (the hint's "why" lines), and the
review of a player's turns (``engine/bots/tikal_bots/coach.py``)."""
import copy
import functools

import pytest
from test_tikal_bot_habits import IDLE_FINAL

import engine
from engine.bots import make_bot
from engine.bots.tikal_bots import coach
from engine.bots.tikal_bots.search import with_reserve
from engine.tikal.analysis import SPECS, VOLCANO, cheapest_paths

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
    client's, game/tikal/hint.py): the worker comes in for the next step (the walk), the walk
    takes the majority of the temple 6 for the two scorings left (one volcano in the stack, then
    the final one: T-V1, T-E1), the guard keeps it."""
    g = engine.from_scenario(GUARD_OR_CLAIM)
    steps = plan(g)
    reasons = coach.why(g.view(0), steps, 0, seed=1)
    assert len(reasons) == len(steps)
    assert reasons[:3] == [{"key": "for_step", "ahead": 1}, {"key": "majority", "level": 6, "scorings": 2},
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
    assert coach.why(v, [walk], 0) == [{"key": "near_treasure", "count": 3}]       # no dig in this plan
    assert coach.why(v, [walk, {"type": "dig", "hex": [5, -6]}], 0)[0] == {"key": "to_dig", "count": 3, "ahead": 1}


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


# --- every reason holds on the plan it explains ---------------------------------------------------
@functools.cache
def hint_positions() -> list:
    """Views at the start of turns (the hint's moment: a tile to place, or the AP phase after a
    volcano or in the auction) from games of greedy bots, 2-4 seats, both variants: every turn
    where a volcano or a jungle tile is placed (their reasons are the ones a plan may get wrong),
    every third one otherwise."""
    out = []
    for seats, variant, seed in ((4, "base", 3), (3, "auction", 4), (2, "base", 5)):
        g = engine.new_game("tikal", seats, seed, {"variant": variant})
        bots = [make_bot("tikal", "normal", s, seed=s + 1) for s in range(seats)]
        turn = 0
        while not g.is_over:
            seat = g.to_act
            v = g.view(seat)
            if v["phase"] == "place":
                turn += 1
                kind = SPECS[v["drawn"]].kind if v.get("drawn") else ""
                if kind in (VOLCANO, "jungle") or turn % 3 == 0:
                    out.append(v)
            g.apply(bots[seat].choose(v, g.legal_actions()))
    return out


@pytest.mark.slow             # the hard bot plans 57 positions
def test_every_reason_holds_on_the_plan():
    """The hint's "why" under each step of the hard bot's plan, on many positions: a reason that
    names a later step (``ahead``) names one the plan takes and that step really uses what this
    one did (the tile lies on its walk, the figure brought there walks on, digs, uncovers or
    guards there); a tile opens the way only when a later walk crosses it, never a volcano (no
    paths, T-M2); a walk's majority numbers are the strengths after it (T-L1); a figure is "for
    later turns" or a treasure "to dig on a later turn" only when no step of this plan uses it."""
    seen: dict = {}
    for n, view in enumerate(hint_positions()):
        seat = view["seat"]
        steps = [a for a, _ in make_bot("tikal", "hard", seat, n, budget=600).make_plan(view)]
        reasons = coach.why(view, steps, seat, seed=n)
        assert len(reasons) == len(steps)
        g = engine.sample_state(view, engine.Rng(n))      # the game why() plays the plan on
        played = []                                        # (action, events) of each step
        for a in steps:
            played.append((a, g.apply(a)))
        g = engine.sample_state(view, engine.Rng(n))
        for i, (a, events) in enumerate(played):
            before = g.view(seat)
            g.apply(a)
            after = g.view(seat)
            r = reasons[i]
            key = r["key"]
            seen[key] = seen.get(key, 0) + 1
            later = played[i + 1:]
            ahead = r.get("ahead")
            if ahead is not None:
                assert 1 <= ahead <= len(later), (r, steps)
                step, step_events = later[ahead - 1]
            if a["type"] == "place_tile":
                placed = next(e for e in events if e["type"] == "tile_placed")
                walked = [k for k, (_, evs) in enumerate(later, 1) for e in evs
                          if e["type"] == "figure_moved" and placed["hex"] in e["path"][1:]]
                if placed["kind"] == VOLCANO:
                    assert key == "place_volcano", r
                elif placed["kind"] == "jungle":
                    assert key == ("place_way" if walked else "place_spot"), (r, walked)
                    if walked:
                        assert ahead == walked[0]
                continue
            h = tuple(a["path"][-1] if a["type"] == "move" else a.get("to") or a.get("hex") or ())
            if key == "for_step":
                uses = {"move": lambda s: tuple(s["path"][0]) == h and s["figure"] == a["figure"],
                        "transfer": lambda s: tuple(s["from"]) == h and s["figure"] == a["figure"]}
                assert uses.get(step["type"], lambda s: tuple(s["hex"]) == h)(step), (a, r, step)
                assert step["type"] in ("move", "transfer", "uncover", "dig", "guard"), step
            if key in ("to_dig", "uncover_guard"):
                assert step["type"] == ("dig" if key == "to_dig" else "guard") and tuple(step["hex"]) == h
            if key in ("near_treasure", "in_play", "uncover"):
                kinds = {"near_treasure": ("dig",), "in_play": ("move", "transfer", "uncover", "dig", "guard"),
                         "uncover": ("guard",)}[key]
                assert not [s for s, _ in later if s["type"] in kinds and tuple(
                    s["path"][0] if s["type"] == "move" else s.get("from") or s["hex"]) == h], (a, r, later)
            if key in ("majority", "hold", "towards"):
                def strength(v, p):
                    return sum(f["workers"] + 3 * f["leader"] for f in v["figures"]
                               if f["seat"] == p and tuple(f["hex"]) == h)
                mine = strength(after, seat)
                rival = max(strength(after, p) for p in range(len(after["scores"])) if p != seat)
                assert (key == "towards") == (mine <= rival), (r, mine, rival)
                if key != "majority":
                    assert (r["mine"], r["rival"]) == (mine, rival)
                else:
                    assert strength(before, seat) <= max(strength(before, p) for p in range(len(before["scores"]))
                                                         if p != seat)
            if key == "end":
                assert r["ap"] == before["ap"] >= 1
    # the reasons this test is about did come up
    for key in ("place_spot", "place_volcano", "for_step", "majority", "in_play"):
        assert seen.get(key), (key, sorted(seen.items()))


def test_a_tile_opens_the_way_only_for_a_walk_across_it():
    """A jungle tile "opens the way for step n" when the plan's walk at step n crosses it or ends
    on it (the bot's own plans rarely do: a new tile lies at the edge of the explored board, and
    its walks end on temples and treasures), and not when no walk of the plan does."""
    view = next(v for v in hint_positions() if SPECS[v["drawn"]].kind == "jungle" and v["stack_left"] < 25)
    seat = view["seat"]
    g = engine.sample_state(view, engine.Rng(0))
    found = None
    for place in g.legal_actions():
        c = g.clone()
        c.apply(place)
        h = (place["hex"][0], place["hex"][1])
        for x, (w, l) in sorted(c.s.figs[seat].items()):
            for end, (cost, path) in sorted(cheapest_paths(c.s.crossings, x, c.s.ap).items()):
                if h in path[1:]:
                    found = place, {"type": "move", "figure": "worker" if w else "leader",
                                    "path": [list(p) for p in path]}
                    break
            if found:
                break
        if found:
            break
    assert found, "no placement with a walk across it"
    place, walk = found
    assert coach.why(view, [place, walk], seat)[0] == {"key": "place_way", "ahead": 1}
    assert coach.why(view, [place, {"type": "camp", "hex": place["hex"]}, walk], seat)[0] == \
        {"key": "place_way", "ahead": 2}
    assert coach.why(view, [place, {"type": "end_turn"}], seat)[0] == {"key": "place_spot"}


def greedy_turns(gseed: int, seat: int) -> list:
    """``seat``'s turns in a game of four greedy bots (``coach.bot_game_turns``: as
    ``benchmarks/bots_bench.py``'s review check, where game ``index`` of ``--seed S`` is
    ``S * 100003 + index`` for seat ``index % 4``)."""
    return coach.bot_game_turns(gseed, seat)


@pytest.mark.slow             # games played on to the end by four hard bots
def test_clearly_better_turns_hold_when_played_on():
    """The review's "clearly better" (``coach.CLEARLY`` estimated points or more), checked by
    playing on: a game of four greedy bots reviewed for seat 1; each of its last turns the review
    finds clearly better is played on to the end by four hard bots on three games drawn from that
    view, once with the bot's plan and once with what was played (``coach.check``). No such turn
    of this game ends worse for the seat on average, and together they end better. (Late turns
    only, to keep the test short; ``bots_bench.py --review-check`` measures whole games. Not every
    game is like this one: on the bench's seeds 33 and 34, 7 of 39 clearly better turns came out
    clearly worse, 4 of them with 0-2 tiles left, though the plans ended about 4 points ahead on
    average: README; the review now plays such late claims on first, the test below. Weaker bots
    do not judge: with a fifth of the budget, one of these plans came out 4.5 points worse, with
    the default one 3.2 better.)"""
    turns = greedy_turns(12, 1)
    checked = []
    for i, turn in enumerate(turns):
        if turn["view"]["stack_left"] <= 2:
            r = coach.review_turn(turn, 1, 12 + i)
            if r["gain"] >= coach.CLEARLY:
                checked.append((i, r["gain"], coach.check(turn, r, 1, range(3))))
    assert len(checked) >= 2, checked
    for i, gain, diffs in checked:
        assert sum(diffs) >= 0, (i, gain, diffs)
    assert sum(sum(d) for *_, d in checked) > 0, checked


@pytest.mark.slow             # games played on by hard bots
@pytest.mark.parametrize("seed, index, turn", [(33, 1, 11), (34, 3, 11), (34, 2, 11), (34, 0, 12)])
def test_a_late_turn_is_clearly_better_only_when_it_holds_when_played_on(seed, index, turn):
    """The bench's late turns (0-2 tiles left) that the valuation finds clearly better but that
    end worse in every playout (README: seed 33 game 1 turn 11 estimated 9.4 points better, -8
    played on; seed 34's games 3, 2 and 0 at 9.6, 8.5 and 3.4, -2, -1 and -1): the review plays
    such a claim on first (``coach.LATE_TILES``) and does not make it. Checked here on other drawn
    games (``check`` with seeds 0-2, the review's own are apart) by playing on: a turn the review
    still calls clearly better must end at least that much better."""
    gseed, seat = seed * 100003 + index, index % 4
    turns = greedy_turns(gseed, seat)
    t = turns[turn]
    assert t["view"]["stack_left"] <= 2
    r = coach.review_turn(t, seat, gseed + turn)
    assert r.get("estimate", r["gain"]) >= coach.CLEARLY, r      # the valuation still claims it
    assert r["checked"] is not None, r                            # ... so the review played it on
    if r["gain"] >= coach.CLEARLY:                                # the review still claims it
        diffs = coach.check(t, r, seat, range(3))
        assert sum(diffs) / len(diffs) >= coach.CLEARLY, (r["gain"], diffs)
