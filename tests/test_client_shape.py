"""The client's shape (issues 22, 29): each game declares itself once (``game/<game>/client.py``),
the shared client reads only the registry (``app.games``) and names no game nor any of a game's
own words (its option names, its event types, its scoring kinds, its rule ids), scenes reach each
other by name through the App, and the client's modules form no import cycle. Every per-game
list of the client (the import contracts, the animators' tables, the keys built from a game's
name) is the registry's or checked against it, so a new game fails loudly where it must be added.
A third game (Pebbles, ``tests/pebbles/``: its own tiny engine game and client package) shows in
the lobby, the table, the results, the how-to and the rules with no edit to a shared file."""
from __future__ import annotations

import ast
import io
import re
import tokenize
import tomllib
from pathlib import Path

import pytest
from pebbles.client import CLIENT as PEBBLES
from pebbles.client import PICTURES, PebblesScene
from pebbles.client import bridge as pebbles_bridge
from pebbles.engine_game import INFO as PEBBLES_INFO

import engine
from game import screens
from game.app import App
from game.fitcheck import FitCheck
from game.games import CLIENTS
from game.howto import HowToScene
from game.net_bridge import OfflineBridge
from game.scenes.lobby import LobbyScene
from game.scenes.menu import RulesScene
from game.scenes.results import ResultsScene
from game.settings import Settings
from net.table import offered_games, welcome_message

from client_helpers import click
from js_source import SHELL, js_tokens

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
#: The game packages and the one module that lists them may name games; nothing else of game/.
GAME_PACKAGES = {GAME / g.name for g in CLIENTS}
NAMING_ALLOWED = {GAME / "games.py"}
GAME_NAMES = re.compile(r"(?<![\w-])(" + "|".join(CLIENTS.names) + r")(?![\w-])", re.IGNORECASE)


def shared_modules() -> list[Path]:
    return sorted(p for p in GAME.rglob("*.py")
                  if not any(p.is_relative_to(d) for d in GAME_PACKAGES) and p not in NAMING_ALLOWED)


