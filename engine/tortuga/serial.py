"""One serialised form (L-H): scenario dict -> state -> snapshot / view; sampling the hidden part.

A snapshot is a scenario dict (contract section 3) extended with every bit of state a scenario may
omit; ``build_state(snapshot)`` rebuilds the exact state. A view is the same dict with the hidden
parts (L-H1: the deck's order below its face-up card, the removed cards; also the seed, the
generator's state and forced dice, which decide the future) replaced by ``deck_left`` and
``face_up``, plus derived keys for convenience (docs/events.md, "Views"). ``sampled_scenario``
fills the hidden parts consistently with a view.
"""
from __future__ import annotations

from typing import NoReturn

from ..errors import ScenarioError
from ..rng import Rng
from . import flow
from .cards import CARDS, REMOVED, complement
from .info import INFO
from .scoring import cards_count, scores, winners
from .state import CHOOSE_TURTLE, DECIDE, OVER, ROLL, State, empty_state
from .track import BEACH, RAFT, group_of

PHASES = (CHOOSE_TURTLE, ROLL, DECIDE, OVER)


def _fail(msg: str) -> NoReturn:
    raise ScenarioError(msg)


# --- the cards of a new game (L-S2) --------------------------------------------------------------
def shuffled_cards(rng: Rng) -> tuple[list, list]:
    """L-S2: the 24 cards shuffled; (the 20 of the deck, face-up first; the 4 removed unseen)."""
    cards = list(CARDS)
    rng.shuffle(cards)
    return cards[REMOVED:], cards[:REMOVED]


# --- scenario -> state: one function per section --------------------------------------------
def build_state(d: dict) -> State:
    """The state a scenario (contract section 3) or a snapshot describes; ScenarioError if it
    describes no La Tortuga position."""
    s = _new(d)
    _turtles(s, d)
    _cards(s, d)
    _turn(s, d)
    return s


def _new(d) -> State:
    """Seats, options, rules, seed: every turtle on the raft (L-S2)."""
    if not isinstance(d, dict) or d.get("game") != "tortuga":
        _fail("a La Tortuga scenario is a dict with \"game\": \"tortuga\"")
    n = INFO.check_seats(d.get("seats"))
    cards_as_dice = INFO.check_option("cards_as_dice", d.get("cards_as_dice", False))
    rules = INFO.check_rules(d.get("rules"))
    seed = _int(d.get("seed", 0), "seed")
    rng = Rng(state=_int(d["rng"], "rng")) if "rng" in d else Rng(seed)
    return empty_state(n, cards_as_dice, rules, seed, rng)


def _turtles(s: State, d: dict) -> None:
    """``stacks``: space -> turtles bottom first; L-R3: the raft holds every turtle not listed."""
    stacks = d.get("stacks", {})
    if not isinstance(stacks, dict):
        _fail("'stacks' maps a space (\"0\"..\"21\") to turtles bottom first")
    seen = set()
    for key, turtles in stacks.items():
        space = _numbered(key, "a space")
        if not 0 <= space <= BEACH:
            _fail(f"space {key!r} is not 0 (the raft) .. 21")
        for t in _ints(turtles, f"stacks[{key!r}]"):
            if not 0 <= t < s.turtles or t in seen:
                _fail(f"turtle {t} is not a turtle of this game or listed twice")
            seen.add(t)
            if space:
                s.stacks[space].append(t)
                s.pos[t] = space
    s.stacks[RAFT] = [t for t in range(s.turtles) if s.pos[t] == RAFT]


def _cards(s: State, d: dict) -> None:
    """L-C2, L-S2: held, played, the deck (face-up first) and the removed cards; what a scenario
    leaves out is shuffled by the seed. ``dice``: the next die results (L-T1)."""
    held = d.get("held", {})
    if not isinstance(held, dict):
        _fail("'held' maps a seat (\"0\"…) to its cards")
    for key, cards in held.items():
        seat = _numbered(key, "a seat")
        if not 0 <= seat < s.n:
            _fail(f"held: {key!r} is not a seat")
        s.held[seat] = _card_list(cards, f"held[{key!r}]")
    s.played = _card_list(d.get("played", []), "played")
    if "deck" in d:
        s.deck = _card_list(d["deck"], "deck")
        if "removed" in d:
            s.removed = _card_list(d["removed"], "removed")
            rest = _complement(s.deck, s.removed, s.played, *s.held)
            if rest:
                _fail(f"cards unaccounted for: {rest} (24 = deck + held + removed + played)")
        else:
            s.removed = _complement(s.deck, s.played, *s.held)
    else:
        pool = _complement(s.played, *s.held)
        s.rng.shuffle(pool)
        s.removed, s.deck = pool[:REMOVED], pool[REMOVED:]
    s.forced = [_die(x) for x in _ints(d.get("dice", []), "dice")]


