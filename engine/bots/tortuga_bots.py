"""La Tortuga bots: "easy" (a threshold rule), "normal" (greedy, one die ahead), "hard" (exact
expectimax over the dice for one movement).

All of them decide from the seat's view and the legal actions only (nothing of La Tortuga's hidden
information matters to them: the deck order below the face-up card, the removed cards), with their
own seeded generator and no clock.

Values. A position is worth, to a seat, its eggs (``view["scores"]``: cards and the beach) plus a
positional term (``positional``): progress of its turtles toward the next pass of space 21, a bonus
for an own turtle riding on top of other players' turtles (it is carried when they move, and it
decides for them, L-R2), a malus for an own turtle under another player's top turtle (that player
decides its rolls and takes its cards). Once the game is over only the eggs count.

One movement (the roll / stop / play-card decisions after the first die) has a small state space:
(sum so far, values counted, card used), at most 3 values with sums <= 7. ``MovementSearch``
solves it exactly by expectimax: chance nodes average the six die faces, the decider's nodes take
the action that maximises the decider's own expected value; leaves are the position after the
move, the bust, the card taken or the beach. Values are vectors (one entry per seat) so that a
movement decided by another player (riding) is predicted with that player's own choices.
"""
from __future__ import annotations

from typing import Any

from ..tortuga.analysis import BEACH, BEACH_EGGS, CARD_SPAN, MAX_DICE, MAX_SUM, RAFT, complement, destination
from .base import Bot
from .registry import register

FACES = (1, 2, 3, 4, 5, 6)

#: Eggs a space of progress is worth: a lap of 21 spaces earns one card, 87/24 eggs on average.
W_PROGRESS = 87 / 24 / 21
#: Per other player's turtle under an own turtle that is the top of its stack.
R_RIDE = 0.6
#: For an own turtle (not on top) whose stack's top turtle belongs to another player.
R_UNDER = 0.8
#: Ties between actions closer than this are broken by the order of the legal actions.
EPS = 1e-9

BUST = -1           # a leaf key: the group went back to the raft


# --- values ---------------------------------------------------------------------------------------
def progress(space: int) -> int:
    """Spaces covered toward the next pass of space 21 (the raft and space 21 itself: none)."""
    return space if 0 < space < BEACH else 0


def positional(stacks: list, seats: int, seat: int, riding: bool = True) -> float:
    """The positional term of ``seat`` for stacks given as 22 lists (index = space, bottom first);
    without ``riding``, progress only (the greedy bot's simple heuristic)."""
    v = 0.0
    for p in range(1, BEACH + 1):
        st = stacks[p]
        if not st:
            continue
        top = len(st) - 1
        top_foreign = st[top] % seats != seat
        for i, t in enumerate(st):
            if t % seats != seat:
                continue
            v += W_PROGRESS * progress(p)
            if not riding:
                continue
            if i == top:
                v += R_RIDE * sum(1 for u in st[:i] if u % seats != seat)
            elif top_foreign:
                v -= R_UNDER
    return v


def stacks_of(view: dict) -> list:
    stacks: list[list[int]] = [[] for _ in range(BEACH + 1)]
    for key, turtles in view["stacks"].items():
        stacks[int(key)] = list(turtles)
    return stacks


def seat_values(eggs: list, stacks: list, seats: int, over: bool, riding: bool = True) -> tuple:
    """The value of a position to every seat: its eggs, plus the positional term while the game
    goes on."""
    if over:
        return tuple(float(x) for x in eggs)
    return tuple(eggs[s] + positional(stacks, seats, s, riding) for s in range(seats))


def evaluate(view: dict, seat: int) -> float:
    """What a position (a view) is worth to ``seat`` (``seat_values``)."""
    return seat_values(view["scores"], stacks_of(view), view["seats"], view["over"])[seat]


# --- a light position to search on ---------------------------------------------------------------
#: ``Position.face_up`` after a card was taken in a search: the next card is not known yet.
UNKNOWN = -1


