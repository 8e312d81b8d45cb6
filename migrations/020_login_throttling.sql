-- Login throttling that cannot lock an owner out, and the browsers each account has signed in from.

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

-- Browsers an account has signed in from: the browser keeps a random device cookie, the table its SHA-256 with
-- the account's id (the same browser has unrelated hashes in two accounts), and a label from its User-Agent
-- («Chrome en Android»; NULL when none is recognised) for the new-browser notice, which a mail job names by device_id.
CREATE TABLE login_devices (
  device_id     uuid PRIMARY KEY,
  user_id       uuid NOT NULL,
  device_hash   bytea NOT NULL,
  label         text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, device_hash)
);
CREATE INDEX login_devices_last_seen_at ON login_devices (last_seen_at);
