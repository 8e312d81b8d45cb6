-- Sending a letter to the confirmed subscribers (decision 0020).

-- Inline read model of the send streams (letter-send-<letterId>): one row per send, with what is sent — the letter's
-- title, slug, series and Markdown as they were when the coach scheduled it (an edit afterwards changes the archive,
-- not what the rest of the subscribers receive).
CREATE TABLE letter_sends (
  send_id      uuid PRIMARY KEY,
  letter_id    uuid NOT NULL,
  title        text NOT NULL,
  slug         text NOT NULL,
  series       text NOT NULL,
  markdown     text NOT NULL,
  scheduled_at timestamptz NOT NULL,              -- when the fan-out may run
  state        text NOT NULL CHECK (state IN ('scheduled', 'paused', 'cancelled', 'completed')),
  recipients   integer,                           -- set by the fan-out (LetterSendStarted); null before it
  batches      integer,
  started_at   timestamptz,
  completed_at timestamptz,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX letter_sends_by_letter ON letter_sends (letter_id, created_at);

-- One row per letter × recipient (a visitor stream id, never an address): the idempotency of a send. The fan-out
-- inserts them, the batch workers claim one (queued → sending) before the SMTP exchange and mark it sent after the
-- server accepted it. Not a read model: the worker's own bookkeeping, as mail_sends. Forgetting the address deletes
-- its rows.
CREATE TABLE letter_deliveries (
  letter_id       uuid NOT NULL,
  stream_id       text NOT NULL,
  send_id         uuid NOT NULL,
  batch           integer NOT NULL,
  status          text NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped')),
  attempts        integer NOT NULL DEFAULT 0,
  last_error_code text,
  claimed_at      timestamptz,
  sent_at         timestamptz,
  PRIMARY KEY (letter_id, stream_id)
);
CREATE INDEX letter_deliveries_batch ON letter_deliveries (send_id, batch) WHERE status IN ('queued', 'sending');

-- The letters' pace (NEWSLETTER_RATE_PER_MINUTE), shared by every worker process: the next free sending slot.
-- A batch reserves its slots with one UPDATE of this row.
CREATE TABLE newsletter_pace (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  next_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO newsletter_pace DEFAULT VALUES;

-- Inline read model: who unsubscribed through which letter's link (Unsubscribed {letterId} in the visitor stream),
-- for the letter's count «se dieron de baja después». Forgetting the address deletes its rows.
CREATE TABLE letter_unsubscribes (
  letter_id       uuid NOT NULL,
  stream_id       text NOT NULL,
  unsubscribed_at timestamptz NOT NULL,
  PRIMARY KEY (letter_id, stream_id)
);
