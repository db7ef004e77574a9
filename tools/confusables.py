"""Writes ``net/confusables.py``, Unicode's table of confusable characters (UTS #39's
``confusables.txt``: each character and the prototype it reads as, the skeleton's mapping), from
that file. The host reads a player's name as it looks with it (``net.messages.passes_for_a_bot``:
"Ᏼot 2" with a Cherokee letter is "Bot 2"). The table is committed; this script is run again with a
newer ``confusables.txt`` (https://www.unicode.org/Public/security/latest/confusables.txt) when
Unicode publishes one, and tests/test_names.py checks that the written module holds every line
of the file it names (its version, its SHA-256, its count of lines).

    python tools/confusables.py PATH/TO/confusables.txt
"""
from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "net" / "confusables.py"
WIDTH = 112            # a line of the written module, within ruff's 120 columns


def parse(text: str) -> tuple[str, str, list[tuple[int, tuple[int, ...]]]]:
    """(version, date, [(source, prototype code points)]) of a confusables.txt."""
    version = re.search(r"^# Version: (\S+)", text, re.M)
    date = re.search(r"^# Date: ([^,\n]+)", text, re.M)
    if version is None or date is None:
        raise SystemExit("not a confusables.txt: no '# Version:' or '# Date:' line")
    rows = []
    for line in text.splitlines():
        line = line.lstrip("\ufeff").split("#", 1)[0].strip()
        if not line:
            continue
        source, target, kind = (f.strip() for f in line.split(";")[:3])
        if kind != "MA":
            raise SystemExit(f"an entry of a kind this script does not know: {line!r}")
        rows.append((int(source, 16), tuple(int(x, 16) for x in target.split())))
    return version.group(1), date.group(1), rows


def module(version: str, date: str, sha256: str, rows: list) -> str:
    entries = [f"{s:X}:" + ".".join(f"{x:X}" for x in t) for s, t in sorted(rows)]
    lines = [""]
    for e in entries:
        if lines[-1] and len(lines[-1]) + len(e) + 1 > WIDTH:
            lines.append("")
        lines[-1] += e + " "
    body = "\n".join(f'    "{line}"' for line in lines)
    return f'''"""Unicode's confusable characters (UTS #39, confusables.txt version {version} of {date}): each
character and the prototype it reads as, the mapping of a string's skeleton. Written by
tools/confusables.py from that file, not by hand. © Unicode, Inc., under the Unicode License v3
(licences/Unicode-3.0.txt)."""

VERSION = "{version}"
SOURCE_SHA256 = "{sha256}"
COUNT = {len(rows)}

#: "SOURCE:PROTOTYPE" in hex, the prototype's code points joined by ".", separated by spaces.
TABLE = (
{body}
)
'''


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    raw = Path(sys.argv[1]).read_bytes()
    version, date, rows = parse(raw.decode("utf-8"))
    OUT.write_text(module(version, date, hashlib.sha256(raw).hexdigest(), rows), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(rows)} characters of confusables.txt {version}")


if __name__ == "__main__":
    main()
