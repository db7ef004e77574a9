"""La Tortuga bots: the expectimax check and the bot contract.

The brute force here is written independently of the bot's search: it plays every die sequence on
the real engine (each die forced through the snapshot's "dice"), each with probability 1/6 per die,
lets the decider take at every decision the action of best expected value, and values the position
the engine reaches when the movement ends with the bot's evaluation of that seat's view
(``evaluate``: eggs plus the positional term). The bot's search simulates movements on its own light
positions; both must give the same expected values and the same choices.
"""
import json

import pytest

from engine.bots import make_bot
from engine.bots.tortuga_bots import EPS, decide_values, evaluate, order_values
from engine.rng import Rng
from engine.tortuga import new_game, restore, sample_state

LEVELS = ("random", "easy", "normal", "hard")


def key(a):
    return json.dumps(a, sort_keys=True)


def forced(g, d):
    snap = g.snapshot()
    snap["dice"] = [d]
    return restore(snap)


def movement_over(events):
    return any(e["type"] in ("turtles_moved", "bust") for e in events)


def first_best(q, legal):
    """The action a decider takes: best expected value, the first in legal order on ties."""
    top = max(q.values())
    return next(a for a in legal if q[key(a)] >= top - EPS)


class BruteForce:
    """Expected values of one movement, by enumerating the dice on the engine."""

    def __init__(self, leaf_value):
        self.leaf_value = leaf_value          # (game after the movement, decider) -> vector/number

    def q(self, g, who):
        """{action: expected value to the decider} for the decider of g (phase "decide")."""
        return {key(a): self.outcome(g, a, who)[0] for a in g.legal_actions()}

    def outcome(self, g, action, who):
        """(value to the decider, value to ``who``) after ``action``, the decider then playing
        optimally for itself."""
        if action["type"] == "roll":
            results = []
            for d in range(1, 7):
                h = forced(g, d)
                results.append(self.after(h, h.apply(action), who))
            return tuple(sum(r[i] for r in results) / 6 for i in (0, 1))
        h = g.clone()
        return self.after(h, h.apply(action), who)

    def after(self, h, events, who):
        done = [e for e in events if e["type"] in ("turtles_moved", "bust")]
        if done:
            return self.leaf_value(h, done[0]["decider"]), self.leaf_value(h, who)
        legal = h.legal_actions()
        outs = {key(a): self.outcome(h, a, who) for a in legal}
        best = first_best({k: v[0] for k, v in outs.items()}, legal)
        return outs[key(best)]


def view_value(h, seat):
    return evaluate(h.view(seat), seat)


def decide_positions(count, seed=0):
    """Positions in phase "decide" from random games: 2–7 seats, both options."""
    rng = Rng(seed)
    out = []
    i = 0
    while len(out) < count:
        seats = 2 + i % 6
        g = new_game(seats, 1000 + i, {"cards_as_dice": i % 2 == 0, "first": "random"})
        i += 1
        while not g.is_over:
            legal = g.legal_actions()
            if g.phase == "decide" and rng.below(9) == 0:
                out.append(g.clone())
            g.apply(legal[rng.below(len(legal))])
    return out[:count]


POSITIONS = decide_positions(90)


def test_the_sample_covers_riding_and_cards():
    riding = [g for g in POSITIONS if g.view(None)["decider"] != g.view(None)["seat"]]
    stacked = [g for g in POSITIONS if len(g.view(None)["group"]) > 1]
    cards = [g for g in POSITIONS if any(a["type"] == "play_card" for a in g.legal_actions())]
    second = [g for g in POSITIONS if len(g.view(None)["rolled"]) == 2]
    assert min(len(riding), len(stacked), len(cards), len(second)) >= 5, \
        (len(riding), len(stacked), len(cards), len(second))


@pytest.mark.parametrize("n", range(len(POSITIONS)))
def test_expectimax_agrees_with_brute_force(n):
    # The hard bot's roll / stop / play-card values and choices against brute force.
    g = POSITIONS[n]
    seat = g.to_act
    view = g.view(seat)
    brute = BruteForce(view_value).q(g, seat)
    mine = {key(a): v[seat] for a, v in decide_values(view)}
    assert mine.keys() == brute.keys()
    for k in brute:
        assert mine[k] == pytest.approx(brute[k], abs=1e-9), k
    bot = make_bot("tortuga", "hard", seat, seed=n)
    choice = bot.choose(view, g.legal_actions())
    assert brute[key(choice)] >= max(brute.values()) - 1e-9
    assert choice == first_best(brute, g.legal_actions())


