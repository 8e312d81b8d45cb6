-- The welcome sequences after a lead magnet (decision 0021).

-- Inline read model of the `sequence-<page>-<section>` streams: the steps the coach wrote (step 1 unwritten: the
-- download's default welcome; steps 2 and 3 unwritten: not sent).
CREATE TABLE sequence_steps (
  page       text NOT NULL,
  section    text NOT NULL,
  step       smallint NOT NULL CHECK (step BETWEEN 1 AND 3),
  subject    text NOT NULL,
  markdown   text NOT NULL,
  day        smallint NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (page, section, step)
);

-- Inline read model of the leads' first download of a source with a sequence: one row per address and source,
-- from its LeadCaptured; its Unsubscribed or SubscriberBounced ends every sequence of the address. The sweep also
-- ends one when the address bought something or has an account (exit_reason 'bought', 'signed-up'). `subject`
-- (the address's keyed hash) lets forgetting the address find its rows.
CREATE TABLE sequence_enrolments (
  stream_id   text NOT NULL,
  page        text NOT NULL,
  section     text NOT NULL,
  subject     text,
  enrolled_at timestamptz NOT NULL,
  exited_at   timestamptz,
  exit_reason text CHECK (exit_reason IN ('unsubscribed', 'bounced', 'bought', 'signed-up')),
  PRIMARY KEY (stream_id, page, section)
);
CREATE INDEX sequence_enrolments_active ON sequence_enrolments (enrolled_at) WHERE exited_at IS NULL;
CREATE INDEX sequence_enrolments_subject ON sequence_enrolments (subject);

-- One row per step queued to a lead (steps 2 and 3): the sweep inserts it with the mail's job in one transaction,
-- so two sweeps (or two workers) queue a step once.
CREATE TABLE sequence_deliveries (
  stream_id text NOT NULL,
  page      text NOT NULL,
  section   text NOT NULL,
  step      smallint NOT NULL,
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, page, section, step)
);
