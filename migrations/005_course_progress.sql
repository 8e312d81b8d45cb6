-- Read model of course progress: which activity each learner completed, and when.
CREATE TABLE completions (
  user_id      uuid NOT NULL,
  activity_id  text NOT NULL,   -- the activity's slug
  completed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_id)
);

-- Read model of lesson reflections: the latest text per learner and lesson.
CREATE TABLE reflections (
  user_id     uuid NOT NULL,
  activity_id text NOT NULL,
  text        text NOT NULL,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, activity_id)
);
