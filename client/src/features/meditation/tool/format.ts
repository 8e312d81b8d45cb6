// How the meditation's numbers read in Spanish.
import { minutesMeditated } from '../../../../../course/meditation';

export const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;

/** A countdown: '04:59', '15:00'. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

export function streakText(days: number): string {
  if (days === 1) return 'Racha: 1 día';
  return days === 0 ? 'Racha: 0 días' : `Racha: ${days} días seguidos`;
}

const DATE = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' });

/** '12 de marzo de 2026, 18:30', in the visitor's own time zone. */
export const dateText = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE.format(date);
};

/**
 * The time meditated, as the summary says it: whole minutes rounded down (5 min 59 s is '5 minutos'), and under
 * one minute the seconds ('45 segundos'), so a short session never reads as 0 minutes.
 */
export function playedText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole >= 60) return minutesText(minutesMeditated(whole));
  return `${whole} ${whole === 1 ? 'segundo' : 'segundos'}`;
}
