"""Who is who at the party, through a real host on loopback (issue 28, points 1-8), each guest on
an address of its own (127.0.0.2, 127.0.0.3 ...) as from another machine."""
from __future__ import annotations

import asyncio
import secrets
import sys

from tests.net_helpers import BotClient, PatientClient, connect, live_host, run, seat_clients


# --- point 2: the host's window is its operator on every hello ---------------------------------
@run
async def test_the_windows_second_hello_after_a_stale_token_still_carries_the_operator_secret(tmp_path):
    """The host restarted: the window's seat token is stale (bad_token) and its client says hello
    again without it: with the operator secret, so that New night works (it was not_operator)."""
    async with live_host(data_dir=tmp_path / "d") as host:
        window = PatientClient(*host.address, "Host", token="ab" * 16, operator=host.party.operator,
                             validate_incoming=True)
        host.test_clients.append(window)
        await window.start()
        refused = await window.expect("error", timeout=120)
        assert refused["code"] == "bad_token"
        welcome = await window.expect("welcome", timeout=120)
        assert welcome.get("operator") is True
        window.send({"t": "new_night"})
        night = await window.expect("standings", timeout=120)
        assert night["night"]["games"] == 0
        # a guest who claims nothing is no operator, and is told so
        guest = await connect(host, "Guest", local="127.0.0.2")
        assert "operator" not in guest.welcome
        guest.send({"t": "new_night"})
        err = await guest.expect("error", timeout=120)
        assert err["code"] == "not_operator"


# --- point 0: a hello with an unknown token reads no journal -------------------------------------
_OPENED: list | None = None     # paths the process opens while a test watches (an audit hook)


def _watch_opens(event: str, args: tuple) -> None:
    if _OPENED is not None and event in ("open", "os.scandir", "os.listdir") and args:
        _OPENED.append(str(args[0]))


async def _a_data_dir_with_games(data_dir, finished: int = 3, unfinished: int = 2) -> list[str]:
    """Finished games (bots only, at full speed) and unfinished ones (two people, a move each);
    returns the unfinished games' seat tokens."""
    tokens = []
    async with live_host(data_dir=data_dir) as host:
        made = [host.create_table("tortuga", 2, bots=2) for _ in range(finished)]
        for _ in range(unfinished):
            tid, (a, b) = await seat_clients(host, "tortuga", 2, names=["Ana", "Ben"], reconnect=False)
            await BotClient(a, "tortuga").play(stop_after=1)
            tokens += [a.token, b.token]
        while any(t.status != "over" for t in made):
            await asyncio.sleep(0.05)       # (the bots' own progress; pytest-timeout against a hang)
    return tokens


@run
async def test_a_hello_with_a_random_token_reads_no_journal_and_a_saved_games_token_still_works(tmp_path):
    global _OPENED
    data_dir = tmp_path / "d"
    tokens = await _a_data_dir_with_games(data_dir)
    sys.addaudithook(_watch_opens)
    async with live_host(data_dir=data_dir) as host:
        assert len(host.lifecycle.index.unfinished) == 2 and len(host.lifecycle.index.finished) == 3
        _OPENED = []
        try:
            x = PatientClient(*host.address, "Stranger", token=secrets.token_hex(16), reconnect=False,
                            local="127.0.0.2")
            host.test_clients.append(x)
            await x.start()
            assert (await x.expect("error", timeout=120))["code"] == "bad_token"
            await x.expect("welcome", timeout=120)
            read = [p for p in _OPENED if p.startswith(str(data_dir))]
        finally:
            _OPENED = None
        assert read == [], f"a hello with an unknown token read the data dir: {read}"
        # the token of a saved game still brings it back (one journal read: that game's)
        ana = await connect(host, "Ana", token=tokens[0], local="127.0.0.3")
        assert ana.welcome["resumed"]["seat"] == 0
