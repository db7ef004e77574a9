"""A standings file the host did not write as it is (issue 30): hand-edited, copied from another
machine, damaged. Whatever standings.json holds, the host starts and counts the night from its
journals (the file set aside), a FIFO never holds it up, every ``standings`` request is answered,
and ``--standings`` prints no control or direction-override character from the file."""
import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from net import standings as st

from net_helpers import connect, live_host, run
from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]
GOOD_GAME = {"id": 3, "game": "tortuga", "names": ["Ana", "Ben"], "kinds": ["human", "human"],
             "scores": [5, 3], "winners": [0]}


def standings_file(games=None, **top) -> dict:
    return {"format": st.FORMAT, "version": st.VERSION, "started": 0.0, "skip": [],
            "games": [GOOD_GAME] if games is None else games, **top}


def game(**change) -> dict:
    return {**GOOD_GAME, **change}


#: (name, content): bytes as they are, a dict as JSON, "fifo"
HOSTILE = [
    ("deep-lists", b"[" * 100_000),
    ("deep-maps", b'{"a":' * 100_000),
    ("deep-games", json.dumps(standings_file(games=[[[[[[]]]]]])).encode()),
    ("fifo", "fifo"),
    ("too-big", b" " * (st.MAX_BYTES + 1)),
    ("not-json", b"\xff\xfe garbage"),
    ("a-list", [standings_file()]),
    ("games-map", standings_file(games={"3": GOOD_GAME})),
    ("name-list", standings_file(games=[game(names=[["Ana"], "Ben"])])),
    ("name-map", standings_file(games=[game(names=[{"a": 1}, "Ben"])])),
    ("name-int", standings_file(games=[game(names=[5, "Ben"])])),
    ("name-long", standings_file(games=[game(names=["A" * 10_000, "Ben"])])),
    ("id-huge", standings_file(games=[game(id=10 ** 100)])),
    ("id-negative", standings_file(games=[game(id=-1)])),
    ("id-str", standings_file(games=[game(id="3")])),
    ("id-float", standings_file(games=[game(id=3.0)])),
    ("skip-huge", standings_file(skip=[10 ** 100])),
    ("skip-list", standings_file(skip=[[1]])),
    ("started-str", standings_file(started="tonight")),
    ("started-huge", standings_file(started=10 ** 400)),
    ("scores-str", standings_file(games=[game(scores=["5", "3"])])),
    ("scores-huge", standings_file(games=[game(scores=[10 ** 100, 3])])),
    ("winners-out", standings_file(games=[game(winners=[7])])),
    ("winners-str", standings_file(games=[game(winners=["0"])])),
    ("kinds-list", standings_file(games=[game(kinds=[["human"], "human"])])),
    ("game-list", standings_file(games=[game(game=["tortuga"])])),
    ("no-names", standings_file(games=[game(names=[])])),
    ("nan", json.dumps(standings_file()).replace('"started": 0.0', '"started": NaN').encode()),
]
#: names a file may hold that a terminal must not be handed raw
NASTY = ["\x1b[2J\x1b[31mEve", "\u202eliamE", "Zoë\u200b", "Tab\tTab", "Bell\x07"]


def write(folder: Path, content) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / st.FILE
    if content == "fifo":
        os.mkfifo(path)
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(json.dumps(content))
    return path


def host_command(*args, timeout=240):
    return subprocess.run([sys.executable, "run_host.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})


def test_every_hostile_standings_file_is_set_aside_and_the_night_counted_again(tmp_path):
    for name, content in HOSTILE:
        if content == "fifo" and not hasattr(os, "mkfifo"):
            continue
        d = tmp_path / name
        write(d, content)
        night = st.Night.load(d)
        assert night.problem and "damaged" in night.problem, name
        assert night.games == [] and (d / (st.FILE + ".damaged")).exists(), name
        msg = night.message()           # what every `standings` request answers
        import msgpack

        msgpack.packb(msg)


@pytest.mark.parametrize("name", [n for n, _ in HOSTILE])
def test_standings_command_survives_every_hostile_file(tmp_path, name):
    """`run_host.py --standings`, the real command: no traceback, no hang, the problem said."""
    content = dict(HOSTILE)[name]
    if content == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    write(tmp_path, content)
    r = host_command("--standings", "--data-dir", str(tmp_path), timeout=HANG)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "damaged" in r.stderr and "no finished game tonight" in r.stdout
    assert (tmp_path / st.FILE).exists() or (tmp_path / st.FILE).is_fifo()   # a reader leaves it


def test_standings_command_prints_no_control_or_direction_character_from_the_file(tmp_path):
    games = [game(id=i + 1, names=[nasty, "Ben"]) for i, nasty in enumerate(NASTY)]
    games.append(game(id=99, game="\x1b]0;pwned\x07tortuga"))
    write(tmp_path, standings_file(games=games))
    r = host_command("--standings", "--data-dir", str(tmp_path), timeout=HANG)
    assert r.returncode == 0 and "damaged" not in r.stderr, r.stderr
    out = r.stdout
    assert "tonight: 6 game(s)" in out
    for bad in ("\x1b", "\u202e", "\u200b", "\x07", "\t"):
        assert bad not in out, repr(bad)
    assert "?[2J?[31mEve" in out and "?liamE" in out and "Zoë?" in out


def test_a_host_starts_and_plays_on_past_a_deep_or_fifo_standings_file(tmp_path):
    """The real command, hosting: a standings file nested 100,000 deep, or a FIFO nobody writes
    to, stops nothing: the bots play their game out and the night is counted afresh."""
    for name in ("deep-lists", "fifo"):
        if name == "fifo" and not hasattr(os, "mkfifo"):
            continue
        d = tmp_path / name
        write(d, dict(HOSTILE)[name])
        r = host_command("--headless", "--no-announce", "--bind", "127.0.0.1", "--port", "0", "--game", "tortuga",
                         "--seats", "2", "--bots", "2", "--log-file", "", "--data-dir", str(d))
        assert r.returncode == 0 and "Traceback" not in r.stderr + r.stdout, r.stderr[-2000:]
        assert "table 1 over" in r.stdout and "damaged" in r.stdout + r.stderr, name
        assert (d / (st.FILE + ".damaged")).exists()


@run
async def test_every_standings_request_is_answered_whatever_the_file_held(tmp_path):
    """A name that is a list, an id of 10^100: the file is set aside at start, and `standings`
    is answered (never `internal`), with the problem said."""
    for name in ("name-list", "id-huge", "scores-huge"):
        d = tmp_path / name
        write(d, dict(HOSTILE)[name])
        async with live_host(data_dir=d) as host:
            c = await connect(host, "Ana")
            c.send({"t": "standings"})
            m = await asyncio.wait_for(c.expect("standings"), HANG)
            assert "damaged" in m["problem"] and m["overall"] == [], name


def test_a_standings_file_damaged_twice_keeps_both_damaged_copies(tmp_path):
    """Each damaged standings file is set aside under a name of its own (``.damaged``, then
    ``.damaged.2``): the second damage never overwrites the first one's copy."""
    d = tmp_path / "d"
    write(d, b"{not json")
    assert st.Night.load(d).problem
    write(d, b'{"format": "tikal-lan-standings", "version": "x"}')
    night = st.Night.load(d)
    assert night.problem and "standings.json.damaged.2" in night.problem
    assert (d / (st.FILE + ".damaged")).read_text() == "{not json"
    assert "version" in (d / (st.FILE + ".damaged.2")).read_text()
