-- Snapshots of a stream's fold, so that reading a long stream's state does not fold it from its first event:
-- the state of `fold` over the stream's events 1..version (global_position is the last one's), at fold_version
-- (a hash of the fold's code: a snapshot of another version is never read). A snapshot is a fold of a prefix of
-- an append-only stream, so it never becomes wrong, only old; many are kept per stream (one every so many events),
-- so that the state at any past position starts from the nearest one before it.
-- Personal texts stay sealed in `state` (the log's ciphertext, opened at read time with the keys of `subjects`):
-- forgetting a person makes their snapshots unreadable at once, and the erasure deletes them.
CREATE TABLE fold_snapshots (
  stream_id       text NOT NULL,
  fold            text NOT NULL,
  fold_version    text NOT NULL,
  version         bigint NOT NULL CHECK (version > 0),
  global_position bigint NOT NULL,
  state           jsonb NOT NULL,
  subjects        text[] NOT NULL,
  written_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, fold, fold_version, version)
);

-- The state at a past moment: the latest snapshot of the stream at or before a global position.
CREATE INDEX fold_snapshots_by_position ON fold_snapshots (stream_id, fold, fold_version, global_position);

-- A stream's events by global position: the coach's journey (a learner's stream and the coach's notes, merged in
-- global order) reads pages and the tail after a snapshot as a range of it, instead of every event of the stream.
CREATE INDEX events_stream_global_order ON events (stream_id, global_position);
