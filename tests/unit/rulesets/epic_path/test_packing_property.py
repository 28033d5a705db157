"""Epic Path, fractional spaces as a property: for any sequence of moves and pushes among
creatures of many sizes and two sides, no square ever holds more than the text allows ("4
tiny creatures fit into a five foot square, 25 Diminutive, and 100 Fine"; "Two Small
creatures may occupy a five foot cube without squeezing"; "no more than four creatures be
allowed into one space, no matter how tiny"), and no creature two or more sizes apart is
counted against another (Stepover); a Clamber never makes a hostile creature squeeze."""

from collections import defaultdict
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import Accepted, create_battle, decide
from engine.rulesets.epic_path import packing
from engine.rulesets.epic_path.sizes import SIZES
from projections import BattleState, evolve, fold
from tests.unit.battle_map import setup_for

SIZES_DRAWN = ("Fine", "Diminutive", "Tiny", "Tiny", "Small", "Small", "Medium", "Large")
W, H = 5, 4


def holds_what_the_text_allows(state: BattleState, cap: int) -> None:
    squares: dict[tuple[int, int, int], list[int]] = defaultdict(list)
    for c in state.creatures.values():
        if c.hp <= 0:
            continue
        side = SIZES.side(c.size)
        for dx in range(side):
            for dy in range(side):
                for dz in range(side):
                    squares[(c.pos[0] + dx, c.pos[1] + dy, c.pos[2] + dz)].append(
                        SIZES.rank(c.size)
                    )
    for square, ranks in squares.items():
        assert sum(packing.packs(r) for r in ranks) <= cap, (square, ranks)
        assert packing.load(ranks) <= packing.FULL, (square, ranks)


@settings(max_examples=120, deadline=None)
@given(
    data=st.data(),
    sizes=st.lists(st.sampled_from(SIZES_DRAWN), min_size=3, max_size=6),
    cap=st.sampled_from([4, 2, 100]),
)
def test_no_square_ever_holds_more_than_the_text_allows(
    data: st.DataObject, sizes: list[str], cap: int
) -> None:
    ids = "ABCdef"[: len(sizes)]
    cells = [(x, y) for y in range(H) for x in range(W)]
    creatures: dict[str, dict[str, Any]] = {}
    for cid, size in zip(ids, sizes, strict=True):
        x, y = data.draw(st.sampled_from(cells))
        creatures[cid] = {"size": size, "at": [x, y], "speeds": {"walk": 20}}
    rows = "\n".join("." * W for _ in range(H))
    rows = ids + rows[len(ids) :]  # every letter on the map; `at` places it
    # "never": a move is never left paused mid-way (passing through an ally) by a window
    options = {"turns": False, "creatures_per_square": cap, "opportunity_attacks": "never"}
    setup = setup_for(rows, creatures=creatures, options=options)
    setup["ruleset"] = "epic-path"
    created = create_battle(setup)
    assume(isinstance(created, Accepted))
    state = fold(created.events)
    holds_what_the_text_allows(state, cap)
    for _ in range(data.draw(st.integers(1, 12))):
        cid = data.draw(st.sampled_from(ids))
        to = list(data.draw(st.sampled_from(cells)))
        if data.draw(st.booleans()):
            intent: dict[str, Any] = {"type": "move", "creature": cid, "to": to}
            if data.draw(st.booleans()):  # a Clamber into another's space, the table's roll won
                other = data.draw(st.sampled_from([i for i in ids if i != cid]))
                intent["through"] = {other: "clamber"}
        else:
            other = data.draw(st.sampled_from([i for i in ids if i != cid]))
            intent = {
                "type": "force_move",
                "source": other,
                "target": cid,
                "kind": data.draw(st.sampled_from(["push", "pull"])),
                "distance": data.draw(st.sampled_from([5, 10, 15, 20])),
            }
        decision = decide(intent, state)
        if isinstance(decision, Accepted):
            for event in decision.events:
                state = evolve(state, event)
            holds_what_the_text_allows(state, cap)
