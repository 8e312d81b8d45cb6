// Every GET carries `_=<Date.now()>` so no browser or proxy cache answers in the server's place (the server
// ignores it). Shared by the typed client and the shell's light one.
export function bustCache(url: URL): URL {
  url.searchParams.set('_', String(Date.now()));
  return url;
}
