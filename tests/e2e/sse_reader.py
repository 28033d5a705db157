"""A live stream read in a background thread, for end-to-end tests of `/stream`."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from tests.e2e.conftest import Running


@dataclass
class Battle:
    battle_id: str
    director: str
    seats: list[str]


@dataclass
class Reader:
    """A stream read in a thread: the ids of its events, and how many heartbeats came."""

    server: Running
    battle: Battle
    token: str
    after: int | None = None
    ids: list[int] = field(default_factory=list)
    heartbeats: int = 0
    status: int = 0
    stop_at: int | None = None
    opened: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None
    timeout: float = 10
    """Seconds a read may wait for the next bytes (a catch-up waiting its turn sends none)."""

    def start(self) -> Reader:
        threading.Thread(target=self._run, daemon=True).start()
        assert self.opened.wait(15), "the stream did not open"
        return self

    def _run(self) -> None:
        headers = {"Last-Event-ID": str(self.after)} if self.after is not None else {}
        try:
            with (
                self.server.client(self.token, headers=headers, timeout=self.timeout) as http,
                http.stream("GET", f"/battles/{self.battle.battle_id}/stream") as answer,
            ):
                self.status = answer.status_code
                self.opened.set()
                if answer.status_code != 200:
                    return
                for line in answer.iter_lines():
                    if line.startswith("id:"):
                        self.ids.append(int(line[3:].strip()))
                    elif line.startswith(":"):
                        self.heartbeats += 1
                    if self.stop_at is not None and self.ids and self.ids[-1] >= self.stop_at:
                        return
                    if self.done.is_set():
                        return
        except BaseException as exc:  # reported by the test
            self.error = exc
        finally:
            self.opened.set()
            self.done.set()

    def close(self) -> None:
        self.done.set()
