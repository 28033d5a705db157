"""A cache bounded by the bytes its entries are estimated to hold, evicting least recently used."""

from __future__ import annotations

from events.chain import ChainHeads
from events.lru import SizedLRU


def sized(budget: int) -> SizedLRU[str, bytes]:
    return SizedLRU(budget, lambda _, value: len(value))


def test_the_least_recently_used_go_first_and_the_estimate_stays_within_the_budget() -> None:
    cache = sized(100)
    for name in "abcd":
        cache.put(name, b"x" * 30)
    assert "a" not in cache and cache.held_bytes == 90
    assert cache.get("b") == b"x" * 30  # b is now the most recently used
    cache.put("e", b"x" * 30)
    assert "c" not in cache and {"b", "d", "e"} == {k for k in "abcde" if k in cache}
    cache.put("f", b"x" * 60)
    assert cache.held_bytes <= 100 and "f" in cache and "e" in cache
    assert "b" not in cache and "d" not in cache


def test_an_entry_larger_than_the_budget_is_not_kept_and_drops_its_older_value() -> None:
    cache = sized(100)
    cache.put("a", b"x" * 10)
    cache.put("a", b"x" * 101)
    assert "a" not in cache and cache.held_bytes == 0


def test_replacing_an_entry_counts_its_new_size_only() -> None:
    cache = sized(100)
    cache.put("a", b"x" * 50)
    cache.put("a", b"x" * 20)
    assert cache.held_bytes == 20 and len(cache) == 1


def test_a_guarded_put_keeps_the_held_value_when_told_to() -> None:
    cache = sized(100)
    cache.put("a", b"new")
    cache.put("a", b"older", replaces=lambda held: False)
    assert cache.get("a") == b"new"


def test_chain_heads_keep_only_each_battle_s_latest_head_within_their_budget() -> None:
    heads = ChainHeads(budget=ChainHeads.ENTRY_BYTES * 10 + 200)
    for version in range(1, 50):
        heads.remember("b1", version, bytes([version]) * 32)
    assert len(heads) == 1
    assert heads.get("b1", 49) == bytes([49]) * 32 and heads.get("b1", 48) is None
    heads.remember("b1", 10, b"\x00" * 32)  # an older head never replaces a newer one
    assert heads.get("b1", 49) is not None
    for n in range(100):
        heads.remember(f"battle-{n}", 1, b"\x01" * 32)
    assert heads.held_bytes <= ChainHeads.ENTRY_BYTES * 10 + 200
    assert heads.get("battle-99", 1) is not None and heads.get("battle-0", 1) is None
