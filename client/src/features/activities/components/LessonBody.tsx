// The generic lesson (course/lessons.ts): the description, the optional video and PDF, a personal reflection
// (on the server for a user, in this browser for a guest) and 'Marcar como completada'.
import { useId, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { CompleteActivity } from '../../../components/CompleteActivity/CompleteActivity';
import { Video } from '../../../components/Video/Video';
import type { ActivityBodyProps } from '../../../lib/activity/body';
import { useActivityVideo } from '../../../lib/activity/video';
import { useActivityStore } from '../../../lib/activity/store';
import { useActivityData } from '../../../lib/activity/use-activity-data';
import { useActivityWrite } from '../../../lib/activity/use-activity-write';
import { reflection, saveReflection } from '../api/reflection-store';
import forms from '../../../styles/forms.module.css';
import parts from './activity-parts.module.css';
import styles from './Activity.module.css';

type Saved = { kind: 'saved'; where: 'server' | 'browser' } | { kind: 'error'; message: string } | null;

export function LessonBody({ activity, done, goNext, hasNext }: ActivityBodyProps) {
  const slug = activity.slug;
  const fieldId = useId();
  const hintId = useId();
  const { where, complete } = useActivityStore();
  const stored = useActivityData(reflection(slug));
  const save = useActivityWrite(saveReflection);
  const video = useActivityVideo(activity);

  // What is saved, and what the visitor typed since (null: nothing typed).
  const savedText = stored.status === 'ready' ? stored.data : '';
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? savedText;
  const dirty = draft !== null && draft.trim() !== savedText.trim();
  const [saved, setSaved] = useState<Saved>(null);

  // Said at once for a guest (kept in this browser), once the server answers for a learner; a failure rejects too,
  // for the finish button on its way to completing.
  const saveText = async () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setSaved(null);
    const outcome = await save.run(
      { slug, text: trimmed },
      {
        then: (result) => {
          if (!result.ok) return setSaved({ kind: 'error', message: result.message ?? '' });
          setDraft(null);
          setSaved({ kind: 'saved', where });
        },
      },
    );
    if (!outcome.ok) throw outcome.error;
  };

  const onSaveClick = () => {
    saveText().catch(() => {
      // Shown next to the button.
    });
  };

  // Completing keeps what was written but not saved yet.
  const onComplete = async () => {
    if (dirty && text.trim()) await saveText();
    await complete();
  };

  const loadingReflection = stored.status === 'loading';

  return (
    <div className={parts.body}>
      <p className={parts.lead}>{activity.description}</p>

      {video ? <Video src={video} title={activity.title} /> : null}

      <ol className={styles.steps}>
        <li>Busca un momento tranquilo, sin pantallas alrededor, y respira hondo tres veces.</li>
        <li>Haz la práctica con calma: no hay respuestas correctas, solo respuestas honestas.</li>
        <li>Escribe lo que descubriste. Lo que pones en palabras se vuelve más claro.</li>
      </ol>

      {activity.pdfUrl ? (
        <p>
          <a className={styles.download} href={activity.pdfUrl} download>
            Descargar la guía en PDF
          </a>
        </p>
      ) : null}

      <section className={styles.reflection} aria-labelledby={`${fieldId}-title`}>
        <h2 id={`${fieldId}-title`} className={styles.sectionTitle}>
          Tu reflexión personal
        </h2>
        <p id={hintId} className={parts.note}>
          ¿Qué te mostró esta actividad? ¿Qué quieres recordar dentro de un mes?
          {where === 'server' ? ' Se guarda en tu cuenta.' : ' Como invitado, se guarda solo en este navegador.'}
        </p>
        <label className="sr-only" htmlFor={fieldId}>
          Tu reflexión
        </label>
        <textarea
          id={fieldId}
          className={`${forms.textarea} ${styles.answer}`}
          rows={6}
          value={text}
          aria-describedby={hintId}
          disabled={loadingReflection}
          placeholder={loadingReflection ? 'Cargando...' : 'Escribe aquí, con tus palabras...'}
          onChange={(event) => {
            setDraft(event.target.value);
            setSaved(null);
          }}
        />
        {stored.status === 'failed' ? (
          <p className={forms.error} role="alert">
            No se pudo cargar tu reflexión guardada.
          </p>
        ) : null}
        <div className={styles.saveRow}>
          <Button variant="secondary" onClick={onSaveClick} disabled={save.pending || !text.trim() || !dirty}>
            {save.pending ? 'Guardando...' : 'Guardar reflexión'}
          </Button>
          <div aria-live="polite">
            {saved?.kind === 'saved' ? (
              <p className={styles.saved}>{saved.where === 'server' ? 'Reflexión guardada.' : 'Reflexión guardada en este navegador.'}</p>
            ) : null}
          </div>
          {saved?.kind === 'error' ? (
            <p className={forms.error} role="alert">
              {saved.message}
            </p>
          ) : null}
        </div>
      </section>

      <CompleteActivity done={done} hasNext={hasNext} onComplete={onComplete} goNext={goNext} />
    </div>
  );
}
