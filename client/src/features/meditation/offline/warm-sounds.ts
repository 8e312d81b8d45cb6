// Asks the service worker (client/pwa/sw.ts) to keep the sounds of the meditation as now set up, so it can
// be played with no network. Only what this meditation would play: the guided audio of phases without it, or a
// background nobody chose, is not downloaded. Premium sounds are fetched with the visitor's session, and the
// server answers them only to premium users; the worker keeps only what the server did answer.
import { SOUND_FILES, soundUrl } from '../../../../../course/meditation';
import type { MeditationPlan } from '../engine/engine';

export const CACHE_SOUNDS_MESSAGE = 'cache-meditation-sounds';

/** The addresses of every sound `plan` may play (`address`: where each file is fetched, the coach's recordings included). */
export function soundsOf(plan: MeditationPlan, address: (file: string) => string = soundUrl): string[] {
  const files: string[] = [SOUND_FILES.bellStart, SOUND_FILES.bellEnd];
  if (plan.intro) files.push(SOUND_FILES.intro);
  for (const phase of plan.phases) {
    if (plan.voice) files.push(SOUND_FILES.voice(phase.id));
    if (phase.guided) files.push(SOUND_FILES.guided(phase.id));
  }
  if (plan.gongFile && plan.phases.length > 1) files.push(plan.gongFile);
  if (plan.background) files.push(plan.background.file);
  return [...new Set(files)].map(address);
}

/** Hands the sounds' addresses to the active service worker, once there is one; nothing happens without one. */
export function warmSounds(urls: readonly string[]): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // Data saver on: what plays is still kept, as it plays, but nothing is downloaded ahead.
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: CACHE_SOUNDS_MESSAGE, urls })).catch(() => undefined);
}
