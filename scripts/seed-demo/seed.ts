// seedDemo: a believable coach's desk on an empty database — about forty learners at every stage of the
// course, a few thousand funnel events over the last ninety days and a few sales in every state — written
// through the real event store and decisions, then the async projections caught up. Deterministic: a second
// run writes nothing.
import { decideGrantRole, decideRegister, decideVerify, evolveAccount, initialAccountState } from '../../events/accounts/accounts';
import { learnerStreamId, ROLES } from '../../events/accounts/accounts.events';
import { catchUp } from '../../events/store/reader';
import { decideSite, emptySettings, siteFold } from '../../events/site/site';
import { SITE_SETTINGS_STREAM, type Settings } from '../../events/site/site.events';
import type { NewEvent, Queryable } from '../../events/store/types';
import { createWhyQuestionGenerator } from '../../jobs/deep-why/why-question';
import { hashPassword } from '../../server/features/accounts/secrets';
import type { Runtime } from '../../server/runtime';
import { planVisitors, runVisitor } from './funnel';
import { DEMO_LEARNER_EMAIL, type LearnerOutcome, planLearners, runLearner } from './learners';
import { DAY_MS, MINUTE_MS } from './random';
import { runSales } from './sales';
import { ChainWriter, SEED, seedId, type SeedContext, storePassword } from './writer';

export const DEMO_PASSWORD = 'manifiesta-demo';
export const COACH_EMAIL = 'coach@manifiesta.demo';
export const COACH_ID = seedId('user', 'coach');
export const SEED_DAYS = 90;

export interface SeedOptions {
  /** The end of the ninety days (default: now; a resumed run keeps the first run's). */
  now?: Date;
  /** Chains written at once; each holds one connection while it writes. */
  concurrency?: number;
}

export interface SeedReport {
  /** The coach was already a coach: an earlier run finished, nothing was written. */
  alreadySeeded: boolean;
  /** An earlier run stopped halfway: this one finished it, with that run's "now" (read from the coach's signup). */
  resumed: boolean;
  /** The end of the ninety days the data covers. */
  now: Date;
  learners: number;
  premiumLearners: number;
  visitors: number;
  /** Events this run wrote, per type (events found already stored are not counted). */
  written: Record<string, number>;
  totalWritten: number;
  /** Events each async projection applied while catching up. */
  caughtUp: Record<string, number>;
  ms: number;
  logins: { who: 'coach' | 'learner'; email: string; password: string }[];
}

const LOGINS: SeedReport['logins'] = [
  { who: 'coach', email: COACH_EMAIL, password: DEMO_PASSWORD },
  { who: 'learner', email: DEMO_LEARNER_EMAIL, password: DEMO_PASSWORD },
];

/** The coach signs up two hours into the ninety days; that moment anchors a resumed run. */
const COACH_SIGNUP_OFFSET = 2 * 60 * MINUTE_MS;

/** What the seed writes through: the application's store, and its catalog and projections to catch up. */
export type SeedRuntime = Pick<Runtime<undefined>, 'database' | 'store' | 'catalog' | 'projections'>;

export async function seedDemo({ database: { pool }, store, catalog, projections }: SeedRuntime, options: SeedOptions = {}): Promise<SeedReport> {
  const started = performance.now();
  const catchUpAll = async () =>
    Object.fromEntries(
      await Promise.all(projections.filter((p) => p.mode === 'async').map(async (p) => [p.name, await catchUp(pool, catalog, p, 2000)] as const)),
    );
  const report = (rest: Omit<SeedReport, 'ms' | 'logins' | 'totalWritten'>): SeedReport => ({
    ...rest,
    totalWritten: Object.values(rest.written).reduce((a, b) => a + b, 0),
    ms: performance.now() - started,
    logins: LOGINS,
  });

  // The coach signs up first and becomes a coach last: role 9 means an earlier run finished.
  const { rows } = await pool.query<{ roles: number[]; registered_at: Date }>('SELECT roles, registered_at FROM users WHERE lower(email) = $1', [COACH_EMAIL]);
  const coachRow = rows[0];
  if (coachRow?.roles.includes(ROLES.coach)) {
    const now = new Date(coachRow.registered_at.getTime() - COACH_SIGNUP_OFFSET + SEED_DAYS * DAY_MS);
    return report({ alreadySeeded: true, resumed: false, now, learners: 0, premiumLearners: 0, visitors: 0, written: {}, caughtUp: await catchUpAll() });
  }

  const end = coachRow ? coachRow.registered_at.getTime() - COACH_SIGNUP_OFFSET + SEED_DAYS * DAY_MS : (options.now ?? new Date()).getTime();
  const ctx: SeedContext = { store, now: end, start: end - SEED_DAYS * DAY_MS, written: new Map() };
  const taken = new Set([COACH_EMAIL]);
  const personas = planLearners(ctx.now, ctx.start, taken);
  const visitors = planVisitors(ctx.now, ctx.start, taken);
  const [coachHash, learnerHash] = await Promise.all([hashPassword(DEMO_PASSWORD), hashPassword(DEMO_PASSWORD)]);
  // No AI key here: the worker's own generator answers with the fixed fallback questions.
  const askWhy = createWhyQuestionGenerator({ model: 'none', timeoutMs: 1 });

  const coach = coachAccount(ctx);
  await coach.signUp(coachHash);
  // Learners first: their chains are the longest.
  const outcomes = await inParallel<LearnerOutcome | void>(
    [
      ...personas.map((p) => () => runLearner({ ctx, coachId: COACH_ID, passwordHash: learnerHash, askWhy }, p)),
      ...visitors.map((v) => () => runVisitor(ctx, v)),
    ],
    options.concurrency ?? 6,
  );
  await runSales(ctx, pool);
  await seedSiteSettings(ctx);
  await coach.becomeCoach();
  const learners = outcomes.filter((o): o is LearnerOutcome => o !== undefined);
  return report({
    alreadySeeded: false,
    resumed: coachRow !== undefined,
    now: new Date(end),
    learners: learners.length,
    premiumLearners: learners.filter((l) => l.premium).length,
    visitors: visitors.length,
    written: Object.fromEntries([...ctx.written].sort((a, b) => b[1] - a[1])),
    caughtUp: await catchUpAll(),
  });
}

