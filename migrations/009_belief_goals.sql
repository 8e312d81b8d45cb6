-- Read model of activity 8 (belief threshold): one row per goal.
CREATE TABLE belief_goals (
  goal_id                  uuid PRIMARY KEY,
  user_id                  uuid NOT NULL,
  manifest_goal            text NOT NULL,
  hesitations              jsonb NOT NULL,
  current_time_index       integer NOT NULL,
  perfect_time_frame_label text,
  perfect_time_frame_years double precision,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX belief_goals_by_user ON belief_goals (user_id, created_at);
