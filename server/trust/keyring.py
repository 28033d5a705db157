"""The server's keys, kept outside the database they protect (DESIGN section 3, "Trust").

One key store holds three things:

* the Ed25519 signing key set: the current key, which signs receipts, and the retired ones,
  whose public halves stay published at `GET /keys` so receipts they signed still check;
* the chain key, the HMAC secret of the keyed hash chain (events/chain_key.py);
* the sealing secret of the director tokens kept for retried creations
  (server/commands/creation_keys.py).

Where it lives, first found wins: `TURNLEDGER_KEYRING` (the key store's JSON itself, for a
secrets manager), `TURNLEDGER_KEYRING_FILE`, else `keyring.json` in `TURNLEDGER_DATA_DIR`,
made once (mode 0600) when missing. Several server processes on one folder all read the
one made first: it is written aside and linked into place, which fails if another won.
"""

from __future__ import annotations

import base64
import hashlib
import os
import secrets
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any

import orjson
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from events.chain_key import ChainKey

FORMAT = "turnledger-keyring-v1"
FILE_NAME = "keyring.json"


class KeyringError(Exception):
    """The key store cannot be read or made: one line saying why."""


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def public_raw(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def key_id(public: bytes) -> str:
    """The JWK thumbprint of the public key (RFC 7638): a stable id any client can recompute."""
    members = orjson.dumps({"crv": "Ed25519", "kty": "OKP", "x": b64url(public)})
    return b64url(hashlib.sha256(members).digest())


@dataclass(frozen=True)
class PublishedKey:
    kid: str
    public: bytes
    created_at: str
    retired_at: str | None = None

    def jwk(self) -> dict[str, Any]:
        """The public key as a JWK (RFC 8037: OKP, Ed25519)."""
        return {
            "kty": "OKP",
            "crv": "Ed25519",
            "x": b64url(self.public),
            "kid": self.kid,
            "alg": "EdDSA",
            "use": "sig",
            "status": "retired" if self.retired_at else "current",
            "created_at": self.created_at,
            "retired_at": self.retired_at,
        }


@dataclass(frozen=True)
class Keyring:
    """The keys, loaded; see the module docstring."""

    signing: Ed25519PrivateKey
    signing_created_at: str
    chain_secret: bytes
    chain_keyed_since: datetime
    sealing_secret: bytes
    retired: tuple[PublishedKey, ...] = ()
    path: Path | None = field(default=None, compare=False)
    chain_legacy: Mapping[str, int] | None = field(default=None, compare=False)
    """Where keyed hashing began: each battle logged before the chain key, with the last
    version it had then (events/chain_key.py). None until recorded, once, from the database
    the key store first served (server/wiring.py)."""

    @cached_property
    def current(self) -> PublishedKey:
        raw = public_raw(self.signing.public_key())
        return PublishedKey(key_id(raw), raw, self.signing_created_at)

    @cached_property
    def published(self) -> tuple[PublishedKey, ...]:
        return (self.current, *self.retired)

    @cached_property
    def chain_key(self) -> ChainKey:
        return ChainKey(self.chain_secret, self.chain_keyed_since, dict(self.chain_legacy or {}))

    def sign(self, message: bytes) -> tuple[str, bytes]:
        """(key id, Ed25519 signature) of `message` with the current key."""
        return self.current.kid, self.signing.sign(message)

    def public_key(self, kid: str) -> Ed25519PublicKey | None:
        for key in self.published:
            if key.kid == kid:
                return Ed25519PublicKey.from_public_bytes(key.public)
        return None

    def with_sealing_secret(self, configured: str | None) -> Keyring:
        """`TURNLEDGER_SECRET`, when set, still names the sealing secret (as it did before the
        key store), so tokens sealed under it keep unsealing."""
        if not configured:
            return self
        return replace(self, sealing_secret=hashlib.sha256(configured.encode()).digest())

    def rotated(self, now: datetime) -> Keyring:
        """A new current signing key; the old one's public half is kept, published, retired."""
        at = now.astimezone(UTC).isoformat()
        old = self.current
        retired = PublishedKey(old.kid, old.public, old.created_at, at)
        return replace(
            self,
            signing=Ed25519PrivateKey.generate(),
            signing_created_at=at,
            retired=(retired, *self.retired),
        )

    def to_json(self) -> bytes:
        from cryptography.hazmat.primitives.serialization import NoEncryption, PrivateFormat

        private = self.signing.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
        return orjson.dumps(
            {
                "format": FORMAT,
                "signing": {"private": b64url(private), "created_at": self.signing_created_at},
                "retired": [
                    {
                        "kid": k.kid,
                        "public": b64url(k.public),
                        "created_at": k.created_at,
                        "retired_at": k.retired_at,
                    }
                    for k in self.retired
                ],
                "chain_key": b64url(self.chain_secret),
                "chain_keyed_since": self.chain_keyed_since.isoformat(),
                "chain_legacy": None if self.chain_legacy is None else dict(self.chain_legacy),
                "sealing_secret": b64url(self.sealing_secret),
            },
            option=orjson.OPT_INDENT_2,
        )


def generate(now: datetime) -> Keyring:
    return Keyring(
        signing=Ed25519PrivateKey.generate(),
        signing_created_at=now.astimezone(UTC).isoformat(),
        chain_secret=secrets.token_bytes(32),
        chain_keyed_since=now.astimezone(UTC),
        sealing_secret=secrets.token_bytes(32),
    )


def parse(text: bytes | str, path: Path | None = None) -> Keyring:
    try:
        doc = orjson.loads(text)
        if doc.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} document")
        private = Ed25519PrivateKey.from_private_bytes(unb64url(doc["signing"]["private"]))
        retired = tuple(
            PublishedKey(k["kid"], unb64url(k["public"]), k["created_at"], k["retired_at"])
            for k in doc.get("retired", [])
        )
        for key in retired:
            if key_id(key.public) != key.kid:
                raise ValueError(f"retired key {key.kid} does not match its public key")
        return Keyring(
            signing=private,
            signing_created_at=doc["signing"]["created_at"],
            chain_secret=unb64url(doc["chain_key"]),
            chain_keyed_since=datetime.fromisoformat(doc["chain_keyed_since"]),
            sealing_secret=unb64url(doc["sealing_secret"]),
            retired=retired,
            path=path,
            chain_legacy=_legacy(doc.get("chain_legacy")),
        )
    except (ValueError, KeyError, TypeError) as exc:
        where = path or "TURNLEDGER_KEYRING"
        raise KeyringError(f"the key store in {where} cannot be read: {exc}") from None


