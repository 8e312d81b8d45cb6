import { describe, expect, it } from 'vitest';
import { videoEmbed, vimeoId, youtubeEmbedUrl, youtubeId } from './video';

describe('youtubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (address, id) => {
    expect(youtubeId(address)).toBe(id);
  });

  it.each([
    'https://cdn.example.com/videos/semana-1.mp4',
    '/videos/semana-1.mp4',
    'https://www.youtube.com/channel/UC123',
    'https://www.youtube.com/watch?v=corto',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
  ])('is not YouTube: %s', (address) => {
    expect(youtubeId(address)).toBeNull();
  });
});

describe('youtubeEmbedUrl', () => {
  it('builds a privacy-enhanced embed with the options asked for', () => {
    const player = new URL(youtubeEmbedUrl('dQw4w9WgXcQ', { autoplay: true }));
    expect(player.origin + player.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(player.searchParams.get('autoplay')).toBe('1');
    expect(player.searchParams.get('mute')).toBeNull();

    const preview = new URL(youtubeEmbedUrl('dQw4w9WgXcQ', { autoplay: true, muted: true, loop: true, controls: false }));
    expect(Object.fromEntries(preview.searchParams)).toMatchObject({
      autoplay: '1',
      mute: '1',
      loop: '1',
      playlist: 'dQw4w9WgXcQ',
      controls: '0',
      playsinline: '1',
    });
  });
});

describe('vimeoId and videoEmbed', () => {
  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://www.vimeo.com/channels/staffpicks/76979871', '76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', '76979871'],
  ])('%s is Vimeo video %s', (address, id) => {
    expect(vimeoId(address)).toBe(id);
  });

  it.each(['https://vimeo.com/about', 'https://evil.com/vimeo.com/76979871', 'not a link'])('%s is no Vimeo video', (address) => {
    expect(vimeoId(address)).toBeNull();
  });

  it('embeds YouTube from youtube-nocookie.com and Vimeo with do-not-track; anything else plays in the browser’s own player', () => {
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      provider: 'youtube',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&playsinline=1',
    });
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', src: 'https://player.vimeo.com/video/76979871?dnt=1' });
    expect(videoEmbed('http://vimeo.com/76979871')).toBeNull();
    expect(videoEmbed('/media/abc.webm')).toBeNull();
  });
});
