// A letter's body, loaded on demand. The letters are the e-mails' HTML as sent, bundled as static files
// (letters/<campaign>/<slug>.html); each is its own chunk, so only the letter being read is downloaded.
//
// The outcomes:
// - a campaign we know, with that slug      → the HTML;
// - a test campaign (the mailer's test sends) → 'Newsletter not found': its letters are never published;
// - a known campaign without that slug     → 'Newsletter not found';
// - any other campaign                     → 'Campaign not found'.
// A letter that exists but fails to load (a chunk that does not arrive) rejects: that is a load failure,
// not a missing letter.
import { isCampaign } from '../archive';

export type LetterContent = { kind: 'found'; html: string } | { kind: 'not-found'; reason: 'Campaign not found' | 'Newsletter not found' };

/** './letters/<campaign>/<slug>.html' → its lazy import (Vite turns each into a separate chunk). */
export type LetterModules = Record<string, () => Promise<string>>;

const BUNDLED: LetterModules = import.meta.glob<string>('./letters/*/*.html', { query: '?raw', import: 'default' });

/** Campaigns the mailer uses for test sends: they exist, but nothing in them is ever shown. */
export const TEST_CAMPAIGNS: ReadonlySet<string> = new Set(['test']);

export const letterKey = (campaign: string, slug: string) => `./letters/${campaign}/${slug}.html`;

export async function loadLetter(campaign: string, slug: string, modules: LetterModules = BUNDLED): Promise<LetterContent> {
  if (TEST_CAMPAIGNS.has(campaign)) return { kind: 'not-found', reason: 'Newsletter not found' };
  if (!isCampaign(campaign)) return { kind: 'not-found', reason: 'Campaign not found' };
  const load = modules[letterKey(campaign, slug)];
  if (!load) return { kind: 'not-found', reason: 'Newsletter not found' };
  return { kind: 'found', html: await load() };
}
