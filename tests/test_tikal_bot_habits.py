"""The hard Tikal bot's four habits a watching player noticed (issue 13), on positions where its
first valuation (``params="hard_first"``; the bench's ``hard_prev`` when they were found) showed
them, drawn from the bench's games: the first bot's plan shows the habit (so the position is a
real case), the current bot's plan does not and does something better. Plans are applied by the
real engine (``habits.habits_of``), so they are legal. The habits are defined in
``engine/bots/tikal_bots/habits.py``.
"""
import json
from pathlib import Path

import pytest

import engine
from engine.bots import make_bot
from engine.bots.tikal_bots import coach, search
from engine.bots.tikal_bots.habits import HabitWatch, habits_of

from tikal_support import scoring_turn

POSITIONS = Path(__file__).resolve().parent / "positions"


def plan(g, params: str, seed: int = 1) -> list:
    """The whole AP phase the hard bot with ``params`` intends for the seat to act in ``g``."""
    seat = g.to_act
    bot = make_bot("tikal", "hard", seat, seed, params=params)
    return [a for a, _ in bot.make_plan(g.view(seat))]


def played(g, actions: list):
    c = g.clone()
    events = []
    for a in actions:
        events += c.apply(a)
    return c, events


# benchmarks/bots_bench.py --seed 1, tikal-4p-hard_prev-vs-normal game 1: seat 1's first AP
# phase (34 tiles in the stack). The first bot walked a worker onto the new temple 2 and
# guarded it.
CHEAP_GUARD = {
    "game": "tikal", "seats": 4, "variant": "base", "seed": 1,
    "tiles": [
        {"id": "A3", "hex": [0, -2], "rotation": 0},
        {"id": "P-temple-n", "hex": [0, -1], "rotation": 0, "level": 2},
        {"id": "P-temple-se", "hex": [1, 0], "rotation": 0, "level": 2},
        {"id": "A6", "hex": [2, -2], "rotation": 1, "level": 2},
    ],
    "figures": [
        {"seat": 0, "hex": [0, -1], "workers": 1, "leader": False},
        {"seat": 0, "hex": [1, 0], "workers": 1, "leader": False},
    ],
    "guards": [],
    "camps": [],
    "held": {"0": [], "1": [], "2": [], "3": []},
    "scores": [0, 0, 0, 0],
    "seat": 1,
    "ap": 10,
}

