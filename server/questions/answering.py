"""Questions to the log (DESIGN section 7): events filtered by creature, type, round and turn;
the battle's rulings; what a creature did in a round or turn.

Each answer is read from the read models of `server.questions.store`, which the append
writes itself (migration 0007_i25b, server/questions/rows.py) and which every question
brings up to its battle's head first, so an answer never lags the log and never folds it: it
costs what it holds, plus the few events no append wrote rows for (an append by a tool, or
one made while the position stood elsewhere). `cursor_at` gives the write path the cursor at
a version it did not keep, caught up to there.

The follower (`follow`, TURNLEDGER_QUESTIONS_FOLLOW, off by default) is what kept the models
before the append wrote them: a thread of its own per process, over the set of battles
appended to since it last looked, each caught up once for any number of appends, from the
events each append hands it, reading from the log only what it was not handed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import structlog

from events.envelope import Envelope
from events.store_postgres import PostgresEventStore
from projections.log_questions import Cursor, Logged, Reversal, project
from server.errors import BadRequest, NotFound, ServiceError
from server.questions.rows import SEAL, fact_content, facts_once, squares
from server.questions.store import Filters, LogQuestionsStore

log = structlog.get_logger("turnledger.log_questions")
UNITS = {
    "draw-steel": "squares",
    "epic-path": "feet",
    "one-two-one": "Movement",
    "action-points": "Move Points",
    "warcry": "inches",
}
"""The unit each ruleset counts movement in (its RULES.md), for the movement answer."""
MAX_FACTS = 5000
"""The most movement facts one answer reads: past it, ask for a round or a turn."""
READ_ON_CHUNK = 100
MAX_READ_ON = 10_000
"""The most rows one page reads past those a reader may not see (a bound on its work; a
reader from whom more are hidden is answered a shorter page, then asks on from it)."""


MAX_HELD = 2000
"""The most appended events the follower holds for one battle between wake-ups: past it, the
rest are read back from the log (a bound on its memory, never on what it indexes)."""


@dataclass
class _Pending:
    """A battle's appends since the follower last looked: the highest version answered and
    the events themselves, as the write path had them in memory."""

    head: int = 0
    events: list[Envelope] = field(default_factory=list)


class TooLong(ServiceError):
    """A question whose answer would pass `MAX_FACTS`: the client narrows it."""

    status = 422
    kind = "limits/movement-too-long"


class LogQuestions:
    def __init__(self, log: PostgresEventStore, store: LogQuestionsStore) -> None:
        self.log = log
        self.store = store
        self._dirty: dict[str, _Pending] = {}  # insertion-ordered: the oldest append first
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False

    def refresh(self, battle_id: str, wait: bool = True) -> int:
        """Bring the battle's read models up to its head; the head (0: no such battle).
        With `wait` false, a battle another connection is catching up is left to it."""
        head = self.log.head_version(battle_id)
        if head:
            self.store.catch_up(battle_id, self._read, head, wait=wait)
        return head

    def cursor_at(self, battle_id: str, version: int) -> Cursor | None:
        """The projector's cursor at `version`, the battle indexed up to it first (what the
        write path needs to compute an append's rows when it kept no cursor there); None when
        the position is past `version` (the caller's state is stale: its append conflicts)."""
        stored = self.store.position(battle_id)
        if stored is None or stored.version < version:
            stored = self.store.catch_up(battle_id, self._read, version)
        return stored if stored is not None and stored.version == version else None

    def follow(self, battle_id: str, appended: Sequence[Envelope] = ()) -> None:
        """Note an answered append (`appended`: its events); the follower thread catches the
        battle up soon, from these events where they follow on from its position."""
        with self._wake:
            if self._stopping:
                return
            pending = self._dirty.setdefault(battle_id, _Pending())
            for e in appended:
                pending.head = max(pending.head, e.version)
                if len(pending.events) < MAX_HELD:
                    pending.events.append(e)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="turnledger-questions", daemon=True
                )
                self._thread.start()
            self._wake.notify()

    async def follow_after_answer(self, battle_id: str, appended: Sequence[Envelope]) -> None:
        """`follow` as a response's background task: a coroutine, so Starlette runs it on
        the event loop, where noting the append costs a moment under a lock, rather than
        handing it to a worker thread and back (under bench_http, the hop to and from the
        thread pool held the GIL about as long as the follower's own writes)."""
        self.follow(battle_id, appended)

    def stop(self) -> None:
        with self._wake:
            self._stopping = True
            self._wake.notify()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._dirty and not self._stopping:
                    self._wake.wait()
                if self._stopping:
                    return
                battle_id = next(iter(self._dirty))
                pending = self._dirty.pop(battle_id)
            self.refresh_quietly(battle_id, pending)

    def refresh_quietly(self, battle_id: str, pending: _Pending | None = None) -> None:
        """Follow one battle: a failure here loses nothing (the next question catches up
        from the stored position), so it is logged, not raised. With `pending`, up to its
        head and from its events where they follow on from the stored position (the write
        path had them in memory: neither the head nor those events are read back)."""
        try:
            if pending is None or not pending.head:
                self.refresh(battle_id, wait=False)
            else:
                held = {e.version: e for e in pending.events}
                self.store.catch_up(
                    battle_id,
                    lambda b, after, up_to: held_or_read(held, self._read, b, after, up_to),
                    pending.head,
                    wait=False,
                )
        except Exception:
            log.warning("log-questions.refresh-failed", battle_id=battle_id, exc_info=True)

    def _checked(
        self,
        battle_id: str,
        creature: str,
        round_: int | None,
        turn: int | None,
        stored: Sequence[Any],
    ) -> list[FactRow]:
        """The creature's facts still in effect: the stored rows if every one's seal holds
        (events/seal.py), else, the rows reported and written again, the facts as the log
        has them. Whether a fact is undone is taken from the log's own markers, never from
        the stored mark (which the append sets, and the seal cannot cover)."""
        seals = self.store.seals
        rows: list[FactRow] = []
        broken = seals is None
        for r in stored:
            detail = dict(r.detail or {})
            content = fact_content(
                creature, r.version, r.type, r.round, r.turn, r.kind, r.distance, r.squares,
                detail,
            )  # fmt: skip
            if seals is not None and not seals.fact_holds(battle_id, content, detail.get(SEAL)):
                seals.on_refused("log-fact", battle_id, f"{creature} at version {r.version}")
                broken = True
                break
            detail.pop(SEAL, None)
            rows.append(
                FactRow(r.version, r.type, r.kind, r.distance, r.squares, detail, r.round, r.turn)
            )
        marks = self.store.markers(battle_id)
        undone = undone_by(marks)
        if broken:
            rows = self._from_log(battle_id, creature, round_, turn, marks)
        return [r for r in rows if not undone(r.version)]

    def _from_log(
        self,
        battle_id: str,
        creature: str,
        round_: int | None,
        turn: int | None,
        marks: Sequence[Reversal],
    ) -> list[FactRow]:
        """The creature's facts projected from the log itself; the battle's stored facts are
        written again from them (a failure to is logged: this answer is the log's anyway)."""
        events = self.log.read_stream(battle_id)
        logged = [Logged(e.version, e.type, e.data, e.intent_id) for e in events]
        _, projected = project(Cursor(), logged)
        facts = facts_once(projected)
        undone = undone_by(marks)
        try:
            self.store.restore_facts(
                battle_id, facts, {f.version for f in facts if undone(f.version)}
            )
        except Exception:
            log.warning("log-questions.restore-failed", battle_id=battle_id, exc_info=True)
        return [
            FactRow(
                f.version,
                f.event_type,
                f.kind,
                float(f.distance),
                squares(f),
                dict(f.detail),
                f.round,
                f.turn,
            )
            for f in facts
            if f.creature == creature
            and (round_ is None or f.round == round_)
            and (turn is None or f.turn == turn)
        ]

    def _read(self, battle_id: str, after: int, up_to: int) -> list[Envelope]:
        return self.log.read_stream(battle_id, after=after, up_to=up_to)

    def _known(self, battle_id: str) -> None:
        if not self.refresh(battle_id):
            raise NotFound(f"no battle {battle_id!r}")

    def ever_named(self, battle_id: str, creature: str) -> bool:
        """Whether the log ever named the creature (one removed since still has a past)."""
        self._known(battle_id)
        return self.store.ever_named(battle_id, creature)

    def check_span(self, battle_id: str, round_: int | None, turn: int | None) -> None:
        """A round or turn the battle has not reached is bad input, named (never an empty
        answer that looks like "nothing happened")."""
        last_round, last_turn = self.store.span(battle_id)
        if round_ is not None and round_ > last_round:
            raise BadRequest(
                f"round {round_} is past the battle: it has reached round {last_round}"
            )
        if turn is not None and last_turn is None:
            raise BadRequest(f"turn {turn}: no turn has started in this battle")
        if turn is not None and last_turn is not None and turn > last_turn:
            raise BadRequest(f"turn {turn} is past the battle: {last_turn} turns have started")

    def events(self, battle_id: str, after: int, limit: int, f: Filters) -> list[Envelope]:
        self._known(battle_id)
        self.check_span(battle_id, f.round, f.turn)
        return self.store.envelopes(battle_id, self.store.versions(battle_id, after, limit, f))

    def rulings(
        self,
        battle_id: str,
        after: int,
        limit: int,
        shown: Callable[[Envelope], bool] | None = None,
    ) -> tuple[list[dict[str, Any]], int]:
        """The rulings still in effect (an undone action's are not), oldest first, and where
        the next page starts. With `shown`, only those it shows (a reader's: none on or
        naming a creature hidden from it), read on past the ones it leaves out until `limit`
        are found or the log ends, so a page says nothing of what it left out; past
        `MAX_READ_ON` read, the page stops short and the next starts after the last."""
        self._known(battle_id)
        found, next_after = read_on(
            lambda since, n: self.store.rulings(battle_id, since, n), after, limit, shown
        )
        answer = [
            {
                "version": e.version,
                "intent_id": e.intent_id,
                "actor": e.actor,
                **{k: e.data.get(k) for k in ("rule", "step", "detail", "reason", "creature")},
            }
            for e in found
        ]
        return answer, next_after

    def movement(
        self,
        battle_id: str,
        creature: str,
        round_: int | None,
        turn: int | None,
        ruleset: str,
        seen_row: Callable[[Any], Any] | None = None,
    ) -> dict[str, Any]:
        """What a creature did (DESIGN section 7): its willing and forced movement with their
        distances, the squares it entered, its falls, the reactions it provoked and took, the
        rulings on it; each item with its version. `seen_row` gives each fact as a reader
        may read it (None: not at all)."""
        self._known(battle_id)
        self.check_span(battle_id, round_, turn)
        stored = self.store.movement(battle_id, creature, round_, turn, MAX_FACTS + 1)
        rows = self._checked(battle_id, creature, round_, turn, stored)
        if len(rows) > MAX_FACTS:
            raise TooLong(f"more than {MAX_FACTS} movements: ask for a round or a turn")
        if seen_row is not None:
            rows = [r for r in map(seen_row, rows) if r is not None]
        answer: dict[str, Any] = {
            "battle_id": battle_id,
            "creature": creature,
            "round": round_,
            "turn": turn,
            "unit": UNITS.get(ruleset, "squares"),
            "willing": _moves(rows, "willing"),
            "forced": _moves(rows, "forced"),
            "squares": [
                {"version": r.version, "at": at}
                for r in rows
                if r.kind in ("willing", "forced")
                for at in (r.squares or [])
            ],
            "falls": [
                {
                    "version": r.version,
                    "type": r.type,
                    "landing": (r.squares or [None])[0],
                    "height": (r.detail or {}).get("height"),
                }
                for r in rows
                if r.kind == "fall"
            ],
            "reactions": {
                "provoked": [
                    {"version": r.version, **(r.detail or {})} for r in rows if r.kind == "provoked"
                ],
                "taken": [
                    {"version": r.version, **(r.detail or {})} for r in rows if r.kind == "reacted"
                ],
            },
            "rulings": [
                {"version": r.version, **_without_about(r.detail)}
                for r in rows
                if r.kind == "ruling"
            ],
            "adjustments": [
                {"version": r.version, **(r.detail or {})} for r in rows if r.kind == "adjusted"
            ],
        }
        return answer


