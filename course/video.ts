// Which player an address needs: YouTube and Vimeo play embedded in their privacy modes (youtube-nocookie.com,
// Vimeo's do-not-track), anything else in the browser's own player. Shared by the server, which accepts only these
// links for a video's place, and the client, which plays them.

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The video id of a YouTube address (watch, youtu.be, embed, shorts, live), or null for any other address. */
export function youtubeId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, kind, value] = url.pathname.split('/');
    id = kind === 'watch' ? url.searchParams.get('v') : kind && ['embed', 'shorts', 'live', 'v'].includes(kind) ? value : null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

type EmbedOptions = { autoplay?: boolean; muted?: boolean; loop?: boolean; controls?: boolean };

/** The privacy-enhanced embed address of a YouTube video, with the player options asked for. */
export function youtubeEmbedUrl(id: string, { autoplay = false, muted = false, loop = false, controls = true }: EmbedOptions = {}): string {
  const params = new URLSearchParams({ rel: '0', playsinline: '1' });
  if (autoplay) params.set('autoplay', '1');
  if (muted) params.set('mute', '1');
  if (loop) {
    params.set('loop', '1');
    params.set('playlist', id);
  }
  if (!controls) params.set('controls', '0');
  return `https://www.youtube-nocookie.com/embed/${id}?${params}`;
}

const VIMEO_ID = /^\d{6,12}$/;

/** The video id of a Vimeo address (vimeo.com/ID, player.vimeo.com/video/ID), or null for any other address. */
export function vimeoId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  const id = host === 'vimeo.com' ? parts.find((p) => VIMEO_ID.test(p)) : host === 'player.vimeo.com' && parts[0] === 'video' ? parts[1] : undefined;
  return id && VIMEO_ID.test(id) ? id : null;
}

/** The do-not-track embed address of a Vimeo video, with the player options asked for. */
export function vimeoEmbedUrl(id: string, { autoplay = false, muted = false, loop = false, controls = true }: EmbedOptions = {}): string {
  const params = new URLSearchParams({ dnt: '1' });
  if (autoplay) params.set('autoplay', '1');
  if (muted) params.set('muted', '1');
  if (loop) params.set('loop', '1');
  if (!controls) params.set('controls', '0');
  return `https://player.vimeo.com/video/${id}?${params}`;
}

export type VideoProvider = 'youtube' | 'vimeo';

/** The embedded player of a YouTube or Vimeo address, or null for any other address (played by the browser itself). */
export function videoEmbed(address: string, options: EmbedOptions = {}): { provider: VideoProvider; src: string } | null {
  if (!address.startsWith('https://')) return null;
  const youtube = youtubeId(address);
  if (youtube) return { provider: 'youtube', src: youtubeEmbedUrl(youtube, options) };
  const vimeo = vimeoId(address);
  return vimeo ? { provider: 'vimeo', src: vimeoEmbedUrl(vimeo, options) } : null;
}

/** Where the embedded players come from (the Content-Security-Policy's frame-src names exactly these). */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;
