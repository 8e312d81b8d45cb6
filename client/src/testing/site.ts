// Site settings for component tests: clearly fictitious values, as a coach would enter them.
import type { SiteSettings } from '../lib/site';

export const TEST_SITE = {
  version: 3,
  coachName: 'Coach de prueba',
  coachBio: null,
  contactEmail: 'hola@example.com',
  whatsappNumber: '+5491100000000',
  bookingFirstSessionUrl: 'https://example.com/agenda/primera-sesion',
  bookingClarificationCallUrl: 'https://example.com/agenda/sesion-de-claridad',
  bookingPurposeSessionUrl: 'https://example.com/agenda/sesion-de-proposito',
  instagramUrl: 'https://example.com/instagram',
  tiktokUrl: 'https://example.com/tiktok',
  youtubeUrl: 'https://example.com/youtube',
  bookUrl: 'https://example.com/libro',
  techProjectsEmail: 'proyectos@example.com',
  nivelesVideoUrl: null,
  notice: null,
} satisfies NonNullable<SiteSettings>;
