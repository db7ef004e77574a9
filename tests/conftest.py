import os
import sys
from collections import Counter
from pathlib import Path

# Headless pygame everywhere in the suite (SDL's dummy drivers), before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# tests/ helpers (rules_ids.py …) importable from every test module.
sys.path.insert(0, str(Path(__file__).resolve().parent))

# The user's folders (settings, saves, logs: net/dirs.py) in a temporary place for the whole suite,
# subprocesses included: no test reads or writes the real ones of the machine it runs on.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

_USER_DIRS = tempfile.mkdtemp(prefix="tikal-suite-home-")
atexit.register(shutil.rmtree, _USER_DIRS, ignore_errors=True)
for _var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = os.path.join(_USER_DIRS, _var.lower())

import pytest  # noqa: E402

from netns import netns_lan  # noqa: E402,F401  (a shared fixture: LANs of network namespaces)
from waiting import HANG  # noqa: E402
from web_helpers import chromium, phone, web_host  # noqa: E402,F401  (the browser tests' fixtures)
from web_tortuga_support import seeded  # noqa: E402,F401  (games dealt from a known seed)


@pytest.fixture(autouse=True)
def _fresh_log_limits():
    """Each test's repeated log lines counted from its own start: the host's RepeatFilters
    (net/links.py) live as long as the process, and what an earlier test logged in the same
    worker would hide this one's first lines."""
    from net.links import forget_repeated_lines

    forget_repeated_lines()


@pytest.fixture
def host(request):
    """A real host on 127.0.0.1 in a thread of this process, stopped after the test:
    ``(Host, "addr:port")``. Not announced unless a test asks, by indirect parametrisation, for
    other settings (``{"announce": True}``: zeroconf on loopback only; ``{"bot_delay": ...}``)."""
    from net.config import HostConfig
    from net.host import Host, start_in_thread

    config = {"name": "Test host", "bind": "127.0.0.1", "port": 0, "announce": False,
              **getattr(request, "param", {})}
    h = Host(HostConfig(**config))
    addr, port, stop = start_in_thread(host=h, timeout=HANG)
    yield h, f"{addr}:{port}"
    stop()


@pytest.hookimpl(wrapper=True)
def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one process more than pytest-xdist's count of the cores (unless
    PYTEST_XDIST_AUTO_NUM_WORKERS says how many). A fifth of the suite's time goes to waiting (a
    host's timers, a browser's frames, a subprocess), and with a process per core that left a
    fifth of the cores idle: on 2 cores the suite took 4 min 46 s with two processes, 4 min 26 s
    with three (benchmarks/suite_bench.py)."""
    count = yield
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return count
    return count + 1


def pytest_collection_modifyitems(config, items):
    """The long tests (marked ``slow``) start first on every pytest-xdist worker, the short ones
    after them. With ``--dist worksteal`` (pyproject.toml) each of the N workers is first handed
    one Nth of the list, in order, and a worker that runs dry takes the tail of another's: so the
    list is N blocks of equal length, each the Nth part of the long tests (dealt round) and then
    short ones. Every worker starts on long tests and the short ones are what is left to share at
    the end (sorted long-first and dealt in halves, the browser tests, the last long ones in file
    order, had been taken by the other worker at the end of the run and ran last, 30 s alone).
    The order is the same on every worker, as it must be: it depends only on the items and on
    PYTEST_XDIST_WORKER_COUNT (1 without xdist)."""
    n = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1))
    # the long tests longest first, as far as the names tell: a test of its own (a whole game, a
    # fit check in four languages) before each of a test's many cases (a scene of 220 in the fit)
    cases = Counter(_function(item) for item in items)
    slow = sorted((item for item in items if item.get_closest_marker("slow") is not None),
                  key=lambda item: cases[_function(item)])
    short = [item for item in items if item.get_closest_marker("slow") is None]
    order: list = []
    for i in range(n):                          # block i ends where the scheduler cuts: (i + 1) * len // n
        block = slow[i::n]
        need = max(0, (i + 1) * len(items) // n - len(order) - len(block))
        order += block + short[:need]
        short = short[need:]
    items[:] = order + short


def _function(item) -> tuple:
    """The test function an item is a case of (its module and name without the parameters)."""
    return (getattr(item, "fspath", None), getattr(item, "originalname", None) or getattr(item, "name", ""))
