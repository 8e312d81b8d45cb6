-- Password recovery and changes of address: the links' tokens (as SHA-256, like verification tokens) and the
-- changes of address waiting for their confirmation. Neither table is a read model of the log: the log holds
-- no token, and an address asked for is not the account's until it is confirmed (then EmailChanged holds it).

-- One table for the three kinds of link an account's owner gets by mail: a new password (1 hour), the
-- confirmation of a new address (24 hours, mailed to it) and the undo of a change (72 hours, mailed to the
-- previous address). A link is used once; `used_at` also marks the links voided by another (a new password
-- voids every other reset link of its account).
CREATE TABLE account_tokens (
  token_hash bytea PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('password-reset', 'email-change', 'email-undo')),
  user_id    uuid NOT NULL,
  request_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);

-- A change of address asked for by a signed-in owner: the new address waits here for the link mailed to it.
-- `previous_email` is set when it is confirmed: the undo link goes there. Personal data: erasing an account
-- deletes its rows; auth.cleanup deletes them once no link of theirs can be used.
CREATE TABLE email_change_requests (
  request_id     uuid PRIMARY KEY,
  user_id        uuid NOT NULL,
  new_email      text NOT NULL,
  previous_email text,
  requested_at   timestamptz NOT NULL DEFAULT now(),
  confirmed_at   timestamptz,
  undone_at      timestamptz
);
CREATE INDEX email_change_requests_user ON email_change_requests (user_id);
