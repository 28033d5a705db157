"""The terrain kinds some rulesets read (impeded, concealed, updraft, narrow): laid out at
set-up, changed by the director, shown in the view and kept by the snapshot format."""

from __future__ import annotations

from engine import Refused, create_battle
from projections import fold, state_from_json, state_to_json
from projections.view import map_view
from tests.unit.battle_map import battle, ok, refused, setup_for

ROWS = """
A % : ! | .
"""


def test_each_kind_lands_in_its_own_layer() -> None:
    state = battle(ROWS)
    g = state.grid
    assert [g.impeded[i] for i in range(6)] == [False, True, False, False, False, False]
    assert [g.concealed[i] for i in range(6)] == [False, False, True, False, False, False]
    assert [g.updraft[i] for i in range(6)] == [0, 0, 0, 6, 0, 0]
    assert [g.narrow[i] for i in range(6)] == [None, None, None, None, "1S", None]


def test_the_view_names_updraft_heights_and_opening_sizes() -> None:
    terrain = map_view(battle(ROWS).grid)["terrain"]
    assert {"kind": "impeded", "cells": [[1, 0]]} in terrain
    assert {"kind": "concealed", "cells": [[2, 0]]} in terrain
    assert {"kind": "updraft", "cells": [[3, 0]], "height": 6} in terrain
    assert {"kind": "narrow", "cells": [[4, 0]], "fits": "1S"} in terrain


def test_snapshots_keep_the_new_layers_and_read_old_ones_as_blank() -> None:
    state = battle(ROWS)
    data = state_to_json(state)
    assert state_from_json(data).grid == state.grid
    for name in ("impeded", "concealed", "updraft", "narrow"):
        del data["grid"][name]
    old = state_from_json(data).grid
    assert not any(old.impeded) and not any(old.updraft) and set(old.narrow) == {None}


def test_a_narrow_opening_names_a_known_size() -> None:
    setup = setup_for("A .")
    setup["map"]["terrain"] = [{"kind": "narrow", "cells": [[1, 0]]}]
    decision = create_battle(setup)
    assert isinstance(decision, Refused) and decision.rule == "map/invalid-terrain"
    setup["map"]["terrain"] = [{"kind": "narrow", "cells": [[1, 0]], "fits": "huge"}]
    decision = create_battle(setup)
    assert isinstance(decision, Refused) and decision.rule == "map/invalid-terrain"
    setup["map"]["terrain"] = [{"kind": "difficult", "cells": [[1, 0]], "fits": "1S"}]
    decision = create_battle(setup)
    assert isinstance(decision, Refused) and decision.rule == "map/invalid-terrain"


def test_the_director_lays_and_clears_them() -> None:
    state = battle("A . .")
    _, state = ok(state, {"type": "set_terrain", "kind": "updraft", "cells": [[1, 0]]})
    assert state.grid.updraft[1] == 8  # the default height
    _, state = ok(state, {"type": "set_terrain", "kind": "narrow", "cells": [[2, 0]], "fits": "1L"})
    assert state.grid.narrow[2] == "1L"
    _, state = ok(state, {"type": "set_terrain", "kind": "clear", "cells": [[1, 0], [2, 0]]})
    assert state.grid.updraft[1] == 0 and state.grid.narrow[2] is None
    bad = refused(state, {"type": "set_terrain", "kind": "narrow", "cells": [[2, 0]]})
    assert bad.rule == "map/invalid-terrain"


def test_the_map_view_is_shared_until_the_map_changes() -> None:
    state = battle("A . .", options={"turns": False})
    _, moved = ok(state, {"type": "move", "creature": "A", "path": [[1, 0]]})
    assert map_view(moved.grid) is map_view(state.grid)  # same grid, one computation
    _, changed = ok(moved, {"type": "set_terrain", "kind": "difficult", "cells": [[2, 0]]})
    assert map_view(changed.grid) is not map_view(moved.grid)
    assert {"kind": "difficult", "cells": [[2, 0]]} in map_view(changed.grid)["terrain"]


def test_the_view_gives_walls_and_obstacles_their_heights() -> None:
    setup = setup_for("A . . .")
    setup["map"]["terrain"] = [
        {"kind": "wall", "cells": [[1, 0]], "height": 3},
        {"kind": "wall", "cells": [[2, 0]]},
        {"kind": "obstacle", "cells": [[3, 0]], "height": 1},
    ]
    created = create_battle(setup)
    assert not isinstance(created, Refused)
    terrain = map_view(fold(created.events).grid)["terrain"]
    assert {"kind": "wall", "cells": [[1, 0]], "height": 3} in terrain
    assert {"kind": "wall", "cells": [[2, 0]], "height": 100} in terrain
    assert {"kind": "obstacle", "cells": [[3, 0]], "height": 1} in terrain
