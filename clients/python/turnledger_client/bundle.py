"""Verifying a battle's bundle offline: only the bundle and public keys, never the server.

A bundle (`GET /battles/{id}/export`, format in turnledger's docs/trust.md) holds a
battle's whole log, each event opened (its salt and canonical JSON) or sealed (a commitment
only, for what its reader may not read), linked by a public SHA-256 chain whose head the
server signed with its Ed25519 key. `verify_bundle` checks every link and the signature, and
that the signing key is one the caller trusts (`trusted_keys`: the `keys` of a `GET /keys`
the caller fetched or was given); with `receipts`, that the log agrees with every receipt
signed by a trusted key. Nothing in it trusts the server or the person who handed over the
bundle: any byte changed anywhere breaks it.

Needs the `cryptography` package: `pip install turnledger-client[verify]`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

FORMAT = "turnledger-bundle-v1"
EVENT_PREFIX = b"turnledger-event-v1\n"
LINK_PREFIX = b"turnledger-link-v1\n"
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


class BundleBroken(ValueError):
    """The bundle does not verify: the message says the first thing that does not hold."""


@dataclass(frozen=True)
class BundleEvent:
    """One event as the bundle gives it: `content` (type, data, who, when) when opened, else
    None, with `shown` what its reader was shown of it (None for a placeholder)."""

    version: int
    hash: str
    content: dict[str, Any] | None
    shown: dict[str, Any] | None = None

    @property
    def sealed(self) -> bool:
        return self.content is None


@dataclass
class BundleVerdict:
    """What a bundle proves. `ok`: everything holds, and the key that signed it is trusted."""

    battle_id: str
    version: int
    reader: str
    exported_at: str
    key_id: str
    trusted: bool
    """Whether the signing key is among the keys the caller trusts (False when none given)."""
    events: list[BundleEvent]
    receipts_checked: int = 0
    disagreements: list[dict[str, Any]] = field(default_factory=list)
    """Receipts signed by a trusted key whose hash is not the bundle's at their version."""
    receipts_invalid: list[dict[str, Any]] = field(default_factory=list)
    """Receipts that prove nothing: another battle, a bad signature, an untrusted key."""

    @property
    def ok(self) -> bool:
        return self.trusted and not self.disagreements


def load_bundle(raw: bytes | str) -> dict[str, Any]:
    """A bundle's JSON, refusing a document with a repeated member name (two texts that
    read the same must not both verify)."""

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) != len(pairs):
            raise BundleBroken("a JSON object repeats a member name")
        return found

    try:
        loaded = json.loads(raw, object_pairs_hook=unique)
    except (ValueError, UnicodeDecodeError) as exc:
        if isinstance(exc, BundleBroken):
            raise
        raise BundleBroken(f"not JSON: {exc}") from None
    if not isinstance(loaded, dict):
        raise BundleBroken("a bundle is a JSON object")
    return loaded


def verify_bundle(
    bundle: bytes | str | Mapping[str, Any],
    trusted_keys: Sequence[Mapping[str, Any]] | None = None,
    receipts: Sequence[Mapping[str, Any]] = (),
) -> BundleVerdict:
    """Check a bundle; `BundleBroken` when anything in it does not hold.

    `trusted_keys` are JWKs (the `keys` of `GET /keys`): the bundle embeds the server's
    keys in what it signs, and the one that signed must be among these (same `kid` and `x`,
    and not retired before the bundle's `exported_at`) for the verdict to be `trusted`.
    `receipts` (as a client kept them) are compared with the bundle's hash at their
    version."""
    doc = load_bundle(bundle) if isinstance(bundle, bytes | str) else dict(bundle)
    _exact(doc, {"format", "statement", "key_id", "signature", "events"}, "the bundle")
    if doc["format"] != FORMAT:
        raise BundleBroken(f"not a {FORMAT} bundle")
    statement = _statement(doc["statement"])
    jwk = _check_signature(doc, statement)
    events, head = _walk(doc["events"], statement)
    if head.hex() != statement["link"]:
        raise BundleBroken("the events do not chain to the link the statement signs")
    verdict = BundleVerdict(
        battle_id=statement["battle_id"],
        version=statement["version"],
        reader=statement["reader"],
        exported_at=statement["exported_at"],
        key_id=doc["key_id"],
        trusted=_trusted(jwk, trusted_keys or (), statement["exported_at"]),
        events=events,
    )
    _compare_receipts(verdict, receipts, trusted_keys or ())
    return verdict


