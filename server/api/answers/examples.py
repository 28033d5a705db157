"""The examples in `/openapi.json`: a create body per ruleset and an intent of every type.

Each intent example is written for the battle its ruleset's create example makes, so that in
Swagger UI ("Try it out") the create example, then the intent example, answer as documented
on the first call; the few that need an earlier action say which (`before`). The answers
documented beside them are recorded from a real server (`example_answers.json`, beside this module),
and a test plays every example against a real server and compares its answer with them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

ANSWERS = Path(__file__).with_name("example_answers.json")


@dataclass(frozen=True)
class Example:
    """One request example: its name (the key in the contract), what it shows, its body."""

    name: str
    summary: str
    body: dict[str, Any]
    ruleset: str = ""  # an intent's: the create example whose battle it is written for
    before: tuple[dict[str, Any], ...] = field(default=())  # intents to send first
    status: int = 201


def _creature(id_: str, name: str, side: str, at: list[int], walk: int, **more: Any) -> Any:
    return {"id": id_, "name": name, "side": side, "at": at, "speeds": {"walk": walk}, **more}


CREATE = [
    Example(
        "draw-steel",
        "Draw Steel: a hero and a goblin, a short wall, turns off",
        {
            "ruleset": "draw-steel",
            "seed": 7,
            "options": {"turns": False},
            "map": {
                "width": 12,
                "height": 8,
                "terrain": [{"kind": "wall", "cells": [[3, 0], [3, 1]], "height": 3}],
            },
            "creatures": [
                _creature("hero", "Tactician", "heroes", [1, 1], 5, size="1M",
                          stats={"might": 2, "agility": 1}, hp=30),
                _creature("gob", "Goblin", "monsters", [9, 1], 6, size="1S",
                          stats={"might": 0, "agility": 2}, hp=5),
            ],
        },
    ),
    Example(
        "epic-path",
        "Epic Path: a fighter beside an orc (feet), turns off",
        {
            "ruleset": "epic-path",
            "seed": 11,
            "options": {"turns": False},
            "map": {
                "width": 12,
                "height": 8,
                "terrain": [{"kind": "difficult", "cells": [[3, 1], [3, 2], [3, 3]]}],
            },
            "creatures": [
                _creature("fighter", "Fighter", "heroes", [1, 2], 30, hp=20),
                _creature("orc", "Orc", "monsters", [2, 3], 30, hp=20),
            ],
        },
    ),
    Example(
        "one-two-one",
        "Reclaim the Wild: a surfer on a slope and a climber on a cliff, turns off",
        {
            "ruleset": "one-two-one",
            "seed": 5,
            "options": {"turns": False},
            "map": {
                "width": 12,
                "height": 8,
                "elevation": [{"area": {"from": [0, 0], "to": [3, 7]}, "height": 1}],
                "terrain": [{"kind": "wall", "cells": [[8, 3]], "height": 4}],
            },
            "creatures": [
                _creature("ranger", "Ranger", "heroes", [3, 2, 1], 6, stats={"shield": 3},
                          hp=12),
                _creature("climber", "Climber", "heroes", [7, 3, 2], 6, conditions=["climbing"],
                          hp=10),
                _creature("wolf", "Wolf", "monsters", [10, 6], 8, hp=8),
            ],
        },
    ),
    Example(
        "action-points",
        "The action-point game: a scout and a guard, turns on",
        {
            "ruleset": "action-points",
            "seed": 3,
            "map": {"width": 12, "height": 8},
            "creatures": [
                _creature("scout", "Scout", "heroes", [1, 1], 4, hp=10),
                _creature("guard", "Guard", "monsters", [9, 5], 4, hp=10),
            ],
        },
    ),
    Example(
        "warcry",
        "Warcry: two fighters and a platform, in inches, turns off",
        {
            "ruleset": "warcry",
            "seed": 3,
            "options": {"turns": False},
            "board": {
                "width": 30,
                "height": 22,
                "terrain": [
                    {"kind": "platform", "polygon": [[5, 3], [9, 3], [9, 7], [5, 7]], "height": 2}
                ],
            },
            "creatures": [
                {"id": "raider", "name": "Raider", "side": "red", "at": [3.0, 5.0],
                 "speeds": {"walk": 5}, "hp": 8},
                {"id": "warden", "name": "Warden", "side": "blue", "at": [20.0, 15.0],
                 "speeds": {"walk": 4}, "hp": 10},
            ],
        },
    ),
]  # fmt: skip

_FALL_PRONE = {"type": "fall_prone", "creature": "hero"}
_HIDE = {"type": "hide", "creature": "gob", "visible_to": []}
_CLIMB_ONTO_PLATFORM = {
    "type": "move",
    "creature": "raider",
    "legs": [{"kind": "normal", "to": [4.49, 5.0, 0.0]}, {"kind": "climb", "to": [4.49, 5.0, 2.0]}],
}
_PROVOKE = {"type": "move", "creature": "fighter", "path": [[2, 1], [3, 0]]}
_START_SCOUT = {"type": "start_turn", "creature": "scout"}
_OGRE = {
    "type": "place",
    "creature": _creature("ogre", "Ogre", "monsters", [0, 2], 5, size="2", hp=40),
}
_HERO_ONTO_OGRE = {
    "type": "move",
    "creature": "hero",
    "path": [[1, 2]],
    "onto": "ogre",
    "willing": True,
}

INTENTS = [
    Example(
        "move",
        "Move along a path (Draw Steel)",
        {"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]},
        "draw-steel",
    ),
    Example(
        "move-to",
        "Move to a square by the cheapest path",
        {"type": "move", "creature": "gob", "to": [7, 4]},
        "draw-steel",
    ),
    Example(
        "move-refused",
        "A move into a wall: refused, naming the rule",
        {"type": "move", "creature": "hero", "path": [[2, 2], [3, 1]]},
        "draw-steel",
        status=422,
    ),
    Example(
        "shift",
        "Shift one square (Disengage)",
        {"type": "shift", "creature": "hero", "path": [[2, 2]]},
        "draw-steel",
    ),
    Example(
        "teleport",
        "Teleport by an effect's distance",
        {"type": "teleport", "creature": "hero", "to": [5, 5], "distance": 5},
        "draw-steel",
    ),
    Example(
        "force_move",
        "Push a creature",
        {"type": "force_move", "source": "hero", "target": "gob", "kind": "push", "distance": 2},
        "draw-steel",
    ),
    Example("fall_prone", "Fall prone", _FALL_PRONE, "draw-steel"),
    Example(
        "stand_up",
        "Stand up (after `fall_prone`)",
        {"type": "stand_up", "creature": "hero"},
        "draw-steel",
        (_FALL_PRONE,),
    ),
    Example(
        "knock_off",
        "Knock off a creature climbing you",
        {"type": "knock_off", "creature": "ogre", "target": "hero"},
        "draw-steel",
        (_OGRE, _HERO_ONTO_OGRE),
    ),
    Example(
        "place",
        "Director: place a new creature",
        {"type": "place", "creature": _creature("imp", "Imp", "monsters", [9, 6], 5, hp=3)},
        "draw-steel",
    ),
    Example(
        "remove", "Director: remove a creature", {"type": "remove", "creature": "gob"}, "draw-steel"
    ),
    Example(
        "set_terrain",
        "Director: make an area difficult terrain",
        {"type": "set_terrain", "kind": "difficult", "area": {"from": [5, 5], "to": [6, 6]}},
        "draw-steel",
    ),
    Example(
        "set_condition",
        "Director: set a condition",
        {"type": "set_condition", "creature": "gob", "condition": "slowed"},
        "draw-steel",
    ),
    Example("hide", "Director: hide a creature from every player", _HIDE, "draw-steel"),
    Example(
        "reveal",
        "Director: reveal a hidden creature (after `hide`)",
        {"type": "reveal", "creature": "gob"},
        "draw-steel",
        (_HIDE,),
    ),
    Example(
        "move-epic-path",
        "Move in feet, leaving a threatened square (Epic Path)",
        _PROVOKE,
        "epic-path",
    ),
    Example(
        "resolve_reaction",
        "Take the opportunity attack a move provoked",
        {"type": "resolve_reaction", "reaction": "r-1", "decision": "take"},
        "epic-path",
        (_PROVOKE,),
    ),
    Example(
        "move-one-two-one",
        "Move, diagonals 1-2-1 (Reclaim the Wild)",
        {"type": "move", "creature": "wolf", "to": [7, 6]},
        "one-two-one",
    ),
    Example(
        "shield_surf",
        "Begin Shield Surfing down a slope",
        {"type": "shield_surf", "creature": "ranger"},
        "one-two-one",
    ),
    Example(
        "draw",
        "Draw an item into a hand (Reclaim the Wild)",
        {"type": "draw", "creature": "ranger"},
        "one-two-one",
    ),
    Example(
        "stow",
        "Stow the item in hand (after `draw`)",
        {"type": "stow", "creature": "ranger"},
        "one-two-one",
        ({"type": "draw", "creature": "ranger"},),
    ),
    Example(
        "lose_grip",
        "A climber loses its grip and falls",
        {"type": "lose_grip", "creature": "climber"},
        "one-two-one",
    ),
    Example(
        "set_order",
        "Set the turn order: the guard first, then the scout",
        {"type": "set_order", "creatures": ["guard", "scout"]},
        "action-points",
    ),
    Example(
        "adjust",
        "The director sets a creature's stamina by hand, with a reason",
        {"type": "adjust", "creature": "gob", "hp": 2, "reason": "the wizard's fireball"},
        "draw-steel",
    ),
    Example("start_turn", "Start a creature's turn", _START_SCOUT, "action-points"),
    Example(
        "move-action-points",
        "Walk, diagonals 2 (the action-point game; after `start_turn`)",
        {"type": "move", "creature": "scout", "action": "walk", "path": [[2, 1], [3, 1]]},
        "action-points",
        (_START_SCOUT,),
    ),
    Example(
        "end_turn",
        "End the turn (after `start_turn`)",
        {"type": "end_turn", "creature": "scout"},
        "action-points",
        (_START_SCOUT,),
    ),
    Example(
        "move-warcry",
        "Move in legs of inches onto a platform (Warcry)",
        _CLIMB_ONTO_PLATFORM,
        "warcry",
    ),
    Example(
        "falling_test",
        "The falling test after a critical hit near an edge",
        {"type": "falling_test", "creature": "raider", "critical": True},
        "warcry",
        (_CLIMB_ONTO_PLATFORM,),
    ),
]


def describe(example: Example) -> str:
    """Where an intent example works, for its entry in Swagger UI."""
    said = (
        f"For the battle of the `{example.ruleset}` create example, sent with its director"
        " token (Authorize, then the battle's id above)."
    )
    if example.before:
        steps = ", then ".join(f"`{json.dumps(b)}`" for b in example.before)
        said += f" Send first: {steps}."
    return said


@cache
def answers() -> dict[str, dict[str, Any]]:
    """The answers recorded for the examples, by example name (`create:<ruleset>` for a
    creation)."""
    if not ANSWERS.exists():
        return {}
    recorded: dict[str, dict[str, Any]] = json.loads(ANSWERS.read_text())
    return recorded


VOLATILE = frozenset(
    {"battle_id", "director_token", "intent_id", "global_position", "correlation_id",
     "recorded_at", "prev_hash", "hash", "key_id", "signature", "rules_version"}
)  # fmt: skip
"""Fields whose values differ on every server and every run (ids, times, keyed hashes,
signatures), and the rules version, which every revision of a ruleset's engine moves on;
an answer is the documented one when all the rest is equal."""


def differences(documented: Any, answered: Any, at: str = "") -> list[str]:
    """Where an answer differs from the documented one: every documented value must be
    answered alike (volatile ones only present), while fields the contract gained since the
    answer was recorded may be added (the contract adds, never renames or reshapes)."""
    if isinstance(documented, dict):
        if not isinstance(answered, dict):
            return [f"{at}: not an object"]
        found: list[str] = []
        for key, value in documented.items():
            if key not in answered:
                found.append(f"{at}.{key}: missing")
            elif key not in VOLATILE:
                found += differences(value, answered[key], f"{at}.{key}")
        return found
    if isinstance(documented, list):
        if not isinstance(answered, list) or len(answered) != len(documented):
            return [f"{at}: {answered!r} instead of {documented!r}"]
        return [
            d for n, v in enumerate(documented) for d in differences(v, answered[n], f"{at}[{n}]")
        ]
    return [] if documented == answered else [f"{at}: {answered!r} instead of {documented!r}"]


def _intent_answers(examples: list[Example], status: int) -> dict[str, Any]:
    recorded = answers()
    return {
        e.name: {"summary": e.summary, "value": recorded[e.name]}
        for e in examples
        if e.status == status and e.name in recorded
    }


def add_to(schema: dict[str, Any]) -> None:
    """Put the request examples and their recorded answers into the contract."""
    paths = schema.get("paths", {})
    create = paths.get("/battles", {}).get("post")
    if create is not None:
        create["requestBody"]["content"]["application/json"]["examples"] = {
            e.name: {"summary": e.summary, "value": e.body} for e in CREATE
        }
        recorded = answers()
        created = {
            e.name: {"summary": e.summary, "value": recorded[f"create:{e.name}"]}
            for e in CREATE
            if f"create:{e.name}" in recorded
        }
        if created:
            create["responses"]["201"]["content"]["application/json"]["examples"] = created
    intents = paths.get("/battles/{battle_id}/intents", {}).get("post")
    if intents is None:
        return
    intents["requestBody"]["content"]["application/json"]["examples"] = {
        e.name: {"summary": e.summary, "description": describe(e), "value": e.body} for e in INTENTS
    }
    for status, media in ((201, "application/json"), (422, "application/problem+json")):
        documented = _intent_answers(INTENTS, status)
        content = intents["responses"].get(str(status), {}).get("content", {})
        if documented and media in content:
            content[media]["examples"] = documented
