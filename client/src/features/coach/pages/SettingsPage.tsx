// /coach/ajustes: the coach's public details and links, one form per group, each save one change in the history;
// any earlier version can be brought back. What she leaves empty is hidden on the site (or reads «Próximamente»).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { SITE_TEXT_LIMITS } from '../../../../../course/site';
import { Field } from '../../../components/Field/Field';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { settingsMutations, settingsQueries, type CoachSettings, type SettingsField, type SettingsValues } from '../api/settings-queries';
import styles from '../coach.module.css';
import { LoadError } from '../components/LoadError';
import { PortraitPicker } from '../components/PortraitPicker';
import { SaveRow } from '../components/SaveRow';
import { VersionHistory } from '../components/VersionHistory';
import forms from '../../../styles/forms.module.css';
import page from './SettingsPage.module.css';

type FieldSpec = {
  name: SettingsField;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'url';
  /** A textarea of this many rows (her own words), with a counter of its characters up to the server's limit. */
  multiline?: { rows: number; max: number };
};
type Group = { id: string; title: string; lead: string; fields: FieldSpec[] };

const URL_HINT = 'Un enlace completo, que empiece con https://.';

export const GROUPS: Group[] = [
  {
    id: 'presentacion',
    title: 'Tu presentación',
    lead: 'Cómo te presentas en el sitio. Tu historia tiene su propia sección en «Sobre mí»; mientras esté vacía, la página se muestra sin ella.',
    fields: [
      { name: 'coachName', label: 'Tu nombre' },
      {
        name: 'coachBio',
        label: 'Presentación breve',
        hint: 'Se lee al comienzo de tu página «Sobre mí».',
        multiline: { rows: 3, max: SITE_TEXT_LIMITS.coachBio },
      },
      {
        name: 'coachStory',
        label: 'Tu historia',
        hint: 'Cuéntala en primera persona, como se la contarías a alguien que recién te conoce. Deja una línea en blanco entre párrafos.',
        multiline: { rows: 12, max: SITE_TEXT_LIMITS.coachStory },
      },
    ],
  },
  {
    id: 'contacto',
    title: 'Contacto',
    lead: 'Dónde te escriben. Sin número de WhatsApp, el sitio no muestra el botón de WhatsApp.',
    fields: [
      { name: 'contactEmail', label: 'Email de contacto', type: 'email' },
      { name: 'whatsappNumber', label: 'Número de WhatsApp', type: 'tel', hint: 'Con el código de país y el signo +, por ejemplo +54 9 11 1234 5678.' },
      { name: 'techProjectsEmail', label: 'Email para proyectos tecnológicos', type: 'email', hint: 'La oferta de /about lo usa.' },
    ],
  },
  {
    id: 'reservas',
    title: 'Reservas',
    lead: 'Tus páginas de agenda. Mientras falte una, su botón dice «Próximamente».',
    fields: [
      { name: 'bookingFirstSessionUrl', label: 'Primera sesión (alumnas del programa)', type: 'url', hint: URL_HINT },
      { name: 'bookingClarificationCallUrl', label: 'Llamada de claridad gratuita', type: 'url', hint: URL_HINT },
      { name: 'bookingPurposeSessionUrl', label: 'Sesión de propósito (/coaching)', type: 'url', hint: URL_HINT },
    ],
  },
  {
    id: 'redes',
    title: 'Redes, libro y video',
    lead: 'Los enlaces del menú y de las páginas. Los que dejes vacíos no se muestran.',
    fields: [
      { name: 'instagramUrl', label: 'Instagram', type: 'url', hint: URL_HINT },
      { name: 'tiktokUrl', label: 'TikTok', type: 'url', hint: URL_HINT },
      { name: 'youtubeUrl', label: 'YouTube', type: 'url', hint: URL_HINT },
      { name: 'bookUrl', label: 'Tu libro', type: 'url', hint: URL_HINT },
      {
        name: 'nivelesVideoUrl',
        label: 'Video de /niveles',
        type: 'url',
        hint: 'Un enlace de YouTube o Vimeo, o de un video tuyo. Vacío: la página se muestra sin video.',
      },
    ],
  },
  {
    id: 'aviso',
    title: 'Aviso del sitio',
    lead: 'Un banner arriba de cada página, que cada visita puede cerrar. Vacío: sin aviso.',
    fields: [
      { name: 'noticeText', label: 'Texto del aviso', multiline: { rows: 3, max: SITE_TEXT_LIMITS.noticeText } },
      { name: 'noticeLink', label: 'Enlace del aviso', hint: 'Una página del sitio (/masterclasses) o un enlace https://.' },
    ],
  },
];

const LABELS = { ...Object.fromEntries(GROUPS.flatMap((g) => g.fields.map((f) => [f.name, f.label]))), coachPhoto: 'Tu foto' } as Record<SettingsField, string>;

