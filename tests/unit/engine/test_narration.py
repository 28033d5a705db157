"""The one narration: every event type has its words, in the battle's ruleset's unit."""

from __future__ import annotations

import events.battle_events
import events.gridless_events
import events.history_events  # noqa: F401
from engine.narration import SENTENCES, SILENT, Narrator, inches
from engine.words import at
from events.vocabulary import registry


def test_every_event_type_of_the_vocabulary_has_words_or_is_bookkeeping() -> None:
    assert set(registry.types) == set(SENTENCES) | SILENT
    assert not set(SENTENCES) & SILENT


def created(ruleset: str) -> dict:
    return {"ruleset": ruleset, "creatures": [{"id": "hero", "name": "Tactician"}]}


def test_epic_path_speaks_feet_and_turns_squares_fallen_into_feet() -> None:
    n = Narrator()
    n.narrate("BattleCreated", created("epic-path"))
    moved = {"creature": "hero", "path": [[1, 2, 0], [2, 2, 0]], "cost": 10, "mode": "walk"}
    assert n.narrate("Moved", moved) == "Tactician moved 10 feet to (2, 2)"
    fell = {"creature": "hero", "origin": [1, 1, 3], "landing": [1, 1, 0], "height": 3}
    assert n.narrate("Fell", fell) == "Tactician fell 15 feet to (1, 1)"


def test_draw_steel_speaks_squares_and_counts_difficult_steps_from_the_trace() -> None:
    n = Narrator()
    n.narrate("BattleCreated", created("draw-steel"))
    trace = [{"kind": "step", "reasons": ["difficult terrain +1"]}, {"kind": "step"}]
    assert n.narrate("IntentAccepted", {"intent": {"type": "move"}, "trace": trace}) is None
    moved = {"creature": "hero", "path": [[1, 2, 0], [1, 3, 0]], "cost": 3, "mode": "climb"}
    assert n.narrate("Moved", moved) == (
        "Tactician climbed 3 squares to (1, 3), 1 through difficult terrain"
    )


def test_a_resolved_reaction_names_the_reactor_its_window_named() -> None:
    n = Narrator(names={"gob": "Goblin", "hero": "Tactician"}, ruleset="draw-steel")
    opened = {"reaction": "r-1", "reactor": "gob", "target": "hero", "at": [2, 4, 0]}
    assert n.narrate("OpportunityAttackTriggered", opened) == (
        "Tactician provoked an opportunity attack from Goblin at (2, 4)"
    )
    taken = {"reaction": "r-1", "decision": "take", "damage": 4}
    assert n.narrate("ReactionResolved", taken) == "Goblin's opportunity attack hit for 4"


def test_undo_names_the_seat_s_player_and_never_the_raw_actor() -> None:
    n = Narrator(seats={"seat:s1": "Ana"})
    undone = {"target": "a1", "first_version": 3, "last_version": 5, "rewind_to": None}
    assert n.narrate("ActionUndone", undone, "seat:s1") == "Ana undid the action at versions 3-5"
    assert n.narrate("ActionUndone", undone, "director").startswith("The director undid")
    assert (
        n.narrate("ActionRedone", undone, "seat:s2") == "A player redid the action at versions 3-5"
    )


def test_a_narrator_started_from_a_state_knows_its_names_and_open_windows() -> None:
    view = {
        "ruleset": "draw-steel",
        "creatures": {"gob": {"name": "Goblin"}, "hero": {"name": ""}},
        "pending_reactions": [{"id": "r-9", "reactor": "gob"}],
    }
    n = Narrator.from_state(view)
    assert n.narrate("ReactionResolved", {"reaction": "r-9", "decision": "decline"}) == (
        "Goblin declined the opportunity attack"
    )
    assert n.name("hero") == "hero"


def test_positions_and_inches_read_as_a_tape_measure_reads() -> None:
    assert at([1, 2, 0]) == "(1, 2)" and at([1.25, 2.0, 3.0]) == "(1.2, 2, up 3)"
    assert inches(3.49) == '3.5"' and inches(2) == '2"' and inches(0.25) == '0.3"'


def test_a_battle_of_one_creature_is_told_in_the_singular() -> None:
    n = Narrator()
    assert (
        n.narrate("BattleCreated", created("draw-steel"))
        == "Battle created: draw-steel, 1 creature"
    )
    two = {"ruleset": "draw-steel", "creatures": [{"id": "a"}, {"id": "b"}]}
    assert Narrator().narrate("BattleCreated", two) == "Battle created: draw-steel, 2 creatures"


def test_a_ruling_is_told_as_the_director_overruling_the_rule_at_its_step() -> None:
    n = Narrator()
    n.narrate("BattleCreated", created("draw-steel"))
    ruled = {
        "rule": "draw-steel/ledge",
        "step": 1,
        "detail": "a ledge of 3 squares",
        "reason": "the rope the party tied",
        "creature": "hero",
    }
    assert n.narrate("RuleOverruled", ruled) == (
        "Rule draw-steel/ledge set aside at step 2 for Tactician, overruled by the director:"
        " the rope the party tied"
    )
