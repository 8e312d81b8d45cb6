import { ButtonLink } from '../../../components/Button/Button';
import { SYLLABUS_PATH } from '../../../lib/course-paths';
import parts from './activity-parts.module.css';
import styles from './Activity.module.css';

/** An address under /cursos/manifiesta/ that names no activity. */
export function ActivityNotFound({ slug }: { slug: string }) {
  return (
    <article className={styles.page}>
      <title>Actividad no encontrada · Manifiesta</title>
      <h1 className={styles.title}>Actividad no encontrada</h1>
      <p className={parts.lead}>La actividad con la ruta «{slug}» no es válida o no existe.</p>
      <ButtonLink className={styles.start} to={SYLLABUS_PATH}>
        Volver al Temario
      </ButtonLink>
    </article>
  );
}
