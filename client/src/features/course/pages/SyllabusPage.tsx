// /cursos/manifiesta: the five weeks as an accordion, the current activity up front, progress.
import { useState } from 'react';
import { currentActivity, currentModule, progressPercent } from '../../../../../course/rules';
import { COURSE, moduleOf, type Activity } from '../../../../../course/syllabus';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { FeaturedActivity } from '../components/FeaturedActivity';
import { ModuleSection } from '../components/ModuleSection';
import { PremiumDialog } from '../components/PremiumDialog';
import styles from '../components/Syllabus.module.css';
import { rowState } from '../lib/rows';
import { useCourseProgress } from '../progress/useCourseProgress';

/** Who is looking, as the syllabus needs it; app/ passes it in (features do not read each other). */
export type SyllabusViewer = { roles: readonly number[] } | null;

export function SyllabusPage({ viewer = null }: { viewer?: SyllabusViewer }) {
  const { completed, isLoading } = useCourseProgress(viewer !== null);
  return (
    <div className={styles.page}>
      <title>Curso Manifiesta · Manifiesta</title>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>Tu temario</p>
        <h1 className={styles.heading}>Curso Manifiesta</h1>
        <p className={styles.lead}>{COURSE.subtitle}</p>
      </header>
      {/* The opened week starts at the current activity's, so it waits for the completions. */}
      {isLoading ? <Skeleton shape="syllabus" part="body" /> : <Syllabus completed={completed} viewer={viewer} />}
    </div>
  );
}

function Syllabus({ completed, viewer }: { completed: ReadonlySet<string>; viewer: SyllabusViewer }) {
  const roles = viewer?.roles ?? [];
  const [openModule, setOpenModule] = useState<number | null>(() => currentModule(completed));
  const [premiumAsked, setPremiumAsked] = useState<Activity | null>(null);

  const current = currentActivity(completed);
  const label = completed.size === 0 ? 'EMPIEZA AQUÍ' : 'SIGUE AQUÍ';
  const percent = progressPercent(completed);
  const currentRow = current ? rowState(current, completed, roles, current) : undefined;

  return (
    <>
      <div className={styles.progress}>
        <div className={styles.progressText}>
          <span>Tu progreso</span>
          <strong>{percent}%</strong>
        </div>
        <div
          className={styles.progressTrack}
          role="progressbar"
          aria-label="Progreso del curso"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% completado`}
        >
          <span className={styles.progressFill} style={{ inlineSize: `${percent}%` }} />
        </div>
      </div>

      {current && currentRow ? (
        <FeaturedActivity
          activity={current}
          label={label}
          moduleTitle={COURSE.modules[moduleOf(current) - 1]!.title}
          showVideo={currentRow.lock !== 'premium'}
        />
      ) : (
        <section className={styles.featured} aria-labelledby="curso-completo">
          <div className={styles.featuredText}>
            <h2 id="curso-completo" className={styles.featuredTitle}>
              ¡Completaste el curso!
            </h2>
            <p className={styles.featuredDescription}>
              Recorriste las cinco semanas. Vuelve a cualquier actividad cuando quieras: cada repaso te muestra cuánto cambiaste.
            </p>
          </div>
        </section>
      )}

      <section className={styles.modules} aria-labelledby="semanas">
        <h2 id="semanas" className={styles.modulesHeading}>
          Las cinco semanas
        </h2>
        {COURSE.modules.map((module) => (
          <ModuleSection
            key={module.module}
            module={module}
            rows={module.activities.map((activity) => rowState(activity, completed, roles, current))}
            open={openModule === module.module}
            onToggle={() => setOpenModule((open) => (open === module.module ? null : module.module))}
            label={label}
            onPremium={setPremiumAsked}
          />
        ))}
      </section>

      {premiumAsked ? <PremiumDialog activity={premiumAsked} signedIn={viewer !== null} onClose={() => setPremiumAsked(null)} /> : null}
    </>
  );
}
