import os
import sys
from pathlib import Path

# Headless pygame everywhere in the suite (SDL's dummy drivers), before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# tests/ helpers (rules_ids.py …) importable from every test module.
sys.path.insert(0, str(Path(__file__).resolve().parent))
