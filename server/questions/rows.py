"""The log questions' rows written by the append itself (migration 0007_i25b), and the
projector's cursor the write path keeps per battle to compute them.

The write path projects an action's events from the cursor at the version it appends on
(`projections.log_questions.project`, the pure projector the catch-up runs too) and hands the
rows to `turnledger_append` as one JSON document, which writes them only where the battle's
position stands at that version. The cursor after the append is kept for the next one. A cursor is a
function of the log up to its version, which never changes, so one kept for (battle, version)
is right whoever appended since: it is only unusable for another version, and then the write
path asks `LogQuestions.cursor_at` (the catch-up, up to that version) on a thread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson

from events.append_statement import QuestionRows
from events.lru import SizedLRU
from projections.log_questions import Cursor, Fact, Logged, Rows, project

CURSORS_BYTES = 8 * 2**20
"""The budget of kept cursors per process (a few hundred bytes each)."""


def question_rows(
    cursor: Cursor, logged: Sequence[Logged], seal: FactSeal | None = None
) -> tuple[Cursor, QuestionRows]:
    """The rows of an append's events (`logged`, after `cursor.version`, computed before the
    append from the events it will write) and the cursor after; each movement fact sealed
    with `seal` (events/seal.py)."""
    after, rows = project(cursor, logged)
    return after, as_document(after, rows, seal)


def as_document(after: Cursor, rows: Rows, seal: FactSeal | None = None) -> QuestionRows:
    """`rows` as the append's document; the events' versions, types and intents are the
    append's own, so only what the projector added travels."""
    document = {
        "cursor": after.to_json(),
        "events": [[r.round, r.turn] for r in rows.indexed],
        "about": [[c, r.version] for r in rows.indexed for c in r.creatures],
        "facts": [
            [f.creature, f.version, f.kind, float(f.distance), squares(f), sealed_detail(f, seal)]
            for f in facts_once(rows)
        ],
        "marks": [[r.first, r.last, r.undone] for r in rows.reversals],
    }
    return QuestionRows(orjson.dumps(document).decode())


FactSeal = Callable[[Sequence[Any]], str]
"""A battle's fact sealer: `Seals.fact` with its battle id bound."""

SEAL = "seal"


def fact_content(
    creature: str,
    version: int,
    type_name: str,
    round_: int,
    turn: int | None,
    kind: str,
    distance: float,
    squares: Any,
    detail: Mapping[str, Any],
) -> list[Any]:
    """What a fact's seal covers: every column a question reads but `undone` (which the
    append marks later, and a question takes from the log's own markers)."""
    plain = {k: v for k, v in detail.items() if k != SEAL}
    return [creature, version, type_name, round_, turn, kind, float(distance), squares, plain]


def sealed_detail(f: Fact, seal: FactSeal | None) -> dict[str, Any]:
    detail = dict(f.detail)
    if seal is None:
        return detail
    content = fact_content(
        f.creature, f.version, f.event_type, f.round, f.turn, f.kind, f.distance, squares(f),
        detail,
    )  # fmt: skip
    return {**detail, SEAL: seal(content)}


def facts_once(rows: Rows) -> list[Fact]:
    """The facts to write in one statement: of two on one (creature, version) the later
    stands, as when each was written on its own."""
    return list({(f.creature, f.version): f for f in rows.facts}.values())


def squares(f: Fact) -> list[list[float]]:
    return [list(s) for s in f.squares]


def squares_json(f: Fact) -> str:
    return orjson.dumps(squares(f)).decode()


def detail_json(f: Fact, seal: FactSeal | None = None) -> str:
    return orjson.dumps(sealed_detail(f, seal)).decode()


def _cursor_bytes(_: str, cursor: Cursor) -> int:
    return 300 + 80 * len(cursor.reactors)


class QuestionCursors:
    """The cursor after the last append this process made to each recent battle."""

    def __init__(self, budget: int = CURSORS_BYTES) -> None:
        self._held: SizedLRU[str, Cursor] = SizedLRU(budget, _cursor_bytes)

    def at(self, battle_id: str, version: int) -> Cursor | None:
        """The battle's cursor at `version`, if the one kept is there (a new battle's: the
        empty cursor)."""
        if version == 0:
            return Cursor()
        held = self._held.get(battle_id)
        return held if held is not None and held.version == version else None

    def keep(self, battle_id: str, cursor: Cursor) -> None:
        self._held.put(battle_id, cursor, replaces=lambda held: held.version <= cursor.version)

    def __len__(self) -> int:
        return len(self._held)
