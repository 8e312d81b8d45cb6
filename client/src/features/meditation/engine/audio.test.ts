import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHtmlAudioPort } from './audio';

// jsdom loads and plays nothing: the media methods are stubbed and the events dispatched by hand.
let created: HTMLAudioElement[];
let play: ReturnType<typeof vi.fn>;

beforeEach(() => {
  created = [];
  play = vi.fn(function (this: HTMLAudioElement) {
    created.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as unknown as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('the <audio> port', () => {
  it('plays a file under the base with its loop and volume, and resolves when it ends', async () => {
    const port = createHtmlAudioPort();
    const sound = port.play('bg-stress-relief.mp3', { loop: true, volume: 0.3 });
    const element = created[0]!;
    expect(new URL(element.src).pathname).toBe('/audio/meditation/bg-stress-relief.mp3');
    expect(element.loop).toBe(true);
    expect(element.volume).toBeCloseTo(0.3);
    element.dispatchEvent(new Event('ended'));
    await expect(sound.ended).resolves.toBeUndefined();
  });

  it('uses the preloaded element, once', () => {
    const port = createHtmlAudioPort((file) => `/a/${file}`);
    port.preload!('voice-love.mp3');
    port.play('voice-love.mp3');
    port.play('voice-love.mp3');
    expect(created).toHaveLength(2);
    expect(created[0]).not.toBe(created[1]);
    expect(HTMLMediaElement.prototype.load).toHaveBeenCalledTimes(1);
  });

  it('rejects when the file cannot load or playing is refused', async () => {
    const port = createHtmlAudioPort((file) => `/a/${file}`);
    const missing = port.play('intro.mp3');
    created[0]!.dispatchEvent(new Event('error'));
    await expect(missing.ended).rejects.toBeTruthy();

    play.mockImplementationOnce(() => Promise.reject(new DOMException('sin permiso', 'NotAllowedError')));
    await expect(port.play('bell-start.mp3').ended).rejects.toThrow('sin permiso');
  });

  it('a stopped sound pauses, lets go of its file and never settles', async () => {
    const port = createHtmlAudioPort((file) => `/a/${file}`);
    const sound = port.play('guided-love.mp3');
    const element = created[0]!;
    sound.stop();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(element.hasAttribute('src')).toBe(false);
    element.dispatchEvent(new Event('error'));
    const settled = await Promise.race([
      sound.ended.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
  });

  it('premium sounds come through the API, which serves them only to premium users', () => {
    const port = createHtmlAudioPort();
    port.play('bg-ocean.mp3');
    port.play('gong-crystal-bell.mp3');
    port.play('gong-classic.mp3');
    expect(created.map((element) => new URL(element.src).pathname)).toEqual([
      '/api/meditation/audio/bg-ocean.mp3',
      '/api/meditation/audio/gong-crystal-bell.mp3',
      '/audio/meditation/gong-classic.mp3',
    ]);
  });

  it('pauses and resumes the element, changes its volume, and reports where it is once its length is known', async () => {
    const port = createHtmlAudioPort((file) => `/a/${file}`);
    const sound = port.play('intro.mp3', { volume: 0.4 });
    const element = created[0]!;
    expect(sound.timing()).toBeNull();

    sound.pause();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    // A play() that the pause cut short is not a failure.
    sound.resume();
    expect(play).toHaveBeenCalledTimes(2);

    sound.setVolume(0.1);
    expect(element.volume).toBeCloseTo(0.1);
    sound.setVolume(3);
    expect(element.volume).toBe(1);

    Object.defineProperty(element, 'duration', { value: 31.5 });
    element.currentTime = 12;
    expect(sound.timing()).toEqual({ position: 12, duration: 31.5 });
  });
});
