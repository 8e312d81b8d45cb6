import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTRO_MAX_MS, minutesMeditated, SOUND_FILES, type PhaseId } from '../../../../../course/meditation';
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
  snapshot.status === 'playing' && snapshot.stage === 'phase'
    ? { phase: snapshot.phase, index: snapshot.index, remaining: snapshot.remainingSeconds }
    : snapshot;

beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the timeline', () => {
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
    expect(engine.getSnapshot()).toMatchObject({
      status: 'playing',
      stage: 'phase',
      index: 0,
      phase: 'presence',
      phaseSeconds: 180,
      remainingSeconds: 180,
      phases: ['presence', 'gratitude'],
    });
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
    // The time played counts from the start, the 7 s before the first phase included.
    await at(phaseStart + S - 1);
    expect(engine.getSnapshot()).toMatchObject({ remainingSeconds: 180, totalSeconds: 7 });
    await at(phaseStart + S);
    expect(engine.getSnapshot()).toMatchObject({ remainingSeconds: 179, totalSeconds: 8 });
    await at(phaseStart + MIN);
    expect(engine.getSnapshot()).toMatchObject({ remainingSeconds: 120, totalSeconds: 67 });
    await at(phaseStart + 3 * MIN - 1);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'presence', remainingSeconds: 1, totalSeconds: 186 });
    await at(phaseStart + 3 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'gratitude', index: 1, remainingSeconds: 180, totalSeconds: 187 });
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

  it('after the last phase: the end bell, everything else stops, summary with the time played', async () => {
    const engine = setUp();
    engine.start(plan());
    // Intro at 7 s, ends at 37 s, phases from 44 s: 3 min + 3 min.
    const end = 44 * S + 6 * MIN;
    await at(end - 1);
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', phase: 'gratitude', remainingSeconds: 1 });
    expect(audio.startsOf(BELL_END)).toEqual([]);
    await at(end);
    const summary = engine.getSnapshot();
    // 44 s of start bell, intro and wait, then 6 minutes of phases: 6 whole minutes.
    expect(summary).toMatchObject({ status: 'summary', outcome: 'completed', totalSeconds: 404, phases: ['presence', 'gratitude'] });
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

describe('the countdown before the first phase', () => {
  const countdownOf = (snapshot: MeditationSnapshot) =>
    snapshot.status === 'playing' && snapshot.stage !== 'phase' ? { stage: snapshot.stage, countdown: snapshot.countdown } : snapshot;

  it('without the intro: the seconds to the first phase', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false }));
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'preparing', countdown: { to: 'phase', seconds: 7 } });
    await at(3 * S);
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'preparing', countdown: { to: 'phase', seconds: 4 } });
  });

  it('with the intro: to the intro, then through the intro (its length once known) and the 7 s after it', async () => {
    const engine = setUp();
    engine.start(plan());
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'preparing', countdown: { to: 'intro', seconds: 7 } });
    await at(6 * S);
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'preparing', countdown: { to: 'intro', seconds: 1 } });
    // The 30 s intro starts at 7 s: the first phase is 37 s away.
    await at(7 * S);
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'intro', countdown: { to: 'phase', seconds: 37 } });
    await at(17 * S);
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'intro', countdown: { to: 'phase', seconds: 27 } });
    await at(40 * S);
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'intro', countdown: { to: 'phase', seconds: 4 } });
    await at(44 * S);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'phase', phase: 'presence' });
  });

  it('an intro whose length is not known yet: no number until it ends', async () => {
    clock = createFakeClock();
    audio = createFakeAudio(clock, { [INTRO]: 30 * S }, 2_000, [INTRO]);
    const engine = createMeditationEngine({ clock, audio });
    engine.start(plan());
    await at(10 * S);
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'intro', countdown: null });
    await at(38 * S);
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'intro', countdown: { to: 'phase', seconds: 6 } });
  });

  it('an intro that never ends holds the meditation back 3 minutes at most', async () => {
    const engine = setUp({ [INTRO]: 60 * MIN });
    engine.start(plan());
    const given = 7 * S + INTRO_MAX_MS;
    await at(given - 1);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'intro' });
    await at(given);
    expect(sound(INTRO)!.stoppedAt).toBe(given);
    expect(countdownOf(engine.getSnapshot())).toEqual({ stage: 'intro', countdown: { to: 'phase', seconds: 7 } });
    await at(given + 7 * S);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'phase', phase: 'presence', remainingSeconds: 180 });
  });
});

