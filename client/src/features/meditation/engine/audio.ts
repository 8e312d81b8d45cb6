// Sound for the meditation engine: a small port the engine plays through, and its implementation with real
// <audio> elements. Elements are made only once the meditation starts (after the visitor's click): nothing
// plays, or even loads, before that.
import { soundUrl } from '../../../../../course/meditation';

export type PlayOptions = { loop?: boolean; volume?: number };

export interface SoundHandle {
  /**
   * Resolves when the sound has played to its end; rejects when it cannot play (missing file, blocked
   * autoplay, decoding error). A stopped or looping sound never settles.
   */
  readonly ended: Promise<void>;
  stop(): void;
  /** Holds the sound where it is; resume() goes on from there. */
  pause(): void;
  resume(): void;
  setVolume(volume: number): void;
  /** Where the sound is and how long it lasts, in seconds, once its length is known; else null. */
  timing(): { position: number; duration: number } | null;
}

export interface AudioPort {
  /** Starts a sound. May throw; the engine treats that like a sound that failed. */
  play(file: string, options?: PlayOptions): SoundHandle;
  /** Starts loading a sound that will play soon, so it begins on time. */
  preload?(file: string): void;
}

/** Sounds are addressed by `url` (free ones are public files, premium ones come through the API). */
export function createHtmlAudioPort(url: (file: string) => string = soundUrl): AudioPort {
  // Loaded ahead of their turn; each is used once, by the next play of its file.
  const preloaded = new Map<string, HTMLAudioElement>();

  const element = (file: string) => {
    const audio = new Audio();
    audio.preload = 'auto';
    audio.src = url(file);
    return audio;
  };

  return {
    preload(file) {
      if (preloaded.has(file)) return;
      const audio = element(file);
      audio.load();
      preloaded.set(file, audio);
    },

    play(file, { loop = false, volume = 1 } = {}) {
      const ready = preloaded.get(file);
      preloaded.delete(file);
      // One that already failed to load gets a fresh try.
      const audio = ready && !ready.error ? ready : element(file);
      audio.loop = loop;
      audio.volume = volume;
      let stopped = false;
      let paused = false;
      const fail = (reject: (reason: unknown) => void) => (error: unknown) => {
        // A play() cut short by pause() is not a failure: resume() plays again.
        if (!stopped && !(paused && error instanceof DOMException && error.name === 'AbortError')) reject(error);
      };
      let onPlayError: (error: unknown) => void = () => {};
      const ended = new Promise<void>((resolve, reject) => {
        onPlayError = fail(reject);
        audio.addEventListener('ended', () => resolve(), { once: true });
        audio.addEventListener(
          'error',
          () => {
            if (!stopped) reject(audio.error ?? new Error(`No se pudo cargar ${audio.src}`));
          },
          { once: true },
        );
        audio.play().catch(onPlayError);
      });
      return {
        ended,
        stop() {
          if (stopped) return;
          stopped = true;
          audio.pause();
          // Drops the download too; without a src no error event follows.
          audio.removeAttribute('src');
          audio.load();
        },
        pause() {
          if (stopped || paused) return;
          paused = true;
          audio.pause();
        },
        resume() {
          if (stopped || !paused) return;
          paused = false;
          audio.play().catch(onPlayError);
        },
        setVolume(next) {
          // Some phones (iOS) fix the volume of media elements: there the device's buttons decide.
          audio.volume = Math.min(1, Math.max(0, next));
        },
        timing() {
          return Number.isFinite(audio.duration) && audio.duration > 0 ? { position: audio.currentTime, duration: audio.duration } : null;
        },
      };
    },
  };
}
