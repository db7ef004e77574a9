"""TortugaGame: the shared ``engine.base.Game`` over a La Tortuga ``State``, and the four
factories."""
from __future__ import annotations

from ..base import Game
from ..rng import Rng
from . import flow, scoring, serial
from .info import INFO
from .serial import shuffled_cards
from .state import empty_state


class TortugaGame(Game, info=INFO, flow=flow, scoring=scoring, serial=serial):
    """One game of La Tortuga (``engine/base.py`` holds the shared body)."""

    @property
    def turtles(self) -> int:
        return self.s.turtles

    def owner(self, turtle: int) -> int:
        return self.s.owner(turtle)


# --- factories (engine/__init__.py delegates to these) -------------------------------------------
def new_game(seats: int, seed: int, options: dict | None = None,
             rules: int | None = None) -> TortugaGame:
    """L-S1–L-S3: all turtles on the raft; 24 cards shuffled, 4 removed unseen, 20 in the deck with
    the top one face up. Options: ``cards_as_dice`` (L-E2, default false); ``first`` (the first
    player, an int, or "random"; default 0). ``rules``: the rules version (default the current
    one; an older game replays under its own)."""
    seats, opts, first = INFO.new_game_options(seats, options)
    rules = INFO.check_rules(rules)
    rng = Rng(seed)
    deck, removed = shuffled_cards(rng)
    s = empty_state(seats, opts["cards_as_dice"], rules, seed, rng)
    s.deck, s.removed = deck, removed
    s.seat = INFO.first_seat(first, seats, rng)
    events: list = []
    flow.start(s, events)
    return TortugaGame(s, events)


from_scenario, restore, sample_state = TortugaGame.factories()