describe('pause and resume', () => {
  it('in a phase: the countdown, the time played, the sounds and what is due all wait', async () => {
    const engine = setUp({ [SOUND_FILES.guided('presence')]: 10 * MIN });
    engine.start(plan({ intro: false }));
    const phaseStart = 7 * S;
    // The voice (10 s) started at +3 s; guided audio is due at +18 s.
    await at(phaseStart + 15 * S + 400);
    engine.pause();
    expect(engine.getSnapshot()).toMatchObject({ status: 'playing', paused: true, phase: 'presence', remainingSeconds: 165, totalSeconds: 22 });
    expect(sound(BACKGROUND)).toMatchObject({ paused: true, stoppedAt: null });

    await at(phaseStart + 15 * S + 10 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ paused: true, remainingSeconds: 165, totalSeconds: 22 });
    expect(audio.startsOf(SOUND_FILES.guided('presence'))).toEqual([]);
    expect(clock.pending()).toBe(0);

    const resumedAt = phaseStart + 15 * S + 10 * MIN + 400;
    await at(resumedAt);
    engine.resume();
    expect(engine.getSnapshot()).toMatchObject({ paused: false, remainingSeconds: 165 });
    expect(sound(BACKGROUND)!.paused).toBe(false);
    // Everything keeps its place, 10 minutes later: guided audio 2.6 s on, the phase's end 164.6 s on.
    await at(resumedAt + 2_600);
    expect(audio.startsOf(SOUND_FILES.guided('presence'))).toEqual([resumedAt + 2_600]);
    await at(resumedAt + 164_600 - 1);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'presence', remainingSeconds: 1 });
    await at(resumedAt + 164_600);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'gratitude', remainingSeconds: 180, totalSeconds: 187 });
  });

  it('during the intro: the intro holds, and its end (and the first phase) come that much later', async () => {
    const engine = setUp();
    engine.start(plan());
    await at(17 * S);
    engine.pause();
    expect(sound(INTRO)!.paused).toBe(true);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'intro', paused: true, countdown: { to: 'phase', seconds: 27 } });
    await at(77 * S);
    engine.resume();
    await at(104 * S - 1);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'intro' });
    await at(104 * S);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'phase', phase: 'presence', totalSeconds: 44 });
  });

  it("'Finalizar' after a pause counts the time played, not the pause", async () => {
    const engine = setUp();
    engine.start(plan({ intro: false }));
    await at(2 * MIN);
    engine.pause();
    await at(30 * MIN);
    engine.finish();
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', outcome: 'stopped', totalSeconds: 120 });
    expect(clock.pending()).toBe(0);
  });

  it('pause, resume and skip do nothing outside a meditation', () => {
    const engine = setUp();
    engine.pause();
    engine.resume();
    engine.skip();
    expect(engine.getSnapshot()).toEqual({ status: 'settings' });
    expect(audio.played).toEqual([]);
  });
});

describe('skip to the next phase', () => {
  it('in a phase: its sounds stop, the gong sounds and the next phase begins now, whole', async () => {
    const engine = setUp({ [SOUND_FILES.guided('presence')]: 10 * MIN });
    engine.start(plan({ intro: false }));
    const skipAt = 7 * S + 40 * S + 300;
    await at(skipAt);
    engine.skip();
    expect(sound(SOUND_FILES.guided('presence'))!.stoppedAt).toBe(skipAt);
    expect(audio.startsOf(GONG)).toEqual([skipAt]);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'phase', index: 1, phase: 'gratitude', remainingSeconds: 180, totalSeconds: 47 });
    expect(sound(BACKGROUND)!.stoppedAt).toBeNull();
    await at(skipAt + 3 * S);
    expect(audio.startsOf(SOUND_FILES.voice('gratitude'))).toEqual([skipAt + 3 * S]);
  });

  it('in the last phase: the end, with the end bell and the time played', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false }));
    await at(7 * S + 3 * MIN + 20 * S);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'gratitude' });
    engine.skip();
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', outcome: 'completed', totalSeconds: 207 });
    expect(audio.startsOf(BELL_END)).toEqual([7 * S + 3 * MIN + 20 * S]);
    expect(sound(BACKGROUND)!.stoppedAt).toBe(7 * S + 3 * MIN + 20 * S);
  });

  it('before the first phase: the intro stops and the first phase begins now; the background plays on', async () => {
    const engine = setUp();
    engine.start(plan());
    await at(12 * S);
    engine.skip();
    expect(sound(INTRO)!.stoppedAt).toBe(12 * S);
    expect(engine.getSnapshot()).toMatchObject({ stage: 'phase', index: 0, phase: 'presence', remainingSeconds: 180 });
    expect(audio.startsOf(GONG)).toEqual([]);
    expect(sound(BACKGROUND)!.stoppedAt).toBeNull();
    await at(12 * S + 3 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ phase: 'gratitude' });
  });

  it('while paused: plays again from the next phase', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false }));
    await at(30 * S);
    engine.pause();
    await at(5 * MIN);
    engine.skip();
    expect(engine.getSnapshot()).toMatchObject({ paused: false, phase: 'gratitude', remainingSeconds: 180, totalSeconds: 30 });
    expect(sound(BACKGROUND)!.paused).toBe(false);
    await at(5 * MIN + 3 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', totalSeconds: 210 });
  });
});

