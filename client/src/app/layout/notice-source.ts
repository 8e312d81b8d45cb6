// The site-wide notice (GET /api/app/notification): what it is, and the visit's source of it, asked once per visit
// without TanStack Query, so that the first page does not load the query library.
import { createContext } from 'react';
import { unwrap } from '../../api/errors';
import { lightApi } from '../../api/light-client';
import type { paths } from '../../api/schema';

export type Notice = NonNullable<paths['/api/app/notification']['get']['responses'][200]['content']['application/json']['data']>;

/** Holds the id of the last notice the visitor closed; the server gives a new id whenever the text changes. */
export const NOTICE_DISMISSED_KEY = 'manifiesta_notice_dismissed';

/** The visit's notice: asked once (a notice changes a few times a year), or given up front. */
export function createNoticeSource(given?: Notice | null) {
  let known: Notice | null | undefined = given;
  let asked: Promise<Notice | null> | null = given === undefined ? null : Promise.resolve(given);
  return {
    /** The notice when already known, else undefined. */
    get: () => known,
    /** Never fails: a missing notice must never disturb the page; the console keeps the reason. */
    load: () =>
      (asked ??= (async () => {
        try {
          known = unwrap(await lightApi.GET('/api/app/notification'));
        } catch (error) {
          console.error('No se pudo cargar el aviso del sitio.', error);
          known = null;
        }
        return known;
      })()),
  };
}

export type NoticeSource = ReturnType<typeof createNoticeSource>;

export const NoticeSourceContext = createContext<NoticeSource | null>(null);
