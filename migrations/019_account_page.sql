-- The account page: display names are not unique any more (login is by e-mail), and each session has an id and
-- a device label of its own, so its owner can see the sessions open on the account and end any of them.

-- A name says how to greet someone; two people may well share one.
DROP INDEX IF EXISTS users_username_key;

-- session_id names a session in the API (the token, or its hash, never leaves the server); device_label is the
-- browser as its User-Agent named it when the session started («Chrome en Android»; NULL when unrecognised).
-- last_seen_at already moves at most once a minute per session: it is the "last used" the owner sees.
ALTER TABLE sessions ADD COLUMN session_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD CONSTRAINT sessions_session_id_key UNIQUE (session_id);
ALTER TABLE sessions ADD COLUMN device_label text;
