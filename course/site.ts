// The coach's own texts on the site (her name, her short presentation, her story, the notice): how long each may be,
// and how a text she wrote in plain lines becomes paragraphs. Shared by the server (which refuses a longer text) and
// the browser (the desk's counters, the pages that show them).

/** The most characters of each text the coach writes; her story is the long one (a page of her own words). */
export const SITE_TEXT_LIMITS = { coachName: 80, coachBio: 600, coachStory: 6000, noticeText: 280 } as const;
export type SiteTextField = keyof typeof SITE_TEXT_LIMITS;

/** Plain text to paragraphs: a blank line (spaces allowed in it) ends one; empty paragraphs are dropped. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\r?\n[ \t\r]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
