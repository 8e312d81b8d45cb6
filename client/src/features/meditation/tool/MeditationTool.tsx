// The 7-phase meditation tool (activity 5): settings → playing (pause, skip, volume) → summary.
// The timeline lives in the engine; this view keeps the settings, records a signed-in meditator's session when
// it ends (kept in this browser first, so a session meditated offline is sent when the network returns), and
// offers the revelation and the meditator's history.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { MIN_RECORDED_SECONDS, NO_PHASE_ALERT } from '../../../../../course/meditation';
import { Button } from '../../../components/Button/Button';
import { browserTimeZone, meditationQueries, type MeditationHistory } from '../api/meditation-queries';
import { usePlacements } from '../../../lib/placements';
import type { SummarySnapshot } from '../engine/engine';
import { soundAddress } from '../engine/sound-address';
import { useMeditation, type MeditationPorts } from '../engine/useMeditation';
import { onMeditationSynced, retryMeditationWrite, submitMeditationWrite, type SendResult } from '../offline/sync';
import { soundsOf, warmSounds } from '../offline/warm-sounds';
import { allowedFor, loadSettings, planOf, saveSettings, type MeditationSettings } from '../settings';
import { useMeditator } from '../viewer';
import { playedText } from './format';
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

type Recording = { status: 'idle' } | { status: 'saving' } | SendResult;

/**
 * Records a meditator's finished or stopped session once, from one whole minute on. The write waits in this
 * browser until the server has it, with one Idempotency-Key for all its tries.
 */
function useRecordSession(summary: SummarySnapshot | null, owner: string | null) {
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState<Recording>({ status: 'idle' });
  const recorded = useRef<{ run: number; key: string | null }>({ run: 0, key: null });

  const settle = useCallback(
    (result: SendResult) => {
      if (result.status === 'sent' && result.data) {
        queryClient.setQueryData(meditationQueries.history(browserTimeZone()).queryKey, result.data as MeditationHistory);
      }
      setRecording(result);
    },
    [queryClient],
  );

  useEffect(() => {
    if (!summary || !owner || summary.totalSeconds < MIN_RECORDED_SECONDS || recorded.current.run === summary.run) return;
    recorded.current = { run: summary.run, key: null };
    setRecording({ status: 'saving' });
    void submitMeditationWrite(owner, {
      kind: 'meditation.session',
      body: {
        seconds: summary.totalSeconds,
        activePhases: [...summary.phases],
        outcome: summary.outcome,
        timeZone: browserTimeZone(),
        endedAt: new Date().toISOString(),
      },
    }).then(({ key, result }) => {
      recorded.current.key = key;
      settle(result);
    });
  }, [summary, owner, settle]);

  const retry = () => {
    const { key } = recorded.current;
    if (!owner || !key) return;
    setRecording({ status: 'saving' });
    void retryMeditationWrite(owner, key, 'meditation.session').then(settle);
  };

  return { recording, retry };
}

/** Sessions or revelations sent in the background (back online): the history and the list are asked again. */
function useFreshAfterSync() {
  const queryClient = useQueryClient();
  useEffect(() => onMeditationSynced(() => void queryClient.invalidateQueries({ queryKey: meditationQueries.all() })), [queryClient]);
}

function RecordingNote({ recording, onRetry }: { recording: Recording; onRetry: () => void }) {
  if (recording.status === 'waiting' && recording.reason === 'offline') {
    return (
      <p className={styles.notice} role="status">
        Estás sin conexión: guardamos esta sesión en este dispositivo y la sumamos a tu historial en cuanto vuelvas a tener conexión.
      </p>
    );
  }
  if (recording.status === 'waiting' || recording.status === 'rejected') {
    return (
      <p className={styles.error} role="alert">
        No pudimos guardar esta sesión en tu historial.{' '}
        {recording.status === 'waiting' ? (
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            Reintentar
          </button>
        ) : null}
      </p>
    );
  }
  return null;
}

