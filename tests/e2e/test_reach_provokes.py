"""Reach and options over real HTTP mark the squares whose move would provoke, each with who
reacts and why, as a dry run of the move there lists them; a player is never shown the
reaction of a creature hidden from it (DESIGN section 8, reach; section 3, what a reader
knows)."""

from __future__ import annotations

from typing import Any

from tests.cast import goblin, tactician
from tests.e2e.conftest import Running, seat
from tests.integration.service.conftest import skirmish


def ambush() -> dict[str, Any]:
    body = skirmish()
    lurker = {"id": "lurker", "name": "Lurker", "side": "monsters", "at": [2, 3], "hidden": True}
    body["creatures"] = [
        tactician([2, 2]),
        goblin([1, 2]),
        {**lurker, "speeds": {"walk": 5}, "hp": 5},
    ]
    return body


def marked(reach: dict[str, Any]) -> dict[tuple[int, int], list[str]]:
    return {
        (sq["at"][0], sq["at"][1]): [p["reactor"] for p in sq["provokes"]]
        for sq in reach["squares"]
        if "provokes" in sq
    }


def test_the_director_sees_every_reactor_and_a_player_only_those_it_can_see(
    server: Running, new_battle
) -> None:
    battle = new_battle(ambush())
    url = f"/battles/{battle.battle_id}"
    player = seat(server, battle, ["hero"])
    with server.client(battle.director) as http:
        directors = http.get(f"{url}/reach", params={"creature": "hero"}).json()
        dry = http.post(
            f"{url}/intents",
            params={"dry_run": "true"},
            json={"type": "move", "creature": "hero", "to": [6, 2]},
        ).json()
    with server.client(player) as http:
        players = http.get(f"{url}/reach", params={"creature": "hero"}).json()
        shifted = http.get(f"{url}/reach", params={"creature": "hero", "kind": "shift"}).json()
        options = http.get(f"{url}/creatures/hero/options").json()
    seen_by_director = marked(directors)
    assert sorted(seen_by_director[(6, 2)]) == ["gob", "lurker"]
    assert sorted(seen_by_director[(6, 2)]) == sorted(r["reactor"] for r in dry["reactions"])
    square = next(sq for sq in directors["squares"] if sq["at"][:2] == [6, 2])
    goblins = next(p for p in square["provokes"] if p["reactor"] == "gob")
    assert goblins["reactor_name"] == "Goblin" and goblins["kind"] == "opportunity_attack"
    assert "Goblin" in goblins["why"] and "Tactician" in goblins["why"]
    seen_by_player = marked(players)
    assert seen_by_player[(6, 2)] == ["gob"]
    assert all(reactors == ["gob"] for reactors in seen_by_player.values())
    assert b"urker" not in str(players).encode()
    assert marked(shifted) == {}  # a shift never provokes
    advance = next(o for o in options["options"] if o["kind"] == "move" and o["reach"])
    assert marked(advance["reach"]) == seen_by_player
