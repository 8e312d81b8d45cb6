// Lookups by key that arrive while others are on the wire go together in the next query: under load one
// round trip serves many requests, and when it is quiet a lookup goes at once. A lookup never joins a
// query already sent, so it never answers with the database as it was before the lookup was asked (a
// session ended before a request arrived is ended for that request).

export interface CoalescingOptions {
  /** Queries on the wire at once (each holds a pooled connection). */
  inFlight?: number;
  /** Keys one query takes at most. */
  maxKeys?: number;
}

export function coalesced<V>(
  lookup: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
  { inFlight = 2, maxKeys = 500 }: CoalescingOptions = {},
): (key: string) => Promise<V | undefined> {
  type Waiting = { key: string; resolve: (value: V | undefined) => void; reject: (err: unknown) => void };
  let queue: Waiting[] = [];
  let running = 0;

  function pump() {
    while (running < inFlight && queue.length > 0) {
      const batch = queue.slice(0, maxKeys);
      queue = queue.slice(maxKeys);
      running++;
      lookup([...new Set(batch.map((w) => w.key))])
        .then(
          (found) => batch.forEach((w) => w.resolve(found.get(w.key))),
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      pump();
    });
}
