"""Why the hard La Tortuga bot decides as it does: one reason per decision, from its own numbers.

``advise(view, legal, seat, seed) -> (action, reason)``: the hard bot's choice for ``seat`` (the
one to act) and a reason: a dict with a ``key`` and the numbers a line of words needs (the client
puts it in words, ``hint.why.tortuga.<key>``). Every number comes from the bot's expectimax
(``tortuga_bots.decide_values`` / ``order_values``) or from the dice themselves; values are in
eggs, the bot's unit. Only the view and the engine's public API are read (nothing hidden).

Reason keys (decide phase: ``total``/``n`` are the sum and count of the values so far). Each
gain is over the next best choice, which the reason names in ``other``: ``{"key": "stop",
"spaces": n}`` (stopping now), ``{"key": "roll"}`` (one more die) or ``{"key": "card", "eggs": e}``
(playing the card of ``e`` eggs: with cards as dice, a card may be the runner-up).
- ``stop_card``: stopping now reaches or passes space 21 and takes the face-up card (``eggs``)
  or the beach, for a sure ``spaces``.
- ``stop``: one more die busts with chance ``bust`` (percent); stopping is worth ``gain`` eggs
  more than ``other``, for a sure ``spaces``.
- ``roll_safe``: one more die cannot bust (``total`` + 6 <= 7); rolling is worth ``gain`` more.
- ``roll``: rolling is worth ``gain`` eggs more than ``other``, despite ``bust``.
- ``stop_safe``: no die could bust, yet a sure ``spaces`` now is worth ``gain`` eggs more.
- ``play``: the card of ``eggs`` makes the sum ``total`` with no risk to bust; worth ``gain``.
- ``even``: the choice and ``other`` are worth about the same (less than ``CLOSE`` apart): no
  gain is quoted (a gain that rounds to 0.00 says nothing).
- ``first``: which turtle moves first (it stands on ``space``, 0: the raft); the order is worth
  ``gain`` eggs more than the other; ``close`` when that is under ``CLOSE``: either is as good.
- ``only``: the one legal action (the first die is always rolled, L-T1).

Eggs are the bot's unit of value (eggs held, plus what its position is worth in eggs): a gain is
the bot's estimate, not eggs a player will score (the hint's note says so).
"""
from __future__ import annotations

from ..tortuga.analysis import BEACH_EGGS, MAX_DICE, MAX_SUM, destination
from .tortuga_bots import FACES, TortugaExpectimaxBot, decide_values, order_values

#: Gains under this many eggs are "about the same" (the order of turtles: a tenth of an egg).
CLOSE = 0.1


def bust_chance(total: int, n: int) -> float:
    """The chance that one more die busts (L-T3): a sum over 7 after the second or third value."""
    if n >= MAX_DICE:
        return 0.0
    return sum(1 for d in FACES if total + d > MAX_SUM) / len(FACES)


def where(view: dict, turtle: int) -> int:
    """The space ``turtle`` stands on (0: the raft)."""
    return next((int(k) for k, st in view["stacks"].items() if turtle in st), 0)


def card_at_stop(view: dict, spaces: int) -> int | None:
    """The eggs a stop of ``spaces`` takes (L-E1, L-X1): the face-up card or the beach, or None
    when the group neither reaches nor passes space 21."""
    _, passes = destination(where(view, view["turtle"]), spaces)
    if not passes:
        return None
    return view["face_up"] if view["deck_left"] else BEACH_EGGS


def runner_up(values: dict, chosen, seat: int) -> tuple:
    """(the next best choice's key, the chosen one's gain over it) for ``seat``; the first of
    equal ones in the order of ``values`` (the engine's order of legal actions)."""
    best = None
    for k, v in values.items():
        if k != chosen and (best is None or v[seat] > values[best][seat]):
            best = k
    if best is None:
        return None, 0.0
    return best, values[chosen][seat] - values[best][seat]


def _key(action: dict) -> tuple:
    return (action["type"], action.get("eggs"), action.get("turtle"))


def _other(key: tuple, spaces: int) -> dict:
    """The reason's name for the choice of ``key`` (a ``_key``)."""
    if key[0] == "stop":
        return {"key": "stop", "spaces": spaces}
    if key[0] == "roll":
        return {"key": "roll"}
    return {"key": "card", "eggs": key[1]}


def advise(view: dict, legal: list, seat: int, seed: int = 0) -> tuple[dict, dict]:
    """The hard bot's action for ``seat`` in ``view`` and its reason (see the module's doc)."""
    action = TortugaExpectimaxBot(seat, seed).choose(view, legal)
    if len(legal) == 1:
        return action, {"key": "only"}
    if view["phase"] == "choose_turtle":
        return action, _turtle_reason(view, seat, action["turtle"])
    return action, _decision_reason(view, seat, action)


def _turtle_reason(view: dict, seat: int, turtle: int) -> dict:
    """Why this turtle moves first: how much better its order is than the other (or that the
    two are close)."""
    values = {t: (v,) for t, v in order_values(view, seat)}
    _, gain = runner_up(values, turtle, 0)
    if gain < CLOSE:
        return {"key": "close", "space": where(view, turtle)}
    return {"key": "first", "space": where(view, turtle), "gain": round(gain, 2)}


def _decision_reason(view: dict, seat: int, action: dict) -> dict:
    """Why stop, roll or play a card: the bust chance, the gain over the runner-up."""
    values = {_key(a): v for a, v in decide_values(view)}
    total, n = sum(view["rolled"]), len(view["rolled"])
    second, exact = runner_up(values, _key(action), seat)
    other = _other(second, n * total)
    gain = round(exact, 2)
    bust = round(100 * bust_chance(total, n))
    if action["type"] == "stop":
        eggs = card_at_stop(view, n * total)
        if eggs is not None:
            return {"key": "stop_card", "spaces": n * total, "eggs": eggs}
    if exact < CLOSE:
        return {"key": "even", "other": other}
    if action["type"] == "stop":
        if bust == 0:
            return {"key": "stop_safe", "spaces": n * total, "gain": gain, "other": other}
        return {"key": "stop", "bust": bust, "spaces": n * total, "gain": gain, "other": other}
    if action["type"] == "roll":
        if bust == 0:
            return {"key": "roll_safe", "total": total, "gain": gain, "other": other}
        return {"key": "roll", "bust": bust, "gain": gain, "other": other}
    e = action["eggs"]
    return {"key": "play", "eggs": e, "total": total + e, "gain": gain, "other": other}
