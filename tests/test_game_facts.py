"""Each game's facts are declared once (engine/<game>/info.py) and everything else derives them:
engine.GAMES, the host's welcome and its checks, the host command's choices, the client's lobby."""
import pytest

import engine
from engine.bots import hints
from net import messages
from net.table import Table, TableError, offered_games, welcome_message
from tikal_lan.host_options import parse_args, table_options


def test_the_games_declare_their_facts_once_T_C4_L_S1_T_X1():
    tikal, tortuga = engine.GAMES["tikal"], engine.GAMES["tortuga"]
    assert list(engine.GAMES) == ["tikal", "tortuga"]
    assert (tikal.min_seats, tikal.max_seats, tortuga.min_seats, tortuga.max_seats) == (2, 4, 2, 7)
    assert tikal.defaults == {"variant": "base"} and tortuga.defaults == {"cards_as_dice": False}
    # T-S3 / T-X1: scores start at 0, at 20 in the auction variant
    assert tikal.start_scores(3, {"variant": "auction"}) == [20] * 3
    assert engine.new_game("tikal", 3, 1, {"variant": "auction"}).scores == [20] * 3
    assert engine.new_game("tikal", 2, 1).scores == [0, 0]
    assert engine.from_scenario({"game": "tikal", "seats": 2, "variant": "auction"}).scores == [20, 20]
    for name, info in engine.GAMES.items():
        for bad in (info.min_seats - 1, info.max_seats + 1, "4"):
            with pytest.raises(engine.ScenarioError):
                engine.new_game(name, bad, 1)
        with pytest.raises(engine.ScenarioError):
            engine.new_game(name, info.min_seats, 1, {"colour": "red"})
        assert info.rules in info.rules_versions and engine.new_game(
            name, info.min_seats, 1).rules == info.rules


def test_the_host_offers_what_the_games_declare():
    offered = offered_games()
    for name, info in engine.GAMES.items():
        o = offered[name]
        assert o["seats"] == [info.min_seats, info.max_seats]
        assert o["options"] == {x.name: list(x.values) for x in info.options}
        assert o["defaults"] == info.defaults and "easy" in o["levels"]
        assert o["title"] == info.title and o["labels"] == info.labels()
        assert o["hint"] is (name in hints.HINTS)       # the host computes its hint (net/hints.py)
    assert offered["tikal"]["hint"] and offered["tortuga"]["hint"]
    w = welcome_message("Host", 3)
    assert messages.validate(w, messages.HOST) is w and w["colours"] == messages.COLOURS
    # the host's checks follow the same facts: seat range and option values
    with pytest.raises(TableError):
        Table(1, "tikal", 5)
    assert Table(1, "tortuga", 7).options == {"cards_as_dice": False}
    with pytest.raises(TableError):
        Table(1, "tikal", 3, {"variant": "pro"})


def test_the_options_words_are_keys_of_every_catalog():
    """Each option of a game declares the catalog keys a lobby words it with (its name, each
    value), and each of them is in the four catalogs; the welcome spells a value as JSON does."""
    from assets.i18n import pofile

    catalogs = {lang: {e.msgid for e in pofile(lang) if e.msgstr or e.msgstr_plural}
                for lang in ("en", "cs", "it", "ru")}
    for info in engine.GAMES.values():
        labels = info.labels()
        for o in info.options:
            assert o.label and len(o.value_labels) == len(o.values), o.name
        assert len(labels) == sum(1 + len(o.values) for o in info.options)
        for lang, keys in catalogs.items():
            assert set(labels.values()) <= keys, (info.name, lang, set(labels.values()) - keys)
    assert engine.GAMES["tortuga"].labels()["cards_as_dice=true"] == "web.cards_as_dice"
    assert engine.GAMES["tikal"].labels()["variant=auction"] == "web.variant.auction"
    with pytest.raises(ValueError, match="one label per value"):
        engine.Option("x", (1, 2), 1, value_labels=("only one",))


def test_every_seat_colour_has_a_tone_in_the_client():
    from game import theme

    assert list(theme.TONES) == messages.COLOURS
    assert theme.PLAYER_COLOURS == [theme.TONES[c] for c in messages.COLOURS]


def test_the_host_command_offers_the_games_facts(capsys):
    args = parse_args(["--game", "tortuga", "--seats", "7", "--cards-as-dice"])
    assert table_options(args) == {"cards_as_dice": True}
    assert table_options(parse_args(["--game", "tikal"])) == {"variant": "base"}
    assert table_options(parse_args(["--game", "tikal", "--variant", "auction"])) == {"variant": "auction"}
    for argv in (["--game", "tikal", "--seats", "5"], ["--game", "chess"],
                 ["--game", "tikal", "--variant", "pro"],
                 ["--game", "tortuga", "--variant", "auction"],      # another game's option
                 ["--game", "tikal", "--cards-as-dice"],
                 ["--headless", "--variant", "auction"]):            # no table to set it on
        with pytest.raises(SystemExit):
            parse_args(argv)
    err = capsys.readouterr().err
    assert "Tikal is for 2 to 4 players" in err and "La Tortuga has no such option (it is Tikal's)" in err
    # the window's own table (no --game) is the registry's first game: its options apply to it
    assert table_options(parse_args(["--variant", "auction"]), "tikal") == {"variant": "auction"}


def test_a_new_game_brings_its_own_flags_to_the_host_command(monkeypatch, capsys):
    """The command's per-game flags are derived from engine.GAMES: a game registered with an
    option gets its flag (a yes/no option a switch, others a choice of the values)."""
    dice = engine.GameInfo(name="dice", title="Dice", min_seats=1, max_seats=3,
                           options=(engine.Option("faces", (4, 6, 20), 6),
                                    engine.Option("doubles", (False, True), True)))
    monkeypatch.setitem(engine.GAMES, "dice", dice)
    args = parse_args(["--game", "dice", "--seats", "3", "--faces", "20", "--no-doubles"])
    assert table_options(args) == {"faces": 20, "doubles": False}
    assert table_options(parse_args(["--game", "dice", "--seats", "1"])) == {"faces": 6, "doubles": True}
    with pytest.raises(SystemExit):
        parse_args(["--game", "dice", "--seats", "4"])
    assert "Dice is for 1 to 3 players" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parse_args(["--game", "dice", "--seats", "2", "--faces", "7"])


def test_the_lobby_takes_the_seat_range_and_options_from_the_welcome():
    from game.net_bridge import OfflineBridge
    from game.scenes.lobby import LobbyScene

    from client_helpers import make_app

    app = make_app()
    b = OfflineBridge("Ann")
    w = welcome_message("Host", 1)
    w["games"]["tortuga"]["seats"] = [3, 5]          # another host's offer: the lobby follows it
    w["colours"] = ["white", "black"]
    b.handle(w)
    lobby = app.show(LobbyScene(app, b))
    assert lobby.new_game["game"] == "tortuga" and lobby.new_game["cards_as_dice"] is False
    for _ in range(4):
        lobby.seat_count(+1)
    assert lobby.new_game["seats"] == 5
    for _ in range(6):
        lobby.seat_count(-1)
    assert lobby.new_game["seats"] == 3
    lobby.cycle_option()
    lobby.create()
    assert b.sent[-1]["options"] == {"cards_as_dice": True} and b.sent[-1]["seats"] == 3
    lobby.cycle_game()
    lobby.cycle_option()
    lobby.create()
    assert b.sent[-1]["game"] == "tikal" and b.sent[-1]["options"] == {"variant": "auction"}
    assert b.colours == ["white", "black"]
