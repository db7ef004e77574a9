"""How each La Tortuga event reads in the table's log (``game/eventlog.py``; docs/events.md lists
the events and their keys)."""
from __future__ import annotations

from ..eventlog import Line, names


def owner(scene, ev) -> int:
    """The owner of the moving turtle: whose turtles went (or splashed)."""
    return scene.owner(ev["turtle"])


LOG_LINES = {
    "turn": Line("ev.tortuga.turn"),
    "turtle_chosen": Line("ev.tortuga.chosen"),
    "die_rolled": Line("ev.tortuga.die_rolled", value="value", sum="sum"),
    "card_played": Line("ev.tortuga.card_played", count=lambda ev: ev["eggs"], eggs="eggs", sum="sum"),
    "turtles_moved": Line("ev.tortuga.moved", seat=owner, count=lambda ev: ev["steps"], steps="steps", to="to",
                          turtles=lambda scene, ev: len(ev["group"])),
    "bust": Line("ev.tortuga.bust", seat=owner, sum="sum"),
    "card_taken": Line("ev.tortuga.card_taken", count=lambda ev: ev["eggs"], eggs="eggs"),
    "beach": Line("ev.tortuga.beach", count=lambda ev: ev["eggs"], eggs="eggs"),
    "game_over": Line("ev.game_over", seat=None, names=lambda scene, ev: names(scene, ev.get("winners"))),
}
