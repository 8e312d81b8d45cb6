// One activity of the syllabus: a link when it is open; when locked, its reason as a tooltip and as text.
import { Link } from 'react-router-dom';
import type { Activity } from '../../../../../course/syllabus';
import { activityPath } from '../../../lib/course-paths';
import { LOCK_TOOLTIPS, type RowState } from '../lib/rows';
import { ICON_NAMES, RowIconGlyph } from './CourseIcons';
import styles from './Syllabus.module.css';

type ActivityRowProps = {
  row: RowState;
  /** 'EMPIEZA AQUÍ' or 'SIGUE AQUÍ', shown on the current activity. */
  label: string;
  /** A paid activity was chosen without the programme. */
  onPremium: (activity: Activity) => void;
};

export function ActivityRow({ row, label, onPremium }: ActivityRowProps) {
  const { activity, lock, icon, isCurrent } = row;
  const state = row.done ? 'completed' : (lock ?? (isCurrent ? 'current' : 'open'));
  const tooltip = lock ? LOCK_TOOLTIPS[lock] : undefined;

  const content = (
    <>
      <span className={styles.rowIcon} data-icon={icon}>
        <RowIconGlyph icon={icon} className={styles.glyph} />
        {icon === 'premium' ? null : <span className="sr-only">{ICON_NAMES[icon]}: </span>}
      </span>
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>{activity.title}</span>
        <span className={styles.rowDescription}>{activity.description}</span>
        {tooltip ? <span className={styles.lockCaption}>{tooltip}</span> : null}
      </span>
      {isCurrent ? <span className={styles.badge}>{label}</span> : null}
    </>
  );

  return (
    <li className={styles.row} data-state={state} data-slug={activity.slug}>
      {lock === 'premium' ? (
        <button type="button" className={styles.rowBody} title={tooltip} onClick={() => onPremium(activity)}>
          {content}
        </button>
      ) : lock === 'previous' ? (
        <div className={styles.rowBody} title={tooltip}>
          {content}
        </div>
      ) : (
        <Link className={styles.rowBody} to={activityPath(activity.slug)}>
          {content}
        </Link>
      )}
    </li>
  );
}
