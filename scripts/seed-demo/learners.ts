// The demo learners: who they are, how far each one got, and their journeys written through the real
// decisions (the same pure functions the routes call), folded as they go so each decision sees the state
// the recorded events make.
import { AREA_IDS, areaById, areasByEarlierScore, LIFE_AREAS, MAX_SCORE, MIN_SCORE } from '../../course/areas';
import {
  AREA_BELIEFS_ACTIVITY,
  AREA_VISION_ACTIVITY,
  BELIEF_THRESHOLD_ACTIVITY,
  CONSCIOUSNESS_ACTIVITY,
  DEEP_WHY_ACTIVITY,
  FIRST_COACHING_SESSION_ACTIVITY,
  MEDITATION_ACTIVITY,
  WHEEL_ACTIVITY,
} from '../../course/activities';
import { addHesitation, advance, type BeliefGoal, choosePerfect, TIME_FRAMES } from '../../course/belief-threshold';
import { FOCUS_AREAS, WHY_LEVELS } from '../../course/deep-why';
import { dayIn, PHASE_IDS } from '../../course/meditation';
import { PRODUCTS } from '../../course/products';
import { ACTIVITIES, moduleOf } from '../../course/syllabus';
import { DEFINITION_ACTIVITIES, type DefinitionActivity } from '../../course/wheel';
import { type AccountState, decideRegister, decideRequestVerification, decideVerify, evolveAccount, initialAccountState } from '../../events/accounts/accounts';
import { learnerStreamId } from '../../events/accounts/accounts.events';
import { decideSaveGoal } from '../../events/belief-threshold/belief-threshold';
import { CoachNoteAdded, coachNotesStreamId } from '../../events/coach/coach.events';
import { evolveJourney, initialJourney, type JourneyState } from '../../events/coach/journey';
import { decideComplete, decideSaveReflection } from '../../events/course/course';
import { decideAnswer, decideSelect, targetAreaIds } from '../../events/deep-why/deep-why';
import { WhyQuestionAsked } from '../../events/deep-why/deep-why.events';
import { type LeadSource } from '../../events/leads/leads.events';
import { MeditationSessionCompleted, RevelationSaved } from '../../events/meditation/meditation.events';
import { confirmWrites } from '../../events/payments/payments';
import type { NewEvent, Queryable, RecordedEvent } from '../../events/store/types';
import { decideDefine, decideRate } from '../../events/wheel/wheel';
import type { WhyQuestion, WhyQuestionInput } from '../../jobs/deep-why/why-question';
import { LeadStreams, NEWSLETTER, source, uniqueEmail, viewPage, walk } from './funnel';
import { FEMALE_NAMES, type Gender, MALE_NAMES, type Place, PLACES, SURNAMES, usernameFor } from './people';
import { DAY_MS, localMoment, MINUTE_MS, Random, startOfUtcDay } from './random';
import { AREA_TEXTS, COACH_NOTES, DOUBTS, GOALS, inflect, REFLECTIONS, REVELATIONS, WHY_DEPTHS } from './texts';
import { ChainWriter, OutOfTime, seedId, type SeedContext, storePassword } from './writer';

/** How far a learner is meant to get (time may stop them earlier). */
export const STAGES = [
  'signed-up',
  'wheel',
  'beliefs',
  'visions',
  'deep-why',
  'free-module',
  'premium-beliefs',
  'threshold',
  'modules-2-3',
  'module-5',
] as const;
export type Stage = (typeof STAGES)[number];
const rank = (stage: Stage) => STAGES.indexOf(stage);

/** How a learner found the site: through the funnel (with or without a lead), a lead on another device, or directly. */
type Origin = 'visitor-lead' | 'visitor' | 'email-lead' | 'direct';

export interface Persona {
  key: string;
  userId: string;
  first: string;
  last: string;
  gender: Gender;
  username: string;
  email: string;
  place: Place;
  stage: Stage;
  signupAt: number;
  origin: Origin;
  verifies: boolean;
  /** Multiplies the days between sittings. */
  pace: number;
  /** How likely a sitting starts with a meditation, once they meditate. */
  meditator: number;
  /** Premium learners: the last activity they complete. */
  stopAfter?: string;
  paymentId?: string;
  /** The demo login (its password goes in with the account). */
  demo?: boolean;
}

