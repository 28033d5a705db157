"""Nothing a player reads depends on where a creature hidden from it is, on any route.

The routes come from `/openapi.json`: every route is either asked by the player below or
named in `NOT_A_PLAYERS_QUESTION` with the reason; a route added later fails this test
until it is one or the other. Five battles differ only in where the hidden creature stands
and what it is called (common words among its ids: `walk`, `move`, `heroes`, `1`); with
turns on, it takes its turn and moves while the player asks, then the player's hero takes
its own. The player asks every route (dry runs along paths through every square a hidden
creature stands on in any of the battles, a dry run to every square of the map as a shift
and as a `to` search, reach, options, what-if, judgement, the log, the stream, replay,
rulings, movement, listing, verify, undo and redo, the director's routes), and every answer
is the same in the five battles, byte for byte but for what differs per battle by nature
(its id, hashes, clock readings). Whether it is there at all is varied too: three battles
where it never acts and is hidden again (called `walk`, called `1`) or removed read the same
on every route.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import orjson
import pytest

from tests.e2e.conftest import API_KEY, Running, seat
from tests.e2e.test_hidden_creatures import normal, stream_events
from tests.integration.service.conftest import skirmish

HIDDEN = [
    ("lurker7", [5, 1]),
    ("walk", [8, 5]),
    ("move", [2, 5]),
    ("heroes", [10, 6]),
    ("1", [6, 3]),
]
"""Where the hidden creature stands, and its id, in each battle: in the way of the paths the
player asks about, never where the player's real moves go (those meet the truth)."""
WHETHER = [("walk", [5, 1], "hide"), ("1", [2, 5], "hide"), ("walk", [5, 1], "remove")]
"""Battles where the hidden creature never acts, and the director then hides it again (it
stays in the way of the paths asked) or removes it (it is not there at all): the log holds
as many placeholders either way, and nothing else a player reads may differ."""
TAG = "hidden-differential"
NOT_A_PLAYERS_QUESTION = {
    ("POST", "/battles"): "creates a battle: no battle's player asks it",
    ("GET", "/keys"): "the server's public keys: the same for every battle",
    ("GET", "/healthz"): "liveness: about the server, not a battle",
    ("GET", "/metrics"): "the server's counters: about every battle at once, not the player's",
    ("GET", "/feed"): "every event of the battles an API key created, for that key (the"
    " battles' creator, who sees everything): no player's token reads it",
    ("POST", "/battles/import"): "makes a battle anew from a director's bundle (a player's"
    " sealed one is refused): no battle's player asks it",
}
PATHS = [
    [[2, 2], [3, 2], [4, 2], [5, 1], [6, 1]],  # through [5, 1]
    [[2, 2], [2, 3], [2, 4], [2, 5], [2, 6]],  # through [2, 5]
    [[2, 2], [3, 3], [4, 3], [5, 3], [6, 3]],  # into [6, 3]
    [[2, 2], [3, 3], [4, 4], [5, 4], [6, 4], [7, 5], [8, 5]],  # toward [8, 5]: too far
]


def battle_body(cid: str, at: list[int]) -> dict[str, Any]:
    body = skirmish()
    options = {**body["options"], "turns": True}
    lurker = {
        "id": cid,
        "name": "Lurker",
        "side": "monsters",
        "at": at,
        "hidden": True,
        "speeds": {"walk": 5},
        "hp": 5,
    }
    return {**body, "options": options, "creatures": [*body["creatures"], lurker], "tags": [TAG]}


