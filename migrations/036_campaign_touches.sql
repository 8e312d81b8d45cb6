-- Visits through our own mails' links (decision 0022): one row per page view that carried a campaign of ours
-- (LeadPageViewed.utm), async like the rest of the funnel. `touch_key` is the visitor as analytics_first_touch and the
-- sales ledger name it ('visitor:<uuid>'), so a sale reaches its buyer's visits by the same keys. No personal data:
-- an anonymous visitor id, our source and campaign (a letter's slug or a welcome step), the moment.
CREATE TABLE analytics_campaign_touches (
  touch_id  uuid PRIMARY KEY,         -- the view's event id
  touch_key text NOT NULL,
  source    text NOT NULL,
  campaign  text NOT NULL,
  at        timestamptz NOT NULL
);
CREATE INDEX analytics_campaign_touches_campaign ON analytics_campaign_touches (source, campaign);
CREATE INDEX analytics_campaign_touches_visitor ON analytics_campaign_touches (touch_key, at);
