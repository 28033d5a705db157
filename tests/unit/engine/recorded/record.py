"""Record battles: every ruleset plays a seeded random game, and what each intent was judged
to be (its events, or the rule that refused it) is written beside the game.

The files in this folder were recorded by the engine before its restructuring (issue 17, the
commit 7986b96, before the merge of the `i17` branch) and are kept as they were: the test
`tests/unit/engine/test_recorded_battles.py` replays them and judges every intent again with
the engine as it is now. Record again only on purpose, when a rule's behaviour is meant to
change: `python -m tests.unit.engine.recorded.record`.

The games use public names only (`create_battle`, `decide`, `evolve`, `encode`), so this
script runs against older code too.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from engine import Accepted, create_battle, decide
from engine.view import battle_view
from events.vocabulary import encode
from projections import BattleState, evolve, fold
from tests.unit.battle_map import setup_for

HERE = Path(__file__).parent

ROWS = """
A . . . . # . . . . . .
. . ~ ~ . # . . = = . .
. B . ~ . . . . = = . .
. . . . . # # . . . ~ .
. . ^ . . . . . . a . .
. _ . . . . H . . . . .
. . . . % . H . ~ ~ . b
. . : . . . . . . . . .
"""
"""Walls, difficult, damaging, water, a pit, climbable, impeded and concealed squares; a
platform (two squares high, `ELEVATION`) in the middle; two heroes and two monsters."""
ELEVATION = [{"cells": [[6, 4], [7, 4], [6, 3], [7, 2]], "height": 2}]

ACTIONS: dict[str, list[str | None]] = {
    "draw-steel": [None, "advance", "free"],
    "epic-path": [None, "walk", "double_move", "run", "withdraw", "crawl"],
    "one-two-one": [None, "move", "sprint"],
    "action-points": [None, "walk", "run", "crawl", "dodge", "move_silently"],
}
SPEEDS = {"draw-steel": 5, "epic-path": 30, "one-two-one": 6, "action-points": 5}
EXTRA: dict[str, list[str]] = {
    "draw-steel": ["shift", "teleport", "force_move"],
    "epic-path": ["five_foot_step", "force_move"],
    "one-two-one": ["force_move"],
    "action-points": [],
}


def grid_intent(rng: random.Random, ruleset: str, state: BattleState, cid: str) -> dict[str, Any]:
    """One random intent for `cid`: a move to a square, along a short path, or another of
    the ruleset's movements."""
    c = state.creatures[cid]
    width, height = state.grid.width, state.grid.height
    kind = rng.choice(["to", "to", "path", "path", "prone", *EXTRA[ruleset]])
    target = [rng.randrange(width), rng.randrange(height)]
    if kind == "to":
        intent: dict[str, Any] = {"type": "move", "creature": cid, "to": target}
        action = rng.choice(ACTIONS[ruleset])
        if action is not None:
            intent["action"] = action
        return intent
    if kind == "path":
        x, y = c.pos[0], c.pos[1]
        path = []
        for _ in range(rng.randint(1, 4)):
            x, y = x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1))
            path.append([x, y])
        return {"type": "move", "creature": cid, "path": path}
    if kind == "prone":
        return {"type": rng.choice(["fall_prone", "stand_up"]), "creature": cid}
    if kind == "shift":
        near = [c.pos[0] + rng.randint(-2, 2), c.pos[1] + rng.randint(-2, 2)]
        return {"type": "shift", "creature": cid, "to": near}
    if kind == "teleport":
        return {"type": "teleport", "creature": cid, "to": target, "distance": 5}
    if kind == "five_foot_step":
        near = [c.pos[0] + rng.randint(-1, 1), c.pos[1] + rng.randint(-1, 1)]
        return {"type": "shift", "creature": cid, "to": near, "action": "five_foot_step"}
    other = rng.choice([o for o in state.creatures if o != cid])
    return {
        "type": "force_move",
        "source": cid,
        "target": other,
        "kind": rng.choice(["push", "pull", "slide"]),
        "distance": rng.randint(1, 3),
    }


