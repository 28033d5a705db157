"""The event log, its idempotency keys, and the database's refusal to alter history.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"


def upgrade() -> None:
    op.execute("CREATE SEQUENCE event_log_global_position_seq AS bigint CACHE 1")
    op.execute(
        """
        CREATE TABLE event_log (
            battle_id       varchar(64)  NOT NULL,
            version         integer      NOT NULL CHECK (version >= 1),
            tx_id           xid8         NOT NULL DEFAULT pg_current_xact_id(),
            global_position bigint       NOT NULL
                            DEFAULT nextval('event_log_global_position_seq'),
            type            varchar(64)  NOT NULL,
            schema_version  integer      NOT NULL CHECK (schema_version >= 1),
            data            jsonb        NOT NULL,
            intent_id       varchar(64),
            causation_id    varchar(64),
            correlation_id  varchar(64),
            actor           varchar(64),
            rules_version   varchar(64),
            recorded_at     timestamptz  NOT NULL,
            prev_hash       bytea        NOT NULL,
            hash            bytea        NOT NULL,
            CONSTRAINT event_log_pkey PRIMARY KEY (battle_id, version)
        )
        """
    )
    op.execute("ALTER SEQUENCE event_log_global_position_seq OWNED BY event_log.global_position")
    # Not unique: a unique index must include battle_id to distribute by it, and the sequence
    # already makes positions unique.
    op.execute("CREATE INDEX event_log_global_position_idx ON event_log (global_position)")
    op.execute("CREATE INDEX event_log_intent_idx ON event_log (battle_id, intent_id)")
    op.execute("CREATE INDEX event_log_recorded_at_idx ON event_log (battle_id, recorded_at)")
    op.execute(
        """
        CREATE TABLE idempotency_keys (
            battle_id     varchar(64)  NOT NULL,
            key           varchar(200) NOT NULL,
            request_hash  bytea        NOT NULL,
            first_version integer      NOT NULL,
            last_version  integer      NOT NULL,
            response      text,
            recorded_at   timestamptz  NOT NULL,
            CONSTRAINT idempotency_keys_pkey PRIMARY KEY (battle_id, key)
        )
        """
    )
    op.execute(
        """
        CREATE FUNCTION event_log_is_append_only() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'event_log is append-only: % is refused', TG_OP
                USING ERRCODE = 'insufficient_privilege';
        END
        $$
        """
    )
    op.execute(
        """
        CREATE TRIGGER event_log_no_update_or_delete
            BEFORE UPDATE OR DELETE ON event_log
            FOR EACH ROW EXECUTE FUNCTION event_log_is_append_only()
        """
    )
    op.execute(
        """
        CREATE TRIGGER event_log_no_truncate
            BEFORE TRUNCATE ON event_log
            FOR EACH STATEMENT EXECUTE FUNCTION event_log_is_append_only()
        """
    )
    # The application's role may read and append, nothing else. Roles are cluster-wide, so it
    # is created only when missing and only where the migrating user may create roles.
    op.execute(
        f"""
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                IF (SELECT rolcreaterole OR rolsuper FROM pg_roles
                    WHERE rolname = current_user) THEN
                    CREATE ROLE {APP_ROLE} NOLOGIN;
                END IF;
            END IF;
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT SELECT, INSERT ON event_log TO {APP_ROLE};
                GRANT SELECT, INSERT, UPDATE ON idempotency_keys TO {APP_ROLE};
                GRANT USAGE ON SEQUENCE event_log_global_position_seq TO {APP_ROLE};
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
                REVOKE ALL ON event_log, idempotency_keys FROM {APP_ROLE};
                REVOKE ALL ON SEQUENCE event_log_global_position_seq FROM {APP_ROLE};
            END IF;
        END
        $$
        """
    )
    op.execute("DROP TABLE idempotency_keys")
    # Dropping the table drops its triggers; history goes only when the schema itself goes.
    op.execute("DROP TABLE event_log")
    op.execute("DROP FUNCTION event_log_is_append_only()")
