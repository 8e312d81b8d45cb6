// The engine for a React view: one engine per mounted tool, read with useSyncExternalStore, silenced when the
// view goes away.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createHtmlAudioPort, type AudioPort } from './audio';
import { browserClock, type Clock } from './clock';
import { createMeditationEngine } from './engine';

export type MeditationPorts = { audio?: AudioPort; clock?: Clock };

export function useMeditation({ audio, clock }: MeditationPorts = {}) {
  // No <audio> element exists until start(): the port makes them on demand.
  const [engine] = useState(() => createMeditationEngine({ audio: audio ?? createHtmlAudioPort(), clock: clock ?? browserClock }));
  useEffect(() => () => engine.dispose(), [engine]);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
  return { snapshot, start: engine.start, finish: engine.finish, reset: engine.reset };
}
