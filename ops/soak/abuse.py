"""The soak's abuse mode: the requests that once took the server down, mixed into its load.

Every period, one abuser sends each of them once (the costly and the malicious alike): a
creation whose terrain repeats a whole-map area, the largest battle within the limits, a
gridless reach with a huge Move, dry runs to a square no route reaches, a replay of a busy
battle, a player choosing their dice, a player's what-if of the director's intents, values of
the wrong kind, and more streams on one token than it may hold; and the edge's abuse
(ops/soak/edge_abuse.py: connections, heads, bodies, forged headers). Each must be answered with
what the limits promise (a 4xx naming the limit, or a bounded success) within its deadline,
never with a 500 or a hang, while the soak's clients go on and its audit still finds nothing
lost; answers during an injected fault may be 503.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from ops.soak.clients import Battle

DEADLINE = 30.0
"""The longest any abusive request may take to be answered (the search budget is 5 s)."""


@dataclass
class AbuseReport:
    sent: Counter[str] = field(default_factory=Counter)
    answered: Counter[tuple[str, int]] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    cut_off: Counter[str] = field(default_factory=Counter)
    """Requests whose connection dropped (an injected fault killed the server)."""
    slowest: float = 0.0


def whole_map_repeated() -> dict[str, Any]:
    whole = {"kind": "difficult", "area": {"from": [0, 0], "to": [199, 199]}}
    return {
        "ruleset": "draw-steel",
        "map": {"width": 200, "height": 200, "terrain": [whole] * 40},
        "creatures": [{"id": "a", "side": "x", "at": [1, 1], "speeds": {"walk": 5}}],
    }


def largest_within_limits() -> dict[str, Any]:
    walls = [
        {"kind": "wall", "area": {"from": [0, y], "to": [199, y]}, "height": 3}
        for y in range(0, 76, 2)
    ]
    creatures = [
        {
            "id": f"c{n:03d}",
            "name": "N" * 200,
            "side": "S" * 64,
            "at": [n % 200, 100 + 2 * (n // 200)],
            "speeds": {"walk": 5},
            "hp": 30,
        }
        for n in range(200)
    ]
    return {
        "ruleset": "draw-steel",
        "map": {"width": 200, "height": 200, "terrain": walls},
        "creatures": creatures,
    }


def walled_in() -> dict[str, Any]:
    """A 200x200 field with a fast hero and a goblin boxed in: a `to` into the box searches
    the whole field before it is refused."""
    box = [[x, y] for x in range(180, 191) for y in (180, 190)]
    box += [[x, y] for y in range(181, 190) for x in (180, 190)]
    return {
        "ruleset": "draw-steel",
        "options": {"turns": False},
        "map": {"width": 200, "height": 200, "terrain": [{"kind": "wall", "cells": box}]},
        "creatures": [
            {"id": "hero", "side": "a", "at": [1, 1], "speeds": {"walk": 400}, "hp": 30},
            {"id": "gob", "side": "b", "at": [185, 185], "speeds": {"walk": 5}, "hp": 5},
        ],
    }


def cluttered_board() -> dict[str, Any]:
    """A 60" board with 100 small obstacles and a fighter with Move 1000."""
    pieces = [
        {
            "kind": "obstacle",
            "polygon": [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]],
            "height": 2,
        }
        for x in range(5, 55, 5)
        for y in range(5, 55, 5)
    ]
    return {
        "ruleset": "warcry",
        "options": {"turns": False},
        "board": {"width": 60, "height": 60, "terrain": pieces},
        "creatures": [{"id": "f1", "side": "a", "at": [2.0, 2.0], "speeds": {"walk": 1000}}],
    }


