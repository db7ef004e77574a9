"""The hint ("what would a strong player do?"): the strong bot's plan for a seat, from that seat's
own view only, with the coach's reason for each step, in one plain form that both clients read.

The window computes it itself, in a thread (game/hint.py); a browser cannot run the bots, so the
host computes it for a browser's seat in a worker process (net/hints.py, the ``hint`` message of
docs/protocol.md). Both call ``hint`` here with the same view and the same seed (``seed_for``), so
the two clients show the same plan.

- ``askable(game, view, legal)``: whether there is a decision the hint covers (its phases, and
  more than one choice where the game says so: La Tortuga's first die is always rolled).
- ``hint(game, view, legal, seat, seed) -> {"steps": [{"action", "cost", "why"}, ...]}``: plain
  data (msgpack and JSON as it is). Tikal: the rest of this part of the turn (the tile, then the
  actions up to the end of the turn; in an auction the bid, the pass or the tile chosen), each
  step's ``cost`` its AP; La Tortuga: one step, the hard bot's choice (``cost`` 0).
- ``why``: the coach's reason for the step as the words of the catalogs (``assets/i18n``), never
  as a sentence: ``{"key": catalog key, "args": {placeholder: value}, "n": the number a plural
  entry is picked by (only for a plural entry), "ahead": k (only for a reason that names a later
  step: the client fills ``args["step"]`` with that step's number, its own number + k, so the
  line stays right as played steps leave the list), "decimal": [names of args shown with one
  decimal, in the language's way]}``; an arg that is itself such a dict is put in words first
  (La Tortuga's next best choice, ``other``). ``None``: no reason to give.

Only the view, the legal actions and the engine's public API are read: the bots sample what the
seat cannot see (``engine.sample_state``), so a hint tells nothing the view hides.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: Tikal: coach reason key -> (catalog key, the reason's number a plural entry is picked by).
TIKAL_WHY: dict[str, tuple[str, str | None]] = {
    "majority": ("hint.why.majority", "scorings"), "hold": ("hint.why.hold", None),
    "towards": ("hint.why.towards", None), "to_dig": ("hint.why.dig_at_step", "count"),
    "near_treasure": ("hint.why.near_treasure", "count"), "for_step": ("hint.why.for_step", None),
    "in_play": ("hint.why.in_play", None),
    "uncover_mine": ("hint.why.uncover_mine", "scorings"), "uncover_guard": ("hint.why.uncover_guard", None),
    "uncover": ("hint.why.uncover", None), "dig": ("hint.why.dig", "count"), "guard": ("hint.why.guard", None),
    "camp": ("hint.why.camp", None), "exchange": ("hint.why.exchange", "points"), "end": ("hint.why.end", "ap"),
    "bid": ("hint.why.bid", None), "pass": ("hint.why.pass", None), "choose": ("hint.why.choose", None),
    "place_temple": ("hint.why.place_temple", None), "place_treasure": ("hint.why.place_treasure", "count"),
    "place_way": ("hint.why.place_way_step", None), "place_volcano": ("hint.why.place_volcano", None),
    "place_spot": ("hint.why.place_spot", None)}

#: La Tortuga: coach reason key -> (catalog key, plural number or None)
TORTUGA_WHY: dict[str, tuple[str, str | None]] = {
    "stop_card": ("hint.why.tortuga.stop_card", "eggs"), "stop": ("hint.why.tortuga.stop", "spaces"),
    "stop_safe": ("hint.why.tortuga.stop_safe", "spaces"), "roll": ("hint.why.tortuga.roll", None),
    "roll_safe": ("hint.why.tortuga.roll_safe", None), "play": ("hint.why.tortuga.play", "eggs"),
    "even": ("hint.why.tortuga.even", None),
    "first": ("hint.why.tortuga.first", None), "close": ("hint.why.tortuga.close", None),
    "only": ("hint.why.tortuga.only", None)}
#: ... the next best choice a reason compares with (its ``other``)
TORTUGA_OTHER: dict[str, tuple[str, str | None]] = {
    "stop": ("hint.why.tortuga.other_stop", "spaces"), "roll": ("hint.why.tortuga.other_roll", None),
    "card": ("hint.why.tortuga.other_card", "eggs")}
#: ... its numbers shown with one decimal (eggs of value)
TORTUGA_DECIMALS = ("gain",)


def seed_for(state: int, seat: int) -> int:
    """The bot's seed for a hint asked at state counter ``state`` by ``seat``: both clients use
    it, so the same view gives the same plan in the window and in the browser."""
    return state * 7919 + seat


# --- Tikal ------------------------------------------------------------------------------------------
def tikal_plan(view: dict, legal: list, seat: int, seed: int) -> list[tuple[dict, int]]:
    """The strong bot's choice for this moment of ``seat``'s turn, from ``view`` only, as
    ``[(action, AP it costs)]``: the whole rest of the turn (tile, then actions) in the place and
    action phases, its bid or pass in an auction, its tile when it won one."""
    from . import make_bot

    bot = make_bot("tikal", "hard", seat, seed)
    if view.get("phase") in ("place", "actions") and hasattr(bot, "make_plan"):
        actions = [action for action, _ in bot.make_plan(view)]
    else:
        actions = [bot.choose(view, legal)]
    return with_costs(view, actions, seat, seed)


def with_costs(view: dict, actions: list, seat: int, seed: int) -> list[tuple[dict, int]]:
    """``[(action, AP it costs)]`` for actions played from ``view`` (on a game sampled from it)."""
    from .. import IllegalAction, Rng, sample_state

    game = sample_state(view, Rng(seed))
    steps = []
    for action in actions:
        try:
            events = game.apply(action)
        except IllegalAction:       # cannot happen on the bot's own plan; stop the hint there
            break
        steps.append((action, sum(ev.get("cost", 0) for ev in events if ev.get("seat") == seat)))
    return steps


def tikal_plan_with_reasons(view: dict, legal: list, seat: int, seed: int) -> tuple[list, list]:
    """``tikal_plan``'s steps and, per step, the coach's reason for it
    (``tikal_bots.coach.why``: a key and its numbers)."""
    from .tikal_bots.coach import why

    steps = tikal_plan(view, legal, seat, seed)
    return steps, why(view, [a for a, _ in steps], seat, seed)


def tikal_words(reason: dict | None) -> dict | None:
    """A Tikal coach reason as catalog words (the module's doc), None for none."""
    if not reason or reason.get("key") not in TIKAL_WHY:
        return None
    key, count = TIKAL_WHY[reason["key"]]
    args = {k: v for k, v in reason.items() if k not in ("key", "ahead")}
    out: dict = {"key": key, "args": args}
    if count is not None:
        out["n"] = args.pop(count)
    if "ahead" in reason:
        out["ahead"] = reason["ahead"]
    return out


def _tikal_hint(view: dict, legal: list, seat: int, seed: int) -> dict:
    steps, why = tikal_plan_with_reasons(view, legal, seat, seed)
    return {"steps": [{"action": a, "cost": cost, "why": tikal_words(why[i] if i < len(why) else None)}
                      for i, (a, cost) in enumerate(steps)]}


# --- La Tortuga -------------------------------------------------------------------------------------
def _tortuga_reason(table: dict, reason: dict) -> dict:
    key, count = table[reason["key"]]
    args = {k: (_tortuga_reason(TORTUGA_OTHER, v) if k == "other" else v) for k, v in reason.items() if k != "key"}
    out: dict = {"key": key, "args": args}
    if count is not None:
        out["n"] = reason[count]
    decimal = [k for k in TORTUGA_DECIMALS if k in args]
    if decimal:
        out["decimal"] = decimal
    return out


def tortuga_words(reason: dict | None) -> dict | None:
    """A La Tortuga coach reason as catalog words (the module's doc), the next best choice it
    names (``other``) inside it; None for none."""
    if not reason or reason.get("key") not in TORTUGA_WHY:
        return None
    return _tortuga_reason(TORTUGA_WHY, reason)


def tortuga_advise(view: dict, legal: list, seat: int, seed: int) -> tuple[dict, dict]:
    """The hard bot's action and its reason (``tortuga_coach.advise``)."""
    from .tortuga_coach import advise

    return advise(view, legal, seat, seed)


def _tortuga_hint(view: dict, legal: list, seat: int, seed: int) -> dict:
    action, reason = tortuga_advise(view, legal, seat, seed)
    return {"steps": [{"action": action, "cost": 0, "why": tortuga_words(reason)}]}


# --- every game -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameHint:
    phases: tuple[str, ...]              # the view's phases in which a hint may be asked
    compute: Callable[[dict, list, int, int], dict]
    choices: int = 1                     # fewer legal actions than this: nothing to decide


HINTS: dict[str, GameHint] = {
    "tikal": GameHint(("place", "actions", "bid", "choose"), _tikal_hint),
    "tortuga": GameHint(("decide", "choose_turtle"), _tortuga_hint, choices=2),
}


def askable(game: str, view: dict, legal: list) -> bool:
    """Whether the hint covers this moment of the seat's turn (a game without a hint: never)."""
    spec = HINTS.get(game)
    return spec is not None and view.get("phase") in spec.phases and len(legal) >= spec.choices


def hint(game: str, view: dict, legal: list, seat: int, seed: int) -> dict:
    """The hint for ``seat`` (the one to act) in ``view`` (the module's doc)."""
    return HINTS[game].compute(view, legal, seat, seed)