def game_names_in(source: str) -> list[tuple[int, str]]:
    """``(line, token)`` of every name, string (docstrings too) or comment naming a game."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT) and GAME_NAMES.search(tok.string):
            out.append((tok.start[0], tok.string))
    return out


def test_the_shared_client_names_no_game():
    files = shared_modules()
    assert GAME / "app.py" in files and GAME / "scenes" / "lobby.py" in files and GAME / "howto" / "scene.py" in files
    bad = [f"{p.relative_to(GAME.parent)}:{line}: {tok[:60]}"
           for p in files for line, tok in game_names_in(p.read_text(encoding="utf-8"))]
    assert not bad, "\n".join(bad)


def test_the_name_check_can_fail():
    found = game_names_in('x = "tortuga"  # the Tikal table\nname = "tikal-lan"\nTIKAL_LAN = 1\n')
    assert [line for line, _ in found] == [1, 1]


# --- the browser's shell (assets/web/app) reads no game either ------------------------------------------
#: The page's own names that spell a game's: its storage's (app/store.js, app/boot.js: "tikal.key",
#: the agreed name of the player key, docs/protocol.md) and its global for tests (``window.tikal``).
PAGE_OWN = ("tikal.boot.tries.", "tikal.key", "tikal.")


def js_game_names_in(source: str) -> list[tuple[int, str]]:
    """``(line, token)`` of every name, string, template or comment of JavaScript naming a game
    (but the page's own names, PAGE_OWN and ``window.tikal``)."""
    out, prev = [], None
    for tok in js_tokens(source):
        text = tok.text
        for own in PAGE_OWN:
            text = text.replace(own, "")
        if tok.kind == "name" and prev is not None and prev.text == "window" and text == "tikal":
            text = ""
        if GAME_NAMES.search(text):
            out.append((tok.line, tok.text))
        prev = tok
    return out


def js_game_words_in(source: str, words: set[str], names: set[str], prefix: str) -> list[tuple[int, str]]:
    """``(line, token)`` of every string (or template's literal part) of JavaScript that is one of a
    game's ``words`` or a rule id of it, and every name that is one of ``names`` (``o.variant``)."""
    rule = re.compile(rf"^{re.escape(prefix)}([A-Z]|$)")
    out = []
    for tok in js_tokens(source):
        values = [tok.text] if tok.kind == "string" else tok.parts if tok.kind == "template" else []
        if any(v in words or rule.match(v) for v in values):
            out.append((tok.line, tok.text))
        elif tok.kind == "name" and tok.text in names:
            out.append((tok.line, tok.text))
    return out


def test_the_browser_shell_names_no_game():
    assert (ROOT / "assets/web/app/lobby.js") in SHELL and (ROOT / "assets/web/app/main.js") in SHELL
    bad = [f"{p.relative_to(ROOT)}:{line}: {tok[:60]}" for p in SHELL
           for line, tok in js_game_names_in(p.read_text(encoding="utf-8"))]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name", CLIENTS.names)
def test_the_browser_shell_knows_none_of_a_games_own_words(name):
    words, options, prefix = vocabulary(CLIENTS[name])
    bad = [f"{p.relative_to(ROOT)}:{line}: {tok[:60]}" for p in SHELL
           for line, tok in js_game_words_in(p.read_text(encoding="utf-8"), words, options, prefix)]
    assert not bad, "\n".join(bad)


def test_the_browser_checks_can_fail():
    src = ('if (table.game === "tikal") x = o.variant;  // the Tortuga\nwindow.tikal = this;\n'
           'const k = "tikal.key"; const e = `${ev.type === "scoring_started"}`; r = "T-A4b";\n')
    assert [line for line, _ in js_game_names_in(src)] == [1, 1]
    words, options, prefix = vocabulary(CLIENTS["tikal"])
    assert [tok for _, tok in js_game_words_in(src, words, options, prefix)] == ["variant", "scoring_started", "T-A4b"]


# --- each game's own words ---------------------------------------------------------------------------
def documented_events(heading: str) -> set[str]:
    """The event types docs/events.md lists under ``## heading`` (a game's title)."""
    docs = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    part = docs[docs.index(f"\n## {heading}\n"):]
    part = part[: part.index("\n## ", 1)] if "\n## " in part[1:] else part
    return set(re.findall(r"^\| `(\w+)` \|", part, re.M))


#: What every game's events share (docs/events.md, "Conventions"): the last event of a game.
CONVENTIONS = {"game_over"}


def vocabulary(game) -> tuple[set[str], set[str], str]:
    """A game's own words (its option names, its event types but the conventions', its scoring
    kinds), its option names alone, and its rule ids' prefix: knowledge of that game, wherever
    it is spelled."""
    info = engine.GAMES[game.name]
    options = {o.name for o in info.options}
    words = options | (documented_events(info.title) - CONVENTIONS)
    words |= {k.kind for k in game.scorings.kinds} | set(game.scorings.event_types)
    return words, options, game.rules.prefix


def game_words_in(source: str, words: set[str], names: set[str], prefix: str) -> list[tuple[int, str]]:
    """``(line, token)`` of every string that is one of a game's ``words`` or a rule id of it
    ("T-A4b"), and every name that is one of ``names`` (its options: ``options.variant``)."""
    rule = re.compile(rf"^{re.escape(prefix)}([A-Z]|$)")
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING:
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):       # an f-string: its literal parts
                value = None
            if isinstance(value, str) and (value in words or rule.match(value)):
                out.append((tok.start[0], tok.string))
        elif tok.type == tokenize.NAME and tok.string in names:
            out.append((tok.start[0], tok.string))
    return out


@pytest.mark.parametrize("name", CLIENTS.names)
def test_the_shared_client_knows_none_of_a_games_own_words(name):
    words, options, prefix = vocabulary(CLIENTS[name])
    assert words and prefix
    bad = [f"{p.relative_to(GAME.parent)}:{line}: {tok[:60]}" for p in shared_modules()
           for line, tok in game_words_in(p.read_text(encoding="utf-8"), words, options, prefix)]
    assert not bad, "\n".join(bad)


def test_the_words_check_can_fail():
    words, options, prefix = vocabulary(CLIENTS["tikal"])
    assert {"variant", "scoring_started", "scored", "volcano", "final"} <= words and options == {"variant"}
    found = game_words_in('if options["variant"] == "auction":\n    pass\nrule = "T-A4b"\nx = ev.get("type") == '
                          '"scoring_started"\nkind = "volcano"\n# the volcano is fine in a comment\n'
                          'v = table.options.variant\n', words, options, prefix)
    assert [line for line, _ in found] == [1, 3, 4, 5, 7]


