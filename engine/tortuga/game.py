"""``TortugaGame``: La Tortuga behind the engine's one state API (engine.base.Game)."""
from __future__ import annotations

from ..base import Game
from ..rng import Rng
from . import end, serial, turn


class TortugaGame(Game):
    """State in plain attributes (built by ``serial.build``):

    seats, two (two turtles each, L-S1), cards_as_dice (L-E2), seed; stacks (22 lists, [0] the
    raft), pos (space per turtle); deck (face-up first), removed, played (cards played as dice),
    held (per seat); seat (active), phase_, moving (turtle or None), rolled (dice and cards counted
    this movement), card_at (index of the card in rolled or None), moved (turtles of this turn that
    have moved), decider (owner of the moving group's top turtle), beach (seat that took the beach
    or None), forced (next die results), rng.
    """

    name = "tortuga"

    # --- whose decision ---------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        ph = self.phase_
        if ph == "decide":
            return self.decider
        return None if ph == "over" else self.seat

    @property
    def phase(self) -> str:
        return self.phase_

    @property
    def turtles(self) -> int:
        return len(self.pos)

    def owner(self, turtle: int) -> int:
        return turtle % self.seats

    # --- decisions --------------------------------------------------------------------------------
    #: Every action dict ``to_act`` may apply now (turn.legal_actions).
    legal_actions = turn.legal_actions

    def apply(self, action) -> list:
        """Apply one action for ``to_act``; returns its events (turn.apply)."""
        self._view = None
        return turn.apply(self, action)

    # --- what may be seen -------------------------------------------------------------------------
    #: The view of this state, the same for every seat (nothing of La Tortuga is one player's
    #: secret); built on first use, dropped by ``apply``.
    _view: dict | None = None

    def view(self, seat: int | None = None) -> dict:
        """A new dict; its values are shared with the cached view of this state (and with the
        other seats' views): read them, never change them in place (``copy.deepcopy`` a view to
        edit it)."""
        if self._view is None:
            self._view = serial.view(self, None)
        return dict(self._view)

    def snapshot(self) -> dict:
        return serial.snapshot(self)

    def clone(self) -> "TortugaGame":
        c = object.__new__(TortugaGame)
        c.__dict__.update(self.__dict__)
        c.stacks = [list(st) for st in self.stacks]
        c.pos = list(self.pos)
        c.deck = list(self.deck)
        c.removed = list(self.removed)
        c.played = list(self.played)
        c.held = [list(h) for h in self.held]
        c.rolled = list(self.rolled)
        c.moved = list(self.moved)
        c.forced = list(self.forced)
        c.rng = Rng(state=self.rng.state)
        c._view = None
        return c

    # --- outcome ----------------------------------------------------------------------------------
    #: True once the game is over (set with phase_ = "over" by end.finish and serial); a plain
    #: attribute because every game loop reads it after every action.
    is_over: bool = False

    @property
    def scores(self) -> list[int]:
        return end.scores(self)

    @property
    def winners(self) -> list[int]:
        return end.winners(self)

    def __repr__(self) -> str:
        on = {p: st for p, st in enumerate(self.stacks) if st and p}
        return (f"<TortugaGame seats={self.seats} seat={self.seat} phase={self.phase_} "
                f"moving={self.moving} rolled={self.rolled} track={on} raft={sorted(self.stacks[0])} "
                f"deck_left={len(self.deck)}>")


