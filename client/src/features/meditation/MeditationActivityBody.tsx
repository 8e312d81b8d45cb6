// meditacion-7-fases inside the course: the same tool as /herramientas/7-fases, with the activity's way on.
// The activity host loads it lazily (default export).
import { CompleteActivity } from '../activities/components/CompleteActivity';
import type { ActivityBodyProps } from '../activities/bodies/types';
import { MeditationTool } from './tool/MeditationTool';

export function MeditationActivityBody({ done, complete, goNext, hasNext, sessionExpired }: ActivityBodyProps) {
  return (
    <MeditationTool
      onSessionExpired={() => void sessionExpired()}
      footer={<CompleteActivity done={done} hasNext={hasNext} onComplete={() => complete()} goNext={goNext} />}
    />
  );
}

export default MeditationActivityBody;
