// External links of the site, in one place. Each can be overridden at build time with a VITE_* variable
// (see client/src/env.d.ts); a malformed value fails on load with a readable message.
const env = import.meta.env;

function httpsUrl(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute https:// URL, got "${value}"`);
  }
  return parsed.href;
}

function phoneDigits(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  const digits = value.replace(/[\s+()-]/g, '');
  if (!/^\d{8,15}$/.test(digits)) {
    throw new Error(`${name} must be an international phone number (8 to 15 digits), got "${value}"`);
  }
  return digits;
}

function emailAddress(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new Error(`${name} must be an e-mail address, got "${value}"`);
  }
  return value;
}

const whatsappNumber = phoneDigits('VITE_WHATSAPP_NUMBER', env.VITE_WHATSAPP_NUMBER, '5490000000000');

export const links = {
  instagram: httpsUrl('VITE_INSTAGRAM_URL', env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/manifiesta/'),
  tiktok: httpsUrl('VITE_TIKTOK_URL', env.VITE_TIKTOK_URL, 'https://www.tiktok.com/@manifiesta'),
  youtube: httpsUrl('VITE_YOUTUBE_URL', env.VITE_YOUTUBE_URL, 'https://www.youtube.com/@manifiesta'),
  whatsapp: `https://wa.me/${whatsappNumber}`,
  book: httpsUrl('VITE_BOOK_URL', env.VITE_BOOK_URL, 'https://www.amazon.com/s?k=Manifiesta+afirmaciones'),
  /** The video of /niveles: the site's own intro by default, or an https address (a YouTube one plays embedded). */
  nivelesVideo: httpsUrl('VITE_NIVELES_VIDEO_URL', env.VITE_NIVELES_VIDEO_URL, '/video/niveles-de-conciencia.webm'),
  /** The scheduling page where an enrolled learner (role 7) books their first 1:1 session. */
  bookingFirstSession: httpsUrl('VITE_BOOKING_FIRST_SESSION_URL', env.VITE_BOOKING_FIRST_SESSION_URL, 'https://calendly.com/manifiesta/primera-sesion'),
  /** The scheduling page for the free 30-minute 1-to-1 clarification call (everyone else). */
  bookingClarificationCall: httpsUrl(
    'VITE_BOOKING_CLARIFICATION_CALL_URL',
    env.VITE_BOOKING_CLARIFICATION_CALL_URL,
    'https://calendly.com/manifiesta/sesion-de-claridad',
  ),
  /** The scheduling page where a visitor books the paid 60-minute 1:1 Purpose Session (/coaching). */
  bookingPurposeSession: httpsUrl(
    'VITE_BOOKING_PURPOSE_SESSION_URL',
    env.VITE_BOOKING_PURPOSE_SESSION_URL,
    'https://calendly.com/manifiesta/sesion-de-proposito',
  ),
  /** Where enquiries about tech projects (websites, apps) go: the second offer of /about, as a mailto link. */
  techProjectsEmail: emailAddress('VITE_TECH_PROJECTS_EMAIL', env.VITE_TECH_PROJECTS_EMAIL, 'proyectos@manifiesta.local'),
} as const;

/** A WhatsApp chat with the coach, optionally with a prefilled message (each sales page has its own). */
export function whatsappLink(message?: string): string {
  return message ? `${links.whatsapp}?text=${encodeURIComponent(message)}` : links.whatsapp;
}
