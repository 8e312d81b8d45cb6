-- Read models of payments: each payment verified with the provider, and each learner's entitlements.
CREATE TABLE payments (
  payment_id   text PRIMARY KEY,
  product_id   text NOT NULL,
  user_id      uuid NOT NULL,
  amount       numeric(12, 2) NOT NULL,
  currency     char(3) NOT NULL,
  source       text NOT NULL,
  status       text NOT NULL,
  confirmed_at timestamptz NOT NULL,
  reversed_at  timestamptz
);
CREATE INDEX payments_by_user ON payments (user_id);

CREATE TABLE entitlements (
  user_id    uuid NOT NULL,
  product_id text NOT NULL,
  payment_id text NOT NULL,
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, product_id)
);
