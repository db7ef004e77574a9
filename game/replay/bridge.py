"""A bridge that plays a ``ReplayBook`` to the ordinary table scenes: position ``k`` reaches them
as the host's ``update`` to a spectator would (state ``k``, the public view, the events of the move
that led there), so a replay animates and logs exactly like live play. Nothing is ever sent
anywhere: the replay has no host."""
from __future__ import annotations

from ..net_bridge import Bridge
from .book import ReplayBook


class ReplayBridge(Bridge):
    """``at``: the position shown (or being animated to). ``step(+1/-1)`` moves one move (forward
    animates, back is a resync), ``jump(k)`` goes anywhere at once."""

    def __init__(self, book: ReplayBook, name: str = "viewer"):
        super().__init__(name)
        self.book = book
        self.connected = True
        tm = self.table
        tm.id, tm.game, tm.seats, tm.options = 0, book.game_name, book.seats, dict(book.options)
        tm.players = [dict(p) for p in book.players]
        tm.my_seat = None
        self.lobby = {"id": 0, "game": book.game_name, "options": dict(book.options), "seats": book.seats,
                      "status": "over", "players": tm.players, "hints": False}
        self.at = 0
        self.handle(self.update_msg(0, full=True))

    def update_msg(self, k: int, full: bool) -> dict:
        """What a spectator received at position ``k`` (``full``: a resync, no events)."""
        p = self.book.positions[k]
        msg = {"t": "update", "table": 0, "state": k, "seat": None, "view": p.view,
               "events": [] if full else p.events, "to_act": p.to_act, "phase": p.phase, "over": p.over,
               "scores": p.scores, "winners": p.winners}
        if full:
            msg["full"] = True
        return msg

    def forward(self) -> bool:
        """The next move, animated (False at the end)."""
        if self.at >= self.book.last:
            return False
        self.at += 1
        self.handle(self.update_msg(self.at, full=False))
        return True

    def jump(self, k: int) -> None:
        """Position ``k`` at once (a resync: the scene shows it without animating)."""
        self.at = max(0, min(self.book.last, int(k)))
        self.handle(self.update_msg(self.at, full=True))

    def _send(self, msg: dict) -> None:
        """A replay takes no actions: whatever a scene asks is only recorded in ``sent``."""