# --seed 1, tikal-4p-hard_prev-vs-normal game 2: seat 2 (21 tiles left). Its leader and two
# workers (5) hold the temple 7 against seat 0's three workers; the first bot uncovered it and
# guarded it with a worker, which sent the leader out of the game.
LOST_LEADER = {
    "game": "tikal", "seats": 4, "variant": "base", "seed": 1,
    "tiles": [
        {"id": "B5", "hex": [0, -4], "rotation": 0, "treasures": [0, 0, 0, 1]},
        {"id": "A6", "hex": [0, -3], "rotation": 0, "level": 5},
        {"id": "A4", "hex": [0, -2], "rotation": 0, "level": 8},
        {"id": "P-temple-n", "hex": [0, -1], "rotation": 0, "level": 4},
        {"id": "B3", "hex": [1, -4], "rotation": 0},
        {"id": "A2", "hex": [1, -3], "rotation": 2, "treasures": []},
        {"id": "A3", "hex": [1, -2], "rotation": 0},
        {"id": "P-temple-se", "hex": [1, 0], "rotation": 0, "level": 3},
        {"id": "B2", "hex": [2, -5], "rotation": 1, "level": 3},
        {"id": "B1", "hex": [2, -4], "rotation": 0},
        {"id": "B6", "hex": [2, -3], "rotation": 5, "level": 7},
        {"id": "A1", "hex": [2, -2], "rotation": 0, "level": 3},
        {"id": "A5", "hex": [2, -1], "rotation": 0, "treasures": [1, 2, 2]},
        {"id": "B4", "hex": [3, -4], "rotation": 1},
        {"id": "C4", "hex": [3, -3], "rotation": 0, "treasures": [3, 3, 4]},
        {"id": "C5", "hex": [3, -2], "rotation": 0, "level": 3},
        {"id": "C2", "hex": [3, -1], "rotation": 0},
    ],
    "figures": [
        {"seat": 0, "hex": [0, -3], "workers": 1, "leader": False},
        {"seat": 1, "hex": [0, -3], "workers": 2, "leader": False},
        {"seat": 1, "hex": [0, -2], "workers": 2, "leader": False},
        {"seat": 3, "hex": [0, -2], "workers": 1, "leader": False},
        {"seat": 0, "hex": [0, 0], "workers": 2, "leader": False},
        {"seat": 1, "hex": [0, 0], "workers": 2, "leader": False},
        {"seat": 3, "hex": [0, 0], "workers": 1, "leader": False},
        {"seat": 3, "hex": [2, -5], "workers": 1, "leader": False},
        {"seat": 0, "hex": [2, -3], "workers": 3, "leader": False},
        {"seat": 2, "hex": [2, -3], "workers": 2, "leader": True},
        {"seat": 3, "hex": [2, -2], "workers": 1, "leader": False},
        {"seat": 3, "hex": [2, -1], "workers": 1, "leader": False},
        {"seat": 1, "hex": [3, -2], "workers": 1, "leader": False},
    ],
    "guards": [
        {"seat": 2, "hex": [0, -1], "figure": "worker"},
        {"seat": 0, "hex": [1, 0], "figure": "worker"},
    ],
    "camps": [{"seat": 2, "hex": [1, -4]}, {"seat": 2, "hex": [1, -2]}, {"seat": 0, "hex": [3, -4]}],
    "held": {"0": [], "1": [], "2": [1, 2, 5, 6], "3": [3]},
    "scores": [9, 9, 13, 3],
    "seat": 2,
    "ap": 10,
}

# --seed 1, tikal-4p-hard-vs-hard_prev game 3: seat 2, a first hard bot (17 tiles left). On
# the temple 7 its leader (3) faces seat 1's leader and worker (4); the first bot uncovered it
# to 8, brought one worker and left it tied.
GIFT = {
    "game": "tikal", "seats": 4, "variant": "base", "seed": 1,
    "tiles": [
        {"id": "A3", "hex": [0, -4], "rotation": 0},
        {"id": "A5", "hex": [0, -3], "rotation": 0, "treasures": []},
        {"id": "A1", "hex": [0, -2], "rotation": 0, "level": 1},
        {"id": "P-temple-n", "hex": [0, -1], "rotation": 0, "level": 3},
        {"id": "B5", "hex": [1, -4], "rotation": 0, "treasures": []},
        {"id": "B1", "hex": [1, -3], "rotation": 0},
        {"id": "A2", "hex": [1, -2], "rotation": 2, "treasures": []},
        {"id": "P-temple-se", "hex": [1, 0], "rotation": 0, "level": 8},
        {"id": "B3", "hex": [2, -5], "rotation": 0},
        {"id": "B4", "hex": [2, -4], "rotation": 0},
        {"id": "C4", "hex": [2, -3], "rotation": 0, "treasures": []},
        {"id": "A4", "hex": [2, -2], "rotation": 5, "level": 2},
        {"id": "A6", "hex": [2, -1], "rotation": 2, "level": 2},
        {"id": "C2", "hex": [3, -5], "rotation": 1},
        {"id": "C3", "hex": [3, -4], "rotation": 0},
        {"id": "B6", "hex": [3, -3], "rotation": 4, "level": 3},
        {"id": "B2", "hex": [3, -2], "rotation": 3, "level": 2},
        {"id": "C1", "hex": [3, -1], "rotation": 0, "level": 4},
        {"id": "D3", "hex": [4, -6], "rotation": 0},
        {"id": "D5", "hex": [4, -5], "rotation": 0, "level": 7},
        {"id": "C5", "hex": [4, -2], "rotation": 0, "level": 4},
    ],
    "figures": [
        {"seat": 2, "hex": [0, -2], "workers": 1, "leader": False},
        {"seat": 3, "hex": [0, 0], "workers": 1, "leader": False},
        {"seat": 0, "hex": [1, -4], "workers": 1, "leader": False},
        {"seat": 3, "hex": [1, -4], "workers": 1, "leader": False},
        {"seat": 0, "hex": [1, 0], "workers": 1, "leader": True},
        {"seat": 3, "hex": [1, 0], "workers": 3, "leader": False},
        {"seat": 2, "hex": [2, -3], "workers": 1, "leader": False},
        {"seat": 1, "hex": [3, -1], "workers": 1, "leader": False},
        {"seat": 1, "hex": [4, -5], "workers": 1, "leader": True},
        {"seat": 2, "hex": [4, -5], "workers": 0, "leader": True},
        {"seat": 3, "hex": [4, -2], "workers": 1, "leader": True},
    ],
    "guards": [
        {"seat": 0, "hex": [0, -1], "figure": "worker"},
        {"seat": 1, "hex": [2, -2], "figure": "worker"},
        {"seat": 2, "hex": [2, -1], "figure": "worker"},
        {"seat": 1, "hex": [3, -3], "figure": "worker"},
        {"seat": 2, "hex": [3, -2], "figure": "worker"},
    ],
    "camps": [],
    "held": {"0": [5, 5, 5, 6], "1": [0, 0, 2], "2": [2, 4, 4, 4], "3": [1, 1, 3, 3]},
    "scores": [24, 28, 24, 20],
    "seat": 2,
    "ap": 10,
}

