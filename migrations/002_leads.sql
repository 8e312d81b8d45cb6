-- Read models of lead capture (free downloads, newsletter sign-ups).

-- Inline: one row per e-mail address, what they asked for and when.
CREATE TABLE leads (
  email            text PRIMARY KEY,
  nick             text NOT NULL,
  captures         integer NOT NULL,
  statuses         jsonb NOT NULL,
  first_captured_at timestamptz NOT NULL,
  last_captured_at  timestamptz NOT NULL
);

-- Async (follows the log): captures per day, page and section, for the funnel. Counts, no e-mails.
CREATE TABLE lead_daily_counts (
  day      date NOT NULL,
  page     text NOT NULL,
  section  text NOT NULL,
  captures integer NOT NULL,
  PRIMARY KEY (day, page, section)
);
