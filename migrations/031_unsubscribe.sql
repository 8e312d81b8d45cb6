-- The newsletter's one-click unsubscribe (RFC 8058, decision 0019) and the coach's subscriber list.

-- The key that signs the unsubscribe links (HMAC-SHA256): random, made once per database by the first mail or
-- request that needs it, one row. The links do not expire (decision 0019), so the key is kept as long as the data.
CREATE TABLE newsletter_unsubscribe_key (
  only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  key      bytea NOT NULL
);

-- A subscriber can also have left (Unsubscribed) or bounce (SubscriberBounced: SMTP answered a permanent 5xx).
ALTER TABLE subscribers DROP CONSTRAINT subscribers_status_check;
ALTER TABLE subscribers ADD CONSTRAINT subscribers_status_check CHECK (status IN ('pending', 'confirmed', 'unsubscribed', 'bounced'));
ALTER TABLE subscribers ADD COLUMN bounced_at timestamptz;
-- Where the subscription was asked for: the newsletter form ('Newsletter Archive') or a download form's checkbox
-- (its page). Every row so far came from the newsletter form.
ALTER TABLE subscribers ADD COLUMN source text NOT NULL DEFAULT 'Newsletter Archive';
ALTER TABLE subscribers ALTER COLUMN source DROP DEFAULT;
