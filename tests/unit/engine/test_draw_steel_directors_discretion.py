"""Draw Steel, the Director's discretion and a climber's choice.

Movement: "At the Director's discretion, you can be forced into the same space as another
creature whose size is within 1 of yours, such as by falling down a narrow shaft with such a
creature already at the bottom. When you are squeezed into the same space as another creature
whose size is within 1 of yours, your ability rolls and tests take a bane."

Climbing Other Creatures: "If you are knocked prone while climbing or riding a creature, you
fall and land prone in an adjacent space of your choice, taking damage as usual from the fall."
"""

from engine.intents import parse_intent
from server.readers.authorisation import authorise
from server.readers.tokens import Principal
from tests.unit.battle_map import battle, ok, pos, refused, types
from tests.unit.engine.test_climbing_creatures import CLIMB, arena

FREE = {"turns": False}
PUSH = {"type": "force_move", "source": "b", "target": "A", "kind": "push", "distance": 4}


def test_the_director_forces_a_creature_into_anothers_space_where_it_is_squeezed() -> None:
    state = battle("bA.c..", options=FREE)
    decision, after = ok(state, {**PUSH, "into_space": True})
    assert pos(after, "A") == (3, 0, 0) == pos(after, "c")
    assert "Collided" not in types(decision)
    assert after.creatures["A"].has("squeezed")  # the bane on its rolls and tests
    assert after.creatures["A"].hp == 30 and after.creatures["c"].hp == 30


def test_without_the_directors_word_it_collides_as_ever() -> None:
    state = battle("bA.c..", options=FREE)
    decision, after = ok(state, PUSH)
    assert "Collided" in types(decision) and pos(after, "A") == (2, 0, 0)


def test_only_a_creature_within_one_size_is_shared() -> None:
    state = battle("bA.c..\n......\n......", options=FREE, creatures={"c": {"size": "3"}})
    decision, after = ok(state, {**PUSH, "into_space": True})
    assert "Collided" in types(decision) and pos(after, "A") == (2, 0, 0)


def test_leaving_the_shared_space_ends_the_squeeze() -> None:
    state = battle("bA.c..", options=FREE)
    _, squeezed = ok(state, {**PUSH, "into_space": True})
    _, out = ok(squeezed, {"type": "move", "creature": "A", "path": [[4, 0]]})
    assert not out.creatures["A"].has("squeezed")


def test_forcing_into_a_space_is_the_directors_alone() -> None:
    state = battle("bA.c..", options=FREE)
    intent = parse_intent({**PUSH, "into_space": True})
    player = Principal(battle_id="x", role="player", seat_id="s", creatures=frozenset({"b"}))
    refusal = authorise(player, intent, state)
    assert refusal is not None and refusal.rule == "auth/rulings-director-only"


def test_a_climber_knocked_prone_by_anothers_effect_lands_where_it_chooses() -> None:
    _, state = ok(arena(), {**CLIMB, "willing": True})
    knocked = {"type": "set_condition", "creature": "A", "condition": "prone", "landing": [3, 1]}
    decision, after = ok(state, knocked)
    assert "Fell" in types(decision)
    assert pos(after, "A") == (3, 1, 0) and after.creatures["A"].has("prone")
    assert refused(state, {**knocked, "landing": [4, 0]}).rule == "draw-steel/landing-not-adjacent"
    ground = arena()
    assert refused(ground, knocked).rule == "draw-steel/landing-needs-a-fall"
