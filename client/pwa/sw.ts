// The service worker (served as /sw.js, built by client/pwa/build.ts, which fills in SW_CONFIG): it keeps the
// app's shell and the meditation tool in the browser so the meditation works with no network, and answers a page
// load that cannot reach the server with a Spanish offline page instead of the browser's error.
//
// What is kept, and for whom:
// - the shell: index.html, the entry's scripts and styles, the chunks of /herramientas/7-fases, the offline page,
//   the manifest and icons — named by the build, with their hashes; replaced as a whole by each new build.
// - free sounds (/audio/meditation/*, and the coach's own recordings in their place: /media/<hash>.mp3|m4a|ogg,
//   whose address changes with their bytes): the same for everyone; kept when played or when the tool asks for them.
// - premium sounds (/api/meditation/audio/*): the server sends them only to a premium session. They are always
//   asked of the server first, kept only when it answered, and used from the cache only when the network fails.
//   That cache is emptied at every login and logout and whenever the server refuses one, so a sound kept for a
//   premium learner is not played to the next person who signs in on the same browser.
// - nothing else of /api: no answer about a person is ever kept here. Writes made offline wait in the page's
//   own outbox (client/src/lib/outbox.ts), not here.

type SwConfig = {
  /** Changes with every build whose shell changed. */
  version: string;
  /** Changes when a free sound file changes. */
  soundsVersion: string;
  precache: string[];
  /** Addresses that open the cached shell when the network fails; every other page shows the offline page. */
  offlineRoutes: string[];
  freeSounds: string;
  premiumSounds: string;
  /** The coach's media library (content-addressed); only its audio is kept here. */
  mediaFiles: string;
  cacheSoundsMessage: string;
};

// The build replaces this with the real configuration (a JSON object).
declare const SW_CONFIG: SwConfig;

// The few service-worker types used here (the project compiles against the DOM library, not the worker one).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly origin: string;
}
interface ServiceWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
const worker = self as unknown as ServiceWorkerScope;

const config = SW_CONFIG;
const SHELL = `manifiesta-shell-${config.version}`;
const SOUNDS = `manifiesta-sounds-${config.soundsVersion}`;
const PREMIUM = 'manifiesta-premium-sounds';
const OFFLINE_PAGE = '/offline.html';
const SHELL_PAGE = '/index.html';
const precached = new Set(config.precache);
const isFreeSound = (path: string) => path.startsWith(config.freeSounds) || (path.startsWith(config.mediaFiles) && /\.(mp3|m4a|ogg)$/.test(path));

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(config.precache))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  const current = new Set([SHELL, SOUNDS, PREMIUM]);
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('manifiesta-') && !current.has(name)).map((name) => caches.delete(name)))),
  );
});

/** A cached (or fetched) whole file, answered as the part a media element asked for (`Range`), as servers do. */
async function asRequested(request: Request, response: Response): Promise<Response> {
  const range = request.headers.get('range');
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!match || response.status !== 200 || (match[1] === '' && match[2] === '')) return response;
  const body = await response.arrayBuffer();
  const size = body.byteLength;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      'Content-Type': response.headers.get('Content-Type') ?? 'audio/mpeg',
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
      'Accept-Ranges': 'bytes',
    },
  });
}

/** The whole file at `url` from the network (no Range: a part cannot be kept), with the page's session. */
const fetchWhole = (url: string) => fetch(url, { credentials: 'same-origin' });

/** Only a whole sound is kept (not an error page, nor a page the server answers for an unknown address). */
const isSound = (response: Response) => response.status === 200 && (response.headers.get('Content-Type') ?? '').startsWith('audio/');

/** A free sound: from the cache, else from the network (and kept). */
async function freeSound(request: Request): Promise<Response> {
  const cache = await caches.open(SOUNDS);
  const cached = await cache.match(request.url);
  if (cached) return asRequested(request, cached);
  const response = await fetchWhole(request.url);
  if (isSound(response)) await cache.put(request.url, response.clone());
  return asRequested(request, response);
}

/** A premium sound: the server decides; the kept copy is used only when it cannot be asked. */
async function premiumSound(request: Request): Promise<Response> {
  const cache = await caches.open(PREMIUM);
  let response: Response;
  try {
    response = await fetchWhole(request.url);
  } catch {
    const cached = await cache.match(request.url);
    return cached ? asRequested(request, cached) : Response.error();
  }
  if (isSound(response)) await cache.put(request.url, response.clone());
  // Not (or no longer) entitled: nothing premium stays behind.
  else if (response.status === 401 || response.status === 403) await caches.delete(PREMIUM);
  return asRequested(request, response);
}

/** The shell's files: from the cache, else the network. */
async function shellFile(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL });
  return cached ?? fetch(request);
}

/** A page: always from the server while it answers; without it, the meditation's shell or the offline page. */
async function page(request: Request, pathname: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const cache = await caches.open(SHELL);
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const fallback = config.offlineRoutes.includes(path) ? await cache.match(SHELL_PAGE) : undefined;
    return fallback ?? (await cache.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  const path = url.pathname;
  if (request.method !== 'GET') {
    // Another person may be signing in, or this one leaving: premium sounds kept so far are dropped.
    if (request.method === 'POST' && (path === '/api/auth/login' || path === '/api/auth/logout')) event.waitUntil(caches.delete(PREMIUM));
    return;
  }
  if (path.startsWith(config.premiumSounds)) event.respondWith(premiumSound(request));
  else if (path.startsWith('/api/')) return;
  else if (request.mode === 'navigate') event.respondWith(page(request, path));
  else if (isFreeSound(path)) event.respondWith(freeSound(request));
  else if (precached.has(path)) event.respondWith(shellFile(request));
});

/** Keeps the sounds a page names (its meditation's), one at a time; what is already kept is not fetched again. */
async function keepSounds(urls: unknown[]): Promise<void> {
  for (const value of urls) {
    if (typeof value !== 'string') continue;
    const url = new URL(value, worker.location.origin);
    if (url.origin !== worker.location.origin) continue;
    const premium = url.pathname.startsWith(config.premiumSounds);
    if (!premium && !isFreeSound(url.pathname)) continue;
    const cache = await caches.open(premium ? PREMIUM : SOUNDS);
    if (await cache.match(url.href)) continue;
    try {
      const response = await fetchWhole(url.href);
      if (isSound(response)) await cache.put(url.href, response);
      else if (premium && (response.status === 401 || response.status === 403)) await caches.delete(PREMIUM);
    } catch {
      return; // no network: the next visit tries again
    }
  }
}

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== config.cacheSoundsMessage || !Array.isArray(data.urls)) return;
  event.waitUntil(keepSounds(data.urls));
});

// A module for the type checker (its declarations stay in this file); the build turns it into a classic script.
export {};
