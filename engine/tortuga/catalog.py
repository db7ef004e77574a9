"""Every action dict ``legal_actions()`` can list, built once and immutable (engine/readonly.py):
listing them is the hot path of every random game and every bot's search."""
from __future__ import annotations

from ..readonly import Action

ROLL = Action(type="roll")
STOP = Action(type="stop")
#: PLAY_CARD[eggs]
PLAY_CARD = {e: Action(type="play_card", eggs=e) for e in range(1, 7)}
#: CHOOSE[turtle]
CHOOSE = {t: Action(type="choose_turtle", turtle=t) for t in range(7)}
