"""Replay files a guest may be handed (issue 30): every way this generator spoils a good replay
file, with the catalog entry the viewer must answer it with. Used by tests/test_replay_files.py,
through the real command (``run_client.py --replay FILE``)."""
from __future__ import annotations

import copy
import json
import os
from pathlib import Path

DAMAGED = "replay.err_damaged_file"
MOVE = "replay.err_damaged"
NOT = "replay.err_not_replay"


def _set(base: dict, **change) -> dict:
    out = copy.deepcopy(base)
    for k, v in change.items():
        if v is _DROP:
            out.pop(k, None)
        else:
            out[k] = v
    return out


_DROP = object()


def _first_action(base: dict, action) -> dict:
    out = copy.deepcopy(base)
    out["actions"][0] = {"seat": out["actions"][0]["seat"], "action": action}
    return out


def _first_step(base: dict, step) -> dict:
    out = copy.deepcopy(base)
    out["actions"][0] = step
    return out


def _player(base: dict, **change) -> dict:
    out = copy.deepcopy(base)
    out["players"][0] = {**out["players"][0], **change}
    return out


def _nested(depth: int, leaf="x") -> object:
    v = leaf
    for _ in range(depth):
        v = [v]
    return v


def variants(base: dict) -> list[tuple[str, object, str]]:
    """(name, content, catalog key): content is a dict (written as JSON), bytes (written as they
    are), or "fifo" / "dir" / "missing" (what is at the path)."""
    seats = base["seats"]
    out: list[tuple[str, object, str]] = [
        # the reader: not JSON, too deep for it, too big, not a file
        ("deep-lists", b"[" * 100_000, DAMAGED),
        ("deep-maps", b'{"a":' * 100_000, DAMAGED),
        ("deep-closed", b"[" * 50_000 + b"]" * 50_000, DAMAGED),
        ("empty", b"", NOT),
        ("garbage", bytes(range(256)) * 4, NOT),
        ("not-utf8", json.dumps(base).encode().replace(b'"tortuga"', b'"tortuga\xe9\xff"'), NOT),
        ("truncated", json.dumps(base).encode()[:-40], NOT),
        ("too-big", b" " * (4 * 1024 * 1024 + 1) + b"{}", "replay.err_too_big"),
        ("fifo", "fifo", NOT),
        ("dir", "dir", NOT),
        ("missing", "missing", "replay.err_unreadable"),
        # the top level
        ("a-list", [base], NOT), ("a-string", "tikal-lan-replay", NOT), ("a-number", 5, NOT), ("null", None, NOT),
        ("format-5", _set(base, format=5), NOT), ("no-format", _set(base, format=_DROP), NOT),
        # the header's fields of the wrong type or out of range
        ("game-list", _set(base, game=["tortuga"]), DAMAGED), ("game-map", _set(base, game={"tortuga": 1}), DAMAGED),
        ("game-int", _set(base, game=7), DAMAGED), ("game-null", _set(base, game=None), DAMAGED),
        ("game-escape", _set(base, game="\x1b[2J\u202etortuga"), "replay.err_game"),
        ("version-str", _set(base, version="1"), DAMAGED), ("version-list", _set(base, version=[1]), DAMAGED),
        ("version-true", _set(base, version=True), DAMAGED), ("version-float", _set(base, version=1.0), DAMAGED),
        ("version-7", _set(base, version=7), "replay.err_newer"),
        ("rules-str", _set(base, rules="1"), DAMAGED), ("rules-list", _set(base, rules=[1]), DAMAGED),
        ("rules-99", _set(base, rules=99), "replay.err_rules"),
        ("over-str", _set(base, over="yes"), DAMAGED), ("over-int", _set(base, over=1), DAMAGED),
        ("over-false", _set(base, over=False), "replay.err_unfinished"),
        ("seats-abc", _set(base, seats="abc"), DAMAGED), ("seats-float", _set(base, seats=2.5), DAMAGED),
        ("seats-true", _set(base, seats=True), DAMAGED), ("seats-0", _set(base, seats=0), DAMAGED),
        ("seats-100", _set(base, seats=100), DAMAGED), ("seats-huge", _set(base, seats=10 ** 100), DAMAGED),
        ("seats-null", _set(base, seats=None), DAMAGED), ("seats-list", _set(base, seats=[seats]), DAMAGED),
        ("seed-abc", _set(base, seed="abc"), DAMAGED), ("seed-float", _set(base, seed=1.5), DAMAGED),
        ("seed-null", _set(base, seed=None), DAMAGED), ("seed-list", _set(base, seed=[1]), DAMAGED),
        ("seed-long", _set(base, seed="9" * 500), DAMAGED), ("seed-huge", _set(base, seed=10 ** 100), DAMAGED),
        ("options-list", _set(base, options=[1]), DAMAGED), ("options-str", _set(base, options="x"), DAMAGED),
        ("options-deep", _set(base, options={"a": _nested(50)}), DAMAGED),
        ("options-bogus", _set(base, options={"no such option": 1}), MOVE),
        ("names-str", _set(base, names="abc"), DAMAGED), ("names-nested", _set(base, names=[["x"]] * seats), DAMAGED),
        ("names-int", _set(base, names=[5] * seats), DAMAGED),
        ("names-long", _set(base, names=["a" * 1000] * seats), DAMAGED),
        ("names-escape", _set(base, names=["\x1b[31mred"] * seats), DAMAGED),
        ("names-too-many", _set(base, names=["a"] * (seats + 5)), DAMAGED),
        ("names-deep", _set(base, names=[_nested(500)] * seats), DAMAGED),
        ("players-str", _set(base, players="x"), DAMAGED), ("players-ints", _set(base, players=[5] * seats), DAMAGED),
        ("player-name-list", _player(base, name=["x"]), DAMAGED),
        ("player-colour", _player(base, colour="pink"), DAMAGED),
        ("player-colour-list", _player(base, colour=[1]), DAMAGED), ("player-kind", _player(base, kind=5), DAMAGED),
        ("player-level", _player(base, level={}), DAMAGED),
        ("scores-str", _set(base, scores="1,2"), DAMAGED), ("winners-strs", _set(base, winners=["0"]), DAMAGED),
        ("scores-huge", _set(base, scores=[10 ** 100] * seats), DAMAGED),
        ("actions-int", _set(base, actions=5), DAMAGED), ("actions-str", _set(base, actions="abc"), DAMAGED),
        ("actions-map", _set(base, actions={"0": 1}), DAMAGED),
        ("actions-too-many", _set(base, actions=[base["actions"][0]] * 20_001), DAMAGED),
        # a move of the wrong shape, or one the rules refuse
        ("step-int", _first_step(base, 5), MOVE), ("step-list", _first_step(base, [[1]]), MOVE),
        ("step-no-action", _first_step(base, {"seat": base["actions"][0]["seat"]}), MOVE),
        ("step-seat-str", _first_step(base, {"seat": "a", "action": base["actions"][0]["action"]}), MOVE),
        ("step-seat-true", _first_step(base, {"seat": True, "action": base["actions"][0]["action"]}), MOVE),
        ("step-seat-huge", _first_step(base, {"seat": 10 ** 100, "action": base["actions"][0]["action"]}), MOVE),
        ("action-str", _first_action(base, "x"), MOVE), ("action-empty", _first_action(base, {}), MOVE),
        ("action-deep", _first_action(base, {"type": _nested(40)}), MOVE),
        ("action-type-list", _first_action(base, {"type": ["move"]}), MOVE),
        ("action-unknown", _first_action(base, {"type": "teleport", "to": [1, 2]}), MOVE),
        ("action-huge-int", _first_action(base, {**base["actions"][0]["action"], "x": 10 ** 100}), MOVE),
        ("out-of-turn", _first_step(base, {"seat": (base["actions"][0]["seat"] + 1) % seats,
                                           "action": base["actions"][0]["action"]}), MOVE),
        ("nan-seats", json.dumps(base).replace(f'"seats": {seats}', '"seats": NaN').encode(), DAMAGED),
        ("inf-seed", json.dumps(base).replace(f'"seed": {json.dumps(base["seed"])}', '"seed": 1e400').encode(),
         DAMAGED),
    ]
    return out


def write(folder: Path, base: dict) -> list[tuple[Path, str]]:
    """Every variant as a file in ``folder``: (path, catalog key)."""
    files = []
    for name, content, key in variants(base):
        path = folder / f"{name}.json"
        if content == "fifo":
            if not hasattr(os, "mkfifo"):
                continue
            os.mkfifo(path)
        elif content == "dir":
            path.mkdir()
        elif content == "missing":
            pass
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(json.dumps(content), encoding="utf-8")
        files.append((path, key))
    return files
