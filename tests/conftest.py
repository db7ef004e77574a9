import os
import sys
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


def pytest_collection_modifyitems(config, items):
    """The long tests (marked ``slow``) run first, the short ones after them: spread over the
    cores by pytest-xdist, the short ones then fill the gaps, where a long test started last
    kept one core busy alone at the end of the run. Within each group the order is the files'
    (the same on every xdist worker, as it must be)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
