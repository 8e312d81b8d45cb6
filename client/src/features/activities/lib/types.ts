import type { Activity } from '../../../../../course/syllabus';
import type { Lesson } from '../api/activities-queries';

/** What the host hands every activity body. */
export type ActivityBodyProps = {
  activity: Activity;
  /** Signed in: data goes to the server. A guest's stays in this browser. */
  signedIn: boolean;
  /** Already completed. */
  done: boolean;
  /** Completes this activity (a guest's `data` is stored with it). Rejects with the server's error. */
  complete: (data?: unknown) => Promise<void>;
  /** The next-activity flow: straight on for a user, the account modal for a guest. */
  goNext: () => void;
  hasNext: boolean;
  /**
   * A 401 from the server: signs out, says 'Tu sesión ha expirado...' and goes to /login
   * (coming back here afterwards).
   */
  sessionExpired: () => Promise<void>;
  /**
   * What a paid activity with a body of its own teaches, from the server (course/lessons.ts textFromServer):
   * the host loads it before the body renders. Absent for every other activity.
   */
  text?: Lesson;
};
