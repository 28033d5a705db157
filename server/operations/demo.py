"""`turnledger demo`: a short scripted Draw Steel skirmish, driven through the HTTP API.

Moves, an opportunity attack, a push into a wall, a fall from a ledge and an undo; the board
is printed as text after each action. It talks to a running server (`--url`) or to the app
in-process on the embedded database (the same routes either way).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

BATTLE: dict[str, Any] = {
    "ruleset": "draw-steel",
    "seed": 7,
    "options": {"turns": False, "opportunity_attacks": "ask"},
    "map": {
        "width": 10,
        "height": 7,
        "terrain": [{"kind": "wall", "cells": [[6, 2], [6, 3], [6, 4]], "height": 3}],
        "elevation": [{"area": {"from": [1, 0], "to": [3, 1]}, "height": 4}],
    },
    "creatures": [
        {
            "id": "hero",
            "name": "Tactician",
            "side": "heroes",
            "at": [2, 4],
            "size": "1M",
            "speeds": {"walk": 5},
            "stats": {"might": 2, "agility": 1},
            "stability": 0,
            "hp": 30,
        },
        {
            "id": "gob",
            "name": "Goblin",
            "side": "monsters",
            "at": [1, 4],
            "size": "1S",
            "speeds": {"walk": 6, "climb": 6},
            "stats": {"might": 0, "agility": 2},
            "hp": 5,
        },
        {
            "id": "ogre",
            "name": "Ogre",
            "side": "monsters",
            "at": [5, 5],
            "size": "2",
            "speeds": {"walk": 5},
            "stats": {"might": 2, "agility": 0},
            "stability": 2,
            "hp": 40,
        },
        {
            "id": "scout",
            "name": "Scout",
            "side": "heroes",
            "at": [2, 1],
            "size": "1M",
            "speeds": {"walk": 6},
            "stats": {"might": 0, "agility": 0},
            "hp": 20,
        },
    ],
}

SCRIPT: list[tuple[str, str, dict[str, Any] | None]] = [
    (
        "The tactician steps away from the goblin: an opportunity attack",
        "intents",
        {"type": "move", "creature": "hero", "path": [[3, 4], [4, 4]]},
    ),
    ("The goblin takes its opportunity attack", "resolve", None),
    (
        "The ogre lumbers up beside the tactician",
        "intents",
        {"type": "move", "creature": "ogre", "to": [2, 4]},
    ),
    (
        "The ogre shoves the tactician east into the wall",
        "intents",
        {"type": "force_move", "source": "ogre", "target": "hero", "kind": "push", "distance": 3},
    ),
    (
        "The goblin pushes the scout off the ledge: a fall",
        "intents",
        {
            "type": "force_move",
            "source": "gob",
            "target": "scout",
            "kind": "slide",
            "distance": 3,
            "path": [[2, 2], [2, 3], [2, 4]],
        },
    ),
    ("The director takes that back: undo", "undo", None),
]


def board(state: dict[str, Any]) -> str:
    grid = state.get("map") or {}
    width, height = grid.get("width", 0), grid.get("height", 0)
    walls = {tuple(c) for t in grid.get("terrain", []) if t["kind"] == "wall" for c in t["cells"]}
    raised = {tuple(c) for e in grid.get("elevation", []) for c in e["cells"]}
    who = {}
    for cid, c in state["creatures"].items():
        x, y = c["position"][:2]
        who[(x, y)] = cid[0].upper() if "prone" not in c["conditions"] else cid[0].lower()
    rows = []
    for y in range(height):
        line = ""
        for x in range(width):
            line += who.get((x, y)) or (
                "#" if (x, y) in walls else "^" if (x, y) in raised else "."
            )
        rows.append(line)
    legend = ", ".join(
        f"{cid} {c['position']} hp {c['hp']}{' prone' if 'prone' in c['conditions'] else ''}"
        for cid, c in state["creatures"].items()
    )
    return "\n".join(rows) + f"\n{legend}  (v{state['version']})"


def viewer_url(base: str, battle_id: str, token: str) -> str:
    """The battle viewer's address for `battle_id`, opened with `token`."""
    return f"{base.rstrip('/')}/battles/{battle_id}/view?token={token}"


def run(http: Any, console: Console, api_key: str | None = None) -> tuple[str, str]:
    """`http`: an httpx-like client (base URL set). Plays the script, printing the board;
    answers the battle's id and its director token."""
    created = http.post("/battles", json=BATTLE, headers={"X-API-Key": api_key or ""})
    created.raise_for_status()
    battle_id, token = created.json()["battle_id"], created.json()["director_token"]
    auth = {"Authorization": f"Bearer {token}"}
    url = f"/battles/{battle_id}"
    console.print(f"battle [bold]{battle_id}[/bold]")
    console.print(f"watch it live: {viewer_url(str(http.base_url), battle_id, token)}")
    console.print(board(http.get(url, headers=auth).json()))
    for title, kind, body in SCRIPT:
        if kind == "resolve":
            pending = http.get(url, headers=auth).json()["pending_reactions"]
            if not pending:
                continue
            body = {"type": "resolve_reaction", "reaction": pending[0]["id"], "decision": "take"}
            kind = "intents"
        answer = http.post(f"{url}/{kind}", json=body, headers=auth)
        console.rule(title)
        if answer.status_code >= 400:
            problem = answer.json()
            console.print(
                f"[yellow]refused[/yellow] {problem.get('rule', '')}: {problem['detail']}"
            )
        else:
            events = [e["type"] for e in answer.json()["events"]]
            console.print("events: " + ", ".join(events))
        console.print(board(http.get(url, headers=auth).json()))
    return battle_id, token