# --seed 1, tikal-4p-hard-vs-hard_prev game 20: seat 3, a first hard bot, last of the final
# round (the stack is empty; seat 3 placed the last tile). It uncovered a level and ended its last
# scoring turn with 8 AP and 7 workers in its supply, though it could take a temple.
IDLE_FINAL = {
    "game": "tikal", "seats": 4, "variant": "base", "seed": 1,
    "tiles": [
        {"id": "B1", "hex": [0, -4], "rotation": 0},
        {"id": "A3", "hex": [0, -3], "rotation": 0},
        {"id": "A5", "hex": [0, -2], "rotation": 1, "treasures": []},
        {"id": "P-temple-n", "hex": [0, -1], "rotation": 0, "level": 4},
        {"id": "B5", "hex": [1, -4], "rotation": 1, "treasures": []},
        {"id": "A1", "hex": [1, -3], "rotation": 1, "level": 1},
        {"id": "A2", "hex": [1, -2], "rotation": 1, "treasures": []},
        {"id": "P-temple-se", "hex": [1, 0], "rotation": 0, "level": 2},
        {"id": "B6", "hex": [2, -5], "rotation": 1, "level": 10},
        {"id": "B3", "hex": [2, -4], "rotation": 2},
        {"id": "B4", "hex": [2, -3], "rotation": 0},
        {"id": "C2", "hex": [2, -2], "rotation": 0},
        {"id": "A6", "hex": [2, -1], "rotation": 4, "level": 5},
        {"id": "C1", "hex": [3, -5], "rotation": 3, "level": 9},
        {"id": "C3", "hex": [3, -4], "rotation": 0},
        {"id": "C4", "hex": [3, -3], "rotation": 5, "treasures": []},
        {"id": "A4", "hex": [3, -2], "rotation": 5, "level": 3},
        {"id": "B2", "hex": [3, -1], "rotation": 5, "level": 8},
        {"id": "D3", "hex": [4, -6], "rotation": 0},
        {"id": "D5", "hex": [4, -5], "rotation": 1, "level": 5},
        {"id": "D4", "hex": [4, -4], "rotation": 0},
        {"id": "C5", "hex": [4, -3], "rotation": 1, "level": 7},
        {"id": "D1", "hex": [4, -2], "rotation": 0, "level": 5},
        {"id": "D2", "hex": [5, -6], "rotation": 2, "treasures": []},
        {"id": "E5", "hex": [5, -5], "rotation": 1, "level": 6},
        {"id": "E2", "hex": [5, -4], "rotation": 3, "treasures": []},
        {"id": "E3", "hex": [5, -3], "rotation": 0},
        {"id": "E4", "hex": [5, -2], "rotation": 0},
        {"id": "F2", "hex": [6, -7], "rotation": 0},
        {"id": "F5", "hex": [6, -6], "rotation": 1, "level": 4},
        {"id": "F4", "hex": [6, -5], "rotation": 0, "treasures": []},
        {"id": "F1", "hex": [6, -4], "rotation": 1, "level": 4},
        {"id": "E1", "hex": [6, -3], "rotation": 1, "level": 7},
        {"id": "F3", "hex": [7, -7], "rotation": 1},
        {"id": "G3", "hex": [7, -6], "rotation": 3, "level": 4},
        {"id": "G2", "hex": [7, -5], "rotation": 0},
        {"id": "G4", "hex": [7, -4], "rotation": 2, "treasures": []},
        {"id": "G1", "hex": [7, -3], "rotation": 3, "level": 3},
    ],
    "figures": [
        {"seat": 0, "hex": [0, -1], "workers": 1, "leader": False},
        {"seat": 0, "hex": [0, 0], "workers": 7, "leader": False},
        {"seat": 1, "hex": [2, -5], "workers": 5, "leader": False},
        {"seat": 1, "hex": [3, -5], "workers": 4, "leader": False},
        {"seat": 2, "hex": [3, -5], "workers": 10, "leader": False},
        {"seat": 0, "hex": [3, -1], "workers": 0, "leader": True},
        {"seat": 3, "hex": [4, -4], "workers": 1, "leader": False},
        {"seat": 3, "hex": [4, -3], "workers": 3, "leader": False},
        {"seat": 1, "hex": [5, -5], "workers": 2, "leader": False},
        {"seat": 3, "hex": [5, -5], "workers": 1, "leader": False},
        {"seat": 3, "hex": [6, -4], "workers": 3, "leader": False},
        {"seat": 2, "hex": [6, -3], "workers": 3, "leader": False},
        {"seat": 0, "hex": [7, -6], "workers": 1, "leader": False},
        {"seat": 1, "hex": [7, -4], "workers": 1, "leader": False},
        {"seat": 0, "hex": [7, -3], "workers": 1, "leader": False},
    ],
    "guards": [
        {"seat": 1, "hex": [0, -1], "figure": "leader"},
        {"seat": 1, "hex": [1, -3], "figure": "worker"},
        {"seat": 3, "hex": [1, 0], "figure": "worker"},
        {"seat": 3, "hex": [2, -1], "figure": "worker"},
        {"seat": 2, "hex": [3, -2], "figure": "leader"},
        {"seat": 2, "hex": [4, -5], "figure": "worker"},
        {"seat": 0, "hex": [4, -2], "figure": "worker"},
        {"seat": 0, "hex": [6, -6], "figure": "worker"},
    ],
    "camps": [
        {"seat": 3, "hex": [1, -1]},
        {"seat": 1, "hex": [2, -4]},
        {"seat": 2, "hex": [3, -4]},
        {"seat": 3, "hex": [4, -4]},
        {"seat": 1, "hex": [5, -4]},
        {"seat": 0, "hex": [5, -3]},
        {"seat": 2, "hex": [5, -2]},
        {"seat": 0, "hex": [7, -7]},
    ],
    "held": {"0": [1, 1, 1, 6, 6, 7, 7], "1": [0, 0, 0, 5, 5, 7], "2": [4, 4, 4, 5], "3": [2, 2, 2, 3, 3, 3, 6]},
    "scores": [87, 89, 88, 47],
    "seat": 3,
    "ap": 10,
    "out": {"3": {"workers": 1, "leader": True}},
    "stack": [],
}

