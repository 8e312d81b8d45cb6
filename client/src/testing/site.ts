// Site settings for component tests: clearly fictitious values, as a coach would enter them.
import type { SiteSettings } from '../lib/site';

export const TEST_SITE = {
  version: 3,
  coachName: 'Coach de prueba',
  coachBio: null,
  coachStory: null,
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
  coachPhoto: null,
  coachPortrait: null,
} satisfies NonNullable<SiteSettings>;

/** A portrait as GET /api/site gives it (made-up hashes: no file behind them in component tests). */
export const TEST_PORTRAIT = {
  src: `/media/${'a'.repeat(64)}.jpg`,
  width: 600,
  height: 800,
  sources: [
    { type: 'image/avif', srcset: `/media/${'b'.repeat(64)}.avif 320w, /media/${'c'.repeat(64)}.avif 600w` },
    { type: 'image/webp', srcset: `/media/${'d'.repeat(64)}.webp 320w, /media/${'e'.repeat(64)}.webp 600w` },
  ],
};
