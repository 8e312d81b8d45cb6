-- Crypto-shredding: the personal fields of events are sealed with a data key per person (AES-256-GCM in the
-- application), kept here and nowhere else. Forgetting a person deletes the key; their events stay in the log,
-- unreadable. A learner's row stays as a tombstone (key NULL), so that a write arriving after the erasure (a late
-- job) cannot make a new key for them: what it writes is sealed with a throwaway key. A lead address's row goes,
-- so the address can come back with new consent under a new key.
CREATE TABLE person_keys (
  subject      text PRIMARY KEY,
  key          bytea CHECK (key IS NULL OR length(key) = 32),
  created_at   timestamptz NOT NULL DEFAULT now(),
  forgotten_at timestamptz,
  CHECK ((key IS NULL) = (forgotten_at IS NOT NULL))
);

-- The key of the HMAC that names a lead address's subject (lead:<HMAC of the normalised address>): random, made
-- once by the first lead, one row. Keyed, so that a dump does not let anyone test guessed addresses against it.
CREATE TABLE person_subject_secret (
  only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  key      bytea NOT NULL
);

-- A lead's row knows its subject, so that forgetting the address finds it without the address.
ALTER TABLE leads ADD COLUMN subject text;
CREATE INDEX leads_subject ON leads (subject);

-- The funnel's first touch of an address knows the address's subject too, for the same reason.
ALTER TABLE analytics_first_touch ADD COLUMN subject text;
CREATE INDEX analytics_first_touch_subject ON analytics_first_touch (subject);