/**
 * One group's form. It is keyed by the settings' version (a save or a restore brings fresh values), so whether it was
 * just saved is kept by the page, which outlives the form.
 */
function GroupForm({ group, current, saved, onSaved }: { group: Group; current: SettingsValues; saved: boolean; onSaved: (version: number | null) => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const initial = () => Object.fromEntries(group.fields.map((f) => [f.name, current[f.name] ?? ''])) as Record<string, string>;
  const [values, setValues] = useState(initial);
  const save = useMutation({
    ...settingsMutations.save(),
    onSuccess: (data) => {
      onSaved(data.version);
      queryClient.setQueryData(settingsQueries.key(), data);
    },
  });
  const done = saved && !save.isError ? 'Guardado.' : null;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSaved(null);
    save.mutate(Object.fromEntries(group.fields.map((f) => [f.name, values[f.name]!.trim() === '' ? null : values[f.name]!])));
  };
  return (
    <form className={page.group} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {group.title}
      </h2>
      <p className={page.lead}>{group.lead}</p>
      {group.fields.map((f) => {
        const id = `${group.id}-${f.name}`;
        const change = (value: string) => {
          setValues((v) => ({ ...v, [f.name]: value }));
          if (saved) onSaved(null);
        };
        if (!f.multiline) {
          return (
            <Field
              key={f.name}
              id={id}
              label={f.label}
              hint={f.hint}
              type={f.type ?? 'text'}
              inputMode={f.type === 'tel' ? 'tel' : undefined}
              value={values[f.name]}
              onChange={(e) => change(e.target.value)}
            />
          );
        }
        return <LongText key={f.name} id={id} spec={f} {...f.multiline} value={values[f.name]!} onChange={change} />;
      })}
      <SaveRow alert={save.isError ? save.error.message : null} pending={save.isPending} done={done} />
    </form>
  );
}

/** The count as the server counts (surrounding spaces do not): over the limit it says what to do, as an error. */
function characterCount(length: number, max: number) {
  const counted = `${length.toLocaleString('es')} de ${max.toLocaleString('es')} caracteres`;
  return length > max ? `${counted}: quita ${(length - max).toLocaleString('es')} para poder guardar.` : counted;
}

type LongTextProps = { id: string; spec: FieldSpec; rows: number; max: number; value: string; onChange: (value: string) => void };

/** A textarea for her own words, with its hint and a counter under it. */
function LongText({ id, spec, rows, max, value, onChange }: LongTextProps) {
  const length = value.trim().length;
  const over = length > max;
  const hintId = spec.hint ? `${id}-hint` : '';
  return (
    <div className={forms.field}>
      <label htmlFor={id} className={forms.label}>
        {spec.label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className={forms.textarea}
        value={value}
        aria-describedby={`${hintId} ${id}-count`.trim()}
        aria-invalid={over || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {spec.hint ? (
        <p id={hintId} className={forms.hint}>
          {spec.hint}
        </p>
      ) : null}
      <p id={`${id}-count`} className={over ? forms.fieldError : forms.hint}>
        {characterCount(length, max)}
      </p>
    </div>
  );
}

function History({ data }: { data: CoachSettings }) {
  const queryClient = useQueryClient();
  const restore = useMutation({
    ...settingsMutations.restore(),
    onSuccess: (next) => queryClient.setQueryData(settingsQueries.key(), next),
  });
  return <VersionHistory headingId="ajustes-historial" current={data.version} history={data.history} labels={LABELS} restore={restore} />;
}

export function SettingsPage() {
  const query = useQuery(settingsQueries.current());
  const [saved, setSaved] = useState<{ group: string; version: number } | null>(null);
  return (
    <div className={styles.page}>
      <title>Ajustes · Panel de la coach · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Ajustes del sitio</h1>
        <p className={styles.lead}>Tus datos y enlaces públicos. Lo que cambias aquí se ve en el sitio enseguida.</p>
      </header>
      {query.isPending ? (
        <Skeleton shape="generic" part="body" />
      ) : query.isError ? (
        <LoadError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          {GROUPS.map((g, i) => (
            <Fragment key={g.id}>
              <GroupForm
                key={`${g.id}-${query.data.version}`}
                group={g}
                current={query.data.settings}
                saved={saved?.group === g.id && saved.version === query.data.version}
                onSaved={(version) => setSaved(version === null ? null : { group: g.id, version })}
              />
              {/* Her photo right after her name and presentation. */}
              {i === 0 ? <PortraitPicker current={query.data.settings.coachPhoto} /> : null}
            </Fragment>
          ))}
          <History data={query.data} />
        </>
      )}
    </div>
  );
}
