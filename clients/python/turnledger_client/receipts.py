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
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
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
    """Receipts kept per battle, in memory, and in `path` (JSON) when given.

    One book serves every client of a backend: `ReceiptBook.shared(path)` is the same book for
    the same file within a process (and `Client(..., receipts_file=path)` uses it), and books
    of other processes writing the same file merge rather than overwrite: each write takes an
    exclusive lock on a file beside it (`<path>.lock`), reads the file again, adds what it holds
    that the file lacks, and moves the new file into place. So no receipt any of them was given
    is lost, whichever wrote last; `of` reads the file again for receipts others added.
    """

    _books: dict[Path, ReceiptBook] = {}
    _books_lock = threading.Lock()

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self._lock = threading.Lock()
        self._by_battle: dict[str, list[dict[str, Any]]] = {}
        self._seen: tuple[int, int, int] | None = None
        if self.path is not None:
            self._reload()

    @classmethod
    def shared(cls, path: str | Path) -> ReceiptBook:
        """The process's one book for `path` (made on first use)."""
        key = Path(path).resolve()
        with cls._books_lock:
            book = cls._books.get(key)
            if book is None:
                book = cls._books[key] = cls(key)
            return book

    def add(self, receipt: dict[str, Any]) -> None:
        with self._lock:
            kept = self._by_battle.setdefault(receipt["battle_id"], [])
            if receipt in kept:
                return  # a replayed answer brings its receipt again
            kept.append(dict(receipt))
            self._save()

    def of(self, battle_id: str) -> list[dict[str, Any]]:
        """The battle's receipts, in the order they were first kept."""
        with self._lock:
            self._reload()
            return list(self._by_battle.get(battle_id, []))

    def battles(self) -> list[str]:
        """The battles this book holds receipts of."""
        with self._lock:
            self._reload()
            return sorted(self._by_battle)

    def _reload(self) -> None:
        """Merge in what the file holds now (when it changed since it was last read)."""
        if self.path is None:
            return
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return
        identity = (st.st_ino, st.st_mtime_ns, st.st_size)
        if identity == self._seen:
            return
        self._merge(_read(self.path))
        self._seen = identity

    def _merge(self, receipts: list[dict[str, Any]]) -> None:
        for receipt in receipts:
            kept = self._by_battle.setdefault(receipt["battle_id"], [])
            if receipt not in kept:
                kept.append(receipt)

    def _save(self) -> None:
        if self.path is None:
            return
        with _locked(self.path):
            on_disk = _read(self.path)
            self._merge(on_disk)
            written = {_identity(r) for r in on_disk}
            every = on_disk + [
                r for kept in self._by_battle.values() for r in kept if _identity(r) not in written
            ]
            fd, aside = tempfile.mkstemp(dir=self.path.parent, prefix=".receipts-")
            try:
                with os.fdopen(fd, "w") as out:
                    json.dump({"receipts": every}, out)
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(aside, self.path)
            except BaseException:
                os.unlink(aside)
                raise
            st = os.stat(self.path)
            self._seen = (st.st_ino, st.st_mtime_ns, st.st_size)


def _identity(receipt: dict[str, Any]) -> str:
    return json.dumps(receipt, sort_keys=True)


def _read(path: Path) -> list[dict[str, Any]]:
    try:
        text = path.read_text()
    except FileNotFoundError:
        return []
    found = json.loads(text).get("receipts", []) if text.strip() else []
    return [r for r in found if isinstance(r, dict)]


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on `<path>.lock`, between threads and processes (POSIX `flock`;
    on Windows, `msvcrt.locking` on its first byte)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if sys.platform == "win32":  # pragma: no cover
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
