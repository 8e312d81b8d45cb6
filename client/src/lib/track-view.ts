// Counts a visit to a public funnel page once per mount (POST /api/leads/view), with the campaign of our mail's link
// when the page's address has one (utm_source and utm_campaign, nothing else of it). The server honours
// Do-Not-Track and Global Privacy Control; we don't even ask when the browser says so. Never blocks the page.
import { useEffect } from 'react';
import { campaignOfSearch } from '../../../course/campaigns';
// On every funnel page, /menu first: the light client (no openapi-fetch) keeps that page small.
import { lightApi } from '../api/light-client';
import type { paths } from '../api/schema';

export type FunnelPage = paths['/api/leads/view']['post']['requestBody']['content']['application/json']['page'];

export function browserOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string | null };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}

export function trackView(page: FunnelPage, section?: string): void {
  if (browserOptedOut()) return;
  const utm = campaignOfSearch(globalThis.location.search);
  lightApi.POST('/api/leads/view', { body: { page, ...(section ? { section } : {}), ...(utm ? { utm } : {}) } }).catch((error: unknown) => {
    console.error('No se pudo registrar la visita.', error);
  });
}

export function useTrackView(page: FunnelPage, section?: string): void {
  useEffect(() => {
    trackView(page, section);
  }, [page, section]);
}
