-- Read models of activities 1–3: the latest score per area, the latest text per activity and area.
CREATE TABLE area_ratings (
  user_id  uuid NOT NULL,
  area_id  text NOT NULL,
  score    integer NOT NULL CHECK (score BETWEEN 0 AND 10),
  rated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, area_id)
);

CREATE TABLE area_definitions (
  user_id     uuid NOT NULL,
  activity_id text NOT NULL,
  area_id     text NOT NULL,
  definition  text NOT NULL,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_id, area_id)
);
