// What the activity host hands every activity's body, whichever feature the body comes from: the course's data
// of the activity and the way on. How the body's data is kept (a guest's in this browser, a learner's on the
// server) is the activity store's (store.tsx), chosen by the host, not the body's.
import type { ComponentType } from 'react';
import type { Activity } from '../../../../course/syllabus';
import type { paths } from '../../api/schema';

/** What a paid activity teaches (GET /api/course/lesson/{slug}): intro, sections, closing. It is not in the bundle. */
export type Lesson = paths['/api/course/lesson/{slug}']['get']['responses'][200]['content']['application/json']['data'];

export type ActivityBodyProps = {
  activity: Activity;
  /** Already completed. */
  done: boolean;
  /** The next-activity flow: straight on for a user, the account modal for a guest. */
  goNext: () => void;
  hasNext: boolean;
  /**
   * What a paid activity with a body of its own teaches, from the server (course/lessons.ts textFromServer):
   * the host loads it before the body renders. Absent for every other activity.
   */
  text?: Lesson;
};

export type ActivityBody = ComponentType<ActivityBodyProps>;