const PLAN: readonly { stage: Stage; count: number; daysAgo: [number, number]; pace: number }[] = [
  { stage: 'signed-up', count: 6, daysAgo: [0, 50], pace: 1.2 },
  { stage: 'wheel', count: 6, daysAgo: [1, 70], pace: 1.2 },
  { stage: 'beliefs', count: 5, daysAgo: [3, 70], pace: 1.1 },
  { stage: 'visions', count: 4, daysAgo: [5, 75], pace: 1 },
  { stage: 'deep-why', count: 5, daysAgo: [7, 80], pace: 1 },
  { stage: 'free-module', count: 4, daysAgo: [12, 85], pace: 0.9 },
  { stage: 'premium-beliefs', count: 2, daysAgo: [20, 75], pace: 0.8 },
  { stage: 'threshold', count: 3, daysAgo: [30, 85], pace: 0.7 },
  { stage: 'modules-2-3', count: 2, daysAgo: [45, 88], pace: 0.6 },
  { stage: 'module-5', count: 2, daysAgo: [72, 88], pace: 0.45 },
];

/** Shares of the learners by origin (cumulative). */
const ORIGINS: readonly { origin: Origin; upTo: number }[] = [
  { origin: 'visitor-lead', upTo: 0.45 },
  { origin: 'visitor', upTo: 0.65 },
  { origin: 'email-lead', upTo: 0.78 },
  { origin: 'direct', upTo: 1 },
];

const slugsOfModules = (...modules: number[]) => ACTIVITIES.filter((a) => modules.includes(moduleOf(a)) && !a.isIgnorable).map((a) => a.slug);

function stopAfterFor(rng: Random, stage: Stage): string | undefined {
  switch (stage) {
    case 'premium-beliefs':
      return rng.pick(['tus-sistemas-de-creencias-actuales', 'tus-nuevos-sistemas-de-creencias']);
    case 'threshold':
      return rng.pick([BELIEF_THRESHOLD_ACTIVITY, BELIEF_THRESHOLD_ACTIVITY, 'tu-nueva-historia']);
    case 'modules-2-3':
      return rng.pick(slugsOfModules(2, 3));
    case 'module-5':
      return rng.pick(['celebrar-tus-logros', 'sesion-de-cierre']);
    default:
      return undefined;
  }
}

export const DEMO_LEARNER_EMAIL = 'aprendiz@manifiesta.demo';
const DEMO_LEARNER_USERNAME = 'camila.herrera';

