"""Settings persistence, assets (clear errors, Cyrillic), the rules reference, the address parser."""
import json

import pygame
import pytest

from game.assets import AssetError, Assets
from game.games import CLIENTS
from game.net_bridge import parse_address
from game.settings import Settings, system_user_name

from rules_ids import rule_ids


def test_settings_round_trip_and_cleaning(tmp_path):
    p = tmp_path / "cfg" / "settings.json"
    s = Settings.load(p)
    # first run: the system's user name and language, and the welcome to show
    assert s.name == system_user_name() and s.language == "en" and not s.welcomed
    s.name, s.language, s.volume, s.shapes, s.anim_speed = "Маша", "ru", 0.3, False, 2.0
    s.save()
    again = Settings.load(p)
    assert (again.name, again.language, again.volume, again.shapes, again.anim_speed) == ("Маша", "ru", 0.3, False, 2.0)
    p.write_text(json.dumps({"language": "xx", "volume": 9, "anim_speed": "fast"}), encoding="utf-8")
    bad = Settings.load(p)
    assert bad.language == "en" and bad.volume == 1.0 and bad.anim_speed == 1.0


def test_settings_path_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("TIKAL_LAN_CONFIG", str(tmp_path / "x.json"))
    s = Settings.load()
    s.save()
    assert (tmp_path / "x.json").exists()


def test_missing_asset_is_a_clear_error(tmp_path):
    a = Assets(tmp_path)
    with pytest.raises(AssetError, match="asset not found.*fonts"):
        a.font(20)
    with pytest.raises(AssetError, match="nope.wav"):
        a.sound("nope")


def test_cyrillic_renders_with_the_bundled_font():
    pygame.font.init()
    f = Assets().font(24)
    for ch in "ЖжЁёЩщЯя":
        assert f.metrics(ch)[0] is not None and f.metrics(ch)[0][4] > 0, ch
    assert Assets().text("Привет", 24, (0, 0, 0)).get_width() > 40


def test_every_sound_loads():
    for name in ["click", "chime", "dice", "flip", "dig", "splash", "rumble", "tick", "hop", "refuse"]:
        assert Assets().path("sounds", f"{name}.wav").stat().st_size > 1000


def test_every_language_s_rules_define_the_same_rule_ids():
    assert sorted(CLIENTS.rules("en")) == rule_ids()          # the reader and the tests' parser agree
    for lang in ("ru", "cs", "it"):
        assert sorted(CLIENTS.rules(lang)) == rule_ids(), lang


def test_russian_rules_cover_every_id():
    assert sorted(CLIENTS.rules("ru")) == sorted(CLIENTS.rules("en"))
    assert "кубик" in CLIENTS.rule_text("L-T1", "ru")


def test_rule_text_joins_continuation_lines():
    t = CLIENTS.rule_text("L-T1")
    assert t.startswith("The active player rolls") and "third may only be asked" in t


@pytest.mark.parametrize("text, expected", [
    ("192.168.1.20:7000", ("192.168.1.20", 7000)), ("host.lan", ("host.lan", 7777)),  # safe: parsing only, no traffic
    ("[::1]:9000", ("::1", 9000)), ("::1", ("::1", 7777)),
])
def test_parse_address(text, expected):
    assert parse_address(text, default_port=7777) == expected


def test_parse_address_refuses_garbage():
    with pytest.raises(ValueError):
        parse_address("host:port", default_port=1)


def test_game_never_imports_socket_or_asyncio():
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "game"
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for n in names:
                assert n.split(".")[0] not in ("socket", "asyncio"), (path, n)


def test_every_request_the_bridge_sends_is_a_valid_client_message():
    # the window's requests, checked by the host's own validator (net.messages): a field the
    # bridge misnames would be refused by every host
    from game.net_bridge import OfflineBridge
    from net.messages import CLIENT, validate

    b = OfflineBridge("Tess")
    b.handle({"t": "seated", "table": 3, "seat": 1, "token": "a" * 32})
    b.table.state = 7
    b.list_tables()
    b.create("tikal", 4, {"variant": "auction"})
    b.sit(3)
    b.sit(3, seat=2)
    b.spectate(3)
    b.colour("blue")
    b.ready(True)
    b.add_bot(2, "hard")
    b.remove_bot(2)
    b.start()
    b.act({"type": "end_turn"})
    b.undo()
    b.chat("hello")
    b.leave()
    b.lobby = {"id": 3, "hints": True}     # at a finished table: a rematch leaves it first
    b.rematch("tortuga", 4, {"cards_as_dice": True}, [(1, "easy")])
    b.lobby = None                         # the host forgot that table: nothing to leave
    b.rematch("tikal", 2, {}, [])
    sent = [m["t"] for m in b.sent]
    assert sent == ["list", "create", "sit", "sit", "spectate", "colour", "ready", "bot", "unbot", "start",
                    "action", "undo", "chat", "leave", "leave", "create", "create"]
    for m in b.sent:
        assert validate(m, CLIENT) is m
    assert b.sent[10]["seat"] == 1 and b.sent[10]["state"] == 7


def test_kept_seats_are_cleaned_on_load_and_bounded(tmp_path):
    p = tmp_path / "s.json"
    good = {"token": "a" * 32, "table": 1, "seat": 0}
    p.write_text(json.dumps({"seats": {"h:1": good, "h:2": {"token": "x", "table": 1, "seat": 0},
                                       "h:3": {"token": "b" * 32, "table": "1", "seat": 0},
                                       "h:4": "nonsense"}}), encoding="utf-8")
    s = Settings.load(p)
    assert s.seats == {"h:1": good} and s.seat_token("h:1") == "a" * 32
    for i in range(12):
        s.remember_seat(f"laptop-{i}:47474", {"token": f"{i:02d}" * 16, "table": i, "seat": 1})
    kept = Settings.load(p).seats
    assert len(kept) == 8 and "laptop-11:47474" in kept and "h:1" not in kept
    s.remember_seat("laptop-11:47474", None)
    assert "laptop-11:47474" not in Settings.load(p).seats


def test_a_kept_seat_is_not_taken_while_the_window_that_took_it_runs(tmp_path):
    # a second window on the same machine (same settings file) must not take the first one's seat;
    # once that window is gone (closed, crashed), its seat is there to be taken back
    import os
    import subprocess
    import sys

    s = Settings.load(tmp_path / "s.json")
    s.remember_seat("h:1", {"token": "a" * 32, "table": 1, "seat": 0})
    assert s.seats["h:1"]["pid"] == os.getpid() and s.seat_token("h:1") == "a" * 32   # ours
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        s.seats["h:1"]["pid"] = other.pid
        assert s.seat_token("h:1") is None            # that window still runs
    finally:
        other.kill()
        other.wait()
    assert s.seat_token("h:1") == "a" * 32            # gone: the seat can be taken back
