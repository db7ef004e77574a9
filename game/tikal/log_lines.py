"""How each Tikal event reads in the table's log (``game/eventlog.py``: one ``Line`` per event
type; docs/events.md lists the events and their keys)."""
from __future__ import annotations

from ..eventlog import Line, names
from .viewops import tile_at
from .words import kind_name, treasure_name


def kind(scene, ev) -> str:
    return kind_name(scene.tr, ev.get("tile"))


def figure(worker: str, leader: str):
    return lambda ev: leader if ev.get("figure") == "leader" else worker


def guard_value(scene, ev):
    return (tile_at(scene.table.view or {}, ev["hex"]) or {}).get("level", "?")


def swap_key(scene, ev) -> str:
    """Someone else's swap that took one of our treasures says "your" (our own swap: ``_you``)."""
    theirs = ev.get("with") == scene.me and ev.get("seat") != scene.me
    return "ev.tikal.exchange_yours" if theirs else "ev.tikal.exchange"


def left_game(ev) -> int:
    left = ev.get("left_game") or {}
    return int(left.get("workers", 0)) + (1 if left.get("leader") else 0)


LOG_LINES = {
    "turn_started": Line(lambda ev: "ev.tikal.scoring_turn" if ev.get("kind") == "scoring" else "ev.tikal.turn"),
    "turn_ended": Line("ev.tikal.turn_ended_lost", when=lambda ev: ev.get("ap"), ap="ap"),
    "tile_drawn": Line("ev.tikal.tile_drawn", kind=kind),
    "tile_removed": Line("ev.tikal.tile_removed", seat=None, kind=kind),
    "tile_placed": Line("ev.tikal.tile_placed", kind=kind),
    "scoring_started": Line(lambda ev: "ev.tikal.volcano" if ev.get("kind") == "volcano" else "ev.tikal.final"),
    "scored": Line("ev.tikal.scored", count=lambda ev: ev["total"], total="total", temples="temple_points",
                   treasures="treasure_points",
                   score="score"),
    "scoring_ended": Line("ev.tikal.scoring_ended"),
    "figure_entered": Line(figure("ev.tikal.entered_worker", "ev.tikal.entered_leader")),
    "figure_transferred": Line(figure("ev.tikal.transferred_worker", "ev.tikal.transferred_leader")),
    "figure_moved": Line(figure("ev.tikal.moved_worker", "ev.tikal.moved_leader"), count=lambda ev: len(ev["path"]) - 1,
                         cost="cost"),
    "level_uncovered": Line("ev.tikal.uncovered", value="value"),
    "treasure_dug": Line("ev.tikal.dug", treasure=lambda scene, ev: treasure_name(scene.tr, ev["kind"])),
    "exchange": Line(swap_key, give=lambda scene, ev: treasure_name(scene.tr, ev["give"]),
                     take=lambda scene, ev: treasure_name(scene.tr, ev["take"]),
                     other=lambda scene, ev: scene.short_name(ev["with"])),
    "camp_built": Line("ev.tikal.camp"),
    "guard_placed": Line("ev.tikal.guard", count=left_game, value=guard_value),
    "round_started": Line("ev.tikal.round", seat=None, count=lambda ev: len(ev.get("revealed") or [])),
    "auction_started": Line("ev.tikal.auction", seat=None,
                            names=lambda scene, ev: names(scene, ev.get("bidders"))),
    "bid": Line("ev.tikal.bid", amount="amount"),
    "pass": Line("ev.tikal.pass"),
    "auction_won": Line(lambda ev: "ev.tikal.won" if ev.get("amount") else "ev.tikal.won_free", amount="amount"),
    "tile_chosen": Line(lambda ev: "ev.tikal.chosen_last" if ev.get("auto") else "ev.tikal.chosen", kind=kind),
    "game_over": Line("ev.game_over", seat=None, count=lambda ev: len(ev.get("winners") or []),
                      names=lambda scene, ev: names(scene, ev.get("winners"))),
}
