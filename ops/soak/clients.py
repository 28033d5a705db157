"""Soak clients: each submits intents with an idempotency key and keeps a ledger of what the
server acknowledged, refused, or never answered; stream subscribers record what they saw."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson

RETRYABLE = {502, 503, 504}


@dataclass
class Entry:
    battle_id: str
    key: str
    body: dict[str, Any]
    outcome: str = "pending"  # acked | refused | failed | server-error
    intent_id: str | None = None
    version: int | None = None
    rule: str | None = None
    attempts: int = 0


@dataclass
class Ledger:
    entries: list[Entry] = field(default_factory=list)
    retries: int = 0
    timeouts_forced: int = 0
    unavailable: int = 0  # 502/503/504 answers: "the database is away, retry"
    transport_errors: int = 0  # no answer at all: the server was down or the client gave up


@dataclass
class Battle:
    battle_id: str
    token: str
    creatures: dict[str, tuple[list[int], list[int]]]  # id -> (home, away)


def hot_battle_body(creatures: int) -> dict[str, Any]:
    return {
        "ruleset": "draw-steel",
        "seed": 11,
        "options": {"turns": False},
        "map": {
            "width": 3 * creatures + 2,
            "height": 8,
            "terrain": [{"kind": "wall", "cells": [[0, 7]]}],
        },
        "creatures": [
            {
                "id": f"c{i}",
                "name": f"Runner {i}",
                "side": "heroes",
                "at": [3 * i + 1, 1],
                "size": "1M",
                "speeds": {"walk": 5},
                "stats": {"might": 1, "agility": 1},
                "hp": 20,
            }
            for i in range(creatures)
        ],
    }


async def create_battle(http: httpx.AsyncClient, creatures: int) -> Battle:
    for _ in range(100):
        try:
            answer = await http.post("/battles", json=hot_battle_body(creatures), timeout=10)
        except httpx.TransportError:
            await asyncio.sleep(0.5)
            continue
        if answer.status_code == 201:
            body = answer.json()
            runners = {f"c{i}": ([3 * i + 1, 1], [3 * i + 1, 4]) for i in range(creatures)}
            return Battle(body["battle_id"], body["director_token"], runners)
        await asyncio.sleep(0.5)
    raise RuntimeError("could not create a battle")


async def submit(
    http: httpx.AsyncClient,
    battle: Battle,
    body: dict[str, Any],
    ledger: Ledger,
    *,
    deadline: float,
    force_timeouts: bool,
    path: str = "intents",
) -> Entry:
    """Send until an answer that is not "try again", always with the same key."""
    entry = Entry(battle.battle_id, uuid.uuid4().hex, body)
    ledger.entries.append(entry)
    headers = {"Authorization": f"Bearer {battle.token}", "Idempotency-Key": entry.key}
    while True:
        entry.attempts += 1
        timeout = 10.0
        if force_timeouts and entry.attempts == 1 and random.random() < 0.1:
            timeout = 0.002  # give up before the answer comes; the retry must not duplicate
            ledger.timeouts_forced += 1
        try:
            answer = await http.post(
                f"/battles/{battle.battle_id}/{path}",
                content=orjson.dumps(body),
                headers={**headers, "Content-Type": "application/json"},
                timeout=timeout,
            )
        except (httpx.TransportError, httpx.TimeoutException):
            answer = None
            ledger.transport_errors += 1
        if answer is not None and answer.status_code in RETRYABLE:
            ledger.unavailable += 1
        if answer is not None and answer.status_code not in RETRYABLE:
            data = answer.json() if answer.content else {}
            if answer.status_code == 201:
                entry.outcome = "acked"
                entry.intent_id = data.get("intent_id")
                entry.version = data.get("version")
            elif answer.status_code in (403, 409, 422):
                entry.outcome = "refused"
                entry.rule = data.get("rule") or data.get("type")
            else:
                entry.outcome = "server-error"
                entry.rule = f"{answer.status_code}: {data.get('detail')}"
            return entry
        if time.monotonic() > deadline:
            entry.outcome = "failed"
            return entry
        ledger.retries += 1
        await asyncio.sleep(0.1 + random.random() * 0.4)


async def play(
    http: httpx.AsyncClient,
    battle: Battle,
    creature: str,
    ledger: Ledger,
    *,
    until: float,
    force_timeouts: bool,
    retry_window: float,
) -> None:
    """Run one creature back and forth; now and then an illegal move, now and then an undo."""
    home, away = battle.creatures[creature]
    going_away = True
    while time.monotonic() < until:
        roll = random.random()
        if roll < 0.08:
            body: dict[str, Any] = {"type": "move", "creature": creature, "to": [0, 7]}  # a wall
        elif roll < 0.12:
            body = {}
            entry = await submit(
                http,
                battle,
                body,
                ledger,
                deadline=time.monotonic() + retry_window,
                force_timeouts=force_timeouts,
                path="undo",
            )
            continue
        else:
            body = {"type": "move", "creature": creature, "to": away if going_away else home}
        entry = await submit(
            http,
            battle,
            body,
            ledger,
            deadline=time.monotonic() + retry_window,
            force_timeouts=force_timeouts,
        )
        if entry.outcome in ("acked", "refused") and body.get("to") != [0, 7]:
            going_away = not going_away


@dataclass
class Subscriber:
    battle: Battle
    versions: list[int] = field(default_factory=list)
    reconnects: int = 0

    async def run(self, base_url: str, stop: asyncio.Event) -> None:
        last = 0
        async with httpx.AsyncClient(base_url=base_url, timeout=None) as http:
            while not stop.is_set():
                headers = {"Accept": "text/event-stream"}
                if last:
                    headers["Last-Event-ID"] = str(last)
                try:
                    async with http.stream(
                        "GET",
                        f"/battles/{self.battle.battle_id}/stream",
                        params={"token": self.battle.token},
                        headers=headers,
                    ) as answer:
                        if answer.status_code != 200:
                            await asyncio.sleep(0.5)
                            continue
                        async for line in answer.aiter_lines():
                            if line.startswith("id:"):
                                version = int(line[3:].strip())
                                self.versions.append(version)
                                last = version
                            if stop.is_set():
                                break
                except (httpx.TransportError, httpx.RemoteProtocolError):
                    pass
                if not stop.is_set():
                    self.reconnects += 1
                    await asyncio.sleep(0.3)