def test_each_games_scorings_are_documented_events():
    """A game's declared scorings (``GameClient.scorings``) name events its docs list."""
    for game in CLIENTS:
        events = documented_events(engine.GAMES[game.name].title)
        assert game.scorings.event_types <= events, game.name
        assert all(k.title and k.label and k.shape in ("triangle", "diamond") for k in game.scorings.kinds)
        assert sum(k.final for k in game.scorings.kinds) <= 1


# --- every per-game list of the client: the registry's, or checked against it ----------------------
def contract(cid: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    return next(c for c in config if c["id"] == cid)


def test_the_import_contracts_name_every_game_of_the_registry():
    packages = [f"game.{name}" for name in CLIENTS.names]
    assert sorted(contract("client-games")["modules"]) == sorted(packages)
    assert sorted(contract("client-layers")["layers"][-1].split(" | ")) == sorted(packages)
    assert set(packages) <= set(contract("client-shared")["forbidden_modules"])


def test_the_shared_client_contract_holds_every_shared_module():
    """Every module and package of game/ but the game packages and those above the registry (the
    launcher, the App, the screens, the registry itself) is held to know no game (game.hint was
    missing)."""
    above = {"game.launch", "game.app", "game.icon", "game.screens", "game.games"}
    tops = {f"game.{p.stem}" for p in GAME.glob("*.py") if p.stem != "__init__"}
    tops |= {f"game.{p.name}" for p in GAME.iterdir() if (p / "__init__.py").exists()}
    shared = tops - above - {f"game.{name}" for name in CLIENTS.names}
    assert set(contract("client-shared")["source_modules"]) == shared


# --- imports: by name through the App, and no cycle -----------------------------------------------
def _module(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path):
    """``(line, module, at module level)`` of every import of a ``game`` module in ``path`` (for
    ``from X import a``: ``X.a`` and ``X``, the caller keeps what is a module); imports only for
    type checkers aside."""
    mod = _module(path)
    package = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
             for n in ast.walk(f)}
    typing_only = {id(n) for block in ast.walk(tree)
                   if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
                   for n in ast.walk(block)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                target = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [f"{target}.{a.name}" for a in node.names] + [target]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            if name == "game" or name.startswith("game."):
                yield node.lineno, name, id(node) not in inner


def _exact(name: str, modules: set[str]) -> str | None:
    """``name`` if it is a module of game/ (``from X import a``: ``X.a`` when a module, else ``X``)."""
    return name if name in modules else None


def test_no_scene_imports_another_inside_a_function():
    """Scenes reach each other by name through the App (``app.goto`` / ``app.open``), never by an
    import inside a method (the entry points of the window, which start it, aside)."""
    bad = sorted({f"{p.relative_to(GAME.parent)}:{line}"
                  for p in sorted(GAME.rglob("*.py")) if p.name != "launch.py"
                  for line, name, top in _imports(p) if not top})
    assert not bad, "\n".join(bad)


def test_the_client_modules_form_no_import_cycle():
    files = {_module(p): p for p in GAME.rglob("*.py")}
    graph = {m: {k for _, name, _ in _imports(p) if (k := _exact(name, set(files))) and k != m}
             for m, p in files.items()}
    # a package imports its own submodules by its __init__: that is no cycle of the package's parts
    for m in graph:
        graph[m] = {k for k in graph[m] if not (k.startswith(m + ".") and files[m].name == "__init__.py")}
    cycles = _cycles(graph)
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]   # the check can fail


def _cycles(graph: dict) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


# --- a third game, with no edit to a shared file --------------------------------------------------
@pytest.fixture
def app(monkeypatch):
    monkeypatch.setitem(engine.GAMES, "pebbles", PEBBLES_INFO)   # the engine knows the game
    app = App(Settings(language="en", guide_done=True), games=CLIENTS.with_games(PEBBLES))
    yield app
    app.close()


def texts(app) -> list[str]:
    app.fitcheck = FitCheck()
    app.draw()
    return [t for _, t, _, _ in app.fitcheck.texts]


