"""The bot interface: a bot sees what its seat may see, and nothing else.

A bot is given its seat's view (``Game.view(seat)``) and the legal actions of that moment (which
hold nothing hidden: they follow from the view) and returns one of those actions. Its randomness
comes from its own ``Rng`` seeded at creation, so a game with bots replays exactly. Bots never use
a clock: their budget is counted in work (iterations, simulated games), so a decision is a
deterministic function of (seed, history of views).
"""
from __future__ import annotations

from abc import ABC, abstractmethod

from ..rng import Rng


class Bot(ABC):
    #: the game it plays ("tikal" / "tortuga") and its level name.
    game: str = ""
    level: str = ""

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One action of ``legal`` (never empty when called)."""
