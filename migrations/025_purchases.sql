-- Checkouts created on the server (purchases), payments that name them, payments held for the coach, and access
-- derived from every source that grants it.

-- One row per checkout: who buys (an account, or a guest's address and its subject, so forgetting the address
-- finds the row), what, at which price, and the funnel's visitor it came from.
CREATE TABLE purchases (
  purchase_id   uuid PRIMARY KEY,
  product_id    text NOT NULL,
  amount        numeric(12, 2) NOT NULL,
  currency      char(3) NOT NULL,
  user_id       uuid,
  email         text,
  subject       text,
  visitor_id    uuid,
  preference_id text NOT NULL,
  started_at    timestamptz NOT NULL
);
CREATE INDEX purchases_by_user ON purchases (user_id);
CREATE INDEX purchases_by_subject ON purchases (subject);
CREATE INDEX purchases_started_at ON purchases (started_at);

-- A payment may belong to a guest's purchase (no account) or to nobody yet (held for the coach: status 'held').
ALTER TABLE payments ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE payments ADD COLUMN purchase_id uuid;
CREATE INDEX payments_by_purchase ON payments (purchase_id);

-- Access is held while a source grants it: the payments granting an entitlement, the sources of each role.
ALTER TABLE entitlements ADD COLUMN sources jsonb NOT NULL DEFAULT '[]';
ALTER TABLE users ADD COLUMN role_sources jsonb NOT NULL DEFAULT '{}';

-- Read models whose fold changed: rebuilt from the log at the next start (or db:migrate), then forgotten here.
CREATE TABLE projection_rebuilds_due (projection text PRIMARY KEY, since timestamptz NOT NULL DEFAULT now());
INSERT INTO projection_rebuilds_due (projection) VALUES ('users'), ('entitlements'), ('payments');

-- A guest's ebook: download links (the token's SHA-256 only) that expire, and the downloads counted per purchase.
CREATE TABLE download_tokens (
  token_hash  bytea PRIMARY KEY,
  purchase_id uuid NOT NULL,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX download_tokens_purchase ON download_tokens (purchase_id);
CREATE INDEX download_tokens_expires_at ON download_tokens (expires_at);
CREATE TABLE purchase_downloads (
  purchase_id uuid PRIMARY KEY,
  downloads   integer NOT NULL DEFAULT 0
);
