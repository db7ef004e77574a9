"""Every action dict ``legal_actions()`` can list, built once and immutable.

Listing legal actions is the engine's hot path (bots and benchmarks call it for every step). The
action dicts do not depend on the state, only on their fields, so each is built once here and the
lists share them. They are read-only: ``Action`` is a dict and ``Frozen`` a list (equal to plain
dicts and lists, JSON- and msgpack-safe), but changing one raises TypeError; copy it first
(``dict(a)``, ``list(a["hex"])``) to build a variant, e.g. a longer walk.
"""
from __future__ import annotations

from ..readonly import Action, Frozen
from .board import HEXES, NEIGHBOURS
from .info import INFO
from .tiles import TILES, TREASURE_KINDS

FIGS = ("worker", "leader")


def _hex(h) -> Frozen:
    return Frozen(h)


def _action(**fields) -> Action:
    return Action(fields)


END_TURN = _action(type="end_turn")
PASS = _action(type="pass")

#: ENTER[h] -> (worker action, leader action)
ENTER = {h: tuple(_action(type="enter", figure=f, hex=_hex(h)) for f in FIGS) for h in HEXES}
#: MOVES[h][nh] -> (worker action, leader action) for one step h -> nh
MOVES = {h: {nh: tuple(_action(type="move", figure=f, path=Frozen((_hex(h), _hex(nh))))
                       for f in FIGS) for _, nh in NEIGHBOURS[h]} for h in HEXES}
UNCOVER = {h: _action(type="uncover", hex=_hex(h)) for h in HEXES}
DIG = {h: _action(type="dig", hex=_hex(h)) for h in HEXES}
CAMP = {h: _action(type="camp", hex=_hex(h)) for h in HEXES}
#: GUARD[h] -> (worker action, leader action)
GUARD = {h: tuple(_action(type="guard", hex=_hex(h), figure=f) for f in FIGS) for h in HEXES}
#: EXCHANGE[(give, take, with)]
EXCHANGE = {(g, t, w): _action(type="exchange", give=g, take=t, **{"with": w})
            for g in range(TREASURE_KINDS) for t in range(TREASURE_KINDS)
            for w in range(INFO.max_seats)}
#: PLACE[(h, rotation)]
PLACE = {(h, k): _action(type="place_tile", hex=_hex(h), rotation=k) for h in HEXES
         for k in range(6)}
CHOOSE = {t: _action(type="choose_tile", tile=t) for t in TILES}
#: TRANSFER[(figure, from, to)] for every pair of hexes that can carry camps (the base camp,
#: jungle and treasure hexes: any board hex may, depending on where tiles go)
TRANSFER = {(f, a, b): _action(type="transfer", figure=f, **{"from": _hex(a)}, to=_hex(b))
            for f in FIGS for a in HEXES for b in HEXES if a != b}
#: BIDS[a] -> the bid of a points, prebuilt for every score a game is likely to reach; a fixed
#: tuple: bids above it (scores are unbounded, T-V5) are built when listed and not kept.
BIDS = tuple(_action(type="bid", amount=a) for a in range(300))


def bids(amounts: range) -> tuple:
    """The bid actions for ``amounts`` (a range of whole numbers from 1)."""
    listed = BIDS[amounts.start:amounts.stop]
    if amounts.stop > len(BIDS):
        listed += tuple(_action(type="bid", amount=a)
                        for a in range(max(amounts.start, len(BIDS)), amounts.stop))
    return listed
