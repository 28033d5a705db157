"""The director's `adjust`: stamina, conditions and numbers set by hand, with a reason."""

from __future__ import annotations

from engine.narration import Narrator
from events.vocabulary import encode
from projections.log_questions import Cursor, Logged, project
from tests.unit.battle_map import battle, ok, refused, types


def test_adjust_sets_stamina_conditions_and_stats_and_says_what_they_were() -> None:
    state = battle("A.b", creatures={"A": {"hp": 30, "stats": {"might": 2, "agility": 1}}})
    intent = {
        "type": "adjust",
        "creature": "A",
        "reason": "healing potion",
        "hp": 18,
        "conditions": {"slowed": True},
        "stats": {"might": 3},
        "speeds": {"fly": 4},
    }
    decision, after = ok(state, intent)
    assert types(decision) == ["Adjusted"]
    event = decision.events[0]
    assert (event.hp, event.hp_before, event.stats_before) == (18, 30, {"might": 2})
    a = after.creatures["A"]
    assert (a.hp, a.stats["might"], a.stats["agility"], a.speeds["fly"]) == (18, 3, 1, 4)
    assert a.has("slowed")
    _, after = ok(after, {**intent, "conditions": {"slowed": False}, "speeds": {"fly": 0}})
    assert not after.creatures["A"].has("slowed") and "fly" not in after.creatures["A"].speeds


def test_adjust_changes_what_the_rules_read_next() -> None:
    state = battle("A....b", creatures={"A": {"speeds": {"walk": 5}}})
    _, state = ok(state, {"type": "start_turn", "creature": "A"})
    _, state = ok(state, {"type": "adjust", "creature": "A", "speeds": {"walk": 2}, "reason": "x"})
    refusal = refused(state, {"type": "move", "creature": "A", "path": [[1, 0], [2, 0], [3, 0]]})
    assert refusal.rule == "draw-steel/exceeds-speed"


def test_adjust_needs_something_to_change_and_conditions_the_ruleset_knows() -> None:
    state = battle("A.b")
    bare = {"type": "adjust", "creature": "A", "reason": "nothing"}
    assert refused(state, bare).rule == "adjust/nothing"
    odd = {**bare, "conditions": {"sparkly": True}}
    assert refused(state, odd).rule == "battle/unknown-condition"
    assert refused(state, {**bare, "creature": "zz", "hp": 3}).rule == "battle/unknown-creature"


def test_an_adjustment_is_narrated_with_its_reason_and_asked_of_the_log() -> None:
    state = battle("A.b", creatures={"A": {"name": "Tactician", "hp": 30}})
    decision, _ = ok(state, {"type": "adjust", "creature": "A", "hp": 12, "reason": "trap"})
    data = encode(decision.events[0])
    narrator = Narrator(ruleset="draw-steel", names={"A": "Tactician"})
    words = narrator.narrate("Adjusted", data)
    assert words == "The director adjusted Tactician: stamina 12 (was 30) (trap)"
    _, rows = project(Cursor(), [Logged(5, "Adjusted", data)])
    assert [(f.creature, f.kind, f.detail["reason"]) for f in rows.facts] == [
        ("A", "adjusted", "trap")
    ]
