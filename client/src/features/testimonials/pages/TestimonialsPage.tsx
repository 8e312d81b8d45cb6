// /coach/testimonios: the coach's real testimonials. She adds one only with the client's consent (the name as
// the client wants it shown, the text, the page, optionally a photo from her media library), edits it, and removes it after confirming: a removed one is
// forgotten for good. The sales pages show each page's testimonials, and no section when a page has none.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  MAX_TESTIMONIAL_NAME,
  MAX_TESTIMONIAL_TEXT,
  TESTIMONIAL_MESSAGES as M,
  TESTIMONIAL_PAGES,
  type TestimonialPage,
} from '../../../../../course/testimonials';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { ImagePicker } from '../../../components/ImagePicker/ImagePicker';
import { mediaQueries, thumbnailOf, type MediaItem } from '../../../lib/media';
import desk from '../../../styles/desk-page.module.css';
import forms from '../../../styles/forms.module.css';
import { testimonialMutations, testimonialsQuery, type CoachTestimonial } from '../api/testimonials-queries';
import styles from './TestimonialsPage.module.css';

const pageLabel = (slug: string) => TESTIMONIAL_PAGES.find((p) => p.slug === slug)?.label ?? slug;

type Values = { name: string; text: string; page: TestimonialPage | ''; photo: string | null; consent: boolean };
type Submitted = { name: string; text: string; page: TestimonialPage; photo: string | null; consent: boolean };

/** The library's images, for the photo of a testimonial (the list is shared with /coach/medios). */
function useLibraryImages(): MediaItem[] {
  const library = useQuery(mediaQueries.library());
  return (library.data ?? []).filter((item) => item.kind === 'image');
}
type Errors = Partial<Record<keyof Values, string>>;

function validate(values: Values, askConsent: boolean): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = M.name;
  if (!values.text.trim()) errors.text = M.text;
  if (!values.page) errors.page = M.page;
  if (askConsent && !values.consent) errors.consent = M.consent;
  return errors;
}

type FormProps = {
  initial: Values;
  /** A new testimonial asks for the client's consent; an edit keeps the one already given. */
  askConsent: boolean;
  submitLabel: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: Submitted) => void;
  onCancel?: () => void;
};