class FactRow(NamedTuple):
    """A movement fact as a question reads it (checked, its seal taken off)."""

    version: int
    type: str
    kind: str
    distance: float
    squares: Any
    detail: dict[str, Any]
    round: int
    turn: int | None


def undone_by(marks: Sequence[Reversal]) -> Callable[[int], bool]:
    """Whether each version is undone as the markers leave it: the latest marker (in log
    order) whose range holds the version says, as the append's marks applied in turn."""

    def undone(version: int) -> bool:
        for mark in reversed(marks):
            if mark.first <= version <= mark.last:
                return mark.undone
        return False

    return undone


def _without_about(detail: Any) -> dict[str, Any]:
    """A ruling's fact as answered: who its words speak of (`about`) is the reader view's
    to judge (server/api/routes/questions.py), not part of the answer."""
    return {k: v for k, v in (detail or {}).items() if k != "about"}


def held_or_read(
    held: dict[int, Envelope],
    read: Callable[[str, int, int], list[Envelope]],
    battle_id: str,
    after: int,
    up_to: int,
) -> list[Envelope]:
    """The events after `after` up to `up_to`: those of `held` that follow on from `after`
    without a gap (however many that is, maybe all), else read from the log."""
    found: list[Envelope] = []
    v = after + 1
    while v <= up_to and v in held:
        found.append(held[v])
        v += 1
    return found or read(battle_id, after, up_to)


