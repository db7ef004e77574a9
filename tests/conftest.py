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
