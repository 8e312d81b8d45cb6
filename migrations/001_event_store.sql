-- The event store: streams with their version, and the append-only log of events.
CREATE TABLE streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  version     bigint NOT NULL CHECK (version >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE events_global_position_seq AS bigint;

CREATE TABLE events (
  global_position bigint NOT NULL DEFAULT nextval('events_global_position_seq'),
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  -- No foreign key to streams: every append claims the stream row in the same transaction, and a
  -- per-row FK check would cost a fifth of batch throughput.
  stream_id       text NOT NULL,
  stream_position bigint NOT NULL CHECK (stream_position >= 1),
  event_id        uuid NOT NULL UNIQUE,
  type            text NOT NULL,
  version         integer NOT NULL CHECK (version >= 1),
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, stream_position)
);
ALTER SEQUENCE events_global_position_seq OWNED BY events.global_position;

-- The log is read in commit-safe order (transaction_id, global_position): async projections, readAll,
-- rebuilds. global_position alone is unique by its sequence and needs no index of its own.
CREATE UNIQUE INDEX events_transaction_order ON events (transaction_id, global_position);

-- The log is append-only: no UPDATE, DELETE or TRUNCATE, ever.
CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are immutable: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_are_immutable();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable();

-- Where each async projection has read up to, saved in the same transaction as its writes.
CREATE TABLE projection_checkpoints (
  projection      text PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT '0'::xid8,
  global_position bigint NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