/** About forty people at every stage of the course, signed up over the last ninety days. */
export function planLearners(now: number, start: number, takenEmails: Set<string>): Persona[] {
  const rng = Random.of('seed-demo', 'learners');
  const usernames = new Set<string>([DEMO_LEARNER_USERNAME]);
  const personas: Persona[] = [];
  const utcPlace = (offset: number) => PLACES.find((p) => p.utcOffset === offset)!;

  const signupMoment = (daysAgo: number, place: Place) => {
    const at = localMoment(rng, startOfUtcDay(now - daysAgo * DAY_MS), place.utcOffset);
    return Math.min(Math.max(at, start + DAY_MS), now - 2 * 3_600_000);
  };

  const total = PLAN.reduce((n, s) => n + s.count, 0);
  const origins = rng.shuffle(Array.from({ length: total }, (_, i) => ORIGINS.find((o) => i < o.upTo * total)!.origin));
  for (const { stage, count, daysAgo, pace } of PLAN) {
    for (let i = 0; i < count; i++) {
      const index = personas.length;
      const gender: Gender = rng.chance(0.78) ? 'f' : 'm';
      const first = rng.pick(gender === 'f' ? FEMALE_NAMES : MALE_NAMES);
      const last = rng.pick(SURNAMES);
      let username = usernameFor(first, last, rng.int(0, 5), rng.int(10, 99));
      while (usernames.has(username)) username = usernameFor(first, last, rng.int(0, 5), rng.int(10, 99));
      usernames.add(username);
      const place = rng.weighted(PLACES.map((p) => [p, p.weight] as const));
      const premium = rank(stage) >= rank('premium-beliefs');
      personas.push({
        key: `learner-${index}`,
        userId: seedId('user', `learner-${index}`),
        first,
        last,
        gender,
        username,
        email: uniqueEmail(rng, first, last, takenEmails),
        place,
        stage,
        signupAt: signupMoment(rng.int(daysAgo[0], daysAgo[1]), place),
        origin: origins[index]!,
        verifies: !(stage === 'signed-up' && i < 2),
        pace: pace * (0.85 + rng.next() * 0.3),
        meditator: 0.2 + rng.next() * 0.6,
        stopAfter: stopAfterFor(rng, stage),
        paymentId: premium ? `13${String(index).padStart(3, '0')}${rng.int(100_000, 999_999)}` : undefined,
      });
    }
  }

  // The demo login: a premium learner in week 3, with every kind of answer and a wheel rated twice.
  takenEmails.add(DEMO_LEARNER_EMAIL);
  const place = utcPlace(-3);
  personas.push({
    key: 'learner-demo',
    userId: seedId('user', 'learner-demo'),
    first: 'Camila',
    last: 'Herrera',
    gender: 'f',
    username: DEMO_LEARNER_USERNAME,
    email: DEMO_LEARNER_EMAIL,
    place,
    stage: 'modules-2-3',
    signupAt: signupMoment(82, place),
    origin: 'visitor-lead',
    verifies: true,
    pace: 0.5,
    meditator: 0.7,
    stopAfter: 'tu-tablero-de-vision',
    paymentId: `13999${rng.int(100_000, 999_999)}`,
    demo: true,
  });
  return personas;
}

/** Days between two sittings (0: later the same day). */
const GAPS: readonly (readonly [number, number])[] = [
  [0, 12],
  [1, 34],
  [2, 22],
  [3, 12],
  [4, 7],
  [5, 4],
  [7, 5],
  [10, 3],
  [14, 1],
];
const MAGNETS: readonly (readonly [LeadSource, number])[] = [
  [source('nostalgia', 'fragmento'), 40],
  [source('niveles', 'pdf'), 30],
  [source('afirmaciones', 'fragmento'), 30],
];
const MAGNET_PAGE = { nostalgia: 'nostalgia', niveles: 'niveles', afirmaciones: 'afirmaciones' } as const;

export interface LearnerDeps {
  ctx: SeedContext;
  coachId: string;
  /** The demo login's password hash, stored with its account. */
  passwordHash?: string;
  /** The deep-why question generator the worker uses (here without an AI key: the fixed fallback questions). */
  askWhy: (input: WhyQuestionInput) => Promise<WhyQuestion>;
}

export interface LearnerOutcome {
  persona: Persona;
  completed: number;
  premium: boolean;
}

/** One learner's journey, from the first page view to wherever their stage (or today) stops them. */
export async function runLearner(deps: LearnerDeps, persona: Persona): Promise<LearnerOutcome> {
  const run = new LearnerRun(deps, persona);
  try {
    await run.journey();
  } catch (err) {
    if (!(err instanceof OutOfTime)) throw new Error(`seed-demo: ${persona.key} (${persona.stage}): ${(err as Error).message}`, { cause: err });
  }
  return { persona, completed: run.state.progress.completed.size, premium: run.account.roles.includes(7) };
}

class LearnerRun {
  state: JourneyState = initialJourney;
  account: AccountState = initialAccountState;
  private version = 0;
  private clock: number;
  private visitorId?: string;
  private readonly rng: Random;
  private readonly writer: ChainWriter;
  private readonly leads: LeadStreams;
  private readonly usedRevelations = new Set<string>();

  constructor(
    private readonly deps: LearnerDeps,
    private readonly p: Persona,
  ) {
    this.rng = Random.of('seed-demo', p.key);
    this.writer = new ChainWriter(deps.ctx, p.key);
    this.leads = new LeadStreams(this.writer);
    this.clock = p.signupAt;
  }

  private get cmd() {
    return { userId: this.p.userId, roles: this.account.roles };
  }

  private text(t: string) {
    return inflect(t, this.p.gender);
  }

