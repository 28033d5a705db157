"""The soak's abuse of the edge (issue "The edge holds"), mixed into its load each round.

Over real sockets, from loopback addresses of their own (127.0.0.x: so the soak's clients
keep their per-address connections): more half-open connections than one address may hold,
a head dripped a byte at a time, a chunked body that never ends, a huge header, a retried
creation's key sent from another address with the creator's in `X-Forwarded-For`, another
player's idempotency key replayed, a seat named with a NUL, a `Last-Event-ID` that is a
Unicode digit or past the head, streams catching up a busy battle from its start, and eight
`/verify` at once by a player. Each answer is checked against what the server promises
(server/api/edge.py and the README's limits), never a 500 or a hang.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import httpx

from ops.soak.abuse import Abuser
from ops.soak.clients import Battle

HEADER_TIMEOUT, BODY_TIMEOUT, PER_CLIENT = 10.0, 30.0, 256
"""The server's defaults (TURNLEDGER_HEADER_TIMEOUT, _BODY_TIMEOUT, _MAX_CONNECTIONS_PER_CLIENT)."""


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0


class EdgeAbuser:
    def __init__(self, abuser: Abuser, base_url: str) -> None:
        self.abuser = abuser
        host, port = base_url.removeprefix("http://").rsplit(":", 1)
        self.host, self.port = host, int(port)

    async def _open(self, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection(self.host, self.port, local_addr=(source, 0))

    async def _raw(self, source: str, send: list[tuple[bytes, float]], wait: float) -> int:
        """Send the pieces (each after its pause) until the server answers; its status."""
        reader, writer = await self._open(source)
        answer = asyncio.create_task(reader.read(65536))
        try:
            for piece, pause in send:
                if answer.done():
                    break  # answered (and closing): writing on would only earn a reset
                with contextlib.suppress(ConnectionError):
                    writer.write(piece)
                    await writer.drain()
                await asyncio.sleep(pause)
            with contextlib.suppress(TimeoutError, ConnectionError):
                return status_of(await asyncio.wait_for(answer, wait))
            return 0
        finally:
            answer.cancel()
            writer.close()

    async def _check(self, name: str, status: int, allowed: set[int]) -> None:
        report = self.abuser.report
        report.sent[name] += 1
        report.answered[(name, status)] += 1
        if status not in allowed:
            report.problems.append(f"{name}: {status}")

    async def round(self, hot: list[Battle]) -> None:
        await asyncio.gather(
            self.half_open(),
            self.drip_head(),
            self.endless_body(),
            self.huge_header(),
            self.header_rows(hot),
        )

    async def half_open(self) -> None:
        """More idle connections than one address may hold: the extra ones are 503."""
        opened = []
        try:
            for _ in range(PER_CLIENT + 20):
                with contextlib.suppress(OSError):
                    opened.append(await self._open("127.0.0.3"))
            reader, writer = opened[-1]
            with contextlib.suppress(TimeoutError, ConnectionError):
                answer = await asyncio.wait_for(reader.read(65536), 5)
                await self._check("half-open connections past the cap", status_of(answer), {503})
        finally:
            for _, writer in opened:
                writer.close()

    async def drip_head(self) -> None:
        pieces = [(b"GET /healthz HTTP/1.1\r\n", 0.5)] + [(b"X", 0.5)] * 40
        status = await self._raw("127.0.0.4", pieces, HEADER_TIMEOUT)
        await self._check("a head dripped a byte at a time", status, {408})

    async def endless_body(self) -> None:
        head = (
            b"POST /battles HTTP/1.1\r\nHost: s\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n1\r\n{\r\n"
        )
        pieces = [(head, 1.0)] + [(b"1\r\n \r\n", 1.0)] * int(BODY_TIMEOUT + 5)
        status = await self._raw("127.0.0.5", pieces, 10)
        await self._check("a chunked body that never ends", status, {408})

    async def huge_header(self) -> None:
        pieces = [(b"GET /healthz HTTP/1.1\r\nHost: s\r\n", 0.0)]
        pieces += [(b"X-Pad: " + b"p" * 4000 + b"\r\n", 0.0)] * 250  # 1 MB offered
        status = await self._raw("127.0.0.6", pieces, 10)
        await self._check("a 1 MB request head", status, {431})

    async def header_rows(self, hot: list[Battle]) -> None:
        a, h = self.abuser, self.abuser.http
        body = {
            "ruleset": "draw-steel",
            "map": {"width": 8, "height": 8},
            "creatures": [
                {"id": "hero", "side": "a", "at": [1, 1], "speeds": {"walk": 5}},
                {"id": "gob", "side": "b", "at": [5, 5], "speeds": {"walk": 5}},
            ],
            "options": {"turns": False},
        }
        key = {"Idempotency-Key": f"edge-{id(self)}-{a.report.sent['edge rounds']}"}
        a.report.sent["edge rounds"] += 1
        first = await h.post("/battles", json=body, headers=key)
        if first.status_code != 201:
            return
        battle, director = first.json()["battle_id"], first.json()["director_token"]
        transport = httpx.AsyncHTTPTransport(local_address="127.0.0.7")
        async with httpx.AsyncClient(base_url=str(h.base_url), transport=transport) as other:
            forged = await a.ask(
                "a retried creation from another address with the creator's X-Forwarded-For",
                lambda: other.post(
                    "/battles", json=body, headers={**key, "X-Forwarded-For": "127.0.0.1"}
                ),
                {201, 429},
            )
        if forged is not None and forged.json().get("director_token") == director:
            a.report.problems.append("a forged retry got the creator's director token")
        await self.battle_rows(battle, director, hot)

    async def battle_rows(self, battle: str, director: str, hot: list[Battle]) -> None:
        a, h = self.abuser, self.abuser.http
        auth = {"Authorization": f"Bearer {director}"}
        await a.ask(
            "a seat named a\\u0000",
            lambda: h.post(
                f"/battles/{battle}/seats",
                json={"creatures": ["hero"], "name": "a\x00"},
                headers=auth,
            ),
            {422},
        )
        hero, gob = (
            await a.seat(battle, director, ["hero"]),
            await a.seat(battle, director, ["gob"]),
        )
        if hero is None or gob is None:
            return
        move: dict[str, Any] = {"type": "move", "creature": "hero", "path": [[1, 2]]}
        key = {"Idempotency-Key": "hero-move"}
        await h.post(
            f"/battles/{battle}/intents",
            json=move,
            headers={**key, "Authorization": f"Bearer {hero}"},
        )
        await a.ask(
            "another player's idempotency key replayed",
            lambda: h.post(
                f"/battles/{battle}/intents",
                json=move,
                headers={**key, "Authorization": f"Bearer {gob}"},
            ),
            {403},
        )
        stream = f"/battles/{battle}/stream"
        await a.ask(
            "Last-Event-ID a Unicode digit",
            lambda: h.get(stream, headers={**auth, "Last-Event-ID": b"\xb2"}),  # type: ignore[dict-item]
            {422},
        )
        await a.ask(
            "Last-Event-ID past the head",
            lambda: h.get(stream, headers={**auth, "Last-Event-ID": "100000"}),
            {409},
        )
        await asyncio.gather(*(self.catch_up(b) for b in hot[:1]), self.verifies(battle, hero))

    async def catch_up(self, battle: Battle) -> None:
        """Eight streams of one token catching up a busy battle from its start, read for a
        few seconds (their cost is paced by the server's catch-up budget)."""
        h, url = self.abuser.http, f"/battles/{battle.battle_id}/stream"
        opened = []
        try:
            for _ in range(8):
                request = h.build_request(
                    "GET",
                    url,
                    headers={"Authorization": f"Bearer {battle.token}", "Last-Event-ID": "0"},
                )
                answer = await h.send(request, stream=True)
                opened.append(answer)
                await self._check(
                    "a stream catching up from version 0", answer.status_code, {200, 429, 503}
                )
            await asyncio.sleep(3)
        finally:
            for answer in opened:
                await answer.aclose()

    async def verifies(self, battle: str, player: str) -> None:
        h = self.abuser.http
        answers = await asyncio.gather(
            *(
                h.get(f"/battles/{battle}/verify", headers={"Authorization": f"Bearer {player}"})
                for _ in range(8)
            ),
            return_exceptions=True,
        )
        for answer in answers:
            if isinstance(answer, httpx.Response):
                await self._check(
                    "eight /verify at once by a player", answer.status_code, {200, 429, 503}
                )