def choose_positions(count):
    out = []
    i = 0
    rng = Rng(77)
    while len(out) < count:
        g = new_game(2 + i % 2, 500 + i, {"cards_as_dice": i % 3 == 0})
        i += 1
        while not g.is_over:
            if g.phase == "choose_turtle" and rng.below(6) == 0:
                out.append(g.clone())
                break
            legal = g.legal_actions()
            g.apply(legal[rng.below(len(legal))])
    return out


def turn_value(g, me, memo):
    """Expected value to ``me`` at the end of the active player's turn (both movements), every
    decider maximising its own value of its movement; g in phase "roll" or "decide"."""
    snapkey = json.dumps(g.snapshot() | {"rng": 0, "dice": []}, sort_keys=True)
    if snapkey in memo:
        return memo[snapkey]
    brute = BruteForce(view_value)
    if g.phase == "roll":
        vals = []
        for d in range(1, 7):
            h = forced(g, d)
            h.apply({"type": "roll"})
            vals.append(turn_value(h, me, memo))
        v = sum(vals) / 6
    else:
        legal = g.legal_actions()
        action = first_best(brute.q(g, g.to_act), legal)
        if action["type"] == "roll":
            vals = []
            for d in range(1, 7):
                h = forced(g, d)
                vals.append(continue_turn(h, h.apply(action), me, memo))
            v = sum(vals) / 6
        else:
            h = g.clone()
            v = continue_turn(h, h.apply(action), me, memo)
    memo[snapkey] = v
    return v


def continue_turn(h, events, me, memo):
    if any(e["type"] in ("turn", "game_over") for e in events):
        return view_value(h, me)
    if any(e["type"] == "card_taken" and e["face_up"] is not None for e in events):
        # Mid-turn a new card was turned up: before the turn it was unseen, so average over every
        # card it could have been (the deck below the face-up card and the removed cards are in a
        # uniformly random order).
        snap = h.snapshot()
        pool = snap["deck"] + snap["removed"]
        total = 0.0
        for c in sorted(set(pool)):
            rest = list(pool)
            rest.remove(c)
            n = len(snap["deck"])
            variant = restore(snap | {"deck": [c] + rest[:n - 1], "removed": rest[n - 1:]})
            total += pool.count(c) / len(pool) * turn_value(variant, me, memo)
        return total
    return turn_value(h, me, memo)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(4))
def test_choosing_the_first_turtle_compares_both_orders(n):
    g = choose_positions(4)[n]
    me = g.to_act
    mine = dict(order_values(g.view(me), me))
    for a in g.legal_actions():
        h = g.clone()
        h.apply(a)
        assert mine[a["turtle"]] == pytest.approx(turn_value(h, me, {}), abs=1e-9)
    choice = make_bot("tortuga", "hard", me, 3).choose(g.view(me), g.legal_actions())
    assert mine[choice["turtle"]] == max(mine.values())


def play(levels, seed, cad):
    g = new_game(len(levels), seed, {"cards_as_dice": cad})
    bots = [make_bot("tortuga", lvl, s, seed * 7 + s) for s, lvl in enumerate(levels)]
    actions = []
    while not g.is_over:
        s = g.to_act
        legal = g.legal_actions()
        a = bots[s].choose(g.view(s), legal)
        assert a in legal
        actions.append(a)
        g.apply(a)
        assert len(actions) < 20_000
    return actions, g.scores


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 4, 7])
def test_bots_play_legal_whole_games_and_are_deterministic(seats):
    levels = [LEVELS[(i + seats) % 4] for i in range(seats)]
    for cad in (False, True):
        assert play(levels, seats, cad) == play(levels, seats, cad)


@pytest.mark.parametrize("level", LEVELS)
def test_same_choice_when_only_hidden_information_differs(level):
    # L-H1: two states with different deck order / removed cards / generator, same views.
    chosen = 0
    for g in POSITIONS[:20] + choose_positions(3):
        seat = g.to_act
        a = sample_state(g.view(seat), Rng(1))
        b = sample_state(g.view(seat), Rng(2))
        assert a.snapshot() != b.snapshot()
        ca = make_bot("tortuga", level, seat, 5).choose(a.view(seat), a.legal_actions())
        cb = make_bot("tortuga", level, seat, 5).choose(b.view(seat), b.legal_actions())
        assert ca == cb
        chosen += 1
    assert chosen == 23


@pytest.mark.slow
def test_hard_collects_more_eggs_than_easy():
    # A smoke check of strength (benchmarks measure it properly): one expectimax bot against three
    # threshold bots, seats rotating, over 300 four-player games: it collects more eggs than the
    # average easy bot.
    hard = easy = 0.0
    for game_no in range(300):
        levels = ["easy"] * 4
        levels[game_no % 4] = "hard"
        _, scores = play(levels, 900 + game_no, False)
        hard += scores[game_no % 4]
        easy += (sum(scores) - scores[game_no % 4]) / 3
    assert hard > easy