  private reached(stage: Stage) {
    return rank(this.p.stage) > rank(stage);
  }

  // --- time ---

  private tick(minSeconds: number, maxSeconds: number) {
    this.clock += this.rng.int(minSeconds, maxSeconds) * 1000;
  }

  private gap(): number {
    return Math.round(this.rng.weighted(GAPS) * this.p.pace);
  }

  /** The learner sits down again `days` later (0: later the same day), and may meditate first. */
  private async sitting(days = this.gap()) {
    const earliest = this.clock + 30 * MINUTE_MS;
    const next =
      days === 0 ? this.clock + this.rng.int(40, 240) * MINUTE_MS : localMoment(this.rng, startOfUtcDay(this.clock) + days * DAY_MS, this.p.place.utcOffset);
    this.clock = Math.max(next, earliest);
    if (this.state.meditation.sessions > 0 && this.rng.chance(this.p.meditator * 0.4)) {
      await this.meditate();
      this.tick(60, 300);
    }
  }

  // --- writes ---

  private absorb(events: readonly RecordedEvent[]) {
    for (const e of events) {
      this.state = evolveJourney(this.state, e);
      this.account = evolveAccount(this.account, e);
    }
  }

  /** Appends what a decision returned to the learner's stream, at the learner's clock. */
  private async record(events: NewEvent[], alsoInTransaction?: (tx: Queryable) => Promise<void>) {
    if (events.length === 0) return;
    const result = await this.writer.append(
      learnerStreamId(this.p.userId),
      events,
      this.clock,
      this.p.userId,
      this.version,
      alsoInTransaction ? { alsoInTransaction } : {},
    );
    this.absorb(result.events);
    this.version = result.nextVersion;
    this.tick(15, 90);
  }

  private complete(slug: string) {
    return this.record(decideComplete(this.state.progress, { ...this.cmd, slug }));
  }

  private async view(page: Parameters<typeof viewPage>[2]) {
    if (!this.visitorId) return;
    await viewPage(this.writer, this.visitorId, page, this.clock);
    this.tick(20, 200);
  }

  // --- the journey ---

  async journey() {
    await this.beforeSignup();
    await this.signUp();
    if (!this.reached('signed-up')) return;

    await this.sitting(
      this.rng.weighted([
        [0, 55],
        [1, 30],
        [3, 15],
      ]),
    );
    const partialWheel = this.p.stage === 'wheel' && this.rng.chance(0.35);
    await this.wheel(partialWheel);
    if (!this.reached('wheel')) {
      if (!partialWheel && this.rng.chance(0.3)) await this.rerateSome();
      return;
    }

    await this.definitions(AREA_BELIEFS_ACTIVITY, this.p.stage === 'beliefs' && this.rng.chance(0.4));
    if (!this.reached('beliefs')) return;
    await this.definitions(AREA_VISION_ACTIVITY, this.p.stage === 'visions' && this.rng.chance(0.35));
    if (!this.reached('visions')) return;
    // Writing about each area changes how some of them look: a few scores move.
    if (this.p.demo || this.rng.chance(0.45)) await this.rerateSome();

    await this.deepWhy(this.p.stage === 'deep-why' && this.rng.chance(0.3));
    if (!this.reached('deep-why')) return;

    await this.sitting();
    await this.meditate();
    if (this.rng.chance(0.85)) await this.complete(MEDITATION_ACTIVITY);
    if (this.rng.chance(0.65)) {
      await this.sitting(this.rng.pick([0, 1, 2]));
      await this.complete(CONSCIOUSNESS_ACTIVITY);
    }
    await this.coachingSession(FIRST_COACHING_SESSION_ACTIVITY);
    if (this.reached('free-module')) {
      await this.pay();
      await this.lessons();
    }
    await this.keepMeditating();
  }