/** Runs the tasks `n` at a time; after a failure no new task starts, and the first error is thrown once all have stopped. */
async function inParallel<T>(tasks: (() => Promise<T>)[], n: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  let failed = false;
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(n, tasks.length) }, async () => {
      while (!failed && next < tasks.length) {
        const i = next++;
        try {
          results[i] = await tasks[i]!();
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    }),
  );
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}

/**
 * The demo's site settings, as its coach would enter them: plainly fictitious (a name marked «(demo)», a number
 * of no one's, links to example.com), so no real person's details ship with the demo. Saved again, nothing changes.
 */
export const DEMO_SITE_SETTINGS: Partial<Settings> = {
  coachName: 'Coach de Manifiesta (demo)',
  coachBio: 'Coach holística de demostración: estos datos son de ejemplo.',
  coachStory:
    'Esta historia es de demostración: en el sitio real, aquí va la historia de la coach, contada por ella.\n\n' +
    'La escribe en Ajustes, en primera persona, con una línea en blanco entre párrafos.',
  contactEmail: COACH_EMAIL,
  whatsappNumber: '+5491100000000',
  bookingFirstSessionUrl: 'https://example.com/demo/agenda/primera-sesion',
  bookingClarificationCallUrl: 'https://example.com/demo/agenda/sesion-de-claridad',
  bookingPurposeSessionUrl: 'https://example.com/demo/agenda/sesion-de-proposito',
  instagramUrl: 'https://example.com/demo/instagram',
  tiktokUrl: 'https://example.com/demo/tiktok',
  youtubeUrl: 'https://example.com/demo/youtube',
  bookUrl: 'https://example.com/demo/libro',
  techProjectsEmail: 'proyectos@manifiesta.demo',
};

async function seedSiteSettings(ctx: SeedContext): Promise<void> {
  const seed = emptySettings();
  const fold = siteFold(seed);
  const stored = await ctx.store.readStream(SITE_SETTINGS_STREAM);
  const events = decideSite({ type: 'Change', changes: DEMO_SITE_SETTINGS }, stored.reduce(fold.evolve, fold.initial), seed);
  // The coach entered them on her first day, like every other demo write dated within the ninety days.
  if (events.length > 0) await new ChainWriter(ctx, 'site').append(SITE_SETTINGS_STREAM, events, ctx.start + DAY_MS, COACH_ID, stored.length);
}

/** The coach's account: signed up (with the demo password) and verified when the ninety days begin; role 9 when the seed is done. */
function coachAccount(ctx: SeedContext) {
  const writer = new ChainWriter(ctx, 'coach');
  let account = initialAccountState;
  let version = 0;
  let at = ctx.start + COACH_SIGNUP_OFFSET;
  const write = async (events: NewEvent[], alsoInTransaction?: (tx: Queryable) => Promise<void>) => {
    const result = await writer.append(learnerStreamId(COACH_ID), events, at, COACH_ID, version, alsoInTransaction ? { alsoInTransaction } : {});
    account = result.events.reduce(evolveAccount, account);
    version = result.nextVersion;
    at += 5 * MINUTE_MS;
  };
  return {
    async signUp(passwordHash: string) {
      await write(decideRegister(account, { userId: COACH_ID, username: 'coach.manifiesta', email: COACH_EMAIL }), storePassword(COACH_ID, passwordHash));
      await write(decideVerify(account, COACH_ID));
    },
    becomeCoach: () => write(decideGrantRole(account, { userId: COACH_ID, role: ROLES.coach, by: SEED })),
  };
}