export function MeditationTool({ audio, clock, wakeLock, footer, onSessionExpired }: MeditationToolProps) {
  const summaryId = useId();
  const { signedIn, premium, owner, offline } = useMeditator();
  const [stored, setStored] = useState(loadSettings);
  // A premium sound kept from before is not played for someone without the role.
  const settings = allowedFor(stored, premium);
  // The coach's own recordings, where she has put them, instead of the site's voice and backgrounds.
  const placed = usePlacements();
  const address = useMemo(() => soundAddress(placed), [placed]);
  const { snapshot, start, pause, resume, skip, setVolume, finish, reset } = useMeditation({ audio, clock, wakeLock }, address);
  const summary = snapshot.status === 'summary' ? snapshot : null;
  const { recording, retry } = useRecordSession(summary, owner);
  useFreshAfterSync();

  // The sounds of the meditation as set up now are kept for offline use (by the service worker, if any).
  const plan = planOf(settings);
  const sounds = soundsOf(plan, address).join(' ');
  useEffect(() => {
    if (!offline) warmSounds(sounds.split(' '));
  }, [sounds, offline]);

  // Each new screen takes the focus at its heading, so keyboard and screen-reader users land on it.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(snapshot.status);
  // A meditation starting on a phone: its card is brought up to fill the screen, controls included.
  useEffect(() => {
    if (shown.current === snapshot.status) return;
    shown.current = snapshot.status;
    const target = heading.current;
    if (snapshot.status !== 'playing') return target?.focus();
    target?.focus({ preventScroll: true });
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target?.closest('section')?.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [snapshot.status]);

  const change = (next: MeditationSettings) => {
    setStored(next);
    saveSettings(next);
  };

  const begin = () => {
    if (!start(plan)) window.alert(NO_PHASE_ALERT);
  };

  const changeVolume = (volume: number) => {
    setVolume(volume);
    change({ ...stored, volume });
  };

  switch (snapshot.status) {
    case 'settings':
      return (
        <div className={styles.tool}>
          {offline ? (
            <p className={styles.notice} role="status">
              Estás sin conexión. Puedes meditar igual: tu sesión queda guardada en este dispositivo y se suma a tu historial cuando vuelvas a tener conexión.
            </p>
          ) : null}
          <SettingsPanel settings={settings} premium={premium} onChange={change} onStart={begin} headingRef={heading} />
          {signedIn && !offline ? <MeditationJournal /> : null}
          {footer}
        </div>
      );
    case 'playing':
      return (
        <div className={styles.tool}>
          <PlayingView
            snapshot={snapshot}
            volume={settings.volume}
            onPause={pause}
            onResume={resume}
            onSkip={skip}
            onVolume={changeVolume}
            onFinish={finish}
            headingRef={heading}
          />
        </div>
      );
    case 'summary':
      return (
        <div className={styles.tool}>
          <section className={styles.screen} aria-labelledby={summaryId}>
            <h2 id={summaryId} ref={heading} tabIndex={-1} className={styles.screenTitle}>
              {snapshot.outcome === 'completed' ? 'Meditación completada' : 'Meditación finalizada'}
            </h2>
            <p className={styles.minutes}>
              Meditaste <strong>{playedText(snapshot.totalSeconds)}</strong>.
            </p>
            <p className={styles.hint}>
              {snapshot.outcome === 'completed'
                ? 'Quédate un momento en silencio. Nota cómo está tu cuerpo y qué queda resonando en ti.'
                : 'Cada minuto cuenta. Nota cómo te sientes ahora, sin juzgarte.'}
            </p>
            <RecordingNote recording={recording} onRetry={retry} />
            <Button onClick={reset} className={styles.start}>
              Meditar de Nuevo
            </Button>
          </section>
          <RevelationForm key={snapshot.run} totalSeconds={snapshot.totalSeconds} owner={owner} onSessionExpired={onSessionExpired} />
          {signedIn && !offline ? <MeditationJournal /> : null}
          {footer}
        </div>
      );
    default: {
      const unknown: never = snapshot;
      return unknown;
    }
  }
}
