"""Checking a bundle as a third party would, before the server makes a battle of it.

The same steps as the client's verifier (clients/python/turnledger_client/bundle.py), written
apart so that the server trusts no code the bundle's sender could have shipped: the statement
is signed by a key it embeds (whose id is its RFC 7638 thumbprint), each opened event's
commitment is recomputed from its salt and content, each sealed one's shown text matches the
digest the statement signs, and the public chain over them ends at the signed link.
"""

from __future__ import annotations

import binascii
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from server.trust.bundle.format import FORMAT, GENESIS_LINK, commitment, link, statement_message
from server.trust.keyring import b64url, key_id, unb64url

HEX32 = re.compile(r"[0-9a-f]{64}")
CONTENT_KEYS = frozenset(
    {
        "battle_id",
        "version",
        "type",
        "schema_version",
        "data",
        "intent_id",
        "causation_id",
        "correlation_id",
        "actor",
        "rules_version",
        "recorded_at",
    }
)
STATEMENT_KEYS = frozenset(
    {"format", "battle_id", "version", "link", "head_hash", "reader", "exported_at"}
    | {"keys", "shown"}
)
OPEN_KEYS = frozenset({"version", "hash", "salt", "content"})
SEALED_KEYS = frozenset({"version", "hash", "commitment"})


class BundleRefused(ValueError):
    """The bundle does not verify; the message says where, for a problem's `detail`."""


@dataclass(frozen=True)
class CheckedBundle:
    battle_id: str
    version: int
    key_id: str
    reader: str
    contents: tuple[dict[str, Any] | None, ...]
    """Each event's content, parsed (None where the bundle seals it), in version order."""

    @property
    def sealed(self) -> int:
        return sum(1 for c in self.contents if c is None)


def check_bundle(doc: Mapping[str, Any]) -> CheckedBundle:
    """The bundle's facts once everything in it holds; `BundleRefused` naming the first part
    that does not."""
    _exact(doc, {"format", "statement", "key_id", "signature", "events"}, "the bundle")
    if doc["format"] != FORMAT:
        raise BundleRefused(f"not a {FORMAT} bundle")
    statement = _statement(doc["statement"])
    _signature_holds(doc, statement)
    events = doc["events"]
    if not isinstance(events, list) or len(events) != statement["version"]:
        raise BundleRefused(f"the statement signs {statement['version']} events")
    contents: list[dict[str, Any] | None] = []
    shown: dict[str, str] = {}
    head = GENESIS_LINK
    for number, entry in enumerate(events, start=1):
        if not isinstance(entry, Mapping) or entry.get("version") != number:
            raise BundleRefused(f"event {number} is missing or out of order")
        keyed = _hex(entry.get("hash"), f"event {number}'s hash")
        if "content" in entry:
            _exact(entry, OPEN_KEYS, f"event {number}")
            content = _text(entry["content"], f"event {number}'s content")
            salt = _hex(entry["salt"], f"event {number}'s salt")
            committed = commitment(salt, content.encode())
            contents.append(_content(content, statement["battle_id"], number))
        else:
            _exact(entry, SEALED_KEYS | ({"shown"} & entry.keys()), f"event {number}")
            committed = _hex(entry["commitment"], f"event {number}'s commitment")
            if "shown" in entry:
                text = _text(entry["shown"], f"event {number}'s shown text")
                shown[str(number)] = hashlib.sha256(text.encode()).hexdigest()
            contents.append(None)
        head = link(head, committed, keyed)
        if number == len(events) and keyed.hex() != statement["head_hash"]:
            raise BundleRefused("the last event's hash is not the head the statement signs")
    if head.hex() != statement["link"]:
        raise BundleRefused("the events do not chain to the link the statement signs")
    if shown != statement["shown"]:
        raise BundleRefused("what the bundle shows of its sealed events is not what was signed")
    return CheckedBundle(
        statement["battle_id"],
        statement["version"],
        str(doc["key_id"]),
        statement["reader"],
        tuple(contents),
    )


def _statement(text: Any) -> dict[str, Any]:
    try:
        statement = orjson.loads(_text(text, "the statement"))
    except orjson.JSONDecodeError:
        raise BundleRefused("the statement is not JSON") from None
    _exact(statement, STATEMENT_KEYS, "the statement")
    version = statement["version"]
    if statement["format"] != FORMAT or not isinstance(version, int) or version < 1:
        raise BundleRefused("the statement is not one of a whole battle's log")
    for name in ("battle_id", "reader", "exported_at"):
        _text(statement[name], f"the statement's {name}")
    _hex(statement["link"], "the statement's link")
    _hex(statement["head_hash"], "the statement's head hash")
    if not isinstance(statement["keys"], list) or not isinstance(statement["shown"], dict):
        raise BundleRefused("the statement's keys or shown digests are malformed")
    return statement  # type: ignore[no-any-return]


def _signature_holds(doc: Mapping[str, Any], statement: dict[str, Any]) -> None:
    kid = doc["key_id"]
    jwk = next((k for k in statement["keys"] if isinstance(k, dict) and k.get("kid") == kid), None)
    if jwk is None:
        raise BundleRefused(f"the statement embeds no key {kid!r} to check its signature")
    if (jwk.get("kty"), jwk.get("crv")) != ("OKP", "Ed25519"):
        raise BundleRefused("the signing key is not an Ed25519 key")
    public = _b64(jwk.get("x"), 32, "the signing key")
    if key_id(public) != kid:
        raise BundleRefused("the signing key's id is not its thumbprint (RFC 7638)")
    signature = _b64(doc["signature"], 64, "the signature")
    message = statement_message(doc["statement"])
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, message)
    except InvalidSignature:
        raise BundleRefused("the signature over the statement does not hold") from None


def _content(text: str, battle_id: str, version: int) -> dict[str, Any]:
    try:
        content = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise BundleRefused(f"event {version}'s content is not JSON") from None
    _exact(content, CONTENT_KEYS, f"event {version}'s content")
    if content["battle_id"] != battle_id or content["version"] != version:
        raise BundleRefused(f"event {version}'s content names another battle or version")
    return content  # type: ignore[no-any-return]


def _exact(value: Any, keys: frozenset[str] | set[str], what: str) -> None:
    if not isinstance(value, Mapping) or set(value) != set(keys):
        raise BundleRefused(f"{what} must hold exactly: {', '.join(sorted(keys))}")


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise BundleRefused(f"{what} must be a string")
    return value


def _hex(value: Any, what: str) -> bytes:
    if not isinstance(value, str) or not HEX32.fullmatch(value):
        raise BundleRefused(f"{what} must be 64 lowercase hex digits")
    return bytes.fromhex(value)


def _b64(value: Any, size: int, what: str) -> bytes:
    """Base64url without padding, in its one canonical spelling (so no two texts decode to
    the same bytes)."""
    try:
        raw = unb64url(_text(value, what))
    except (binascii.Error, ValueError):
        raise BundleRefused(f"{what} is not base64url") from None
    if len(raw) != size or b64url(raw) != value:
        raise BundleRefused(f"{what} is not {size} bytes in canonical base64url")
    return raw
