"""The receipts a client was given, and checking them without trusting the server.

Every answer that appends carries a `receipt`: the battle, the version, the chain hash there,
and an Ed25519 signature by one of the server's keys (`GET /keys`). A `ReceiptBook` keeps them
(in memory, or in a JSON file when given one), so that later the log can be checked against
them (`Client.verify_receipts`): a log rewritten after a receipt was given no longer has its
hash at its version, and two validly signed receipts for one version with different hashes
prove the history was rewritten.

The signed bytes are `turnledger-receipt-v1\\n{battle_id}\\n{version}\\n{hash}` (UTF-8).
"""

from __future__ import annotations

import base64
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

PREFIX = "turnledger-receipt-v1\n"


def receipt_message(receipt: dict[str, Any]) -> bytes:
    return f"{PREFIX}{receipt['battle_id']}\n{receipt['version']}\n{receipt['hash']}".encode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def signature_holds(receipt: dict[str, Any], jwks: list[dict[str, Any]]) -> bool:
    """Whether `receipt` is signed by one of `jwks` (the `keys` of `GET /keys`).

    Needs the `cryptography` package: `pip install turnledger-client[receipts]`."""
    try:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    except ImportError:
        raise ImportError(
            "checking receipts needs `cryptography`: pip install turnledger-client[receipts]"
        ) from None

    for jwk in jwks:
        if jwk.get("kid") != receipt.get("key_id"):
            continue
        if (jwk.get("kty"), jwk.get("crv")) != ("OKP", "Ed25519"):
            return False
        try:
            public = Ed25519PublicKey.from_public_bytes(_unb64(jwk["x"]))
            public.verify(_unb64(receipt["signature"]), receipt_message(receipt))
        except (InvalidSignature, ValueError, KeyError):
            return False
        return True
    return False


class ReceiptBook:
    """Receipts kept per battle, in memory, and in `path` (JSON) when given."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self._lock = threading.Lock()
        self._by_battle: dict[str, list[dict[str, Any]]] = {}
        if self.path is not None and self.path.exists():
            kept = json.loads(self.path.read_text())
            for receipt in kept.get("receipts", []):
                self._by_battle.setdefault(receipt["battle_id"], []).append(receipt)

    def add(self, receipt: dict[str, Any]) -> None:
        with self._lock:
            kept = self._by_battle.setdefault(receipt["battle_id"], [])
            if receipt in kept:
                return  # a replayed answer brings its receipt again
            kept.append(dict(receipt))
            self._save()

    def of(self, battle_id: str) -> list[dict[str, Any]]:
        with self._lock:
            return list(self._by_battle.get(battle_id, []))

    def _save(self) -> None:
        if self.path is None:
            return
        every = [r for kept in self._by_battle.values() for r in kept]
        fd, aside = tempfile.mkstemp(dir=self.path.parent, prefix=".receipts-")
        with os.fdopen(fd, "w") as out:
            json.dump({"receipts": every}, out)
        os.replace(aside, self.path)
