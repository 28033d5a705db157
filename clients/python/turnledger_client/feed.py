"""Where a campaign backend keeps its place in the feed (`GET /feed`): a checkpoint store.

`Client.follow_feed(store)` starts after the checkpoint `store.load()` gives (None: the start)
and calls `store.save(checkpoint)` once the backend is done with each event: when the loop
asks for the next one, so an event the backend was handling when it stopped comes again
(at least once, never skipped). A backend that keeps its own records in a database saves the
checkpoint in the same transaction as what it made of the event: `item.checkpoint` is there
for that, and `CallbackCheckpoint(load)` without `save` leaves the saving to it (exactly once).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from . import calls, wire


class CheckpointStore(Protocol):
    def load(self) -> str | None: ...

    def save(self, checkpoint: str) -> None: ...


class FileCheckpoint:
    """The checkpoint in a file of its own, replaced whole on each save (never half written)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def load(self) -> str | None:
        try:
            found = self.path.read_text().strip()
        except FileNotFoundError:
            return None
        return found or None

    def save(self, checkpoint: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, aside = tempfile.mkstemp(dir=self.path.parent, prefix=".checkpoint-")
        try:
            with os.fdopen(fd, "w") as out:
                out.write(checkpoint)
                out.flush()
                os.fsync(out.fileno())
            os.replace(aside, self.path)
        except BaseException:
            os.unlink(aside)
            raise


class CallbackCheckpoint:
    """The checkpoint kept by the backend: `load` reads it, `save` (when given) writes it;
    without `save`, the backend writes `item.checkpoint` itself, in its own transaction."""

    def __init__(
        self, load: Callable[[], str | None], save: Callable[[str], None] | None = None
    ) -> None:
        self._load, self._save = load, save

    def load(self) -> str | None:
        return self._load()

    def save(self, checkpoint: str) -> None:
        if self._save is not None:
            self._save(checkpoint)


@dataclass(frozen=True)
class FedEvent:
    """An event of the feed and the checkpoint just after it."""

    event: wire.LoggedEvent
    checkpoint: str


def fed_event(checkpoint: str, data: str | bytes) -> FedEvent:
    return FedEvent(calls.logged_event(data), checkpoint)
