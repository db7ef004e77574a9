"""Helpers for the engine tests of both games: refusals, event lookups, JSON safety, random play,
and each game's candidate actions (a superset of the legal ones, for the contract test)."""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.tikal import board
from engine.tikal.tiles import SPECS, TILES

#: The rule ids of each game start with this (a refusal names a rule of its own game).
RULE_PREFIX = {"tikal": "T-", "tortuga": "L-"}


def refused(g, action, rule: str) -> IllegalAction:
    """``action`` is refused with ``rule`` and the game is unchanged (its snapshot and its legal
    actions)."""
    before = g.snapshot()
    legal_before = list(g.legal_actions())
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert info.value.rule == rule, (info.value.rule, info.value.reason)
    assert g.snapshot() == before
    assert g.legal_actions() == legal_before
    return info.value


def types(events: list) -> list:
    return [e["type"] for e in events]


def first(events: list, type_: str) -> dict:
    return next(e for e in events if e["type"] == type_)


def string_keys(x, where: str = "x") -> None:
    """JSON- and msgpack-safe with string keys (contract section 1)."""
    if isinstance(x, dict):
        for k, v in x.items():
            assert isinstance(k, str), f"{where}: key {k!r} is not a string"
            string_keys(v, f"{where}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            string_keys(v, f"{where}[{i}]")
    else:
        assert x is None or type(x) in (int, str, bool), f"{where}: {x!r} is not JSON-safe"


def random_play(g, rng, on_step=None, limit: int = 20_000) -> int:
    """Plays ``g`` to its end with uniformly random legal actions (``on_step(g, i)`` before each);
    returns the number of actions. Every game ends: within ``limit`` actions."""
    steps = 0
    while not g.is_over:
        if on_step:
            on_step(g, steps)
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
        assert steps < limit, "the game does not end"
    return steps


def tikal_candidates(g) -> list:
    """Single-step actions of every type over the whole board: a superset of the legal ones."""
    out = [{"type": "end_turn"}, {"type": "pass"}]
    figs = ("worker", "leader")
    for h in board.HEXES:
        hx = list(h)
        out += [{"type": "place_tile", "hex": hx, "rotation": k} for k in range(6)]
        out += [{"type": t, "hex": hx} for t in ("uncover", "dig", "camp")]
        for f in figs:
            out.append({"type": "enter", "figure": f, "hex": hx})
            out.append({"type": "guard", "hex": hx, "figure": f})
            out += [{"type": "move", "figure": f, "path": [hx, list(nh)]}
                    for _, nh in board.NEIGHBOURS[h]]
    camps = [[0, 0]] + [c["hex"] for c in g.view(None)["camps"]]
    out += [{"type": "transfer", "figure": f, "from": a, "to": b}
            for f in figs for a in camps for b in camps]
    out += [{"type": "exchange", "give": a, "take": b, "with": w}
            for a in range(8) for b in range(8) for w in range(g.seats)]
    out += [{"type": "bid", "amount": a} for a in range(0, 45)]
    out += [{"type": "choose_tile", "tile": t} for t in TILES]
    return out


def tikal_also_legal(g, action, legal) -> bool:
    """Contract section 1: for a volcano ``legal_actions()`` lists rotation 0 only (its rotations
    are the same tile) and ``apply`` accepts any."""
    drawn = g.view(None)["drawn"]
    return (action["type"] == "place_tile" and drawn is not None and SPECS[drawn].kind == "volcano"
            and any(a["hex"] == action["hex"] for a in legal))


def tortuga_candidates(g) -> list:
    """Every action a client could send, the legal ones among them."""
    out = [{"type": "roll"}, {"type": "stop"}]
    out += [{"type": "play_card", "eggs": e} for e in range(0, 8)]
    out += [{"type": "choose_turtle", "turtle": t} for t in range(-1, 15)]
    return out


CANDIDATES = {"tikal": tikal_candidates, "tortuga": tortuga_candidates}
#: Unlisted actions ``apply`` accepts all the same (the contract's one exception).
ALSO_LEGAL = {"tikal": tikal_also_legal, "tortuga": lambda g, action, legal: False}
#: Keys of a snapshot that a view replaces (T-H1, L-H1), besides the generator and the seed.
HIDDEN_KEYS = {"tikal": {"stack"}, "tortuga": {"deck", "removed", "dice"}}
