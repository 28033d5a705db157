"""A ruling the table makes, like its rolls, is the director's unless the battle lets players
send the table's rolls: Reclaim the Wild's catching oneself after losing a grip (`caught`)."""

from engine.intents import parse_intent
from server.readers.authorisation import authorise
from server.readers.tokens import Principal
from tests.unit.rulesets.one_two_one.test_movement import game

CLINGING = {"A": {"at": [0, 0, 3]}}


def test_catching_oneself_is_the_gms_ruling() -> None:
    state = game("A#..\n.#..", creatures=CLINGING)
    intent = parse_intent({"type": "lose_grip", "creature": "A", "caught": True})
    player = Principal(battle_id="b", role="player", seat_id="s", creatures=frozenset({"A"}))
    refusal = authorise(player, intent, state)
    assert refusal is not None and refusal.rule == "auth/rulings-director-only"
    fall = parse_intent({"type": "lose_grip", "creature": "A"})
    assert authorise(player, fall, state) is None
    table = game("A#..\n.#..", creatures=CLINGING, options={"player_rolls": True})
    assert authorise(player, intent, table) is None
