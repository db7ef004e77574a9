"""The next view from the events, computed by the engine itself (issue 22: the client's view is
advanced by the rules, never by a second copy of them).

``advance(view, events, seat)`` returns what the host's next view of ``seat`` is once an update's
events have happened: the engine draws a full game consistent with ``view``
(``engine.sample_state``), finds the legal action whose events are exactly ``events`` and takes
that game's view after it. Hidden information the events reveal (a drawn tile and the next letter,
a dug treasure, a die, a card turned face up) must come out as they say: a draw that does not is
drawn again (``tries`` draws at most), so what is returned never depends on the draw. A view it
cannot advance (an action the events do not identify, or a draw not found in ``tries``) is None:
the table then takes the host's view as it does at the end of every update.
"""
from __future__ import annotations

import engine


def advance(view: dict, events: list, seat: int | None, tries: int = 400) -> dict | None:
    """The view of ``seat`` after ``events`` (one update: one action's events) from ``view``."""
    if not events:
        return view
    for k in range(tries):
        try:
            game = engine.sample_state(view, engine.Rng(k))
        except (engine.ScenarioError, KeyError, ValueError, TypeError):
            return None
        for action in game.legal_actions():
            trial = game.clone()
            if trial.apply(action) == events:
                return trial.view(seat)
    return None
