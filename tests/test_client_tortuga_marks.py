"""La Tortuga's second turtle (issue 31 point 3): at 2–3 players each seat's second turtle wears a
mark that reads at a glance (a striped shell, not a 2-px ring round the player's mark), the turtle
choices name it by that mark in every language, and none of the island's highlights (the last
move's ring on a space, the hop's lit spaces, the mover's glow, the hover's ring) is a stripe or
is named like it."""
import re

import pygame
import pytest

from assets.i18n import LANGUAGES, Catalog
from game import screens as registry
from game import theme
from game.tortuga.island import turtle_surface

from client_helpers import make_app

#: The mark's word in each language (its stem) and the words the choices must no longer use.
STRIPED = {"en": r"[Ss]triped", "ru": r"[Пп]олосат|в полоску", "cs": r"[Pp]ruhovan", "it": r"[Ss]trisce"}
RING = {"en": r"\bring", "ru": r"кольц", "cs": r"kroužk", "it": r"anell"}


@pytest.mark.parametrize("tone", sorted(theme.TONES))
def test_the_second_turtles_stripes_cover_a_quarter_of_its_shell_in_every_colour(tone):
    pygame.init()
    colour = theme.TONES[tone]
    first, second = (turtle_surface(colour, "circle", s) for s in (False, True))
    w, h = first.get_size()
    cx, cy = w // 2, h // 2 + 2
    shell = differ = 0
    for x in range(w):
        for y in range(h):
            if ((x - cx) / 21) ** 2 + ((y - cy) / 13) ** 2 > 1 or (x - cx) ** 2 + (y - cy) ** 2 <= 10 ** 2:
                continue            # outside the shell, or the player's mark in its middle
            shell += 1
            a, b = first.get_at((x, y)), second.get_at((x, y))
            differ += abs(theme.luminance(a) - theme.luminance(b)) >= 90
    assert differ >= shell // 4, (tone, differ, shell)   # (the old 2-px ring: 59-110 of 536)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_choices_name_the_second_turtle_by_its_stripes(lang):
    app = make_app(lang)
    scene = registry.sample("tortuga_choose", app)
    choices = [w for w in scene.widgets.items if isinstance(getattr(w, "value", None), dict)
               and w.value.get("type") == "choose_turtle"]
    captions = {w.value["turtle"] >= scene.seats: w.caption() for w in choices}
    assert re.search(STRIPED[lang], captions[True]) and not re.search(STRIPED[lang], captions[False]), captions
    second_space = scene.island.space_of(max(w.value["turtle"] for w in choices))
    assert str(second_space) in captions[True]
    cat = Catalog(lang)
    for key in ("tortuga.choose_a_at", "tortuga.choose_b_at", "tortuga.choose_a_raft", "tortuga.choose_b_raft",
                "howto.tortuga.options.body"):
        assert not re.search(RING[lang], cat.tr(key, space=5)), (lang, key)
    assert re.search(STRIPED[lang], cat.tr("howto.tortuga.options.body"))
    app.close()


def test_the_islands_highlights_are_no_stripes():
    """The hop's spaces are lit discs and the mover glows: the only rings left are the last move's
    (round a space) and the hover's (round the turtle a hovered choice names)."""
    from game.tortuga import island

    pygame.init()
    disc, glow = island.lit_disc(), island.glow(True)
    assert disc.get_at((30, 30))[3] > 0 and glow.get_at((32, 17))[3] > 0     # filled, not outlined