describe('volume', () => {
  it('scales every sound, the background at its own volume times it, now and for the sounds to come', async () => {
    const engine = setUp();
    engine.start(plan({ intro: false, volume: 0.8 }));
    expect(sound(BELL_START)!.volume).toBeCloseTo(0.8);
    expect(sound(BACKGROUND)!.volume).toBeCloseTo(0.24);

    engine.setVolume(0.5);
    expect(sound(BACKGROUND)!.volume).toBeCloseTo(0.15);
    await at(7 * S + 3 * S);
    expect(sound(SOUND_FILES.voice('presence'))!.volume).toBeCloseTo(0.5);
    engine.setVolume(0);
    expect(sound(SOUND_FILES.voice('presence'))!.volume).toBe(0);
    engine.setVolume(7);
    expect(sound(BACKGROUND)!.volume).toBeCloseTo(0.3);
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
  it('stops every sound and timer at once and shows the whole seconds played so far', async () => {
    const engine = setUp({ [SOUND_FILES.guided('presence')]: 10 * MIN });
    engine.start(plan({ intro: false }));
    const stopAt = 7 * S + 95 * S + 500;
    await at(stopAt);
    engine.finish();

    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', outcome: 'stopped', totalSeconds: 102 });
    for (const file of [BACKGROUND, SOUND_FILES.guided('presence')]) expect(sound(file)!.stoppedAt).toBe(stopAt);
    expect(clock.pending()).toBe(0);
    await at(stopAt + 10 * MIN);
    expect(audio.startsOf(BELL_END)).toEqual([]);
    expect(audio.startsOf(GONG)).toEqual([]);
    expect(engine.getSnapshot()).toMatchObject({ totalSeconds: 102 });
  });

  it('during the intro: the seconds listened to count', async () => {
    const engine = setUp();
    engine.start(plan());
    await at(20 * S);
    engine.finish();
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', outcome: 'stopped', totalSeconds: 20 });
    expect(sound(INTRO)!.stoppedAt).toBe(20 * S);
    await at(2 * MIN);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', totalSeconds: 20 });
  });

  it('after minutes held in an intro that never ends, the minutes played, never 0', async () => {
    // A phone that stops loading the intro: no end, no error.
    const engine = setUp({ [INTRO]: 60 * MIN });
    engine.start(plan());
    await at(2 * MIN + 30 * S);
    engine.finish();
    const summary = engine.getSnapshot();
    expect(summary).toMatchObject({ status: 'summary', outcome: 'stopped', totalSeconds: 150 });
    expect(minutesMeditated(summary.status === 'summary' ? summary.totalSeconds : 0)).toBe(2);
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

describe('audio failures', () => {
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
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', outcome: 'completed', totalSeconds: 367 });
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
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', totalSeconds: 367 });
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
    expect(engine.getSnapshot()).toMatchObject({ phase: 'presence', remainingSeconds: 177, totalSeconds: 13 });
    // Two full phases from 9.5 s: it ends at 369.5 s, whatever time the late tick brings the news.
    await at(9_500 + 6 * MIN + 3 * S);
    expect(engine.getSnapshot()).toMatchObject({ status: 'summary', totalSeconds: 369 });
  });
});

describe('subscribe / getSnapshot', () => {
  it('notifies on each change (the countdown each second, then each tick) and keeps the same snapshot between changes', async () => {
    const engine = setUp();
    const seen: string[] = [];
    const listener = vi.fn(() => {
      const now = engine.getSnapshot();
      if (now.status !== 'playing') return;
      seen.push(now.stage === 'phase' ? `${now.phase} ${now.remainingSeconds}` : `${now.countdown?.to} ${now.countdown?.seconds}`);
    });
    const unsubscribe = engine.subscribe(listener);
    engine.start(plan({ intro: false }));
    const first = engine.getSnapshot();
    expect(engine.getSnapshot()).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);
    await at(7 * S + 2 * S);
    expect(seen).toEqual(['phase 7', 'phase 6', 'phase 5', 'phase 4', 'phase 3', 'phase 2', 'phase 1', 'presence 180', 'presence 179', 'presence 178']);
    unsubscribe();
    await at(7 * S + 10 * S);
    expect(listener).toHaveBeenCalledTimes(10);
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
