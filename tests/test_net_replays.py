"""Tonight's finished games and their replays from a real host on loopback (docs/protocol.md
section 15): the list, a replay that plays back into the very game the host ended (its final
scores, every seat's public summary, no token), refusals for a game still played or unknown, and
the lobby's Games tonight scene through a real window: Watch and Save replay…."""
import json

from game.replay.book import ReplayBook
from net.journal import REPLAY_FORMAT, replay_game

from client_helpers import make_app
from net_helpers import BotClient, PatientClient, connect, live_host, run, seat_clients
from waiting import HANG


@run
async def test_finished_lists_tonights_games_and_replay_sends_one(tmp_path):
    async with live_host(data_dir=tmp_path) as host:
        tid, clients = await seat_clients(host, "tortuga", 3, names=["Ana"], bots_in_host=2)
        end = await BotClient(clients[0], "tortuga").play()
        other, (busy,) = await seat_clients(host, "tikal", 2, names=["Bea"], bots_in_host=1)
        c = await connect(host, "Viewer")
        c.send({"t": "finished"})
        listed = await c.expect("finished")
        assert [g["id"] for g in listed["games"]] == [tid]       # only the finished one
        g = listed["games"][0]
        assert g["game"] == "tortuga" and g["names"][0] == "Ana" and g["scores"] == end["scores"]
        assert g["winners"] == end["winners"] and g["kinds"] == ["human", "bot", "bot"]
        c.send({"t": "replay", "id": tid})
        msg = await c.expect("replay")
        rep = msg["replay"]
        assert msg["id"] == tid and rep["format"] == REPLAY_FORMAT and rep["over"]
        assert "token" not in json.dumps(rep)
        assert [p["kind"] for p in rep["players"]] == ["human", "bot", "bot"]
        assert replay_game(rep).scores == end["scores"]
        book = ReplayBook(rep)
        assert book.positions[-1].view == {**end["view"], "you": None}   # the last view, as a spectator
        # a game still played, an unknown one: no_replay, and the connection goes on
        c.send({"t": "replay", "id": other, "seq": 5})
        err = await c.expect("error")
        assert err["code"] == "no_replay" and err["seq"] == 5
        c.send({"t": "replay", "id": 999, "seq": 6})
        err = await c.expect("error")
        assert err["code"] == "no_replay" and err["seq"] == 6
        c.send({"t": "finished"})
        assert (await c.expect("finished"))["games"][0]["id"] == tid


@run
async def test_a_host_without_a_data_dir_lists_nothing_and_replays_nothing():
    async with live_host() as host:
        c = await connect(host, "Viewer")
        c.send({"t": "finished"})
        assert (await c.expect("finished"))["games"] == []
        c.send({"t": "replay", "id": 1})
        assert (await c.expect("error"))["code"] == "no_replay"


def test_games_tonight_watch_and_save_through_a_real_window(tmp_path):
    """The lobby's Games tonight: the list from the host, Watch opens the viewer on the host's
    replay, Save replay… writes the file the viewer then opens."""
    import asyncio

    from game.replay.games import GamesScene
    from net.config import HostConfig
    from net.host import Host, start_in_thread

    from client_helpers import pump

    h = Host(HostConfig(name="Night", bind="127.0.0.1", port=0, announce=False, data_dir=str(tmp_path)))
    addr, port, stop = start_in_thread(host=h, timeout=HANG)
    try:
        async def play():
            c = PatientClient(addr, port, "Ana")
            await c.start()
            await c.expect("welcome")
            c.send({"t": "create", "game": "tortuga", "seats": 2, "options": {}})
            await c.expect("seated")
            c.send({"t": "bot", "seat": 1, "level": "random"})
            await c.expect("table", pred=lambda m: m["table"]["players"][1]["kind"] == "bot")
            c.send({"t": "start"})
            end = await BotClient(c, "tortuga").play()
            await c.close()
            return end
        end = asyncio.run(play())
        from game.net_bridge import make_bridge

        app = make_app()
        bridge = make_bridge("Viewer", discovery=False)
        app.bridge = bridge
        bridge.connect(f"{addr}:{port}", "Viewer")
        pump(app, lambda: bridge.connected)
        games = app.show(GamesScene(app, bridge))
        pump(app, lambda: games.games)
        assert [g["names"][0] for g in games.games] == ["Ana"]
        games.watch(games.games[0])
        pump(app, lambda: app.scene is not games)
        viewer = app.scene
        assert viewer.name == "replay" and viewer.watcher.book.positions[-1].scores == end["scores"]
        viewer.watcher.back()
        assert app.scene is games and app.bridge is bridge
        games.ask_path(games.games[0])
        target = tmp_path / "home" / "ana.json"
        games.save_box.value = str(target)
        games.save(games.save_box.value)
        pump(app, lambda: target.exists())
        saved = json.loads(target.read_text())
        assert ReplayBook(saved).positions[-1].view == {**end["view"], "you": None}
        app.close()
    finally:
        stop()


