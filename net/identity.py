"""Who is who at a party: the player key (docs/protocol.md section 2, "The player key").

A player key is a random secret of one install (the window keeps it in its settings) or one
browser (``localStorage["tikal.key"]``), sent in ``hello``. The host never sends a key to anyone
and never writes one down: what it keeps (journals, standings, the saved games' index) is
``key_hash(key)``. Seats, saved games, a table's ownership and the standings row follow it; a
name alone never takes a seat.

    key = new_key()                     # 43 characters of A-Z a-z 0-9 _ - (32 random bytes)
    valid_key(key)                      # 22..64 characters of that alphabet
    key_hash(key)                       # 32 lowercase hex digits: what the host keeps
    local_key(key, "Finn")              # pass-and-play: Finn at this install, a person of his own
"""
from __future__ import annotations

import base64
import hashlib
import re
import secrets

KEY_MIN, KEY_MAX = 22, 64          # characters (22 base64url characters: 16 random bytes)
KEY_ALPHABET = "A-Za-z0-9_-"
_KEY = re.compile(rf"[{KEY_ALPHABET}]{{{KEY_MIN},{KEY_MAX}}}")
#: What a key's hash starts from, so that it is no hash of anything else.
_HASH_PREFIX = b"tikal-lan player key\n"


def new_key() -> str:
    """A fresh player key: base64url of 32 random bytes, without padding (43 characters)."""
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode("ascii")


def valid_key(key) -> bool:
    """True for a string of 22..64 characters of ``A-Z a-z 0-9 _ -``."""
    return type(key) is str and _KEY.fullmatch(key) is not None


def key_hash(key: str) -> str:
    """What the host keeps of a key: the first 32 hex digits of SHA-256 over a fixed prefix and
    the key. A key holds at least 128 random bits, so its hash tells nothing of it, and knowing
    the hash is no way in: only the key itself, in a hello, proves it."""
    return hashlib.sha256(_HASH_PREFIX + key.encode("ascii")).hexdigest()[:32]


def local_key(key: str, name: str) -> str:
    """The key of a local player called ``name`` at the install whose key is ``key``
    (pass-and-play: each person at one window is a person of their own to the host). The same
    name at the same install gives the same key, so their saved games and standings row follow
    them from one night to the next; another install, or another name, another key."""
    from .names import fold

    digest = hashlib.sha256(b"tikal-lan local player\n" + key.encode("ascii") + b"\n"
                            + fold(name).encode("utf-8")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")