  /** The learner's visits before the account: the browser's visitor id ties them to the signup. */
  private async beforeSignup() {
    const { origin } = this.p;
    if (origin === 'direct') return;
    const earliest = this.deps.ctx.start + 3_600_000;
    const daysBefore = origin === 'visitor' ? this.rng.int(0, 10) : this.rng.int(3, 30);
    const firstAt = Math.max(earliest, localMoment(this.rng, startOfUtcDay(this.p.signupAt) - daysBefore * DAY_MS, this.p.place.utcOffset));
    // A lead left on another device (no visitor id at signup) ties the account by its address instead.
    const visitorId = seedId('visitor', this.p.key, origin === 'email-lead' ? 'phone' : 'browser');
    if (origin !== 'email-lead') this.visitorId = visitorId;
    if (firstAt < this.p.signupAt - 30 * MINUTE_MS) {
      const steps: { at: number; write: () => Promise<void> }[] = [];
      const magnet = this.rng.weighted(MAGNETS);
      const landing =
        origin === 'visitor'
          ? this.rng.pick(['menu', 'nostalgia', 'reprograma', 'afirmaciones'] as const)
          : MAGNET_PAGE[magnet.page as keyof typeof MAGNET_PAGE];
      for (const { page, at } of walk(this.rng, landing, firstAt)) {
        if (at >= this.p.signupAt - 10 * MINUTE_MS) break;
        steps.push({ at, write: () => viewPage(this.writer, visitorId, page, at) });
      }
      if (origin !== 'visitor') {
        const lead = { email: this.p.email, nick: this.rng.chance(0.75) ? this.p.first : `${this.p.first} ${this.p.last}`, visitorId };
        const leadAt = firstAt + this.rng.int(40, 150) * 1000;
        steps.push({ at: leadAt, write: () => this.leads.capture(leadAt, { ...lead, source: magnet }) });
        const later = localMoment(this.rng, startOfUtcDay(firstAt) + this.rng.int(1, 4) * DAY_MS, this.p.place.utcOffset);
        if (this.rng.chance(0.35) && later < this.p.signupAt - 30 * MINUTE_MS) {
          const subscribedAt = later + this.rng.int(30, 90) * 1000;
          steps.push({ at: later, write: () => viewPage(this.writer, visitorId, 'newsletter', later) });
          steps.push({ at: subscribedAt, write: () => this.leads.capture(subscribedAt, { ...lead, source: NEWSLETTER }) });
        }
      }
      // In the order they happened, so the first page stays the first touch.
      for (const step of steps.sort((a, b) => a.at - b.at)) await step.write();
    }
    // The day of the signup: the menu, then the course's page.
    if (this.visitorId) {
      this.clock = this.p.signupAt - this.rng.int(4, 12) * MINUTE_MS;
      await this.view('menu');
      await this.view('manifiesta');
    }
    this.clock = Math.max(this.clock, this.p.signupAt);
  }

  private async signUp() {
    const { userId, username, email, demo } = this.p;
    const hash = demo ? this.deps.passwordHash : undefined;
    await this.record(decideRegister(this.account, { userId, username, email, visitorId: this.visitorId }), hash ? storePassword(userId, hash) : undefined);
    if (this.p.verifies) {
      this.tick(60, 2400);
      await this.record(decideVerify(this.account, userId));
    } else if (this.rng.chance(0.5)) {
      // Asked for the link again the next day, and still never opened it.
      this.clock += this.rng.int(18, 30) * 3_600_000;
      await this.record(decideRequestVerification(this.account, userId));
    }
  }

  /** Twelve scores: a few painful areas, a few strong ones, the rest in between. */
  private firstScores(): Record<string, number> {
    const order = this.rng.shuffle(AREA_IDS);
    const mood = this.rng.int(-1, 1);
    const clamp = (n: number) => Math.min(MAX_SCORE, Math.max(MIN_SCORE, n + mood));
    return Object.fromEntries(order.map((id, i) => [id, clamp(i < 3 ? this.rng.int(1, 4) : i < 6 ? this.rng.int(7, 10) : this.rng.int(4, 7))]));
  }

  private rate(areaId: string, score: number) {
    return this.record(decideRate(this.state.progress, this.state.wheel, { ...this.cmd, areaId, score }));
  }

