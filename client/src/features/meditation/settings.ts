// The meditation's settings: kept in this browser's localStorage, read back field by
// field (a corrupt or out-of-range value falls back to its default alone), and turned into the engine's plan.
// Storage failures are only logged.
import {
  BACKGROUNDS,
  DEFAULT_BACKGROUND_VOLUME,
  DEFAULT_PHASE_MINUTES,
  GONGS,
  MAX_PHASE_MINUTES,
  MIN_PHASE_MINUTES,
  PHASE_IDS,
  VOLUME_STEP,
  type BackgroundId,
  type GongId,
  type PhaseId,
} from '../../../../course/meditation';
import type { MeditationPlan } from './engine/engine';

export const SETTINGS_KEY = 'manifiesta_meditation_settings';

type PerPhase<T> = Record<PhaseId, T>;

export type MeditationSettings = {
  phaseDurations: PerPhase<number>;
  activePhases: PerPhase<boolean>;
  activeGuidedMeditations: PerPhase<boolean>;
  settings: { background: BackgroundId; gong: GongId; enableGong: boolean; enableVoice: boolean; enableIntro: boolean };
  backgroundVolume: number;
  /** The volume of every sound, set while meditating (0 to 1, on the same grid). */
  volume: number;
};

const perPhase = <T>(value: (id: PhaseId) => T) => Object.fromEntries(PHASE_IDS.map((id) => [id, value(id)])) as PerPhase<T>;

export const DEFAULT_SETTINGS: MeditationSettings = {
  phaseDurations: perPhase(() => DEFAULT_PHASE_MINUTES),
  activePhases: perPhase(() => true),
  activeGuidedMeditations: perPhase(() => false),
  settings: { background: 'none', gong: 'gong1', enableGong: true, enableVoice: true, enableIntro: true },
  backgroundVolume: DEFAULT_BACKGROUND_VOLUME,
  volume: 1,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isMinutes = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= MIN_PHASE_MINUTES && (value as number) <= MAX_PHASE_MINUTES;

/** A volume from 0 to 1 on the 0.05 grid (so 0.30000000000000004 reads as 0.3). */
export function snapVolume(value: number): number {
  const steps = Math.round(Math.min(1, Math.max(0, value)) / VOLUME_STEP);
  return Number((steps * VOLUME_STEP).toFixed(2));
}

const pick = <T>(value: unknown, valid: (v: unknown) => v is T, fallback: T): T => (valid(value) ? value : fallback);
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isGong = (v: unknown): v is GongId => GONGS.some((g) => g.id === v);
const isBackground = (v: unknown): v is BackgroundId => BACKGROUNDS.some((b) => b.id === v);

/** Whatever was stored, as settings: each field that cannot be read takes its default. */
export function parseSettings(value: unknown): MeditationSettings {
  const stored = isRecord(value) ? value : {};
  const phases = <T>(key: 'phaseDurations' | 'activePhases' | 'activeGuidedMeditations', valid: (v: unknown) => v is T) => {
    const map = isRecord(stored[key]) ? stored[key] : {};
    return perPhase((id) => pick(map[id], valid, DEFAULT_SETTINGS[key][id] as T));
  };
  const general = isRecord(stored.settings) ? stored.settings : {};
  const defaults = DEFAULT_SETTINGS.settings;
  const readVolume = (value: unknown, fallback: number) => (typeof value === 'number' && value >= 0 && value <= 1 ? snapVolume(value) : fallback);
  return {
    phaseDurations: phases('phaseDurations', isMinutes),
    activePhases: phases('activePhases', isBoolean),
    activeGuidedMeditations: phases('activeGuidedMeditations', isBoolean),
    settings: {
      background: pick(general.background, isBackground, defaults.background),
      gong: pick(general.gong, isGong, defaults.gong),
      enableGong: pick(general.enableGong, isBoolean, defaults.enableGong),
      enableVoice: pick(general.enableVoice, isBoolean, defaults.enableVoice),
      enableIntro: pick(general.enableIntro, isBoolean, defaults.enableIntro),
    },
    backgroundVolume: readVolume(stored.backgroundVolume, DEFAULT_SETTINGS.backgroundVolume),
    volume: readVolume(stored.volume, DEFAULT_SETTINGS.volume),
  };
}

export function loadSettings(): MeditationSettings {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(SETTINGS_KEY);
  } catch (error) {
    console.error('No se pudieron leer tus ajustes de meditación; usamos los de siempre.', error);
    return DEFAULT_SETTINGS;
  }
  if (raw === null) return DEFAULT_SETTINGS;
  try {
    return parseSettings(JSON.parse(raw));
  } catch (error) {
    console.error('Tus ajustes de meditación guardados no se pudieron leer; usamos los de siempre.', error);
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(settings: MeditationSettings): void {
  try {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch (error) {
    console.error('No se pudieron guardar tus ajustes de meditación en este navegador.', error);
  }
}

export const activePhaseIds = (settings: MeditationSettings) => PHASE_IDS.filter((id) => settings.activePhases[id]);

/** Minutes of meditation the settings add up to (the active phases only). */
export const plannedMinutes = (settings: MeditationSettings) => activePhaseIds(settings).reduce((sum, id) => sum + settings.phaseDurations[id], 0);

/**
 * The sounds this person may use: a premium gong or background (stored earlier, or under another account)
 * falls back to the default for someone without the premium role.
 */
export function allowedFor(settings: MeditationSettings, premium: boolean): MeditationSettings {
  if (premium) return settings;
  const gong = GONGS.find((g) => g.id === settings.settings.gong);
  const background = BACKGROUNDS.find((b) => b.id === settings.settings.background);
  if (!gong?.premium && !background?.premium) return settings;
  return {
    ...settings,
    settings: {
      ...settings.settings,
      gong: gong?.premium ? DEFAULT_SETTINGS.settings.gong : settings.settings.gong,
      background: background?.premium ? DEFAULT_SETTINGS.settings.background : settings.settings.background,
    },
  };
}

/** What the engine plays: the active phases in course order, with their seconds and guided audio. */
export function planOf(settings: MeditationSettings): MeditationPlan {
  const { settings: general } = settings;
  const background = BACKGROUNDS.find((b) => b.id === general.background)?.file ?? null;
  return {
    phases: activePhaseIds(settings).map((id) => ({
      id,
      seconds: settings.phaseDurations[id] * 60,
      guided: settings.activeGuidedMeditations[id],
    })),
    voice: general.enableVoice,
    intro: general.enableIntro,
    gongFile: general.enableGong ? (GONGS.find((g) => g.id === general.gong)?.file ?? null) : null,
    background: background ? { file: background, volume: settings.backgroundVolume } : null,
    volume: settings.volume,
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The settings in one line, e.g. '7 fases · 35 minutos · Sin música de fondo · Con voz'. */
export function settingsSummary(settings: MeditationSettings): string {
  const active = activePhaseIds(settings).length;
  if (active === 0) return 'Ninguna fase activa';
  const background = BACKGROUNDS.find((b) => b.id === settings.settings.background)?.name ?? BACKGROUNDS[0].name;
  return [
    count(active, 'fase', 'fases'),
    count(plannedMinutes(settings), 'minuto', 'minutos'),
    background,
    settings.settings.enableVoice ? 'Con voz' : 'Sin voz',
  ].join(' · ');
}
