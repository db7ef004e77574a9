"""How the host's events read in a table's log, as data.

Each game lists its events in a dict ``{event type: Line(...)}`` (``game/<game>/log_lines.py``);
``describe(lines, scene, ev)`` turns one event into its sentence in the current language. A ``Line`` names

- ``key``: the catalog key, or a function ``key(ev) -> key`` when the event's kind picks the
  sentence (a worker or the leader, a volcano or the final scoring), or ``key(scene, ev)`` when
  the table does (other players' turtles riding along);
- ``count``: for a plural entry, a function ``count(ev) -> n`` (the language's rule picks the form);
- ``when``: a function ``when(ev) -> bool``; the event is not logged when it is false;
- ``seat``: which seat the line is about (its mark in the log): an event key (default ``"seat"``),
  a function ``seat(scene, ev)``, or None (a line about the table);
- ``**fields``: the text's placeholders: an event key (``value="value"``) or a function
  ``f(scene, ev)`` (a treasure's name, another player's name).

``{name}`` is always the short name of the line's seat (``scene.short_name``). A line about our own
seat reads in the second person where the catalog has its ``<key>_you`` form ("You place a tile").
"""
from __future__ import annotations

from typing import Callable

#: The suffix of a line's own-seat form ("ev.<game>.tile_placed" → "ev.<game>.tile_placed_you").
YOU = "_you"


class Line:
    def __init__(self, key: str | Callable, count: Callable | None = None, when: Callable | None = None,
                 seat: str | Callable | None = "seat", **fields):
        self.key, self.count, self.when, self.seat, self.fields = key, count, when, seat, fields

    def seat_of(self, scene, ev: dict) -> int | None:
        if self.seat is None:
            return None
        return self.seat(scene, ev) if callable(self.seat) else ev.get(self.seat)


def line_seat(lines: dict, scene, ev: dict) -> int | None:
    """The seat a logged event is about (None: about the table)."""
    spec = lines.get(ev.get("type"))
    return spec.seat_of(scene, ev) if spec is not None else None


def describe(lines: dict, scene, ev: dict, you: bool = True) -> str | None:
    spec = lines.get(ev.get("type"))
    if spec is None or (spec.when is not None and not spec.when(ev)):
        return None
    if callable(spec.key):   # key(ev), or key(scene, ev) when the sentence depends on the table too
        key = spec.key(scene, ev) if spec.key.__code__.co_argcount == 2 else spec.key(ev)
    else:
        key = spec.key
    seat = spec.seat_of(scene, ev)
    if you and seat is not None and seat == getattr(scene, "me", None) and scene.app.catalog.has(key + YOU):
        key += YOU        # our own move: "You place a tile", "Your turn" (where the language has the line)
    fmt = {"name": scene.short_name(seat) if seat is not None else ""}
    for name, src in spec.fields.items():
        fmt[name] = src(scene, ev) if callable(src) else ev.get(src)
    if spec.count is not None:
        return scene.trn(key, spec.count(ev), **fmt)
    return scene.tr(key, **fmt)


def names(scene, seats) -> str:
    """Several players' short names, joined (winners, bidders)."""
    return ", ".join(scene.short_name(s) for s in seats or [])
