"""A test oracle: the next view from an update's events, computed by the engine itself, so tests
check that the host and the engine agree on every update (issue 29: updates flow one way; the
window shows the view each update carries and never computes one, so this runs only in tests, off
the window's thread).

``advance(view, events, seat)`` returns what the host's next view of ``seat`` is once an update's
events have happened: the engine draws a full game consistent with ``view``
(``engine.sample_state``), finds the legal action whose events are exactly ``events`` (a listed
one, or a listed one with fields the events name: a longer walk's path) and takes that game's view
after it. Hidden information the events reveal (a drawn tile and the next letter, a dug treasure,
a die, a card turned face up) must come out as they say: a draw that does not is drawn again
(``tries`` draws at most: a test can afford many), so what is returned never depends on the draw.
A view it cannot advance (an action the events do not identify, or a draw not found in ``tries``)
is None. It could not stand in for the host: a game with private hands has no draw consistent
with one seat's view that gives another seat's, and in a Tikal auction 1 update in 9 games needed
more than 400 draws (up to 208 ms of CPU on the window's thread).
"""
from __future__ import annotations

import engine


def advance(view: dict, events: list, seat: int | None, tries: int = 5000) -> dict | None:
    """The view of ``seat`` after ``events`` (one update: one action's events) from ``view``."""
    if not events:
        return view
    wanted = _plain(events)
    kinds = _kinds(wanted)
    # The actions whose events had the wanted kinds on a draw: only their hidden draws differed
    # (the next tile, a die), so later draws try only them, not every legal action again.
    likely: list | None = None
    for k in range(tries):
        try:
            game = engine.sample_state(view, engine.Rng(k))
        except (engine.ScenarioError, KeyError, ValueError, TypeError):
            return None
        pool = candidates(game.legal_actions(), wanted) if likely is None else likely
        shaped = []
        for action in pool:
            trial = game.clone()
            try:
                made = _plain(trial.apply(action))
            except engine.IllegalAction:      # a filled-in variant the rules refuse
                continue
            if made == wanted:
                return trial.view(seat)
            if likely is None and _kinds(made) == kinds:
                shaped.append(action)
        if likely is None and shaped:
            likely = shaped
    return None


def _kinds(events: list) -> list:
    return [ev.get("type") if isinstance(ev, dict) else None for ev in events]


def candidates(legal: list, events: list):
    """The listed legal actions, then each one's fields filled in from the same-named fields of
    the update's events (``legal_actions()`` may list a family by its smallest member: a one-step
    walk stands for every longer path, and the event's ``path`` names the one taken)."""
    yield from legal
    seen = set()
    for action in legal:
        for ev in events:
            if not isinstance(ev, dict):
                continue
            variant = {k: (ev[k] if k != "type" and k in ev else v) for k, v in action.items()}
            key = repr(variant)
            if variant != _plain(action) and key not in seen:
                seen.add(key)
                yield variant


def _plain(x):
    """The events as they come over the wire (JSON: a tuple is a list)."""
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return x


def disagreements(notes: list, seat) -> list:
    """The updates among a window's notes (``{"kind": "update", "view", "events", "full",
    "undone"}``, in the order they came) whose view the engine does not reach from the view before
    by their events: ``[(index, event types)]``. A full resync or an undo starts afresh."""
    out, before = [], None
    for i, note in enumerate(n for n in notes if n.get("kind") == "update"):
        view = note.get("view")
        if before is not None and not note.get("full") and note.get("undone") is None:
            if advance(before, note["events"], seat) != view:
                out.append((i, [ev.get("type") for ev in note["events"]]))
        before = view
    return out
