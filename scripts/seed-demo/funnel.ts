// The public funnel of the demo: anonymous visitors arriving from a link in a social profile, walking the
// lead pages and sales pages, some leaving their name and e-mail for a free download or the newsletter.
// Planned up front from one seeded stream (who comes when, what they see), then written chain by chain.
import { createHash } from 'node:crypto';
import { decideCaptureLead, decideConfirmSubscription, evolveVisitor, initialVisitorState, visitorStreamId, type VisitorState } from '../../events/leads/leads';
import { type FunnelPage, LEAD_SOURCES, LeadPageViewed, type LeadSource, SubscriptionRequested, visitStreamId } from '../../events/leads/leads.events';
import { FEMALE_NAMES, MALE_NAMES, PLACES, plain, SURNAMES } from './people';
import { DAY_MS, localMoment, MINUTE_MS, Random, startOfUtcDay, weekdayFactor } from './random';
import { ChainWriter, seedId, type SeedContext } from './writer';

export type FunnelStep =
  { at: number; kind: 'view'; page: FunnelPage; visit: number } | { at: number; kind: 'lead'; source: LeadSource; email: string; nick: string };

export interface VisitorPlan {
  key: string;
  visitorId: string;
  steps: FunnelStep[];
}

/** Where a visit starts: the profile link lands on the menu, posts link the lead magnets directly. */
const LANDING: readonly (readonly [FunnelPage, number])[] = [
  ['menu', 34],
  ['nostalgia', 14],
  ['afirmaciones', 12],
  ['niveles', 11],
  ['reprograma', 6],
  ['manifiesta', 5],
  ['newsletter', 5],
  ['masterclasses', 3],
  ['coaching', 3],
  ['hielo', 3],
  ['recursos-gratuitos', 3],
  ['about', 1],
];

/** Where a visitor goes next (null: leaves). */
const NEXT: Record<FunnelPage, readonly (readonly [FunnelPage | null, number])[]> = {
  menu: [
    [null, 38],
    ['recursos-gratuitos', 14],
    ['reprograma', 10],
    ['masterclasses', 6],
    ['hielo', 6],
    ['coaching', 6],
    ['newsletter', 7],
    ['manifiesta', 7],
    ['about', 6],
  ],
  'recursos-gratuitos': [
    [null, 30],
    ['nostalgia', 24],
    ['niveles', 22],
    ['afirmaciones', 24],
  ],
  nostalgia: [
    [null, 58],
    ['menu', 14],
    ['niveles', 10],
    ['afirmaciones', 10],
    ['newsletter', 8],
  ],
  niveles: [
    [null, 58],
    ['menu', 14],
    ['nostalgia', 10],
    ['afirmaciones', 10],
    ['newsletter', 8],
  ],
  afirmaciones: [
    [null, 58],
    ['menu', 14],
    ['nostalgia', 10],
    ['niveles', 10],
    ['manifiesta', 8],
  ],
  newsletter: [
    [null, 62],
    ['menu', 14],
    ['manifiesta', 12],
    ['recursos-gratuitos', 12],
  ],
  reprograma: [
    [null, 52],
    ['manifiesta', 20],
    ['coaching', 10],
    ['about', 12],
    ['menu', 6],
  ],
  manifiesta: [
    [null, 58],
    ['manifiesta-call', 16],
    ['about', 10],
    ['reprograma', 10],
    ['menu', 6],
  ],
  'manifiesta-call': [
    [null, 85],
    ['manifiesta', 15],
  ],
  hielo: [
    [null, 70],
    ['menu', 15],
    ['coaching', 15],
  ],
  masterclasses: [
    [null, 68],
    ['menu', 20],
    ['newsletter', 12],
  ],
  coaching: [
    [null, 68],
    ['about', 16],
    ['menu', 16],
  ],
  about: [
    [null, 58],
    ['manifiesta', 22],
    ['coaching', 10],
    ['menu', 10],
  ],
  'confirmacion-pago': [[null, 100]],
};

