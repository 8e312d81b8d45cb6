import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, VIEW_ROUTE } from '../testing/fake-api';
import { trackView } from './track-view';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The beacon's body, sent from a page at `address`. */
async function beaconFrom(address: string, section?: string): Promise<unknown> {
  window.history.replaceState(null, '', address);
  const api = stubApi(VIEW_ROUTE);
  trackView('reprograma', section);
  await vi.waitFor(() => expect(api.callsTo('POST /api/leads/view')).toHaveLength(1));
  return api.callsTo('POST /api/leads/view')[0]!.body;
}

describe('the page-view beacon', () => {
  it('carries the campaign of a letter’s link, and nothing else of the address', async () => {
    expect(await beaconFrom('/reprograma?utm_source=newsletter&utm_campaign=volver-a-empezar&utm_medium=email&ref=ana%40example.com', 'precios')).toEqual({
      page: 'reprograma',
      section: 'precios',
      utm: { source: 'newsletter', campaign: 'volver-a-empezar' },
    });
    expect(await beaconFrom('/reprograma?utm_campaign=nostalgia-fragmento-2&utm_source=bienvenida')).toEqual({
      page: 'reprograma',
      utm: { source: 'bienvenida', campaign: 'nostalgia-fragmento-2' },
    });
  });

  it('leaves the campaign out when the address has none, half of one, or one that is not ours', async () => {
    for (const address of [
      '/reprograma',
      '/reprograma?utm_source=newsletter',
      '/reprograma?utm_source=instagram&utm_campaign=bio',
      `/reprograma?utm_source=newsletter&utm_campaign=${'x'.repeat(81)}`,
      '/reprograma?utm_source=newsletter&utm_campaign=%3Cscript%3E',
    ])
      expect(await beaconFrom(address), address).toEqual({ page: 'reprograma' });
  });
});
