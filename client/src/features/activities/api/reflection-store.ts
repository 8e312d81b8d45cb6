// A lesson's reflection in the activity store (lib/activity): a learner's on the server, a guest's in this browser
// as activityData[slug].reflection. A lesson says a lapsed session in the server's words beside its button, like
// the failure of its finish button: the reflection is optional, and the page stays usable without it.
import { activityData } from '../../../lib/activity/use-activity-data';
import type { Write } from '../../../lib/activity/use-activity-write';
import { readGuestProgress, saveGuestActivityData } from '../../../lib/guest-progress';
import { activitiesMutations, activitiesQueries, SAVE_ERROR, type Reflection } from './activities-queries';

/** A guest's stored reflection for a lesson, if any. */
function guestReflection(data: unknown): string {
  if (typeof data === 'object' && data !== null && 'reflection' in data && typeof data.reflection === 'string') {
    return data.reflection;
  }
  return '';
}

/** The lesson's saved reflection ('' when there is none). */
export const reflection = (slug: string) =>
  activityData({
    browser: (saved) => guestReflection(saved[slug]),
    server: () => ({ ...activitiesQueries.reflection(slug), select: (stored: Reflection) => stored.text ?? '' }),
    expiredFails: true,
  });

export const saveReflection: Write<{ slug: string; text: string }, Reflection> = {
  browser: ({ slug, text }) => {
    const current = readGuestProgress().activityData[slug];
    saveGuestActivityData(slug, { ...(typeof current === 'object' && current !== null ? current : {}), reflection: text });
    return { text, updatedAt: null };
  },
  server: activitiesMutations.saveReflection,
  failure: { says: SAVE_ERROR, serverWords: true, expiredFails: true },
};
