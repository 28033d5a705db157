from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Engine

from events.store_postgres import PostgresEventStore
from server.battle_directory import BattleDirectory
from server.battle_service import BattleService
from tests.cast import goblin, tactician


def utc_now() -> datetime:
    return datetime.now(UTC)


def skirmish() -> dict[str, Any]:
    """The battle of DESIGN.md section 9, small enough to reason about."""
    return {
        "ruleset": "draw-steel",
        "seed": 7,
        "options": {"turns": False, "opportunity_attacks": "ask"},
        "map": {
            "width": 12,
            "height": 8,
            "terrain": [
                {"kind": "wall", "cells": [[3, 0], [3, 1]], "height": 3},
                {"kind": "difficult", "area": {"from": [5, 5], "to": [6, 6]}},
            ],
        },
        "creatures": [tactician([1, 1]), goblin([9, 1])],
    }


@pytest.fixture
def service(engine: Engine) -> Iterator[BattleService]:
    store = PostgresEventStore(engine, utc_now, notify="off")
    yield BattleService(store, BattleDirectory(engine), utc_now, snapshot_every=5)
    store.close()