class Abuser:
    """Sends the abusive requests of one round and checks each answer against its promise."""

    def __init__(self, http: httpx.AsyncClient, report: AbuseReport, hot: list[Battle]) -> None:
        self.http, self.report, self.hot = http, report, hot

    async def ask(
        self, name: str, call: Callable[[], Awaitable[httpx.Response]], allowed: set[int]
    ) -> httpx.Response | None:
        self.report.sent[name] += 1
        began = time.monotonic()
        try:
            answer = await asyncio.wait_for(call(), DEADLINE)
        except TimeoutError:
            self.report.problems.append(f"{name}: no answer within {DEADLINE:.0f} s")
            return None
        except httpx.TransportError:  # the server was killed under it (a fault), not a hang
            self.report.cut_off[name] += 1
            return None
        took = time.monotonic() - began
        self.report.slowest = max(self.report.slowest, took)
        self.report.answered[(name, answer.status_code)] += 1
        if answer.status_code not in allowed | {503}:
            self.report.problems.append(f"{name}: {answer.status_code} {answer.text[:200]}")
        return answer

    async def create(self, body: dict[str, Any]) -> tuple[str, str] | None:
        answer = await self.http.post("/battles", json=body, timeout=DEADLINE)
        if answer.status_code != 201:
            return None
        return answer.json()["battle_id"], answer.json()["director_token"]

    async def seat(self, battle: str, token: str, creatures: list[str]) -> str | None:
        answer = await self.http.post(
            f"/battles/{battle}/seats",
            json={"creatures": creatures},
            headers={"Authorization": f"Bearer {token}"},
        )
        return str(answer.json()["token"]) if answer.status_code == 201 else None

    async def round(self) -> None:
        h = self.http
        await self.ask(
            "whole-map terrain x40", lambda: h.post("/battles", json=whole_map_repeated()), {422}
        )
        await self.ask(
            "largest battle within the limits",
            lambda: h.post("/battles", json=largest_within_limits()),
            {201},
        )
        await self.ask(
            "a boolean for the seed",
            lambda: h.post("/battles", json={**walled_in(), "seed": True}),
            {422},
        )
        made = await self.create(walled_in())
        if made is not None:
            await self.costly_moves(*made)
        board = await self.create(cluttered_board())
        if board is not None:
            battle, token = board
            await self.ask(
                "gridless reach, Move 1000",
                lambda: h.get(
                    f"/battles/{battle}/reach",
                    params={"creature": "f1"},
                    headers={"Authorization": f"Bearer {token}"},
                ),
                {422},
            )
        for battle in self.hot[:1]:
            await self.ask(
                "replay of a busy battle",
                lambda b=battle: h.get(  # type: ignore[misc]
                    f"/battles/{b.battle_id}/replay",
                    headers={"Authorization": f"Bearer {b.token}"},
                ),
                {200},
            )

    async def costly_moves(self, battle: str, token: str) -> None:
        h, auth = self.http, {"Authorization": f"Bearer {token}"}
        into_the_box = {"type": "move", "creature": "hero", "to": [184, 184]}
        await asyncio.gather(
            *(
                self.ask(
                    "dry run to an unreachable square",
                    lambda: h.post(
                        f"/battles/{battle}/intents",
                        params={"dry_run": "true"},
                        json=into_the_box,
                        headers=auth,
                    ),
                    {422},
                )
                for _ in range(3)
            )
        )
        player = await self.seat(battle, token, ["hero"])
        if player is None:
            return
        mine = {"Authorization": f"Bearer {player}"}
        await self.ask(
            "a player's own dice",
            lambda: h.post(
                f"/battles/{battle}/intents",
                json={"type": "move", "creature": "hero", "path": [[1, 2]], "rolls": [10, 10]},
                headers=mine,
            ),
            {403},
        )
        await self.ask(
            "a player's what-if of the director's intent",
            lambda: h.post(
                f"/battles/{battle}/what-if",
                # from the version the battle was created at (a what-if inside the creation
                # action is a 422 naming the versions to choose, which is not this row's point)
                json={"version": 2, "intents": [{"type": "remove", "creature": "gob"}]},
                headers=mine,
            ),
            {403},
        )
        await self.streams(battle, player)

    async def streams(self, battle: str, token: str, cap: int = 8) -> None:
        """One more stream than a token may hold: the last is a 429, the others stay open."""
        url = f"/battles/{battle}/stream"
        opened: list[Any] = []
        try:
            for _ in range(cap):
                request = self.http.build_request(
                    "GET", url, headers={"Authorization": f"Bearer {token}"}
                )
                opened.append(await self.http.send(request, stream=True))
            await self.ask(
                "one stream too many",
                lambda: self.http.get(url, headers={"Authorization": f"Bearer {token}"}),
                {429},
            )
        finally:
            for answer in opened:
                await answer.aclose()


async def abuse_loop(
    base_url: str, every: float, until: float, hot: list[Battle], report: AbuseReport
) -> None:
    """One round of abuse every `every` seconds until `until` (time.monotonic)."""
    from ops.soak.edge_abuse import EdgeAbuser

    async with httpx.AsyncClient(base_url=base_url, timeout=DEADLINE) as http:
        abuser = Abuser(http, report, hot)
        edge = EdgeAbuser(abuser, base_url)
        while time.monotonic() + every < until:
            await asyncio.sleep(every)
            try:
                await asyncio.gather(abuser.round(), edge.round(hot))
            except httpx.TransportError:
                await asyncio.sleep(1)  # the server is being restarted by a fault
