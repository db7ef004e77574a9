"""The browser client's JavaScript read as tokens, for the checks that read source as the Python
ones do (tests/test_client_shape.py's words check, tests/test_web_declared.py's catalog keys): a
small scanner of names, strings, template literals and comments (regular expressions and
numbers skipped), each with its line.

    for tok in js_tokens(source):
        tok.kind     # "name", "string", "template", "comment"
        tok.text     # a name; a string's value; a comment's text; a template's text, `${...}` kept
        tok.parts    # a template's literal parts (the text between its `${...}`)
        tok.line
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "assets" / "web"
#: The shell: every module of assets/web/app (the game modules are under assets/web/games).
SHELL = sorted((WEB / "app").glob("*.js"))
#: Every module of the page (its vendored msgpack left out).
PAGE = sorted(p for p in WEB.rglob("*.js") if "vendor" not in p.parts)


@dataclass
class Token:
    kind: str
    text: str
    line: int
    parts: list = field(default_factory=list)


NAME = re.compile(r"[A-Za-z_$][\w$]*")
NUMBER = re.compile(r"\d[\w.]*")
#: After these a "/" starts a regular expression (not a division).
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete",
                                              "void", "throw", "yield", "await", ""}


def js_tokens(source: str) -> list[Token]:
    out: list[Token] = []
    _scan(source, 0, len(source), 1, out)
    return out


def _scan(src: str, i: int, end: int, line: int, out: list[Token], stop_at_brace: bool = False) -> tuple[int, int]:
    """Scan src[i:end] into ``out``; with ``stop_at_brace``, stop at the ``}`` closing a template's
    ``${``. Returns (index, line) where it stopped."""
    prev = ""
    depth = 0
    while i < end:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            j = end if j < 0 else j
            out.append(Token("comment", src[i + 2:j], line))
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = end if j < 0 else j
            out.append(Token("comment", src[i + 2:j], line))
            line += src.count("\n", i, j)
            i = j + 2
        elif c in "\"'":
            j = i + 1
            while j < end and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            raw = src[i:j + 1]
            out.append(Token("string", _unquote(raw), line))
            i, prev = j + 1, "string"
        elif c == "`":
            j = _template(src, i, end, line, out)
            line += src.count("\n", i, j)
            i, prev = j, "string"
        elif c == "/" and prev in REGEX_AFTER:
            j, in_class = i + 1, False
            while j < end and (in_class or src[j] != "/"):
                if src[j] == "\\":
                    j += 1
                elif src[j] == "[":
                    in_class = True
                elif src[j] == "]":
                    in_class = False
                j += 1
            j += 1
            while j < end and src[j].isalpha():
                j += 1
            i, prev = j, "regex"
        elif NAME.match(src, i):
            m = NAME.match(src, i)
            out.append(Token("name", m.group(), line))
            i, prev = m.end(), m.group()
        elif NUMBER.match(src, i):
            i, prev = NUMBER.match(src, i).end(), "number"
        else:
            if stop_at_brace:
                if c == "{":
                    depth += 1
                elif c == "}":
                    if depth == 0:
                        return i + 1, line
                    depth -= 1
            prev = c if c not in ")]" else ")"
            i += 1
    return i, line


def _template(src: str, i: int, end: int, line: int, out: list[Token]) -> int:
    """A template literal from src[i] == "`": its token (its literal parts, ``${}`` where an
    expression stands), then the tokens of its expressions. Returns the index after its closing
    backtick."""
    j, parts, cur, inner = i + 1, [], [], []
    while j < end and src[j] != "`":
        if src[j] == "\\":
            cur.append(src[j:j + 2])
            j += 2
        elif src.startswith("${", j):
            parts.append("".join(cur))
            cur = []
            j, _ = _scan(src, j + 2, end, line + src.count("\n", i, j), inner, stop_at_brace=True)
        else:
            cur.append(src[j])
            j += 1
    parts.append("".join(cur))
    out.append(Token("template", "${}".join(parts), line, parts))
    out.extend(inner)
    return j + 1


def _unquote(raw: str) -> str:
    body = raw[1:-1]
    if raw[0] == "'":
        body = body.replace('\\"', '"').replace("\\'", "'").replace('"', '\\"')
    try:
        return json.loads(f'"{body}"')
    except ValueError:
        return body
