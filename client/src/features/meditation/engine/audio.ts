// Sound for the meditation engine: a small port the engine plays through, and its implementation with real
// <audio> elements. Elements are made only once the meditation starts (after the visitor's click): nothing
// plays, or even loads, before that.
import { AUDIO_BASE } from '../../../../../course/meditation';

export type PlayOptions = { loop?: boolean; volume?: number };

export interface SoundHandle {
  /**
   * Resolves when the sound has played to its end; rejects when it cannot play (missing file, blocked
   * autoplay, decoding error). A stopped or looping sound never settles.
   */
  readonly ended: Promise<void>;
  stop(): void;
}

export interface AudioPort {
  /** Starts a sound. May throw; the engine treats that like a sound that failed. */
  play(file: string, options?: PlayOptions): SoundHandle;
  /** Starts loading a sound that will play soon, so it begins on time. */
  preload?(file: string): void;
}

/** Sounds are files under `base` (AUDIO_BASE: client/public/audio/meditation/). */
export function createHtmlAudioPort(base: string = AUDIO_BASE): AudioPort {
  // Loaded ahead of their turn; each is used once, by the next play of its file.
  const preloaded = new Map<string, HTMLAudioElement>();

  const element = (file: string) => {
    const audio = new Audio();
    audio.preload = 'auto';
    audio.src = base + file;
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
      const ended = new Promise<void>((resolve, reject) => {
        audio.addEventListener('ended', () => resolve(), { once: true });
        audio.addEventListener(
          'error',
          () => {
            if (!stopped) reject(audio.error ?? new Error(`No se pudo cargar ${audio.src}`));
          },
          { once: true },
        );
        audio.play().catch((error: unknown) => {
          if (!stopped) reject(error);
        });
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
      };
    },
  };
}
