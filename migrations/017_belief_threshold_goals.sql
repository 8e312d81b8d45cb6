-- The belief threshold's read model takes its slice's name (belief_goals → belief_threshold_goals): the same rows,
-- with its key and index renamed alike. Renaming is instant and keeps every row; the projection is inline (no
-- checkpoint) and writes the table under its new name from now on.
ALTER TABLE belief_goals RENAME TO belief_threshold_goals;
ALTER TABLE belief_threshold_goals RENAME CONSTRAINT belief_goals_pkey TO belief_threshold_goals_pkey;
ALTER INDEX belief_goals_by_user RENAME TO belief_threshold_goals_by_user;
