"""Battles a campaign can find: titles and tags, listing by tag, and closing a battle."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import API_KEY, Running, seat
from tests.integration.service.conftest import skirmish

KEY = {"X-API-Key": API_KEY}
STEP = {"type": "move", "creature": "hero", "path": [[1, 2]]}


def create(server: Running, **extra: Any) -> dict[str, Any]:
    with server.client(headers=KEY) as http:
        answer = http.post("/battles", json={**skirmish(), **extra})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_battles_are_listed_by_tag_newest_first_and_paged(server: Running) -> None:
    first = create(server, title="The bridge", tags=["campaign-7", "act-1"])
    second = create(server, title="The keep", tags=["campaign-7", "act-2"])
    create(server, tags=["another"])
    with server.client(headers=KEY) as http:
        listed = http.get("/battles", params={"tag": "campaign-7"}).json()
        both = http.get("/battles", params=[("tag", "campaign-7"), ("tag", "act-1")]).json()
        page = http.get("/battles", params={"tag": "campaign-7", "limit": 1}).json()
        rest = http.get(
            "/battles", params={"tag": "campaign-7", "before": page["next_before"]}
        ).json()
        bad = http.get("/battles", params={"tag": "campaign-7", "colour": "red"})
        bad_cursor = http.get("/battles", params={"before": "nonsense"})
    ids = [b["battle_id"] for b in listed["battles"]]
    assert ids == [second["battle_id"], first["battle_id"]]
    keep = listed["battles"][0]
    assert (keep["title"], keep["tags"], keep["ruleset"]) == (
        "The keep",
        ["campaign-7", "act-2"],
        "draw-steel",
    )
    assert keep["version"] == second["version"] and keep["last_activity"] and not keep["closed"]
    assert [b["battle_id"] for b in both["battles"]] == [first["battle_id"]]
    assert [b["battle_id"] for b in page["battles"] + rest["battles"]] == ids
    assert rest["next_before"] is None
    assert bad.status_code == 422 and "colour" in bad.json()["detail"]
    assert bad_cursor.status_code == 422 and "before" in bad_cursor.json()["detail"]


def test_a_token_sees_only_the_battles_it_opens(server: Running) -> None:
    mine = create(server, tags=["seen-by-token"])
    create(server, tags=["seen-by-token"])
    with server.client(mine["director_token"]) as http:
        listed = http.get("/battles", params={"tag": "seen-by-token"}).json()
    with server.client() as http:
        nobody = http.get("/battles")
    assert [b["battle_id"] for b in listed["battles"]] == [mine["battle_id"]]
    assert nobody.status_code == 401


def test_the_director_retitles_and_retags(server: Running) -> None:
    made = create(server, title="Old", tags=["a"])
    b = made["battle_id"]

    class Battle:
        battle_id = b
        director = made["director_token"]
        version = made["version"]

    player = seat(server, Battle, ["hero"])  # type: ignore[arg-type]
    with server.client(made["director_token"]) as http:
        changed = http.patch(f"/battles/{b}", json={"tags": ["b", "c"]})
        bad = http.patch(f"/battles/{b}", json={"tags": ["no spaces"]})
    with server.client(player) as http:
        refused = http.patch(f"/battles/{b}", json={"title": "Mine"})
    assert changed.status_code == 200
    assert changed.json() == {"battle_id": b, "title": "Old", "tags": ["b", "c"]}
    assert bad.status_code == 422 and refused.status_code == 403


def test_a_closed_battle_appends_nothing_and_reads_as_before(server: Running) -> None:
    made = create(server)
    b = made["battle_id"]
    with server.client(made["director_token"]) as http:
        assert http.post(f"/battles/{b}/intents", json=STEP).status_code == 201
        closed = http.post(f"/battles/{b}/close", json={"reason": "the party fled"})
        moved = http.post(f"/battles/{b}/intents", json={**STEP, "path": [[1, 3]]})
        undone = http.post(f"/battles/{b}/undo", json={})
        again = http.post(f"/battles/{b}/close", json={"reason": "twice"})
        state = http.get(f"/battles/{b}")
        events = http.get(f"/battles/{b}/events")
        empty = http.post(f"/battles/{b}/close", json={"reason": ""})
    assert closed.status_code == 200 and closed.json()["closed"]["reason"] == "the party fled"
    for answer in (moved, undone, again):
        assert answer.status_code == 409, answer.text
        assert "closed" in answer.json()["detail"] and "the party fled" in answer.json()["detail"]
    assert state.status_code == 200 and state.json()["creatures"]["hero"]["position"][:2] == [1, 2]
    assert events.status_code == 200
    assert empty.status_code == 422
    with server.client(headers=KEY) as http:
        listed = [x for x in http.get("/battles").json()["battles"] if x["battle_id"] == b]
    assert listed[0]["closed"]["reason"] == "the party fled"


def test_a_new_battle_continues_a_creature_from_where_another_left_it(server: Running) -> None:
    old = create(server, tags=["campaign-9"])
    b = old["battle_id"]
    with server.client(old["director_token"]) as http:
        hurt = {"type": "set_condition", "creature": "hero", "condition": "slowed", "on": True}
        assert http.post(f"/battles/{b}/intents", json=hurt).status_code == 201
        before = http.get(f"/battles/{b}").json()["creatures"]["hero"]
    body = {
        **skirmish(),
        "creatures": [
            {"id": "hero", "at": [5, 5]},
            {"id": "ogre", "name": "Ogre", "side": "monsters", "at": [8, 5], "hp": 40},
        ],
        "continue": {"battle_id": b, "creatures": ["hero"]},
    }
    with server.client(headers=KEY) as http:
        made = http.post("/battles", json=body)
        no_place = http.post("/battles", json={**body, "creatures": [body["creatures"][1]]})
        unknown = http.post(
            "/battles", json={**body, "continue": {"battle_id": b, "creatures": ["nobody"]}}
        )
        more = http.post(
            "/battles",
            json={**body, "creatures": [{"id": "hero", "at": [5, 5], "hp": 99}]},
        )
        no_side = http.post(
            "/battles", json={**skirmish(), "creatures": [{"id": "x", "at": [1, 1]}]}
        )
    assert made.status_code == 201, made.text
    new = made.json()
    assert new["continued_from"] == {
        "battle_id": b,
        "version": old["version"] + 2,
        "creatures": ["hero"],
    }
    with server.client(new["director_token"]) as http:
        hero = http.get(f"/battles/{new['battle_id']}").json()["creatures"]["hero"]
        opening = http.get(f"/battles/{new['battle_id']}/events").json()["events"][0]
    assert hero["position"][:2] == [5, 5]
    assert (hero["hp"], hero["side"], hero["conditions"]) == (
        before["hp"],
        before["side"],
        before["conditions"],
    )
    assert opening["data"]["intent"]["continue"]["battle_id"] == b
    assert no_place.status_code == 422 and "hero" in no_place.json()["detail"]
    assert unknown.status_code == 422 and "nobody" in unknown.json()["detail"]
    assert more.status_code == 422 and "hp" in more.json()["detail"]
    assert no_side.status_code == 422


def test_the_python_client_lists_describes_and_closes(server: Running) -> None:
    from turnledger_client import Client, Conflict

    with Client(server.url, api_key=API_KEY) as tl:
        made = tl.create_battle({**skirmish(), "tags": ["client-made"]})
        listed = tl.battles(tags=["client-made"])
    with Client(server.url, token=made.director_token) as tl:
        described = tl.describe(made.battle_id, title="By the client")
        closed = tl.close_battle(made.battle_id, "done")
        with pytest.raises(Conflict):
            tl.submit(made.battle_id, STEP)
    assert [b.battle_id for b in listed.battles] == [made.battle_id]
    assert described.title == "By the client" and described.tags == ["client-made"]
    assert closed.closed.reason == "done"


def test_a_closed_battle_offers_no_option_and_says_why(server: Running) -> None:
    made = create(server)
    b = made["battle_id"]
    path = f"/battles/{b}/creatures/hero/options"
    with server.client(made["director_token"]) as http:
        before = http.get(path).json()["options"]
        assert any(o["available"] for o in before)
        closing = http.post(f"/battles/{b}/close", json={"reason": "the party fled"})
        assert closing.status_code == 200
        after = http.get(path)
        submitted = http.post(f"/battles/{b}/intents", json=STEP)
    assert after.status_code == 200, after.text
    offered = after.json()["options"]
    assert [o["kind"] for o in offered] == [o["kind"] for o in before]
    for option in offered:
        assert option["available"] is False, option
        assert option["unavailable"]["rule"] == "battle/closed"
        assert "the party fled" in option["unavailable"]["detail"]
        assert "not available now" in option["summary"] and "the party fled" in option["summary"]
    assert submitted.status_code == 409  # what the options say: submitting it is refused
