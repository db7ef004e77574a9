"""The end of the game: scores and winners (L-X1–L-X3)."""
from __future__ import annotations

from .cards import BEACH_EGGS


def scores(g) -> list[int]:
    """L-X2: the eggs on each player's cards (both turtles together), plus 7 for the beach."""
    return [sum(h) + (BEACH_EGGS if g.beach == s else 0) for s, h in enumerate(g.held)]


def cards_count(g) -> list[int]:
    """L-X3: the number of cards each player holds, the beach counting as one."""
    return [len(h) + (1 if g.beach == s else 0) for s, h in enumerate(g.held)]


def winners(g) -> list[int]:
    """L-X2 most eggs; L-X3 a tie goes to the tied player with more cards; a tie that remains is
    shared. [] until the game is over."""
    if g.phase_ != "over":
        return []
    sc = scores(g)
    cc = cards_count(g)
    best = max(zip(sc, cc))
    return [s for s in range(g.seats) if (sc[s], cc[s]) == best]


def finish(g, events: list) -> None:
    g.phase_ = "over"
    g.is_over = True
    g.moving = None
    g.rolled = []
    g.card_at = None
    events.append({"type": "game_over", "scores": scores(g), "winners": winners(g),
                   "cards": cards_count(g)})
