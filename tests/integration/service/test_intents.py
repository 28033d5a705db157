"""The service on PostgreSQL: create, decide, append, project, and answer."""

from __future__ import annotations

from typing import Any

from engine.results import Refused
from engine.view import battle_view
from events.vocabulary import registry
from projections import fold
from projections.history import effective_events
from server.commands.battles import CreatedBattle
from tests.integration.service.calls import BattleCalls
from tests.integration.service.conftest import skirmish


def created(service: BattleCalls) -> CreatedBattle:
    battle = service.create_battle(skirmish())
    assert isinstance(battle, CreatedBattle)
    return battle


def test_a_created_battle_is_readable_by_its_director(service: BattleCalls) -> None:
    battle = created(service)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None and director.is_director
    view = service.view(battle.battle_id)
    assert view["version"] == battle.version == 2
    assert view["creatures"]["hero"]["position"] == [1, 1, 0]
    assert service.authenticate(battle.battle_id, "dir_wrong") is None


def test_an_accepted_move_is_appended_and_the_read_model_follows(service: BattleCalls) -> None:
    battle = created(service)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None

    outcome = service.submit(
        director, {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]}
    )

    assert outcome.refused is None
    assert [e.type for e in outcome.envelopes][:2] == ["IntentAccepted", "Moved"]
    view = service.view(battle.battle_id)
    assert view["version"] == outcome.version
    assert view["creatures"]["hero"]["position"] == [1, 3, 0]
    log = service.store.read_stream(battle.battle_id)
    assert view == {
        "battle_id": battle.battle_id,
        **battle_view(fold(effective_events(log, registry))),
        "version": outcome.version,
    }


def test_a_refused_intent_appends_nothing(service: BattleCalls) -> None:
    battle = created(service)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    before = service.store.head_version(battle.battle_id)

    outcome = service.submit(director, {"type": "move", "creature": "hero", "path": [[3, 1]]})

    assert isinstance(outcome.refused, Refused)
    assert service.store.head_version(battle.battle_id) == before


def test_a_retried_intent_with_its_key_returns_the_first_answer(service: BattleCalls) -> None:
    battle = created(service)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    body = {"type": "move", "creature": "hero", "path": [[1, 2]]}

    first = service.submit(director, body, idempotency_key="abc")
    again = service.submit(director, body, idempotency_key="abc")

    assert again.replayed and again.version == first.version
    assert again.trace == first.trace
    assert service.store.head_version(battle.battle_id) == first.version


def test_a_player_moves_only_their_own_creatures(service: BattleCalls) -> None:
    battle = created(service)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    _, token = service.add_seat(director, ["hero"], "Ana")
    player = service.authenticate(battle.battle_id, token)
    assert player is not None and not player.is_director

    mine = service.submit(player, {"type": "move", "creature": "hero", "path": [[1, 2]]})
    theirs = service.submit(player, {"type": "move", "creature": "gob", "path": [[9, 2]]})

    assert mine.refused is None
    assert theirs.refused is not None and theirs.refused.rule == "auth/not-your-creature"


def test_state_at_every_version_matches_a_fold_of_the_log(service: BattleCalls) -> None:
    battle = created(service)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    for path in ([[1, 2]], [[1, 3]], [[2, 3]], [[2, 4]], [[3, 4]], [[4, 4]]):
        assert (
            service.submit(director, {"type": "move", "creature": "hero", "path": path}).refused
            is None
        )
    log = service.store.read_stream(battle.battle_id)
    for v in range(1, len(log) + 1):
        expected = battle_view(fold(effective_events(log[:v], registry)))
        got = service.view(battle.battle_id, version=v)
        assert {k: got[k] for k in expected} == expected


def test_the_read_model_taking_only_changes_stays_the_whole_view_through_history(
    service: BattleCalls, history: Any
) -> None:
    battle = created(service)
    director = service.authenticate(battle.battle_id, battle.director_token)
    assert director is not None
    kobold = {"id": "kobold", "name": "Kobold", "side": "monsters", "at": [6, 2]}
    kobold |= {"speeds": {"walk": 5}, "stats": {"might": 0, "agility": 1}, "hp": 5}
    steps: list[Any] = [
        {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]},
        {"type": "place", "creature": kobold},
        {"type": "set_condition", "creature": "gob", "condition": "slowed"},
        {"type": "remove", "creature": "kobold"},
        {"type": "set_terrain", "kind": "difficult", "cells": [[2, 2]]},
        {"type": "move", "creature": "gob", "path": [[9, 2]]},
        "undo",
        "rewind",
        {"type": "move", "creature": "hero", "path": [[2, 3]]},
    ]
    for step in steps:
        if step == "undo":
            outcome = history.undo(director)
        elif step == "rewind":
            outcome = history.undo(director, to_version=4)
        else:
            outcome = service.submit(director, step)
        assert outcome.refused is None, (step, outcome.refused)
        stored = service.store.read_view(battle.battle_id)
        assert stored is not None and stored.version == outcome.version, step
        log = service.store.read_stream(battle.battle_id)
        whole = battle_view(fold(effective_events(log, registry)))
        assert service.view(battle.battle_id) == {
            "battle_id": battle.battle_id,
            **whole,
            "version": outcome.version,
        }, step
