// /coach/secuencias: the welcome mails after each free download — the first at once, the others on their day —
// with how many people started each sequence, how many are still in it and why the others left. Each mail opens
// its editor (SequenceStepPage).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Skeleton } from '../../../components/Skeleton/Skeleton';
import { sequenceQueries, type CoachSequence, type CoachStep } from '../api/sequences-queries';
import styles from '../coach.module.css';
import { LoadError } from '../components/LoadError';
import { formatCount } from '../lib/format';
import own from './SequencesPage.module.css';

/** The editor of one mail of a sequence. */
export const stepPath = (sequence: Pick<CoachSequence, 'page' | 'section'>, step: number) => `/coach/secuencias/${sequence.page}/${sequence.section}/${step}`;

/** «Al momento de la descarga», «Día 2». */
export const stepWhen = (step: Pick<CoachStep, 'step' | 'day'>) => (step.step === 1 ? 'Al momento de la descarga' : `Día ${step.day}`);

/** Whether the mail goes out, and whose words it carries. */
export function stepState(step: Pick<CoachStep, 'step' | 'written'>): string {
  if (step.written) return 'Escrito por ti';
  return step.step === 1 ? 'La bienvenida de siempre' : 'Sin escribir: no se envía';
}

const people = (n: number) => `${formatCount(n)} ${n === 1 ? 'persona' : 'personas'}`;

/** «2 se dieron de baja · 1 compró», the reasons with at least one person. */
function exits(exited: CoachSequence['counts']['exited']): string | null {
  const parts = [
    [exited.unsubscribed, 'se dio de baja', 'se dieron de baja'],
    [exited.bounced, 'tiene un correo que rebota', 'tienen un correo que rebota'],
    [exited.bought, 'compró', 'compraron'],
    [exited['signed-up'], 'creó su cuenta', 'crearon su cuenta'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${formatCount(n)} ${n === 1 ? one : many}`);
  return said.length ? said.join(' · ') : null;
}

function SequenceCard({ sequence }: { sequence: CoachSequence }) {
  const { counts } = sequence;
  const headingId = `secuencia-${sequence.page}-${sequence.section}`;
  const left = exits(counts.exited);
  return (
    <section className={own.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={own.title}>
        {sequence.label}
      </h2>
      <p className={own.counts}>
        {counts.enrolled === 0 ? 'Todavía nadie la empezó.' : `${people(counts.enrolled)} la empezaron; ${formatCount(counts.active)} siguen en ella.`}
        {left ? ` Salieron: ${left}.` : ''}
      </p>
      <ol className={own.steps} aria-label={`Correos de «${sequence.label}»`}>
        {sequence.steps.map((step) => (
          <li key={step.step} className={own.step}>
            <span className={own.when}>{stepWhen(step)}</span>
            <Link to={stepPath(sequence, step.step)} className={own.subject}>
              {step.subject ?? `Correo ${step.step}`}
            </Link>
            <span className={step.written || step.step === 1 ? own.meta : own.unwritten}>
              {stepState(step)}
              {counts.sent[step.step as 1 | 2 | 3] > 0 ? ` · enviado a ${people(counts.sent[step.step as 1 | 2 | 3])}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SequencesPage() {
  const query = useQuery(sequenceQueries.list());
  return (
    <div className={styles.page}>
      <title>Bienvenidas · Manifiesta</title>
      <header className={styles.pageHead}>
        <p className="eyebrow">Panel de la coach</p>
        <h1>Correos de bienvenida</h1>
        <p className={styles.lead}>
          Quien descarga uno de tus regalos recibe estos correos: el primero enseguida, los otros en el día que elijas. Si se da de baja, compra o crea su
          cuenta, deja de recibirlos.
        </p>
      </header>
      {query.isPending ? (
        <Skeleton shape="generic" part="body" />
      ) : query.isError ? (
        <LoadError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <div className={own.cards}>
          {query.data.map((sequence) => (
            <SequenceCard key={`${sequence.page}-${sequence.section}`} sequence={sequence} />
          ))}
        </div>
      )}
    </div>
  );
}
