-- Read model of activity 4: each learner's three focus areas and answers per level.
CREATE TABLE deep_why (
  user_id           uuid PRIMARY KEY,
  selected_area_ids text[] NOT NULL,
  answers           jsonb NOT NULL,
  updated_at        timestamptz NOT NULL
);
