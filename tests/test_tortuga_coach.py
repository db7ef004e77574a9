"""Why the hard La Tortuga bot decides as it does (engine/bots/tortuga_coach.py): its choice is the
hard bot's, and every number of its reason is the bot's own expectimax (``decide_values``,
``order_values``) or the dice and the engine themselves (L-T3 bust, L-E1 the card at space 21); the
choice it compares with is the next best one (with cards as dice, a card may be it), and two
choices worth about the same are said to be (no "0.00 eggs more")."""
from __future__ import annotations

import functools
import re

import pytest

import engine
from assets.i18n import LANGUAGES, Catalog
from engine.bots import make_bot
from engine.bots.tortuga_bots import decide_values, order_values
from engine.bots.tortuga_coach import CLOSE, advise
from game.tortuga.hint import why_text
from game.tortuga.samples import TORTUGA_SCENARIO

#: Seat 0 moves; seat 3's turtle rides on top of it, so seat 3 decides (L-R2). Dice 2, 3 forced.
RIDING = TORTUGA_SCENARIO


def game_after(scenario: dict, actions: list) -> engine.Game:
    g = engine.from_scenario(dict(scenario))
    for a in actions:
        g.apply(a)
    return g


def q_values(view: dict, seat: int) -> dict:
    return {(a["type"], a.get("eggs")): v[seat] for a, v in decide_values(view)}


def test_stop_when_one_more_die_busts_two_times_in_three():
    g = game_after(RIDING, [{"type": "roll"}, {"type": "roll"}])
    seat = g.to_act
    view = g.view(seat)
    assert seat == 3 and view["rolled"] == [2, 3]
    action, why = advise(view, g.legal_actions(), seat, seed=1)
    assert action == make_bot("tortuga", "hard", seat, 1).choose(view, g.legal_actions()) == {"type": "stop"}
    q = q_values(view, seat)
    assert why == {"key": "stop", "bust": 67, "spaces": 10, "gain": round(q[("stop", None)] - q[("roll", None)], 2),
                   "other": {"key": "roll"}}
    assert why["gain"] > 0
    # L-T3 by the engine itself: a third die of 3..6 on the sum 5 busts, 1 and 2 do not (4 in 6 = 67 %)
    busts = 0
    for d in range(1, 7):
        third = game_after(dict(RIDING, dice=[2, 3, d]), [{"type": "roll"}] * 2).apply({"type": "roll"})
        busts += any(ev["type"] == "bust" for ev in third)
    assert busts == 4


@functools.cache
def samples(seeds=range(4)) -> list[tuple[dict, list, int, dict, dict, list]]:
    """(view, legal, seat, action, reason, the engine's events of a stop there) over games of
    greedy bots, 2 and 4 seats, cards as dice or not: every decision the hint could be asked for."""
    out = []
    for seed in seeds:
        for seats in (2, 4):
            g = engine.new_game("tortuga", seats=seats, seed=seed, options={"cards_as_dice": seed % 2 == 0})
            bots = {s: make_bot("tortuga", "normal", s, s) for s in range(seats)}
            for _ in range(120):
                if g.is_over:
                    break
                seat, legal = g.to_act, g.legal_actions()
                view = g.view(seat)
                if len(legal) > 1:
                    action, why = advise(view, legal, seat, seed=seed)
                    stop = g.clone().apply({"type": "stop"}) if view["phase"] == "decide" else []
                    out.append((view, legal, seat, action, why, stop))
                g.apply(bots[seat].choose(view, legal))
    return out


def named(other: dict) -> tuple:
    """The ``q_values`` key of the choice a reason's ``other`` names."""
    return {"stop": ("stop", None), "roll": ("roll", None)}.get(other["key"], ("play_card", other.get("eggs")))