# Four first hard bots, game seed 1000: seat 3's volcano scoring turn (seat 1 drew it, 18
# tiles left) with 14 workers in its supply: the first bot passed with all 10 AP (the case the
# issue quotes). Seat 0 ends its turn here, seat 1 draws the volcano, seats 1 and 2 pass.
IDLE_VOLCANO = {
    "game": "tikal", "seats": 4, "variant": "base", "seed": 1,
    "tiles": [
        {"id": "A3", "hex": [0, -4], "rotation": 0},
        {"id": "A2", "hex": [0, -3], "rotation": 0, "treasures": []},
        {"id": "A5", "hex": [0, -2], "rotation": 1, "treasures": []},
        {"id": "P-temple-n", "hex": [0, -1], "rotation": 0, "level": 3},
        {"id": "B3", "hex": [1, -4], "rotation": 0},
        {"id": "B2", "hex": [1, -3], "rotation": 3, "level": 2},
        {"id": "A6", "hex": [1, -2], "rotation": 0, "level": 2},
        {"id": "P-temple-se", "hex": [1, 0], "rotation": 0, "level": 3},
        {"id": "B5", "hex": [2, -5], "rotation": 2, "treasures": []},
        {"id": "B4", "hex": [2, -4], "rotation": 0},
        {"id": "A1", "hex": [2, -3], "rotation": 5, "level": 1},
        {"id": "A4", "hex": [2, -2], "rotation": 5, "level": 2},
        {"id": "B6", "hex": [2, -1], "rotation": 0, "level": 3},
        {"id": "B1", "hex": [3, -5], "rotation": 0},
        {"id": "C1", "hex": [3, -4], "rotation": 4, "level": 7},
        {"id": "C4", "hex": [3, -3], "rotation": 0, "treasures": []},
        {"id": "C5", "hex": [3, -2], "rotation": 0, "level": 3},
        {"id": "C3", "hex": [3, -1], "rotation": 0},
        {"id": "C2", "hex": [4, -5], "rotation": 0},
    ],
    "figures": [
        {"seat": 3, "hex": [0, 0], "workers": 1, "leader": False},
        {"seat": 2, "hex": [2, -5], "workers": 1, "leader": False},
        {"seat": 0, "hex": [3, -4], "workers": 1, "leader": False},
        {"seat": 1, "hex": [3, -4], "workers": 1, "leader": True},
        {"seat": 2, "hex": [3, -4], "workers": 0, "leader": True},
        {"seat": 2, "hex": [3, -3], "workers": 1, "leader": False},
        {"seat": 3, "hex": [3, -3], "workers": 1, "leader": False},
    ],
    "guards": [
        {"seat": 3, "hex": [0, -1], "figure": "worker"},
        {"seat": 3, "hex": [1, -3], "figure": "worker"},
        {"seat": 2, "hex": [1, -2], "figure": "worker"},
        {"seat": 0, "hex": [1, 0], "figure": "leader"},
        {"seat": 2, "hex": [2, -3], "figure": "worker"},
        {"seat": 1, "hex": [2, -2], "figure": "worker"},
        {"seat": 1, "hex": [2, -1], "figure": "worker"},
        {"seat": 0, "hex": [3, -2], "figure": "worker"},
    ],
    "camps": [{"seat": 0, "hex": [1, -1]}, {"seat": 1, "hex": [2, -4]}],
    "held": {"0": [0, 4, 4, 4, 7], "1": [1, 1, 3], "2": [5, 5, 5, 6], "3": [2, 2, 3]},
    "scores": [11, 25, 16, 6],
    "seat": 0,
    "ap": 10,
    "out": {"3": {"workers": 0, "leader": True}},
    "stack": [
        "D3", "D1", "D2", "D4", "D5", "E1", "E2", "E3", "E4", "E5", "F1", "F2",
        "F3", "F4", "F5", "G1", "G2", "G3", "G4",
    ],
}


