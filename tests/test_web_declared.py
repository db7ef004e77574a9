"""The browser client's tables are declared and checked as the window's are (issue 42): the
page's handlers of the host's messages against docs/protocol.md, each game's animations against
its section of docs/events.md, and every catalog key its JavaScript uses against the four
catalogs. (The shell's words check, no game named: tests/test_client_shape.py.)"""
from __future__ import annotations

import re

import pytest

from assets.i18n import pofile
from net.messages import HOST_SPECS

from js_source import PAGE, ROOT, WEB, js_tokens
from node_helpers import node_calls

LANGS = ("en", "cs", "it", "ru")


def documented_host_messages() -> set[str]:
    """The message types docs/protocol.md's "Every message at a glance" says a host sends."""
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    part = doc[doc.index("### Every message at a glance"):]
    part = part[:part.index("\n## ")]
    out = set()
    for names, sender in re.findall(r"^\| ((?:`\w+`(?:, )?)+) \| ([^|]+) \|", part, re.M):
        if sender.startswith(("host", "both")):
            out |= set(re.findall(r"`(\w+)`", names))
    return out


def test_the_page_handles_or_names_every_message_of_the_host():
    """HANDLERS (app/handlers.js) handles, IGNORED names with its reason, net.js answers itself:
    together exactly the host's messages of the protocol, each in one place."""
    documented = documented_host_messages()
    assert documented == set(HOST_SPECS), documented ^ set(HOST_SPECS)
    handled, ignored = node_calls("assets/web/app/handlers.js", [{"keys": "HANDLERS"}, {"keys": "IGNORED"}])
    [answered] = node_calls("assets/web/app/net.js", [{"value": "ANSWERED"}])
    places = handled + ignored + answered
    assert len(places) == len(set(places)), places
    assert set(places) == documented, {"not handled": documented - set(places),
                                       "not the host's": set(places) - documented}


def test_the_message_check_reads_the_protocol():
    assert {"welcome", "update", "error", "ping", "chat", "standings"} <= documented_host_messages()
    assert not {"hello", "action", "undo", "list"} & documented_host_messages()


def documented_events(heading: str) -> set[str]:
    docs = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    part = docs[docs.index(f"\n## {heading}\n"):]
    part = part[: part.index("\n## ", 1)] if "\n## " in part[1:] else part
    return set(re.findall(r"^\| `(\w+)` \|", part, re.M))


@pytest.mark.parametrize("game,heading", [("tikal", "Tikal"), ("tortuga", "La Tortuga")])
def test_each_games_animations_are_its_documented_events(game, heading):
    """Each game module's ANIMATIONS (an explicit table, no method found by a built name) has an
    animation for every event its section of docs/events.md lists, and for nothing else; the game's
    log lines (the window's table) know only documented events too."""
    [animated] = node_calls(f"assets/web/games/{game}/animator.js", [{"keys": "ANIMATIONS"}])
    [logged] = node_calls(f"assets/web/games/{game}/log_lines.js", [{"keys": "LOG_LINES"}])
    events = documented_events(heading) | {"game_over"}
    assert len(events) > 8
    assert set(animated) == events, {"no animation": events - set(animated), "undocumented": set(animated) - events}
    assert set(logged) <= events, set(logged) - events


# --- catalog keys ---------------------------------------------------------------------------------------
def catalog_keys() -> dict[str, set[str]]:
    """Each language's keys that have a text."""
    return {lang: {e.msgid for e in pofile(lang) if e.msgstr or any(e.msgstr_plural.values())} for lang in LANGS}


#: Strings shaped like catalog keys that are not: the browser's storage names (app/store.js).
NOT_KEYS = {"tikal.key"}
#: Keys built from names where the catalog may have none: each is looked up with `has` first and
#: falls back (app/words.js, app/lobby.js, app/loglines.js's "_you").
GUARDED = {"web.game.${}", "web.option.${}", "web.option.${}.${}", "bot.${}", "${}_you"}


