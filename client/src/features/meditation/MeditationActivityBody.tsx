// meditacion-7-fases inside the course: the same tool as /herramientas/7-fases, with the week's other meditation
// (the rewiring one, opened as part of the course) and the activity's way on. app/ hands it to the activity host,
// which loads it lazily (default export).
import { useId } from 'react';
import { rewiringFrom } from '../../../../course/companions';
import { ButtonLink } from '../../components/Button/Button';
import { CompleteActivity } from '../../components/CompleteActivity/CompleteActivity';
import type { ActivityBodyProps } from '../../lib/activity/body';
import { useActivityStore } from '../../lib/activity/store';
import styles from './tool/MeditationTool.module.css';
import { MeditationTool } from './tool/MeditationTool';

export function MeditationActivityBody({ activity, done, goNext, hasNext }: ActivityBodyProps) {
  const { sessionExpired } = useActivityStore();
  const companionId = useId();
  return (
    <MeditationTool
      onSessionExpired={() => void sessionExpired()}
      footer={
        <>
          <aside className={styles.companion} aria-labelledby={companionId}>
            <p className="eyebrow">Otra práctica para esta semana</p>
            <h2 id={companionId} className={styles.subTitle}>
              15 Minutos y Contando
            </h2>
            <p>
              Una meditación guiada en cinco pasos: reconoces una creencia que ya no te sirve, eliges la nueva y la sientes como real. Trabaja con lo que
              descubriste en tus áreas y en tu visión.
            </p>
            <ButtonLink variant="secondary" to={rewiringFrom(activity.slug)}>
              Abrir la meditación
            </ButtonLink>
          </aside>
          <CompleteActivity done={done} hasNext={hasNext} goNext={goNext} />
        </>
      }
    />
  );
}

export default MeditationActivityBody;
