-- Activity 4's 'Rehacer Ejercicio': a learner who started the exercise again and has not completed it since
-- has no summary to come back to (the completion itself stays, so the course does not go back).
ALTER TABLE deep_why ADD COLUMN restarted boolean NOT NULL DEFAULT false;