const MAGNETS: Partial<Record<FunnelPage, LeadSource>> = {
  nostalgia: source('nostalgia', 'fragmento'),
  niveles: source('niveles', 'pdf'),
  afirmaciones: source('afirmaciones', 'fragmento'),
};
export const NEWSLETTER = source('Newsletter Archive', 'Subscription Form');
const MAGNET_CONVERSION = 0.09;
const NEWSLETTER_CONVERSION = 0.1;

export function source(page: LeadSource['page'], section: LeadSource['section']): LeadSource {
  const found = LEAD_SOURCES.find((s) => s.page === page && s.section === section);
  if (!found) throw new Error(`unknown lead source ${page}/${section}`);
  return found;
}

/** A walk through the pages from a landing page: a few seconds to minutes on each. */
export function walk(rng: Random, landing: FunnelPage, at: number): { page: FunnelPage; at: number }[] {
  const pages = [{ page: landing, at }];
  let current: FunnelPage = landing;
  let t = at;
  while (pages.length < 6) {
    const next = rng.weighted(NEXT[current]);
    if (next === null) break;
    t += rng.int(15, 240) * 1000;
    pages.push({ page: next, at: t });
    current = next;
  }
  return pages;
}

/** An address at example.com nobody else in the data set has. */
export function uniqueEmail(rng: Random, first: string, last: string, taken: Set<string>): string {
  const f = plain(first);
  const l = plain(last);
  for (let attempt = 0; ; attempt++) {
    const style = rng.int(0, 3);
    const local = [`${f}.${l}`, `${f}${l.slice(0, 1)}${rng.int(70, 99)}`, `${f}_${l}`, `${f}.${l}${rng.int(1, 99)}`][style]!;
    const email = `${attempt > 3 ? `${local}${attempt}` : local}@example.com`;
    if (!taken.has(email)) {
      taken.add(email);
      return email;
    }
  }
}

/** The anonymous visitors of the last 90 days: more every week, quieter on weekends, a few viral days. */
export function planVisitors(now: number, start: number, takenEmails: Set<string>): VisitorPlan[] {
  const rng = Random.of('seed-demo', 'funnel');
  const days = Math.round((now - start) / DAY_MS);
  const viral = new Set(rng.sample([...Array(days).keys()].slice(5, days - 3), 3));
  const plans: VisitorPlan[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = startOfUtcDay(start) + d * DAY_MS;
    const growth = 10 + (7 * d) / days;
    const boost = viral.has(d) ? 2.4 : viral.has(d - 1) ? 1.5 : 1;
    const count = Math.round(growth * weekdayFactor(dayStart + DAY_MS / 2) * boost * (0.85 + rng.next() * 0.3));
    for (let i = 0; i < count; i++) {
      const plan = planVisitor(rng, `visitor-${d}-${i}`, dayStart, now, start, takenEmails);
      if (plan.steps.length) plans.push(plan);
    }
  }
  return plans;
}

function planVisitor(rng: Random, key: string, dayStart: number, now: number, start: number, takenEmails: Set<string>): VisitorPlan {
  const place = rng.weighted(PLACES.map((p) => [p, p.weight] as const));
  const steps: FunnelStep[] = [];
  let identity: { email: string; nick: string } | undefined;
  const captured = new Set<LeadSource>();
  let at = localMoment(rng, dayStart, place.utcOffset);
  let landing = rng.weighted(LANDING);
  for (let visit = 0; visit < 4; visit++) {
    for (const view of walk(rng, landing, at)) {
      steps.push({ at: view.at, kind: 'view', page: view.page, visit });
      const offer = view.page === 'newsletter' ? NEWSLETTER : MAGNETS[view.page];
      const rate = view.page === 'newsletter' ? NEWSLETTER_CONVERSION : MAGNET_CONVERSION;
      if (offer && !captured.has(offer) && rng.chance(identity ? rate * 2 : rate)) {
        identity ??= newIdentity(rng, takenEmails);
        captured.add(offer);
        steps.push({ at: view.at + rng.int(30, 150) * 1000, kind: 'lead', source: offer, ...identity });
      }
    }
    // Some come back days later: to the menu, the newsletter, or the page that caught them.
    if (!rng.chance(visit === 0 ? 0.28 : 0.2)) break;
    at = localMoment(rng, startOfUtcDay(at) + rng.int(1, 14) * DAY_MS, place.utcOffset);
    landing = rng.weighted([
      ['menu', 45],
      ['newsletter', 20],
      ['manifiesta', 10],
      [steps[0]!.kind === 'view' ? steps[0]!.page : 'menu', 25],
    ]);
  }
  return { key, visitorId: seedId('visitor', key), steps: steps.filter((s) => s.at >= start && s.at <= now - MINUTE_MS).sort((a, b) => a.at - b.at) };
}