def _legacy(found: Any) -> dict[str, int] | None:
    if found is None:
        return None
    if not isinstance(found, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
        for k, v in found.items()
    ):
        raise ValueError("chain_legacy maps battle ids to versions")
    return dict(found)


def write_new(path: Path, keyring: Keyring) -> None:
    """Write a key store that does not exist yet; FileExistsError if another process won."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, aside = tempfile.mkstemp(dir=path.parent, prefix=".keyring-")
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(keyring.to_json())
            out.flush()
            os.fsync(out.fileno())
        os.link(aside, path)
    finally:
        os.unlink(aside)


def replace_file(path: Path, keyring: Keyring) -> None:
    """Write the key store over the old one atomically (rotation)."""
    fd, aside = tempfile.mkstemp(dir=path.parent, prefix=".keyring-")
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(keyring.to_json())
            out.flush()
            os.fsync(out.fileno())
        os.replace(aside, path)
    except BaseException:
        os.unlink(aside)
        raise


def keyring_path(data_dir: Path, configured_file: Path | None) -> Path:
    return configured_file if configured_file is not None else data_dir / FILE_NAME


def load(
    data_dir: Path,
    *,
    configured: str | None = None,
    configured_file: Path | None = None,
    create: bool = True,
    now: datetime | None = None,
) -> Keyring:
    """The key store: from `configured` (its JSON), the configured file, or the data folder's,
    made there once when missing and `create` (the command line's readers never make one)."""
    if configured:
        return parse(configured)
    path = keyring_path(data_dir, configured_file)
    if not path.exists():
        if not create or configured_file is not None:
            raise KeyringError(
                f"no key store at {path}: set TURNLEDGER_KEYRING_FILE or TURNLEDGER_DATA_DIR"
                " to the server's"
            )
        try:
            write_new(path, generate(now or datetime.now(UTC)))
        except FileExistsError:
            pass  # another process of this deployment made it first: use theirs
        except OSError as exc:
            raise KeyringError(f"cannot make the key store at {path}: {exc}") from None
    try:
        return parse(path.read_bytes(), path)
    except OSError as exc:
        raise KeyringError(f"cannot read the key store at {path}: {exc}") from None