def button(scene, label=None, value=None):
    return next(w for w in scene.widgets.items
                if (label is not None and getattr(w, "label", None) == label)
                or (value is not None and getattr(w, "value", None) == value))


def host_offering_pebbles(app) -> OfflineBridge:
    b = OfflineBridge("Anna", [])
    games = {**offered_games(), "pebbles": {"seats": [2, 3], "options": {"pile": [5, 7, 9]},
                                            "defaults": {"pile": 7}, "levels": ["random"]}}
    b.handle({**welcome_message("Anna's laptop", 1), "games": games})
    app.bridge = b
    return b


def test_the_lobby_offers_a_third_game_and_creates_its_table(app):
    b = host_offering_pebbles(app)
    lobby = app.show(LobbyScene(app, b))
    for _ in range(len(b.games)):
        if lobby.new_game["game"] == "pebbles":
            break
        click(app, next(w for w in lobby.widgets.items if w.tooltip == "lobby.game_tip").rect.center)
    assert lobby.new_game["game"] == "pebbles"
    assert "Pebbles in the pile: 7" in texts(app)               # its option, as its client words it
    click(app, next(w for w in lobby.widgets.items if w.tooltip == "lobby.option_tip").rect.center)
    assert "Pebbles in the pile: 9" in texts(app)               # the option's next value
    click(app, button(lobby, "lobby.create").rect.center)
    create = next(m for m in b.sent if m["t"] == "create")
    assert create["game"] == "pebbles" and create["options"] == {"pile": 9} and create.get("hints") is None
    # at a Pebbles table: the heading names the game, the line below reads its options briefly
    b.handle({"t": "seated", "table": 3, "seat": 0, "token": "0" * 32})
    b.handle({"t": "table", "table": {"id": 3, "game": "pebbles", "options": {"pile": 5}, "seats": 2,
                                      "status": "lobby", "owner": 1, "players": []}})
    app.step(0.0, events=[])
    assert any(t.endswith("game.pebbles") for t in texts(app)) and "pile 5" in texts(app)


def test_a_third_game_plays_to_its_results_and_its_final_board(app):
    b = app.bridge = pebbles_bridge(["Anna", "Boris"], pile=5)
    table = app.goto("table", b)
    assert isinstance(table, PebblesScene)
    while not b.table.over:
        legal = b.table.legal
        click(app, button(table, value=legal[-1]).rect.center)   # take as many as we may
        if not b.table.over:
            b.act(b.game.legal_actions()[0])                     # Boris takes one
        app.step(0.0, events=[])
    for _ in range(200):
        app.step(1 / 30, events=[])
        if isinstance(app.scene, ResultsScene):
            break
    results = app.scene
    assert isinstance(results, ResultsScene)
    shown = texts(app)
    taken = b.game.taken
    assert f"took {taken[0]} pebbles" in shown and f"took {taken[1]} pebbles" in shown   # its breakdown
    assert "Last" in shown and "yes" in shown                                            # its column
    click(app, button(results, "results.board").rect.center)
    assert isinstance(app.scene, PebblesScene) and app.scene.review
    assert "pile: 0" in texts(app)
    click(app, button(app.scene, "table.back_to_results").rect.center)
    assert app.scene is results


def test_the_how_to_and_the_rules_show_a_third_game(app):
    lobby = app.show(LobbyScene(app, host_offering_pebbles(app)))
    lobby.new_game["game"] = "pebbles"
    click(app, button(lobby, "howto.open").rect.center)
    howto = app.scene
    assert isinstance(howto, HowToScene) and howto.game == "pebbles" and len(howto.pages) == 2
    PICTURES.clear()
    assert "howto.pebbles.goal.title" in texts(app) and PICTURES         # its page and its picture
    tabs = [w.label for w in howto.widgets.items if w.tooltip == "howto.game_tip"]
    assert tabs == ["game.tikal", "game.tortuga", "game.pebbles"]
    click(app, button(howto, "howto.rules").rect.center)                 # its rules, by id
    rules = app.scene
    assert isinstance(rules, RulesScene) and rules.game == "pebbles"
    shown = texts(app)
    assert "P-T1" in shown and "Who takes the last pebble wins." in shown
    assert [w.label for w in rules.widgets.items][-3:] == ["rules.tikal", "rules.tortuga", "rules.pebbles"]


