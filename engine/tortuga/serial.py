"""One serialised form (L-H): scenario dict ⇄ snapshot ⇄ view, and sampling the hidden part.

A snapshot is a scenario dict (contract section 3) extended with every bit of state a scenario may
omit; ``restore(snapshot)`` is ``from_scenario(snapshot)``. A view is the same dict with the hidden
parts (L-H1: the deck's order below its face-up card, the removed cards; also the seed, the
generator's state and forced dice, which decide the future) replaced by ``deck_left`` and
``face_up``. ``sample_state`` fills the hidden parts consistently with a view.
"""
from __future__ import annotations

from ..rng import Rng
from . import end, turn
from .cards import CARDS, REMOVED, complement
from .track import BEACH, RAFT, group_of

PHASES = ("choose_turtle", "roll", "decide", "over")
OPTIONS = ("cards_as_dice", "first")
#: The rules this engine plays: 2 (L-E2: one card in the whole turn) for new games, 1 (one card
#: per movement) for the games played before that decision changed.
RULES, RULES_VERSIONS = 2, (1, 2)


# --- building ------------------------------------------------------------------------------------
def new_game(seats: int, seed: int, options: dict | None = None, rules: int | None = None):
    """L-S1–L-S3: all turtles on the raft; 24 cards shuffled, 4 removed unseen, 20 in the deck with
    the top one face up; the first player is ``options["first"]`` (default 0, or "random")."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown La Tortuga options {unknown}; known: {list(OPTIONS)}")
    _check_seats(seats)
    rng = Rng(_int(seed, "seed"))
    cards = list(CARDS)
    rng.shuffle(cards)
    first = options.get("first", 0)
    if first == "random":
        first = rng.below(seats)
    elif type(first) is not int or not 0 <= first < seats:
        raise ValueError(f"option 'first' must be a seat 0..{seats - 1} or 'random', not {first!r}")
    return from_scenario({
        "game": "tortuga", "seats": seats, "seed": seed,
        "cards_as_dice": _bool(options.get("cards_as_dice", False), "cards_as_dice"),
        "deck": cards[REMOVED:], "removed": cards[:REMOVED], "seat": first,
        "rng": rng.getstate(), "rules": RULES if rules is None else rules,
    })


def from_scenario(d: dict):
    """A game from a scenario or snapshot dict; raises ValueError on an inconsistent one."""
    from .game import TortugaGame

    if not isinstance(d, dict) or d.get("game") != "tortuga":
        raise ValueError("a La Tortuga scenario is a dict with \"game\": \"tortuga\"")
    g = object.__new__(TortugaGame)
    seats = d.get("seats")
    _check_seats(seats)
    g.seats = seats
    g.two = seats <= 3                       # L-S1
    n_turtles = 2 * seats if g.two else seats
    g.cards_as_dice = _bool(d.get("cards_as_dice", False), "cards_as_dice")
    g.seed = _int(d.get("seed", 0), "seed")
    g.rules = d.get("rules", RULES)
    if g.rules not in RULES_VERSIONS:
        raise ValueError(f"rules must be one of {RULES_VERSIONS}, not {g.rules!r}")

    # turtles (L-R3: the raft holds every turtle not listed)
    g.stacks = [[] for _ in range(BEACH + 1)]
    g.pos = [RAFT] * n_turtles
    seen = set()
    stacks = d.get("stacks", {})
    if not isinstance(stacks, dict):
        raise ValueError("'stacks' maps a space (\"0\"..\"21\") to turtles bottom first")
    for key, turtles in stacks.items():
        space = _int(int(key) if isinstance(key, str) and key.isdigit() else key, "a space")
        if not 0 <= space <= BEACH:
            raise ValueError(f"space {key!r} is not 0 (the raft) .. 21")
        for t in _ints(turtles, f"stacks[{key!r}]"):
            if not 0 <= t < n_turtles or t in seen:
                raise ValueError(f"turtle {t} is not a turtle of this game or listed twice")
            seen.add(t)
            if space:
                g.stacks[space].append(t)
                g.pos[t] = space
    g.stacks[RAFT] = [t for t in range(n_turtles) if g.pos[t] == RAFT]

    # cards (L-C2, L-S2)
    held = d.get("held", {})
    if not isinstance(held, dict):
        raise ValueError("'held' maps a seat (\"0\"…) to its cards")
    g.held = [[] for _ in range(seats)]
    for key, cards in held.items():
        s = _int(int(key) if isinstance(key, str) and key.isdigit() else key, "a seat")
        if not 0 <= s < seats:
            raise ValueError(f"held: {key!r} is not a seat")
        g.held[s] = _cards(cards, f"held[{key!r}]")
    g.played = _cards(d.get("played", []), "played")
    rng = Rng(state=_int(d["rng"], "rng")) if "rng" in d else Rng(g.seed)
    if "deck" in d:
        g.deck = _cards(d["deck"], "deck")
        if "removed" in d:
            g.removed = _cards(d["removed"], "removed")
            rest = complement(g.deck, g.removed, g.played, *g.held)
            if rest:
                raise ValueError(f"cards unaccounted for: {rest} (24 = deck + held + removed + played)")
        else:
            g.removed = complement(g.deck, g.played, *g.held)
    else:
        pool = complement(g.played, *g.held)
        rng.shuffle(pool)
        g.removed, g.deck = pool[:REMOVED], pool[REMOVED:]
    g.rng = rng
    g.forced = [_die(x) for x in _ints(d.get("dice", []), "dice")]

    # the turn
    g.seat = _int(d.get("seat", 0), "seat")
    if not 0 <= g.seat < seats:
        raise ValueError(f"seat {g.seat} is not a seat of this game")
    g.beach = d.get("beach")
    if g.beach is not None and not (type(g.beach) is int and 0 <= g.beach < seats):
        raise ValueError("'beach' is the seat that took the beach, or null")
    phase = d.get("phase")
    if phase is None:
        phase = "over" if g.beach is not None else None
    if phase is None:
        turn.start_turn(g, g.seat, None)
    else:
        _restore_turn(g, d, phase, n_turtles)
    g.is_over = g.phase_ == "over"
    return g


def _restore_turn(g, d: dict, phase, n_turtles: int) -> None:
    if phase not in PHASES:
        raise ValueError(f"phase {phase!r} is not one of {PHASES}")
    own = (g.seat, g.seat + g.seats) if g.two else (g.seat,)
    g.moved = _ints(d.get("moved", []), "moved")
    if any(t not in own for t in g.moved) or len(set(g.moved)) != len(g.moved) \
            or len(g.moved) >= len(own):
        raise ValueError("'moved' lists turtles of the active seat that moved this turn")
    g.rolled = _ints(d.get("rolled", []), "rolled")
    g.card_at = d.get("rolled_card")
    g.turn_card = d.get("turn_card")
    if g.turn_card is not None and (not g.cards_as_dice or type(g.turn_card) is not int
                                    or not 1 <= g.turn_card <= 6):
        raise ValueError("'turn_card' is the eggs of the card played as a die this turn (L-E2)")
    g.phase_ = phase
    if phase == "over":
        if g.beach is None:
            raise ValueError("a game is over only once a turtle reached the beach (L-X1)")
        g.moving, g.decider, g.rolled, g.card_at, g.turn_card = None, g.seat, [], None, None
        return
    if g.beach is not None:
        raise ValueError("the game ends when the beach is taken (L-X1)")
    if phase == "choose_turtle":
        if not g.two or g.moved or g.rolled:
            raise ValueError("choose_turtle is the start of a two-turtle turn (L-T4)")
        g.moving, g.decider, g.card_at = None, g.seat, None
        return
    t = d.get("turtle")
    if t not in own or t in g.moved:
        raise ValueError(f"the moving turtle {t!r} is not a turtle of seat {g.seat} still to move")
    rolled, card_at, turn_card = g.rolled, g.card_at, g.turn_card
    turn.start_movement(g, t)
    g.rolled, g.card_at, g.turn_card, g.phase_ = rolled, card_at, turn_card, phase
    n, total = len(rolled), sum(rolled)
    if phase == "roll" and (rolled or card_at is not None):
        raise ValueError("phase 'roll' is before the first die")
    if phase == "decide":
        if not 1 <= n < turn.MAX_DICE or any(not 1 <= x <= 6 for x in rolled) \
                or (n >= 2 and total > turn.MAX_SUM):
            raise ValueError(f"rolled {rolled} cannot await a decision (L-T1, L-T3)")
        if card_at is not None and (type(card_at) is not int or not 1 <= card_at < n
                                    or not g.cards_as_dice):
            raise ValueError("'rolled_card' is the index of the card in rolled (never 0, L-E2)")
    if card_at is not None and turn_card != rolled[card_at]:
        raise ValueError("'turn_card' is the card played this turn (L-E2): rolled[rolled_card]")


# --- writing -------------------------------------------------------------------------------------
def _public(g) -> dict:
    """The keys a snapshot and a view share."""
    stacks = {"0": sorted(g.stacks[RAFT])}
    for p in range(1, BEACH + 1):
        if g.stacks[p]:
            stacks[str(p)] = list(g.stacks[p])
    return {
        "game": "tortuga", "seats": g.seats, "cards_as_dice": g.cards_as_dice,
        "stacks": stacks,
        "held": {str(s): list(h) for s, h in enumerate(g.held)},
        "seat": g.seat, "phase": g.phase_, "turtle": g.moving,
        "rolled": list(g.rolled), "rolled_card": g.card_at, "turn_card": g.turn_card,
        "moved": list(g.moved), "rules": g.rules,
        "played": list(g.played), "beach": g.beach,
    }


def snapshot(g) -> dict:
    d = _public(g)
    d.update({"seed": g.seed, "deck": list(g.deck), "removed": list(g.removed),
              "dice": list(g.forced), "rng": g.rng.getstate()})
    return d


def view(g, seat=None) -> dict:
    """What every seat (and a spectator) may see: all but the hidden cards' order (L-H1)."""
    d = _public(g)
    moving = g.moving
    d.update({
        "turtles": len(g.pos),
        "to_act": g.to_act,
        "decider": None if moving is None else g.decider,
        "group": group_of(g.stacks, g.pos, moving) if moving is not None else [],
        "sum": sum(g.rolled), "multiplier": len(g.rolled),
        "deck_left": len(g.deck),
        "face_up": g.deck[0] if g.deck else None,
        "scores": end.scores(g), "cards": end.cards_count(g),
        "over": g.phase_ == "over", "winners": end.winners(g),
    })
    return d


