"""Battles and their access tokens, the current-state read model, and snapshots.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE battles (
            battle_id           varchar(64)  NOT NULL,
            ruleset             varchar(32)  NOT NULL,
            director_token_hash bytea        NOT NULL,
            created_at          timestamptz  NOT NULL,
            CONSTRAINT battles_pkey PRIMARY KEY (battle_id)
        )
        """
    )
    op.execute(
        """
        CREATE TABLE battle_seats (
            battle_id   varchar(64)  NOT NULL,
            token_hash  bytea        NOT NULL,
            seat_id     varchar(64)  NOT NULL,
            name        varchar(200),
            creatures   jsonb        NOT NULL,
            created_at  timestamptz  NOT NULL,
            CONSTRAINT battle_seats_pkey PRIMARY KEY (battle_id, token_hash)
        )
        """
    )
    # The read model: what GET /battles/{id} answers, written in the append's own statement.
    op.execute(
        """
        CREATE TABLE battle_views (
            battle_id       varchar(64)  NOT NULL,
            version         integer      NOT NULL,
            reducer_version integer      NOT NULL,
            view            jsonb        NOT NULL,
            map             jsonb        NOT NULL,
            updated_at      timestamptz  NOT NULL,
            CONSTRAINT battle_views_pkey PRIMARY KEY (battle_id)
        )
        """
    )
    op.execute(
        """
        CREATE TABLE snapshots (
            battle_id       varchar(64)  NOT NULL,
            version         integer      NOT NULL,
            reducer_version integer      NOT NULL,
            state           jsonb        NOT NULL,
            created_at      timestamptz  NOT NULL,
            CONSTRAINT snapshots_pkey PRIMARY KEY (battle_id, reducer_version, version)
        )
        """
    )
    # Undo, redo and judgement walk the action boundaries, not every event.
    op.execute(
        """
        CREATE INDEX event_log_actions_idx ON event_log (battle_id, version)
        WHERE type IN ('IntentAccepted', 'ActionUndone', 'ActionRedone')
        """
    )
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT SELECT, INSERT ON battles, battle_seats TO {APP_ROLE};
                GRANT SELECT, INSERT, UPDATE, DELETE ON battle_views, snapshots TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                REVOKE ALL ON battles, battle_seats, battle_views, snapshots FROM {APP_ROLE};
            END IF;
        END
        $$
        """
    )
    op.execute("DROP INDEX event_log_actions_idx")
    op.execute("DROP TABLE snapshots")
    op.execute("DROP TABLE battle_views")
    op.execute("DROP TABLE battle_seats")
    op.execute("DROP TABLE battles")
