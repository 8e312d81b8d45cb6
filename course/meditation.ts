// The 7-phase meditation (activity 5): phases, settings and their limits,
// the timeline's delays, the sounds and which of them are premium; and the streak rule of the history.
// Shared by the tool in the browser and the server that records sessions.

export const MEDITATION_TOOL_PATH = '/herramientas/7-fases';

export const PHASE_IDS = ['presence', 'gratitude', 'love', 'forgiveness', 'vision', 'choice', 'connection'] as const;
export type PhaseId = (typeof PHASE_IDS)[number];

export interface MeditationPhase {
  id: PhaseId;
  name: string;
  description: string;
}

export const PHASES: readonly MeditationPhase[] = [
  { id: 'presence', name: 'Presencia', description: 'Llega al aquí y ahora: siente tu cuerpo, sigue tu respiración y deja pasar los pensamientos.' },
  { id: 'gratitude', name: 'Gratitud', description: 'Agradece algo sencillo de hoy, a una persona de tu vida y algo de ti.' },
  { id: 'love', name: 'Amor', description: 'Siente amor en tu pecho y envíalo a ti, a quien quieres, a quien te cuesta y a todos los seres.' },
  { id: 'forgiveness', name: 'Perdón', description: 'Suelta algo que todavía te duele: perdona a otra persona, perdónate y libera ese peso.' },
  { id: 'vision', name: 'Visión', description: 'Imagina tu vida dentro de tres años como si ya fuera real: qué ves, quién eres y cómo te sientes.' },
  { id: 'choice', name: 'Elección', description: 'Elige cómo quieres sentirte hoy y un paso pequeño y concreto hacia tu visión.' },
  { id: 'connection', name: 'Conexión', description: 'Siéntete parte de algo más grande, confía en tu camino y vuelve poco a poco al cuerpo.' },
];

// Durations in minutes.
export const MIN_PHASE_MINUTES = 3;
export const MAX_PHASE_MINUTES = 15;
export const DEFAULT_PHASE_MINUTES = 5;
export const DEFAULT_BACKGROUND_VOLUME = 0.3;
export const VOLUME_STEP = 0.05;

// The timeline, in milliseconds.
export const INTRO_DELAY_MS = 7_000;
export const FIRST_PHASE_DELAY_MS = 7_000;
export const VOICE_DELAY_MS = 3_000;
export const GUIDED_AFTER_VOICE_MS = 5_000;
export const GUIDED_WITHOUT_VOICE_MS = 7_000;
export const TICK_MS = 1_000;
/**
 * The longest the intro may hold back the first phase. An intro that stalls (a phone that stops loading it, a
 * sound that never reports its end) must not keep the learner waiting before a meditation that never begins.
 */
export const INTRO_MAX_MS = 3 * 60_000;

export const GONGS = [
  { id: 'gong1', name: 'Gong clásico', file: 'gong-classic.mp3', premium: false },
  { id: 'tibetan-bowl', name: 'Cuenco tibetano', file: 'gong-tibetan-bowl.mp3', premium: true },
  { id: 'deep-zen-gong', name: 'Gong zen profundo', file: 'gong-deep-zen.mp3', premium: true },
  { id: 'crystal-bell', name: 'Campana de cristal', file: 'gong-crystal-bell.mp3', premium: true },
] as const;
export type GongId = (typeof GONGS)[number]['id'];

export const BACKGROUNDS = [
  { id: 'none', name: 'Sin música de fondo', file: null, premium: false },
  { id: 'stress-relief', name: 'Alivio del estrés', file: 'bg-stress-relief.mp3', premium: false },
  { id: 'forest', name: 'Bosque', file: 'bg-forest.mp3', premium: true },
  { id: 'ocean', name: 'Océano', file: 'bg-ocean.mp3', premium: true },
  { id: 'soft-rain', name: 'Lluvia suave', file: 'bg-soft-rain.mp3', premium: true },
  { id: 'ambient-piano', name: 'Piano ambiental', file: 'bg-ambient-piano.mp3', premium: true },
] as const;
export type BackgroundId = (typeof BACKGROUNDS)[number]['id'];

/** Free sounds are public files of the site; premium ones are served only to premium users, by the API. */
export const AUDIO_BASE = '/audio/meditation/';
export const PREMIUM_AUDIO_BASE = '/api/meditation/audio/';
export const PREMIUM_SOUND_FILES: readonly string[] = [...GONGS, ...BACKGROUNDS].flatMap((s) => (s.premium && s.file ? [s.file] : []));

/** Where a sound file is fetched from. */
export const soundUrl = (file: string) => (PREMIUM_SOUND_FILES.includes(file) ? PREMIUM_AUDIO_BASE : AUDIO_BASE) + file;
export const SOUND_FILES = {
  bellStart: 'bell-start.mp3',
  bellEnd: 'bell-end.mp3',
  intro: 'intro.mp3',
  voice: (phase: PhaseId) => `voice-${phase}.mp3`,
  guided: (phase: PhaseId) => `guided-${phase}.mp3`,
} as const;

// The texts: the hints and failures the tool shows.
export const NO_PHASE_HINT = 'Debes activar al menos una fase para comenzar.';
export const NO_PHASE_ALERT = 'Por favor, activa al menos una fase para comenzar.';
export const PREMIUM_ALERT = 'Esta es una opción premium. Debes mejorar tu cuenta para usarla.';
export const REVELATION_SAVE_ERROR = 'No se pudo guardar la revelación.';
export const REVELATION_REQUIRED = 'Escribe tu revelación antes de guardarla.';
export const MAX_REVELATION = 5_000;

/**
 * The summary shows whole minutes, rounded down (5 min 59 s is 5 minutes). Meditated time is the time the
 * meditation played, from 'Comenzar Meditación' to its end or 'Finalizar Meditación', pauses left out.
 */
export const minutesMeditated = (seconds: number) => Math.floor(seconds / 60);

/** A session enters the history from one whole minute on: a start tapped by mistake is not a day of practice. */
export const MIN_RECORDED_SECONDS = 60;

/** The longest a session can last: every phase at its maximum, plus the intro and a margin for audio. */
export const MAX_SESSION_SECONDS = PHASE_IDS.length * MAX_PHASE_MINUTES * 60 + 30 * 60;

/**
 * Consecutive days with at least one session, ending today — or yesterday, since today's session may
 * still be ahead. Days are 'YYYY-MM-DD' in the meditator's own time zone.
 */
export function currentStreak(days: Iterable<string>, today: string): number {
  const set = new Set(days);
  const dayBefore = (day: string) => {
    const d = new Date(`${day}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  };
  let day = set.has(today) ? today : dayBefore(today);
  let streak = 0;
  while (set.has(day)) {
    streak += 1;
    day = dayBefore(day);
  }
  return streak;
}

/** The calendar day of an instant in a time zone ('YYYY-MM-DD'); UTC when the zone is unknown. */
export function dayIn(instant: Date, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