  private async wheel(partial: boolean) {
    const scores = this.firstScores();
    const areas = partial ? LIFE_AREAS.slice(0, this.rng.int(4, 9)) : LIFE_AREAS;
    for (const area of areas) {
      await this.rate(area.id, scores[area.id]!);
      this.tick(5, 40);
    }
    if (partial) return;
    if (this.rng.chance(0.15)) {
      // A second thought before moving on.
      const area = this.rng.pick(AREA_IDS);
      await this.rate(area, this.nudge(scores[area]!, this.rng.pick([-1, 1])));
    }
    await this.complete(WHEEL_ACTIVITY);
  }

  private nudge(score: number, delta: number) {
    const moved = Math.min(MAX_SCORE, Math.max(MIN_SCORE, score + delta));
    return moved === score ? Math.min(MAX_SCORE, Math.max(MIN_SCORE, score - delta)) : moved;
  }

  /** Back to the wheel days later: one or two scores were not quite right. */
  private async rerateSome() {
    await this.sitting();
    const ratings = this.state.wheel.ratings;
    for (const areaId of this.rng.sample(Object.keys(ratings), this.rng.int(1, 2))) {
      const delta = this.rng.chance(0.6) ? -this.rng.int(1, 2) : this.rng.int(1, 2);
      await this.rate(areaId, this.nudge(ratings[areaId]!, delta));
    }
  }

  /** Activities 2 and 3: a text per area, the most painful areas first. */
  private async definitions(activityId: DefinitionActivity, partial: boolean) {
    await this.sitting();
    const areas = areasByEarlierScore(this.state.wheel.ratings).slice(0, partial ? this.rng.int(3, 9) : LIFE_AREAS.length);
    for (const [i, area] of areas.entries()) {
      if (i > 0 && this.rng.chance(0.12)) await this.sitting(this.rng.pick([0, 1]));
      const texts = AREA_TEXTS[area.id]!;
      const pool = activityId === DEFINITION_ACTIVITIES[0] ? ((this.state.wheel.ratings[area.id] ?? 0) <= 5 ? texts.low : texts.high) : texts.visions;
      await this.record(
        decideDefine(this.state.progress, this.state.wheel, { ...this.cmd, activityId, areaId: area.id, definition: this.text(this.rng.pick(pool)) }),
      );
      this.tick(60, 300);
    }
    if (!partial) await this.complete(activityId);
  }

  /** Activity 4: three focus areas among the seven weakest, seven levels of why each. */
  private async deepWhy(partial: boolean) {
    await this.sitting();
    const targets = targetAreaIds(this.state.wheel.ratings);
    const chosen = this.rng.chance(0.7) ? targets.slice(0, FOCUS_AREAS) : this.rng.sample(targets, FOCUS_AREAS);
    await this.record(decideSelect(this.state.progress, this.state.wheel.ratings, this.state.deepWhy, { ...this.cmd, areaIds: chosen }));
    for (const [i, areaId] of chosen.slice(0, partial ? this.rng.int(1, 2) : FOCUS_AREAS).entries()) {
      if (i > 0 && this.rng.chance(0.5)) await this.sitting(this.rng.pick([0, 1, 2]));
      const answers = [...this.rng.pick(AREA_TEXTS[areaId]!.whyOpenings), ...this.rng.pick(WHY_DEPTHS)].map((a) => this.text(a));
      // Saving an answer asks the next question, which the worker records a moment later: one write.
      const question = async (level: number) => {
        const q = await this.deps.askWhy({
          areaTitle: areaById(areaId)!.title,
          levelIndex: level,
          currentText: this.state.wheel.definitions[AREA_BELIEFS_ACTIVITY][areaId],
          futureText: this.state.wheel.definitions[AREA_VISION_ACTIVITY][areaId],
          previousAnswer: level > 0 ? answers[level - 1] : undefined,
        });
        const questionId = seedId(this.p.key, 'why', areaId, String(level));
        return WhyQuestionAsked.create({
          userId: this.p.userId,
          questionId,
          areaId,
          levelIndex: level,
          question: q.question,
          source: q.source,
          model: q.model,
          promptVersion: q.promptVersion,
        });
      };
      await this.record([await question(0)]);
      for (let level = 0; level < WHY_LEVELS; level++) {
        this.tick(20, 180);
        const answer = decideAnswer(this.state.progress, this.state.deepWhy, { ...this.cmd, areaId, levelIndex: level, answer: answers[level]! });
        await this.record(level + 1 < WHY_LEVELS ? [...answer, await question(level + 1)] : answer);
      }
    }
    if (!partial) await this.complete(DEEP_WHY_ACTIVITY);
  }

