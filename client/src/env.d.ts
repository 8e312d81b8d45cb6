/// <reference types="vite/client" />

// Build-time settings read by client/src/config/links.ts. All optional: defaults live there.
interface ImportMetaEnv {
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_TIKTOK_URL?: string;
  readonly VITE_YOUTUBE_URL?: string;
  /** International number, digits only (e.g. 5493511234567). */
  readonly VITE_WHATSAPP_NUMBER?: string;
  readonly VITE_BOOK_URL?: string;
  /** Video of /niveles (https; a YouTube address plays as an embed). Default: the site's own intro video. */
  readonly VITE_NIVELES_VIDEO_URL?: string;
  /** Scheduling page for an enrolled learner's first 1:1 session (https). */
  readonly VITE_BOOKING_FIRST_SESSION_URL?: string;
  /** Scheduling page for the free 30-minute clarification call (https). */
  readonly VITE_BOOKING_CLARIFICATION_CALL_URL?: string;
  /** Scheduling page for the paid 60-minute 1:1 Purpose Session of /coaching (https). */
  readonly VITE_BOOKING_PURPOSE_SESSION_URL?: string;
  /** E-mail address for tech-project enquiries (the mailto offer of /about). */
  readonly VITE_TECH_PROJECTS_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
