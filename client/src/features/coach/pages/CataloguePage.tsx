// /coach/catalogo: every price, crossed-out price, spot count and date of the offers, one form per offer; each save
// sends only what changed and is one change in the history, any earlier version can be brought back. The sales
// pages and the checkout read the same catalogue, so a price saved here is the price shown and charged.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  AMOUNT_FIELDS,
  CATALOGUE_LABELS,
  checkCatalogueChange,
  DATE_FIELDS,
  formatDateRange,
  SPOT_FIELDS,
  type Catalogue,
  type CatalogueField,
} from '../../../../../course/catalogue';
import { Field } from '../../../components/Field/Field';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { useCatalogueSource } from '../../../lib/catalogue';
import { catalogueMutations, catalogueQueries, type CataloguePatch, type CoachCatalogue } from '../api/catalogue-queries';
import styles from '../coach.module.css';
import { LoadError } from '../components/LoadError';
import { SaveRow } from '../components/SaveRow';
import { VersionHistory } from '../components/VersionHistory';
import page from './SettingsPage.module.css';

type Group = { id: string; title: string; lead: string; fields: CatalogueField[] };

export const GROUPS: Group[] = [
  {
    id: 'curso',
    title: 'Curso Manifiesta',
    lead: 'Se cobra en el sitio (/manifiesta): quien se inscribe paga este precio.',
    fields: ['courseAmount', 'courseOldAmount', 'courseSpots'],
  },
  {
    id: 'ebook',
    title: 'Ebook de afirmaciones',
    lead: 'Se cobra en el sitio (/afirmaciones).',
    fields: ['ebookAmount', 'ebookOldAmount'],
  },
  {
    id: 'reprograma',
    title: 'Programa Reprograma',
    lead: 'Lo que muestra /reprograma; el pago lo coordinas tú por WhatsApp.',
    fields: ['reprogramaSingle', 'reprogramaWeekly', 'reprogramaOldAmount'],
  },
  { id: 'sesion', title: 'Sesión de propósito', lead: 'Lo que muestra /coaching.', fields: ['purposeSession', 'purposeSessionOldAmount'] },
  {
    id: 'masterclasses',
    title: 'Masterclasses',
    lead: 'La suscripción mensual de /masterclasses.',
    fields: ['masterclassesMonthly', 'masterclassesOldAmount'],
  },
  {
    id: 'retiro',
    title: 'Retiro de hielo',
    lead: 'Lo que muestra /hielo: precio total, anticipo para reservar, fechas y lugares.',
    fields: ['retreatTotal', 'retreatDeposit', 'retreatOldAmount', 'retreatStart', 'retreatEnd', 'retreatSpots'],
  },
];

const isAmount = (f: CatalogueField) => (AMOUNT_FIELDS as readonly string[]).includes(f);
const isSpots = (f: CatalogueField) => (SPOT_FIELDS as readonly string[]).includes(f);
const isDate = (f: CatalogueField) => (DATE_FIELDS as readonly string[]).includes(f);
/** A date the input can hold: with its year (a date without one is shown in the hint, and left as it is while empty). */
const withYear = (value: string | null) => (value && /^\d{4}-/.test(value) ? value : '');

function label(f: CatalogueField) {
  if (isSpots(f) || isDate(f)) return CATALOGUE_LABELS[f];
  return `${CATALOGUE_LABELS[f]} (USD)`;
}

function hint(f: CatalogueField, current: Catalogue): string | undefined {
  if (isDate(f)) {
    const value = current[f as (typeof DATE_FIELDS)[number]];
    if (value && !withYear(value)) {
      const day = formatDateRange(value, value)!.range.replace(/^del \d+ al /, '');
      return `Ahora: ${day}, sin año. Elige la fecha con su año; vacía, queda como está.`;
    }
    return 'Vacías las dos, la página no muestra fechas.';
  }
  if (isSpots(f)) return 'Un número entero. Vacío: la página no habla de lugares disponibles.';
  if (isAmount(f)) return 'En dólares, con hasta 2 decimales (por ejemplo 270 o 17,50).';
  return 'Se muestra tachado junto al precio. Vacío: no se muestra.';
}

const shown = (f: CatalogueField, value: number | string | null) =>
  isDate(f) ? withYear(value as string | null) : value === null ? '' : String(value).replace('.', ',');

