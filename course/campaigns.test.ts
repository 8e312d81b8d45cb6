import { describe, expect, it } from 'vitest';
import { campaignOfSearch, mailCampaign, MAX_CAMPAIGN } from './campaigns';
import { letterUtm, MAX_LETTER_SLUG } from './newsletter';
import { SEQUENCE_SOURCES, SEQUENCE_STEPS, sequenceUtm } from './sequences';

const search = (utm: Record<string, string>) => `?${new URLSearchParams(utm).toString()}`;

describe('the campaigns of our mails’ links', () => {
  it('reads back every campaign a letter or a welcome mail writes', () => {
    const longest = 'ab-'.repeat(MAX_LETTER_SLUG).slice(0, MAX_LETTER_SLUG);
    expect(longest).toMatch(/^ab-.*ab$/);
    expect(longest).toHaveLength(MAX_LETTER_SLUG);
    for (const slug of ['volver-a-empezar', longest]) expect(campaignOfSearch(search(letterUtm(slug)))).toEqual({ source: 'newsletter', campaign: slug });
    for (const source of SEQUENCE_SOURCES)
      for (const step of SEQUENCE_STEPS) {
        const utm = sequenceUtm(source, step);
        expect(campaignOfSearch(search(utm))).toEqual({ source: 'bienvenida', campaign: utm.utm_campaign });
      }
  });

  it('keeps nothing else of the address: other parameters are not part of the campaign', () => {
    expect(campaignOfSearch('?utm_source=newsletter&utm_campaign=la-ley-del-espejo&utm_medium=email&email=ana%40example.com')).toEqual({
      source: 'newsletter',
      campaign: 'la-ley-del-espejo',
    });
  });

  it('ignores a half, a foreign or a hostile campaign instead of failing', () => {
    expect(campaignOfSearch('')).toBeUndefined();
    expect(campaignOfSearch('?utm_source=newsletter')).toBeUndefined();
    expect(campaignOfSearch('?utm_campaign=volver-a-empezar')).toBeUndefined();
    expect(campaignOfSearch('?utm_source=instagram&utm_campaign=bio')).toBeUndefined();
    expect(campaignOfSearch('?utm_source=NEWSLETTER&utm_campaign=hola')).toBeUndefined();
    expect(campaignOfSearch(search({ utm_source: 'newsletter', utm_campaign: 'x'.repeat(MAX_CAMPAIGN + 1) }))).toBeUndefined();
    expect(campaignOfSearch(search({ utm_source: 'newsletter', utm_campaign: '<script>alert(1)</script>' }))).toBeUndefined();
    expect(campaignOfSearch(search({ utm_source: 'newsletter', utm_campaign: 'ana@example.com' }))).toBeUndefined();
    expect(campaignOfSearch(search({ utm_source: 'newsletter', utm_campaign: 'hola--mundo' }))).toBeUndefined();
    expect(mailCampaign(['newsletter'], 'hola')).toBeUndefined();
    expect(mailCampaign('newsletter', 42)).toBeUndefined();
    expect(mailCampaign('newsletter', 'x'.repeat(MAX_CAMPAIGN))).toEqual({ source: 'newsletter', campaign: 'x'.repeat(MAX_CAMPAIGN) });
  });
});
