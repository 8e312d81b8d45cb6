// /coach/newsletter/nueva and /coach/newsletter/<id>: one letter as she writes it. The address (slug) follows the
// title until she edits it, and stays put once the letter is published; the preview beside it (below it on a phone)
// shows the archive's page and the mail as the server renders them. A draft is saved with POST the first time
// (the address then takes its id) and PATCH after; a test goes to her own address; publishing asks first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  LETTER_FIELDS,
  LETTER_MESSAGES,
  LETTER_SERIES,
  LETTER_SERIES_LABELS,
  letterBody,
  letterProblems,
  slugFromTitle,
  type LetterField,
  type LetterWithCover,
} from '../../../../../course/newsletter';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import forms from '../../../styles/forms.module.css';
import { letterMutations, letterQueries, type CoachLetter } from '../api/letters-queries';
import styles from '../coach.module.css';
import { Confirm, Control, describedBy, EditorState, MarkdownControl, useLeaveGuard } from '../components/EditorControls';
import own from '../components/Editor.module.css';
import { LetterCover } from '../components/LetterCover';
import { LetterPreview } from '../components/LetterPreview';
import { LetterSendPanel } from '../components/LetterSendPanel';
import { LoadError } from '../components/LoadError';
import { letterStatus } from './LettersPage';

/** The address of the editor of a letter not saved yet. */
export const NEW_LETTER = 'nueva';

const EMPTY: LetterWithCover = { title: '', slug: '', series: 'dean', markdown: '', cover: null };
/** What the editor saves: the letter's fields and its cover. */
const EDITOR_FIELDS = [...LETTER_FIELDS, 'cover'] as const;
type EditorField = (typeof EDITOR_FIELDS)[number];

const LOCKED_SLUG =
  'Ya está publicada: su dirección y su serie no cambian, para que los enlaces que circulan sigan funcionando. Retírala del archivo si necesitas cambiarlas.';
const SLUG_HINT = 'La última parte de su dirección en el archivo. Se completa sola con el título hasta que la cambies.';
const MARKDOWN_HINT = 'Separa los párrafos con una línea en blanco. **negrita**, *cursiva*, ## subtítulo, [enlace](https://…), > cita.';

/** Which field a message of the server is about (the same words as course/newsletter.ts), or none. */
function fieldOf(message: string): EditorField | null {
  const m = LETTER_MESSAGES;
  const byField: Record<EditorField, string[]> = {
    title: [m.title, m.titleTooLong],
    slug: [m.slug, m.slugTooLong, m.slugTaken],
    series: [m.series],
    markdown: [m.markdown, m.markdownTooLong],
    cover: [m.cover, m.coverFormat],
  };
  return EDITOR_FIELDS.find((field) => byField[field].includes(message)) ?? null;
}

const fieldsOf = ({ title, slug, series, markdown, cover }: CoachLetter): LetterWithCover => ({ title, slug, series, markdown, cover: cover?.id ?? null });
const changed = (from: LetterWithCover, to: LetterWithCover) => EDITOR_FIELDS.filter((field) => from[field] !== to[field]);

type EditorProps = {
  /** The letter as the server has it; null for a new one. */
  initial: CoachLetter | null;
  /** What goes under the editor for a saved letter (its sending). */
  sendPanel?: (letter: CoachLetter) => ReactNode;
};

