"""The results: the line under a name (temples, treasures) and the Final column come from one source,
the final scoring round as the host scored it (T-E1: each player scores right after their own turn,
so the board at the very end is not what scored; the line never disagrees with the column)."""
import re

from assets.i18n import LANGUAGES
from engine.bots import make_bot
from game.games import CLIENTS
from game.net_bridge import LocalBridge
from game.scenes.results import ResultsScene
from game.tikal import (
    results,  # noqa: F401  (registers the Tikal rows)
    samples,
)
from game.tikal.positions import LATE

from client_helpers import make_app


def finished(seed: int) -> LocalBridge:
    """A whole game (the late sample board) played to the end by normal bots."""
    b = samples.local(LATE, 0)
    b.bots = {s: make_bot("tikal", "normal", s, seed + s) for s in range(b.game.seats)}
    b.play_out(3000)
    b.bots = {}
    assert b.game.is_over
    return b


def numbers(part: str) -> int:
    """The points a part of the line says: the number after '=', else its only number."""
    if "=" in part:
        return int(part.rsplit("=", 1)[1].strip())
    found = re.findall(r"\d+", part)
    return int(found[-1]) if found else 0


def test_the_line_under_a_name_adds_up_to_the_final_column():
    checked = 0
    for seed in (7, 11):
        b = finished(seed)
        view = b.table.view
        for lang in LANGUAGES:
            app = make_app(lang)
            cols = CLIENTS["tikal"].columns(app, view)
            final = cols[-1][1]
            for seat in range(view["seats"]):
                temples, treasures = CLIENTS["tikal"].breakdown(app, view, seat)
                said = numbers(temples) + numbers(treasures)
                assert f"+{said}" == final[seat], (seed, lang, seat, temples, treasures, final[seat])
                checked += 1
            scene = ResultsScene(app, b)
            app.show(scene)
            app.draw()
            app.close()
    assert checked >= 2 * 4 * 2
