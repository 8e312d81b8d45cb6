// /cursos/manifiesta/:activitySlug composed: who is looking (auth), their progress (course) and the activity
// host (activities). Open to guests: a guest takes the course too, with the progress kept in this browser.
import { useAuth } from '../../lib/session/useAuth';
import { ActivityPage } from '../../features/activities/pages/ActivityPage';
import { useCourseProgress } from '../../features/course/progress/useCourseProgress';

export function ActivityRoute() {
  const { user, logout } = useAuth();
  const progress = useCourseProgress(user !== null);
  return <ActivityPage viewer={user ? { roles: user.roles } : null} progress={progress} signOut={logout} />;
}