def test_no_guard_on_a_cheap_temple_early():
    """T-A8d, T-A8e: a guard freezes its temple's value and a player has two; on the second turn
    of the game the first bot spent one on a temple 2. The current bot keeps both guards and
    takes a temple with its leader instead."""
    g = engine.from_scenario(CHEAP_GUARD)
    assert habits_of(g, plan(g, "hard_first"))["cheap_guard"] == 1
    mine = plan(g, "hard")
    assert habits_of(g, mine)["cheap_guard"] == 0
    assert not any(a["type"] == "guard" for a in mine)
    after, _ = played(g, mine)
    assert after.view(1)["guards_left"][1] == 2
    assert any(f["seat"] == 1 and f["hex"] != [0, 0] for f in after.view(1)["figures"])


def test_leader_not_sent_out_by_a_guard():
    """T-A8b: a guard placed with a worker where the own leader stands sends the leader out of the
    game. The current bot keeps its leader on the board."""
    g = engine.from_scenario(LOST_LEADER)
    assert habits_of(g, plan(g, "hard_first"))["lost_leader"] == 1
    mine = plan(g, "hard")
    assert habits_of(g, mine)["lost_leader"] == 0
    after, _ = played(g, mine)
    assert after.view(2)["out"]["2"]["leader"] is False
    assert any(f["seat"] == 2 and f["leader"] for f in after.view(2)["figures"])