export function LetterEditor({ initial, sendPanel }: EditorProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<CoachLetter | null>(initial);
  const [fields, setFields] = useState<LetterWithCover>(initial ? fieldsOf(initial) : EMPTY);
  // A new letter's address follows its title until she writes one herself.
  const [slugOwn, setSlugOwn] = useState(initial !== null);
  const [problems, setProblems] = useState<Partial<Record<EditorField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const dirty = saved ? changed(fieldsOf(saved), fields).length > 0 : changed(EMPTY, fields).length > 0;
  const published = saved?.status === 'published';
  useLeaveGuard(dirty);

  const keep = (letter: CoachLetter) => {
    setSaved(letter);
    queryClient.setQueryData(letterQueries.one(letter.id).queryKey, letter);
    void queryClient.invalidateQueries({ queryKey: letterQueries.list().queryKey, exact: true });
  };
  const failed = (error: Error) => {
    const field = fieldOf(error.message);
    if (field) setProblems({ [field]: error.message });
    else setAlert(error.message);
  };
  const draft = useMutation(letterMutations.draft());
  const edit = useMutation(letterMutations.edit());
  const publish = useMutation(letterMutations.publish());
  const unpublish = useMutation(letterMutations.unpublish());
  const test = useMutation(letterMutations.test());
  const busy = [draft, edit, publish, unpublish, test].some((m) => m.isPending);

  const set = (field: LetterField, value: string) => {
    setFields((now) => {
      const next = { ...now, [field]: value };
      if (field === 'title' && !slugOwn) next.slug = slugFromTitle(value);
      return next;
    });
    if (field === 'slug') setSlugOwn(true);
    setProblems((now) => ({ ...now, [field]: undefined, ...(field === 'title' && !slugOwn ? { slug: undefined } : {}) }));
    setDone(null);
  };
  const setCover = (cover: string | null) => {
    setFields((now) => ({ ...now, cover }));
    setProblems((now) => ({ ...now, cover: undefined }));
    setDone(null);
  };

  /** Saves what she wrote when it differs from the server's copy; the letter as saved, or null when it could not be. */
  async function save(): Promise<CoachLetter | null> {
    setAlert(null);
    setDone(null);
    const found = letterProblems(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setAlert('Revisa los datos marcados.');
      return null;
    }
    if (saved && !dirty) return saved;
    try {
      if (saved) {
        const changes = Object.fromEntries(changed(fieldsOf(saved), fields).map((field) => [field, fields[field]]));
        const letter = await edit.mutateAsync({ id: saved.id, changes });
        keep(letter);
        return letter;
      }
      const letter = await draft.mutateAsync(letterBody(fields));
      keep(letter);
      // The address takes the letter's id (the editor stays as it is: the page has the letter in its cache now).
      navigate(`/coach/newsletter/${letter.id}`, { replace: true });
      return letter;
    } catch (error) {
      failed(error as Error);
      return null;
    }
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const wasDirty = dirty || !saved;
    if ((await save()) && wasDirty) setDone('Borrador guardado.');
    else if (!wasDirty) setDone('No había cambios que guardar.');
  };

  const sendTest = async () => {
    const letter = await save();
    if (!letter) return;
    try {
      await test.mutateAsync(letter.id);
      setDone('Te enviamos la prueba a tu correo.');
    } catch (error) {
      setAlert((error as ApiError).message);
    }
  };

  const move = async (to: 'publish' | 'unpublish') => {
    setConfirming(false);
    const letter = await save();
    if (!letter) return;
    try {
      keep(await (to === 'publish' ? publish : unpublish).mutateAsync(letter.id));
      setDone(to === 'publish' ? 'Publicada.' : 'Retiraste la carta del archivo: ahora es un borrador.');
    } catch (error) {
      setAlert((error as ApiError).message);
    }
  };

  return (
    <div className={own.layout}>
      <div className={own.column}>
        <form className={own.form} onSubmit={(e) => void submit(e)} noValidate aria-label="La carta">
          <Field id="carta-titulo" label="Título" value={fields.title} error={problems.title} onChange={(e) => set('title', e.target.value)} />
          <Field
            id="carta-direccion"
            label="Dirección"
            value={fields.slug}
            readOnly={published}
            hint={published ? LOCKED_SLUG : `${SLUG_HINT} /newsletter/${fields.series}/${fields.slug || '…'}`}
            error={problems.slug}
            onChange={(e) => set('slug', e.target.value)}
          />
          <Control id="carta-serie" label="Serie" error={problems.series}>
            <select
              id="carta-serie"
              className={forms.input}
              value={fields.series}
              disabled={published}
              aria-invalid={problems.series ? true : undefined}
              aria-describedby={describedBy('carta-serie', false, problems.series)}
              onChange={(e) => set('series', e.target.value)}
            >
              {LETTER_SERIES.map((series) => (
                <option key={series} value={series}>
                  {LETTER_SERIES_LABELS[series]}
                </option>
              ))}
            </select>
          </Control>
          <LetterCover
            value={fields.cover}
            savedImage={saved?.cover && saved.cover.id === fields.cover ? saved.cover.image : null}
            error={problems.cover}
            onChange={setCover}
          />
          <MarkdownControl
            id="carta-texto"
            hint={MARKDOWN_HINT}
            error={problems.markdown}
            rows={18}
            value={fields.markdown}
            onChange={(v) => set('markdown', v)}
          />
          <EditorState alert={alert} state={`${saved ? letterStatus(saved) : 'Sin guardar'}${dirty && saved ? ' · con cambios sin guardar' : ''}`} />
          <div className={forms.actions}>
            <Button type="submit" disabled={busy}>
              {draft.isPending || edit.isPending ? 'Guardando…' : published ? 'Guardar cambios' : 'Guardar borrador'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void sendTest()}>
              {test.isPending ? 'Enviando…' : 'Enviarme una prueba'}
            </Button>
            {published ? (
              <Button variant="secondary" disabled={busy} onClick={() => void move('unpublish')}>
                Retirar del archivo
              </Button>
            ) : (
              <Button variant="secondary" disabled={busy || confirming} onClick={() => setConfirming(true)}>
                Publicar
              </Button>
            )}
          </div>
          {confirming ? (
            <Confirm label="Confirmar la publicación" yes="Sí, publicar" onYes={() => void move('publish')} onNo={() => setConfirming(false)}>
              La carta aparecerá en el archivo del newsletter con la fecha de hoy. Publicarla no la envía a nadie.
            </Confirm>
          ) : null}
          {done ? (
            <p role="status" className={own.done}>
              {done}
              {done === 'Publicada.' && saved ? (
                <>
                  {' '}
                  <Link to={saved.path}>Ver en el archivo</Link>
                </>
              ) : null}
            </p>
          ) : null}
        </form>
        {saved && sendPanel ? sendPanel(saved) : null}
      </div>
      <LetterPreview letter={fields} />
    </div>
  );
}

export function LetterEditorPage() {
  const { id = NEW_LETTER } = useParams();
  const fresh = id === NEW_LETTER;
  const query = useQuery({ ...letterQueries.one(id), enabled: !fresh });
  // One editor throughout: after the first save the address takes the id, and the letter is already in the cache.
  const initial = fresh ? null : query.data;
  return (
    <div className={styles.page}>
      <title>Newsletter · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>{fresh ? 'Nueva carta' : 'Tu carta'}</h1>
        <Link to="/coach/newsletter">Volver a tus cartas</Link>
      </header>
      {initial !== undefined ? (
        <LetterEditor initial={initial} sendPanel={(letter) => <LetterSendPanel letterId={letter.id} status={letter.status} />} />
      ) : query.isError ? (
        <LoadError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Skeleton shape="generic" part="body" />
      )}
    </div>
  );
}
