// The text of a paid activity, fetched from the server (it is not in the bundle) before its body renders: the
// activity's skeleton while it comes, the connection error with 'Reintentar' if it does not, and the
// store's session prompt on a 401.
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ApiError } from '../../../api/errors';
import { isExpired } from '../../../api/error-text';
import { Button } from '../../../components/Button/Button';
import type { Lesson } from '../../../lib/activity/body';
import { useActivityStore } from '../../../lib/activity/store';
import { LOAD_FAILED, LOAD_LOG, useSessionPrompt } from '../../../lib/activity/use-activity-data';
import { activitiesQueries } from '../api/activities-queries';
import parts from './activity-parts.module.css';

type ActivityTextProps = {
  slug: string;
  /** Shown while the text is on its way (the activity's skeleton). */
  fallback: ReactNode;
  children: (text: Lesson) => ReactNode;
};

export function ActivityText({ slug, fallback, children }: ActivityTextProps) {
  const { where } = useActivityStore();
  const text = useQuery(activitiesQueries.lesson(slug));
  const expired = where === 'server' && text.data === undefined && isExpired(text.error);
  useSessionPrompt(expired);
  const failed = text.isError && !expired;

  useEffect(() => {
    if (failed) console.error(LOAD_LOG, text.error);
  }, [failed, text.error]);

  if (text.data) return children(text.data);
  if (failed) {
    // A 403 says why in its own words (the premium role is gone); anything else is the connection.
    const message = text.error instanceof ApiError && text.error.status === 403 && text.error.message ? text.error.message : LOAD_FAILED;
    return (
      <div className={parts.loadError} role="alert">
        <p>{message}</p>
        <Button variant="secondary" onClick={() => void text.refetch()}>
          Reintentar
        </Button>
      </div>
    );
  }
  return fallback;
}