class Position:
    """What the search needs of a view: stacks, eggs per seat, the face-up card (None: the beach
    shows; UNKNOWN: turned up during the search), cards left, the cards not seen (the deck below
    the face-up card and the removed ones, in a uniformly random order for the bot).
    """

    __slots__ = ("seats", "stacks", "eggs", "held", "face_up", "deck_left", "over", "unseen")
    seats: int
    stacks: list[list[int]]
    eggs: list[float]
    held: list[tuple[int, ...]]
    face_up: int | None
    deck_left: int
    over: bool
    unseen: tuple[int, ...]

    @classmethod
    def from_view(cls, view: dict) -> "Position":
        p = cls()
        p.seats = view["seats"]
        p.stacks = stacks_of(view)
        p.eggs = [float(x) for x in view["scores"]]
        p.held = [tuple(view["held"][str(s)]) for s in range(p.seats)]
        p.face_up = view["face_up"]
        p.deck_left = view["deck_left"]
        p.over = view["over"]
        seen = [view["face_up"]] if view["face_up"] is not None else []
        p.unseen = tuple(complement(seen, view["played"], *view["held"].values()))
        return p

    def reveals(self) -> list:
        """[(probability, position)] for each card the UNKNOWN face-up card may be."""
        if self.face_up != UNKNOWN:
            return [(1.0, self)]
        out = []
        for c in sorted(set(self.unseen)):
            q = self.copy()
            q.face_up = c
            rest = list(self.unseen)
            rest.remove(c)
            q.unseen = tuple(rest)
            out.append((self.unseen.count(c) / len(self.unseen), q))
        return out

    def copy(self) -> "Position":
        q = Position()
        q.seats, q.unseen = self.seats, self.unseen
        q.stacks = [list(st) for st in self.stacks]
        q.eggs = list(self.eggs)
        q.held = list(self.held)
        q.face_up, q.deck_left, q.over = self.face_up, self.deck_left, self.over
        return q

    def where(self, turtle: int) -> int:
        for p, st in enumerate(self.stacks):
            if turtle in st:
                return p
        raise ValueError(f"turtle {turtle} is nowhere")

    def top_owner(self, turtle: int) -> int:
        p = self.where(turtle)
        return (self.stacks[p][-1] if p != RAFT else turtle) % self.seats

    def values(self, riding: bool = True) -> tuple:
        """The value of this position to every seat (what ``evaluate`` gives for each)."""
        return seat_values(self.eggs, self.stacks, self.seats, self.over, riding)

    def after(self, turtle: int, steps: int, card: int, decider: int) -> "Position":
        """The position after the movement of ``turtle``'s group: ``steps`` spaces or BUST, the
        decider having played a card of ``card`` eggs in it (0: none, or paid already)."""
        q = self.copy()
        if card:                                                # L-E2: the card leaves the game
            q.eggs[decider] -= card
            cards = list(q.held[decider])
            cards.remove(card)
            q.held[decider] = tuple(cards)
        start = self.where(turtle)
        st = q.stacks[start]
        i = st.index(turtle) if start != RAFT else None
        group = st[i:] if start != RAFT else [turtle]
        if start != RAFT:
            del st[i:]
        else:
            st.remove(turtle)
        if steps == BUST:
            q.stacks[RAFT].extend(group)
            return q
        end, passes = destination(start, steps)
        q.stacks[end].extend(group)
        if passes:
            top = group[-1]
            owner = top % self.seats
            if q.deck_left:                                     # L-E1
                assert q.face_up is not None, "cards are left, so one shows"
                q.eggs[owner] += q.face_up
                q.held[owner] = q.held[owner] + (q.face_up,)
                q.deck_left -= 1
                q.face_up = UNKNOWN if q.deck_left else None
            else:                                               # L-X1
                q.stacks[end].pop()
                q.stacks[BEACH].append(top)
                q.eggs[owner] += BEACH_EGGS
                q.over = True
        return q


