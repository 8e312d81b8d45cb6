// The generic lesson (course/lessons.ts): the description, the optional video and PDF, a personal reflection
// (on the server for a user, in this browser for a guest) and 'Marcar como completada'.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button/Button';
import { Video } from '../../../components/Video/Video';
import { saveGuestActivityData, useGuestProgress } from '../../../lib/guest-progress';
import { activitiesMutations, activitiesQueries, SAVE_ERROR } from '../api/activities-queries';
import { CompleteActivity } from './CompleteActivity';
import styles from './Activity.module.css';
import type { ActivityBodyProps } from '../lib/types';

type Saved = { kind: 'saved'; where: 'server' | 'browser' } | { kind: 'error'; message: string } | null;

/** A guest's stored reflection for this lesson, if any. */
function guestReflection(data: unknown): string {
  if (typeof data === 'object' && data !== null && 'reflection' in data && typeof data.reflection === 'string') {
    return data.reflection;
  }
  return '';
}

export function LessonBody({ activity, signedIn, done, complete, goNext, hasNext }: ActivityBodyProps) {
  const slug = activity.slug;
  const queryClient = useQueryClient();
  const fieldId = useId();
  const hintId = useId();

  const stored = useQuery({ ...activitiesQueries.reflection(slug), enabled: signedIn });
  const guestData = useGuestProgress().activityData[slug];
  const save = useMutation(activitiesMutations.saveReflection());

  // What is saved, and what the visitor typed since (null: nothing typed).
  const savedText = signedIn ? (stored.data?.text ?? '') : guestReflection(guestData);
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? savedText;
  const dirty = draft !== null && draft.trim() !== savedText.trim();
  const [saved, setSaved] = useState<Saved>(null);

  const saveReflection = async () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    if (!signedIn) {
      const current = typeof guestData === 'object' && guestData !== null ? guestData : {};
      saveGuestActivityData(slug, { ...current, reflection: trimmed });
      setDraft(null);
      setSaved({ kind: 'saved', where: 'browser' });
      return;
    }
    setSaved(null);
    try {
      const reflection = await save.mutateAsync({ slug, text: trimmed });
      queryClient.setQueryData(activitiesQueries.reflection(slug).queryKey, reflection);
      setDraft(null);
      setSaved({ kind: 'saved', where: 'server' });
    } catch (error) {
      setSaved({ kind: 'error', message: error instanceof ApiError && error.message ? error.message : SAVE_ERROR });
      throw error;
    }
  };

  const onSaveClick = () => {
    saveReflection().catch(() => {
      // Shown next to the button.
    });
  };

  // Completing keeps what was written but not saved yet.
  const onComplete = async () => {
    if (dirty && text.trim()) await saveReflection();
    await complete();
  };

  const loadingReflection = signedIn && stored.isPending;

  return (
    <div className={styles.body}>
      <p className={styles.lead}>{activity.description}</p>

      {activity.videoUrl ? <Video src={activity.videoUrl} title={activity.title} /> : null}

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
        <p id={hintId} className={styles.hint}>
          ¿Qué te mostró esta actividad? ¿Qué quieres recordar dentro de un mes?
          {signedIn ? ' Se guarda en tu cuenta.' : ' Como invitado, se guarda solo en este navegador.'}
        </p>
        <label className="sr-only" htmlFor={fieldId}>
          Tu reflexión
        </label>
        <textarea
          id={fieldId}
          className={styles.textarea}
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
        {stored.isError ? (
          <p className={styles.error} role="alert">
            No se pudo cargar tu reflexión guardada.
          </p>
        ) : null}
        <div className={styles.saveRow}>
          <Button variant="secondary" onClick={onSaveClick} disabled={save.isPending || !text.trim() || !dirty}>
            {save.isPending ? 'Guardando...' : 'Guardar reflexión'}
          </Button>
          <div aria-live="polite">
            {saved?.kind === 'saved' ? (
              <p className={styles.saved}>
                {saved.where === 'server' ? 'Reflexión guardada.' : 'Reflexión guardada en este navegador.'}
              </p>
            ) : null}
          </div>
          {saved?.kind === 'error' ? (
            <p className={styles.error} role="alert">
              {saved.message}
            </p>
          ) : null}
        </div>
      </section>

      <CompleteActivity done={done} hasNext={hasNext} onComplete={onComplete} goNext={goNext} />
    </div>
  );
}
