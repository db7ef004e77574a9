"""Read-only dicts and lists: action dicts built once and shared by every ``legal_actions()`` list.

Listing legal actions is the engines' hot path (bots and benchmarks call it for every step). An
action dict does not depend on the state, only on its fields, so each is built once and shared.
``Action`` is a dict and ``Frozen`` a list (equal to plain dicts and lists, JSON-, msgpack- and
pickle-safe), but changing one raises TypeError: copy it first (``dict(a)``) to build a variant.
An ``Action`` keeps its fields parsed by the game (``parsed``, set by ``engine.dispatch`` the first
time it is applied), so a shared action is parsed once for its lifetime.
"""
from __future__ import annotations


def _readonly(*_a, **_k):
    raise TypeError("legal action dicts are shared and read-only; copy them to change them")


class Frozen(list):
    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _readonly
    append = extend = insert = pop = remove = clear = sort = reverse = _readonly

    def __reduce__(self):
        return Frozen, (list(self),)


class Action(dict):
    __slots__ = ("parsed",)
    parsed: tuple                     # (do, args): set by ``engine.dispatch`` when first applied
    __setitem__ = __delitem__ = __ior__ = _readonly
    update = pop = popitem = clear = setdefault = _readonly

    def __reduce__(self):
        return Action, (dict(self),)
