// The engine for a React view: one engine per mounted tool, read with useSyncExternalStore, silenced when the
// view goes away. The screen stays on while a meditation plays (not while it is paused).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createHtmlAudioPort, type AudioPort } from './audio';
import { browserClock, type Clock } from './clock';
import { createMeditationEngine } from './engine';
import { useScreenWakeLock, type ScreenWakeLock } from './wake-lock';

export type MeditationPorts = { audio?: AudioPort; clock?: Clock; wakeLock?: () => ScreenWakeLock };

export function useMeditation({ audio, clock, wakeLock }: MeditationPorts = {}) {
  // No <audio> element exists until start(): the port makes them on demand.
  const [engine] = useState(() => createMeditationEngine({ audio: audio ?? createHtmlAudioPort(), clock: clock ?? browserClock }));
  useEffect(() => () => engine.dispose(), [engine]);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
  useScreenWakeLock(snapshot.status === 'playing' && !snapshot.paused, wakeLock);
  const { start, pause, resume, skip, setVolume, finish, reset } = engine;
  return { snapshot, start, pause, resume, skip, setVolume, finish, reset };
}
