"""A step's live progress line fits the terminal: what does not fit is said whole above it.

A live line (the spinner's) is redrawn in place, so one wider than the terminal is cut at its
edge; a printed line is wrapped by the terminal instead, and nothing is lost.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from server.operations import cli_progress

LONG = "starting PostgreSQL in /home/someone/projects/tables/turnledger/.turnledger"


def run_step(monkeypatch: pytest.MonkeyPatch, what: str, about: str) -> tuple[list[str], str]:
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=80, soft_wrap=True)
    live: list[str] = []
    status = terminal.status

    def recorded(text: str, **kwargs: Any) -> Any:
        live.append(text)
        return status(text, **kwargs)

    monkeypatch.setattr(terminal, "status", recorded)
    monkeypatch.setattr(cli_progress, "err", terminal)
    with cli_progress.step(what, about):
        pass
    return live, screen.getvalue()


def test_a_step_too_long_for_the_terminal_is_said_whole_and_its_live_line_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    live, printed = run_step(monkeypatch, LONG, "first start ~10 s: it makes its data folder")
    assert all(len(text) + 2 <= 80 for text in live)  # the spinner and a space beside it
    assert f"{LONG} (first start ~10 s: it makes its data folder)" in printed
    assert f"{LONG}: done in" in printed


def test_a_step_that_fits_is_said_on_its_live_line(monkeypatch: pytest.MonkeyPatch) -> None:
    live, printed = run_step(monkeypatch, "migrating the database", "about 1 s")
    assert live == ["migrating the database (about 1 s)"]
    assert "migrating the database: done in" in printed
