"""Signed receipts: the proof of an append that a player keeps outside the database.

A receipt says "battle B was at version V with chain hash H", signed with the server's current
Ed25519 key (server/trust/keyring.py). The signed bytes are, exactly (UTF-8, `\\n` a line feed):

    turnledger-receipt-v1\\n<battle_id>\\n<version in decimal>\\n<hash, lowercase hex>

so anyone can check one against `GET /keys` with any Ed25519 library. A log that is altered
and re-chained after a receipt was given no longer has that hash at that version; two validly
signed receipts for one version with different hashes prove the history was rewritten.
"""

from __future__ import annotations

import binascii
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cryptography.exceptions import InvalidSignature

from server.trust.keyring import Keyring, b64url, unb64url

CONTEXT = b"turnledger-receipt-v1\n"


def receipt_message(battle_id: str, version: int, hash_hex: str) -> bytes:
    """The canonical bytes a receipt's signature covers (see the module docstring)."""
    return CONTEXT + f"{battle_id}\n{version}\n{hash_hex}".encode()


def make_receipt(keyring: Keyring, battle_id: str, version: int, digest: bytes) -> dict[str, Any]:
    hash_hex = digest.hex()
    kid, signature = keyring.sign(receipt_message(battle_id, version, hash_hex))
    return {
        "battle_id": battle_id,
        "version": version,
        "hash": hash_hex,
        "key_id": kid,
        "signature": b64url(signature),
    }


def signature_holds(keyring: Keyring, receipt: dict[str, Any]) -> str | None:
    """None when the receipt is signed by one of the published keys, else why not."""
    public = keyring.public_key(receipt["key_id"])
    if public is None:
        return f"signed by an unknown key {receipt['key_id']!r}"
    try:
        signature = unb64url(receipt["signature"])
        message = receipt_message(receipt["battle_id"], receipt["version"], receipt["hash"])
        public.verify(signature, message)
    except (InvalidSignature, ValueError, binascii.Error):
        return "the signature does not hold"
    return None


@dataclass
class ReceiptsChecked:
    """What the log says about a set of receipts (POST /battles/{id}/verify)."""

    checked: int = 0
    agree: bool = True
    first_disagreeing_version: int | None = None
    disagreements: list[dict[str, Any]] = field(default_factory=list)
    invalid: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)

    @property
    def rewritten(self) -> bool:
        return bool(self.conflicts)

    def as_json(self) -> dict[str, Any]:
        return {
            "checked": self.checked,
            "agree": self.agree,
            "first_disagreeing_version": self.first_disagreeing_version,
            "disagreements": self.disagreements,
            "invalid": self.invalid,
            "conflicts": self.conflicts,
            "rewritten": self.rewritten,
        }


def _trusted(
    keyring: Keyring,
    battle_id: str,
    receipts: Sequence[dict[str, Any]],
    recorded_at: Callable[[list[int]], dict[int, datetime]] | None,
    found: ReceiptsChecked,
) -> list[tuple[int, dict[str, Any]]]:
    """The receipts that prove something, by index; the others are listed in
    `found.invalid` with why: a signature that does not hold, another battle, or a retired
    key for a version the log recorded after it retired (or does not hold)."""
    candidates: list[tuple[int, dict[str, Any]]] = []
    for index, receipt in enumerate(receipts):
        why = (
            "names another battle"
            if receipt["battle_id"] != battle_id
            else signature_holds(keyring, receipt)
        )
        if why is not None:
            found.invalid.append({"index": index, "version": receipt["version"], "reason": why})
            continue
        candidates.append((index, receipt))
    retirements = {k.kid: k.retired_at for k in keyring.retired if k.retired_at}
    by_retired = sorted({r["version"] for _, r in candidates if r["key_id"] in retirements})
    times = recorded_at(by_retired) if recorded_at is not None and by_retired else {}
    trusted = []
    for index, receipt in candidates:
        retired = retirements.get(receipt["key_id"])
        if retired is not None and recorded_at is not None:
            when = times.get(receipt["version"])
            if when is None or when >= datetime.fromisoformat(retired):
                why = (
                    "signed by a key retired before the log recorded this version"
                    if when is not None
                    else "signed by a retired key, for a version the log does not hold"
                )
                found.invalid.append({"index": index, "version": receipt["version"], "reason": why})
                continue
        trusted.append((index, receipt))
    return trusted


def check_receipts(
    keyring: Keyring,
    battle_id: str,
    receipts: Sequence[dict[str, Any]],
    hashes_at: Callable[[list[int]], dict[int, bytes]],
    recorded_at: Callable[[list[int]], dict[int, datetime]] | None = None,
) -> ReceiptsChecked:
    """Compare each validly signed receipt with the log's hash at its version.

    Receipts whose signature does not hold, or that name another battle, prove nothing and are
    listed as `invalid`; so is one signed by a retired key for a version the log recorded
    after that key retired (`recorded_at`: when the log says each version was recorded, a
    time the keyed chain binds), or that the log does not hold: a key is trusted only for
    what it could have signed while it was current, so a retired key that leaked cannot make
    an honest log look rewritten. Two valid receipts for one version with different hashes
    are listed as `conflicts`: the server signed two histories, so one was rewritten.
    """
    found = ReceiptsChecked()
    valid: dict[int, dict[str, dict[str, Any]]] = {}
    for _, receipt in _trusted(keyring, battle_id, receipts, recorded_at, found):
        valid.setdefault(receipt["version"], {})[receipt["hash"]] = receipt
    for version, by_hash in sorted(valid.items()):
        if len(by_hash) > 1:
            found.conflicts.append({"version": version, "hashes": sorted(by_hash)})
    logged = hashes_at(sorted(valid))
    for version, by_hash in sorted(valid.items()):
        found.checked += len(by_hash)
        at = logged.get(version)
        for hash_hex in sorted(by_hash):
            if at is not None and at.hex() == hash_hex:
                continue
            reason = "the log has no such version" if at is None else "the log's hash differs"
            found.disagreements.append(
                {
                    "version": version,
                    "receipt_hash": hash_hex,
                    "log_hash": None if at is None else at.hex(),
                    "reason": reason,
                }
            )
    if found.disagreements or found.conflicts:
        found.agree = False
        versions = [d["version"] for d in found.disagreements]
        versions += [c["version"] for c in found.conflicts]
        found.first_disagreeing_version = min(versions)
    return found
