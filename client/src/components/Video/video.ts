// Which player an address needs: YouTube plays as an embed, anything else in the browser's own player.

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
