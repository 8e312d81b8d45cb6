// The 7-phase meditation tool (activities.md, Activity 5): settings → playing → summary. The timeline lives in
// the engine; this view keeps the settings, records a signed-in user's session when it ends, and offers the
// revelation and the meditator's history.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { minutesMeditated, NO_PHASE_ALERT } from '../../../../../course/meditation';
import { ApiError } from '../../../api/errors';
import { Button } from '../../../components/Button/Button';
import { newIdempotencyKey } from '../../../api/client';
import { meditationMutations, meditationQueries, browserTimeZone } from '../api/meditation-queries';
import type { SummarySnapshot } from '../engine/engine';
import { useMeditation, type MeditationPorts } from '../engine/useMeditation';
import { allowedFor, loadSettings, planOf, saveSettings, type MeditationSettings } from '../settings';
import { useMeditator } from '../viewer';
import { minutesText } from './format';
import { MeditationJournal } from './MeditationJournal';
import styles from './MeditationTool.module.css';
import { PlayingView } from './PlayingView';
import { RevelationForm } from './RevelationForm';
import { SettingsPanel } from './SettingsPanel';

type MeditationToolProps = MeditationPorts & {
  /** Shown under the settings and the summary (not while meditating), e.g. the activity's completion. */
  footer?: ReactNode;
  /** A 401 on a save: the session ended. */
  onSessionExpired?: () => void;
};

/** Records a signed-in user's finished or stopped session once (seconds > 0) and keeps the history fresh. */
function useRecordSession(summary: SummarySnapshot | null, signedIn: boolean) {
  const queryClient = useQueryClient();
  const record = useMutation({
    ...meditationMutations.recordSession(),
    onSuccess: (history, { timeZone }) => queryClient.setQueryData(meditationQueries.history(timeZone).queryKey, history),
    onError: (error) => console.error('No se pudo registrar la sesión de meditación.', error instanceof ApiError ? error.message : error),
  });
  const recordedRun = useRef(0);
  const { mutate } = record;

  useEffect(() => {
    if (!summary || !signedIn || summary.totalSeconds <= 0 || recordedRun.current === summary.run) return;
    recordedRun.current = summary.run;
    mutate({
      seconds: summary.totalSeconds,
      activePhases: [...summary.phases],
      outcome: summary.outcome,
      timeZone: browserTimeZone(),
      idempotencyKey: newIdempotencyKey(),
    });
  }, [summary, signedIn, mutate]);

  return record;
}

export function MeditationTool({ audio, clock, footer, onSessionExpired }: MeditationToolProps) {
  const summaryId = useId();
  const { signedIn, premium } = useMeditator();
  const [stored, setStored] = useState(loadSettings);
  // A premium sound kept from before is not played for someone without the role.
  const settings = allowedFor(stored, premium);
  const { snapshot, start, finish, reset } = useMeditation({ audio, clock });
  const summary = snapshot.status === 'summary' ? snapshot : null;
  const record = useRecordSession(summary, signedIn);

  // Each new screen takes the focus at its heading, so keyboard and screen-reader users land on it.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(snapshot.status);
  useEffect(() => {
    if (shown.current === snapshot.status) return;
    shown.current = snapshot.status;
    heading.current?.focus();
  }, [snapshot.status]);

  const change = (next: MeditationSettings) => {
    setStored(next);
    saveSettings(next);
  };

  const begin = () => {
    if (!start(planOf(settings))) window.alert(NO_PHASE_ALERT);
  };

  const again = () => {
    record.reset();
    reset();
  };

  switch (snapshot.status) {
    case 'settings':
      return (
        <div className={styles.tool}>
          <SettingsPanel settings={settings} premium={premium} onChange={change} onStart={begin} headingRef={heading} />
          {signedIn ? <MeditationJournal /> : null}
          {footer}
        </div>
      );
    case 'playing':
      return (
        <div className={styles.tool}>
          <PlayingView snapshot={snapshot} onFinish={finish} headingRef={heading} />
        </div>
      );
    case 'summary': {
      const minutes = minutesMeditated(snapshot.totalSeconds);
      return (
        <div className={styles.tool}>
          <section className={styles.screen} aria-labelledby={summaryId}>
            <h2 id={summaryId} ref={heading} tabIndex={-1} className={styles.screenTitle}>
              {snapshot.outcome === 'completed' ? 'Meditación completada' : 'Meditación finalizada'}
            </h2>
            <p className={styles.minutes}>
              Meditaste <strong>{minutesText(minutes)}</strong>.
            </p>
            <p className={styles.hint}>
              {snapshot.outcome === 'completed'
                ? 'Quédate un momento en silencio. Nota cómo está tu cuerpo y qué queda resonando en ti.'
                : 'Cada minuto cuenta. Nota cómo te sientes ahora, sin juzgarte.'}
            </p>
            {record.isError ? (
              <p className={styles.error} role="alert">
                No pudimos guardar esta sesión en tu historial.{' '}
                <button type="button" className={styles.linkButton} onClick={() => record.variables && record.mutate(record.variables)}>
                  Reintentar
                </button>
              </p>
            ) : null}
            <Button onClick={again} className={styles.start}>
              Meditar de Nuevo
            </Button>
          </section>
          <RevelationForm key={snapshot.run} totalSeconds={snapshot.totalSeconds} signedIn={signedIn} onSessionExpired={onSessionExpired} />
          {signedIn ? <MeditationJournal /> : null}
          {footer}
        </div>
      );
    }
    default: {
      const unknown: never = snapshot;
      return unknown;
    }
  }
}