def test_a_refused_action_links_the_third_games_rule(app):
    b = app.bridge = pebbles_bridge(["Anna", "Boris"])
    app.goto("table", b)
    b.act({"type": "take", "n": 3})                                     # refused by its engine game
    app.step(0.0, events=[])
    toast = app.toasts.items[-1]
    assert toast["rule"] == "P-T1" and toast["rule_text"] == "On your turn take one or two pebbles from the pile."
    app.open_rule("P-T1")
    assert isinstance(app.scene, RulesScene) and app.scene.game == "pebbles" and app.scene.focus == "P-T1"


def test_the_samples_of_a_third_game_are_listed_and_drawn(app):
    assert "pebbles" in screens.names(app.games) and "pebbles" not in screens.names()
    scene = screens.sample("pebbles", app)
    app.show(scene)
    assert "pile: 7" in texts(app)


def test_the_registry_refuses_a_game_declared_twice():
    with pytest.raises(ValueError):
        CLIENTS.with_games(CLIENTS["tikal"])


def test_every_game_the_engine_offers_has_a_client():
    assert set(CLIENTS.names) == set(engine.GAMES)
    for game in CLIENTS:
        assert game.pages and game.rules.prefix and game.samples and game.table


# --- the bridge's dispatch: a table, like the host's ---------------------------------------------
def test_the_bridge_dispatches_the_hosts_messages_by_a_table(monkeypatch):
    from game import net_bridge

    b = OfflineBridge("Anna", [])
    b.handle({"t": "something_newer", "x": 1})               # a newer host's message: ignored
    assert b.poll() == [] and not b.connected
    seen = []
    monkeypatch.setitem(net_bridge.HANDLERS, "something_newer", lambda bridge, msg: seen.append((bridge, msg)))
    b.handle({"t": "something_newer", "x": 1})
    assert seen == [(b, {"t": "something_newer", "x": 1})]
    b.handle({**welcome_message("Anna's laptop", 1)})
    assert b.connected and [n["kind"] for n in b.poll()] == ["welcome"]
    assert set(net_bridge.PASSED) <= set(net_bridge.HANDLERS)


def test_every_note_the_bridge_makes_is_in_its_docstring():
    """The scenes read the bridge's notes by its module's docstring (it had gone stale)."""
    from game import net_bridge

    source = (GAME / "net_bridge.py").read_text(encoding="utf-8")
    kinds = set(re.findall(r'"kind": "(\w+)"', source)) | set(net_bridge.PASSED)
    assert {"welcome", "update", "error", "left", "finished", "replay"} <= kinds
    assert [k for k in sorted(kinds) if f"``{k}``" not in (net_bridge.__doc__ or "")] == []


# --- the animators: an explicit table of the documented events ----------------------------------
@pytest.mark.parametrize("name", CLIENTS.names)
def test_each_documented_event_has_its_animation_in_the_table(name):
    """Every game of the registry: its section of docs/events.md (under its title) and its
    animator's table (``game/<game>/animations.py``) list the same events."""
    import importlib

    documented = documented_events(engine.GAMES[name].title)
    table = importlib.import_module(f"game.{name}.animations").ANIMATIONS
    assert documented and set(table) == documented
    assert all(callable(fn) and fn.__name__ == f"_anim_{t}" for t, fn in table.items())


def test_every_declared_reference_loads():
    """What the registry and the screens name by a ``Ref`` (loaded when first used, so the window
    starts without every table and sample) exists."""
    from game.client import Ref

    refs = [v for v in screens.SCREENS.values() if isinstance(v, Ref)] + list(screens.SHARED_SAMPLES)
    for game in CLIENTS:
        refs += [v for v in (game.table, game.samples) if isinstance(v, Ref)]
        if game.results_button is not None:
            refs += [v for v in (game.results_button.allowed, game.results_button.open) if isinstance(v, Ref)]
    assert len(refs) >= 8
    for ref in refs:
        assert ref.load() is not None, ref
    assert CLIENTS["tikal"].table_class.__name__ == "TikalScene"
    with pytest.raises(AttributeError):
        Ref("game.scene:NoSuchThing").load()
