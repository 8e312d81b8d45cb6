-- Accounts. `users` is the read model of account events (login, who-am-I, uniqueness); secrets live
-- in tables of their own, never in the log: password hashes, hashed verification tokens, sessions.

CREATE TABLE users (
  user_id           uuid PRIMARY KEY,
  username          text NOT NULL,
  email             text NOT NULL,
  profile_image     text,
  roles             integer[] NOT NULL DEFAULT '{}',
  email_verified_at timestamptz,
  registered_at     timestamptz NOT NULL
);
-- One account per address and per name, whatever the case. A signup that loses the race fails here,
-- inside its append transaction, so no event of a duplicate account is ever stored.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

CREATE TABLE password_credentials (
  user_id    uuid PRIMARY KEY,
  hash       text NOT NULL,            -- argon2id, PHC string
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE email_verification_tokens (
  token_hash bytea PRIMARY KEY,        -- sha256 of the token; the token itself only travels in the mail
  user_id    uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX email_verification_tokens_user ON email_verification_tokens (user_id);

CREATE TABLE sessions (
  token_hash   bytea PRIMARY KEY,      -- sha256 of the cookie value
  user_id      uuid NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL    -- absolute limit; idle limit is checked against last_seen_at
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- Failed logins per account (sha256 of the address), for the per-account rate limit.
CREATE TABLE login_failures (
  account bytea NOT NULL,
  at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account_at ON login_failures (account, at);
