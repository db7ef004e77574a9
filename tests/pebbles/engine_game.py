"""Pebbles as the engine would have it: its ``GameInfo`` and a game object with the engine's
small state API (``to_act``, ``legal_actions``, ``apply``, ``view``, ``scores``, ``winners``)."""
from __future__ import annotations

from engine import GameInfo, IllegalAction, Option

INFO = GameInfo(name="pebbles", title="Pebbles", min_seats=2, max_seats=3,
                options=(Option("pile", (5, 7, 9), 7),))


class Pebbles:
    def __init__(self, seats: int = 2, pile: int = 7):
        self.seats, self.pile, self.seat = seats, pile, 0
        self.taken = [0] * seats
        self.last: int | None = None
        self.start_events: list = []

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.seat

    def legal_actions(self) -> list:
        return [{"type": "take", "n": n} for n in (1, 2) if n <= self.pile and not self.is_over]

    def apply(self, action) -> list:
        if action not in self.legal_actions():
            raise IllegalAction("take one or two pebbles", "P-T1")
        seat, n = self.seat, action["n"]
        self.pile -= n
        self.taken[seat] += n
        self.last = seat
        self.seat = (seat + 1) % self.seats
        events = [{"type": "took", "seat": seat, "n": n}]
        return events + ([{"type": "game_over", "winners": self.winners}] if self.is_over else [])

    @property
    def scores(self) -> list:
        return [1 if s == self.last and self.is_over else 0 for s in range(self.seats)]

    @property
    def winners(self) -> list:
        return [self.last] if self.is_over else []

    def view(self, seat=None) -> dict:
        return {"game": "pebbles", "seats": self.seats, "pile": self.pile, "seat": self.seat,
                "taken": list(self.taken), "over": self.is_over, "scores": self.scores,
                "winners": self.winners}
