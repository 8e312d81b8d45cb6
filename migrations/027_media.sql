-- The coach's media library.
-- media_blobs: the bytes of every stored file, keyed by the SHA-256 of those bytes (the same bytes are kept once).
-- It is content, not a projection: events reference the hashes and a rebuild leaves this table as it is.
CREATE TABLE media_blobs (
  sha256       text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL,
  bytes        integer NOT NULL CHECK (bytes > 0),
  data         bytea NOT NULL,
  stored_at    timestamptz NOT NULL DEFAULT now()
);
-- Kept inline with the bytes would make every range read decompress the whole file; audio and images are
-- compressed already.
ALTER TABLE media_blobs ALTER COLUMN data SET STORAGE EXTERNAL;

-- Read model of the library (projection of MediaUploaded): one row per uploaded file, newest first in the desk.
CREATE TABLE media (
  media_id         uuid PRIMARY KEY,
  kind             text NOT NULL,
  label            text,
  sha256           text NOT NULL,
  content_type     text NOT NULL,
  ext              text NOT NULL,
  bytes            integer NOT NULL,
  width            integer,
  height           integer,
  duration_seconds double precision,
  variants         jsonb NOT NULL DEFAULT '[]',
  uploaded_at      timestamptz NOT NULL
);
CREATE INDEX media_by_upload ON media (uploaded_at DESC, media_id);
