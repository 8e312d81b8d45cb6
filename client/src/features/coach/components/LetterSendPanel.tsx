// «Enviar a tus suscriptoras» for one letter (decision 0020): send it now or at a day and hour of the coach's own
// clock (said back in words before she confirms), then pause, resume or cancel it, each after an inline
// confirmation; the counts refresh by themselves while it goes out, with the visits and purchases the letter's links
// brought (decision 0022). Self-contained: the editor gives it the letter's id and status.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ATTRIBUTION_DAYS } from '../../../../../course/campaigns';
import { LETTER_SEND_MESSAGES, scheduleProblem } from '../../../../../course/letter-sends';
import { Button } from '../../../components/Button/Button';
import { letterSendMutations, letterSendQueries, type LetterAttribution, type LetterSend, type SendAct } from '../api/letter-send-queries';
import { formatCount, formatMoment } from '../lib/format';
import desk from '../coach.module.css';
import styles from './LetterSendPanel.module.css';

/** «el viernes, 28 de noviembre, 10:00», in the coach's time zone. */
export const inHerWords = (iso: string) => `el ${formatMoment(iso)}`;

const STATE_TEXT: Record<LetterSend['state'], (send: LetterSend) => string> = {
  scheduled: (s) => `Programada: saldrá ${inHerWords(s.scheduledAt)}.`,
  sending: () => 'Saliendo hacia tus suscriptoras.',
  paused: () => 'En pausa: nadie más la recibirá hasta que la reanudes.',
  cancelled: () => 'Envío cancelado.',
  completed: (s) => (s.completedAt ? `Enviada: terminó ${inHerWords(s.completedAt)}.` : 'Enviada.'),
};

/** What each act asks before it goes, and its button. */
const CONFIRM: Record<SendAct, { question: (at?: string) => string; yes: string }> = {
  send: {
    question: (at) =>
      at
        ? `¿Programar la carta para ${inHerWords(at)}? Irá a todas tus suscriptoras confirmadas.`
        : '¿Enviar la carta ahora a todas tus suscriptoras confirmadas?',
    yes: 'Sí, enviar',
  },
  pause: { question: () => '¿Pausar el envío? Quienes ya la recibieron la conservan; el resto espera a que lo reanudes.', yes: 'Sí, pausar' },
  resume: { question: () => '¿Reanudar el envío desde donde quedó?', yes: 'Sí, reanudar' },
  cancel: { question: () => '¿Cancelar el envío? Quienes todavía no la recibieron ya no la recibirán. No se puede deshacer.', yes: 'Sí, cancelar' },
};

export const ATTRIBUTION_NOTE = `Visitas: personas que abrieron el sitio desde un enlace de la carta. Compras: quienes llegaron así y pagaron en los ${ATTRIBUTION_DAYS} días siguientes; si antes de comprar volvieron desde otro correo, la compra cuenta para ese.`;

/** The send's counts (when it went out) and what the letter's links brought (whenever they brought something). */
function Counts({ send, attribution }: { send: LetterSend | null; attribution: LetterAttribution }) {
  const rows: [string, number][] = [
    ...(send
      ? ([
          ['Suscriptoras', send.total],
          ['Enviadas', send.sent],
          ['Por salir', send.queued],
          ['Fallidas', send.failed],
          ['No enviadas', send.skipped],
          ['Se dieron de baja con esta carta', send.unsubscribedAfter],
        ] as [string, number][])
      : []),
    ['Visitas desde la carta', attribution.visits],
    ['Compras después de leerla', attribution.purchases],
  ];
  return (
    <>
      <dl className={styles.counts} aria-label="Cuentas del envío">
        {rows.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatCount(n)}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>{ATTRIBUTION_NOTE}</p>
    </>
  );
}

