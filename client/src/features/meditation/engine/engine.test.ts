import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { minutesMeditated, SOUND_FILES, type PhaseId } from '../../../../../course/meditation';
import { createMeditationEngine, type MeditationPlan, type MeditationSnapshot } from './engine';
import { createFakeAudio, createFakeClock, type FakeAudio, type FakeClock } from './fakes';

const S = 1_000;
const MIN = 60 * S;
const BELL_START = SOUND_FILES.bellStart;
const BELL_END = SOUND_FILES.bellEnd;
const INTRO = SOUND_FILES.intro;
const GONG = 'gong-classic.mp3';
const BACKGROUND = 'bg-stress-relief.mp3';

function plan(overrides: Partial<MeditationPlan> = {}): MeditationPlan {
  return {
    phases: [
      { id: 'presence', seconds: 180, guided: true },
      { id: 'gratitude', seconds: 180, guided: false },
    ],
    voice: true,
    intro: true,
    gongFile: GONG,
    background: { file: BACKGROUND, volume: 0.3 },
    ...overrides,
  };
}

let clock: FakeClock;
let audio: FakeAudio;
let logged: ReturnType<typeof vi.spyOn>;

function setUp(lengths: Parameters<typeof createFakeAudio>[1] = {}) {
  clock = createFakeClock();
  audio = createFakeAudio(clock, { [INTRO]: 30 * S, [SOUND_FILES.voice('presence')]: 10 * S, ...lengths });
  return createMeditationEngine({ clock, audio });
}

/** Moves the clock to `ms` after the start. */
const at = (ms: number) => clock.advance(ms - clock.now());
const sound = (file: string) => audio.played.find((s) => s.file === file);
const phaseOf = (snapshot: MeditationSnapshot) =>
  snapshot.status === 'playing' && snapshot.stage === 'phase' ? { phase: snapshot.phase, index: snapshot.index, remaining: snapshot.remainingSeconds } : snapshot;

beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the timeline (activities.md §4)', () => {
  it('start bell and looping background at 0 s, intro at 7 s, first phase 7 s after the intro ends', async () => {
    const engine = setUp();
    expect(engine.getSnapshot()).toEqual({ status: 'settings' });
    expect(engine.start(plan())).toBe(true);

    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', stage: 'preparing', totalSeconds: 0 });
    expect(audio.startsOf(BELL_START)).toEqual([0]);
    expect(sound(BACKGROUND)).toMatchObject({ at: 0, options: { loop: true, volume: 0.3 } });
    // The first phase's files load ahead of their turn.
    expect(audio.preloaded).toEqual(expect.arrayContaining([INTRO, SOUND_FILES.voice('presence'), SOUND_FILES.guided('presence'), GONG, BELL_END]));

    await at(7 * S - 1);
    expect(audio.startsOf(INTRO)).toEqual([]);
    await at(7 * S);
    expect(audio.startsOf(INTRO)).toEqual([7 * S]);
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', stage: 'intro' });

    // The intro lasts 30 s: it ends at 37 s; the first phase begins 7 s later, at 44 s.
    await at(44 * S - 1);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'intro' });
    await at(44 * S);
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', stage: 'phase', index: 0, phase: 'presence', phaseSeconds: 180, remainingSeconds: 180, phases: ['presence', 'gratitude'] });
  });

  it('without the intro, the first phase begins 7 s after the start', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false }));
    await at(7 * S - 1);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'preparing' });
    await at(7 * S);
    expect(phaseOf(engine.getSnapshot())).toEqual({ phase: 'presence', index: 0, remaining: 180 });
    expect(audio.startsOf(INTRO)).toEqual([]);
    expect(audio.preloaded).not.toContain(INTRO);
  });

  it('voice 3 s into the phase; guided audio 5 s after the voice ends', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false }));
    const phaseStart = 7 * S;
    await at(phaseStart + 3 * S - 1);
    expect(audio.startsOf(SOUND_FILES.voice('presence'))).toEqual([]);
    await at(phaseStart + 3 * S);
    expect(audio.startsOf(SOUND_FILES.voice('presence'))).toEqual([phaseStart + 3 * S]);
    // The voice lasts 10 s (ends at +13 s): guided at +18 s.
    await at(phaseStart + 18 * S - 1);
    expect(audio.startsOf(SOUND_FILES.guided('presence'))).toEqual([]);
    await at(phaseStart + 18 * S);
    expect(audio.startsOf(SOUND_FILES.guided('presence'))).toEqual([phaseStart + 18 * S]);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'presence' });
  });

  it('without the voice, guided audio 7 s into the phase; no guided audio where it is off', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false, voice: false }));
    const phaseStart = 7 * S;
    await at(phaseStart + 7 * S - 1);
    expect(audio.startsOf(SOUND_FILES.guided('presence'))).toEqual([]);
    await at(phaseStart + 7 * S);
    expect(audio.startsOf(SOUND_FILES.guided('presence'))).toEqual([phaseStart + 7 * S]);
    expect(audio.played.some((s) => s.file.startsWith('voice-'))).toBe(false);

    // Phase 2 (gratitude) has its guided meditation off.
    await at(phaseStart + 180 * S + 60 * S);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'gratitude' });
    expect(audio.startsOf(SOUND_FILES.guided('gratitude'))).toEqual([]);
  });

  it('counts each phase down from minutes × 60 s, a tick a second, then moves on', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false }));
    const phaseStart = 7 * S;
    await at(phaseStart + S - 1);
    expect(engine.getSnapshot()).toMatchObject({ remainingSeconds: 180, totalSeconds: 0 });
    await at(phaseStart + S);
    expect(engine.getSnapshot()).toMatchObject({ remainingSeconds: 179, totalSeconds: 1 });
    await at(phaseStart + MIN);
    expect(engine.getSnapshot()).toMatchObject({ remainingSeconds: 120, totalSeconds: 60 });
    await at(phaseStart + 3 * MIN - 1);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'presence', remainingSeconds: 1, totalSeconds: 179 });
    await at(phaseStart + 3 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'gratitude', index: 1, remainingSeconds: 180, totalSeconds: 180 });
    // The next phase's voice 3 s after its start.
    await at(phaseStart + 3 * MIN + 3 * S);
    expect(audio.startsOf(SOUND_FILES.voice('gratitude'))).toEqual([phaseStart + 3 * MIN + 3 * S]);
  });

  it("a phase's voice and guided audio stop when it ends", async () => {
    const engine = setUp({ [SOUND_FILES.guided('presence')]: 10 * MIN });
    engine.start(plan({ intro: false }));
    const phaseEnd = 7 * S + 3 * MIN;
    await at(phaseEnd);
    expect(sound(SOUND_FILES.guided('presence'))!.stoppedAt).toBe(phaseEnd);
    expect(sound(BACKGROUND)!.stoppedAt).toBeNull();
    expect(engine.getSnapshot()).toMatchObject({ phase: 'gratitude' });
  });

  it('the gong sounds only between phases: not before the first, not after the last', async () => {
    const engine = setUp();
    const three: MeditationPlan['phases'] = [
      { id: 'presence', seconds: 180, guided: false },
      { id: 'love', seconds: 240, guided: false },
      { id: 'connection', seconds: 180, guided: false },
    ];
    engine.start(plan({ intro: false, phases: three }));
    await at(7 * S + 10 * MIN + 5 * S);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary' });
    expect(audio.startsOf(GONG)).toEqual([7 * S + 3 * MIN, 7 * S + 7 * MIN]);
  });

  it('no gong when it is off, nor with a single phase', async () => {
    const off = setUp();
    off.start(plan({ intro: false, gongFile: null }));
    await at(7 * S + 6 * MIN);
    expect(off.getSnapshot()).toMatchObject({ status: 'summary' });
    expect(audio.played.some((s) => s.file.startsWith('gong'))).toBe(false);

    const single = setUp();
    single.start(plan({ intro: false, phases: [{ id: 'vision', seconds: 180, guided: false }] }));
    await at(7 * S + 3 * MIN);
    expect(single.getSnapshot()).toMatchObject({ status: 'summary' });
    expect(audio.startsOf(GONG)).toEqual([]);
  });

  it('after the last phase: the end bell, everything else stops, summary with the phase time', async () => {
    const engine = setUp();
    engine.start(plan());
    // Intro at 7 s, ends at 37 s, phases from 44 s: 3 min + 3 min.
    const end = 44 * S + 6 * MIN;
    await at(end - 1);
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', phase: 'gratitude', remainingSeconds: 1 });
    expect(audio.startsOf(BELL_END)).toEqual([]);
    await at(end);
    const summary = engine.getSnapshot();
    expect(summary).toMatchObject({ status: 'summary', outcome: 'completed', totalSeconds: 360, phases: ['presence', 'gratitude'] });
    expect(minutesMeditated(summary.status === 'summary' ? summary.totalSeconds : 0)).toBe(6);
    expect(audio.startsOf(BELL_END)).toEqual([end]);
    expect(sound(BACKGROUND)!.stoppedAt).toBe(end);
    expect(sound(BELL_END)!.stoppedAt).toBeNull();
    expect(audio.startsOf(GONG)).toEqual([44 * S + 3 * MIN]);
    // Nothing is left running but the end bell's own length.
    await at(end + 10 * MIN);
    expect(engine.getSnapshot()).toBe(summary);
    expect(clock.pending()).toBe(0);
  });
});

