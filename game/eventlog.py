"""How the host's events read in a table's log, as data: one table per game for both clients.

Each game lists its events in a ``LogLines({event type: Line(...)}, readings)`` (its
``game/<game>/log_lines.py``); ``lines.describe(scene, ev)`` turns one event into its sentence in
the current language. The table is plain data (strings, numbers and the small forms below), so
the browser reads the same one: ``tools/web_data.py`` writes it to ``assets/web/games/<game>/
log_lines.js`` and ``assets/web/app/loglines.js`` reads it as this module does. What a line needs
of the table itself (a tile's kind in words, whose turtle it is) is a **reading**, named in the
data (``Use("kind", "tile")``) and written once per client: here the game's ``readings`` (functions
``f(scene, ev, value)``), in the browser its ``log.js``'s ``READINGS`` (``f(table, ev, value)``);
``tests/test_js_log_lines.py`` checks that both clients write every event of whole games alike.

A ``Line`` names

- ``key``: the catalog key, or ``Pick(field, {value: key}, otherwise)`` (the event's field picks the
  sentence: a worker or the leader), ``If(field, then, otherwise)`` (whether the field is set: a
  won bid or a free tile), or ``Use(reading)`` (the table picks it: other players' turtles riding);
- ``count``: for a plural entry, the number: an event field, ``Len(field, add)`` (a list's length)
  or a ``Use``; the language's rule picks the form;
- ``when``: an event field (or a ``Use``): the event is not logged when it is not set;
- ``seat``: which seat the line is about (its mark in the log): an event field (default
  ``"seat"``), a ``Use``, or None (a line about the table);
- ``**fields``: the text's placeholders: an event field (``value="value"``) or a ``Use``
  (``Use("name", "with")``: another player's short name).

``{name}`` is always the short name of the line's seat (``scene.short_name``). A line about our own
seat reads in the second person where the catalog has its ``<key>_you`` form ("You place a tile").
Readings every game has: ``name`` (a seat's short name) and ``names`` (several, joined).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Union

#: The suffix of a line's own-seat form ("ev.<game>.tile_placed" → "ev.<game>.tile_placed_you").
YOU = "_you"


@dataclass(frozen=True)
class Pick:
    """The key the event's ``field`` picks (``cases``: value → key), else ``otherwise``."""
    field: str
    cases: dict
    otherwise: str


@dataclass(frozen=True)
class If:
    """``then`` when the event's ``field`` is set (true, non-zero, non-empty), else ``otherwise``."""
    field: str
    then: str
    otherwise: str


@dataclass(frozen=True)
class Len:
    """The length of the event's list ``field`` (none: 0), plus ``add``."""
    field: str
    add: int = 0


@dataclass(frozen=True)
class Use:
    """A reading of the table: ``readings[name](scene, ev, ev[field])`` (no field: None)."""
    name: str
    field: str | None = None


Source = Union[str, Len, Use]


class Line:
    def __init__(self, key: str | Pick | If | Use, count: Source | None = None, when: str | Use | None = None,
                 seat: str | Use | None = "seat", **fields: str | Use):
        self.key, self.count, self.when, self.seat, self.fields = key, count, when, seat, fields

    def data(self) -> dict:
        """The line as JSON data (the browser's copy: tools/web_data.py); ``seat`` left out when it is
        the default ``"seat"``."""
        out: dict = {"key": _data(self.key)}
        for name in ("count", "when"):
            if getattr(self, name) is not None:
                out[name] = _data(getattr(self, name))
        if self.seat != "seat":
            out["seat"] = _data(self.seat)
        if self.fields:
            out["fields"] = {k: _data(v) for k, v in self.fields.items()}
        return out

    def uses(self) -> set[str]:
        parts = [self.key, self.count, self.when, self.seat, *self.fields.values()]
        return {p.name for p in parts if isinstance(p, Use)}


def _data(v):
    if isinstance(v, Pick):
        return {"pick": v.field, "cases": dict(v.cases), "otherwise": v.otherwise}
    if isinstance(v, If):
        return {"if": v.field, "then": v.then, "otherwise": v.otherwise}
    if isinstance(v, Len):
        return {"len": v.field, "add": v.add}
    if isinstance(v, Use):
        return {"use": v.name, **({"of": v.field} if v.field is not None else {})}
    return v


def names(scene, seats) -> str:
    """Several players' short names, joined (winners, bidders)."""
    return ", ".join(scene.short_name(s) for s in seats or [])


#: The readings of every game's lines (the browser's app/loglines.js has the same).
SHARED: dict[str, Callable] = {
    "name": lambda scene, ev, seat: scene.short_name(seat),
    "names": lambda scene, ev, seats: names(scene, seats),
}


class LogLines:
    """A game's log lines: ``{event type: Line}`` and the readings they use (``{name: f(scene, ev,
    value)}``, besides the shared ``name`` and ``names``)."""

    def __init__(self, lines: dict[str, Line], readings: dict[str, Callable] | None = None):
        self.lines = lines
        self.readings = {**SHARED, **(readings or {})}
        unknown = {u for line in lines.values() for u in line.uses()} - set(self.readings)
        if unknown:
            raise ValueError(f"log lines use readings nobody wrote: {sorted(unknown)}")

    def __contains__(self, event_type: str) -> bool:
        return event_type in self.lines

    def data(self) -> dict:
        return {t: line.data() for t, line in self.lines.items()}

    def _read(self, src, scene, ev: dict):
        if isinstance(src, Use):
            return self.readings[src.name](scene, ev, ev.get(src.field) if src.field is not None else None)
        if isinstance(src, Len):
            return len(ev.get(src.field) or []) + src.add
        return ev.get(src)

    def seat(self, scene, ev: dict) -> int | None:
        """The seat a logged event is about (None: about the table, or not logged)."""
        spec = self.lines.get(ev.get("type"))
        if spec is None or spec.seat is None:
            return None
        return self._read(spec.seat, scene, ev)

    def key(self, spec: Line, scene, ev: dict) -> str:
        k = spec.key
        if isinstance(k, Pick):
            return k.cases.get(ev.get(k.field), k.otherwise)
        if isinstance(k, If):
            return k.then if ev.get(k.field) else k.otherwise
        if isinstance(k, Use):
            return self._read(k, scene, ev)
        return k

    def describe(self, scene, ev: dict, you: bool = True) -> str | None:
        spec = self.lines.get(ev.get("type"))
        if spec is None or (spec.when is not None and not self._read(spec.when, scene, ev)):
            return None
        key = self.key(spec, scene, ev)
        seat = self.seat(scene, ev)
        if you and seat is not None and seat == getattr(scene, "me", None) and scene.app.catalog.has(key + YOU):
            key += YOU        # our own move: "You place a tile", "Your turn" (where the language has the line)
        fmt = {"name": scene.short_name(seat) if seat is not None else ""}
        for name, src in spec.fields.items():
            fmt[name] = self._read(src, scene, ev)
        if spec.count is not None:
            return scene.trn(key, self._read(spec.count, scene, ev), **fmt)
        return scene.tr(key, **fmt)


#: A table whose game writes no line (the default of a table scene).
NONE = LogLines({})