# --- exact expectimax for one movement ----------------------------------------------------------
class MovementSearch:
    """One movement of ``turtle`` from ``position``: its decider's optimal play and its values.

    Nodes are (total, n, card): the sum and the number of values counted so far, and the card
    state: None (a card may still be played), 0 (none may: used already, or not in this game), e
    (a card of e eggs played in this search: its eggs leave the decider's score at the leaf).
    """

    def __init__(self, position: Position, turtle: int, cards_as_dice: bool,
                 riding: bool = True):
        self.position = position
        self.riding = riding
        self.turtle = turtle
        self.decider = position.top_owner(turtle)
        self.cards = sorted(set(position.held[self.decider])) if cards_as_dice else []
        self._leaves: dict = {}
        self._nodes: dict = {}

    # leaves and nodes
    def leaf(self, steps: int, card) -> tuple:
        key = (steps, card or 0)
        v = self._leaves.get(key)
        if v is None:
            v = self._leaves[key] = self.position.after(
                self.turtle, steps, card or 0, self.decider).values(self.riding)
        return v

    def _die(self, total: int, n: int, card) -> tuple:
        """Rolling one more die from (total, n): the mean over the six faces."""
        acc = [0.0] * self.position.seats
        for d in FACES:
            for s, x in enumerate(self._count(total + d, n + 1, card, card)):
                acc[s] += x
        return tuple(x / 6 for x in acc)

    def _count(self, total: int, n: int, card, cost) -> tuple:
        """The value once ``n`` values summing to ``total`` are counted (L-T2, L-T3)."""
        if total > MAX_SUM:
            return self.leaf(BUST, cost)
        if n == MAX_DICE:
            return self.leaf(MAX_DICE * total, cost)
        return self.value(total, n, card)

    def q_values(self, total: int, n: int, card) -> list:
        """[(action, value vector)] in the engine's order of legal actions: roll, stop, cards."""
        out: list[tuple[dict, Any]] = [({"type": "roll"}, self._die(total, n, card)),
               ({"type": "stop"}, self.leaf(n * total, card))]
        if card is None:
            for e in self.cards:
                if total + e <= MAX_SUM:
                    out.append(({"type": "play_card", "eggs": e},
                                self._count(total + e, n + 1, e, e)))
        return out

    def best(self, total: int, n: int, card) -> tuple:
        """(action, value vector) the decider chooses: max of its own value, first on ties."""
        q = self.q_values(total, n, card)
        top = max(v[self.decider] for _, v in q)
        return next((a, v) for a, v in q if v[self.decider] >= top - EPS)

    def value(self, total: int, n: int, card) -> tuple:
        key = (total, n, card)
        v = self._nodes.get(key)
        if v is None:
            v = self._nodes[key] = self.best(total, n, card)[1]
        return v

    def start_value(self, card) -> tuple:
        """Before the first die (phase "roll")."""
        acc = [0.0] * self.position.seats
        for d in FACES:
            for s, x in enumerate(self.value(d, 1, card)):
                acc[s] += x
        return tuple(x / 6 for x in acc)

    def leaf_distribution(self, card) -> dict:
        """{(steps or BUST, card eggs): probability} from before the first die, under the
        decider's optimal play."""
        dist: dict = {}

        def walk(total, n, card, prob):
            if total > MAX_SUM and n >= 2:
                key = (BUST, card or 0)
            elif n == MAX_DICE:
                key = (MAX_DICE * total, card or 0)
            else:
                action, _ = self.best(total, n, card)
                if action["type"] == "stop":
                    key = (n * total, card or 0)
                elif action["type"] == "roll":
                    for d in FACES:
                        walk(total + d, n + 1, card, prob / 6)
                    return
                else:
                    walk(total + action["eggs"], n + 1, action["eggs"], prob)
                    return
            dist[key] = dist.get(key, 0.0) + prob

        for d in FACES:
            walk(d, 1, card, 1 / 6)
        return dist


def card_state(view: dict):
    """The root card state of the movement in ``view`` (see MovementSearch): 0 once this turn's
    card is played (L-E2: one card in the whole turn; in a game under rules 1, per movement)."""
    if not view["cards_as_dice"] or view["turn_card"] is not None:
        return 0
    return None


def decide_values(view: dict) -> list:
    """[(action, expected value vector)] for the decider's legal actions in phase "decide": the
    exact expectimax of the movement (what the hard bot maximises)."""
    search = MovementSearch(Position.from_view(view), view["turtle"], view["cards_as_dice"])
    return search.q_values(sum(view["rolled"]), len(view["rolled"]), card_state(view))


def order_values(view: dict, seat: int) -> list:
    """[(turtle, expected value to ``seat``)] for each turtle ``seat`` may move first (phase
    "choose_turtle"): both movements played out, each by its decider's expectimax."""
    position = Position.from_view(view)
    own = [t for t in (seat, seat + view["seats"]) if t not in view["moved"]]
    out = []
    for first in own:
        second = next((t for t in own if t != first), None)
        out.append((first, _two_movements(view, position, first, second, seat)))
    return out