function newIdentity(rng: Random, takenEmails: Set<string>) {
  const female = rng.chance(0.78);
  const first = rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
  const last = rng.pick(SURNAMES);
  return { email: uniqueEmail(rng, first, last, takenEmails), nick: rng.chance(0.7) ? first : `${first} ${last}` };
}

/** The lead streams a chain writes to (one per address), folded as it goes. */
export class LeadStreams {
  private readonly streams = new Map<string, { state: VisitorState; version: number }>();

  constructor(private readonly writer: ChainWriter) {}

  async capture(at: number, lead: { email: string; nick: string; source: LeadSource; visitorId?: string }) {
    const streamId = visitorStreamId(lead.email);
    const current = this.streams.get(streamId) ?? { state: initialVisitorState, version: 0 };
    const { events } = decideCaptureLead(current.state, { email: lead.email, nick: lead.nick, ...lead.source, visitorId: lead.visitorId });
    if (events.length === 0) return;
    const result = await this.writer.append(streamId, events, at, 'visitor', current.version);
    let state = result.events.reduce(evolveVisitor, current.state);
    let version = result.nextVersion;
    // Most who ask for the letters follow the confirmation link within a few hours; some never open the mail.
    const confirmedAt = events.some((e) => e.type === SubscriptionRequested.type) ? confirmationMoment(lead.email, at) : null;
    if (confirmedAt !== null && confirmedAt <= this.writer.now) {
      const confirmed = await this.writer.append(streamId, decideConfirmSubscription(state, {}), confirmedAt, 'visitor', version);
      state = confirmed.events.reduce(evolveVisitor, state);
      version = confirmed.nextVersion;
    }
    this.streams.set(streamId, { state, version });
  }
}

/** When an address confirms its subscription (null: never), fixed by the address so that every run agrees. */
function confirmationMoment(email: string, requestedAt: number): number | null {
  const roll = createHash('sha256').update(email).digest();
  if (roll[0]! / 256 >= 0.8) return null;
  return requestedAt + (2 + (roll.readUInt16BE(1) % 360)) * MINUTE_MS;
}

export async function viewPage(writer: ChainWriter, visitorId: string, page: FunnelPage, at: number) {
  await writer.append(visitStreamId(visitorId), [LeadPageViewed.create({ visitorId, page })], at, 'visitor', 'any');
}

/**
 * A visitor's plan, written in order. The pages of one visit go in one write (at the visit's first
 * page): the funnel counts by day, and the seed stays fast.
 */
export async function runVisitor(ctx: SeedContext, plan: VisitorPlan): Promise<void> {
  const writer = new ChainWriter(ctx, plan.key);
  const leads = new LeadStreams(writer);
  const { visitorId } = plan;
  let pages: { at: number; page: FunnelPage; visit: number }[] = [];
  const flush = async () => {
    if (pages.length === 0) return;
    await writer.append(
      visitStreamId(visitorId),
      pages.map((v) => LeadPageViewed.create({ visitorId, page: v.page })),
      pages[0]!.at,
      'visitor',
      'any',
    );
    pages = [];
  };
  for (const step of plan.steps) {
    if (step.kind === 'view') {
      if (pages.length && pages[0]!.visit !== step.visit) await flush();
      pages.push(step);
    } else {
      await flush();
      await leads.capture(step.at, { email: step.email, nick: step.nick, source: step.source, visitorId });
    }
  }
  await flush();
}
