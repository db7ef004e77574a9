"""Replay files travel between guests (issue 30): whatever a file holds, the viewer refuses it
with the catalog's message for it and exit status 2, never a traceback, before any window opens;
a FIFO is not waited on; a file over the size cap is not read. tests/hostile_replays.py makes the
files (more than 60 ways of spoiling a good one)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from assets.i18n import Catalog
from game.replay.book import MAX_BYTES, ReplayError
from game.replay.samples import bot_replay
from game.replay.viewer import load_book, watch

import hostile_replays
from client_helpers import make_app

ROOT = Path(__file__).resolve().parents[1]

#: Run in one process: the window command's own main() on each file, as `run_client.py --replay
#: FILE --screenshot OUT` calls it; prints one JSON line per file (its status, what it wrote to
#: stderr, a traceback if anything escaped).
DRIVER = r"""
import contextlib, io, json, sys, traceback
sys.argv[0] = "run_client.py"
from tikal_lan.window import main
for path, out in json.loads(sys.stdin.read()):
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            rc = main(["--replay", path, "--screenshot", out, "--frames", "1", "--lang", "en"])
        tb = None
    except BaseException:
        rc, tb = None, traceback.format_exc()
    print("RESULT " + json.dumps({"path": path, "rc": rc, "err": err.getvalue(), "tb": tb}), flush=True)
"""


def expected(key: str) -> str:
    """The catalog text of ``key`` up to its first placeholder (what every refusal must show)."""
    return Catalog("en").tr(key).split("{")[0]


@pytest.fixture(scope="module")
def base():
    return bot_replay("tortuga", seats=3, level="random")


def test_the_generator_makes_more_than_60_hostile_files(tmp_path, base):
    files = hostile_replays.write(tmp_path, base)
    assert len(files) >= 60, len(files)
    assert sum(key == hostile_replays.DAMAGED for _, key in files) >= 40


def test_every_hostile_replay_file_gets_its_message_and_exit_2_from_the_window_command(tmp_path, base):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(base))
    files = hostile_replays.write(tmp_path, base)
    jobs = [(str(p), str(tmp_path / f"{p.stem}.png")) for p, _ in files] + [(str(good), str(tmp_path / "good.png"))]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "-c", DRIVER], input=json.dumps(jobs), capture_output=True, text=True,
                       timeout=600, cwd=ROOT, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    results = {d["path"]: d for d in (json.loads(line[7:]) for line in r.stdout.splitlines()
                                      if line.startswith("RESULT "))}
    assert len(results) == len(jobs)
    for path, key in files:
        d = results[str(path)]
        assert d["tb"] is None, f"{path.name}: {d['tb']}"
        lines = d["err"].splitlines()
        assert d["rc"] == 2 and len(lines) == 1, (path.name, d)
        assert lines[0].startswith(f"python run_client.py: {path}: {expected(key)}"), (path.name, key, lines)
        assert "\x1b" not in lines[0] and "\u202e" not in lines[0]
        assert not (tmp_path / f"{path.stem}.png").exists()
    assert results[str(good)]["rc"] == 0 and (tmp_path / "good.png").is_file()      # a good file still shows


@pytest.mark.parametrize("name", ["deep-lists", "fifo", "too-big", "game-list", "seats-abc", "actions-int",
                                  "player-name-list", "step-seat-str"])
def test_the_real_command_refuses_them_before_a_window_opens(tmp_path, base, name):
    """`run_client.py --replay FILE` itself, with no display at all (a window would need one):
    the file is refused before pygame opens a window; a FIFO nobody writes to is not waited on."""
    [(path, key)] = [(p, k) for p, k in hostile_replays.write(tmp_path, base) if p.stem == name]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_VIDEODRIVER="no-such-driver", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "run_client.py", "--replay", str(path), "--lang", "ru"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.strip() == f"python run_client.py: {path}: " + Catalog("ru").tr(key, **{
        "replay.err_too_big": {"size": f"{path.stat().st_size / 1e6:.1f}", "max": f"{MAX_BYTES / 1e6:.0f}"},
        "replay.err_damaged": {"move": "1"}}.get(key, {}))


def test_the_window_refuses_them_too_a_replay_the_host_sent(tmp_path, base):
    """The in-window way a replay arrives (the results chart's click: the host's ``replay``
    note): every hostile replay is a ReplayError, shown as a toast; nothing escapes."""
    app = make_app()
    n = 0
    for name, content, key in hostile_replays.variants(base):
        if isinstance(content, bytes) or content in ("fifo", "dir", "missing"):
            continue                    # (what only a file can be)
        n += 1
        with pytest.raises(ReplayError) as err:
            load_book(app, content)
        assert err.value.key == key or key == hostile_replays.NOT, (name, err.value.key)
        assert watch(app, {"t": "replay", "id": 1, "replay": content}) is None
    assert n >= 60
    app.close()
