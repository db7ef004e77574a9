"""The end of the game: scores and winners (L-X2, L-X3)."""
from __future__ import annotations

from .cards import BEACH_EGGS
from .state import OVER, State


def scores(s: State) -> list[int]:
    """L-X2: the eggs on each player's cards (both turtles together), plus 7 for the beach."""
    return [sum(h) + (BEACH_EGGS if s.beach == seat else 0) for seat, h in enumerate(s.held)]


def cards_count(s: State) -> list[int]:
    """L-X3: the number of cards each player holds, the beach counting as one."""
    return [len(h) + (1 if s.beach == seat else 0) for seat, h in enumerate(s.held)]


def winners(s: State) -> list[int]:
    """L-X2 most eggs; L-X3 a tie goes to the tied player with more cards; a tie that remains is
    shared. [] until the game is over."""
    if s.phase != OVER:
        return []
    sc = scores(s)
    cc = cards_count(s)
    best = max(zip(sc, cc))
    return [seat for seat in range(s.n) if (sc[seat], cc[seat]) == best]
