"""The one small state API every game implements (contract section 1).

Like OpenSpiel's ``State``: the host, the client and the bots talk to every game through these
members only. A concrete game keeps its state in plain attributes and implements the abstract
methods; everything here is shared.
"""
from __future__ import annotations

from abc import ABC, abstractmethod


class Game(ABC):
    #: "tikal" or "tortuga"; the key of the registry in ``engine/__init__.py``.
    name: str = ""
    #: number of seats (players), fixed for the game's lifetime.
    seats: int

    # --- whose decision -------------------------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that owes the next decision; None once the game is over."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """A short string naming the kind of decision awaited ("over" once the game is over)."""

    # --- decisions --------------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[dict]:
        """Every action dict ``to_act`` may apply now, in a deterministic order."""

    @abstractmethod
    def apply(self, action: dict) -> list[dict]:
        """Apply one action for ``to_act``; return the events it caused (docs/events.md).

        Raises ``engine.IllegalAction`` and changes nothing when the action is refused.
        """

    # --- what may be seen -------------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator). Never holds hidden information."""

    @abstractmethod
    def snapshot(self) -> dict:
        """The full state as plain JSON/msgpack-safe data; ``engine.restore`` rebuilds it."""

    def clone(self) -> "Game":
        """An independent copy with the same future (bots search on clones).

        Games override this with something faster than a snapshot round trip.
        """
        from . import restore

        return restore(self.snapshot())

    # --- outcome ----------------------------------------------------------------------------------
    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Current score per seat (Tikal: points; La Tortuga: eggs)."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """Seats sharing the victory; [] until ``is_over``."""