def _two_movements(view, position, first, second, seat) -> float:
    cad = view["cards_as_dice"]
    card = card_state(view)
    per_turn = CARD_SPAN[view["rules"]] == "turn"
    a = MovementSearch(position, first, cad)
    if second is None:
        return a.start_value(card)[seat]
    total = 0.0
    for (steps, cost), prob in a.leaf_distribution(card).items():
        # L-E2: a card played in the first movement leaves none for the second (rules 2)
        then = 0 if per_turn and cost else card
        for p_card, after in position.after(first, steps, cost, a.decider).reveals():
            if after.over:
                total += prob * p_card * after.values()[seat]
                continue
            b = MovementSearch(after, second, cad)
            total += prob * p_card * b.start_value(then)[seat]
    return total


# --- the bots ------------------------------------------------------------------------------------
class _TortugaBot(Bot):
    def choose(self, view: dict, legal: list[dict]) -> dict:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "choose_turtle":
            return self.choose_turtle(view, legal)
        return self.decide(view, legal)

    def choose_turtle(self, view: dict, legal: list[dict]) -> dict:
        return legal[0]

    def decide(self, view: dict, legal: list[dict]) -> dict:
        raise NotImplementedError


@register("tortuga", "easy")
class TortugaEasyBot(_TortugaBot):
    """Roll a second die after 1–3 and a third while the sum is at most 4; never play a card;
    pick the first turtle at random."""

    def choose_turtle(self, view, legal):
        return self.rng.choice(legal)

    def decide(self, view, legal):
        total, n = sum(view["rolled"]), len(view["rolled"])
        roll = total <= 3 if n == 1 else total <= 4
        return {"type": "roll"} if roll else {"type": "stop"}


@register("tortuga", "normal")
class TortugaGreedyBot(_TortugaBot):
    """Greedy: the action with the best expected immediate gain one value ahead (roll one more die
    and stop, stop now, or play a card and stop), valued by eggs and progress only (no riding
    term). First turtle: the one whose movement (first die, then stop) gains more."""

    def decide(self, view, legal):
        search = MovementSearch(Position.from_view(view), view["turtle"], view["cards_as_dice"],
                                riding=False)
        total, n = sum(view["rolled"]), len(view["rolled"])
        me = self.seat

        def then_stop(t, k, cost):
            if t > MAX_SUM:
                return search.leaf(BUST, cost)[me]
            return search.leaf(k * t, cost)[me]

        scored = []
        for a in legal:
            if a["type"] == "stop":
                v = search.leaf(n * total, 0)[me]
            elif a["type"] == "roll":
                v = sum(then_stop(total + d, n + 1, 0) for d in FACES) / 6
            else:
                v = then_stop(total + a["eggs"], n + 1, a["eggs"])
            scored.append(v)
        top = max(scored)
        return legal[next(i for i, v in enumerate(scored) if v >= top - EPS)]

    def choose_turtle(self, view, legal):
        position = Position.from_view(view)
        base = position.values(riding=False)[self.seat]
        gains = []
        for a in legal:
            s = MovementSearch(position, a["turtle"], False, riding=False)
            gains.append(sum(s.leaf(d, 0)[self.seat] for d in FACES) / 6 - base)
        top = max(gains)
        return legal[next(i for i, v in enumerate(gains) if v >= top - EPS)]


@register("tortuga", "hard")
class TortugaExpectimaxBot(_TortugaBot):
    """Exact expectimax over the dice for each movement; the first turtle by comparing
    both orders, each movement played by its decider's expectimax."""

    def decide(self, view, legal):
        q = dict((_key(a), v) for a, v in decide_values(view))
        scored = [q[_key(a)][self.seat] for a in legal]
        top = max(scored)
        return legal[next(i for i, v in enumerate(scored) if v >= top - EPS)]

    def choose_turtle(self, view, legal):
        values = dict(order_values(view, self.seat))
        scored = [values[a["turtle"]] for a in legal]
        top = max(scored)
        return legal[next(i for i, v in enumerate(scored) if v >= top - EPS)]


def _key(action: dict) -> tuple:
    return (action["type"], action.get("eggs"))
