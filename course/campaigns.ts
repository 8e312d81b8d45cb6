// The campaigns our own mails mark their links with (utm_source + utm_campaign), and the one rule that reads them back
// from a page's address: shared by the browser's page-view beacon and the server that records it. Plain checks.

/** The letters' links: `utm_source=newsletter&utm_campaign=<letter slug>`. */
export const LETTER_SOURCE = 'newsletter';
/** The welcome sequences' links: `utm_source=bienvenida&utm_campaign=<page>-<section>-<step>`. */
export const SEQUENCE_SOURCE = 'bienvenida';
/** Only the sources our mails write are recorded: a campaign from anywhere else is not ours to count. */
export const MAIL_SOURCES = [LETTER_SOURCE, SEQUENCE_SOURCE] as const;
export type MailSource = (typeof MAIL_SOURCES)[number];

export const MAX_CAMPAIGN = 80;
/** A letter's slug or a sequence step's name: lowercase letters and digits in words joined by single hyphens. */
export const CAMPAIGN_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export type MailCampaign = { source: MailSource; campaign: string };

/**
 * A view's campaign, when both values are ours: a known source and a short token. Anything else (missing, too long,
 * other characters, another source) is no campaign — never an error: a visitor may arrive with any address.
 */
export function mailCampaign(source: unknown, campaign: unknown): MailCampaign | undefined {
  if (typeof source !== 'string' || typeof campaign !== 'string') return undefined;
  const known = MAIL_SOURCES.find((s) => s === source);
  if (!known || campaign.length > MAX_CAMPAIGN || !CAMPAIGN_PATTERN.test(campaign)) return undefined;
  return { source: known, campaign };
}

/** The campaign of a page's query string (`location.search`): utm_source and utm_campaign, nothing else of it. */
export function campaignOfSearch(search: string): MailCampaign | undefined {
  const query = new URLSearchParams(search);
  return mailCampaign(query.get('utm_source'), query.get('utm_campaign'));
}

/**
 * Attribution: a purchase belongs to the campaign of the buyer's last visit through one of our mails' links in the
 * ATTRIBUTION_DAYS before the checkout (last touch: a purchase counts for one campaign at most).
 */
export const ATTRIBUTION_DAYS = 30;
