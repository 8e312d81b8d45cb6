// The settings screen: the start button first, under the settings in one line; that line opens every setting
// (each phase on or off, its minutes, its guided audio; the sounds) when the meditator wants to change them.
import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import {
  BACKGROUNDS,
  GONGS,
  MAX_PHASE_MINUTES,
  MIN_PHASE_MINUTES,
  NO_PHASE_HINT,
  PHASES,
  PREMIUM_ALERT,
  VOLUME_STEP,
  type PhaseId,
} from '../../../../../course/meditation';
import { Button } from '../../../components/Button/Button';
import { activePhaseIds, settingsSummary, snapVolume, type MeditationSettings } from '../settings';
import { minutesText } from './format';
import styles from './MeditationTool.module.css';

type SettingsPanelProps = {
  settings: MeditationSettings;
  premium: boolean;
  onChange: (next: MeditationSettings) => void;
  onStart: () => void;
  headingRef: Ref<HTMLHeadingElement>;
};

type General = MeditationSettings['settings'];
type PhaseMap = 'activePhases' | 'activeGuidedMeditations' | 'phaseDurations';

const SWITCHES = [
  ['enableGong', 'Gong entre fases'],
  ['enableVoice', 'Voz que anuncia cada fase'],
  ['enableIntro', 'Introducción guiada'],
] as const;

function Toggle({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className={styles.toggle}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

type SoundSelectProps<Id extends string> = {
  label: string;
  sounds: readonly { id: Id; name: string; premium: boolean }[];
  value: Id;
  premium: boolean;
  onChoose: (id: Id) => void;
};

/**
 * A gong or background. Premium sounds are listed (and reachable) for everyone, marked as such; choosing one
 * without role 7 gives the premium alert and the choice stays as it was.
 */
function SoundSelect<Id extends string>({ label, sounds, value, premium, onChoose }: SoundSelectProps<Id>) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <select
        value={value}
        onChange={(event) => {
          const sound = sounds.find((s) => s.id === event.target.value);
          if (!sound) return;
          if (sound.premium && !premium) window.alert(PREMIUM_ALERT);
          else onChoose(sound.id);
        }}
      >
        {sounds.map((sound) => (
          <option key={sound.id} value={sound.id}>
            {sound.premium ? `${sound.name} (Premium)` : sound.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function SettingsPanel({ settings, premium, onChange, onStart, headingRef }: SettingsPanelProps) {
  const id = useId();
  const active = activePhaseIds(settings);
  const general = settings.settings;

  const setPhase = <K extends PhaseMap>(key: K, phase: PhaseId, value: MeditationSettings[K][PhaseId]) =>
    onChange({ ...settings, [key]: { ...settings[key], [phase]: value } });
  const setGeneral = (change: Partial<General>) => onChange({ ...settings, settings: { ...general, ...change } });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStart();
  };

  return (
    <form className={styles.screen} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.screenTitle}>
        Prepara tu meditación
      </h2>

      {/* Closed at first: on a phone the seven cards would push the start button three screens down. */}
      <details className={styles.settings}>
        <summary className={styles.summary}>
          <span className="sr-only">Ajustes de la meditación: </span>
          <span className={styles.summaryText}>{settingsSummary(settings)}</span>
          <span className={styles.summaryAction} aria-hidden="true">
            Ajustar
          </span>
        </summary>
        <div className={styles.settingsBody}>
          <section className={styles.group} aria-labelledby={`${id}-phases`}>
            <h3 id={`${id}-phases`} className={styles.subTitle}>
              Las siete fases
            </h3>
            <p className={styles.hint}>Activa las fases que quieras recorrer hoy y elige cuántos minutos le das a cada una.</p>
            <ol className={styles.phases}>
              {PHASES.map((phase) => {
                const on = settings.activePhases[phase.id];
                const minutes = settings.phaseDurations[phase.id];
                return (
                  <li key={phase.id} className={styles.phase} data-active={on || undefined}>
                    <div className={styles.phaseHead}>
                      <h4 className={styles.phaseName}>{phase.name}</h4>
                      <Toggle checked={on} onChange={(checked) => setPhase('activePhases', phase.id, checked)}>
                        Incluir <span className="sr-only">la fase {phase.name}</span>
                      </Toggle>
                    </div>
                    <p className={styles.phaseDescription}>{phase.description}</p>
                    <div className={styles.duration}>
                      <label htmlFor={`${id}-${phase.id}-minutes`}>
                        Duración <span className="sr-only">de {phase.name}</span>
                      </label>
                      <input
                        id={`${id}-${phase.id}-minutes`}
                        type="range"
                        min={MIN_PHASE_MINUTES}
                        max={MAX_PHASE_MINUTES}
                        step={1}
                        value={minutes}
                        aria-valuetext={minutesText(minutes)}
                        onChange={(event) => setPhase('phaseDurations', phase.id, Number(event.target.value))}
                      />
                      <output htmlFor={`${id}-${phase.id}-minutes`} className={styles.value}>
                        {minutes} min
                      </output>
                    </div>
                    <Toggle checked={settings.activeGuidedMeditations[phase.id]} onChange={(checked) => setPhase('activeGuidedMeditations', phase.id, checked)}>
                      Meditación guiada <span className="sr-only">de {phase.name}</span>
                    </Toggle>
                  </li>
                );
              })}
            </ol>
          </section>

          <section className={styles.group} aria-labelledby={`${id}-sounds`}>
            <h3 id={`${id}-sounds`} className={styles.subTitle}>
              Sonidos y guía
            </h3>
            <div className={styles.sounds}>
              <SoundSelect
                label="Música de fondo"
                sounds={BACKGROUNDS}
                value={general.background}
                premium={premium}
                onChoose={(background) => setGeneral({ background })}
              />
              <div className={styles.field}>
                <label htmlFor={`${id}-volume`}>Volumen de la música</label>
                <div className={styles.duration}>
                  <input
                    id={`${id}-volume`}
                    type="range"
                    min={0}
                    max={1}
                    step={VOLUME_STEP}
                    value={settings.backgroundVolume}
                    disabled={general.background === 'none'}
                    aria-valuetext={`${Math.round(settings.backgroundVolume * 100)} %`}
                    onChange={(event) => onChange({ ...settings, backgroundVolume: snapVolume(Number(event.target.value)) })}
                  />
                  <output htmlFor={`${id}-volume`} className={styles.value}>
                    {Math.round(settings.backgroundVolume * 100)} %
                  </output>
                </div>
              </div>
              <SoundSelect label="Sonido del gong" sounds={GONGS} value={general.gong} premium={premium} onChoose={(gong) => setGeneral({ gong })} />
            </div>
            {premium ? null : <p className={styles.hint}>Los sonidos marcados como Premium se desbloquean con el programa completo.</p>}
            <div className={styles.switches}>
              {SWITCHES.map(([key, label]) => (
                <Toggle key={key} checked={general[key]} onChange={(on) => setGeneral({ [key]: on })}>
                  {label}
                </Toggle>
              ))}
            </div>
          </section>
        </div>
      </details>

      <div className={styles.startRow}>
        <Button type="submit" disabled={active.length === 0} aria-describedby={active.length === 0 ? `${id}-hint` : undefined}>
          Comenzar Meditación
        </Button>
        {active.length === 0 ? (
          <p id={`${id}-hint`} className={styles.warning}>
            {NO_PHASE_HINT}
          </p>
        ) : null}
      </div>
    </form>
  );
}