export function LetterSendPanel({ letterId, status }: { letterId: string; status: 'draft' | 'published' }) {
  const queryClient = useQueryClient();
  const send = useQuery(letterSendQueries.send(letterId));
  const [asking, setAsking] = useState<{ act: SendAct; at?: string } | null>(null);
  const [later, setLater] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const timeId = useId();
  const errorId = useId();

  const act = useMutation({
    ...letterSendMutations.act(letterId),
    onSuccess: ({ send: after, message }) => {
      setAsking(null);
      setSaid(message);
      setLater('');
      queryClient.setQueryData(letterSendQueries.send(letterId).queryKey, (before) => before && { ...before, send: after });
    },
    onError: (error) => {
      setAsking(null);
      setProblem(error.message);
    },
  });

  const ask = (next: { act: SendAct; at?: string }) => {
    setProblem(null);
    setSaid(null);
    setAsking(next);
  };
  const schedule = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // A datetime-local value is the coach's own clock: Date reads it so, and sends it with its offset (UTC).
    const at = later ? new Date(later).toISOString() : undefined;
    const wrong = at ? scheduleProblem(at, Date.now()) : LETTER_SEND_MESSAGES.atInvalid;
    if (wrong) return setProblem(wrong);
    ask({ act: 'send', at });
  };

  const current = send.data?.send ?? null;
  const attribution = send.data?.attribution;
  const canSend = !current || current.state === 'cancelled';
  const sendCounts = current && current.state !== 'scheduled' ? current : null;
  // Before a send, a test mail's link shared around may already have brought someone.
  const brought = attribution && (attribution.visits > 0 || attribution.purchases > 0);
  return (
    <section className={styles.panel} aria-labelledby={`${timeId}-title`}>
      <h2 id={`${timeId}-title`} className={styles.title}>
        Enviar a tus suscriptoras
      </h2>
      {send.isPending ? (
        <p>Cargando el envío...</p>
      ) : send.isError ? (
        <p className={styles.error} role="alert">
          {send.error.message}
        </p>
      ) : (
        <>
          {current && <p className={styles.state}>{STATE_TEXT[current.state](current)}</p>}
          {attribution && (sendCounts || brought) && <Counts send={sendCounts} attribution={attribution} />}
          {canSend && status === 'draft' && (
            <p className={styles.note}>Es un borrador: llegará por correo, pero no aparecerá en el archivo hasta que la publiques.</p>
          )}
          {asking ? (
            <div className={styles.confirm} role="group" aria-label="Confirmar">
              <p>{CONFIRM[asking.act].question(asking.at)}</p>
              <div className={styles.actions}>
                <Button disabled={act.isPending} onClick={() => act.mutate(asking)}>
                  {act.isPending ? 'Un momento...' : CONFIRM[asking.act].yes}
                </Button>
                <Button variant="secondary" disabled={act.isPending} onClick={() => setAsking(null)}>
                  Volver
                </Button>
              </div>
            </div>
          ) : canSend ? (
            <div className={styles.choices}>
              <Button onClick={() => ask({ act: 'send' })}>Enviar ahora</Button>
              <form className={styles.later} onSubmit={schedule} noValidate aria-label="Programar el envío">
                <label className={desk.filter} htmlFor={timeId}>
                  O programa el día y la hora
                  <input
                    id={timeId}
                    type="datetime-local"
                    value={later}
                    onChange={(e) => setLater(e.target.value)}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? errorId : undefined}
                  />
                </label>
                {later && !Number.isNaN(Date.parse(later)) && <p className={styles.note}>Saldrá {inHerWords(new Date(later).toISOString())}.</p>}
                <Button variant="secondary" type="submit">
                  Programar
                </Button>
              </form>
            </div>
          ) : (
            <div className={styles.actions}>
              {(current.state === 'scheduled' || current.state === 'sending') && (
                <Button variant="secondary" onClick={() => ask({ act: 'pause' })}>
                  Pausar
                </Button>
              )}
              {current.state === 'paused' && <Button onClick={() => ask({ act: 'resume' })}>Reanudar</Button>}
              {current.state !== 'completed' && (
                <Button variant="secondary" onClick={() => ask({ act: 'cancel' })}>
                  Cancelar el envío
                </Button>
              )}
            </div>
          )}
          {problem && (
            <p id={errorId} className={styles.error} role="alert">
              {problem}
            </p>
          )}
          {said && (
            <p className={styles.said} role="status">
              {said}
            </p>
          )}
        </>
      )}
    </section>
  );
}
