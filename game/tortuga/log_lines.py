"""How each La Tortuga event reads in the table's log (``game/eventlog.py``; docs/events.md lists
the events and their keys). Both clients read this table: the browser's copy is
``assets/web/games/tortuga/log_lines.js`` (``tools/web_data.py``), its readings in ``log.js``."""
from __future__ import annotations

from ..eventlog import Len, Line, LogLines, Use, names


def owner(scene, ev, turtle) -> int:
    """The owner of the moving turtle: whose turtles went (or splashed)."""
    return scene.owner(turtle)


def riders(scene, ev, _=None) -> str:
    """Whose turtles ride along on the moving one, when they are other players' ("" when none):
    the group is then not one player's turtles."""
    mover = scene.owner(ev["turtle"])
    seats = []
    for t in ev.get("group") or []:
        seat = scene.owner(t)
        if t != ev["turtle"] and seat != mover and seat not in seats:
            seats.append(seat)
    return names(scene, seats)


def moved_key(scene, ev, _) -> str:
    """Other players' turtles riding along are named; else the group is one turtle, or both of
    its owner's (L-S1: two at most), never a bare count."""
    if riders(scene, ev):
        return "ev.tortuga.moved_riders"
    return "ev.tortuga.moved_one" if len(ev.get("group") or [ev["turtle"]]) == 1 else "ev.tortuga.moved"


def bust_key(scene, ev, _) -> str:
    """Who splashes back (L-T3): the mover with the other players' turtles riding on it (named),
    the mover alone, or both of its owner's turtles."""
    if riders(scene, ev):
        return "ev.tortuga.bust_riders"
    return "ev.tortuga.bust_one" if len(ev.get("group") or [ev["turtle"]]) == 1 else "ev.tortuga.bust_both"


READINGS = {"owner": owner, "riders": riders, "moved_key": moved_key, "bust_key": bust_key}

LOG_LINES = LogLines({
    "turn": Line("ev.tortuga.turn"),
    "turtle_chosen": Line("ev.tortuga.chosen"),
    "die_rolled": Line("ev.tortuga.die_rolled", value="value", sum="sum"),
    "card_played": Line("ev.tortuga.card_played", count="eggs", eggs="eggs", sum="sum"),
    "turtles_moved": Line(Use("moved_key"), seat=Use("owner", "turtle"), count="steps", steps="steps", to="to",
                          riders=Use("riders")),
    "bust": Line(Use("bust_key"), seat=Use("owner", "turtle"), sum="sum", riders=Use("riders")),
    "card_taken": Line("ev.tortuga.card_taken", count="eggs", eggs="eggs"),
    "beach": Line("ev.tortuga.beach", count="eggs", eggs="eggs"),
    "game_over": Line("ev.game_over", seat=None, count=Len("winners"), names=Use("names", "winners")),
}, READINGS)