  /** A session of the 7-phase meditation, sometimes followed by a revelation. */
  private async meditate() {
    const all = this.rng.chance(0.6);
    const phases = all ? [...PHASE_IDS] : PHASE_IDS.filter(() => this.rng.chance(0.65));
    const activePhases = phases.length ? phases : ['presence' as const, 'gratitude' as const];
    const full = activePhases.length * this.rng.int(3, 7) * 60 + 14;
    const stopped = this.rng.chance(0.15);
    const seconds = stopped ? this.rng.int(120, Math.max(180, full - 60)) : full + this.rng.int(0, 20);
    this.clock += seconds * 1000;
    const n = this.state.meditation.sessions;
    await this.record([
      MeditationSessionCompleted.create({
        userId: this.p.userId,
        sessionId: seedId(this.p.key, 'meditation', String(n)),
        seconds,
        activePhases,
        outcome: stopped ? 'stopped' : 'completed',
        day: dayIn(new Date(this.clock), this.p.place.timeZone),
      }),
    ]);
    const fresh = REVELATIONS.filter((r) => !this.usedRevelations.has(r));
    if (fresh.length && this.rng.chance(n === 0 ? 0.75 : 0.3)) {
      const revelation = this.rng.pick(fresh);
      this.usedRevelations.add(revelation);
      this.tick(60, 400);
      await this.record([
        RevelationSaved.create({
          userId: this.p.userId,
          revelationId: seedId(this.p.key, 'revelation', String(n)),
          revelation: this.text(revelation),
          totalTimeMeditated: seconds,
        }),
      ]);
    }
  }

  /** Meditators keep going for a while after their last activity. */
  private async keepMeditating() {
    if (this.state.meditation.sessions === 0) return;
    for (let i = this.rng.int(0, Math.round(8 * this.p.meditator)); i > 0; i--) {
      await this.sitting(this.rng.int(1, 5));
      await this.meditate();
    }
  }

  /** A coaching session: completed after the call; the coach often leaves a note. */
  private async coachingSession(slug: string) {
    await this.sitting(Math.max(1, this.gap()));
    const reflections = REFLECTIONS[slug];
    if (reflections && this.rng.chance(0.5)) await this.reflect(slug, this.rng.pick(reflections));
    await this.complete(slug);
    if (this.rng.chance(0.7)) await this.coachNote();
  }

  private async coachNote() {
    this.clock += this.rng.int(30, 180) * MINUTE_MS;
    const focus = this.state.deepWhy.selectedAreaIds[0] ?? areasByEarlierScore(this.state.wheel.ratings)[0]?.id ?? 'life-vision';
    const text = this.text(this.rng.pick(COACH_NOTES)(this.p.first, areaById(focus)!.title));
    const noteId = seedId(this.p.key, 'note', String(this.state.notes.length));
    const result = await this.writer.append(
      coachNotesStreamId(this.p.userId),
      [CoachNoteAdded.create({ learnerId: this.p.userId, noteId, coachId: this.deps.coachId, text })],
      this.clock,
      this.deps.coachId,
      'any',
    );
    this.absorb(result.events);
  }

  private reflect(slug: string, text: string) {
    return this.record(decideSaveReflection(this.state.progress, { ...this.cmd, slug, text: this.text(text) }));
  }

  /** The course's page, the payment (verified, then claimed with its role in one transaction), the confirmation page. */
  private async pay() {
    await this.sitting();
    await this.view('manifiesta');
    if (this.rng.chance(0.3)) await this.view('manifiesta-call');
    const product = PRODUCTS['manifiesta-curso-completo'];
    const payment = { id: this.p.paymentId!, productId: 'manifiesta-curso-completo' as const, amount: product.amount, currency: product.currency };
    this.tick(120, 600);
    const results = await this.writer.appendMany(confirmWrites(payment, this.p.userId, 'confirm'), this.clock, this.p.userId);
    const learner = results[1]!;
    this.absorb(learner.events);
    this.version = learner.nextVersion;
    this.tick(3, 10);
    await this.view('confirmacion-pago');
  }

