"""Questions to the log: the read models the events filters and the movement question read.

`log_index` says, per event, its type, round and turn and whether its action is still in
effect; `log_creatures` the same per creature an event is about, with what the event did for
that creature's movement (`kind`, `distance`, `squares`, `detail`); `log_questions_position`
is how far the projector got in each battle, with what it carries to the next batch. All are
keyed by `battle_id` first, as every query is (DESIGN section 3, Scale).

The application role may insert, and update `undone` (undo and redo mark rows, never delete
them) and its own position.

Battles a campaign can find: each battle row gains a `title`, `tags`, who created it
(`created_by`: the API key's scope) and its closure (`closed_at`, `closed_reason`); the
application role may update those columns only.

Revision ID: 0005_i28
Revises: 0005_i25
Create Date: 2026-11-26
"""

from alembic import op

revision = "0005_i28"
down_revision = "0005_i25"
branch_labels = None
depends_on = None

APP_ROLE = "turnledger_app"
TABLES = ("log_index", "log_creatures", "log_questions_position")


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE log_index (
            battle_id  varchar(64) NOT NULL,
            version    integer     NOT NULL,
            type       varchar(64) NOT NULL,
            round      integer     NOT NULL,
            turn       integer,
            intent_id  varchar(64),
            undone     boolean     NOT NULL DEFAULT false,
            CONSTRAINT log_index_pkey PRIMARY KEY (battle_id, version)
        )
        """
    )
    op.execute("CREATE INDEX log_index_by_type ON log_index (battle_id, type, version)")
    op.execute("CREATE INDEX log_index_by_round ON log_index (battle_id, round, version)")
    op.execute(
        """
        CREATE TABLE log_creatures (
            battle_id   varchar(64) NOT NULL,
            creature    varchar(64) NOT NULL,
            version     integer     NOT NULL,
            type        varchar(64) NOT NULL,
            round       integer     NOT NULL,
            turn        integer,
            kind        varchar(16),
            distance    double precision NOT NULL DEFAULT 0,
            squares     jsonb,
            detail      jsonb,
            undone      boolean     NOT NULL DEFAULT false,
            CONSTRAINT log_creatures_pkey PRIMARY KEY (battle_id, creature, version)
        )
        """
    )
    op.execute(
        "CREATE INDEX log_creatures_by_round ON log_creatures (battle_id, creature, round, version)"
    )
    op.execute(
        """
        CREATE TABLE log_questions_position (
            battle_id  varchar(64) NOT NULL,
            version    integer     NOT NULL,
            cursor     jsonb       NOT NULL,
            CONSTRAINT log_questions_position_pkey PRIMARY KEY (battle_id)
        )
        """
    )
    op.execute(
        """
        ALTER TABLE battles
            ADD COLUMN title         varchar(200),
            ADD COLUMN tags          varchar(64)[] NOT NULL DEFAULT '{}',
            ADD COLUMN created_by    varchar(64),
            ADD COLUMN closed_at     timestamptz,
            ADD COLUMN closed_reason varchar(500)
        """
    )
    op.execute("CREATE INDEX battles_by_creator ON battles (created_by, created_at DESC)")
    op.execute("CREATE INDEX battles_by_tag ON battles USING gin (tags)")
    op.execute("CREATE INDEX battles_by_director ON battles (director_token_hash)")
    op.execute("CREATE INDEX battle_seats_by_token ON battle_seats (token_hash)")
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
                GRANT SELECT, INSERT, UPDATE ON {", ".join(TABLES)} TO {APP_ROLE};
                GRANT UPDATE (title, tags, closed_at, closed_reason) ON battles TO {APP_ROLE};
            END IF;
        END
        $$
        """
    )


def downgrade() -> None:
    op.execute("DROP INDEX battle_seats_by_token")
    for column in ("title", "tags", "created_by", "closed_at", "closed_reason"):
        op.execute(f"ALTER TABLE battles DROP COLUMN {column}")
    for table in reversed(TABLES):
        op.execute(f"DROP TABLE {table}")