def keys_in(source: str, namespaces: set[str]) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The catalog keys a module spells out (its strings shaped like one, in a catalog's
    namespace), and the ones it builds (its templates that start like one)."""
    shape = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
    spelled, built = [], []
    for tok in js_tokens(source):
        if tok.kind == "string" and shape.match(tok.text) and tok.text.split(".")[0] in namespaces:
            spelled.append((tok.line, tok.text))
        elif tok.kind == "template" and len(tok.parts) > 1 and re.fullmatch(r"[a-z0-9_.${}]+", tok.text):
            head = tok.parts[0]
            suffix = head == "" and re.fullmatch(r"\$\{\}_[a-z_]+", tok.text)     # `${key}_you`
            if ("." in head and head.split(".")[0] in namespaces) or suffix:
                built.append((tok.line, tok.text))
    return spelled, built


def test_every_catalog_key_the_page_uses_is_in_the_four_catalogs():
    """Every key the page's JavaScript spells out is in the four catalogs; every key it builds
    from a name either has a key of each catalog that it can be (``tikal.web.help_wait${}``:
    ``..._wait`` and ``..._wait_mouse``), or is looked up with ``has`` first and falls back."""
    catalogs = catalog_keys()
    namespaces = {k.split(".")[0] for k in catalogs["en"]}
    missing, unbuildable, spelled_n, guarded = [], [], 0, set()
    for path in PAGE:
        spelled, built = keys_in(path.read_text(encoding="utf-8"), namespaces)
        spelled_n += len(spelled)
        where = path.relative_to(WEB)
        for line, key in spelled:
            if key in NOT_KEYS:
                continue
            missing += [f"{where}:{line}: {key} ({lang})" for lang, keys in catalogs.items() if key not in keys]
        for line, key in built:
            if key in GUARDED:
                guarded.add(key)
                continue
            pattern = re.compile(re.escape(key).replace(re.escape("${}"), "[a-z0-9_]*"))
            unbuildable += [f"{where}:{line}: {key} ({lang})" for lang, keys in catalogs.items()
                            if not any(pattern.fullmatch(k) for k in keys)]
    assert spelled_n > 300 and guarded == GUARDED       # (no guard left over in the list)
    assert not missing, "\n".join(missing)
    assert not unbuildable, "\n".join(unbuildable)


def test_the_key_check_can_fail():
    namespaces = {"web", "tikal"}
    spelled, built = keys_in('t("web.no_such_key"); x = "tikal.key"; y = `tikal.web.help_${m}`; z = "a.b";\n'
                             'const u = "/games/x.js"; // "web.in_a_comment"\n', namespaces)
    assert spelled == [(1, "web.no_such_key"), (1, "tikal.key")]
    assert built == [(1, "tikal.web.help_${}")]


@pytest.mark.parametrize("game,heading", [("tikal", "Tikal"), ("tortuga", "La Tortuga")])
def test_each_game_module_declares_the_windows_scorings_and_lines(game, heading):
    """A game module's default export declares what the window's declaration says of the game (its
    scoring rounds: game/<game>/client.py; its log lines: game/<game>/log_lines.py), and the event
    types it names are its documented events."""
    from game.games import CLIENTS
    from game.tikal.log_lines import LOG_LINES as TIKAL_LINES
    from game.tortuga.log_lines import LOG_LINES as TORTUGA_LINES

    [mod] = node_calls(f"assets/web/games/{game}/index.js", [{"value": "default"}])
    sc = CLIENTS[game].scorings
    assert mod["name"] == game
    assert {k: mod["scorings"][k] for k in ("started", "scored", "ended")} == \
        {"started": sc.started, "scored": sc.scored, "ended": sc.ended}
    assert [k["kind"] for k in mod["scorings"]["kinds"]] == [k.kind for k in sc.kinds]
    assert mod["lines"] == {"tikal": TIKAL_LINES, "tortuga": TORTUGA_LINES}[game].data()
    named = {t for t in (sc.started, sc.scored, sc.ended) if t} | set(mod["scorings"].get("lines", []))
    assert named and named <= documented_events(heading) | {"game_over"}
