"""The battle's head recorded beside its row, under the chain key's MAC (revision 0011_i36):
the SQL its migration makes, shared with the Citus revision that distributes it.

A log that loses its last events (or all of them) still verifies link by link: what is left
is a chain that holds. Only a record of how far the battle went catches it, and one the
database's holder cannot forge: `battle_heads` holds, per battle, the version and chain hash
of its head and an HMAC over them under the chain key, kept outside the database
(events/battle_head.py). The append writes it in the same statement as the events (a new
overload of `turnledger_append` with one more argument, `p_head_mac`, computed by the server
before the call), so the head and the log commit together; verification compares them
(server/trust/verification.py). The group append (0010_i41) gets an overload of its own too,
`p_head_macs` one per part, which calls this one.

Where the append meets a head already recorded, it moves it on only from where the append
starts (the same version and hash), or from behind it (a head written by a server of the
previous release during an upgrade, which appends with 0007_i25b's overload and records no
head). A head at or past the append's start with another hash is left as it is: the log was
cut back under it, and a later append must not hide that; verification goes on saying so. An
append without a MAC (a store without a chain key) records no head.
"""

from events.migrations.append_0007_i25b import CREATE_APPEND_0007, SIGNATURE_0007
from events.migrations.append_group_0010_i41 import CREATE_APPEND_GROUP_0010
from events.migrations.append_group_0010_i41 import SIGNATURE_0010 as GROUP_SIGNATURE_0010

SIGNATURE_0011 = SIGNATURE_0007.removesuffix(")") + ", bytea)"

CREATE_HEADS = """
    CREATE TABLE battle_heads (
        battle_id  varchar(64)  NOT NULL,
        version    integer      NOT NULL,
        hash       bytea        NOT NULL,
        mac        bytea        NOT NULL,
        CONSTRAINT battle_heads_pkey PRIMARY KEY (battle_id)
    )
"""

_PARAMS_0007 = "p_questions jsonb)"
_PARAMS_0011 = "p_questions jsonb, p_head_mac bytea)"
_AFTER_EVENTS = "            IF p_view IS NOT NULL THEN\n"
HEAD_0011 = """\
            IF p_head_mac IS NOT NULL THEN
                -- moved on only from where this append starts, or from behind it; a head at
                -- or past the start with another hash stays (module doc)
                INSERT INTO battle_heads AS h (battle_id, version, hash, mac)
                VALUES (p_battle_id, last_version, prev, p_head_mac)
                ON CONFLICT (battle_id) DO UPDATE
                    SET version = EXCLUDED.version, hash = EXCLUDED.hash, mac = EXCLUDED.mac
                WHERE h.version < p_first_version - 1
                   OR (h.version = p_first_version - 1 AND h.hash = p_prev_hash);
            END IF;
"""
"""The head's row, written after the events (`prev` is then the last event's hash)."""


def _derived(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, "the block this revision changes is not in the function"
    return text.replace(old, new)


CREATE_APPEND_0011 = _derived(
    _derived(CREATE_APPEND_0007, _PARAMS_0007, _PARAMS_0011),
    _AFTER_EVENTS,
    HEAD_0011 + _AFTER_EVENTS,
)

GROUP_SIGNATURE_0011 = GROUP_SIGNATURE_0010.removesuffix(")") + ", bytea[])"

CREATE_APPEND_GROUP_0011 = _derived(
    _derived(
        CREATE_APPEND_GROUP_0010,
        "p_snapshots jsonb[], p_notify boolean, p_questions jsonb[])",
        "p_snapshots jsonb[], p_notify boolean, p_questions jsonb[],\n        p_head_macs bytea[])",
    ),
    "p_notify, p_questions[k]) AS a;",
    "p_notify, p_questions[k], p_head_macs[k]) AS a;",
)
"""0010_i41's group append, each part's head recorded (its `turnledger_append` this one's)."""