function TestimonialForm({ initial, askConsent, submitLabel, pending, serverError, onSubmit, onCancel }: FormProps) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const ids = { text: useId(), page: useId(), consent: useId(), photo: useId() };
  const images = useLibraryImages();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validate(values, askConsent);
    setErrors(found);
    if (Object.keys(found).length > 0 || !values.page) return;
    onSubmit({ name: values.name.trim(), text: values.text.trim(), page: values.page, photo: values.photo, consent: values.consent });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label="Nombre, tal como la persona quiere que aparezca"
        hint="Por ejemplo, solo su nombre o su nombre y la inicial del apellido."
        value={values.name}
        maxLength={MAX_TESTIMONIAL_NAME}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
      />
      <div className={forms.field}>
        <label className={forms.label} htmlFor={ids.text}>
          Testimonio
        </label>
        <textarea
          id={ids.text}
          className={forms.textarea}
          rows={5}
          maxLength={MAX_TESTIMONIAL_TEXT}
          value={values.text}
          onChange={(e) => set('text', e.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${ids.text}-error` : undefined}
        />
        {errors.text ? (
          <p id={`${ids.text}-error`} className={forms.fieldError}>
            {errors.text}
          </p>
        ) : null}
      </div>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={ids.page}>
          Página donde se muestra
        </label>
        <select
          id={ids.page}
          className={forms.input}
          value={values.page}
          onChange={(e) => set('page', e.target.value as TestimonialPage)}
          aria-invalid={errors.page ? true : undefined}
          aria-describedby={errors.page ? `${ids.page}-error` : undefined}
        >
          <option value="">Elige una página</option>
          {TESTIMONIAL_PAGES.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.label} (/{p.slug})
            </option>
          ))}
        </select>
        {errors.page ? (
          <p id={`${ids.page}-error`} className={forms.fieldError}>
            {errors.page}
          </p>
        ) : null}
      </div>
      {images.length > 0 ? (
        <ImagePicker
          name={ids.photo}
          legend="Foto (opcional), de tu biblioteca"
          images={images}
          chosen={values.photo}
          onChoose={(id) => set('photo', id)}
          noneLabel="Sin foto"
        />
      ) : (
        <p className={forms.hint}>
          ¿Quieres mostrar su foto? Súbela primero en <Link to="/coach/medios">Medios</Link> y elígela aquí.
        </p>
      )}
      {askConsent ? (
        <div className={styles.consent}>
          <input
            id={ids.consent}
            type="checkbox"
            checked={values.consent}
            onChange={(e) => set('consent', e.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${ids.consent}-error` : undefined}
          />
          <label htmlFor={ids.consent}>La persona me dio su consentimiento para publicar su testimonio con este nombre (y su foto, si elegí una).</label>
          {errors.consent ? (
            <p id={`${ids.consent}-error`} className={forms.fieldError}>
              {errors.consent}
            </p>
          ) : null}
        </div>
      ) : null}
      {serverError ? (
        <p className={forms.error} role="alert">
          {serverError}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={pending}>
          {pending ? 'Guardando...' : submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const EMPTY: Values = { name: '', text: '', page: '', photo: null, consent: false };

function AddTestimonial({ onDone }: { onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const add = useMutation({
    ...testimonialMutations.add(),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: testimonialsQuery().queryKey });
      setRound((r) => r + 1); // a fresh, empty form
      onDone('Listo: agregaste el testimonio.');
    },
  });
  return (
    <section className={desk.panel} aria-labelledby="add-testimonial">
      <h2 id="add-testimonial">Agregar un testimonio</h2>
      <TestimonialForm
        key={round}
        initial={EMPTY}
        askConsent
        submitLabel="Agregar testimonio"
        pending={add.isPending}
        serverError={add.isError ? add.error.message : null}
        onSubmit={({ photo, ...values }) => add.mutate(photo ? { ...values, photo } : values)}
      />
    </section>
  );
}

function TestimonialCard({ item, onDone }: { item: CoachTestimonial; onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const photo = useLibraryImages().find((i) => i.id === item.photo);
  const refresh = () => queryClient.invalidateQueries({ queryKey: testimonialsQuery().queryKey });
  const edit = useMutation({
    ...testimonialMutations.edit(),
    onSuccess: async () => {
      await refresh();
      setMode('view');
      onDone('Listo: guardaste los cambios.');
    },
  });
  const remove = useMutation({
    ...testimonialMutations.remove(),
    onSuccess: async () => {
      await refresh();
      onDone(`Listo: el testimonio de ${item.name} ya no se muestra.`);
    },
  });

  if (mode === 'edit') {
    return (
      <li className={styles.card}>
        <h3 className={styles.editing}>Editar el testimonio de {item.name}</h3>
        <TestimonialForm
          initial={{ name: item.name, text: item.text, page: item.page, photo: item.photo, consent: true }}
          askConsent={false}
          submitLabel="Guardar cambios"
          pending={edit.isPending}
          serverError={edit.isError ? edit.error.message : null}
          // The photo only when it changed (null takes it away).
          onSubmit={({ name, text, page, photo }) => edit.mutate({ id: item.id, changes: { name, text, page, ...(photo !== item.photo ? { photo } : {}) } })}
          onCancel={() => setMode('view')}
        />
      </li>
    );
  }
  return (
    <li className={styles.card}>
      <p className={styles.page}>{pageLabel(item.page)}</p>
      <blockquote className={styles.quote}>
        <p>{item.text}</p>
      </blockquote>
      <p className={styles.name}>
        {photo ? (
          <img
            className={styles.photo}
            src={thumbnailOf(photo)}
            alt={`Foto de ${item.name}`}
            width={photo.width ?? undefined}
            height={photo.height ?? undefined}
          />
        ) : null}
        {item.name}
      </p>
      {mode === 'confirm' ? (
        <div className={styles.confirm} role="group" aria-label="Confirmar eliminación">
          <p>
            ¿Eliminas el testimonio de {item.name}? Dejará de verse y olvidaremos su nombre y su texto para siempre.
            {/* The photo is a file of her library, not of the testimonial: it goes only when she deletes it there. */}
            {item.photo ? ' Su foto queda en tu biblioteca: bórrala en Medios si ya no la necesitas.' : null}
          </p>
          {remove.isError ? (
            <p className={forms.error} role="alert">
              {remove.error.message}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button onClick={() => remove.mutate(item.id)} disabled={remove.isPending}>
              {remove.isPending ? 'Eliminando...' : 'Sí, eliminar'}
            </Button>
            <Button variant="secondary" onClick={() => setMode('view')}>
              No, conservarlo
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setMode('edit')}>
            Editar
          </Button>
          <Button variant="secondary" onClick={() => setMode('confirm')}>
            Eliminar
          </Button>
        </div>
      )}
    </li>
  );
}

export function TestimonialsPage() {
  const list = useQuery(testimonialsQuery());
  const [notice, setNotice] = useState('');
  return (
    <section className={desk.screen}>
      <title>Testimonios · Panel de la coach · Manifiesta</title>
      <header className={desk.head}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Testimonios</h1>
        <p className={desk.lead}>
          Lo que escribieron tus clientes, con su permiso. Cada página de venta muestra los suyos; una página sin testimonios no muestra la sección.
        </p>
      </header>
      <p className={forms.notice} role="status">
        {notice}
      </p>
      <AddTestimonial onDone={setNotice} />
      <section className={desk.listSection} aria-labelledby="testimonials-list">
        <h2 id="testimonials-list">Tus testimonios</h2>
        {list.isPending ? <p>Cargando los testimonios...</p> : null}
        {list.isError ? (
          <p className={forms.error} role="alert">
            {list.error.message}
          </p>
        ) : null}
        {list.data && list.data.length === 0 ? <p className={styles.empty}>Todavía no agregaste testimonios.</p> : null}
        {list.data && list.data.length > 0 ? (
          <ul className={styles.list}>
            {list.data.map((item) => (
              <TestimonialCard key={item.id} item={item} onDone={setNotice} />
            ))}
          </ul>
        ) : null}
      </section>
    </section>
  );
}
