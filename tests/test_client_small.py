"""The smaller points a first evening runs into: the lobby lists a table as soon as it is created,
the ready button says what it does, fullscreen is a setting, figures of every colour stand out on
the jungle, a scoring's "+N" stays over the temple that paid it."""
import pygame

from game.app import App
from game.fitcheck import FitCheck
from game.net_bridge import OfflineBridge
from game.scenes.lobby import LobbyScene
from game.scenes.samples import lobby_bridge
from game.scenes.settings_scene import SettingsScene
from game.settings import Settings
from game.tikal import art

from client_helpers import button, click, make_app


def test_the_lobby_lists_our_new_table_as_soon_as_the_host_seats_us():
    b = OfflineBridge("Anna")
    b.handle({"t": "welcome", "proto": 1, "host": "h", "player": 1, "games": {}})
    b.handle({"t": "tables", "tables": []})
    app = make_app()
    app.bridge = b
    app.show(LobbyScene(app, b))
    made = {"id": 7, "game": "tikal", "options": {"variant": "base"}, "seats": 3, "status": "lobby", "owner": 1,
            "players": [{"seat": i, "kind": "empty"} for i in range(3)]}
    b.handle({"t": "table", "table": made})            # the host answers our create (no new "tables")
    b.handle({"t": "seated", "table": 7, "seat": 0, "token": "0" * 32})
    app.step(0.0, events=[])
    assert [t["id"] for t in b.tables] == [7]
    app.fitcheck = FitCheck()
    app.draw()
    assert any(t.startswith("#7") for _, t, _, _ in app.fitcheck.texts)


def test_the_ready_button_says_what_it_does():
    app = make_app()
    b = lobby_bridge()                                   # Anna (seat 0) is ready
    app.bridge = b
    scene = app.show(LobbyScene(app, b))
    ready = button(scene, "lobby.unready")
    assert ready.caption() == "I'm not ready"
    click(app, ready.rect.center)
    assert b.sent[-1] == {"t": "ready", "ready": False, "seq": b.sent[-1]["seq"]}
    table = dict(b.lobby, players=[dict(p, ready=False) if p["seat"] == 0 else p for p in b.lobby["players"]])
    b.handle({"t": "table", "table": table})
    app.step(0.0, events=[])
    assert button(scene, "lobby.ready").caption() == "I'm ready"


def test_fullscreen_is_a_setting_kept_in_the_file(tmp_path):
    settings = Settings.load(tmp_path / "s.json")
    app = App(settings)
    scene = app.show(SettingsScene(app))
    toggle = next(w for w in scene.widgets.items if getattr(w, "value", None) == "fullscreen")
    assert toggle.caption() == app.tr("common.off")
    click(app, toggle.rect.center)
    assert app.settings.fullscreen and toggle.caption() == app.tr("common.on")
    click(app, button(scene, "common.back").rect.center)
    again = Settings.load(tmp_path / "s.json")
    assert again.fullscreen
    app.close()
    assert App(again).settings.fullscreen              # a window opened again starts fullscreen


def luminance(c):
    def chan(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = c[:3]
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_figures_of_every_colour_stand_out_on_a_jungle_tile():
    """Every figure is set off from the ground by a light rim (a dark outline alone vanishes among
    the jungle's shadows): the figure's outermost pixels are lighter than the jungle and contrast
    with it by 3:1 or more (WCAG's figure for graphics)."""
    from game import theme
    from net.messages import COLOURS

    ground = art.GROUND["jungle"]
    for seat, colour in enumerate(theme.PLAYER_COLOURS):
        for leader in (False, True):
            surf = pygame.Surface((60, 60))
            surf.fill(ground)
            art.draw_figure(surf, (30, 32), 9, colour, theme.player_shape(seat), leader=leader)
            edge = []
            for x in range(1, 59):
                for y in range(1, 59):
                    c = tuple(surf.get_at((x, y)))[:3]
                    if c != ground and any(tuple(surf.get_at((x + dx, y + dy)))[:3] == ground
                                           for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                        edge.append(c)
            rimmed = [c for c in edge if luminance(c) > luminance(ground) and contrast(c, ground) >= 3.0]
            assert len(rimmed) >= 0.8 * len(edge), (COLOURS[seat], leader, len(rimmed), len(edge))


def test_a_scorings_plus_n_stays_over_the_temple_that_paid_it():
    from engine.tikal import breakdown

    from tikal_client_support import volcano_tally

    app, bridge, scene, _ = volcano_tally()
    ev = next(e for e in bridge.game.view(0).get("rounds", [])[-1]["scored"] if e["seat"] == 3)
    temples = breakdown(bridge.table.view, 3)["temples"]
    seen = {}
    for _ in range(400):
        app.step(1 / 30, events=[])
        for f in scene.fx.floaters:
            seen.setdefault(f["text"], []).append((f["x"], f["y"]))
        if not scene.timeline.busy:
            break
    assert ev["total"] and temples
    for t in temples:
        x, y = scene.board.center(t["hex"])
        spots = seen.get(f"+{t['value']}")
        assert spots, t
        # it rises a little over its temple and never leaves it for the panel
        assert any(abs(sx - x) < 2 and y - 60 < sy < y + 10 for sx, sy in spots)
        assert all(sx < 760 for sx, _ in spots)
