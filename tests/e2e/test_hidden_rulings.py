"""Rulings and a creature's past as a player reads them when a creature is hidden (DESIGN
section 7): a ruling on a seen creature whose sentence names a hidden one reaches the player
as its placeholder does (not in `GET /rulings`, a filtered page of events, the replay's
steps, the movement answer, the judgement); a creature revealed without its history keeps its past out of the movement
answer until the director reveals that too."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import Running, seat
from tests.e2e.test_hidden_creatures import LURKER, battle_with_lurker

REASON = "the lurker's gift reaches round the wall"
# the lurker, behind the wall, teleports the hero: the rules refuse it (no line of effect
# from the lurker), the director overrules, and the ruling's sentence names the lurker
GIFT = {
    "type": "teleport",
    "creature": "hero",
    "source": LURKER,
    "distance": 3,
    "to": [1, 3],
    "overrule": {"reason": REASON},
}


def test_a_ruling_that_names_a_hidden_creature_reaches_a_player_as_a_placeholder(
    server: Running, new_battle: Any
) -> None:
    battle = new_battle(battle_with_lurker([5, 0]))
    player = seat(server, battle, ["hero"])
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        ruled = http.post(f"{url}/intents", json=GIFT)
        assert ruled.status_code == 201, ruled.text
        said = [r["detail"] for r in ruled.json()["overruled"]]
        assert said and all(LURKER in d for d in said)
        director = http.get(f"{url}/rulings").json()["rulings"]
    with server.client(player) as http:
        rulings = http.get(f"{url}/rulings").json()
        by_type = http.get(f"{url}/events", params={"type": "RuleOverruled", "limit": 1}).json()
        events = http.get(f"{url}/events", params={"narrate": "true"}).json()["events"]
        replay = http.get(f"{url}/replay").json()["steps"]
        moved = http.get(f"{url}/creatures/hero/movement").json()
        judged = http.get(f"{url}/intents/{ruled.json()['intent_id']}/judgement")
        text = "".join(str(x) for x in (rulings, events, replay, moved, judged.text))
    assert [r["creature"] for r in director] == ["hero"] * len(said)
    assert rulings["rulings"] == [] and rulings["next_after"] == 0
    # nor does a filtered page say where the hidden ruling is (it reads on past it)
    assert by_type["events"] == [] and by_type["next_after"] == 0
    kinds = [e["type"] for e in events]
    assert "RuleOverruled" not in kinds and "Unseen" in kinds
    assert [s["ruling"] for s in replay if s["ruling"]] == []
    assert moved["rulings"] == []
    assert [e["type"] for e in moved["willing"]["events"]] == ["Teleported"]  # seen: it moved
    # the action names the lurker: to this player, there is no such action
    assert judged.status_code == 422 and judged.json()["rule"] == "history/unknown-action"
    assert LURKER not in text and "lurker" not in text


def test_a_creature_revealed_without_its_history_keeps_its_past_out_of_its_movement(
    server: Running, new_battle: Any
) -> None:
    battle = new_battle(battle_with_lurker([6, 6]))
    player = seat(server, battle, ["hero"])
    url = f"/battles/{battle.battle_id}"
    with server.client(battle.director) as http:
        for intent in (
            {"type": "move", "creature": LURKER, "to": [7, 6]},
            {"type": "reveal", "creature": LURKER},
            {"type": "move", "creature": LURKER, "to": [8, 6]},
        ):
            assert http.post(f"{url}/intents", json=intent).status_code == 201
    with server.client(player) as http:
        seen = http.get(f"{url}/creatures/{LURKER}/movement").json()
    assert [s["at"][:2] for s in seen["squares"]] == [[8, 6]]
    assert seen["willing"]["distance"] == 1
    with server.client(battle.director) as http:
        reveal = {"type": "reveal", "creature": LURKER, "history": True}
        assert http.post(f"{url}/intents", json=reveal).status_code == 201
    with server.client(player) as http:
        whole = http.get(f"{url}/creatures/{LURKER}/movement").json()
    assert [s["at"][:2] for s in whole["squares"]] == [[7, 6], [8, 6]]
