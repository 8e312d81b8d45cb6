// Something the public pages read once per visit without TanStack Query (the first page, /menu, stays light): the
// site settings, the catalogue. Asked by the first component that needs it, or given up front (tests, a page that
// already has it); unreadable, it reads as null (the console keeps the reason).
import { useEffect, useState } from 'react';

export function createOnceSource<T>(load: () => Promise<T>, failure: string, given?: T | null) {
  let known: T | null | undefined = given;
  let asked: Promise<T | null> | null = given === undefined ? null : Promise.resolve(given);
  return {
    get: () => known,
    /** A newer value known here (the coach just saved it): what mounts from now on reads it. */
    set: (value: T) => {
      known = value;
      asked = Promise.resolve(value);
    },
    /** Never fails: what cannot be read is null. */
    load: () =>
      (asked ??= (async () => {
        try {
          known = await load();
        } catch (error) {
          console.error(failure, error);
          known = null;
        }
        return known;
      })()),
  };
}

export type OnceSource<T> = ReturnType<typeof createOnceSource<T>>;

/** The source's value, or null while it loads (or when it could not be read); `enabled` false asks nothing. */
export function useOnceSource<T>(source: OnceSource<T>, enabled = true): T | null {
  const [value, setValue] = useState<T | null>(() => source.get() ?? null);
  useEffect(() => {
    let live = true;
    if (enabled && source.get() === undefined) void source.load().then((v) => live && setValue(v));
    return () => {
      live = false;
    };
  }, [source, enabled]);
  return value;
}
