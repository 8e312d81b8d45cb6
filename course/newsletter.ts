// A newsletter letter as the coach writes it, and how the newsletter marks the visits it brings: shared by the
// server (which renders and sends it) and the browser (the editor's preview, the archive).

/** The archive's two series; their slugs are the letters' URLs (/newsletter/<series>/<slug>). */
export const LETTER_SERIES = ['dean', 'meta'] as const;
export type LetterSeries = (typeof LETTER_SERIES)[number];

export type Letter = { title: string; slug: string; series: LetterSeries; markdown: string };

/**
 * The query every link of a letter to this site carries, so that the funnel attributes the visit (and a purchase
 * after it) to the letter; links elsewhere are left as written.
 */
export const letterUtm = (slug: string) => ({ utm_source: 'newsletter', utm_campaign: slug }) as const;
