"""Which node a battle's statements go to: the host list a server is given
(events/battle_nodes.py; where each battle is, and the cache of it, on a real cluster in
tests/integration/store/test_citus_battle_nodes.py)."""

from __future__ import annotations

import pytest
from psycopg.conninfo import conninfo_to_dict

from events.battle_nodes import node_conninfos


def test_a_host_list_gives_one_conninfo_per_host_without_the_balancing() -> None:
    url = "postgresql://app:pw@/turnledger?host=w1,w2&port=5432,6432&load_balance_hosts=random"
    nodes = [conninfo_to_dict(c) for c in node_conninfos(url)]
    assert [(n["host"], n["port"]) for n in nodes] == [("w1", "5432"), ("w2", "6432")]
    assert all(n["user"] == "app" and n["dbname"] == "turnledger" for n in nodes)
    assert all("load_balance_hosts" not in n for n in nodes)


def test_one_port_serves_every_host_of_the_list() -> None:
    nodes = [conninfo_to_dict(c) for c in node_conninfos("host=w1,w2,w3 port=5432 dbname=t")]
    assert [(n["host"], n["port"]) for n in nodes] == [(f"w{i}", "5432") for i in (1, 2, 3)]


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://app@db:5432/turnledger",  # one node, or a balancer in front of several
        "host=w1,w2 hostaddr=10.0.0.1,10.0.0.2 dbname=t",  # addresses the server won't split
        "host=w1,w2,w3 port=5432,5433 dbname=t",  # ports that match no host list
    ],
)
def test_anything_else_is_not_routed(url: str) -> None:
    assert node_conninfos(url) == []
