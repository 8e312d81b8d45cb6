import { describe, expect, it } from 'vitest';
import { SOUND_FILES, soundUrl } from '../../../../../course/meditation';
import { soundAddress } from './sound-address';

describe('soundAddress', () => {
  it('plays the coach’s recording in the place she filled, and the site’s sound everywhere else', () => {
    const address = soundAddress({
      'meditation-voice-presence': { url: '/media/aaaa.mp3' },
      'meditation-bg-forest': { url: '/api/meditation/audio/bg-forest.mp3?v=0123456789abcdef' },
    });
    expect(address(SOUND_FILES.voice('presence'))).toBe('/media/aaaa.mp3');
    expect(address('bg-forest.mp3')).toBe('/api/meditation/audio/bg-forest.mp3?v=0123456789abcdef');
    expect(address(SOUND_FILES.voice('love'))).toBe(soundUrl(SOUND_FILES.voice('love')));
    // The bells have no place of hers: always the site's.
    expect(address(SOUND_FILES.bellStart)).toBe(soundUrl(SOUND_FILES.bellStart));
  });

  it('before the coach’s files are known, every sound is the site’s', () => {
    expect(soundAddress(null)(SOUND_FILES.intro)).toBe(soundUrl(SOUND_FILES.intro));
  });
});