def test_a_guard_where_the_leader_stands_is_the_leader():
    """T-A8b: guarding with the leader or with a worker where the leader stands leaves the same
    figures in play (every other own figure there leaves); the search offers only the leader, so
    the leader is never sent out of the game by its own guard."""
    g = engine.from_scenario(LOST_LEADER)
    temple = [2, -3]
    guards = [a for a in g.legal_actions() if a["type"] == "guard" and a["hex"] == temple]
    assert {a["figure"] for a in guards} == {"worker", "leader"}
    r = search.with_reserve(g)
    offered = [a for a in search.macro_actions(r, 2, keep_leader=True) if a["type"] == "guard"]
    assert [a["figure"] for a in offered if a["hex"] == temple] == ["leader"]
    assert {a["figure"] for a in search.macro_actions(r, 2) if a["type"] == "guard"
            and a["hex"] == temple} == {"worker", "leader"}


@pytest.mark.parametrize("name", ["IDLE_FINAL", "IDLE_VOLCANO"])
def test_a_scoring_turn_is_not_passed(name):
    """T-V1, T-E1: on a scoring turn with figures in the supply, the current bot spends its AP
    (the first one passed with 5 or more); on the final round it scores more than it would by
    passing."""
    scenario = globals()[name]
    g = scoring_turn(scenario, 3)
    assert habits_of(g, plan(g, "hard_first"))["idle_scoring"] == 1
    mine = plan(g, "hard")
    assert habits_of(g, mine)["idle_scoring"] == 0
    after, events = played(g, mine)
    spent = [e for e in events if e["type"] == "turn_ended" and e["seat"] == 3][0]
    assert spent["ap"] < 5
    if name == "IDLE_FINAL":
        _, passed = played(g, [{"type": "end_turn"}])
        scored = [e["total"] for e in events if e["type"] == "scored" and e["seat"] == 3]
        idle = [e["total"] for e in passed if e["type"] == "scored" and e["seat"] == 3]
        assert scored[0] > idle[0]


def test_no_level_uncovered_for_a_rival():
    """T-A4, T-V3: a level uncovered on a temple a rival leads or ties is a gift to the rival (a
    tie scores for nobody). The current bot leaves the level and takes the lead on the temple 7."""
    g = engine.from_scenario(GIFT)
    assert habits_of(g, plan(g, "hard_first"))["uncover_rival"] == 1
    mine = plan(g, "hard")
    assert habits_of(g, mine)["uncover_rival"] == 0
    after, _ = played(g, mine)
    st = {f["seat"]: f["workers"] + 3 * f["leader"] for f in after.view(2)["figures"]
          if f["hex"] == [4, -5]}
    assert st[2] > max(v for s, v in st.items() if s != 2)


