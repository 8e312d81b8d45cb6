// teoria-5-leyes-universales: a theory page on five universal laws, each with an everyday example and a
// small practice for today. The text is the server's (a paid lesson never ships in the bundle): the host
// hands it in as `text`.
import { CompleteActivity } from '../../../../components/CompleteActivity/CompleteActivity';
import parts from '../../components/activity-parts.module.css';
import styles from '../../components/Activity.module.css';
import type { ActivityBodyProps } from '../../../../lib/activity/body';

export function FiveLaws({ text, done, goNext, hasNext }: ActivityBodyProps) {
  if (!text) return null;
  return (
    <div className={parts.body}>
      {text.intro.map((paragraph) => (
        <p key={paragraph.slice(0, 24)} className={parts.lead}>
          {paragraph}
        </p>
      ))}

      <nav aria-label="Las cinco leyes" className={styles.toc}>
        <ol>
          {text.sections.map((law) => (
            <li key={law.id}>
              <a href={`#${law.id}`}>{law.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      {text.sections.map((law, index) => (
        <section key={law.id} id={law.id} className={styles.law} aria-labelledby={`${law.id}-titulo`}>
          <p className={styles.lawNumber} aria-hidden="true">
            {index + 1}
          </p>
          <h2 id={`${law.id}-titulo`} className={styles.sectionTitle}>
            {law.title}
          </h2>
          {law.motto ? <p className={styles.motto}>{law.motto}</p> : null}
          {law.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
          {law.example ? (
            <div className={styles.example}>
              <h3 className={styles.boxTitle}>Un ejemplo</h3>
              <p>{law.example}</p>
            </div>
          ) : null}
          {law.practice ? (
            <div className={styles.practice}>
              <h3 className={styles.boxTitle}>Tu práctica de hoy</h3>
              <p>{law.practice}</p>
            </div>
          ) : null}
        </section>
      ))}

      {text.closing ? (
        <section className={styles.closing} aria-labelledby="leyes-cierre">
          <h2 id="leyes-cierre" className={styles.sectionTitle}>
            {text.closing.title}
          </h2>
          {text.closing.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
        </section>
      ) : null}

      <CompleteActivity done={done} hasNext={hasNext} goNext={goNext} />
    </div>
  );
}

export default FiveLaws;