  /** The premium part of the course, in order, up to the learner's last activity. */
  private async lessons() {
    const first = ACTIVITIES.findIndex((a) => a.slug === 'tus-sistemas-de-creencias-actuales');
    const last = ACTIVITIES.findIndex((a) => a.slug === this.p.stopAfter);
    for (let i = first; i <= last; i++) {
      const activity = ACTIVITIES[i]!;
      if (i === first || !this.rng.chance(0.3)) await this.sitting();
      else this.tick(120, 900);
      if (activity.isTool || activity.isTheory) {
        if (this.rng.chance(0.6)) await this.complete(activity.slug);
        continue;
      }
      if (activity.isCoaching) {
        await this.coachingSession(activity.slug);
        continue;
      }
      if (activity.slug === BELIEF_THRESHOLD_ACTIVITY) {
        const unfinished = activity.slug === this.p.stopAfter && this.rng.chance(0.5);
        await this.beliefThreshold(unfinished);
        if (unfinished) return;
      }
      if (activity.slug === 'tu-rueda-de-la-vida-hoy') await this.rerateAll();
      const reflections = REFLECTIONS[activity.slug];
      if (reflections && this.rng.chance(0.8)) await this.reflect(activity.slug, this.rng.pick(reflections));
      await this.complete(activity.slug);
    }
  }

  /** Activity 8: goals tested against the time frames, saved as the questioning goes. */
  private async beliefThreshold(unfinished: boolean) {
    const goals = this.rng.sample(GOALS, this.rng.int(1, 3));
    for (const [g, manifestGoal] of goals.entries()) {
      const newId = seedId(this.p.key, 'goal', String(g));
      let goal: BeliefGoal = { id: newId, manifestGoal, hesitations: [], currentTimeIndex: 0, perfectTimeFrameLabel: null, perfectTimeFrameYears: null };
      // Saved when it changed (the page saves after each step that changes it); the first save creates it.
      let saved: string | undefined;
      const save = async () => {
        const { id: _id, ...fields } = goal;
        const snapshot = JSON.stringify(fields);
        if (snapshot === saved) return;
        const create = saved === undefined;
        saved = snapshot;
        await this.record(
          decideSaveGoal(this.state.progress, this.state.beliefGoals, { ...this.cmd, goal: { ...fields, ...(create ? {} : { id: newId }) }, newId }),
        );
        this.tick(20, 120);
      };
      await save();
      const perfectAt = this.rng.int(3, TIME_FRAMES.length - 1);
      const stopAt = unfinished && g === goals.length - 1 ? this.rng.int(2, perfectAt) : TIME_FRAMES.length;
      const doubts = this.rng.shuffle(DOUBTS);
      for (let index = 0; index < TIME_FRAMES.length && index < stopAt; index++) {
        if (index === perfectAt) {
          goal = choosePerfect(goal);
          await save();
          break;
        }
        // Far frames are easy to believe; doubts come as the frame gets near.
        if (this.rng.chance(0.1 + (0.6 * index) / TIME_FRAMES.length)) {
          goal = addHesitation(goal, this.text(doubts[goal.hesitations.length % doubts.length]!)).goal;
          await save();
        } else {
          const step = advance(index);
          if (step.screen === 'questioning') goal = { ...goal, currentTimeIndex: step.index };
        }
      }
      // Left halfway: where the questioning stopped is kept.
      await save();
    }
  }

  /** Week 5: the whole wheel again; the focus areas moved the most. */
  private async rerateAll() {
    const focus = new Set(this.state.deepWhy.selectedAreaIds);
    for (const area of LIFE_AREAS) {
      const before = this.state.wheel.ratings[area.id] ?? 5;
      const delta = focus.has(area.id) ? this.rng.int(2, 4) : this.rng.int(-1, 2);
      await this.rate(area.id, Math.min(MAX_SCORE, Math.max(MIN_SCORE, before + delta)));
      this.tick(5, 30);
    }
  }
}