async def http_get(port: int, path: str) -> tuple[int, dict, bytes]:
    import asyncio

    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept-Language: it\r\nConnection: close\r\n\r\n".encode())
    data = await r.read()
    w.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


@run
async def test_the_download_page_lists_tonights_games_as_replay_files(tmp_path):
    """``--share``: tonight's finished games as replay files (name, game, players, winner), each
    one a download that replays into the game; nothing else under that name pattern."""
    from net.replays import attach
    from net.share import ShareServer

    (tmp_path / "share").mkdir()
    async with live_host(data_dir=tmp_path / "data") as host:
        tid, clients = await seat_clients(host, "tortuga", 2, names=["Ana"], bots_in_host=1)
        end = await BotClient(clients[0], "tortuga").play()
        share = ShareServer(tmp_path / "share", game_port=host.address[1], host_name="Night")
        attach(share, host.config.data_dir)
        await share.start("127.0.0.1", 0)
        try:
            port = share.address[1]
            status, _, page = await http_get(port, "/")
            page = page.decode()
            name = f"replay-tortuga-{tid}.json"
            assert status == 200 and f'href="/{name}"' in page
            assert "Le partite di stasera da portare a casa" in page       # in the browser's language
            assert "Ana" in page and "La Tortuga" in page
            status, headers, body = await http_get(port, f"/{name}")
            assert status == 200 and name in headers["Content-Disposition"]
            assert replay_game(json.loads(body)).scores == end["scores"]
            for other in (f"/replay-tortuga-{tid + 1}.json", f"/replay-tikal-{tid}.json", "/replay-tortuga-x.json"):
                assert (await http_get(port, other))[0] == 404, other
        finally:
            await share.stop()


def test_games_tonight_names_bots_in_the_players_language_and_shows_a_saved_files_name(monkeypatch, tmp_path):
    """A bot's name came as the host wrote it ("Bot 3 (random)") in every language; a saved
    replay's toast cut off the file's name behind a long home folder."""
    from pathlib import Path

    from game.replay.games import players_line, shown_path

    app = make_app("ru")
    g = {"names": ["Екатерина", "Bot 2 (normal)", "Bot 3 (random)"], "kinds": ["human", "bot", "bot"],
         "scores": [26, 27, 20], "winners": [1]}
    assert players_line(app, g) == "Бот 2 27 ★ · Екатерина 26 · Бот 3 20"
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path / "a-rather-long-home-folder-name"))
    saved = tmp_path / "a-rather-long-home-folder-name" / "Downloads" / "replay-tortuga-1.json"
    assert shown_path(saved) == str(Path("~") / "Downloads" / "replay-tortuga-1.json")
    assert shown_path(Path("/elsewhere/r.json")) == str(Path("/elsewhere/r.json"))
    app.close()


def test_games_tonight_says_why_there_is_no_replay_in_the_players_language():
    from game.net_bridge import OfflineBridge
    from game.replay.games import GamesScene

    app = make_app("cs")
    games = app.show(GamesScene(app, OfflineBridge("Ana")))
    games.wanted = ("watch", 5)
    games.on_net({"kind": "error", "code": "no_replay", "ref": "replay",
                  "message": "game 5 is still being played: only finished games are replayed"})
    assert app.toasts.items[-1]["msg"] == app.tr("games.no_replay") != "The host has no replay of that game."
    app.close()