def _moves(rows: list[Any], kind: str) -> dict[str, Any]:
    mine = [r for r in rows if r.kind == kind]
    by_type: dict[str, float] = {}
    for r in mine:
        by_type[r.type] = _number(by_type.get(r.type, 0) + r.distance)
    return {
        "distance": _number(sum(r.distance for r in mine)),
        "by_type": by_type,
        "events": [
            {
                "version": r.version,
                "type": r.type,
                "distance": _number(r.distance),
                "squares": r.squares or [],
            }
            for r in mine
        ],
    }


def _number(v: float) -> float:
    """Whole units as integers on the wire (squares, feet), inches rounded to a micro-inch."""
    return int(v) if float(v).is_integer() else round(v, 6)


def read_on(
    fetch: Callable[[int, int], list[Envelope]],
    after: int,
    limit: int,
    shown: Callable[[Envelope], bool] | None,
) -> tuple[list[Envelope], int]:
    """A page of at most `limit` rows `fetch(after, n)` finds that `shown` shows (None: all),
    and where the next page starts: it reads on past the rows left out, so neither the
    page's length nor its `next_after` tells how many were (or which versions they hold);
    past `MAX_READ_ON` rows read, it stops short and says where it stopped."""
    found: list[Envelope] = []
    read = 0
    next_after = after
    while len(found) < limit and read < MAX_READ_ON:
        chunk = max(limit - len(found), READ_ON_CHUNK)
        page = fetch(after, chunk)
        for e in page:
            if shown is None or shown(e):
                found.append(e)
                next_after = e.version
                if len(found) == limit:
                    break
        if len(page) < chunk:
            break  # all read
        read += len(page)
        after = page[-1].version
    else:
        if len(found) < limit:
            next_after = after  # a bound on work: the reader asks on from here
    return found, next_after
