"""No test sets a short wall-clock deadline (issue 29): on a busy machine (the suite twice at once
beside twelve busy processes) everything takes several times longer, and a test that gives the
program "20 seconds" fails however right the program is. The check (tests/deadlines.py) reads
every module of tests/; here it is run on the suite and shown to find each kind it looks for."""
import tomllib
from pathlib import Path

import pytest

from deadlines import PROJECT, SHORTEST, scan, short_deadlines, timeout_positions
from waiting import HANG

TESTS = Path(__file__).resolve().parent


def test_no_test_waits_on_a_short_deadline():
    found = scan(TESTS)
    assert not found, "short wall-clock deadlines (wait for progress, tests/waiting.py):\n" + "\n".join(found)


def test_the_guard_against_a_hang_is_long_and_the_suites_too():
    assert HANG >= SHORTEST
    # pytest-timeout is the last guard: a whole test several times slower than on a quiet machine
    # (a long one takes ~25 s there) must still finish under it
    config = tomllib.loads((TESTS.parent / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert config["timeout"] >= 5 * HANG


@pytest.mark.parametrize("line", [
    "end = time.monotonic() + 30",
    "end = 20 + time.time()",
    "def pump(app, until, timeout=20.0): pass",
    "async def play(self, *, limit: float = 50.0): pass",
    "c.expect('update', timeout=5)",
    "play(app, bridge, scene, decide, limit=50.0)",
    "p.communicate(timeout=60)",
    "await asyncio.wait_for(run(), 60)",
    "asyncio.run(asyncio.wait_for(main(), 2 * 30))",
    "assert done.wait(5)",
    "th.join(5)",
    "fut.result(5)",
    "async def f():\n    async with asyncio.timeout(30):\n        pass",
    "for _ in range(4000):\n    app.step(0.1)\n    time.sleep(0.005)",
    "async def f():\n    for _ in range(200):\n        await asyncio.sleep(0.02)",
    "for _ in range(400):\n    pygame.time.wait(10)",
    "for _ in range(tries):\n    time.sleep(0.01)",
    "WAIT = 15\nx.expect('update', timeout=WAIT)",
    "def read_until(proc, done, timeout):\n    pass\nread_until(p, lambda t: t, 20)",
    "c = AsyncClient('127.0.0.1', 1, 'x')",
    "a, p, stop = start_in_thread(host=h)",
    "m = client.wait_for('welcome')",
    "pytestmark = pytest.mark.timeout(90)",
])
def test_the_check_finds_each_kind_of_short_deadline(line):
    assert short_deadlines(line), line


@pytest.mark.parametrize("line", [
    "end = time.monotonic() + HANG\nHANG = 180.0",
    "HANG = 180.0\nend = time.monotonic() + HANG",
    "c.expect('update')",
    "c.expect('update', timeout=HANG)",
    "p.communicate(timeout=240)",
    "for _ in range(10_000):\n    time.sleep(0.02)",
    "for s in range(7):\n    send(s)",                           # a loop that does not sleep
    "m = await c.recv(timeout=0.2)   # not a deadline: a poll that looks at stop",
    "ping = Limits(ping_timeout=0.5)",                              # the program's own setting
    "a, p, stop = start_in_thread(host=h, timeout=HANG)",
    "x = scores.get(1)",
    "'.'.join(parts)",
    "play(2, 'base', levels, seed=3, moves=70)",
])
def test_the_check_leaves_alone_what_is_no_short_deadline(line):
    assert not short_deadlines(line), short_deadlines(line)


def test_calls_to_the_projects_own_waits_are_checked_by_position(tmp_path):
    """A project function's timeout parameter, given a short span by position from a test module
    (``LoopThread.call(coro, 30)``, ``Browser.wait_until(pred, 30)``), where every function of
    that name takes a timeout there; ``Table.start(seed, delay)`` beside ``Client.start(host,
    timeout)`` leaves ``start(100, 5)`` alone."""
    known = timeout_positions([TESTS.parent / name for name in PROJECT] + [TESTS])
    assert (1, "timeout") in known["call"] and (1, "timeout") in known["wait_until"]
    assert short_deadlines("runner.call(host.start(), 30)", known)
    assert short_deadlines("browser.wait_until(lambda hs: hs, 2 * 30)", known)
    assert not short_deadlines("runner.call(host.start(), HANG)", known)
    assert not short_deadlines("runner.call(host.start(), 30)")        # unknown without the map
    (tmp_path / "a.py").write_text("class C:\n    def start(self, host, timeout=5.0):\n        pass\n")
    alone = timeout_positions([tmp_path])
    assert alone == {"start": {(1, "timeout")}} and short_deadlines("c.start(h, 5)", alone)
    (tmp_path / "b.py").write_text("class T:\n    def start(self, seed, delay):\n        pass\n")
    assert timeout_positions([tmp_path]) == {}
