/// <reference types="vite/client" />

// Build-time settings read by client/src/config/links.ts. All optional: defaults live there.
interface ImportMetaEnv {
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_TIKTOK_URL?: string;
  readonly VITE_YOUTUBE_URL?: string;
  /** International number, digits only (e.g. 5493511234567). */
  readonly VITE_WHATSAPP_NUMBER?: string;
  readonly VITE_BOOK_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
