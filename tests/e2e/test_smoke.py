from tests.e2e.conftest import Running, seat


def test_a_battle_is_created_moved_in_and_read(server: Running, new_battle) -> None:
    battle = new_battle()
    with server.client(battle.director) as http:
        moved = http.post(
            f"/battles/{battle.battle_id}/intents",
            json={"type": "move", "creature": "hero", "path": [[1, 2], [1, 3]]},
        )
        assert moved.status_code == 201, moved.text
        state = http.get(f"/battles/{battle.battle_id}").json()
    assert state["creatures"]["hero"]["position"] == [1, 3, 0]
    assert seat(server, battle, ["gob"]).startswith("ply_")
