"""Who is who at the party, through a real host on loopback (issue 28, points 1-8), each guest on
an address of its own (127.0.0.2, 127.0.0.3 ...) as from another machine."""
from __future__ import annotations

from net.client import AsyncClient
from tests.net_helpers import connect, live_host, run


# --- point 2: the host's window is its operator on every hello ---------------------------------
@run
async def test_the_windows_second_hello_after_a_stale_token_still_carries_the_operator_secret(tmp_path):
    """The host restarted: the window's seat token is stale (bad_token) and its client says hello
    again without it: with the operator secret, so that New night works (it was not_operator)."""
    async with live_host(data_dir=tmp_path / "d") as host:
        window = AsyncClient(*host.address, "Host", token="ab" * 16, operator=host.party.operator,
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
