"""Every action dict ``legal_actions()`` can list, built once and immutable (engine/readonly.py):
listing them is the hot path of every random game and every bot's search."""
from __future__ import annotations

from ..readonly import Action
from .cards import CARD_COUNTS
from .info import INFO

ROLL = Action(type="roll")
STOP = Action(type="stop")
#: PLAY_CARD[eggs]
PLAY_CARD = {e: Action(type="play_card", eggs=e) for e in CARD_COUNTS}
#: CHOOSE[turtle]: with two turtles each (L-S1) a seat owns ``s`` and ``s + seats``
CHOOSE = {t: Action(type="choose_turtle", turtle=t) for t in range(INFO.max_seats)}