describe('the active phases', () => {
  it('plays only the phases in the plan, in order, numbered among themselves', async () => {
    const engine = setUp();
    const phases: { id: PhaseId; seconds: number; guided: boolean }[] = [
      { id: 'gratitude', seconds: 180, guided: false },
      { id: 'vision', seconds: 180, guided: false },
    ];
    engine.start(plan({ intro: false, phases }));
    await at(7 * S);
    expect(engine.getSnapshot()).toMatchObject({ index: 0, phase: 'gratitude', phases: ['gratitude', 'vision'] });
    await at(7 * S + 3 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ index: 1, phase: 'vision' });
    await at(7 * S + 6 * MIN + 5 * S);
    expect(audio.played.filter((s) => s.file.startsWith('voice-')).map((s) => s.file)).toEqual(['voice-gratitude.mp3', 'voice-vision.mp3']);
  });

  it('does not start without an active phase', () => {
    const engine = setUp();
    expect(engine.start(plan({ phases: [] }))).toBe(false);
    expect(engine.getSnapshot()).toEqual({ status: 'settings' });
    expect(audio.played).toEqual([]);
  });
});

describe("'Finalizar Meditación'", () => {
  it('stops every sound and timer at once and shows the seconds meditated so far', async () => {
    const engine = setUp({ [SOUND_FILES.guided('presence')]: 10 * MIN });
    engine.start(plan({ intro: false }));
    const stopAt = 7 * S + 95 * S + 500;
    await at(stopAt);
    engine.finish();

    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', outcome: 'stopped', totalSeconds: 95 });
    for (const file of [BACKGROUND, SOUND_FILES.guided('presence')]) expect(sound(file)!.stoppedAt).toBe(stopAt);
    expect(clock.pending()).toBe(0);
    await at(stopAt + 10 * MIN);
    expect(audio.startsOf(BELL_END)).toEqual([]);
    expect(audio.startsOf(GONG)).toEqual([]);
    expect(engine.getSnapshot()).toMatchObject({ totalSeconds: 95 });
  });

  it('during the intro: nothing meditated yet', async () => {
    const engine = setUp();
    engine.start(plan());
    await at(20 * S);
    engine.finish();
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', outcome: 'stopped', totalSeconds: 0 });
    expect(sound(INTRO)!.stoppedAt).toBe(20 * S);
    await at(2 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', totalSeconds: 0 });
  });
});

describe("'Meditar de Nuevo'", () => {
  it('returns to the settings, silencing the end bell; a new meditation starts from zero', async () => {
    const engine = setUp({ [BELL_END]: 20 * S });
    engine.start(plan({ intro: false, phases: [{ id: 'love', seconds: 180, guided: false }] }));
    await at(7 * S + 3 * MIN + S);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', run: 1 });
    engine.reset();
    expect(engine.getSnapshot()).toEqual({ status: 'settings' });
    expect(sound(BELL_END)!.stoppedAt).toBe(7 * S + 3 * MIN + S);

    engine.start(plan({ intro: false }));
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', run: 2, totalSeconds: 0 });
  });

  it('start is ignored while a meditation is playing', () => {
    const engine = setUp();
    engine.start(plan());
    const playing = engine.getSnapshot();
    expect(engine.start(plan({ intro: false }))).toBe(false);
    expect(engine.getSnapshot()).toBe(playing);
  });
});

describe('audio failures (activities.md §8)', () => {
  it('a missing intro is logged and counts as ended: the first phase begins 7 s later', async () => {
    const engine = setUp({ [INTRO]: 'fail', [BELL_START]: 'throw' });
    engine.start(plan());
    await at(14 * S - 1);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'intro' });
    await at(14 * S);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'presence' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(INTRO), expect.any(Error));
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(BELL_START), expect.any(Error));
  });

  it('a voice that cannot play: guided audio 5 s later, and the end bell failing still ends in the summary', async () => {
    const engine = setUp({ [SOUND_FILES.voice('presence')]: 'throw', [BELL_END]: 'fail', [BACKGROUND]: 'fail' });
    engine.start(plan({ intro: false }));
    await at(7 * S + 8 * S);
    expect(audio.startsOf(SOUND_FILES.guided('presence'))).toEqual([15 * S]);
    await at(7 * S + 6 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', outcome: 'completed', totalSeconds: 360 });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(BELL_END), expect.any(Error));
  });

  it('a port that cannot even preload does not stop the meditation', async () => {
    clock = createFakeClock();
    audio = createFakeAudio(clock);
    audio.preload = () => {
      throw new Error('sin memoria');
    };
    const engine = createMeditationEngine({ clock, audio });
    engine.start(plan({ intro: false }));
    await at(7 * S + 6 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', totalSeconds: 360 });
  });
});