def sample_state(v: dict, rng: Rng):
    """A full game consistent with the view ``v``: the face-down deck and the removed cards drawn
    from the cards not seen, a fresh generator state; ``view`` of the result equals ``v``."""
    if v.get("face_up") is None and v.get("deck_left"):
        raise ValueError("a view with cards left shows its face-up card")
    seen = [v["face_up"]] if v.get("face_up") is not None else []
    pool = complement(seen, v.get("played", []), *v.get("held", {}).values())
    rng.shuffle(pool)
    below = v["deck_left"] - len(seen)
    d = {k: v[k] for k in ("game", "seats", "cards_as_dice", "stacks", "held", "seat", "phase",
                           "turtle", "rolled", "rolled_card", "turn_card", "moved", "played",
                           "beach", "rules")}
    d.update({"deck": seen + pool[:below], "removed": pool[below:], "dice": [],
              "seed": 0, "rng": rng.next64()})
    return from_scenario(d)


# --- checking input ------------------------------------------------------------------------------
def _check_seats(seats) -> None:
    if type(seats) is not int or not 2 <= seats <= 7:
        raise ValueError(f"La Tortuga is for 2 to 7 players (L-S1), not {seats!r}")


def _int(x, what: str) -> int:
    if type(x) is not int:
        raise ValueError(f"{what} must be an int, not {x!r}")
    return x


def _bool(x, what: str) -> bool:
    if type(x) is not bool:
        raise ValueError(f"{what} must be true or false, not {x!r}")
    return x


def _ints(xs, what: str) -> list[int]:
    if not isinstance(xs, (list, tuple)) or any(type(x) is not int for x in xs):
        raise ValueError(f"{what} must be a list of ints, not {xs!r}")
    return list(xs)


def _cards(xs, what: str) -> list[int]:
    cards = _ints(xs, what)
    if any(not 1 <= c <= 6 for c in cards):
        raise ValueError(f"{what}: a card shows 1 to 6 eggs")
    return cards


def _die(x: int) -> int:
    if not 1 <= x <= 6:
        raise ValueError(f"a die shows 1 to 6, not {x}")
    return x