@pytest.mark.slow       # three expectimax searches for each of ~600 decisions (20 s)
def test_every_reason_is_the_bots_own_numbers():
    found = [x[:5] for x in samples()]
    keys = {why["key"] for *_, why in found}
    assert {"stop", "stop_card", "roll", "roll_safe", "first", "close", "play", "even"} <= keys, keys
    for view, legal, seat, action, why in found:
        assert action == make_bot("tortuga", "hard", seat, 0).choose(view, legal)
        if view["phase"] == "choose_turtle":
            values = dict(order_values(view, seat))
            gain = values[action["turtle"]] - max(v for t, v in values.items() if t != action["turtle"])
            if why["key"] == "close":
                assert abs(gain) < CLOSE
            else:
                assert why["key"] == "first" and why["gain"] == round(gain, 2) and gain >= CLOSE
            continue
        q = q_values(view, seat)
        chosen = (action["type"], action.get("eggs"))
        second = max(v for k, v in q.items() if k != chosen)
        gain = q[chosen] - second
        total, n = sum(view["rolled"]), len(view["rolled"])
        bust = round(100 * sum(1 for d in range(1, 7) if total + d > 7) / 6)      # L-T3
        if why["key"] == "stop_card":
            assert action["type"] == "stop" and why["spaces"] == n * total
            continue
        # the choice it compares with is the next best one, whichever it is (a card too)
        other = why["other"]
        assert named(other) != chosen and q[named(other)] == second, (why, q)
        if other["key"] == "stop":
            assert other == {"key": "stop", "spaces": n * total}
        assert gain >= -1e-9
        if gain < CLOSE:
            assert why == {"key": "even", "other": other}
            continue
        assert why["gain"] == round(gain, 2) >= CLOSE
        if action["type"] == "stop":
            assert why == {"key": "stop" if bust else "stop_safe", "spaces": n * total, "gain": why["gain"],
                           "other": other, **({"bust": bust} if bust else {})}
        elif action["type"] == "roll":
            assert why["key"] == ("roll" if bust else "roll_safe")
            assert why.get("bust", 0) == bust
        else:
            assert why == {"key": "play", "eggs": action["eggs"], "total": total + action["eggs"], "gain": why["gain"],
                           "other": other}


def test_a_card_may_be_the_next_best_choice():
    """With cards as dice (L-E2) a card may be what a roll or a stop is compared with: the line
    names the card, not a stop (a roll once read "worth 0.03 eggs more than stopping" where the
    card was the runner-up and stopping was 0.25 eggs behind)."""
    found = [why for view, *_, why, _ in samples() if view["phase"] == "decide" and "other" in why]
    cards = [why for why in found if why["other"]["key"] == "card"]
    assert any(why["key"] in ("roll", "roll_safe") for why in cards), cards
    for view, legal, seat, action, why, _ in samples():
        if view["phase"] == "decide" and why.get("other", {}).get("key") == "card":
            assert view["cards_as_dice"] and why["other"]["eggs"] in view["held"][str(seat)]


class Words:
    """A catalog with the window's ``tr``/``trn`` (what ``why_text`` needs)."""

    def __init__(self, lang: str):
        self.catalog = Catalog(lang)
        self.tr, self.trn = self.catalog.tr, self.catalog.trn


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_line_says_a_gain_of_nothing(lang):
    """Every reason in words: no gain of 0.00 (or -0.00) eggs, no negative one, and the next
    best choice in words inside the line."""
    app = Words(lang)
    for view, *_, why, _ in samples():
        text = why_text(app, why)
        assert text and "{" not in text, (lang, why, text)
        assert not re.search(r"-\s?\d|\b0[.,]0+\b", text), (lang, why, text)
        if "other" in why:
            assert why_text(app, {"key": "even", "other": why["other"]}) != why_text(
                app, {"key": "even", "other": {"key": "roll" if why["other"]["key"] != "roll" else "card", "eggs": 9}})


def test_stop_card_names_the_card_the_engine_gives():
    """L-E1, L-X1: where the reason says stopping takes the card of space 21 (or the beach), the
    engine's stop does, and a plain stop takes nothing."""
    seen = 0
    for view, legal, seat, action, why, stop in samples():
        took = [ev["eggs"] for ev in stop if ev["type"] in ("card_taken", "beach")]
        if why["key"] in ("stop", "stop_safe"):
            assert took == []
        if why["key"] == "stop_card":
            assert took == [why["eggs"]]
            seen += 1
    assert seen >= 5