describe('timers that come late (a page in the background)', () => {
  it('a late tick counts every whole second that passed, and the next phase keeps to the plan', async () => {
    clock = createFakeClock();
    audio = createFakeAudio(clock);
    // Every timer fires 2.5 s late.
    const late = { ...clock, setTimeout: (callback: () => void, ms: number) => clock.setTimeout(callback, ms + 2_500) };
    const engine = createMeditationEngine({ clock: late, audio });
    engine.start(plan({ intro: false, voice: false, gongFile: null }));
    // The first phase starts at 9.5 s; its first tick lands at 13 s: 3 seconds counted at once.
    await at(13 * S);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'presence', remainingSeconds: 177, totalSeconds: 3 });
    await at(9_500 + 6 * MIN + 3 * S);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', totalSeconds: 360 });
  });
});

describe('subscribe / getSnapshot', () => {
  it('notifies on each change and keeps the same snapshot between changes', async () => {
    const engine = setUp();
    const listener = vi.fn();
    const unsubscribe = engine.subscribe(listener);
    engine.start(plan({ intro: false }));
    const first = engine.getSnapshot();
    expect(engine.getSnapshot()).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);
    await at(7 * S + 2 * S);
    expect(listener).toHaveBeenCalledTimes(4); // phase start, two ticks
    unsubscribe();
    await at(7 * S + 10 * S);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('dispose stops everything and leaves the engine usable', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false }));
    await at(30 * S);
    engine.dispose();
    expect(engine.getSnapshot()).toEqual({ status: 'settings' });
    expect(clock.pending()).toBe(0);
    expect(sound(BACKGROUND)!.stoppedAt).toBe(30 * S);
    expect(engine.start(plan())).toBe(true);
  });
});