/** What the coach typed, as the catalogue stores it: a number, a date, or null for an empty optional field. */
function parsed(f: CatalogueField, text: string): unknown {
  const value = text.trim();
  if (isDate(f)) return value === '' ? null : value;
  if (value === '') return null;
  const number = Number(value.replace(/\s/g, '').replace(',', '.'));
  return Number.isNaN(number) ? value : number;
}

function GroupForm({ group, current }: { group: Group; current: Catalogue }) {
  const queryClient = useQueryClient();
  const source = useCatalogueSource();
  const headingId = useId();
  const initial = () => Object.fromEntries(group.fields.map((f) => [f, shown(f, current[f])])) as Record<string, string>;
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<CatalogueField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    ...catalogueMutations.save(),
    onSuccess: (data) => {
      queryClient.setQueryData(catalogueQueries.key(), data);
      // The pages opened from now on in this visit show the new values too.
      source.set({ ...data.catalogue, version: data.version, currency: data.currency });
      setValues(Object.fromEntries(group.fields.map((f) => [f, shown(f, data.catalogue[f])])));
      setDone('Guardado: las páginas ya muestran los nuevos valores.');
    },
    onError: (error) => setAlert(error.message),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setDone(null);
    setAlert(null);
    const changes: Record<string, unknown> = {};
    for (const f of group.fields) {
      const value = parsed(f, values[f]!);
      // An empty date input over a date without a year leaves it as it is.
      if (isDate(f) && value === null && !withYear(current[f] as string | null) && current[f] !== null) continue;
      if (value !== current[f]) changes[f] = value;
    }
    if (Object.keys(changes).length === 0) return setDone('No había cambios que guardar.');
    const checked = checkCatalogueChange(current, changes);
    if (!checked.ok) {
      setProblems(Object.fromEntries(checked.problems.filter((p) => p.field).map((p) => [p.field, p.message])));
      const elsewhere = checked.problems.filter((p) => !p.field || !group.fields.includes(p.field));
      setAlert(elsewhere.length ? elsewhere.map((p) => p.message).join(' ') : 'Revisa los datos marcados.');
      return;
    }
    setProblems({});
    save.mutate(checked.changes as CataloguePatch);
  };
  return (
    <form className={page.group} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {group.title}
      </h2>
      <p className={page.lead}>{group.lead}</p>
      {group.fields.map((f) => (
        <Field
          key={f}
          id={`${group.id}-${f}`}
          label={label(f)}
          hint={hint(f, current)}
          error={problems[f]}
          type={isDate(f) ? 'date' : 'text'}
          inputMode={isDate(f) ? undefined : isSpots(f) ? 'numeric' : 'decimal'}
          value={values[f]}
          onChange={(e) => {
            const value = e.target.value;
            setValues((v) => ({ ...v, [f]: value }));
            setDone(null);
          }}
        />
      ))}
      <SaveRow alert={alert} pending={save.isPending} done={done} />
    </form>
  );
}

function History({ data, onRestored }: { data: CoachCatalogue; onRestored: () => void }) {
  const queryClient = useQueryClient();
  const source = useCatalogueSource();
  const restore = useMutation({
    ...catalogueMutations.restore(),
    onSuccess: (next) => {
      queryClient.setQueryData(catalogueQueries.key(), next);
      source.set({ ...next.catalogue, version: next.version, currency: next.currency });
      onRestored();
    },
  });
  return <VersionHistory headingId="catalogo-historial" current={data.version} history={data.history} labels={CATALOGUE_LABELS} restore={restore} />;
}

export function CataloguePage() {
  const query = useQuery(catalogueQueries.current());
  // The forms start again from the catalogue after a restore (a save keeps them, with their «Guardado»).
  const [restores, setRestores] = useState(0);
  return (
    <div className={styles.page}>
      <title>Catálogo · Panel de la coach · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Catálogo</h1>
        <p className={styles.lead}>
          Precios, cupos y fechas de tus propuestas, en dólares. Lo que guardas aquí se ve enseguida en las páginas de venta, y es lo que se cobra en el sitio.
        </p>
      </header>
      {query.isPending ? (
        <Skeleton shape="generic" part="body" />
      ) : query.isError ? (
        <LoadError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          {GROUPS.map((g) => (
            <GroupForm key={`${g.id}-${restores}`} group={g} current={query.data.catalogue} />
          ))}
          <History data={query.data} onRestored={() => setRestores((n) => n + 1)} />
        </>
      )}
    </div>
  );
}
