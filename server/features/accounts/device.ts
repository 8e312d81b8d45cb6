// A session's device as its owner recognises it: a short label («Chrome en Android») made from the User-Agent
// when the session starts. The label is all that is kept; the header itself is neither stored nor logged.

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  // Order matters: Edge, Opera and Samsung Internet also call themselves Chrome and Safari.
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPT)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(Mobile\/\w+ |Safari\/)/, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** At most this long: the header is someone else's text, the label a few words of ours. */
const MAX_USER_AGENT = 512;

/** «Chrome en Android», «Safari en iPhone», «Firefox», «Windows»; null when nothing is recognised (curl, a bot, none). */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, MAX_USER_AGENT);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? null;
}
