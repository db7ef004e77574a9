"""What a client author reads matches the code: the tile table is the engine's, every action
type the engine offers is documented, and the host's limits and timings in docs/protocol.md are
its defaults."""
import re
from pathlib import Path

import engine
from engine.bots.random_bot import RandomBot
from engine.tikal.tiles import PRINTED_LIST, TILE_LIST
from net import journal as jn
from net import saves
from net.config import HostConfig
from net.hint_worker import NICE
from net.hints import BURST, EVERY
from net.host import LIST_BYTES
from net.links import LINGER
from net.protocol import MAX_FRAME
from tikal_lan.host_options import parse_args

DOCS = Path(__file__).resolve().parents[1] / "docs"


def rows(text: str) -> dict:
    out = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) >= 5 and re.match(r"^[A-G]\d$|^P-", cells[0]):
            out[cells[0]] = cells
    return out


def test_the_tile_table_is_the_engines():
    table = rows((DOCS / "tikal-tiles.md").read_text("utf-8"))
    for spec in TILE_LIST:
        assert table[spec.id] == [spec.id, spec.letter, spec.kind, str(spec.value or ""),
                                  str(spec.masks or ""), " ".join(map(str, spec.stones))]
    for spec, (q, r) in PRINTED_LIST:
        assert table[spec.id] == [spec.id, f"({q},{r})", spec.kind, str(spec.value or ""),
                                  " ".join(map(str, spec.stones))]
    assert len(table) == 40


def test_every_action_type_the_engine_offers_is_documented():
    doc = (DOCS / "actions.md").read_text("utf-8")
    seen = set()
    for game, options in (("tikal", {"variant": "base"}), ("tikal", {"variant": "auction"}),
                          ("tortuga", {"cards_as_dice": True}), ("tortuga", {})):
        for seed in range(3):
            g = engine.new_game(game, seats=3, seed=seed, options=options)
            bots = [RandomBot(s, seed) for s in range(3)]
            while not g.is_over:
                legal = g.legal_actions()
                for a in legal:
                    seen.add((a["type"], tuple(sorted(a))))
                g.apply(bots[g.to_act].choose(g.view(g.to_act), legal))
    for typ, keys in seen:
        assert f'"type": "{typ}"' in doc, typ
        for k in keys:
            assert f'"{k}"' in doc, (typ, k)


def test_the_hosts_limits_and_timings_are_the_documented_ones():
    doc = (DOCS / "protocol.md").read_text("utf-8")
    cfg = HostConfig()
    cli = parse_args(["--headless"])
    facts = [
        f"at most **{cfg.max_conns}** connections, and **{cfg.max_conns_per_addr}** from one",
        f"at most **{cfg.max_tables}** tables, and at most **{cfg.max_tables_per_addr}** made",
        f"after **{cfg.abandoned_after / 60:g}\nminutes**",
        f"stays **{cfg.over_linger / 60:g} minutes**",
        f"more than **{cfg.max_unsent >> 10} KiB** waits",
        f"as many\nas fit in {LIST_BYTES >> 10} KiB",
        f"every {jn.CHECK_EVERY} states",
        f"newest {saves.KEEP_FINISHED} finished games",
        f"not written for {saves.KEEP_DAYS:g} days",
        f"keeps its newest {saves.ARCHIVE_MAX:,}",
        f"Every {cfg.disk_retry:g} s the host tries",
        f"`--bot-delay`, {cli.bot_delay:g} s by default",
        f"pings every connection every {cfg.ping_interval:g} s",
        f"arrived for {cfg.ping_timeout:g} s",
        f"for up to {LINGER:g} s",
        f"({cfg.grace:g} s by default",
        f"`hint_workers` processes ({cfg.hint_workers})",
        f"(`nice` {NICE})",
        f"At most {cfg.hint_queue} requests wait for a worker",
        f"asks {BURST} hints at once at most, then one every {EVERY:g} s",
    ]
    flat = " ".join(doc.split())
    missing = [f for f in facts if " ".join(f.split()) not in flat]
    assert not missing, missing
    assert MAX_FRAME == 1 << 20 and "**1 MiB**" in doc
    for name in ("actions.md", "events.md", "tikal-tiles.md"):
        assert f"`{name}`" in doc or f"`docs/{name}`" in doc
    assert "../shared" not in doc     # everything a client needs is in this folder