class Asked:
    """A player's client that notes which documented route each request asked."""

    def __init__(self, http: httpx.Client, routes: list[tuple[str, re.Pattern[str]]]) -> None:
        self.http = http
        self.routes = routes
        self.asked: set[tuple[str, str]] = set()

    def __call__(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        path = httpx.URL(url).path
        for template, pattern in self.routes:
            if pattern.fullmatch(path):
                self.asked.add((method, template))
                break
        return self.http.request(method, url, **kwargs)


def routes_of(spec: dict[str, Any]) -> list[tuple[str, str]]:
    return [(m.upper(), p) for p, ops in spec["paths"].items() for m in ops]


def patterns(spec: dict[str, Any]) -> list[tuple[str, re.Pattern[str]]]:
    # literal paths first: `/battles/{battle_id}` must not swallow `/battles/x/view`
    found = []
    for template in spec["paths"]:
        found.append((template, re.compile(re.sub(r"\{[^}]+\}", "[^/]+", template))))
    return sorted(found, key=lambda t: t[0].count("{"))


def body_of(answer: httpx.Response) -> Any:
    kind = answer.headers.get("content-type", "")
    if "json" in kind:
        return {"status": answer.status_code, "body": answer.json()}
    return {"status": answer.status_code, "text": answer.text}


def named_as_x(text: str, battle_id: str, name: str) -> str:
    """An answer about `name` with the name (quoted, as refusals quote it) written X."""
    text = text.replace(battle_id, "BATTLE")
    return text.replace(f"'{name}'", "'X'").replace(f'"{name}"', '"X"')


def exported(answer: httpx.Response) -> Any:
    """A player's bundle as what it reads: each event opened (its content) or sealed (what
    it is shown, or nothing for a placeholder); salts, commitments and the signed statement
    are the battle's own hashes."""
    assert answer.status_code == 200, answer.text
    return [
        {
            "version": e["version"],
            "content": orjson.loads(e["content"]) if "content" in e else None,
            "shown": orjson.loads(e["shown"]) if "shown" in e else None,
        }
        for e in answer.json()["events"]
    ]


def plain(value: Any, battle_id: str) -> Any:
    """What differs between two battles by nature gone: the battle's id, then `normal`'s."""
    text = orjson.dumps(value).decode().replace(battle_id, "BATTLE")
    return normal(orjson.loads(text))


def play(
    server: Running,
    spec: dict[str, Any],
    cid: str,
    at: list[int],
    then: str | None = None,
) -> tuple[Any, Asked]:
    """Everything the player reads of a battle whose hidden creature is `cid` at `at`: it
    takes its turn and moves while the player asks, or (`then`) the director only does
    `then` to it (`hide` again, or `remove`) before the player asks."""
    with server.client(headers={"X-API-Key": API_KEY}) as http:
        made = http.post("/battles", json=battle_body(cid, at))
    assert made.status_code == 201, made.text
    battle_id, director = made.json()["battle_id"], made.json()["director_token"]
    url = f"/battles/{battle_id}"
    from tests.e2e.conftest import Battle

    player = seat(server, Battle(battle_id, director, made.json()["version"]), ["hero"])
    reads: dict[str, Any] = {}
    with server.client(director) as boss, server.client(player) as http:
        ask = Asked(http, patterns(spec))

        def director_does(intent: dict[str, Any]) -> None:
            done = boss.post(f"{url}/intents", json=intent)
            assert done.status_code == 201, done.text

        if then is not None:
            director_does({"type": then, "creature": cid})
        else:
            # the hidden creature's turn: it starts, moves, and the player asks meanwhile
            director_does({"type": "start_turn", "creature": cid})
            director_does({"type": "move", "creature": cid, "path": [[at[0], at[1] + 1]]})
            director_does({"type": "move", "creature": cid, "path": [at]})
            reads["its_turn"] = its_turn(ask, url)
            director_does({"type": "end_turn", "creature": cid})
        # the hero's turn: questions first, then real actions that meet no one
        mine = ask("POST", f"{url}/intents", json={"type": "start_turn", "creature": "hero"})
        assert mine.status_code == 201, mine.text
        reads["started"] = body_of(mine)
        dry = {"dry_run": "true"}
        reads["paths"] = [
            body_of(
                ask(
                    "POST",
                    f"{url}/intents",
                    params=dry,
                    json={"type": "move", "creature": "hero", "path": path},
                )
            )
            for path in PATHS
        ]
        reads["scan"] = [
            [
                body_of(
                    ask(
                        "POST",
                        f"{url}/intents",
                        params=dry,
                        json={"type": kind, "creature": "hero", "to": [x, y]},
                    )
                )
                for kind in ("shift", "move")
            ]
            for y in range(8)
            for x in range(12)
        ]
        reads["reach"] = [
            body_of(ask("GET", f"{url}/reach", params={"creature": "hero", "kind": kind}))
            for kind in ("move", "shift")
        ]
        reads["options"] = [
            body_of(ask("GET", f"{url}/creatures/{c}/options")) for c in ("hero", "gob")
        ]
        moved = ask(
            "POST",
            f"{url}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]},
        )
        assert moved.status_code == 201, moved.text
        reads["moved"] = body_of(moved)
        reads["what_if"] = [
            body_of(
                ask(
                    "POST",
                    f"{url}/what-if",
                    json={
                        "version": version,
                        "intents": [{"type": "move", "creature": "hero", "path": path}],
                    },
                )
            )
            for version in (3, moved.json()["version"])
            for path in PATHS
        ]
        head = ask("GET", url).json()["version"]
        reads["states"] = [
            body_of(ask("GET", url, params={"version": v})) for v in range(1, head + 1)
        ]
        events = ask("GET", f"{url}/events", params={"narrate": "true"})
        reads["events"] = body_of(events)
        reads["filtered"] = [
            body_of(ask("GET", f"{url}/events", params=p))
            for p in (
                {"creature": "hero"},
                {"type": "Moved"},
                {"round": 1},
                {"after": 2, "limit": 3},
            )
        ]
        reads["stream"] = stream_events(http, battle_id, head)
        ask.asked.add(("GET", "/battles/{battle_id}/stream"))  # read by `stream_events`
        reads["judgements"] = [
            body_of(ask("GET", f"{url}/intents/{e['intent_id']}/judgement"))
            for e in events.json()["events"]
            if e["type"] == "IntentAccepted"
        ]
        reads["replay"] = [
            body_of(ask("GET", f"{url}/replay", params=p))
            for p in ({}, {"states": "changes"}, {"from": 2, "to": head})
        ]
        reads["rulings"] = body_of(ask("GET", f"{url}/rulings"))
        reads["movement"] = [
            body_of(ask("GET", f"{url}/creatures/{c}/movement")) for c in ("hero", "gob")
        ]
        reads["listed"] = body_of(ask("GET", "/battles", params={"tag": TAG, "limit": 1}))
        reads["verify"] = body_of(ask("GET", f"{url}/verify"))
        kept = [moved.json()["receipt"]]
        reads["receipts"] = body_of(ask("POST", f"{url}/verify", json={"receipts": kept}))
        reads["view"] = body_of(ask("GET", f"{url}/view", params={"token": player}))
        reads["export"] = exported(ask("GET", f"{url}/export"))
        reads["directors"] = [
            body_of(ask("PATCH", url, json={"title": "mine"})),
            body_of(ask("POST", f"{url}/close", json={"reason": "mine"})),
            body_of(ask("POST", f"{url}/seats", json={"creatures": ["hero"]})),
            body_of(ask("DELETE", f"{url}/seats/someone")),
            body_of(ask("POST", f"{url}/director-token/rotate")),
            body_of(ask("POST", f"{url}/tokens/revoke")),
            body_of(ask("GET", f"{url}/rejudgement")),
        ]
        mine_id = moved.json()["intent_id"]
        reads["undo_redo"] = [
            orjson.loads(ask("POST", f"{url}/{route}").text.replace(mine_id, "X"))
            for route in ("undo", "redo")
        ]
        # asked by name, it is a creature that does not exist
        reads["by_name"] = [
            [
                {"status": a.status_code, "text": named_as_x(a.text, battle_id, name)}
                for a in (
                    ask("GET", f"{url}/reach", params={"creature": name}),
                    ask("GET", f"{url}/creatures/{name}/options"),
                    ask("GET", f"{url}/creatures/{name}/movement"),
                    ask("GET", f"{url}/events", params={"creature": name}),
                    ask(
                        "POST",
                        f"{url}/intents",
                        params=dry,
                        json={"type": "move", "creature": name, "to": [2, 2]},
                    ),
                )
            ]
            for name in (cid, "ghost77")
        ]
    assert reads["by_name"][0] == reads["by_name"][1]
    return plain(reads, battle_id), ask


def its_turn(ask: Asked, url: str) -> list[Any]:
    """What the player reads while the hidden creature takes its turn."""
    return [
        body_of(ask("GET", url)),
        body_of(ask("GET", f"{url}/creatures/hero/options")),
        body_of(
            ask(
                "POST",
                f"{url}/intents",
                params={"dry_run": "true"},
                json={"type": "start_turn", "creature": "hero"},
            )
        ),
        body_of(ask("POST", f"{url}/intents", json={"type": "start_turn", "creature": "hero"})),
        body_of(ask("POST", f"{url}/intents", json={"type": "end_turn", "creature": "hero"})),
    ]


@pytest.fixture(scope="module")
def spec(server: Running) -> dict[str, Any]:
    with server.client(timeout=120) as http:  # the document is built on first asking
        found: dict[str, Any] = http.get("/openapi.json").json()
    return found


@pytest.fixture(scope="module")
def played(server: Running, spec: dict[str, Any]) -> Iterator[list[tuple[Any, Asked]]]:
    yield [play(server, spec, cid, at) for cid, at in HIDDEN]


def test_every_route_is_asked_by_the_player_or_says_why_not(
    spec: dict[str, Any], played: list[tuple[Any, Asked]]
) -> None:
    asked = played[0][1].asked
    missing = [r for r in routes_of(spec) if r not in asked and r not in NOT_A_PLAYERS_QUESTION]
    assert not missing, (
        f"routes no player question in this test asks: {missing}; ask them in `play`,"
        " or say in NOT_A_PLAYERS_QUESTION why a player has no question there"
    )
    assert not set(NOT_A_PLAYERS_QUESTION) - set(routes_of(spec))


def test_every_answer_is_the_same_wherever_the_hidden_creature_is(
    played: list[tuple[Any, Asked]],
) -> None:
    first = played[0][0]
    text = orjson.dumps(first).decode()
    for (cid, _), (reads, _) in zip(HIDDEN, played, strict=True):
        differing = [k for k in first if reads[k] != first[k]]
        assert not differing, (cid, differing, [(first[k], reads[k]) for k in differing[:1]])
    assert "lurker7" not in text and "Lurker" not in text
    # the player's questions are answered, not refused wholesale: its own reasons stay
    assert any(a["status"] == 200 for row in first["scan"] for a in row)
    assert all(a["status"] == 200 for a in first["paths"][:3]), first["paths"]
    assert first["paths"][3]["body"]["rule"] == "draw-steel/exceeds-speed"
    assert first["moved"]["body"]["trace"], first["moved"]
    steps = [s for s in first["paths"][0]["body"]["trace"] if s.get("kind") == "step"]
    assert len(steps) == len(PATHS[0])


def test_a_hidden_creature_that_does_not_act_cannot_be_told_from_none(
    server: Running, spec: dict[str, Any]
) -> None:
    """Whether the hidden creature is there at all (in the way of the paths asked, its id a
    common word, or removed) changes nothing the player reads, on every route it asks."""
    reads = [play(server, spec, cid, at, then)[0] for cid, at, then in WHETHER]
    absent = reads[-1]
    for (cid, _, _), found in zip(WHETHER, reads, strict=True):
        differing = [k for k in absent if found[k] != absent[k]]
        assert not differing, (cid, differing, [(absent[k], found[k]) for k in differing[:1]])
    assert all(a["status"] == 200 for a in absent["paths"][:3]), absent["paths"]


def test_while_a_hidden_creature_acts_the_player_sees_no_name_and_no_turn(
    played: list[tuple[Any, Asked]],
) -> None:
    state, options, dry_start, start, end = played[0][0]["its_turn"]
    assert state["body"]["active"] is None
    assert dry_start["status"] == 200  # on what it knows, no one's turn is under way
    assert start["status"] == 422 and start["body"]["rule"] == "turn/not-your-turn"
    assert start["body"]["detail"] == "it is not your turn"
    assert end["status"] == 422 and end["body"]["rule"] == "turn/not-your-turn"
    assert options["status"] == 200
