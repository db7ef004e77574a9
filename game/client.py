"""What a game is to the window, declared once by its client package (like the engine's
``GameInfo``, ``engine/info.py``).

Each client game package (``game/<game>/client.py``) declares ``CLIENT = GameClient(...)``: its
table scene, how its lobby options read, its results breakdown and columns, its how-to pages, its
rule book, its samples for ``--screenshot`` and its quick game's seats. ``game/games.py`` collects them in
one explicit registry (``GameClients``), the App holds it (``app.games``) and the shared scenes
read only that: no shared client file names a game, and a new game is one new package plus one
line in ``game/games.py`` (``tests/test_client_shape.py`` adds a third one for the test).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from . import rules_ref, theme

if TYPE_CHECKING:
    from .howto.pages import Page
    from .scene import Scene

#: ``tr(key, **fmt) -> str``: the App's translation function.
Tr = Callable[..., str]
#: ``sample(app, names) -> Scene``: a scene on a representative position, no network.
Sample = Callable[[Any, list], "Scene"]


class Ref:
    """A name in a module of the window, loaded when first used: ``Ref("game.<game>.scene:Table")``.
    The declarations (a game's table, its samples, a screen seen rarely) name what they point at
    without importing it, so the window starts without loading every table and sample; calling a
    Ref calls what it names, and its attributes are that object's."""

    __slots__ = ("path", "_obj")

    def __init__(self, path: str):
        self.path = path
        self._obj: Any = None

    def load(self) -> Any:
        if self._obj is None:
            module, _, name = self.path.partition(":")
            self._obj = getattr(importlib.import_module(module), name)
        return self._obj

    def __call__(self, *args, **kw):
        return self.load()(*args, **kw)

    def __getattr__(self, name: str):
        return getattr(self.load(), name)

    def __repr__(self) -> str:
        return f"Ref({self.path!r})"


def _no_breakdown(app, view: dict, seat: int) -> list[str]:
    return []


def _no_columns(app, view: dict) -> list:
    return []


@dataclass(frozen=True)
class ResultsButton:
    """One more button a game adds under its results (Review my game)."""

    label: str                          # catalog key
    tooltip: str                        # catalog key
    allowed: Callable[[Any], bool]      # allowed(bridge): enabled
    open: Callable[[Any, Any], None]    # open(app, bridge)


@dataclass(frozen=True)
class Scoring:
    """One kind of scoring round of a game, as its events name it and the window shows it:
    ``kind`` the value of the start event's ``kind`` field; ``title`` (the TV's tally) and
    ``label`` (the score story's legend) catalog keys; ``colour`` and ``shape`` (``"triangle"``
    pointing down, or ``"diamond"``) of its marks on the score story and the replay's timeline;
    ``final``: the game's last scoring (a replay of a game that has none marks its end)."""

    kind: str
    title: str
    label: str
    colour: tuple[int, int, int]
    shape: str = "diamond"
    final: bool = False


#: The mark of a game's end where it has no final scoring (a replay's timeline, the score story).
END = Scoring("end", "", "", theme.ACCENT)


@dataclass(frozen=True)
class Scorings:
    """How a game's scoring rounds show in its events (docs/events.md): ``started`` the event type
    that opens one (its ``kind`` field names which ``Scoring``), ``scored`` the event type of one
    seat's points in it (``seat``, ``total``, ``score``), ``ended`` the one that closes it;
    ``kinds`` each kind, the first the one assumed for points seen without their start (a window
    that came in mid-round). A game without scoring rounds declares none (``Scorings()``)."""

    started: str | None = None
    scored: str | None = None
    ended: str | None = None
    kinds: tuple[Scoring, ...] = ()

    @property
    def event_types(self) -> frozenset[str]:
        return frozenset(t for t in (self.started, self.scored, self.ended) if t)

    def of(self, kind) -> Scoring:
        """The scoring ``kind`` (``END`` for the end mark, or a kind this game does not declare)."""
        return next((k for k in self.kinds if k.kind == kind), END)

    def started_in(self, events) -> list[str]:
        """The kinds of the scorings that start in ``events``."""
        return [ev.get("kind") for ev in events if self.started and ev.get("type") == self.started]

    def is_final(self, kind) -> bool:
        return any(k.final for k in self.kinds if k.kind == kind)

    @property
    def default(self) -> str | None:
        return self.kinds[0].kind if self.kinds else None


@dataclass(frozen=True)
class GameClient:
    name: str                   # the engine's name of the game (``engine.GAMES``)
    #: ``table(app, bridge, review=False) -> Scene``: the game's table (a ``TableScene``; a ``Ref``
    #: to its class loads it when the first table opens).
    table: Callable[..., "Scene"]
    #: ``option_line(tr, options) -> str``: the lobby's option button ("Variant: auction").
    option_line: Callable[[Tr, dict], str]
    #: ``option_brief(tr, options) -> str``: the options in a table's heading ("auction").
    option_brief: Callable[[Tr, dict], str]
    rules: rules_ref.RuleBook   # the rule texts by id (their prefix: "T-"), for the rules screen
    howto: "tuple[Page, ...] | Ref" = ()  # the how-to-play pages (or a Ref to them: ``pages``)
    howto_keys: "tuple[str, ...] | Ref" = ()   # catalog keys the how-to pictures print
    #: ``breakdown(app, view, seat) -> [str]``: a seat's line on the results.
    breakdown: Callable[[Any, dict, int], list] = _no_breakdown
    #: ``columns(app, view) -> [(header, [cell per seat], [tooltip per seat])]`` on the results.
    columns: Callable[[Any, dict], list] = _no_columns
    results_button: ResultsButton | None = None
    hints: bool = False         # its table has the hint (the lobby offers to allow hints)
    #: its scoring rounds in its events (the TV's tally, the score story's and the timeline's marks,
    #: the recap's lines that stand out): ``Scorings(started, scored, ended, kinds)``
    scorings: Scorings = Scorings()
    quick_seats: int = 4        # the quick game's table (the window's own host): you and bots
    #: ``--screenshot`` samples of this game: scene name -> ``sample(app, names)`` (a mapping, or a
    #: ``Ref`` to one: the game's ``screenshots.SAMPLES``, loaded only for screenshots and tests).
    samples: Mapping[str, Sample] | Ref = ()  # type: ignore[assignment]

    @classmethod
    def of_package(cls, name: str, scene: str, prefix: str, rules_file: str, **more) -> "GameClient":
        """A game whose window package ``game/<name>/`` holds the usual modules: its table class
        ``scene`` in ``scene.py``, the how-to pages and their keys in ``howto.py`` (``PAGES``,
        ``KEYS``), its samples in ``screenshots.py`` (``SAMPLES``), each loaded when first needed;
        its rule book ``rules_file``, the rules' ids starting with ``prefix``."""
        package = f"game.{name}"
        return cls(name=name, table=Ref(f"{package}.scene:{scene}"), rules=rule_book(prefix, rules_file),
                   howto=Ref(f"{package}.howto:PAGES"), howto_keys=Ref(f"{package}.howto:KEYS"),
                   samples=Ref(f"{package}.screenshots:SAMPLES"), **more)

    @property
    def pages(self) -> tuple:
        """The how-to pages (loaded if declared by a ``Ref``)."""
        return tuple(self.howto.load() if isinstance(self.howto, Ref) else self.howto)

    @property
    def page_keys(self) -> tuple:
        return tuple(self.howto_keys.load() if isinstance(self.howto_keys, Ref) else self.howto_keys)

    @property
    def table_class(self) -> type:
        """The table scene's class itself (loaded if declared by a ``Ref``): the replay viewer and
        TV mode mix their views over it."""
        return self.table.load() if isinstance(self.table, Ref) else self.table  # type: ignore[return-value]

    @property
    def turn_events(self) -> frozenset:
        """The event types that end a turn (the table's ``TURN_EVENTS``): the replay counts turns."""
        return frozenset(getattr(self.table, "TURN_EVENTS", ()))

    @property
    def title_key(self) -> str:
        return f"game.{self.name}"

    @property
    def about_key(self) -> str:
        """The lobby's few lines about the game."""
        return f"lobby.about_{self.name}"


class GameClients:
    """The games this window plays, in the order it offers them (how-to and rules tabs, the
    quick games). ``default`` is the game the lobby proposes and the quick game sits at."""

    def __init__(self, clients, default: str | None = None):
        self._clients: dict[str, GameClient] = {}
        for c in clients:
            if c.name in self._clients:
                raise ValueError(f"game {c.name!r} declared twice")
            self._clients[c.name] = c
        if not self._clients:
            raise ValueError("a window needs at least one game")
        self.default = self._clients[default] if default else next(iter(self._clients.values()))
        prefixes = [c.rules.prefix for c in self]
        if len(set(prefixes)) != len(prefixes):
            raise ValueError(f"two games share a rule prefix: {prefixes}")

    def with_games(self, *clients: GameClient) -> "GameClients":
        """This registry and more games (a new game under test)."""
        return GameClients([*self, *clients], default=self.default.name)

    def __iter__(self) -> Iterator[GameClient]:
        return iter(self._clients.values())

    def __len__(self) -> int:
        return len(self._clients)

    def __contains__(self, name: object) -> bool:
        return name in self._clients

    def __getitem__(self, name: str) -> GameClient:
        return self._clients[name]

    @property
    def names(self) -> list[str]:
        return list(self._clients)

    def get(self, name: str | None) -> GameClient | None:
        return self._clients.get(name) if name else None

    def of(self, name: str | None) -> GameClient:
        """The game called ``name``; the default one for a name this window does not know."""
        return self._clients.get(name or "", self.default)

    def table(self, app, bridge, review: bool = False):
        """The table scene of the bridge's game."""
        tm = bridge.table
        game = tm.game or (tm.view or {}).get("game")
        return self.of(game).table(app, bridge, review=review)

    # --- rules ----------------------------------------------------------------------------------
    @property
    def books(self) -> tuple[rules_ref.RuleBook, ...]:
        return tuple(c.rules for c in self)

    def for_rule(self, rule_id: str) -> GameClient | None:
        """The game a rule id belongs to (by its prefix: ``T-`` …)."""
        return next((c for c in self if rule_id.startswith(c.rules.prefix)), None)

    def rule_text(self, rule_id: str, language: str = "en") -> str | None:
        """A rule's text in ``language`` (English where that translation is missing), or None."""
        game = self.for_rule(rule_id)
        return rules_ref.rule_text(game.rules, rule_id, language) if game else None

    def rules(self, language: str = "en") -> dict[str, str]:
        """Every game's rules ``{id: text}``."""
        out: dict[str, str] = {}
        for c in self:
            out.update(rules_ref.rules(c.rules, language))
        return out

    # --- samples --------------------------------------------------------------------------------
    def samples(self) -> dict[str, Sample]:
        out: dict[str, Sample] = {}
        for c in self:
            mine = dict(c.samples.load() if isinstance(c.samples, Ref) else c.samples)
            clash = set(out) & set(mine)
            if clash:
                raise ValueError(f"sample names declared twice: {sorted(clash)}")
            out.update(mine)
        return out


def rule_book(prefix: str, file: str, root: Path | None = None) -> rules_ref.RuleBook:
    """A game's rule texts: ``<root>/<language>/<file>`` (root: the packaged ``assets/rules``)."""
    return rules_ref.RuleBook(prefix, file, root or rules_ref.RULES_DIR)
