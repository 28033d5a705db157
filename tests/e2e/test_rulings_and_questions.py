"""Rulings and questions to the log over real HTTP (DESIGN section 7)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Running, seat
from tests.integration.service.conftest import skirmish

REASON = "the wall is a tapestry: the table agreed"
THROUGH = {"type": "move", "creature": "hero", "path": [[2, 2], [3, 2], [4, 2]]}
RULED = {**THROUGH, "path": [[2, 1], [3, 1], [4, 1]], "overrule": {"reason": REASON}}


def post(http: Any, battle: Any, route: str, body: Any) -> Any:
    return http.post(f"/battles/{battle.battle_id}/{route}", json=body)


def test_a_refused_move_overruled_by_the_director_is_logged_with_its_ruling(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    b = battle.battle_id
    with server.client(battle.director) as http:
        plain = post(http, battle, "intents", {k: v for k, v in RULED.items() if k != "overrule"})
        ruled = post(http, battle, "intents", RULED)
        rulings = http.get(f"/battles/{b}/rulings").json()
        judged = http.get(f"/battles/{b}/intents/{ruled.json()['intent_id']}/judgement").json()
        told = http.get(f"/battles/{b}/events", params={"after": battle.version, "narrate": True})
        replay = http.get(f"/battles/{b}/replay", params={"from": battle.version + 1}).json()
        moved = http.get(f"/battles/{b}/creatures/hero/movement").json()
    assert plain.status_code == 422 and plain.json()["rule"] == "map/blocked"
    assert ruled.status_code == 201, ruled.text
    body = ruled.json()
    types = [e["type"] for e in body["events"]]
    n = len(body["overruled"])
    assert types[: n + 2] == ["IntentAccepted", *["RuleOverruled"] * n, "Moved"]
    assert body["overruled"][0]["rule"] == "map/blocked" and body["overruled"][0]["step"] == 1
    ruling = body["events"][1]["data"]
    assert (ruling["reason"], ruling["creature"]) == (REASON, "hero")
    assert next((r["rule"], r["reason"], r["actor"]) for r in rulings["rulings"]) == (
        "map/blocked",
        REASON,
        "director",
    )
    assert judged["matches"] and judged["ruling"]["reason"] == REASON
    assert judged["ruling"]["words"] == f"overruled by the director: {REASON}"
    words = [e.get("narration") or "" for e in told.json()["events"]]
    assert any(f"overruled by the director: {REASON}" in w for w in words)
    shown = [s["ruling"] for s in replay["steps"] if s.get("ruling")]
    assert shown == [f"overruled by the director: {REASON}"] * len(body["overruled"])
    assert moved["willing"]["distance"] == next(
        e["data"]["cost"] for e in body["events"] if e["type"] == "Moved"
    )
    assert moved["rulings"][0]["rule"] == "map/blocked"
    assert [s["at"][:2] for s in moved["squares"]] == [[2, 1], [3, 1], [4, 1]]


def test_an_overrule_the_rules_allow_anyway_says_nothing_was_overruled(
    server: Running, new_battle
) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        ok = post(http, battle, "intents", {**THROUGH, "overrule": {"reason": "just in case"}})
    assert ok.status_code == 201
    assert ok.json()["overruled"] == []
    assert "RuleOverruled" not in [e["type"] for e in ok.json()["events"]]


def test_only_the_director_overrules_and_the_reason_is_bounded(server: Running, new_battle) -> None:
    battle = new_battle()
    player = seat(server, battle, ["hero"])
    with server.client(player) as http:
        refused = post(http, battle, "intents", RULED)
    with server.client(battle.director) as http:
        long = post(http, battle, "intents", {**RULED, "overrule": {"reason": "x" * 501}})
        empty = post(http, battle, "intents", {**RULED, "overrule": {"reason": ""}})
    assert refused.status_code == 403 and refused.json()["rule"] == "auth/overrule-director-only"
    assert long.status_code == 422 and "reason" in long.text
    assert empty.status_code == 422 and "reason" in empty.text


def test_undoing_a_ruled_action_takes_its_ruling_off_the_list(server: Running, new_battle) -> None:
    battle = new_battle()
    b = battle.battle_id
    with server.client(battle.director) as http:
        ruled = post(http, battle, "intents", RULED).json()["overruled"]
        assert len(http.get(f"/battles/{b}/rulings").json()["rulings"]) == len(ruled) == 2
        assert post(http, battle, "undo", {}).status_code == 201
        after_undo = http.get(f"/battles/{b}/rulings").json()["rulings"]
        moved = http.get(f"/battles/{b}/creatures/hero/movement").json()
        state = http.get(f"/battles/{b}").json()
        assert post(http, battle, "redo", {}).status_code == 201
        redone = http.get(f"/battles/{b}/rulings").json()["rulings"]
    assert after_undo == [] and moved["willing"]["distance"] == 0 and moved["rulings"] == []
    assert state["creatures"]["hero"]["position"][:2] == [1, 1]
    assert [r["rule"] for r in redone] == [r["rule"] for r in ruled]


def test_the_log_filters_by_creature_type_and_round_combined(server: Running, new_battle) -> None:
    battle = new_battle()
    b = battle.battle_id
    with server.client(battle.director) as http:
        post(http, battle, "intents", {"type": "move", "creature": "hero", "path": [[1, 2]]})
        post(http, battle, "intents", {"type": "move", "creature": "gob", "path": [[9, 2]]})
        post(http, battle, "intents", RULED)
        hero = http.get(f"/battles/{b}/events", params={"creature": "hero"}).json()
        hero_moves = http.get(
            f"/battles/{b}/events", params={"creature": "hero", "type": "Moved", "round": 1}
        ).json()
        several = http.get(
            f"/battles/{b}/events", params=[("type", "Moved"), ("type", "RuleOverruled")]
        ).json()
        paged = http.get(f"/battles/{b}/events", params={"type": "Moved", "limit": 1}).json()
        rest = http.get(
            f"/battles/{b}/events", params={"type": "Moved", "after": paged["next_after"]}
        ).json()
        unknown = http.get(f"/battles/{b}/events", params={"colour": "red"})
        bad_type = http.get(f"/battles/{b}/events", params={"type": "Danced"})
        past = http.get(f"/battles/{b}/events", params={"round": 9})
    assert all("hero" in str(e["data"]) for e in hero["events"])
    assert [e["type"] for e in hero_moves["events"]] == ["Moved", "Moved"]
    ruled = ["RuleOverruled", "RuleOverruled"]
    assert [e["type"] for e in several["events"]] == ["Moved", "Moved", *ruled, "Moved"]
    assert len(paged["events"]) == 1 and len(rest["events"]) == 2
    assert unknown.status_code == 422 and "colour" in unknown.json()["detail"]
    assert bad_type.status_code == 422 and "Danced" in bad_type.json()["detail"]
    assert past.status_code == 422 and "round 9" in past.json()["detail"]


def test_a_creatures_movement_by_round_and_by_turn(server: Running, new_battle) -> None:
    body = skirmish()
    body["options"] = {"turns": True, "opportunity_attacks": "never"}
    battle = new_battle(body)
    b = battle.battle_id
    with server.client(battle.director) as http:
        post(http, battle, "intents", {"type": "start_turn", "creature": "hero"})
        post(
            http, battle, "intents", {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]}
        )
        post(http, battle, "intents", {"type": "end_turn", "creature": "hero"})
        post(http, battle, "intents", {"type": "start_turn", "creature": "gob"})
        pushed = post(
            http,
            battle,
            "intents",
            {
                "type": "force_move",
                "source": "gob",
                "target": "hero",
                "kind": "slide",
                "distance": 1,
                "path": [[2, 3]],
                "overrule": {"reason": "a slide at range"},
            },
        )
        first = http.get(f"/battles/{b}/creatures/hero/movement", params={"turn": 1}).json()
        second = http.get(f"/battles/{b}/creatures/hero/movement", params={"turn": 2}).json()
        whole = http.get(f"/battles/{b}/creatures/hero/movement", params={"round": 1}).json()
        nobody = http.get(f"/battles/{b}/creatures/nobody/movement")
        both = http.get(f"/battles/{b}/creatures/hero/movement", params={"round": 1, "turn": 1})
        late = http.get(f"/battles/{b}/creatures/hero/movement", params={"turn": 7})
    assert pushed.status_code == 201, pushed.text
    assert first["willing"]["distance"] == 2 and first["willing"]["by_type"] == {"Moved": 2}
    assert first["forced"]["distance"] == 0 and first["unit"] == "squares"
    assert second["willing"]["distance"] == 0 and second["forced"]["distance"] == 1
    assert whole["willing"]["distance"] == 2 and whole["forced"]["distance"] == 1
    assert [s["at"][:2] for s in whole["squares"]] == [[1, 2], [1, 3], [2, 3]]
    assert all(isinstance(s["version"], int) for s in whole["squares"])
    assert nobody.status_code == 404 and "nobody" in nobody.json()["detail"]
    assert both.status_code == 422
    assert late.status_code == 422 and "turn 7" in late.json()["detail"]


def test_the_python_client_asks_rulings_movement_and_filtered_events(server: Running) -> None:
    from turnledger_client import Client, Forbidden

    from tests.e2e.conftest import API_KEY

    with Client(server.url, api_key=API_KEY) as tl:
        created = tl.create_battle(skirmish())
    b = created.battle_id
    with Client(server.url, token=created.director_token) as tl:
        answer = tl.submit(b, RULED)
        rulings = tl.rulings(b)
        moved = tl.movement(b, "hero", round=1)
        only = tl.events(b, creature="hero", types=["RuleOverruled"])
        player = tl.add_seat(b, ["hero"]).token
    with Client(server.url, token=player) as tl, pytest.raises(Forbidden):
        tl.submit(b, RULED)
    assert [o.rule for o in answer.overruled or []] == [r.rule for r in rulings.rulings]
    assert rulings.rulings[0].reason == REASON
    assert moved.willing.distance > 0 and moved.rulings[0].rule == "map/blocked"
    assert {e.type for e in only.events} == {"RuleOverruled"}
