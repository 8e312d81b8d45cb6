// /cursos/manifiesta/:activitySlug composed: who is looking (the session), their progress (course), the activity
// host (activities) and the bodies it shows (activity-bodies.ts). Open to guests: a guest takes the course too,
// with the progress kept in this browser.
import { ActivityPage } from '../../features/activities/pages/ActivityPage';
import { useCourseProgress } from '../../features/course/progress/useCourseProgress';
import { useAuth } from '../../lib/session/useAuth';
import { ACTIVITY_BODIES } from './activity-bodies';

export function ActivityRoute() {
  const { user, logout } = useAuth();
  const progress = useCourseProgress(user !== null);
  return <ActivityPage viewer={user ? { roles: user.roles } : null} progress={progress} signOut={logout} bodies={ACTIVITY_BODIES} />;
}
