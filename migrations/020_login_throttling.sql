-- Login throttling that cannot lock an owner out.

-- Failed logins were counted per account alone (a row per failure, SHA-256 of the address): five wrong
-- passwords from anywhere locked the owner out. Now one counter per key, the key an HMAC (its secret in
-- login_throttle_key) of what is counted: an account with one client (an address, or a browser known to the
-- account), a client address, or an account. The old rows meant something else and are dropped with the table.
DROP TABLE login_failures;
CREATE TABLE login_failures (
  key             bytea PRIMARY KEY,
  scope           text NOT NULL CHECK (scope IN ('pair', 'address', 'account')),
  failures        integer NOT NULL,
  last_failure_at timestamptz NOT NULL
);
CREATE INDEX login_failures_last_failure_at ON login_failures (last_failure_at);

-- The key of those HMACs: random, made once by the first login, one row.
CREATE TABLE login_throttle_key (
  only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  key      bytea NOT NULL
);
