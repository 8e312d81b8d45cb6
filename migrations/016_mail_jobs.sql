-- Mail jobs carry ids, not secrets or addresses: the worker finds the person in the read models at send time.

-- A lead is found by its stream id (`visitor-` and the first 32 hex digits of the SHA-256 of its address),
-- which is all a welcome mail's job holds. The projection writes it; this fills the rows it wrote before.
ALTER TABLE leads ADD COLUMN stream_id text;
UPDATE leads SET stream_id = 'visitor-' || left(encode(sha256(convert_to(email, 'UTF8')), 'hex'), 32);
ALTER TABLE leads ALTER COLUMN stream_id SET NOT NULL;
CREATE UNIQUE INDEX leads_stream_id_key ON leads (stream_id);

-- The mails let through to each address (SHA-256 of the address: no address is stored), per kind, for the
-- per-address limit that holds across processes. One row per job, so a retried job is not counted twice.
CREATE TABLE mail_sends (
  job_id    uuid PRIMARY KEY,
  recipient bytea NOT NULL,
  kind      text NOT NULL,
  sent_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_sends_recipient ON mail_sends (recipient, kind, sent_at);

-- Mails queued before this change held the rendered mail (address, and for a verification its link). Each
-- becomes the ids its kind needs now; one whose person cannot be found any more is dropped with what it held.
-- (A verification queued with a way back into the course loses that way back: after login, the usual page.)
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NULL THEN
    RETURN; -- a new database: the queue does not exist yet
  END IF;
  UPDATE pgboss.job j
  SET data = jsonb_build_object('kind', 'account-verification', 'userId', u.user_id)
  FROM users u
  WHERE j.name IN ('email.send', 'email.send.dead') AND j.data ? 'to'
    AND j.data->>'kind' = 'account-verification' AND lower(u.email) = lower(trim(j.data->>'to'));
  UPDATE pgboss.job j
  SET data = jsonb_build_object('kind', 'lead-welcome', 'leadId', l.stream_id,
                                'page', split_part(j.data->>'kind', ':', 2), 'section', split_part(j.data->>'kind', ':', 3))
  FROM leads l
  WHERE j.name IN ('email.send', 'email.send.dead') AND j.data ? 'to'
    AND j.data->>'kind' LIKE 'lead-welcome:%:%' AND l.email = lower(trim(j.data->>'to'));
  DELETE FROM pgboss.job WHERE name IN ('email.send', 'email.send.dead') AND data ? 'to';
END $$;
