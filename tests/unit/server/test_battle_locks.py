"""The write path's per-battle locks (server/commands/pipeline.py): one holder per battle at a
time, other battles never wait, and an entry lives only while someone holds or waits."""

from __future__ import annotations

import asyncio

import pytest

from server.commands.pipeline import BattleLocks


def test_one_holder_per_battle_and_other_battles_pass() -> None:
    async def run() -> list[str]:
        locks, order = BattleLocks(), []
        first_in = asyncio.Event()

        async def first() -> None:
            async with locks.hold("a"):
                order.append("a1 in")
                first_in.set()
                await asyncio.sleep(0.02)
                order.append("a1 out")

        async def second() -> None:
            await first_in.wait()
            async with locks.hold("a"):
                order.append("a2 in")

        async def other() -> None:
            await first_in.wait()
            async with locks.hold("b"):
                order.append("b in")

        await asyncio.gather(first(), second(), other())
        assert len(locks) == 0
        return order

    assert asyncio.run(run()) == ["a1 in", "b in", "a1 out", "a2 in"]


def test_a_cancelled_waiter_and_a_raising_holder_leave_nothing() -> None:
    async def run() -> None:
        locks = BattleLocks()
        inside = asyncio.Event()

        async def holder() -> None:
            async with locks.hold("a"):
                inside.set()
                await asyncio.sleep(0.05)
                raise ValueError("the block failed")

        async def waiter() -> None:
            async with locks.hold("a"):
                raise AssertionError("cancelled before it got the lock")

        held = asyncio.create_task(holder())
        await inside.wait()
        waiting = asyncio.create_task(waiter())
        await asyncio.sleep(0.01)
        assert len(locks) == 1
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        with pytest.raises(ValueError, match="the block failed"):
            await held
        assert len(locks) == 0
        async with locks.hold("a"):  # free again
            assert len(locks) == 1
        assert len(locks) == 0

    asyncio.run(run())
