"""What a game is, declared once by its package (like OpenSpiel's ``GameType``/``GameInfo``).

Each game package declares ``INFO = GameInfo(...)``: its name, its title, its seat range, the
options a table may set with their values and defaults, the scores at the start, and the rules
versions it plays. ``engine.GAMES`` maps each name to its ``GameInfo``; the host's offered games,
the host command's choices and, through the host's welcome, the client's lobby are derived from
it.

Rules versions: when a rule decision changes, the game's ``rules`` goes up and the engine keeps
playing the older versions (``rules_versions``), so a game journaled under an older version
replays exactly as it was played (``engine.new_game(..., rules=n)``; the version is part of every
snapshot and view).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import ScenarioError
from .rng import Rng


@dataclass(frozen=True)
class Option:
    """A table option: its ``values`` (the default first is not required) and ``default``;
    ``start_scores``: the scores at the start for a value, where they differ from the game's.
    How a lobby words it, as catalog keys (assets/i18n; the host's welcome hands them to every
    client): ``label`` the option's name ("Variant"), ``value_labels`` one per value, in the order
    of ``values`` ("base game", "auction"); left empty, a client builds keys from the names
    (docs/protocol.md, ``welcome``)."""

    name: str
    values: tuple
    default: object
    start_scores: dict = field(default_factory=dict, hash=False)
    label: str = ""
    value_labels: tuple = ()

    def __post_init__(self):
        if self.value_labels and len(self.value_labels) != len(self.values):
            raise ValueError(f"option {self.name!r}: one label per value, {len(self.values)}, not "
                             f"{len(self.value_labels)}")


def option_word(value) -> str:
    """An option's value as the lobby's labels spell it: a name as it is, a number in digits, a
    yes or no as ``true`` or ``false`` (the spelling of JSON and JavaScript)."""
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class GameInfo:
    name: str                   # the registry key: "tikal", "tortuga"
    title: str                  # the game's printed name
    min_seats: int
    max_seats: int
    options: tuple              # of Option: what a table may set
    start_score: int = 0        # each seat's score at the start
    rules: int = 1              # the rules version new games are played under
    rules_versions: tuple = (1,)  # every version this engine plays (older games replay)

    @property
    def defaults(self) -> dict:
        return {o.name: o.default for o in self.options}

    def labels(self) -> dict:
        """The catalog keys the options declare: ``{name: key, "name=value": key}`` (the value as
        ``option_word`` spells it); only what is declared."""
        out = {}
        for o in self.options:
            if o.label:
                out[o.name] = o.label
            for v, key in zip(o.values, o.value_labels):
                out[f"{o.name}={option_word(v)}"] = key
        return out

    def check_seats(self, seats) -> int:
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise ScenarioError(f"{self.title} is for {self.min_seats} to {self.max_seats} "
                                f"players, not {seats!r}")
        return seats

    def check_option(self, name: str, value):
        """``value`` if it is one of option ``name``'s values (an int is never a bool)."""
        option = next((o for o in self.options if o.name == name), None)
        if option is None:
            raise ScenarioError(f"unknown {self.title} option {name!r}; "
                                f"known: {[o.name for o in self.options]}")
        if not any(type(value) is type(v) and value == v for v in option.values):
            raise ScenarioError(f"option {name!r} must be one of {list(option.values)}, "
                                f"not {value!r}")
        return value

    def check_options(self, options: dict) -> dict:
        """The table options with the defaults filled in; ScenarioError on an unknown name or
        value."""
        return {**self.defaults, **{k: self.check_option(k, v) for k, v in options.items()}}

    def check_rules(self, rules) -> int:
        """The rules version to play (None: the current one)."""
        if rules is None:
            return self.rules
        if type(rules) is not int or rules not in self.rules_versions:
            raise ScenarioError(f"{self.title} rules must be one of {list(self.rules_versions)}, "
                                f"not {rules!r}")
        return rules

    def start_scores(self, seats: int, options: dict) -> list:
        """Each seat's score at the start of a game with these (checked) options."""
        score = self.start_score
        for o in self.options:
            score = o.start_scores.get(options.get(o.name, o.default), score)
        return [score] * seats

    def first_seat(self, first, seats: int, rng: Rng) -> int:
        """The new game's option ``first``: a seat, or ``"random"`` (drawn from ``rng``); the
        host picks who starts (T-S4, L-S3; default seat 0)."""
        if first == "random":
            return rng.below(seats)
        if type(first) is not int or not 0 <= first < seats:
            raise ScenarioError(f"option 'first' must be a seat 0..{seats - 1} or \"random\", "
                                f"not {first!r}")
        return first

    def new_game_options(self, seats, options: dict | None) -> tuple[int, dict, object]:
        """``new_game``'s arguments checked: (seats, table options with defaults, ``first``)."""
        opts = dict(options or {})
        first = opts.pop("first", 0)
        return self.check_seats(seats), self.check_options(opts), first
