"""The one small state API every game implements (contract section 1), and its shared body.

Like OpenSpiel's ``State``: the host, the client and the bots talk to every game through these
members only. Both games have the same parts: a ``State`` in plain attributes (``state.py``, with
its cheap ``copy()``), the turn flow that lists and applies actions (``flow.py``: ``legal(s)`` and
``RULES``: parse -> phase -> check -> do), the end (``scoring.py``: ``scores(s)``,
``winners(s)``), the serialised forms (``serial.py``: ``build_state``, ``snapshot(s)``,
``view(s)``, ``sampled_scenario``), its facts (``info.py``: ``INFO``), and a ``Game`` subclass
(``game.py``) that names them, with the four factories. Everything here is shared.

``legal_actions()`` is computed once per state and cached until the next successful ``apply``:
a read-only list of shared, read-only dicts (``engine/readonly.py``). So is the public part of
``view()``: neither game has information private to one seat, so the views of all seats are one
cached dict but for their ``"you"``, rebuilt after each ``apply``.
"""
from __future__ import annotations

from itertools import repeat
from operator import is_
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from .readonly import Action

if TYPE_CHECKING:
    from .dispatch import Rules
    from .info import GameInfo


def _cached_legal(list_legal):
    """The ``legal_actions`` method of a game class whose flow lists with ``list_legal(s)``: the
    flow's function is a closure cell, cheaper than an attribute lookup on the hot path of every
    game loop and bot search."""

    def legal_actions(self) -> list:
        """Every action dict ``to_act`` may apply now, in a deterministic order: a read-only list
        (``engine.readonly.Frozen``) of shared, read-only dicts, computed once per state and the
        same list until the next ``apply``; copy it (``list(...)``) to change it."""
        legal = self._legal
        if legal is None:
            legal = self._legal = list_legal(self.s)
        return legal

    return legal_actions


class Game:
    #: the game's ``GameInfo`` (engine/info.py); ``name`` is its registry key.
    info: ClassVar[GameInfo]
    name: str = ""
    #: the game's flow, scoring and serial modules (named by each game's ``game.py``).
    flow: ModuleType
    scoring: ModuleType
    serial: ModuleType
    _rules: ClassVar[Rules]
    #: the game's ``State`` (its ``state.py``)
    s: Any

    if TYPE_CHECKING:
        def legal_actions(self) -> list: ...    # each subclass's own (``_cached_legal``)

    def __init_subclass__(cls, info=None, flow=None, scoring=None, serial=None, **kw):
        """``class XGame(Game, info=INFO, flow=flow, scoring=scoring, serial=serial)``: the
        game's facts and modules, its name its info's."""
        super().__init_subclass__(**kw)
        if info is not None:
            cls.info, cls.name = info, info.name
            cls.flow, cls.scoring, cls.serial = flow, scoring, serial
        cls._rules = cls.flow.RULES
        cls.legal_actions = _cached_legal(cls.flow.legal)

    def __init__(self, state, start_events=()):
        self.s = state
        #: number of seats (players), fixed for the game's lifetime.
        self.seats = state.n
        self._legal = None
        self._view = None
        #: True once the game is over (a plain attribute: every game loop reads it after every
        #: action); kept by ``apply``.
        self.is_over = state.phase == "over"
        #: the events of the steps a new game took before its first decision (the first tile
        #: drawn, the first auction, the first turn), for a host that shows them.
        self.start_events = list(start_events)

    # --- factories (each game's package exposes them: engine/__init__.py calls them) -------------
    @classmethod
    def factories(cls) -> tuple:
        """(from_scenario, restore, sample_state) of this game, as its package exports them."""
        return cls.from_scenario, cls.restore, cls.sample_state

    @classmethod
    def from_scenario(cls, d: dict) -> "Game":
        """A game from a scenario dict (contract section 3) or a snapshot."""
        return cls(cls.serial.build_state(d))

    @classmethod
    def restore(cls, snapshot: dict) -> "Game":
        """An equal game from ``snapshot()``: same legal actions, same future."""
        return cls.from_scenario(snapshot)

    @classmethod
    def sample_state(cls, view: dict, rng) -> "Game":
        """A full game consistent with ``view`` (its hidden information drawn from ``rng``): its
        views equal ``view``."""
        return cls.from_scenario(cls.serial.sampled_scenario(view, rng))

    # --- whose decision -------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat that owes the next decision; None once the game is over."""
        return self.s.to_act

    @property
    def phase(self) -> str:
        """A short string naming the kind of decision awaited ("over" once the game is over)."""
        return self.s.phase

    @property
    def rules(self) -> int:
        """The rules version this game is played under (engine/info.py)."""
        return self.s.rules

    # --- decisions --------------------------------------------------------------------------------
    # legal_actions(): each game class's own, made by _cached_legal (above) for its flow

    def apply(self, action) -> list:
        """Apply one action for ``to_act``; return the events it caused (docs/events.md).

        Raises ``engine.IllegalAction`` and changes nothing when the action is refused. An action
        of the cached ``legal_actions()`` (that very object) is legal by construction: only its
        effect runs (engine/dispatch.py); any other dict is parsed and checked first."""
        events: list = []
        s, legal = self.s, self._legal
        if legal is not None and type(action) is Action and (
                any(map(is_, legal, repeat(action))) if len(legal) > 8 else action in legal):
            # (on a short list ``in`` is quicker; an equal shared action is as legal)
            try:
                do, args = action.parsed
            except AttributeError:
                do, args = self._rules.parsed(action)
            if args:
                do(s, *args, events)
            else:
                do(s, events)
        else:
            self._rules.apply(s, action, events)
        self._legal = self._view = None
        if s.phase == "over":                   # a game never starts again once over
            self.is_over = True
        return events

    # --- what may be seen -------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict:
        """What ``seat`` may see (None: a spectator); never hidden information. A new dict whose
        values are shared with the cached view of this state: read them, never change them in
        place (``copy.deepcopy`` a view to edit it)."""
        pub = self._view
        if pub is None:
            pub = self._view = self.serial.view(self.s)
        return {**pub, "you": seat}

    def snapshot(self) -> dict:
        """The full state as plain JSON/msgpack-safe data; ``engine.restore`` rebuilds it."""
        return self.serial.snapshot(self.s)

    def clone(self) -> "Game":
        """An independent copy with the same future (bots search on clones)."""
        g = object.__new__(type(self))
        g.s = self.s.copy()
        g.seats = self.seats
        g._legal = self._legal              # same state, same actions (never mutated)
        g._view = None
        g.is_over = self.is_over
        g.start_events = []
        return g

    # --- outcome ----------------------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Current score per seat (Tikal: points; La Tortuga: eggs)."""
        return self.scoring.scores(self.s)

    @property
    def winners(self) -> list[int]:
        """Seats sharing the victory; [] until ``is_over``."""
        return self.scoring.winners(self.s)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seats={self.seats} phase={self.phase} to_act={self.to_act}>"
