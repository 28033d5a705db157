"""Creating a battle: the POST /battles body of DESIGN section 9, validated."""

import copy
from typing import Any

from engine import Accepted, Refused, builtin_rulesets, create_battle
from events.battle_events import BattleCreated
from projections import fold
from tests.cast import goblin, tactician

RULESETS = builtin_rulesets()

DESIGN_EXAMPLE: dict[str, Any] = {
    "ruleset": "draw-steel",
    "seed": 7,
    "options": {"turns": True, "opportunity_attacks": "ask"},
    "map": {
        "width": 12,
        "height": 8,
        "terrain": [
            {"kind": "wall", "cells": [[3, 0], [3, 1]], "height": 3},
            {"kind": "difficult", "area": {"from": [5, 5], "to": [6, 6]}},
            {"kind": "water", "cells": [[9, 6]], "depth": 2},
            {"kind": "damaging", "cells": [[1, 6]], "damage": 3},
            {"kind": "obstacle", "cells": [[7, 2]], "material": "wood"},
        ],
        "elevation": [{"cells": [[10, 1], [10, 2]], "height": 4}],
    },
    "creatures": [tactician([1, 1]), goblin([2, 1])],
}


def body(**changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(DESIGN_EXAMPLE)
    out.update(changes)
    return out


def test_the_design_example_creates_a_battle_with_every_option_filled_in() -> None:
    decision = create_battle(DESIGN_EXAMPLE)
    assert isinstance(decision, Accepted)
    (event,) = decision.events
    assert isinstance(event, BattleCreated)
    assert event.rules_version == RULESETS.rules_version("draw-steel")
    assert event.options["corner_rule"] == "either"
    # an area is logged as its rectangle, not expanded
    assert event.map.terrain[1].cells == [] and event.map.terrain[1].rects == [(5, 5, 6, 6)]
    state = fold(decision.events)
    assert state.creatures["hero"].pos == (1, 1, 0)
    difficult = {(i % 12, i // 12) for i, d in enumerate(state.grid.difficult) if d}
    assert difficult == {(5, 5), (5, 6), (6, 5), (6, 6)}


def refusal(setup: dict[str, Any]) -> str:
    decision = create_battle(setup)
    assert isinstance(decision, Refused), decision
    return decision.rule


def test_an_unknown_ruleset_is_refused_clearly() -> None:
    assert refusal(body(ruleset="chess")) == "battle/unknown-ruleset"


def test_an_unknown_option_or_a_bad_value_is_refused() -> None:
    assert refusal(body(options={"opportunity_attacks": "sometimes"})) == "battle/invalid-option"
    assert refusal(body(options={"flanking": True})) == "battle/invalid-option"


def test_creatures_must_be_on_the_map() -> None:
    setup = body()
    setup["creatures"][0]["at"] = [12, 1]
    assert refusal(setup) == "map/off-map"


def test_creature_ids_are_unique() -> None:
    setup = body()
    setup["creatures"][1]["id"] = "hero"
    setup["creatures"][1]["at"] = [5, 1]
    assert refusal(setup) == "battle/duplicate-creature"


def test_creatures_cannot_share_a_space_unless_two_sizes_apart() -> None:
    setup = body()
    setup["creatures"][1]["at"] = [1, 1]
    assert refusal(setup) == "battle/overlapping-creatures"
    setup["creatures"][1]["size"] = "1T"
    setup["creatures"][0]["size"] = "1L"
    assert isinstance(create_battle(setup), Accepted)


def test_a_creature_cannot_start_inside_a_wall() -> None:
    setup = body()
    setup["creatures"][0]["at"] = [3, 0, 0]
    assert refusal(setup) == "map/blocked"


def test_unknown_sizes_and_terrain_off_the_map_are_refused() -> None:
    setup = body()
    setup["creatures"][0]["size"] = "huge"
    assert refusal(setup) == "battle/unknown-size"
    setup = body()
    setup["map"]["terrain"].append({"kind": "wall", "cells": [[30, 30]]})
    assert refusal(setup) == "map/off-map"


def test_a_gridless_board_is_not_yet_supported() -> None:
    assert refusal(body(map=None, board={"width": 30, "height": 22})) == "battle/needs-map"


def test_a_malformed_body_is_refused_not_raised() -> None:
    assert refusal({"ruleset": "draw-steel", "map": {"width": -1}}) == "battle/invalid-setup"
