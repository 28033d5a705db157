"""Reading server-sent events: the lines of one stream, grouped into messages."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Message:
    """One server-sent event."""

    event: str = "message"
    data: str = ""
    id: str | None = None


class Parser:
    """Feed lines one by one; a blank line ends a message, which `feed` then returns."""

    def __init__(self) -> None:
        self._event: str = ""
        self._data: list[str] = []
        self._id: str | None = None

    def feed(self, line: str) -> Message | None:
        if not line:
            if not self._data:
                self._event, self._id = "", None
                return None
            done = Message(self._event or "message", "\n".join(self._data), self._id)
            self._event, self._data, self._id = "", [], None
            return done
        if line.startswith(":"):
            return None  # a comment: the server's keep-alive ping
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id":
            self._id = value
        return None
