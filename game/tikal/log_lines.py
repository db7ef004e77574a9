"""How each Tikal event reads in the table's log (``game/eventlog.py``: one ``Line`` per event
type; docs/events.md lists the events and their keys). Both clients read this table: the browser's
copy is ``assets/web/games/tikal/log_lines.js`` (``tools/web_data.py``), its readings in ``log.js``."""
from __future__ import annotations

from engine.tikal.analysis import SPECS

from ..eventlog import If, Len, Line, LogLines, Pick, Use
from .viewops import tile_at
from .words import kind_name, treasure_name


def level_at(scene, ev, h):
    """The level of the temple at ``h`` (a guard's temple) in the table's view."""
    return (tile_at(scene.table.view or {}, h) or {}).get("level", "?")


def where(scene, ev, path) -> str:
    """Where a walk ends, in words: a temple with its level ("temple 5"), else the tile's kind
    ("jungle", "base camp"), from the table's view."""
    tile = tile_at(scene.table.view or {}, (path or [None])[-1]) if path else None
    if not tile:
        return "?"
    spec = SPECS.get(tile.get("id"))
    if spec is not None and spec.kind == "temple":
        return scene.tr("ev.tikal.to_temple", level=tile.get("level", spec.value))
    return kind_name(scene.tr, tile.get("id"))


def swap_key(scene, ev, _) -> str:
    """Someone else's swap that took one of our treasures says "your" (our own swap: ``_you``)."""
    theirs = ev.get("with") == scene.me and ev.get("seat") != scene.me
    return "ev.tikal.exchange_yours" if theirs else "ev.tikal.exchange"


def left_game(scene, ev, left) -> int:
    """How many of the guard's own figures left the game with it."""
    left = left or {}
    return int(left.get("workers", 0)) + (1 if left.get("leader") else 0)


def figure(worker: str, leader: str) -> Pick:
    return Pick("figure", {"leader": leader}, worker)


READINGS = {
    "kind": lambda scene, ev, tile: kind_name(scene.tr, tile),
    "treasure": lambda scene, ev, kind: treasure_name(scene.tr, kind),
    "level_at": level_at,
    "where": where,
    "swap_key": swap_key,
    "left_game": left_game,
}

LOG_LINES = LogLines({
    "turn_started": Line(Pick("kind", {"scoring": "ev.tikal.scoring_turn"}, "ev.tikal.turn")),
    "turn_ended": Line("ev.tikal.turn_ended_lost", when="ap", ap="ap"),
    "tile_drawn": Line("ev.tikal.tile_drawn", kind=Use("kind", "tile")),
    "tile_removed": Line("ev.tikal.tile_removed", seat=None, kind=Use("kind", "tile")),
    "tile_placed": Line("ev.tikal.tile_placed", kind=Use("kind", "tile")),
    "scoring_started": Line(Pick("kind", {"volcano": "ev.tikal.volcano"}, "ev.tikal.final")),
    "scored": Line("ev.tikal.scored", count="total", total="total", temples="temple_points",
                   treasures="treasure_points", score="score"),
    "scoring_ended": Line("ev.tikal.scoring_ended"),
    "figure_entered": Line(figure("ev.tikal.entered_worker", "ev.tikal.entered_leader")),
    "figure_transferred": Line(figure("ev.tikal.transferred_worker", "ev.tikal.transferred_leader")),
    "figure_moved": Line(figure("ev.tikal.moved_worker", "ev.tikal.moved_leader"), count=Len("path", -1),
                         cost="cost", to=Use("where", "path")),
    "level_uncovered": Line("ev.tikal.uncovered", value="value"),
    "treasure_dug": Line("ev.tikal.dug", treasure=Use("treasure", "kind")),
    "exchange": Line(Use("swap_key"), give=Use("treasure", "give"), take=Use("treasure", "take"),
                     other=Use("name", "with")),
    "camp_built": Line("ev.tikal.camp"),
    "guard_placed": Line("ev.tikal.guard", count=Use("left_game", "left_game"), value=Use("level_at", "hex")),
    "round_started": Line("ev.tikal.round", seat=None, count=Len("revealed")),
    "auction_started": Line("ev.tikal.auction", seat=None, names=Use("names", "bidders")),
    "bid": Line("ev.tikal.bid", amount="amount"),
    "pass": Line("ev.tikal.pass"),
    "auction_won": Line(If("amount", "ev.tikal.won", "ev.tikal.won_free"), amount="amount"),
    "tile_chosen": Line(If("auto", "ev.tikal.chosen_last", "ev.tikal.chosen"), kind=Use("kind", "tile")),
    "game_over": Line("ev.game_over", seat=None, count=Len("winners"), names=Use("names", "winners")),
}, READINGS)