def _turn(s: State, d: dict) -> None:
    """Whose turn, the beach (L-X1) and, in a snapshot, the movement under way: a scenario
    without a phase starts at the beginning of ``seat``'s turn."""
    _seat_and_beach(s, d)
    phase = d.get("phase")
    if phase is None and s.beach is None:
        flow.start_turn(s, s.seat, [])
        return
    _turn_under_way(s, d, OVER if phase is None else phase)


def _turn_under_way(s: State, d: dict, phase: str) -> None:
    """A snapshot's turn: what moved, the dice so far, the game's end or the choice of turtle."""
    if phase not in PHASES:
        _fail(f"phase {phase!r} is not one of {PHASES}")
    own = (s.seat, s.seat + s.n) if s.two else (s.seat,)
    s.moved = _moved(d, own)
    rolled = _ints(d.get("rolled", []), "rolled")
    card_at, turn_card = d.get("rolled_card"), d.get("turn_card")
    _check_turn_card(s, turn_card)
    if phase == OVER:
        _game_over(s)
        return
    if s.beach is not None:
        _fail("the game ends when the beach is taken (L-X1)")
    if phase == CHOOSE_TURTLE:
        _choosing_turtle(s, rolled, turn_card)
        return
    t = d.get("turtle")
    if type(t) is not int or t not in own or t in s.moved:
        _fail(f"the moving turtle {t!r} is not a turtle of seat {s.seat} still to move")
    flow.start_movement(s, t)
    s.rolled, s.card_at, s.turn_card, s.phase = rolled, card_at, turn_card, phase
    _check_dice(s, phase, rolled, card_at, turn_card)


def _game_over(s: State) -> None:
    """Phase 'over': only once a turtle reached the beach (L-X1)."""
    if s.beach is None:
        _fail("a game is over only once a turtle reached the beach (L-X1)")
    s.phase, s.decider = OVER, s.seat


def _choosing_turtle(s: State, rolled: list, turn_card) -> None:
    """Phase 'choose_turtle': the start of a two-turtle turn, nothing moved or rolled (L-T4)."""
    if not s.two or s.moved or rolled or turn_card is not None:
        _fail("choose_turtle is the start of a two-turtle turn (L-T4)")
    s.phase, s.decider = CHOOSE_TURTLE, s.seat


def _seat_and_beach(s: State, d: dict) -> None:
    """Whose turn it is, and the seat that took the beach (L-X1), if one did."""
    s.seat = _int(d.get("seat", 0), "seat")
    if not 0 <= s.seat < s.n:
        _fail(f"seat {s.seat} is not a seat of this game")
    s.beach = d.get("beach")
    if s.beach is not None and not (type(s.beach) is int and 0 <= s.beach < s.n):
        _fail("'beach' is the seat that took the beach, or null")


def _moved(d: dict, own: tuple) -> list[int]:
    """The active seat's turtles that moved this turn (fewer than it has)."""
    moved = _ints(d.get("moved", []), "moved")
    if any(t not in own for t in moved) or len(set(moved)) != len(moved) \
            or len(moved) >= len(own):
        _fail("'moved' lists turtles of the active seat that moved this turn")
    return moved


def _check_turn_card(s: State, turn_card) -> None:
    """L-E2: the card played as a die this turn shows 1 to 6 eggs, with cards as dice only."""
    if turn_card is not None and (not s.cards_as_dice or type(turn_card) is not int
                                  or not 1 <= turn_card <= 6):
        _fail("'turn_card' is the eggs of the card played as a die this turn (L-E2)")


def _check_dice(s: State, phase: str, rolled: list, card_at, turn_card) -> None:
    """The dice of the movement under way fit its phase (L-T1, L-T3, L-E2)."""
    if phase == ROLL and (rolled or card_at is not None):
        _fail("phase 'roll' is before the first die")
    if phase == DECIDE:
        _check_decision(s, rolled, card_at)
    if card_at is not None and turn_card != rolled[card_at]:
        _fail("'turn_card' is the card played this turn (L-E2): rolled[rolled_card]")


