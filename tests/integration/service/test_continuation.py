"""Who may continue another battle's creatures: its director, or the API key that made it."""

from __future__ import annotations

from typing import Any

import pytest

from server.api.routes.battles import continue_from
from server.commands.battles import CreatedBattle
from server.errors import BadRequest, NotFound
from server.wiring import Wired
from tests.integration.service.conftest import skirmish

BODY = {**skirmish(), "creatures": [{"id": "hero", "at": [5, 5]}]}
ASKED = {"creatures": ["hero"]}


class Deps:
    def __init__(self, wired: Wired) -> None:
        self.ports = wired.ports
        self.catalog = wired.catalog


def made(service: Any, key: str | None) -> CreatedBattle:
    battle = service.create_battle(skirmish(), created_by=key)
    assert isinstance(battle, CreatedBattle)
    return battle


def test_the_old_director_may_continue_its_creatures_and_no_one_else(
    service: Any, wired: Wired
) -> None:
    old = made(service, None)
    deps, asked = Deps(wired), {**ASKED, "battle_id": old.battle_id}
    body, source = continue_from(deps, old.director_token, "ip:1.2.3.4", BODY, asked)
    assert source == {"battle_id": old.battle_id, "version": old.version, "creatures": ["hero"]}
    assert body["creatures"][0]["side"] == "heroes" and body["creatures"][0]["at"] == [5, 5]
    director = service.authenticate(old.battle_id, old.director_token)
    _, player = service.add_seat(director, ["hero"], None)
    for token in (None, player, "dir_not-a-token"):
        with pytest.raises(NotFound) as refused:
            continue_from(deps, token, "ip:1.2.3.4", BODY, asked)
        assert str(refused.value) == str(missing(deps, old.battle_id))


def test_the_api_key_that_made_a_battle_may_continue_it(service: Any, wired: Wired) -> None:
    old = made(service, "key:abc")
    deps, asked = Deps(wired), {**ASKED, "battle_id": old.battle_id}
    body, _ = continue_from(deps, None, "key:abc", BODY, asked)
    assert body["creatures"][0]["id"] == "hero"
    with pytest.raises(NotFound):
        continue_from(deps, None, "key:other", BODY, asked)


def missing(deps: Deps, battle_id: str) -> NotFound:
    """What continuing a battle that does not exist answers, with the id `battle_id`."""
    with pytest.raises(NotFound) as raised:
        continue_from(deps, None, "ip:9.9.9.9", BODY, {**ASKED, "battle_id": battle_id + "x"})
    return NotFound(str(raised.value).replace(battle_id + "x", battle_id))


def test_a_caller_without_rights_hears_what_a_missing_battle_answers(
    service: Any, wired: Wired
) -> None:
    """No oracle: neither the battle's existence nor its head leaks to a stranger, whatever
    version it asks for."""
    old = made(service, "key:abc")
    deps = Deps(wired)
    for version in (None, 1, 10**9):
        asked = {**ASKED, "battle_id": old.battle_id, **({"version": version} if version else {})}
        with pytest.raises(NotFound) as refused:
            continue_from(deps, "dir_wrong", "ip:1.2.3.4", BODY, asked)
        assert str(refused.value) == str(missing(deps, old.battle_id))


def test_an_unknown_battle_or_a_version_past_its_head_is_named(service: Any, wired: Wired) -> None:
    old = made(service, "key:abc")
    deps = Deps(wired)
    with pytest.raises(NotFound, match="nope"):
        continue_from(deps, None, "key:abc", BODY, {**ASKED, "battle_id": "nope"})
    with pytest.raises(BadRequest, match="not 50"):
        continue_from(
            deps, None, "key:abc", BODY, {**ASKED, "battle_id": old.battle_id, "version": 50}
        )
