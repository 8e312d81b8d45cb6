// /cursos/manifiesta/:activitySlug, the activity host page: the activity's title, a way back
// to the syllabus and its body, or why it is locked. Open to guests: their progress stays in this browser.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  AREA_BELIEFS_ACTIVITY,
  AREA_VISION_ACTIVITY,
  BELIEF_THRESHOLD_ACTIVITY,
  BREATHING_ACTIVITY,
  CONSCIOUSNESS_ACTIVITY,
  DEEP_WHY_ACTIVITY,
  FIRST_COACHING_SESSION_ACTIVITY,
  FIVE_LAWS_ACTIVITY,
  MEDITATION_ACTIVITY,
  WHEEL_ACTIVITY,
} from '../../../../../course/activities';
import { textFromServer } from '../../../../../course/lessons';
import { currentActivity, lockReason, nextActivity } from '../../../../../course/rules';
import { activityBySlug, COURSE, findActivity, moduleOf } from '../../../../../course/syllabus';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { CHECKING_ACCESS } from '../first-coaching-session/lib/access';
import { LessonBody } from '../components/LessonBody';
import type { ActivityBodyProps } from '../lib/types';
import styles from '../components/Activity.module.css';
import { ActivityNotFound } from '../components/ActivityNotFound';
import { ActivityText } from '../components/ActivityText';
import { LockedActivity } from '../components/LockedActivity';
import { NextActivityDialog } from '../components/NextActivityDialog';
import { accountPath, activityPath, resolveActivitySlug, SYLLABUS_PATH } from '../lib/paths';

/** Who is looking and their progress; app/ passes them in (features do not read each other). */
export type ActivityViewer = { roles: readonly number[] } | null;
/** Signs the visitor out (app/ passes the session's logout). */
export type SignOut = () => Promise<void>;
export type ActivityProgress = {
  completed: ReadonlySet<string>;
  isLoading: boolean;
  complete: (slug: string, data?: unknown) => Promise<void>;
};

const BreathingTool = lazy(() => import('../breathing/components/BreathingTool'));
const FiveLaws = lazy(() => import('../five-laws/components/FiveLaws'));
// The wheel's chunk carries d3: it loads with this activity only.
const LifeWheel = lazy(() => import('../wheel/components/LifeWheel'));
const AreaBeliefs = lazy(() => import('../wheel/components/AreaDefinitions').then((m) => ({ default: m.AreaBeliefs })));
const AreaVision = lazy(() => import('../wheel/components/AreaDefinitions').then((m) => ({ default: m.AreaVision })));
const DeepWhy = lazy(() => import('../deep-why/components/DeepWhy'));
const Meditation = lazy(() => import('../../meditation/MeditationActivityBody'));
const ConsciousnessLevels = lazy(() => import('../consciousness/components/ConsciousnessLevels'));
const FirstCoachingSession = lazy(() => import('../first-coaching-session/components/FirstCoachingSession'));
const BeliefThreshold = lazy(() => import('../belief-threshold/components/BeliefThreshold'));

export const SESSION_EXPIRED = 'Tu sesión ha expirado. Por favor, inicia sesión de nuevo.';

/** The body of each activity: the dedicated ones, and the generic lesson for every other slug of the syllabus. */
function bodyOf(slug: string): ComponentType<ActivityBodyProps> {
  switch (slug) {
    case BREATHING_ACTIVITY:
      return BreathingTool;
    case FIVE_LAWS_ACTIVITY:
      return FiveLaws;
    case WHEEL_ACTIVITY:
      return LifeWheel;
    case AREA_BELIEFS_ACTIVITY:
      return AreaBeliefs;
    case AREA_VISION_ACTIVITY:
      return AreaVision;
    case DEEP_WHY_ACTIVITY:
      return DeepWhy;
    case MEDITATION_ACTIVITY:
      return Meditation;
    case CONSCIOUSNESS_ACTIVITY:
      return ConsciousnessLevels;
    case FIRST_COACHING_SESSION_ACTIVITY:
      return FirstCoachingSession;
    case BELIEF_THRESHOLD_ACTIVITY:
      return BeliefThreshold;
    default:
      return LessonBody;
  }
}

const KIND = (activity: { isTool: boolean; isTheory: boolean; isCoaching: boolean }) =>
  activity.isTool ? 'Herramienta' : activity.isTheory ? 'Teoría' : activity.isCoaching ? 'Sesión de coaching' : 'Actividad';

export function ActivityPage({ viewer, progress, signOut }: { viewer: ActivityViewer; progress: ActivityProgress; signOut: SignOut }) {
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
  const Body = bodyOf(activity.slug);
  const body = (text?: ActivityBodyProps['text']) => (
    <Body
      key={activity.slug}
      activity={activity}
      signedIn={signedIn}
      done={completed.has(activity.slug)}
      complete={(data) => progress.complete(activity.slug, data)}
      goNext={goNext}
      hasNext={next !== undefined}
      sessionExpired={sessionExpired}
      {...(text ? { text } : {})}
    />
  );

  return (
    <article className={styles.page}>
      {header}
      {lock ? (
        <LockedActivity
          reason={lock}
          activity={activity}
          signedIn={signedIn}
          current={currentActivity(completed)}
          here={here}
        />
      ) : (
        <Suspense fallback={preparing}>
          {textFromServer(activity) ? (
            // A paid activity's text is asked for only once the activity is open: a locked page never loads it.
            <ActivityText key={activity.slug} slug={activity.slug} signedIn={signedIn} sessionExpired={sessionExpired} fallback={preparing}>
              {body}
            </ActivityText>
          ) : (
            body()
          )}
        </Suspense>
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