def test_previous_valuations_are_named_parameter_sets():
    """The previous bot is reachable as ``params="hard_prev"`` (for the bench) and the first
    valuation as ``params="hard_first"`` (for these tests), not as levels of their own; an unknown
    set is refused."""
    assert make_bot("tikal", "hard", 0, 1, params="hard_first").weights["gift"] == 0
    prev = make_bot("tikal", "hard", 0, 1, params="hard_prev").weights
    assert prev["gift"] > 0 and prev["claim"] == 1 and prev["finish"] == 0
    with pytest.raises(ValueError):
        make_bot("tikal", "hard_prev", 0, 1)
    with pytest.raises(ValueError):
        make_bot("tikal", "hard", 0, 1, params="hard_next")


# --- the auction: a scoring turn thrown away -------------------------------------------------------
def until_other_seat(g, bot) -> tuple:
    """(events, habit counts) while ``bot`` decides for its seat in a private copy of ``g``
    (through ``choose``, the way a table asks it), up to the first decision of another seat."""
    c = g.clone()
    events = []
    watch = HabitWatch(bot.seat)
    while c.to_act == bot.seat and not c.is_over:
        view = c.view(bot.seat)
        action = bot.choose(view, c.legal_actions())
        got = c.apply(action)
        watch.seen(view, action, got, c.view(None))
        events += got
    return events, watch.counts


def test_a_plan_stops_where_its_ap_phase_ends():
    """T-T1, T-X8: in the auction the lowest score opens the final round. Here seat 3 (47 points)
    moves last in the last round with 3 AP: the action that spends its last AP ends its AP phase
    (the ``turn_ended`` event) and the final round starts with seat 3 itself, 10 AP. The plan stops
    at that event, so the bot plans its scoring turn afresh instead of replaying an ``end_turn``
    (which threw the whole scoring turn away)."""
    g = engine.from_scenario(dict(IDLE_FINAL, variant="auction", revealed=[], moved=[0, 1, 2], ap=3))
    steps = make_bot("tikal", "hard", 3, 1).make_plan(g.view(3))
    assert steps[-1][0]["type"] != "end_turn"
    _, events = played(g, [a for a, _ in steps])
    assert [e for e in events if e["type"] == "turn_ended"] == [
        {"type": "turn_ended", "seat": 3, "kind": "normal", "ap": 0}]
    assert [e["order"][0] for e in events if e["type"] == "scoring_started"] == [3]
    events, habits = until_other_seat(g, make_bot("tikal", "hard", 3, 1))
    ended = [e for e in events if e["type"] == "turn_ended"]
    assert [e["kind"] for e in ended] == ["normal", "scoring"]
    assert ended[1]["ap"] < 10
    assert habits["skipped_scoring"] == 0


@pytest.mark.slow
def test_four_hard_bots_in_the_auction_keep_their_scoring_turns():
    """The game where it happened: ``bots_bench.py --seed 1 --matchups
    tikal-4p-auction-hard-vs-hard``, game 1 (game seed 100003, bot seeds as the bench draws them).
    Seat 0 spent its last AP in the last round and opened the final round itself (T-X8); its
    stored plan went on with ``end_turn`` and threw the scoring turn away (10 AP, 85 points). Now
    every seat spends its scoring turns, and the case the plan must stop at did arise. The bots
    value positions and search as they did then (``claim`` and ``safe`` came later, issue 24's
    guard pricing, and ``finish``, issue 32's plans that go on while a step gains: they lead to
    another game), so the game is that one."""
    gseed = 1 * 100003 + 0
    g = engine.new_game("tikal", 4, gseed, {"variant": "auction"})
    then = {"claim": 0, "safe": 0.0, "finish": 0.0}
    bots = [make_bot("tikal", "hard", s, seed=gseed * 8 + s + 1, weights=then) for s in range(4)]
    watches = [HabitWatch(s) for s in range(4)]
    reopened = 0
    while not g.is_over:
        seat = g.to_act
        view = g.view(seat)
        action = bots[seat].choose(view, g.legal_actions())
        events = g.apply(action)
        watches[seat].seen(view, action, events, g.view(None))
        kinds = [e["type"] for e in events]
        if action["type"] != "end_turn" and "turn_ended" in kinds and "scoring_started" in kinds:
            if next(e for e in events if e["type"] == "scoring_started")["order"][0] == seat:
                reopened += 1
    assert reopened >= 1
    assert [w.counts["skipped_scoring"] for w in watches] == [0, 0, 0, 0]


