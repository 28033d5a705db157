"""The bundle's public chain and signed statement (the reference: docs/trust.md, "Battle
bundles").

The log's own chain is keyed (events/chain_key.py): only the server can recompute it, so a
third party cannot check it. A bundle therefore links the events a second way, with public
SHA-256 only, and the server signs the head of that public chain with its Ed25519 key:

    commitment(v) = SHA-256("turnledger-event-v1\\n" || salt(v) || content(v))
    link(0)       = 32 zero bytes
    link(v)       = SHA-256("turnledger-link-v1\\n" || link(v-1) || commitment(v) || hash(v))

`content(v)` is the event's canonical JSON, the very bytes the keyed chain covers
(`events.envelope.chain_content`); `hash(v)` is the keyed chain's hash, so a player's receipts
(signed over it when the event was appended) can be compared with the bundle offline.
`salt(v)` is 32 bytes derived from the chain key: a bundle opens an event by giving its salt
and content, and seals one (an event its reader may not read) by giving its commitment only,
which without the salt cannot be guessed back from a few likely contents (a hidden creature
on one of a hundred squares). Every bundle of a battle, whoever reads it, has the same links.
"""

from __future__ import annotations

import hashlib

from events.chain_key import ChainKey

FORMAT = "turnledger-bundle-v1"
EVENT_PREFIX = b"turnledger-event-v1\n"
LINK_PREFIX = b"turnledger-link-v1\n"
STATEMENT_PREFIX = b"turnledger-bundle-v1\n"
GENESIS_LINK = bytes(32)
SALT_BYTES = 32


def salt_for(chain_key: ChainKey, battle_id: str, version: int) -> bytes:
    """The salt of one event: a keyed function of where it stands, so it is the same in every
    bundle of the battle and nobody without the key can compute a sealed event's."""
    return chain_key.mac(f"bundle-salt\n{battle_id}\n{version}".encode())


def commitment(salt: bytes, content: bytes) -> bytes:
    return hashlib.sha256(EVENT_PREFIX + salt + content).digest()


def link(previous: bytes, committed: bytes, keyed_hash: bytes) -> bytes:
    return hashlib.sha256(LINK_PREFIX + previous + committed + keyed_hash).digest()


def statement_message(statement: str) -> bytes:
    """The bytes the bundle's signature covers: the prefix, then the statement's JSON text."""
    return STATEMENT_PREFIX + statement.encode()
