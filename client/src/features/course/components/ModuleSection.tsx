// One week of the course as an accordion item: the header toggles it; open, it shows its picture, its
// description and its activities.
import { useId } from 'react';
import type { Activity, Module } from '../../../../../course/syllabus';
import type { RowState } from '../lib/rows';
import { ActivityRow } from './ActivityRow';
import styles from './Syllabus.module.css';

type ModuleSectionProps = {
  module: Module;
  rows: RowState[];
  open: boolean;
  onToggle: () => void;
  label: string;
  onPremium: (activity: Activity) => void;
};

export function ModuleSection({ module, rows, open, onToggle, label, onPremium }: ModuleSectionProps) {
  const headerId = useId();
  const panelId = useId();
  const done = rows.filter((row) => row.done).length;

  return (
    <section className={styles.module} data-open={open || undefined}>
      <h3 className={styles.moduleHeading}>
        <button id={headerId} type="button" className={styles.moduleToggle} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span className={styles.moduleNumber} aria-hidden="true">
            {module.module}
          </span>
          <span className={styles.moduleTitle}>{module.title}</span>
          <span className={styles.moduleCount}>
            {done} de {rows.length}
            <span className="sr-only"> actividades completadas</span>
          </span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </h3>
      {open ? (
        <div id={panelId} role="region" aria-labelledby={headerId} className={styles.modulePanel}>
          <div className={styles.moduleIntro}>
            {/* Lazy like every other picture of the site: React 19 holds a transition's commit until its eager
                images are decoded, so the whole syllabus waited for this week's drawing (up to 800 ms). */}
            <img className={styles.moduleImage} src={module.landingPageImage} alt="" width={160} height={120} loading="lazy" decoding="async" />
            <p className={styles.moduleDescription}>{module.landingPageDescription}</p>
          </div>
          <ol className={styles.rows}>
            {rows.map((row) => (
              <ActivityRow key={row.activity.slug} row={row} label={label} onPremium={onPremium} />
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
