"""La Tortuga's egg cards (L-C2, L-C3, L-S2).

L-C2 Decision: no published list of the 24 egg cards was found; one review says that 3, 4 and 5
eggs are almost twice as common as 1, 2 and 6. The engine therefore uses 3×1, 3×2, 5×3, 5×4, 5×5,
3×6 (24 cards, 87 eggs). This is the one place where the distribution lives.
"""
from __future__ import annotations

#: eggs on a card -> number of such cards (L-C2, see the note above).
CARD_COUNTS = {1: 3, 2: 3, 3: 5, 4: 5, 5: 5, 6: 3}

#: every card, sorted (derived from CARD_COUNTS).
CARDS = tuple(e for e, n in sorted(CARD_COUNTS.items()) for _ in range(n))

#: L-S2: cards removed unseen at the start; the rest form the deck.
REMOVED = 4
#: L-C3 / L-X1: the eggs the beach shows once the deck is used up.
BEACH_EGGS = 7


def complement(*groups) -> list[int]:
    """The cards of the distribution not in ``groups`` (lists of eggs), sorted.

    Raises ValueError when the groups hold more cards of some kind than exist (L-C2).
    """
    left = dict(CARD_COUNTS)
    for group in groups:
        for e in group:
            if left.get(e, 0) <= 0:
                raise ValueError(f"more cards with {e} eggs than the {len(CARDS)} cards hold (L-C2)")
            left[e] -= 1
    return [e for e, n in sorted(left.items()) for _ in range(n)]