def warcry_intent(rng: random.Random, state: BattleState, cid: str) -> dict[str, Any]:
    c = state.creatures[cid]
    to = [round(c.pos[0] + rng.uniform(-6, 6), 1), round(c.pos[1] + rng.uniform(-6, 6), 1)]
    return {"type": "move", "creature": cid, "to": to}


def setup(ruleset: str) -> dict[str, Any]:
    if ruleset == "warcry":
        from ops.bench.bench_warcry import fighters, terrain

        return {
            "ruleset": "warcry",
            "seed": 11,
            "board": {"width": 30, "height": 22, "terrain": terrain()},
            "creatures": [{**f, "speeds": {"walk": 5}} for f in fighters()[:6]],
        }
    speed = SPEEDS[ruleset]
    creatures = {ch: {"speeds": {"walk": speed}, "hp": 20} for ch in "ABab"}
    body = setup_for(ROWS, creatures=creatures, elevation=ELEVATION, seed=5)
    body["ruleset"] = ruleset
    return body


def play(ruleset: str, rounds: int, seed: int) -> dict[str, Any]:
    """A seeded random game: each round every creature starts its turn, tries two or three
    intents and ends it; a pending reaction is taken or declined as it comes."""
    rng = random.Random(seed)
    body = setup(ruleset)
    created = create_battle(body)
    assert isinstance(created, Accepted), created
    state = fold(created.events)
    record: list[dict[str, Any]] = []

    def judge(intent: dict[str, Any]) -> None:
        nonlocal state
        decision = decide(intent, state)
        if isinstance(decision, Accepted):
            for event in decision.events:
                state = evolve(state, event)
            events = [{"type": e.type, "data": encode(e)} for e in decision.events]
            record.append({"intent": intent, "events": events, "view": view_digest(state)})
        else:
            record.append({"intent": intent, "refused": decision.rule})

    for _ in range(rounds):
        for cid in list(state.creatures):
            judge({"type": "start_turn", "creature": cid})
            for _ in range(rng.randint(2, 3)):
                while state.pending:
                    pending = state.pending[0]
                    choice = rng.choice(["take", "decline"])
                    judge({"type": "resolve_reaction", "reaction": pending.id, "decision": choice})
                    if state.pending and state.pending[0].id == pending.id:
                        break  # refused: leave it to the next intents, which are refused too
                if ruleset == "warcry":
                    judge(warcry_intent(rng, state, cid))
                else:
                    judge(grid_intent(rng, ruleset, state, cid))
            judge({"type": "end_turn", "creature": cid})
    created_events = [{"type": e.type, "data": encode(e)} for e in created.events]
    return {
        "ruleset": ruleset,
        "setup": body,
        "seed": seed,
        "created": created_events,
        "intents": record,
        "view": recorded_view(state),
    }


def recorded_view(state: BattleState) -> dict[str, Any]:
    """The battle's public view as these games were recorded: without the fields added to the
    view since (additions change no judgement, so they must not fail the replay). Each one
    left out here is named with the change that added it."""
    view = json.loads(json.dumps(battle_view(state)))
    for piece in (view.get("map") or {}).get("terrain", []):
        if piece.get("kind") in ("wall", "obstacle"):
            piece.pop("height", None)  # their heights, for the viewer's legend (#26)
    for creature in (view.get("creatures") or {}).values():
        economy = creature.get("economy") or {}
        if economy.get("ruleset") == "one-two-one":
            economy.pop("held_items", None)  # what draw and stow changed (#40)
    return view


def view_digest(state: BattleState) -> str:
    """The battle's public view after an intent (as recorded), a SHA-256 of its canonical JSON."""
    text = json.dumps(recorded_view(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


GAMES = [
    *[(ruleset, 8, seed) for ruleset in SPEEDS for seed in (1, 2, 3)],
    ("warcry", 4, 1),
    ("warcry", 4, 2),
]


def main() -> None:
    for ruleset, rounds, seed in GAMES:
        game = play(ruleset, rounds, seed)
        path = HERE / f"{ruleset}-{seed}.json"
        path.write_text(json.dumps(game, indent=1, sort_keys=True) + "\n")
        accepted = sum("events" in r for r in game["intents"])
        print(f"{path.name}: {len(game['intents'])} intents, {accepted} accepted")


if __name__ == "__main__":
    main()
