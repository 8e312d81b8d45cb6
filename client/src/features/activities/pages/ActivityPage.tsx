// /cursos/manifiesta/:activitySlug, the activity host page: the activity's title, a way back
// to the syllabus and its body, or why it is locked. Open to guests: their progress stays in this browser.
import { Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { FIRST_COACHING_SESSION_ACTIVITY } from '../../../../../course/activities';
import { textFromServer } from '../../../../../course/lessons';
import { currentActivity, lockReason, nextActivity } from '../../../../../course/rules';
import { activityBySlug, COURSE, findActivity, moduleOf } from '../../../../../course/syllabus';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import type { ActivityBody, Lesson } from '../../../lib/activity/body';
import { ActivityStoreContext, type ActivityStore } from '../../../lib/activity/store';
import { activityPath, SYLLABUS_PATH } from '../../../lib/course-paths';
import { CHECKING_ACCESS } from '../first-coaching-session/lib/access';
import { LessonBody } from '../components/LessonBody';
import styles from '../components/Activity.module.css';
import { ActivityNotFound } from '../components/ActivityNotFound';
import { ActivityText } from '../components/ActivityText';
import { LockedActivity } from '../components/LockedActivity';
import { NextActivityDialog } from '../components/NextActivityDialog';
import { accountPath, resolveActivitySlug } from '../lib/paths';

/** Who is looking and their progress; app/ passes them in (features do not read each other). */
export type ActivityViewer = { roles: readonly number[] } | null;
/** Signs the visitor out (app/ passes the session's logout). */
export type SignOut = () => Promise<void>;
export type ActivityProgress = {
  completed: ReadonlySet<string>;
  isLoading: boolean;
  complete: (slug: string, data?: unknown) => Promise<void>;
};
/**
 * The activities with a body of their own, by slug, loaded lazily (app/ builds the list: some come from other
 * features). Every other activity of the syllabus is the generic lesson.
 */
export type ActivityBodies = Readonly<Record<string, ActivityBody>>;

export const SESSION_EXPIRED = 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.';

const KIND = (activity: { isTool: boolean; isTheory: boolean; isCoaching: boolean }) =>
  activity.isTool ? 'Herramienta' : activity.isTheory ? 'Teoría' : activity.isCoaching ? 'Sesión de coaching' : 'Actividad';

type ActivityPageProps = { viewer: ActivityViewer; progress: ActivityProgress; signOut: SignOut; bodies: ActivityBodies };

export function ActivityPage({ viewer, progress, signOut, bodies }: ActivityPageProps) {
  const { activitySlug } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [askingNextFor, setAskingNextFor] = useState<string | null>(null);

  const slug = resolveActivitySlug(activitySlug, pathname, (s) => findActivity(s) !== undefined);
  if (slug === undefined) return <Navigate to={SYLLABUS_PATH} replace />;
  const activity = activityBySlug(slug);
  if (!activity) {
    // An activity named by its id ('1-4') is the same page under its slug.
    const byId = findActivity(slug);
    return byId ? <Navigate to={activityPath(byId.slug)} replace /> : <ActivityNotFound slug={slug} />;
  }

  const signedIn = viewer !== null;
  const roles = viewer?.roles ?? [];
  const { completed } = progress;
  const next = nextActivity(activity.slug);
  const here = activityPath(activity.slug);
  const module = COURSE.modules[moduleOf(activity) - 1]!;

  const goNext = () => {
    if (!next) navigate(SYLLABUS_PATH);
    else if (signedIn) navigate(activityPath(next.slug));
    else setAskingNextFor(activity.slug);
  };

  const sessionExpired = async () => {
    await signOut();
    window.alert(SESSION_EXPIRED);
    navigate(accountPath('/login', here));
  };

  const header = (
    <>
      <title>{`${activity.title} · Manifiesta`}</title>
      <Link className={styles.back} to={SYLLABUS_PATH}>
        <span aria-hidden="true">←</span> Volver al Temario
      </Link>
      <header className={styles.header}>
        <p className="eyebrow">
          {module.title.split(' · ')[0]} · {KIND(activity)}
        </p>
        <h1 className={styles.title}>{activity.title}</h1>
      </header>
    </>
  );

  // Under the header, the activity's card on its way; the first coaching session says it is checking access.
  const preparing =
    activity.slug === FIRST_COACHING_SESSION_ACTIVITY ? (
      <Skeleton shape="activity" part="body" label={CHECKING_ACCESS} showLabel />
    ) : (
      <Skeleton shape="activity" part="body" label="Preparando actividad..." />
    );

  if (progress.isLoading) {
    return (
      <article className={styles.page}>
        {header}
        {preparing}
      </article>
    );
  }

  const lock = lockReason(activity.slug, completed, roles);
  const Body = bodies[activity.slug] ?? LessonBody;
  // Where this visitor's data is kept, chosen here once for every body: a learner's on the server, a guest's in
  // this browser. Signing out (a lapsed session) starts the body again as a guest's, with nothing of the account.
  const store: ActivityStore = {
    where: signedIn ? 'server' : 'browser',
    complete: (...data) => progress.complete(activity.slug, ...data),
    sessionExpired,
  };
  const body = (text?: Lesson) => (
    <Body
      key={activity.slug}
      activity={activity}
      done={completed.has(activity.slug)}
      goNext={goNext}
      hasNext={next !== undefined}
      {...(text ? { text } : {})}
    />
  );

  return (
    <article className={styles.page}>
      {header}
      {lock ? (
        <LockedActivity reason={lock} activity={activity} signedIn={signedIn} current={currentActivity(completed)} here={here} />
      ) : (
        <ActivityStoreContext.Provider key={store.where} value={store}>
          <Suspense fallback={preparing}>
            {textFromServer(activity) ? (
              // A paid activity's text is asked for only once the activity is open: a locked page never loads it.
              <ActivityText key={activity.slug} slug={activity.slug} fallback={preparing}>
                {body}
              </ActivityText>
            ) : (
              body()
            )}
          </Suspense>
        </ActivityStoreContext.Provider>
      )}
      {askingNextFor === activity.slug && next ? (
        <NextActivityDialog
          next={next}
          here={here}
          onClose={() => setAskingNextFor(null)}
          onContinueAsGuest={() => {
            setAskingNextFor(null);
            navigate(activityPath(next.slug));
          }}
        />
      ) : null}
    </article>
  );
}
