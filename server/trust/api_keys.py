"""API keys, kept outside the database beside the server's other keys (server/trust/keyring.py).

A campaign backend holds an API key; each key owns the battles it creates (their `created_by`
is the key's scope), lists them by tag, follows them all on one feed (server/campaign/feed.py)
and acts as their director. Keys are made, listed and revoked with `turnledger keys`; a revoked key
opens nothing from the next request on (every server process looks at the file's identity
before it trusts what it read, a `stat`, so a revocation by the command line reaches running
servers without a restart). `TURNLEDGER_API_KEY`, when set, is one more key, as before.

The file (`api-keys.json` in `TURNLEDGER_DATA_DIR`, or `TURNLEDGER_API_KEYS_FILE`) keeps each
key's name, the sha256 of its secret (keys carry 256 random bits, so a plain hash is sound),
when it was made and when it was revoked: never the secret, which is shown once. Writers take
an exclusive lock on a file beside it and read it again under the lock, so two `keys create`
at once both land; the new file is written aside and moved into place.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

import orjson

FORMAT = "turnledger-api-keys-v1"
FILE_NAME = "api-keys.json"
FIRST_KEY = "first"
"""The name of the key a default server makes at its first start."""
ENV_KEY = "TURNLEDGER_API_KEY"
"""The name `TURNLEDGER_API_KEY` goes by among the keys."""
NAME_PATTERN = r"^[A-Za-z0-9_.-]{1,64}$"


class ApiKeyError(Exception):
    """The key store cannot do what was asked: one line saying why."""


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def scope_of(digest: str) -> str:
    """The scope a key's battles are created under (as `client_of` has always scoped keys)."""
    return "key:" + digest[:32]


@dataclass(frozen=True)
class ApiKey:
    name: str
    digest: str
    created_at: str
    revoked_at: str | None = None

    @property
    def scope(self) -> str:
        return scope_of(self.digest)

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    def shown(self) -> dict[str, str | None]:
        return {
            "name": self.name,
            "scope": self.scope,
            "created_at": self.created_at,
            "revoked_at": self.revoked_at,
        }


def new_secret() -> str:
    return "tlk_" + secrets.token_urlsafe(32)


def keys_path(data_dir: Path, configured: Path | None) -> Path:
    return configured if configured is not None else data_dir.expanduser() / FILE_NAME


class KeyFile:
    """The key store's file: read, and changed under its lock."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> list[ApiKey]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise ApiKeyError(f"cannot read the API keys at {self.path}: {exc}") from None
        return _parse(raw, self.path)

    def create(self, name: str, now: datetime) -> tuple[ApiKey, str]:
        """A new key named `name` (unique among keys not revoked); its secret, shown once."""
        _check_name(name)
        with self._locked():
            keys = self.read()
            if any(k.name == name and not k.revoked for k in keys):
                raise ApiKeyError(f"a key named {name!r} exists already (revoke it first)")
            secret = new_secret()
            made = ApiKey(name, digest_of(secret), now.isoformat())
            self._write([*keys, made])
        return made, secret

    def create_first(self, now: datetime) -> str | None:
        """The first key's secret when the file did not exist (a default server's first
        start); None when it exists, even empty: a server never makes a second first key."""
        with self._locked():
            if self.path.exists():
                return None
            secret = new_secret()
            self._write([ApiKey(FIRST_KEY, digest_of(secret), now.isoformat())])
        return secret

    def revoke(self, name: str, now: datetime) -> ApiKey:
        with self._locked():
            keys = self.read()
            live = [k for k in keys if k.name == name and not k.revoked]
            if not live:
                raise ApiKeyError(f"no key named {name!r} that is not revoked")
            revoked = replace(live[0], revoked_at=now.isoformat())
            self._write([revoked if k is live[0] else k for k in keys])
        return revoked

    @contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock = self.path.with_name(self.path.name + ".lock")
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock

    def _write(self, keys: list[ApiKey]) -> None:
        doc = {
            "format": FORMAT,
            "keys": [
                {
                    "name": k.name,
                    "sha256": k.digest,
                    "created_at": k.created_at,
                    "revoked_at": k.revoked_at,
                }
                for k in keys
            ],
        }
        fd, aside = tempfile.mkstemp(dir=self.path.parent, prefix=".api-keys-")
        try:
            os.fchmod(fd, 0o600)
            with os.fdopen(fd, "wb") as out:
                out.write(orjson.dumps(doc, option=orjson.OPT_INDENT_2))
                out.flush()
                os.fsync(out.fileno())
            os.replace(aside, self.path)
        except BaseException:
            os.unlink(aside)
            raise


def _check_name(name: str) -> None:
    import re

    if not re.match(NAME_PATTERN, name):
        raise ApiKeyError(f"a key's name is 1 to 64 letters, digits, '_', '.', '-': {name!r}")


def _parse(raw: bytes, path: Path) -> list[ApiKey]:
    try:
        doc = orjson.loads(raw)
        if doc.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} document")
        return [
            ApiKey(k["name"], k["sha256"], k["created_at"], k.get("revoked_at"))
            for k in doc["keys"]
        ]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ApiKeyError(f"the API keys in {path} cannot be read: {exc}") from None


class ApiKeys:
    """The keys a server accepts: the file's (read again whenever it changed) and
    `TURNLEDGER_API_KEY`'s."""

    def __init__(self, file: KeyFile | None, env_secret: str | None = None) -> None:
        self._file = file
        self._env = ApiKey(ENV_KEY, digest_of(env_secret), "configured") if env_secret else None
        self._seen: tuple[int, int, int] | None = None
        self._by_digest: dict[str, ApiKey] = {}

    @property
    def path(self) -> Path | None:
        return None if self._file is None else self._file.path

    @property
    def required(self) -> bool:
        """Whether creating battles needs a key (only when `TURNLEDGER_API_KEY` is set: a
        default server keeps creating battles without one, as it always did)."""
        return self._env is not None

    def find(self, secret: str) -> ApiKey | None:
        """The key `secret` is (revoked ones included: the caller says so), or None."""
        digest = digest_of(secret)
        if self._env is not None and self._env.digest == digest:
            return self._env
        return self._current().get(digest)

    def find_digest(self, digest: str) -> ApiKey | None:
        """The key of that sha256 digest, as the file says now."""
        if self._env is not None and self._env.digest == digest:
            return self._env
        return self._current().get(digest)

    def listed(self) -> list[ApiKey]:
        return list(self._current().values())

    def _current(self) -> dict[str, ApiKey]:
        if self._file is None:
            return {}
        try:
            st = os.stat(self._file.path)
            identity = (st.st_ino, st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            identity = (0, 0, 0)
        if identity != self._seen:
            # a newer name for a digest wins, so a file read mid-way can only add keys
            self._by_digest = {k.digest: k for k in self._file.read()}
            self._seen = identity
        return self._by_digest
