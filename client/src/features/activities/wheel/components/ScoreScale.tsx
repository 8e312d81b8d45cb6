// The 11 round buttons, 0 to 10, as one radio group. Choosing a score moves the wizard on, so the arrow
// keys only move the focus (Home/End to the ends) and Enter or Space chooses: a radio group whose arrows
// also chose would rate every score they pass.
import { useRef, useState, type KeyboardEvent } from 'react';
import { MAX_SCORE, MIN_SCORE } from '../../../../../../course/areas';
import styles from './LifeWheel.module.css';

const SCORES = Array.from({ length: MAX_SCORE - MIN_SCORE + 1 }, (_, i) => MIN_SCORE + i);

type ScoreScaleProps = {
  /** The id of the element that names the group (the area's title). */
  labelledBy: string;
  describedBy: string;
  value: number | undefined;
  /** While true, choices are ignored (a save is on its way); the buttons keep their focus. */
  busy: boolean;
  onChoose: (score: number) => void;
};

export function ScoreScale({ labelledBy, describedBy, value, busy, onChoose }: ScoreScaleProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The button that takes the Tab stop: the one last focused inside, else the chosen score, else 0.
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? value ?? MIN_SCORE;

  const move = (event: KeyboardEvent, score: number) => {
    const to: Record<string, number> = {
      ArrowRight: Math.min(score + 1, MAX_SCORE),
      ArrowDown: Math.min(score + 1, MAX_SCORE),
      ArrowLeft: Math.max(score - 1, MIN_SCORE),
      ArrowUp: Math.max(score - 1, MIN_SCORE),
      Home: MIN_SCORE,
      End: MAX_SCORE,
    };
    const target = to[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target - MIN_SCORE]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      className={styles.scale}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
      }}
    >
      {SCORES.map((score) => (
        <button
          key={score}
          ref={(element) => {
            buttons.current[score - MIN_SCORE] = element;
          }}
          type="button"
          role="radio"
          aria-checked={value === score}
          aria-disabled={busy || undefined}
          tabIndex={score === tabStop ? 0 : -1}
          className={styles.score}
          onFocus={() => setFocused(score)}
          onKeyDown={(event) => move(event, score)}
          onClick={() => {
            if (!busy) onChoose(score);
          }}
        >
          {score}
        </button>
      ))}
    </div>
  );
}
