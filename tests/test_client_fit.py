"""Text that fits, in every language: every scene, rendered in every language the catalogs hold
with 24-character player names, draws no line outside its box and no line over another line or
over a mark (a key badge, a card, an icon). The widgets measure their text and shrink, wrap or
cut it (game/widgets.py: fit, fit_lines); game/fitcheck.py says where a frame went wrong."""
import pytest

from assets.i18n import LANGUAGES
from game import screens as registry
from game.fitcheck import FitCheck

from client_helpers import colourful, make_app

#: 24 characters each, wide letters: the longest names the settings accept.
LONG_NAMES = ["Wilhelmina Wolkenstein-W", "Александра Константинова", "Maximilian Grünwald-Weiß",
              "Шарлотта Щербакова-Шмидт", "Bartholomew MacWilliamss", "Екатерина Преображенская",
              "Gosha WWWWWWWWWWWWWWWWWW"]


def frames_of(name: str, language: str, frames=(1, 8, 16, 26, 38, 52, 70)):
    """Draw the scene's sample at a few moments (some mid-animation) and collect what went wrong."""
    assert all(len(n) == 24 for n in LONG_NAMES)
    app = make_app(language)
    scene = registry.sample(name, app, names=LONG_NAMES)
    if scene not in app.scenes:
        app.push(scene)
    app.fitcheck = FitCheck((0, 0, *app.SIZE))      # (TV mode's canvas is 1920x1080: game/replay/tv.py)
    problems, done = [], 0
    for n in frames:
        while done < n:
            app.step(1 / 30, events=[])
            done += 1
        frame = app.draw()
        assert app.fitcheck.texts, "nothing was drawn"
        assert colourful(frame), f"frame {n} is blank"
        problems += [f"frame {n}: {p}" for p in app.fitcheck.problems() if f"frame {n}: {p}" not in problems]
    app.close()
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", registry.names())
def test_every_scene_fits_with_long_names(name, language):
    problems = frames_of(name, language)
    assert not problems, "\n".join(problems[:20])


def test_the_check_sees_an_overflow_and_an_overlap():
    """The check itself: a line too wide for its box and two lines on top of each other."""
    import pygame

    from game.widgets import blit_text

    app = make_app()
    app.fitcheck = FitCheck()
    surface = pygame.Surface((400, 200))
    box = pygame.Rect(10, 10, 100, 30)
    blit_text(surface, app, "much too long for this little box", (12, 12), 18, box=None)
    app.fitcheck.texts[-1] = (app.fitcheck.texts[-1][0], app.fitcheck.texts[-1][1], box, "base")
    blit_text(surface, app, "over it", (20, 14), 18)
    found = app.fitcheck.problems()
    assert any(p.startswith("overflow") for p in found) and any(p.startswith("overlap") for p in found)
    app.fitcheck.clear()
    blit_text(surface, app, "much too long for this little box", (12, 12), 18, box=box)   # fitted: no problem
    assert not app.fitcheck.problems() and app.fitcheck.texts[0][1].endswith("…")


def lobby_sample(language: str):
    """A window in ``language`` at the lobby sample (a table's lobby), the long names at it: the
    app and the lobby scene."""
    app = make_app(language)
    scene = registry.sample("lobby", app, names=LONG_NAMES)
    if scene not in app.scenes:
        app.push(scene)
    return app, scene


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobbys_table_title_shows_its_options_whole(language):
    """qa finding 11: the options' On/Off was cut off the table's title ("Karty s vejci jako ko…")."""
    app, scene = lobby_sample(language)
    app.fitcheck = FitCheck()
    app.step(1 / 30, events=[])
    app.draw()
    lob = scene.lobby
    client = scene.client(lob["game"])
    offered = scene.bridge.games.get(client.name) or {}
    brief = client.option_brief(scene.tr, {**(offered.get("defaults") or {}), **(lob.get("options") or {})})
    assert brief and any(brief in t for _, t, _, _ in app.fitcheck.texts), (brief, [t for _, t, _, _ in
                                                                                   app.fitcheck.texts][:12])
    app.close()
