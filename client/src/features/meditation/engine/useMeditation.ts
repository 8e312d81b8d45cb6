// The engine for a React view: one engine per mounted tool, read with useSyncExternalStore, silenced when the
// view goes away. The screen stays on while a meditation plays (not while it is paused).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { soundUrl } from '../../../../../course/meditation';
import { createHtmlAudioPort, type AudioPort } from './audio';
import { browserClock, type Clock } from './clock';
import { createMeditationEngine } from './engine';
import { useScreenWakeLock, type ScreenWakeLock } from './wake-lock';

/** The latest way to address a sound, for the port made once with the engine. */
function latest(first: (file: string) => string) {
  let current = first;
  return { url: (file: string) => current(file), set: (next: (file: string) => string) => void (current = next) };
}

export type MeditationPorts = { audio?: AudioPort; clock?: Clock; wakeLock?: () => ScreenWakeLock };

/**
 * `address`: where each sound file is fetched (the coach's recordings in their places, else the site's); the latest
 * one is used by each sound as it starts, so recordings known after the tool mounted still play.
 */
export function useMeditation({ audio, clock, wakeLock }: MeditationPorts = {}, address: (file: string) => string = soundUrl) {
  const [addresses] = useState(() => latest(address));
  useEffect(() => addresses.set(address), [addresses, address]);
  // No <audio> element exists until start(): the port makes them on demand.
  const [engine] = useState(() => createMeditationEngine({ audio: audio ?? createHtmlAudioPort(addresses.url), clock: clock ?? browserClock }));
  useEffect(() => () => engine.dispose(), [engine]);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
  useScreenWakeLock(snapshot.status === 'playing' && !snapshot.paused, wakeLock);
  const { start, pause, resume, skip, setVolume, finish, reset } = engine;
  return { snapshot, start, pause, resume, skip, setVolume, finish, reset };
}
