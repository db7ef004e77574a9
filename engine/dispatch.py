"""How both games apply an action: parse -> phase -> check -> do (``Game.apply`` runs it).

Each action type of a game is a ``Kind``: ``parse(action) -> args`` (``MalformedAction`` when the
dict is not of the contract's form, section 2), the phases it belongs to, ``check(s, *args)``
(``IllegalAction`` naming the refusing rule) and ``do(s, *args, events)``. A game's ``flow``
module declares its table of kinds in a ``Rules``: the kinds, the rule id for what is no action
of the game at all, the refusal once the game is over and the one for an action in a phase it
does not belong to. ``Rules.apply`` runs parse, the game-over and phase checks, check, and only
then do, so a refused action changes nothing.

An action listed by the state's cached ``legal_actions()`` (that very ``Action`` object) is legal
by construction: ``Game.apply`` runs only its ``do``, with the fields parsed the first time the
game met the action and kept on it (``Rules.parsed``, ``Action.parsed``).
"""
from __future__ import annotations

from .errors import IllegalAction, MalformedAction
from .readonly import Action


class Kind:
    """One action type: ``parse`` (action -> args tuple; None: an action with no fields),
    ``phases`` (the phases it may be applied in), ``check(s, *args)`` (raises IllegalAction;
    None: legal whenever its phase is), ``do(s, *args, events)``."""

    __slots__ = ("parse", "phases", "check", "do")

    def __init__(self, parse, phases, check, do):
        self.parse, self.check, self.do = parse, check, do
        self.phases = (phases,) if isinstance(phases, str) else tuple(phases)


def refuse(refusal) -> None:
    """Raise the ``(reason, rule)`` a rule module's ``*_refusal`` function returned, if any."""
    if refusal is not None:
        raise IllegalAction(*refusal)


class Rules:
    """A game's action kinds and the refusals that fit no kind's own check.

    ``rule``: the rule id for an action that is no action of this game at all (not a dict, an
    unknown type). ``over``: ``(reason, rule)`` once the game is over. ``wrong_phase(s, type)``:
    ``(reason, rule)`` for an action of a known type in a phase it does not belong to."""

    __slots__ = ("kinds", "rule", "over", "wrong_phase")

    def __init__(self, kinds: dict, *, rule: str, over: tuple, wrong_phase):
        self.kinds, self.rule, self.over, self.wrong_phase = kinds, rule, over, wrong_phase

    def parsed(self, action: Action) -> tuple:
        """``(do, args)`` of a listed action (legal by construction), kept on the action."""
        kind = self.kinds[action["type"]]
        action.parsed = (kind.do, kind.parse(action) if kind.parse else ())
        return action.parsed

    def apply(self, s, action, events: list) -> None:
        """Check ``action`` (any dict a client sent) for the state ``s`` and carry it out;
        raise before changing anything."""
        if not isinstance(action, dict):
            raise MalformedAction("an action is a dict with a 'type'", self.rule)
        t = action.get("type")
        kind = self.kinds.get(t) if isinstance(t, str) else None
        if kind is None:
            raise MalformedAction(f"unknown action type {t!r}", self.rule)
        args = kind.parse(action) if kind.parse else ()
        if s.phase == "over":
            raise IllegalAction(*self.over)
        if s.phase not in kind.phases:
            raise IllegalAction(*self.wrong_phase(s, t))
        if kind.check:
            kind.check(s, *args)
        kind.do(s, *args, events)
