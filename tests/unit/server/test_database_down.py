"""Which failures answer 503 (the database is away or slow) rather than 500."""

from __future__ import annotations

import sqlalchemy.exc

from server.api.problems import is_database_down


def test_a_pool_with_every_connection_busy_past_its_wait_is_the_database_being_slow() -> None:
    # sixty streams opening at once once held every pooled connection: a 500 each, not a 503
    exhausted = sqlalchemy.exc.TimeoutError("QueuePool limit of size 10 overflow 10 reached")
    assert is_database_down(exhausted)


def test_a_pool_timeout_behind_another_error_is_found_through_its_cause() -> None:
    try:
        try:
            raise sqlalchemy.exc.TimeoutError("QueuePool limit reached")
        except sqlalchemy.exc.TimeoutError as inner:
            raise RuntimeError("reading the log failed") from inner
    except RuntimeError as outer:
        assert is_database_down(outer)


def test_a_plain_bug_is_not_the_database() -> None:
    assert not is_database_down(KeyError("creature"))
