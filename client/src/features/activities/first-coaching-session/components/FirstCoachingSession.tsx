// primera-sesion-de-coaching (activity 7): while the session is still being checked,
// 'Verificando tu acceso...'; an enrolled learner (role 7) is welcomed and books the first 1:1 session;
// everyone else is offered the free 30-minute clarification session. Either way the activity completes and
// leads on like the others.
import { PREMIUM_ROLE } from '../../../../../../course/rules';
import { Skeleton } from '../../../../components/Skeleton/Skeleton';
// The host hands bodies no roles, and this page turns on one: it asks the session itself.
import { useAuth } from '../../../../lib/session/useAuth';
import { CompleteActivity } from '../../../../components/CompleteActivity/CompleteActivity';
import type { ActivityBodyProps } from '../../../../lib/activity/body';
import { ClarificationCallOffer } from './ClarificationCallOffer';
import { CHECKING_ACCESS } from '../lib/access';
import { EnrolledWelcome } from './EnrolledWelcome';
import styles from './FirstCoachingSession.module.css';

export function FirstCoachingSession({ done, goNext, hasNext }: ActivityBodyProps) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Skeleton shape="activity" part="body" label={CHECKING_ACCESS} showLabel />;

  const enrolled = user?.roles.includes(PREMIUM_ROLE) ?? false;
  return (
    <div className={styles.body}>
      {enrolled ? <EnrolledWelcome /> : <ClarificationCallOffer />}
      <CompleteActivity done={done} hasNext={hasNext} goNext={goNext} />
    </div>
  );
}

export default FirstCoachingSession;
