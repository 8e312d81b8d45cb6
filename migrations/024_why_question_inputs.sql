-- The texts a deep-why question is made from (the learner's answer, their beliefs and vision of the area) wait
-- here, not in the ai.why-question job: the job carries ids only, and its worker reads the texts when it runs and
-- deletes them when it is done. An account's erasure deletes its rows; auth.cleanup those older than a day.
CREATE TABLE why_question_inputs (
  question_id     uuid PRIMARY KEY,
  user_id         uuid,
  previous_answer text,
  current_text    text,
  future_text     text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX why_question_inputs_user ON why_question_inputs (user_id);
CREATE INDEX why_question_inputs_created_at ON why_question_inputs (created_at);
