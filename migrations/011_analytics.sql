-- The funnel for analysts. Async read models (follow the log) and views with documented columns.
-- No raw e-mail anywhere here: addresses are sha256 hashes (emails normalised to lower case).

CREATE TABLE analytics_daily (
  day           date    NOT NULL,
  page          text    NOT NULL,
  section       text    NOT NULL,   -- '' when a view names no section
  views         integer NOT NULL,
  leads         integer NOT NULL,   -- free downloads
  subscriptions integer NOT NULL,   -- newsletter sign-ups
  PRIMARY KEY (day, page, section)
);

-- First funnel page per visitor ('visitor:{uuid}') and per address ('email:{sha256}').
CREATE TABLE analytics_first_touch (
  touch_key text PRIMARY KEY,
  page      text NOT NULL,
  section   text NOT NULL,
  at        timestamptz NOT NULL
);

CREATE TABLE analytics_accounts (
  user_id       uuid PRIMARY KEY,
  email_hash    text,
  visitor_id    uuid,
  registered_at timestamptz,
  verified_at   timestamptz,
  first_paid_at timestamptz,
  payments      integer NOT NULL,
  revenue_usd   numeric(12, 2) NOT NULL
);
CREATE INDEX analytics_accounts_registered ON analytics_accounts (registered_at);

-- funnel_attribution: one row per account and the lead page it came from (first touch).
--   user_id, registered_at, verified_at, first_paid_at, payments, revenue_usd
--   page, section : the earlier of the visitor's first page and the address's first lead;
--                   '(directo)' / '' when the account has no funnel history
--   touch         : 'visitor' | 'email' | 'none' — how the account was tied to its first page
CREATE VIEW funnel_attribution AS
SELECT a.user_id, a.registered_at, a.verified_at, a.first_paid_at, a.payments, a.revenue_usd,
       COALESCE(first.page, '(directo)') AS page,
       COALESCE(first.section, '') AS section,
       COALESCE(first.touch, 'none') AS touch
FROM analytics_accounts a
LEFT JOIN LATERAL (
  SELECT t.page, t.section, split_part(t.touch_key, ':', 1) AS touch
  FROM analytics_first_touch t
  WHERE t.touch_key IN ('visitor:' || a.visitor_id::text, 'email:' || a.email_hash)
  ORDER BY t.at
  LIMIT 1
) first ON true
WHERE a.registered_at IS NOT NULL;

-- funnel_daily: per UTC day × page × section, the steps of the funnel.
--   views, leads, subscriptions : on the page itself that day
--   signups, verifications, payments, revenue_usd : accounts first attributed to that page, counted on
--                                                   the day of each step
CREATE VIEW funnel_daily AS
SELECT day, page, section,
       sum(views)::int AS views, sum(leads)::int AS leads, sum(subscriptions)::int AS subscriptions,
       sum(signups)::int AS signups, sum(verifications)::int AS verifications, sum(payments)::int AS payments,
       sum(revenue_usd)::numeric(12, 2) AS revenue_usd
FROM (
  SELECT day, page, section, views, leads, subscriptions, 0 AS signups, 0 AS verifications, 0 AS payments, 0 AS revenue_usd
  FROM analytics_daily
  UNION ALL
  SELECT (registered_at AT TIME ZONE 'UTC')::date, page, section, 0, 0, 0, 1, 0, 0, 0 FROM funnel_attribution
  UNION ALL
  SELECT (verified_at AT TIME ZONE 'UTC')::date, page, section, 0, 0, 0, 0, 1, 0, 0 FROM funnel_attribution WHERE verified_at IS NOT NULL
  UNION ALL
  SELECT (first_paid_at AT TIME ZONE 'UTC')::date, page, section, 0, 0, 0, 0, 0, payments, revenue_usd FROM funnel_attribution WHERE first_paid_at IS NOT NULL
) steps
GROUP BY day, page, section;
