-- Read models of the meditation tool: revelations, and each meditator's totals and days (for the streak).
CREATE TABLE revelations (
  revelation_id        uuid PRIMARY KEY,
  user_id              uuid NOT NULL,
  revelation           text NOT NULL,
  total_time_meditated integer NOT NULL,
  created_at           timestamptz NOT NULL
);
CREATE INDEX revelations_by_user ON revelations (user_id, created_at DESC);

CREATE TABLE meditation_totals (
  user_id         uuid PRIMARY KEY,
  total_seconds   bigint NOT NULL,
  sessions        integer NOT NULL,
  days            text[] NOT NULL,
  last_session_at timestamptz NOT NULL
);
