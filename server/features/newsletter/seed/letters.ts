// The archive's first letters, written before the coach's desk could: each a Markdown file of this folder
// (<series>/<slug>.md), recorded once as a published letter dated the day it was first sent, by 'system'.
import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { LetterSeries } from '../../../../course/newsletter';
import { ConflictError } from '../../../../events/errors';
import { letterFold } from '../../../../events/newsletter/letters';
import { LetterDrafted, LetterPublished, letterStream } from '../../../../events/newsletter/letters.events';
import { letterAddressTaken } from '../../../../events/newsletter/queries';
import { handleCommand } from '../../../../events/store/command';
import type { EventStore } from '../../../../events/store/event-store';
import { deterministicUuid } from '../../../../events/store/ids';
import type { Queryable } from '../../../../events/store/types';
import { fromRoot } from '../../../project-root';

interface SeedLetter {
  series: LetterSeries;
  /** The day it was sent, then its title: its address since the archive began. */
  slug: string;
  title: string;
  publishedOn: string;
}

export const SEED_LETTERS: readonly SeedLetter[] = [
  { series: 'dean', slug: '2025-07-01-el-arte-de-soltar', title: 'El arte de soltar', publishedOn: '2025-07-01' },
  { series: 'meta', slug: '2025-07-08-la-ley-del-espejo', title: 'La ley del espejo', publishedOn: '2025-07-08' },
  { series: 'dean', slug: '2025-07-15-tus-emociones-no-son-el-enemigo', title: 'Tus emociones no son el enemigo', publishedOn: '2025-07-15' },
  {
    series: 'meta',
    slug: '2025-07-22-manifestar-no-es-pedir-es-sintonizar',
    title: 'Manifestar no es pedir: es sintonizar',
    publishedOn: '2025-07-22',
  },
  { series: 'dean', slug: '2025-07-29-el-habito-mas-pequeno-del-mundo', title: 'El hábito más pequeño del mundo', publishedOn: '2025-07-29' },
  { series: 'meta', slug: '2025-08-05-creencias-el-guion-que-no-elegiste', title: 'Creencias: el guion que no elegiste', publishedOn: '2025-08-05' },
  { series: 'dean', slug: '2025-08-12-descansar-tambien-es-avanzar', title: 'Descansar también es avanzar', publishedOn: '2025-08-12' },
  { series: 'meta', slug: '2025-08-19-el-camino-de-menor-resistencia', title: 'El camino de menor resistencia', publishedOn: '2025-08-19' },
  { series: 'dean', slug: '2025-08-26-la-conversacion-que-tienes-contigo', title: 'La conversación que tienes contigo', publishedOn: '2025-08-26' },
  { series: 'meta', slug: '2025-09-02-la-version-de-ti-que-ya-llego', title: 'La versión de ti que ya llegó', publishedOn: '2025-09-02' },
  { series: 'dean', slug: '2025-09-05-volver-a-empezar', title: 'Volver a empezar', publishedOn: '2025-09-05' },
];

/** Where the seed letters' Markdown lives, from the project folder (the compiled server reads them there too). */
const SEED_FOLDER = 'server/features/newsletter/seed';

export const seedMarkdown = (letter: Pick<SeedLetter, 'series' | 'slug'>) => readFile(fromRoot(SEED_FOLDER, letter.series, `${letter.slug}.md`), 'utf8');

/** A seed letter's id, the same in every process and every start: what makes the seed happen once. */
export const seedLetterId = (letter: Pick<SeedLetter, 'series' | 'slug'>) => deterministicUuid('letter-seed', letter.series, letter.slug);

/**
 * Records every seed letter whose stream is still empty: drafted and published, with fixed event ids, so a second
 * start writes nothing and two processes starting at once write each letter once (the second finds the first's
 * events). A letter whose address the coach gave to another letter first is left out, and said so.
 */
export async function seedLetters(store: EventStore, db: Queryable, log: Pick<Logger, 'info' | 'warn'>): Promise<number> {
  let seeded = 0;
  for (const seed of SEED_LETTERS) {
    const id = seedLetterId(seed);
    const { series, slug, title, publishedOn } = seed;
    const result = await handleCommand(
      store,
      letterStream(id),
      letterFold,
      async (state) => {
        if (state.status !== 'none') return { events: [] };
        if (await letterAddressTaken(db, series, slug, id)) throw new ConflictError(`address taken: ${series}/${slug}`);
        const markdown = await seedMarkdown(seed);
        return {
          events: [
            LetterDrafted.create({ title, slug, series, markdown }, { eventId: deterministicUuid(id, 'drafted') }),
            LetterPublished.create({ publishedOn }, { eventId: deterministicUuid(id, 'published') }),
          ],
        };
      },
      { metadata: { actor: 'system' } },
    ).catch((err: unknown) => {
      if (!(err instanceof ConflictError)) throw err;
      log.warn({ series, slug }, 'seed letter not recorded: another letter has its address');
      return undefined;
    });
    if (result && !result.idempotent && result.events.length) seeded += 1;
  }
  if (seeded) log.info({ seeded }, 'the archive’s first letters recorded');
  return seeded;
}
