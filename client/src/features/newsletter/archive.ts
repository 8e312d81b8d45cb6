// The newsletter archive: every letter sent, as data. The letters' bodies are not
// here: content/load-letter.ts fetches each one on demand, so the archive page ships only this list.

export const CAMPAIGNS = {
  dean: {
    label: 'Trabajo interior',
    description: 'Cartas sobre emociones, hábitos y la forma en que te hablas: el trabajo cotidiano, de adentro hacia afuera.',
  },
  meta: {
    label: 'Metafísica y manifestación',
    description: 'Cartas sobre creencias, leyes universales y cómo lo que vibras por dentro toma forma por fuera.',
  },
} as const;

export type Campaign = keyof typeof CAMPAIGNS;

export type NewsletterEntry = {
  /** The date it was sent, then the title: unique across the archive. */
  slug: string;
  title: string;
  campaign: Campaign;
  /** ISO date (YYYY-MM-DD) of the send, read in UTC. */
  date: string;
};

const ENTRIES: readonly NewsletterEntry[] = [
  { slug: '2025-07-01-el-arte-de-soltar', title: 'El arte de soltar', campaign: 'dean', date: '2025-07-01' },
  { slug: '2025-07-08-la-ley-del-espejo', title: 'La ley del espejo', campaign: 'meta', date: '2025-07-08' },
  { slug: '2025-07-15-tus-emociones-no-son-el-enemigo', title: 'Tus emociones no son el enemigo', campaign: 'dean', date: '2025-07-15' },
  { slug: '2025-07-22-manifestar-no-es-pedir-es-sintonizar', title: 'Manifestar no es pedir: es sintonizar', campaign: 'meta', date: '2025-07-22' },
  { slug: '2025-07-29-el-habito-mas-pequeno-del-mundo', title: 'El hábito más pequeño del mundo', campaign: 'dean', date: '2025-07-29' },
  { slug: '2025-08-05-creencias-el-guion-que-no-elegiste', title: 'Creencias: el guion que no elegiste', campaign: 'meta', date: '2025-08-05' },
  { slug: '2025-08-12-descansar-tambien-es-avanzar', title: 'Descansar también es avanzar', campaign: 'dean', date: '2025-08-12' },
  { slug: '2025-08-19-el-camino-de-menor-resistencia', title: 'El camino de menor resistencia', campaign: 'meta', date: '2025-08-19' },
  { slug: '2025-08-26-la-conversacion-que-tienes-contigo', title: 'La conversación que tienes contigo', campaign: 'dean', date: '2025-08-26' },
  { slug: '2025-09-02-la-version-de-ti-que-ya-llego', title: 'La versión de ti que ya llegó', campaign: 'meta', date: '2025-09-02' },
  { slug: '2025-09-05-volver-a-empezar', title: 'Volver a empezar', campaign: 'dean', date: '2025-09-05' },
];

/** Newest first; the slug breaks a tie so the order never depends on how the list above is written. */
export const ARCHIVE: readonly NewsletterEntry[] = [...ENTRIES].sort((a, b) => b.date.localeCompare(a.date) || b.slug.localeCompare(a.slug));

export function isCampaign(value: string): value is Campaign {
  return Object.hasOwn(CAMPAIGNS, value);
}

/** The archive entry for a URL's campaign and slug, or undefined when the pair was never published. */
export function findEntry(campaign: string, slug: string): NewsletterEntry | undefined {
  return ARCHIVE.find((entry) => entry.campaign === campaign && entry.slug === slug);
}

export const issuePath = (entry: Pick<NewsletterEntry, 'campaign' | 'slug'>) => `/newsletter/${entry.campaign}/${entry.slug}`;

const LONG_DATE = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' });

/** '2025-09-05' → '5 de septiembre de 2025' (es-ES, UTC, so no visitor's time zone moves the day). */
export function formatIssueDate(isoDate: string): string {
  return LONG_DATE.format(new Date(isoDate));
}