def _walk(entries: Any, statement: dict[str, Any]) -> tuple[list[BundleEvent], bytes]:
    """Every event checked and linked in order: (the events, the public chain's head)."""
    if not isinstance(entries, list) or len(entries) != statement["version"]:
        raise BundleBroken(f"the statement signs {statement['version']} events")
    events: list[BundleEvent] = []
    shown_digests: dict[str, str] = {}
    head = bytes(32)
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or entry.get("version") != number:
            raise BundleBroken(f"event {number} is missing or out of order")
        keyed = _hex(entry.get("hash"), f"event {number}'s hash")
        if "content" in entry:
            _exact(entry, {"version", "hash", "salt", "content"}, f"event {number}")
            text = _text(entry["content"], f"event {number}'s content")
            salt = _hex(entry["salt"], f"event {number}'s salt")
            committed = hashlib.sha256(EVENT_PREFIX + salt + text.encode()).digest()
            content = _content(text, statement["battle_id"], number)
            events.append(BundleEvent(number, entry["hash"], content))
        else:
            keys = {"version", "hash", "commitment"} | ({"shown"} & entry.keys())
            _exact(entry, keys, f"event {number}")
            committed = _hex(entry["commitment"], f"event {number}'s commitment")
            shown = None
            if "shown" in entry:
                text = _text(entry["shown"], f"event {number}'s shown text")
                shown_digests[str(number)] = hashlib.sha256(text.encode()).hexdigest()
                shown = _content(text, statement["battle_id"], number)
            events.append(BundleEvent(number, entry["hash"], None, shown))
        head = hashlib.sha256(LINK_PREFIX + head + committed + keyed).digest()
    if entries[-1]["hash"] != statement["head_hash"]:
        raise BundleBroken("the last event's hash is not the head the statement signs")
    if shown_digests != statement["shown"]:
        raise BundleBroken("what the bundle shows of its sealed events is not what was signed")
    return events, head


def _statement(text: Any) -> dict[str, Any]:
    statement = load_bundle(_text(text, "the statement"))
    _exact(statement, STATEMENT_KEYS, "the statement")
    version = statement["version"]
    if statement["format"] != FORMAT or type(version) is not int or version < 1:
        raise BundleBroken("the statement is not one of a whole battle's log")
    for name in ("battle_id", "reader", "exported_at"):
        _text(statement[name], f"the statement's {name}")
    _hex(statement["link"], "the statement's link")
    _hex(statement["head_hash"], "the statement's head hash")
    if not isinstance(statement["keys"], list) or not isinstance(statement["shown"], dict):
        raise BundleBroken("the statement's keys or shown digests are malformed")
    return statement


def _check_signature(doc: dict[str, Any], statement: dict[str, Any]) -> dict[str, Any]:
    """The embedded JWK that signed the statement, once its signature holds."""
    try:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    except ImportError:
        raise ImportError(
            "verifying bundles needs `cryptography`: pip install turnledger-client[verify]"
        ) from None
    kid = doc["key_id"]
    jwk = next((k for k in statement["keys"] if isinstance(k, dict) and k.get("kid") == kid), None)
    if jwk is None:
        raise BundleBroken(f"the statement embeds no key {kid!r} to check its signature")
    if (jwk.get("kty"), jwk.get("crv")) != ("OKP", "Ed25519"):
        raise BundleBroken("the signing key is not an Ed25519 key")
    public = _b64(jwk.get("x"), 32, "the signing key")
    if thumbprint(jwk["x"]) != kid:
        raise BundleBroken("the signing key's id is not its thumbprint (RFC 7638)")
    signature = _b64(doc["signature"], 64, "the signature")
    message = FORMAT.encode() + b"\n" + doc["statement"].encode()
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, message)
    except InvalidSignature:
        raise BundleBroken("the signature over the statement does not hold") from None
    return jwk


