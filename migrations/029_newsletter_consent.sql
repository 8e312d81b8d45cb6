-- The newsletter's consent (double opt-in, decision 0016).

-- Inline read model: one row per subscribing address (its visitor stream), found on erasure by its subject.
-- Only 'confirmed' rows receive letters; 'unsubscribed' is for the next slice (one-click unsubscribe).
CREATE TABLE subscribers (
  stream_id       text PRIMARY KEY,          -- visitor-<hash>: names the address without holding it
  subject         text,                      -- lead:<keyed hash>, so forgetting the address finds the row
  status          text NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  requested_at    timestamptz NOT NULL,
  confirmed_at    timestamptz,
  unsubscribed_at timestamptz
);
CREATE INDEX subscribers_by_subject ON subscribers (subject);
CREATE INDEX subscribers_confirmed ON subscribers (requested_at) WHERE status = 'confirmed';

-- The confirmation links: a token per mail, stored as its SHA-256 only (the token travels in the mail alone),
-- single use, expiring. Not a read model: the mail worker writes a row when it writes the mail.
CREATE TABLE newsletter_confirmation_tokens (
  token_hash bytea PRIMARY KEY,
  stream_id  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX newsletter_confirmation_tokens_stream ON newsletter_confirmation_tokens (stream_id);

-- Those who subscribed through the form before double opt-in keep their status: confirmed, since the first
-- newsletter capture of their address (the projection's rule for a LeadCaptured of the form with no
-- SubscriptionRequested before it, so a rebuild gives the same rows). Forgotten addresses have no leads row.
INSERT INTO subscribers (stream_id, subject, status, requested_at, confirmed_at)
SELECT l.stream_id, l.subject, 'confirmed', first.at, first.at
FROM leads l
CROSS JOIN LATERAL (
  SELECT min(e.recorded_at) AS at
  FROM events e
  WHERE e.stream_id = l.stream_id AND e.type = 'LeadCaptured' AND e.data->>'page' = 'Newsletter Archive'
) first
WHERE l.stream_id IS NOT NULL AND first.at IS NOT NULL
ON CONFLICT (stream_id) DO NOTHING;
