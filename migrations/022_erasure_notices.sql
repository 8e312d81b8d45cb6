-- The one mail that goes to an address we have just forgotten: «Tu cuenta fue eliminada». The address waits here,
-- and nowhere else, until the mail job (which names the row by id) has sent it or given up: the worker deletes
-- the row after the send, and auth.cleanup deletes any row older than a day (the job's retries end sooner).
CREATE TABLE erasure_notices (
  notice_id  uuid PRIMARY KEY,
  email      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
