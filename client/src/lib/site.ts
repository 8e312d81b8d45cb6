// The coach's public settings of the site (GET /api/site): her links, contact and booking pages, read at run time
// and asked once per visit without TanStack Query (the first page, /menu, stays light). A link the coach has not
// set is null: its button is hidden or reads «Próximamente», never a made-up address.
import { createContext, useContext } from 'react';
import { paragraphsOf } from '../../../course/site';
import { unwrap } from '../api/errors';
import { lightApi } from '../api/light-client';
import type { paths } from '../api/schema';
import { createOnceSource, useOnceSource, type OnceSource } from './once-source';

export type SiteSettings = paths['/api/site']['get']['responses'][200]['content']['application/json']['data'];

/** The visit's settings: asked once, or given up front (tests, a page that already has them). */
export const createSiteSource = (given?: SiteSettings | null) =>
  createOnceSource(async () => unwrap(await lightApi.GET('/api/site')), 'No se pudieron cargar los ajustes del sitio.', given);

export type SiteSource = OnceSource<SiteSettings>;
export const SiteSourceContext = createContext<SiteSource | null>(null);
let fallbackSource: SiteSource | undefined;

/** The settings, or null while they load (or when they could not be read): links hide, never a made-up address. */
export function useSiteSettings(): SiteSettings | null {
  return useOnceSource(useContext(SiteSourceContext) ?? (fallbackSource ??= createSiteSource()));
}

export interface SiteLinks {
  instagram: string | null;
  tiktok: string | null;
  youtube: string | null;
  book: string | null;
  whatsapp: string | null;
  /** Where the enrolled learner (role 7) books their first 1:1 session. */
  bookingFirstSession: string | null;
  /** The free 30-minute clarification call (everyone else). */
  bookingClarificationCall: string | null;
  /** The paid 60-minute Purpose Session (/coaching). */
  bookingPurposeSession: string | null;
  /** Where enquiries about tech projects go (/about), as an address. */
  techProjectsEmail: string | null;
  /** The coach's video of /niveles (a file or a YouTube or Vimeo link); without it the page shows none. */
  nivelesVideo: string | null;
  coachName: string | null;
}

export function siteLinks(s: SiteSettings | null): SiteLinks {
  return {
    instagram: s?.instagramUrl ?? null,
    tiktok: s?.tiktokUrl ?? null,
    youtube: s?.youtubeUrl ?? null,
    book: s?.bookUrl ?? null,
    whatsapp: s?.whatsappNumber ? `https://wa.me/${s.whatsappNumber.replace(/\D/g, '')}` : null,
    bookingFirstSession: s?.bookingFirstSessionUrl ?? null,
    bookingClarificationCall: s?.bookingClarificationCallUrl ?? null,
    bookingPurposeSession: s?.bookingPurposeSessionUrl ?? null,
    techProjectsEmail: s?.techProjectsEmail ?? null,
    nivelesVideo: s?.nivelesVideoUrl ?? null,
    coachName: s?.coachName ?? null,
  };
}

/** A WhatsApp chat with the coach, optionally with a prefilled message; null while she has not set her number. */
export function whatsappChat(links: Pick<SiteLinks, 'whatsapp'>, message?: string): string | null {
  if (!links.whatsapp) return null;
  return message ? `${links.whatsapp}?text=${encodeURIComponent(message)}` : links.whatsapp;
}

/** The site's links for a component, with the WhatsApp chat builder. */
export function useSiteLinks() {
  const links = siteLinks(useSiteSettings());
  return { links, whatsappLink: (message?: string) => whatsappChat(links, message) };
}

/** What a button whose page is not set yet says instead of linking. */
export const COMING_SOON = 'Próximamente';

/**
 * The coach's portrait, name, short presentation and story as the pages show them; null each while she has not set
 * it. The texts come as paragraphs (she separates them with a blank line), to be shown as plain text.
 */
export function useCoach() {
  const settings = useSiteSettings();
  const paragraphs = (text: string | null | undefined) => {
    const list = paragraphsOf(text ?? '');
    return list.length > 0 ? list : null;
  };
  return {
    portrait: settings?.coachPortrait ?? null,
    name: settings?.coachName ?? null,
    bio: paragraphs(settings?.coachBio),
    story: paragraphs(settings?.coachStory),
  };
}