def thumbprint(x: str) -> str:
    """An Ed25519 JWK's RFC 7638 thumbprint: SHA-256 of its required members, base64url."""
    members = json.dumps(
        {"crv": "Ed25519", "kty": "OKP", "x": x}, separators=(",", ":"), sort_keys=True
    )
    return _b64url(hashlib.sha256(members.encode()).digest())


def _trusted(jwk: dict[str, Any], trusted: Sequence[Mapping[str, Any]], exported_at: str) -> bool:
    """The signing key is one of `trusted` (same `kid` and `x`), and was not retired when the
    bundle says it was signed: a retired key signs nothing new (were it leaked, it could)."""
    for key in trusted:
        if key.get("kid") != jwk["kid"] or key.get("x") != jwk["x"]:
            continue
        retired = key.get("retired_at")
        return not retired or _instant(exported_at) < _instant(str(retired))
    return False


def _instant(text: str) -> datetime:
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        raise BundleBroken(f"{text!r} is not an ISO 8601 instant") from None
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def _compare_receipts(
    verdict: BundleVerdict,
    receipts: Sequence[Mapping[str, Any]],
    trusted: Sequence[Mapping[str, Any]],
) -> None:
    from .receipts import signature_holds

    keys = [dict(k) for k in trusted]
    hashes = {e.version: e.hash for e in verdict.events}
    for index, receipt in enumerate(receipts):
        why = None
        if receipt.get("battle_id") != verdict.battle_id:
            why = "names another battle"
        elif not signature_holds(dict(receipt), keys):
            why = "not signed by a trusted key"
        if why is not None:
            verdict.receipts_invalid.append({"index": index, "reason": why})
            continue
        verdict.receipts_checked += 1
        at = hashes.get(receipt["version"])
        if at != receipt["hash"]:
            reason = "the bundle ends before it" if at is None else "the bundle's hash differs"
            verdict.disagreements.append(
                {
                    "version": receipt["version"],
                    "receipt_hash": receipt["hash"],
                    "bundle_hash": at,
                    "reason": reason,
                }
            )


def _content(text: str, battle_id: str, version: int) -> dict[str, Any]:
    content = load_bundle(text)
    _exact(content, CONTENT_KEYS, f"event {version}'s content")
    if content["battle_id"] != battle_id or content["version"] != version:
        raise BundleBroken(f"event {version}'s content names another battle or version")
    return content


def _exact(value: Any, keys: set[str] | frozenset[str], what: str) -> None:
    if not isinstance(value, dict) or set(value) != set(keys):
        raise BundleBroken(f"{what} must hold exactly: {', '.join(sorted(keys))}")


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise BundleBroken(f"{what} must be a string")
    return value


def _hex(value: Any, what: str) -> bytes:
    if not isinstance(value, str) or not HEX32.fullmatch(value):
        raise BundleBroken(f"{what} must be 64 lowercase hex digits")
    return bytes.fromhex(value)


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _b64(value: Any, size: int, what: str) -> bytes:
    """Base64url without padding in its one canonical spelling (no two texts decode alike)."""
    text = _text(value, what)
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise BundleBroken(f"{what} is not base64url") from None
    if len(raw) != size or _b64url(raw) != text:
        raise BundleBroken(f"{what} is not {size} bytes in canonical base64url")
    return raw


__all__ = [
    "BundleBroken",
    "BundleEvent",
    "BundleVerdict",
    "load_bundle",
    "thumbprint",
    "verify_bundle",
]
