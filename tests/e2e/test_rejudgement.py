"""A whole battle judged again under today's rules, over real HTTP: moves recorded under an
older rule (a step that cost one more) are listed, with both outcomes, in pages; the work
budget bounds a page."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from engine import map_memo
from engine.rulesets.draw_steel import DrawSteel
from engine.rulesets.draw_steel.movement import MovementField
from engine.steps import Legal
from server.app import create_app
from server.operations.cli import app
from server.operations.database import make_engine
from server.operations.embedded_postgres import to_sqlalchemy_url
from server.operations.local_server import serving
from server.operations.settings import Settings
from tests.conftest import as_app_role
from tests.e2e.conftest import Battle, Running
from tests.integration.service.conftest import skirmish

STEPS = [[[1, 2]], [[1, 1]], [[2, 2]]]


@pytest.fixture
def older_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], None]]:
    """Draw Steel as it was before a fix: every step cost one more. Calling the fixture's
    value brings today's rules back (the server runs in this process)."""
    step = MovementField.step

    def dearer(self: MovementField, frm: Any, to: Any) -> Any:
        found = step(self, frm, to)
        return Legal(found.cost + 1, found.reasons) if isinstance(found, Legal) else found

    monkeypatch.setattr(MovementField, "step", dearer)
    monkeypatch.setattr(DrawSteel, "rules_version", "draw-steel/older")
    map_memo.forget()

    def today() -> None:
        monkeypatch.undo()
        map_memo.forget()

    yield today
    map_memo.forget()


def move(server: Running, battle: Battle, path: list[list[int]]) -> dict[str, Any]:
    with server.client(battle.director) as http:
        answer = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "path": path},
        )
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_actions_judged_under_an_older_rule_are_listed_with_both_outcomes(
    server: Running, new_battle: Callable[..., Battle], older_rules: Callable[[], None]
) -> None:
    battle = new_battle()
    old = [move(server, battle, STEPS[0]), move(server, battle, STEPS[1])]
    older_rules()
    same = move(server, battle, STEPS[2])
    with server.client(battle.director) as http:
        whole = http.get(f"/battles/{battle.battle_id}/rejudgement").json()
        first = http.get(f"/battles/{battle.battle_id}/rejudgement", params={"limit": 1}).json()
        rest = http.get(
            f"/battles/{battle.battle_id}/rejudgement",
            params={"after": first["next_after"], "limit": 5},
        ).json()
    assert whole["checked"] == 3 and whole["next_after"] is None
    listed = whole["differing"]
    assert [d["intent_id"] for d in listed] == [a["intent_id"] for a in old]
    assert same["intent_id"] not in {d["intent_id"] for d in listed}
    for found in listed:
        assert found["rule"] is None  # still accepted, at another cost
        assert (found["rules_version_then"], found["matches"]) == ("draw-steel/older", False)
        then = next(e for e in found["recorded"]["events"] if e["type"] == "Moved")
        now = next(e for e in found["judged"]["events"] if e["type"] == "Moved")
        assert then["data"]["cost"] == now["data"]["cost"] + 1
        assert any("cost" in words for words in found["differences"])
    assert first["checked"] == 1 and first["next_after"] is not None
    assert [d["intent_id"] for d in first["differing"] + rest["differing"]] == [
        a["intent_id"] for a in old
    ]
    assert rest["checked"] == 2 and rest["next_after"] is None


def test_only_the_director_rejudges_a_battle(
    server: Running, new_battle: Callable[..., Battle]
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        seat = http.post(f"/battles/{battle.battle_id}/seats", json={"creatures": ["hero"]})
    with server.client(seat.json()["token"]) as http:
        refused = http.get(f"/battles/{battle.battle_id}/rejudgement")
    assert refused.status_code == 403


def test_a_page_shares_one_work_budget_and_past_it_names_the_limit(
    server: Running, new_battle: Callable[..., Battle], module_database: str
) -> None:
    body = skirmish()
    # a wall between the hero and where it goes: each search looks around it first
    wall = {"kind": "wall", "cells": [[6, y] for y in range(0, 12)], "height": 3}
    body["map"] = {"width": 30, "height": 30, "terrain": [wall]}
    body["creatures"][0]["speeds"] = {"walk": 30}
    battle = new_battle(body)
    with server.client(battle.director) as http:
        for to in [[9, 3], [1, 1]] * 15:
            answer = http.post(
                f"/battles/{battle.battle_id}/intents",
                json={"type": "move", "creature": "hero", "to": to},
            )
            assert answer.status_code == 201, answer.text
    settings = Settings(
        database_url=as_app_role(module_database), search_steps=1000, log_level="warning"
    )
    engine = make_engine(as_app_role(module_database), pool_size=2)
    try:
        with (
            serving(create_app(settings, engine), log_level="warning") as url,
            httpx.Client(
                base_url=url, headers={"Authorization": f"Bearer {battle.director}"}, timeout=30
            ) as http,
        ):
            whole = http.get(f"/battles/{battle.battle_id}/rejudgement")
            one = http.get(f"/battles/{battle.battle_id}/rejudgement", params={"limit": 1})
    finally:
        engine.dispose()
    assert whole.status_code == 422, whole.text
    assert whole.json()["rule"] == "limits/too-costly"
    assert "TURNLEDGER_SEARCH_STEPS" in whole.json()["detail"]
    assert one.status_code == 200 and one.json()["checked"] == 1


def test_the_command_line_lists_what_would_differ(
    server: Running,
    new_battle: Callable[..., Battle],
    older_rules: Callable[[], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    battle = new_battle()
    old = move(server, battle, STEPS[0])
    older_rules()
    move(server, battle, STEPS[1])
    monkeypatch.setenv("DATABASE_URL", to_sqlalchemy_url(server.database_uri))
    found = CliRunner().invoke(app, ["rejudge", battle.battle_id])
    assert found.exit_code == 4, found.output
    first = old["events"][0]["version"]
    assert f"v{first}-{old['version']} move by director" in found.output
    assert "cost recorded" in found.output
    assert "2 actions judged again; 1 would differ today" in found.output
