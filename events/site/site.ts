// The site settings folded from their stream, and the decisions to change them or bring back an earlier version.
import { versionedValues, type VersionedChange, type VersionedCommand, type VersionedState } from '../store/versioned-values';
import { SETTINGS_FIELDS, SiteSettingsChanged, type Settings, type SettingsChangesT, type SettingsField } from './site.events';

export type SettingsChange = VersionedChange<SettingsChangesT>;
export type SiteState = VersionedState<Settings, SettingsChangesT>;
export type SiteCommand = VersionedCommand<Settings>;

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

export const VERSION_NOT_FOUND = 'No existe esa versión de los ajustes.';

const site = versionedValues<SettingsField, Settings, SettingsChangesT>(SETTINGS_FIELDS, SiteSettingsChanged, VERSION_NOT_FOUND);

/** One fold per seed: the stream's events over the environment's first values. */
export const siteFold = site.fold;
/** The settings as they were right after a version (0: the first values, before any change). */
export const settingsAt = site.valuesAt;
export const diff = site.diff;
export const decideSite = site.decide;
