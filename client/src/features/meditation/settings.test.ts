import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHASE_IDS } from '../../../../course/meditation';
import {
  allowedFor,
  DEFAULT_SETTINGS,
  loadSettings,
  parseSettings,
  planOf,
  plannedMinutes,
  saveSettings,
  settingsSummary,
  SETTINGS_KEY,
  snapVolume,
  type MeditationSettings,
} from './settings';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('defaults', () => {
  it('all phases on for 5 minutes, guided off, no background, gong1, gong, voice and intro on, volume 0.3', () => {
    for (const id of PHASE_IDS) {
      expect(DEFAULT_SETTINGS.phaseDurations[id]).toBe(5);
      expect(DEFAULT_SETTINGS.activePhases[id]).toBe(true);
      expect(DEFAULT_SETTINGS.activeGuidedMeditations[id]).toBe(false);
    }
    expect(DEFAULT_SETTINGS.settings).toEqual({ background: 'none', gong: 'gong1', enableGong: true, enableVoice: true, enableIntro: true });
    expect(DEFAULT_SETTINGS.backgroundVolume).toBe(0.3);
    expect(plannedMinutes(DEFAULT_SETTINGS)).toBe(35);
  });
});

describe('load and save', () => {
  it('reads back what was saved', () => {
    const changed: MeditationSettings = {
      ...DEFAULT_SETTINGS,
      phaseDurations: { ...DEFAULT_SETTINGS.phaseDurations, love: 12 },
      activePhases: { ...DEFAULT_SETTINGS.activePhases, forgiveness: false },
      settings: { ...DEFAULT_SETTINGS.settings, background: 'ocean', enableIntro: false },
      backgroundVolume: 0.55,
    };
    saveSettings(changed);
    expect(JSON.parse(window.localStorage.getItem(SETTINGS_KEY)!)).toEqual(changed);
    expect(loadSettings()).toEqual(changed);
  });

  it('nothing stored, or unreadable JSON: the defaults (the latter logged)', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(logged).not.toHaveBeenCalled();
    window.localStorage.setItem(SETTINGS_KEY, '{no es json');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('a storage that refuses to read or write is only logged', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denegado', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('lleno', 'QuotaExceededError');
    });
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(() => saveSettings(DEFAULT_SETTINGS)).not.toThrow();
    expect(logged).toHaveBeenCalledTimes(2);
  });
});

describe('parseSettings: field by field', () => {
  it('keeps the valid fields and defaults each corrupt one on its own', () => {
    const parsed = parseSettings({
      phaseDurations: { presence: 3, gratitude: 16, love: 2, forgiveness: 7.5, vision: '8', choice: 15 },
      activePhases: { presence: false, gratitude: 'sí', love: null },
      activeGuidedMeditations: 'todas',
      settings: { background: 'forest', gong: 'campana-rara', enableGong: false, enableVoice: 1 },
      backgroundVolume: 1.4,
    });
    expect(parsed.phaseDurations).toEqual({ presence: 3, gratitude: 5, love: 5, forgiveness: 5, vision: 5, choice: 15, connection: 5 });
    expect(parsed.activePhases).toEqual({ ...DEFAULT_SETTINGS.activePhases, presence: false });
    expect(parsed.activeGuidedMeditations).toEqual(DEFAULT_SETTINGS.activeGuidedMeditations);
    expect(parsed.settings).toEqual({ background: 'forest', gong: 'gong1', enableGong: false, enableVoice: true, enableIntro: true });
    expect(parsed.backgroundVolume).toBe(0.3);
  });

  it('anything that is not an object is the defaults', () => {
    for (const value of [null, 42, 'hola', [1, 2]]) expect(parseSettings(value)).toEqual(DEFAULT_SETTINGS);
  });

  it('volumes sit on the 0.05 grid', () => {
    expect(parseSettings({ backgroundVolume: 0.62 }).backgroundVolume).toBe(0.6);
    expect(parseSettings({ volume: 0.33 }).volume).toBe(0.35);
    expect(parseSettings({ volume: -0.5 }).volume).toBe(1);
    expect(snapVolume(0.1 + 0.2)).toBe(0.3);
    expect(snapVolume(-1)).toBe(0);
    expect(snapVolume(1)).toBe(1);
  });
});

describe('allowedFor: premium sounds need role 7', () => {
  const premiumChoice: MeditationSettings = { ...DEFAULT_SETTINGS, settings: { ...DEFAULT_SETTINGS.settings, gong: 'tibetan-bowl', background: 'soft-rain' } };

  it('falls back to the free defaults for someone without it', () => {
    expect(allowedFor(premiumChoice, false).settings).toMatchObject({ gong: 'gong1', background: 'none' });
  });

  it('keeps them for a premium user, and keeps free choices for everyone', () => {
    expect(allowedFor(premiumChoice, true)).toBe(premiumChoice);
    const free = { ...DEFAULT_SETTINGS, settings: { ...DEFAULT_SETTINGS.settings, background: 'stress-relief' as const } };
    expect(allowedFor(free, false)).toBe(free);
  });
});

describe('planOf', () => {
  it('only the active phases, in course order, in seconds, with their guided audio and the chosen sounds', () => {
    const settings: MeditationSettings = {
      ...DEFAULT_SETTINGS,
      activePhases: { presence: false, gratitude: true, love: false, forgiveness: false, vision: true, choice: false, connection: false },
      phaseDurations: { ...DEFAULT_SETTINGS.phaseDurations, gratitude: 3, vision: 15 },
      activeGuidedMeditations: { ...DEFAULT_SETTINGS.activeGuidedMeditations, vision: true },
      settings: { ...DEFAULT_SETTINGS.settings, background: 'stress-relief', gong: 'crystal-bell', enableIntro: false },
      backgroundVolume: 0.45,
    };
    expect(planOf(settings)).toEqual({
      phases: [
        { id: 'gratitude', seconds: 180, guided: false },
        { id: 'vision', seconds: 900, guided: true },
      ],
      voice: true,
      intro: false,
      gongFile: 'gong-crystal-bell.mp3',
      background: { file: 'bg-stress-relief.mp3', volume: 0.45 },
      volume: 1,
    });
  });

  it('no background file for "none", no gong when it is off', () => {
    const plan = planOf({ ...DEFAULT_SETTINGS, settings: { ...DEFAULT_SETTINGS.settings, enableGong: false } });
    expect(plan.background).toBeNull();
    expect(plan.gongFile).toBeNull();
    expect(plan.phases).toHaveLength(7);
  });
});

describe('settingsSummary: the settings in one line', () => {
  it('phases, total minutes, background and voice, from the settings themselves', () => {
    expect(settingsSummary(DEFAULT_SETTINGS)).toBe('7 fases · 35 minutos · Sin música de fondo · Con voz');
    const chosen: MeditationSettings = {
      ...DEFAULT_SETTINGS,
      activePhases: { presence: true, gratitude: false, love: false, forgiveness: false, vision: false, choice: false, connection: false },
      phaseDurations: { ...DEFAULT_SETTINGS.phaseDurations, presence: 12 },
      settings: { ...DEFAULT_SETTINGS.settings, background: 'forest', enableVoice: false },
    };
    expect(settingsSummary(chosen)).toBe('1 fase · 12 minutos · Bosque · Sin voz');
    expect(settingsSummary({ ...chosen, activePhases: { ...chosen.activePhases, presence: false } })).toBe('Ninguna fase activa');
  });
});
