"""The table option ``hints``: chosen at creation, kept by the host, in the table
summary, in the journal's start record (a resumed table keeps it); a bad value is refused."""
import asyncio

import pytest

from net.messages import CLIENT, MessageError, validate
from net.table import Table

from net_helpers import connect, live_host


def test_create_validates_the_hints_field():
    ok = {"t": "create", "game": "tikal", "seats": 2, "hints": True}
    assert validate(dict(ok), CLIENT)["hints"] is True
    for bad in (1, "yes", None):
        with pytest.raises(MessageError) as e:
            validate({**ok, "hints": bad}, CLIENT)
        assert e.value.code == "bad_field"


def test_the_summary_and_the_journal_carry_it():
    t = Table(1, "tikal", 2, owner=100, hints=True)
    assert t.summary()["hints"] is True
    assert Table(2, "tikal", 2, owner=100).summary()["hints"] is False   # off unless asked for
    t.sit(100, "Ann")
    t.ask(100, {"t": "bot", "seat": 1, "level": "random"})
    t.start(100, seed=5)
    start = t.start_record()
    assert start["hints"] is True
    assert Table.replay([start]).summary()["hints"] is True
    assert Table.replay([{**start, "hints": False}]).summary()["hints"] is False
    legacy = dict(start)
    del legacy["hints"]                                # a journal from before the option
    assert Table.replay([legacy]).summary()["hints"] is False


def test_a_client_creates_a_table_with_hints_and_everyone_sees_it():
    async def run():
        async with live_host() as host:
            a = await connect(host, "Ann")
            a.send({"t": "create", "game": "tikal", "seats": 2, "options": {}, "hints": True})
            msg = await a.expect("table")
            assert msg["table"]["hints"] is True
            b = await connect(host, "Bob")
            b.send({"t": "list"})
            listed = await b.expect("tables", pred=lambda m: m["tables"])
            assert [t["hints"] for t in listed["tables"]] == [True]
            b.send({"t": "create", "game": "tikal", "seats": 2, "hints": "please"})
            err = await b.expect("error")
            assert err["code"] == "bad_field"
            assert len(host.tables) == 1                   # refused: nothing was created
    asyncio.run(run())


def test_run_hosts_hints_flag_sets_the_table_made_at_start(tmp_path):
    from net.host import Host
    from tikal_lan.host import create_start_table
    from tikal_lan.host_options import make_config, parse_args

    for flag, want in ((["--hints"], True), ([], False)):
        args = parse_args(["--headless", "--no-announce", "--game", "tikal", "--seats", "2",
                           "--data-dir", str(tmp_path / str(want)), *flag])
        host = Host(make_config(args))
        assert create_start_table(host, args).summary()["hints"] is want
