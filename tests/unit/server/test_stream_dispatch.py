"""The hub's live fan-out in one pass: each read's events of a battle go to every stream of it
at once (a waiting stream's sink, else its queue), a stream's failure is its own, a read is
encoded once per kind of reader and framed once for all, and what it costs is counted."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from events.envelope import Envelope
from server.api.edge import DirectBody
from server.api.stream import Follower
from server.api.stream_encoding import EncodedEvents
from server.readers.redaction import DIRECTOR, PLAYER
from server.state.stream_hub import StreamHub, Subscription


def envelope(battle: str, version: int, position: int) -> Envelope:
    return Envelope(
        battle_id=battle,
        version=version,
        global_position=position,
        type="TokenMoved",
        schema_version=1,
        data={"token": "gob", "to": [version, 1]},
        intent_id=f"i{version}",
        causation_id=None,
        correlation_id=None,
        actor="director",
        rules_version=None,
        recorded_at=datetime(2026, 1, 1, tzinfo=UTC),
        prev_hash=b"",
        hash=b"",
    )


class Connection:
    """A connection the client reads at once: what was written to it."""

    writable = True
    unsent = 0

    def __init__(self) -> None:
        self.written: list[bytes] = []

    frame = staticmethod(DirectBody.frame)

    def write(self, framed: bytes) -> int:
        self.written.append(framed)
        return 0


def hub() -> StreamHub:
    return StreamHub("", lambda c, n: None, lambda: None, per_token=10, safety_interval=5)  # type: ignore[arg-type,return-value]


def live(made: StreamHub, battle: str, key: Any, kind: str, encoded: EncodedEvents) -> Follower:
    """A stream of `battle` waiting live after version 0 (its sink set, as its task sets it)."""
    sub = Subscription(battle, key)
    made._subs.setdefault(battle, set()).add(sub)
    follower = Follower(made, sub, lambda b, a, u: [], after=0, kind=kind, encoded=encoded)
    follower.body = Connection()
    sub.sink = follower.push
    return follower


def test_a_read_reaches_every_stream_of_its_battle_in_one_pass_encoded_once_per_kind() -> None:
    async def scenario() -> None:
        made, encoded = hub(), EncodedEvents(2**20)
        directors = [live(made, "b", n, DIRECTOR, encoded) for n in range(3)]
        players = [live(made, "b", 10 + n, PLAYER, encoded) for n in range(3)]
        other = live(made, "c", 20, DIRECTOR, encoded)
        waking = Subscription("b", 30)  # a stream catching up: its events are queued
        made._subs["b"].add(waking)
        read = (envelope("b", 1, 1), envelope("c", 1, 2), envelope("b", 2, 3))
        made._dispatch(read)
        for group in (directors, players):
            chunks = [f.body.written for f in group]  # type: ignore[union-attr]
            assert all(len(c) == 1 for c in chunks)  # one write per stream for the read
            assert all(c[0] is chunks[0][0] for c in chunks)  # the very same bytes
            assert [f.last for f in group] == [2, 2, 2]
        # each kind its own encoding (equal bytes here: a move has no secret in it)
        assert directors[0].body.written[0] is not players[0].body.written[0]  # type: ignore[union-attr]
        assert encoded.encoded == 2 * 2 + 1  # b: two events, two kinds; c: one; each once
        assert b"id: 1\r\n" in other.body.written[0]  # type: ignore[union-attr]
        assert b"id: 2\r\n" not in other.body.written[0]  # type: ignore[union-attr]
        waking._behind = False
        assert [e.version for e in waking.ready(10)] == [1, 2]
        assert made.handed_live == 7 and made.fanout.events == 2 * 7 + 1 * 1
        assert made.fanout.seconds > 0

    asyncio.run(scenario())


def test_a_stream_whose_sink_fails_goes_back_to_the_log_and_the_others_go_on() -> None:
    async def scenario() -> None:
        made, encoded = hub(), EncodedEvents(2**20)
        good = live(made, "b", 1, DIRECTOR, encoded)
        bad = live(made, "b", 2, DIRECTOR, encoded)

        def broken(framed: bytes) -> int:
            raise OSError("the connection broke")

        bad.body.write = broken  # type: ignore[union-attr,method-assign]
        made._dispatch((envelope("b", 1, 1),))
        made._dispatch((envelope("b", 2, 2),))
        assert [good.last, bad.last] == [2, 0]  # nothing counted as sent that was not
        assert bad.sub.sink is None and bad.sub.catch_up_needed()  # reads the log instead
        assert made.sink_failures == 1
        assert len(good.body.written) == 2  # type: ignore[union-attr]

    asyncio.run(scenario())


def test_a_read_that_overlaps_or_skips_versions_is_written_in_order_or_sent_to_the_log() -> None:
    async def scenario() -> None:
        made, encoded = hub(), EncodedEvents(2**20)
        follower = live(made, "b", 1, DIRECTOR, encoded)
        follower.last = 2  # versions 1 and 2 came with the catch-up
        made._dispatch(tuple(envelope("b", v, v) for v in (1, 2, 3, 4)))
        assert follower.last == 4
        assert follower.body.written[0].count(b"id: ") == 2  # type: ignore[union-attr]
        made._dispatch((envelope("b", 6, 6),))  # 5 was never handed
        assert follower.last == 4 and follower.sub.sink is None
        assert follower.sub.catch_up_needed()

    asyncio.run(scenario())
