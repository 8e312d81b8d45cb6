// The site settings folded from their stream, and the decisions to change them or bring back an earlier version.
import { NotFoundError } from '../errors';
import type { NewEvent, RecordedEvent } from '../store/types';
import { SETTINGS_FIELDS, SiteSettingsChanged, type Settings, type SettingsChangesT, type SettingsField } from './site.events';

export interface SettingsChange {
  version: number;
  at: Date;
  /** Who saved it: the coach's user id. */
  by: string | null;
  changes: SettingsChangesT;
  restoredFrom: number | null;
}

export interface SiteState {
  version: number;
  settings: Settings;
  history: SettingsChange[];
}

export const emptySettings = (): Settings => Object.fromEntries(SETTINGS_FIELDS.map((f) => [f, null])) as Settings;

/** Only the values an empty install may start from (the environment's first values), every other field unset. */
export function seededSettings(seed: Partial<Record<SettingsField, string | undefined>>): Settings {
  const settings = emptySettings();
  for (const field of SETTINGS_FIELDS) {
    const value = seed[field]?.trim();
    if (value) settings[field] = value;
  }
  return settings;
}

function apply(settings: Settings, changes: SettingsChangesT): Settings {
  const next = { ...settings };
  for (const field of SETTINGS_FIELDS) if (changes[field] !== undefined) next[field] = changes[field];
  return next;
}

/** One fold per seed: the stream's events over the environment's first values. */
export function siteFold(seed: Settings) {
  return {
    initial: { version: 0, settings: seed, history: [] } as SiteState,
    evolve: (state: SiteState, event: RecordedEvent): SiteState => {
      if (!SiteSettingsChanged.is(event)) return state;
      const change: SettingsChange = {
        version: event.streamPosition,
        at: event.recordedAt,
        by: event.metadata.actor ?? null,
        changes: event.data.changes,
        restoredFrom: event.data.restoredFrom ?? null,
      };
      return { version: event.streamPosition, settings: apply(state.settings, event.data.changes), history: [...state.history, change] };
    },
  };
}

/** The settings as they were right after a version (0: the first values, before any change). */
export function settingsAt(state: SiteState, seed: Settings, version: number): Settings {
  return state.history.filter((c) => c.version <= version).reduce((s, c) => apply(s, c.changes), seed);
}

/** Only what differs from the current settings; nothing when nothing does. */
export function diff(current: Settings, wanted: Partial<Settings>): SettingsChangesT {
  const changes: Record<string, string | null> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = wanted[field];
    if (value !== undefined && value !== current[field]) changes[field] = value;
  }
  return changes as SettingsChangesT;
}

export const VERSION_NOT_FOUND = 'No existe esa versión de los ajustes.';

export type SiteCommand = { type: 'Change'; changes: Partial<Settings>; eventId?: string } | { type: 'Restore'; version: number; eventId?: string };

export function decideSite(command: SiteCommand, state: SiteState, seed: Settings): NewEvent[] {
  switch (command.type) {
    case 'Change': {
      const changes = diff(state.settings, command.changes);
      return Object.keys(changes).length === 0 ? [] : [SiteSettingsChanged.create({ changes }, { eventId: command.eventId })];
    }
    case 'Restore': {
      if (command.version > state.version) throw new NotFoundError(VERSION_NOT_FOUND);
      const changes = diff(state.settings, settingsAt(state, seed, command.version));
      // Already what that version was: nothing to record (a repeated restore is harmless).
      if (Object.keys(changes).length === 0) return [];
      return [SiteSettingsChanged.create({ changes, restoredFrom: command.version }, { eventId: command.eventId })];
    }
    default: {
      const _never: never = command;
      throw new Error(`unknown site command: ${JSON.stringify(_never)}`);
    }
  }
}
