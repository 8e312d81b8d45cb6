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

const whatsappNumber = phoneDigits('VITE_WHATSAPP_NUMBER', env.VITE_WHATSAPP_NUMBER, '5490000000000');

export const links = {
  instagram: httpsUrl('VITE_INSTAGRAM_URL', env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/manifiesta/'),
  tiktok: httpsUrl('VITE_TIKTOK_URL', env.VITE_TIKTOK_URL, 'https://www.tiktok.com/@manifiesta'),
  youtube: httpsUrl('VITE_YOUTUBE_URL', env.VITE_YOUTUBE_URL, 'https://www.youtube.com/@manifiesta'),
  whatsapp: `https://wa.me/${whatsappNumber}`,
  book: httpsUrl('VITE_BOOK_URL', env.VITE_BOOK_URL, 'https://www.amazon.com/s?k=Manifiesta+afirmaciones'),
} as const;

/** A WhatsApp chat with the coach, optionally with a prefilled message (each sales page has its own). */
export function whatsappLink(message?: string): string {
  return message ? `${links.whatsapp}?text=${encodeURIComponent(message)}` : links.whatsapp;
}
