"""Epic Path's prone, quelled and splayed states and standing up (DIGEST 3.10)."""

from typing import Any

from tests.unit.battle_map import ok, pos, refused, types
from tests.unit.rulesets.epic_path.test_movement import game, move

STAND = {"type": "stand_up", "creature": "A"}


def down(condition: str, **kw: Any) -> Any:
    return game(".b..\nA...\n....", creatures={"A": {"conditions": [condition]}}, **kw)


def test_standing_up_is_a_move_action_that_provokes_as_leaving_a_threatened_square() -> None:
    decision, after = ok(down("prone"), STAND)
    assert types(decision) == ["ActionUsed", "StoodUp", "Tallied", "OpportunityAttackTriggered"]
    assert after.pending[0].reactor == "b"
    _, done = ok(after, {"type": "resolve_reaction", "reaction": "r-1", "decision": "decline"})
    assert not done.creatures["A"].has("prone") and not done.pending


def test_standing_up_away_from_enemies_provokes_nothing() -> None:
    state = game("A...\n....\n...b", creatures={"A": {"conditions": ["prone"]}})
    decision, _ = ok(state, STAND)
    assert "OpportunityAttackTriggered" not in types(decision)


def test_a_table_may_waive_the_attack_for_standing_up() -> None:
    decision, _ = ok(down("prone", options={"stand_up_provokes": False}), STAND)
    assert "OpportunityAttackTriggered" not in types(decision)


def test_standing_counts_as_movement_so_no_five_foot_step_that_round() -> None:
    _, after = ok(down("prone", options={"opportunity_attacks": "never"}), STAND)
    step = {"type": "shift", "creature": "A", "to": [0, 2]}
    assert refused(after, step).rule == "epic-path/five-foot-step-after-moving"


def test_a_splayed_creature_crawls_or_stands_with_a_provoking_move_action() -> None:
    state = down("splayed", options={"opportunity_attacks": "never"})
    assert refused(state, move([0, 2])).rule == "epic-path/prone-crawls"
    _, crawled = ok(state, move([0, 2], action="crawl"))
    assert pos(crawled, "A") == (0, 2, 0) and crawled.creatures["A"].has("splayed")
    decision, stood = ok(state, STAND)
    assert "OpportunityAttackTriggered" in types(decision)
    assert not stood.creatures["A"].has("splayed")


def test_a_quelled_creature_may_crawl_or_walk() -> None:
    state = down("quelled", options={"opportunity_attacks": "never"})
    ok(state, move([0, 2], action="crawl"))
    ok(state, move([0, 2]))


def test_a_splayed_creature_cannot_drop_prone_to_resist_forced_movement() -> None:
    state = game("bA...", options={"turns": False}, creatures={"A": {"conditions": ["splayed"]}})
    _, prone = ok(state, {"type": "fall_prone", "creature": "A"})
    push = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 10}
    _, after = ok(prone, push)
    assert pos(after, "A") == (3, 0, 0)
