"""A reach marks the squares that would provoke, each ruleset by its own rule: for each, the
reactions a move there opens, as a preview of that move lists them (engine/provoking.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, note
from hypothesis import strategies as st

from engine import Accepted, create_battle, decide, reach
from engine.context import Context
from engine.preview import reactions_ahead
from engine.provoking import provoking
from engine.unseen import known_state
from events.battle_events import Coord
from projections import BattleState, fold
from tests.unit.battle_map import battle, ok, setup_for
from tests.unit.rulesets.properties import SETTINGS, maps

ASK = {"turns": False, "opportunity_attacks": "ask"}


def marks(state: BattleState, cid: str = "A", kind: str = "move") -> dict[Coord, list[str]]:
    squares = reach(state, cid, kind)
    found = provoking(state, cid, kind, squares, Context())
    return {at: [p.reactor for p in ps] for at, ps in found.items()}


def in_ruleset(ruleset: str, rows: str, options: dict[str, Any], **spec: Any) -> BattleState:
    setup = setup_for(rows, options=options)
    setup["ruleset"] = ruleset
    setup["creatures"] = [{**c, **spec} for c in setup["creatures"]]
    created = create_battle(setup)
    assert isinstance(created, Accepted), created
    return fold(created.events)


def test_draw_steel_marks_leaving_an_adjacency_and_names_who_and_why() -> None:
    state = battle(".....\n.aA..\n.....\n.....", options=ASK)
    found = provoking(state, "A", "move", reach(state, "A"), Context())
    away = found[(4, 3, 0)]
    assert [(p.reactor, p.kind) for p in away] == [("a", "opportunity_attack")]
    assert "adjacency" in away[0].why and "shifting" in away[0].why
    x, y, _ = away[0].at  # the square left is one in the goblin's adjacency
    assert max(abs(x - 1), abs(y - 1)) == 1
    # a square still adjacent to the goblin leaves nothing
    assert (2, 2, 0) not in found and (1, 0, 0) not in found


def test_a_path_past_two_enemies_marks_both_in_the_order_met() -> None:
    state = battle(".a.\nA..\n.b.\n...\n...", options=ASK)
    assert marks(state)[(0, 4, 0)] == ["a", "b"]


def test_the_why_names_creatures_by_name() -> None:
    state = battle(
        ".....\n.xA..\n.....",
        options=ASK,
        creatures={"A": {"id": "hero", "name": "Tactician"}, "x": {"id": "gob", "name": "Goblin"}},
    )
    found = provoking(state, "hero", "move", reach(state, "hero"), Context())
    whys = {p.why for ps in found.values() for p in ps}
    assert whys and all("Goblin" in w and "Tactician" in w for w in whys)
    assert not any("gob'" in w or "hero " in w for w in whys)


def test_a_shift_and_a_teleport_never_provoke() -> None:
    state = battle(".....\n.aA..\n.....", options=ASK, creatures={"A": {"speeds": {"walk": 5}}})
    assert marks(state, kind="shift") == {}
    assert provoking(state, "A", "teleport", {(4, 2, 0): 3}, Context()) == {}


def test_a_battle_that_answers_at_once_marks_the_same_squares() -> None:
    rows = ".a.\nA..\n.b.\n...\n..."
    asked = marks(battle(rows, options=ASK))
    for answer in ("always", "never"):
        assert marks(battle(rows, options={"turns": False, "opportunity_attacks": answer})) == asked


def test_a_creature_waiting_for_its_turn_is_marked_as_at_the_start_of_it() -> None:
    rows = ".....\n.aA..\n.....\n....."
    waiting = battle(rows, options={"opportunity_attacks": "ask"})
    assert waiting.turns and waiting.active is None
    assert marks(waiting) == marks(battle(rows, options=ASK))
    _, started = ok(waiting, {"type": "start_turn", "creature": "A"})
    assert marks(started) == marks(waiting)


def test_a_dead_enemy_or_one_far_away_marks_nothing() -> None:
    assert marks(battle("A.........\n..........\n.........b", options=ASK)) == {}
    state = battle(".aA..\n.....", options=ASK, creatures={"a": {"hp": 0}})
    assert marks(state) == {}


def test_a_hidden_enemy_is_not_there_for_a_reader_who_cannot_see_it() -> None:
    state = battle(".....\n.aA..\n.....", options=ASK)
    assert marks(state)
    assert marks(known_state(state, {"a"})) == {}


def test_epic_path_marks_leaving_a_threatened_square_but_not_the_5_foot_step() -> None:
    state = in_ruleset("epic-path", ".......\n..aA...\n.......", ASK, speeds={"walk": 30})
    found = marks(state)
    assert found and all(reactors == ["a"] for reactors in found.values())
    # a threatened square is left on the first step, wherever the move goes
    assert set(found) == set(reach(state, "A", "move"))
    assert marks(state, kind="shift") == {}


def test_epic_path_marks_one_attack_per_enemy_per_action() -> None:
    state = in_ruleset("epic-path", "a......\n.A.....\n.......", ASK, speeds={"walk": 30})
    assert all(len(reactors) == 1 for reactors in marks(state).values())


def test_rulesets_without_a_movement_reaction_mark_nothing() -> None:
    rows = ".......\n..aA...\n......."
    for ruleset in ("one-two-one", "action-points"):
        state = in_ruleset(ruleset, rows, {"turns": False}, speeds={"walk": 6})
        assert reach(state, "A", "move")
        assert marks(state) == {}


def window_reactors(state: BattleState, at: Coord) -> list[str] | None:
    """The reactors a preview of the move to `at` lists, or None when it is refused."""
    decision = decide({"type": "move", "creature": "A", "to": list(at)}, state, Context())
    if not isinstance(decision, Accepted):
        return None
    after = decision.state_after()
    assert after is not None
    return [a.reactor for a in reactions_ahead(state, after, Context())]


@SETTINGS
@given(rows=maps(tiles="......~#o"), data=st.data())
def test_every_square_is_marked_as_a_preview_of_the_move_there_lists(
    rows: str, data: st.DataObject
) -> None:
    state = battle(rows, options=ASK)
    found = marks(state)
    note(f"{rows}\n{found}")
    squares = sorted(reach(state, "A", "move"))
    for at in data.draw(st.lists(st.sampled_from(squares), max_size=6)) if squares else []:
        ahead = window_reactors(state, at)
        assert ahead is not None, at  # every square in reach is accepted
        assert found.get(at, []) == ahead, at
