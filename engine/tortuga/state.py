"""The mutable state of one La Tortuga game, in plain attributes, and its cheap copy.

Rule modules read and change a ``State``; they never hold state of their own. The attributes:

- game: ``n`` seats; ``two`` (two turtles each, L-S1); ``cards_as_dice`` (L-E2); ``rules`` (the
  rules version, ``info.py``); ``seed``; ``rng``.
- turtles: ``stacks`` (22 lists, index = space, bottom first; ``stacks[0]`` the raft, whose order
  means nothing, L-R3), ``pos`` (space per turtle). Seat ``s`` owns turtle ``s`` and, with two
  turtles each, ``s + n``.
- cards: ``deck`` (face-up first), ``removed`` (unseen, L-S2), ``played`` (played as dice, L-E2),
  ``held`` (per seat, in the order taken), ``beach`` (the seat that took the beach, or None).
- decision: ``phase``; ``seat`` (the active player); ``moving`` (the moving turtle or None);
  ``decider`` (the owner of the moving group's top turtle, L-R2); ``rolled`` (dice and the card
  counted this movement); ``card_at`` (the card's index in ``rolled`` or None); ``turn_card``
  (the card played as a die in this turn, L-E2; in this movement under rules 1); ``moved``
  (turtles of this turn that have moved, L-T4); ``forced`` (the next die results, L-T1).
"""
from __future__ import annotations

from ..rng import Rng
from .track import BEACH, RAFT

# Phases (contract: g.phase / view["phase"]).
CHOOSE_TURTLE, ROLL, DECIDE, OVER = "choose_turtle", "roll", "decide", "over"


class State:
    __slots__ = (
        "n", "two", "cards_as_dice", "rules", "seed", "rng",
        "stacks", "pos",
        "deck", "removed", "played", "held", "beach",
        "phase", "seat", "moving", "decider", "rolled", "card_at", "turn_card", "moved",
        "forced",
    )

    # The attributes' types (annotations only: ``__slots__`` holds the values).
    n: int
    two: bool
    cards_as_dice: bool
    rules: int
    seed: int
    rng: Rng
    stacks: list[list[int]]
    pos: list[int]
    deck: list[int]
    removed: list[int]
    played: list[int]
    held: list[list[int]]
    beach: int | None
    phase: str
    seat: int
    moving: int | None
    decider: int
    rolled: list[int]
    card_at: int | None
    turn_card: int | None
    moved: list[int]
    forced: list[int]

    def copy(self) -> "State":
        c = State.__new__(State)
        c.n, c.two, c.cards_as_dice, c.rules = self.n, self.two, self.cards_as_dice, self.rules
        c.seed, c.rng = self.seed, type(self.rng)(state=self.rng.state)
        c.stacks = [list(st) for st in self.stacks]
        c.pos = list(self.pos)
        c.deck = list(self.deck)
        c.removed = list(self.removed)
        c.played = list(self.played)
        c.held = [list(h) for h in self.held]
        c.beach = self.beach
        c.phase, c.seat, c.moving, c.decider = self.phase, self.seat, self.moving, self.decider
        c.rolled = list(self.rolled)
        c.card_at, c.turn_card = self.card_at, self.turn_card
        c.moved = list(self.moved)
        c.forced = list(self.forced)
        return c

    # --- derived ----------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The active player, but the decider once the first die is rolled (L-R2)."""
        ph = self.phase
        if ph == DECIDE:
            return self.decider
        return None if ph == OVER else self.seat

    @property
    def turtles(self) -> int:
        return len(self.pos)

    def owner(self, turtle: int) -> int:
        return turtle % self.n


def empty_state(n: int, cards_as_dice: bool, rules: int, seed: int, rng: Rng) -> State:
    """L-S2: every turtle on the raft, no cards dealt yet, seat 0 to start."""
    s = State.__new__(State)
    s.n, s.two, s.cards_as_dice, s.rules, s.seed, s.rng = n, n <= 3, cards_as_dice, rules, seed, rng
    turtles = 2 * n if s.two else n                 # L-S1
    s.stacks = [[] for _ in range(BEACH + 1)]
    s.stacks[RAFT] = list(range(turtles))
    s.pos = [RAFT] * turtles
    s.deck, s.removed, s.played, s.held, s.beach = [], [], [], [[] for _ in range(n)], None
    s.phase, s.seat, s.moving, s.decider = ROLL, 0, None, 0
    s.rolled, s.card_at, s.turn_card, s.moved, s.forced = [], None, None, [], []
    return s


__all__ = ["State", "empty_state", "CHOOSE_TURTLE", "ROLL", "DECIDE", "OVER"]