# --- a normal turn ended with AP its own valuation would spend ------------------------------------------
def tie_with_ap_left():
    """A game of four previous hard bots (``params="hard_prev"``) on the bench's game seed 700023
    (``--seed 7``, game 2; bot seeds drawn as the bench draws them) after 166 actions: seat 1 has drawn E4 (10 tiles
    left, one volcano among them), 8 workers in its supply, workers in the base camp. A snapshot of
    the game (tests/positions/tikal_tie_with_ap_left.json)."""
    return engine.from_scenario(json.loads((POSITIONS / "tikal_tie_with_ap_left.json").read_text("utf-8")))


def strength_on(g, seat: int, h: list) -> tuple:
    """(``seat``'s strength on ``h``, the best rival's) in ``g`` (T-L1)."""
    view = g.view(None)
    st = [sum(f["workers"] + 3 * f["leader"] for f in view["figures"] if f["seat"] == p and f["hex"] == h)
          for p in range(len(view["scores"]))]
    return st[seat], max(x for p, x in enumerate(st) if p != seat)


@pytest.mark.slow             # hard bots play the position on
def test_a_tie_is_not_left_with_the_ap_to_break_it():
    """The issue's case (a plan ties a temple and ends "nothing left is worth its AP" with 4 AP,
    though one more worker on the same walk makes it a majority; its own example, seed 808000
    action 198, came from an outside harness whose seeds we do not have: this is the same case
    from our bench). The previous bot walks two workers from the base camp onto the 5-temple at
    [2, -2] (3 against 3: a tie scores for nobody, T-V3) and ends its turn with 4 AP (T-T1) while
    8 workers wait in its supply; a third worker on the same 2-AP walk makes it 4 against 3. Not
    the plan's stop where its AP phase ends (``turn_ended``: these plans end with ``end_turn``) but
    its search: the placement's candidates share the budget and the beam ran out of work before
    its lines had spent their AP. The same valuation without ``finish`` does the same; the current
    bot goes on by the best step while one gains, takes the majority and spends its AP, and its
    valuation prefers that turn."""
    g = tie_with_ap_left()
    temple = [2, -2]
    assert g.to_act == 1 and g.view(1)["supply"][1]["workers"] == 8
    for seed in (1, 2):
        for prev in (plan(g, "hard_prev", seed), [a for a, _ in make_bot("tikal", "hard", 1, seed, weights={
                "finish": 0.0}).make_plan(g.view(1))]):
            assert habits_of(g, prev)["idle_turn"] == 1
            after, events = played(g, prev)
            assert [e["ap"] for e in events if e["type"] == "turn_ended"] == [4]
            assert strength_on(after, 1, temple) == (3, 3)
            assert coach.why(g.view(1), prev, 1, seed)[-1] == {"key": "end", "ap": 4}
        mine = plan(g, "hard", seed)
        assert habits_of(g, mine)["idle_turn"] == 0
        after, events = played(g, mine)
        assert [e["ap"] for e in events if e["type"] == "turn_ended"][0] < 3
        mine_st, rival_st = strength_on(after, 1, temple)
        assert mine_st > rival_st == 3
        assert coach.review_turn({"view": g.view(1), "actions": prev}, 1, seed)["gain"] > 0