def _check_decision(s: State, rolled: list, card_at) -> None:
    """Phase 'decide': one die or more under the limits (L-T1, L-T3), the card among them not
    the first (L-E2)."""
    n, total = len(rolled), sum(rolled)
    if not 1 <= n < flow.MAX_DICE or any(not 1 <= x <= 6 for x in rolled) \
            or (n >= 2 and total > flow.MAX_SUM):
        _fail(f"rolled {rolled} cannot await a decision (L-T1, L-T3)")
    if card_at is not None and (type(card_at) is not int or not 1 <= card_at < n
                                or not s.cards_as_dice):
        _fail("'rolled_card' is the index of the card in rolled (never 0, L-E2)")


# --- state -> dicts ------------------------------------------------------------------------------
def _public(s: State) -> dict:
    """The keys a snapshot and a view share."""
    stacks = {"0": sorted(s.stacks[RAFT])}
    for p in range(1, BEACH + 1):
        if s.stacks[p]:
            stacks[str(p)] = list(s.stacks[p])
    return {
        "game": "tortuga", "seats": s.n, "cards_as_dice": s.cards_as_dice, "rules": s.rules,
        "stacks": stacks,
        "held": {str(seat): list(h) for seat, h in enumerate(s.held)},
        "seat": s.seat, "phase": s.phase, "turtle": s.moving,
        "rolled": list(s.rolled), "rolled_card": s.card_at, "turn_card": s.turn_card,
        "moved": list(s.moved), "played": list(s.played), "beach": s.beach,
    }


def snapshot(s: State) -> dict:
    """Everything: a scenario dict that ``build_state`` turns back into this exact state."""
    d = _public(s)
    d.update({"seed": s.seed, "deck": list(s.deck), "removed": list(s.removed),
              "dice": list(s.forced), "rng": s.rng.getstate()})
    return d


def view(s: State) -> dict:
    """What every seat (and a spectator) may see: all but the hidden cards' order (L-H1);
    ``Game.view`` adds ``you``."""
    d = _public(s)
    moving = s.moving
    d.update({
        "turtles": s.turtles,
        "to_act": s.to_act,
        "decider": None if moving is None else s.decider,
        "group": group_of(s.stacks, s.pos, moving) if moving is not None else [],
        "sum": sum(s.rolled), "multiplier": len(s.rolled),
        "deck_left": len(s.deck),
        "face_up": s.deck[0] if s.deck else None,
        "scores": scores(s), "cards": cards_count(s),
        "over": s.phase == OVER, "winners": winners(s),
    })
    return d


# --- view -> a consistent full scenario ----------------------------------------------------------
def sampled_scenario(v: dict, rng: Rng) -> dict:
    """A snapshot dict consistent with the view ``v``: the face-down deck and the removed cards
    drawn from the cards not seen, a fresh generator state."""
    if v.get("face_up") is None and v.get("deck_left"):
        _fail("a view with cards left shows its face-up card")
    seen = [v["face_up"]] if v.get("face_up") is not None else []
    pool = _complement(seen, v.get("played", []), *v.get("held", {}).values())
    rng.shuffle(pool)
    below = v["deck_left"] - len(seen)
    d = {k: v[k] for k in ("game", "seats", "cards_as_dice", "rules", "stacks", "held", "seat",
                           "phase", "turtle", "rolled", "rolled_card", "turn_card", "moved",
                           "played", "beach")}
    d.update({"deck": seen + pool[:below], "removed": pool[below:], "dice": [],
              "seed": 0, "rng": rng.next64()})
    return d


# --- checking input ------------------------------------------------------------------------------
def _complement(*groups) -> list:
    try:
        return complement(*groups)
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None


def _int(x, what: str) -> int:
    if type(x) is not int:
        _fail(f"{what} must be an int, not {x!r}")
    return x


def _numbered(key, what: str) -> int:
    """A key that numbers something: an int, or the digits of one (as JSON keys are)."""
    return _int(int(key) if isinstance(key, str) and key.isdigit() else key, what)


def _ints(xs, what: str) -> list[int]:
    if not isinstance(xs, (list, tuple)) or any(type(x) is not int for x in xs):
        _fail(f"{what} must be a list of ints, not {xs!r}")
    return list(xs)


def _card_list(xs, what: str) -> list[int]:
    cards = _ints(xs, what)
    if any(not 1 <= c <= 6 for c in cards):
        _fail(f"{what}: a card shows 1 to 6 eggs")
    return cards


def _die(x: int) -> int:
    if not 1 <= x <= 6:
        _fail(f"a die shows 1 to 6, not {x}")
    return x
