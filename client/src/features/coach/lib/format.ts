// Dates, times and numbers as the coach reads them, in Spanish and in the browser's time zone.

const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });
const longDate = new Intl.DateTimeFormat('es', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const calendarDay = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const clock = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit' });
const moment = new Intl.DateTimeFormat('es', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const integer = new Intl.NumberFormat('es');
const percent = new Intl.NumberFormat('es', { style: 'percent', maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** 'hace 3 horas', 'ayer', 'ahora': the largest whole unit between `iso` and `now`. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('es') + text.slice(1);

/** 'Lunes, 3 de marzo de 2025': the timeline's day headings. */
export const formatLongDate = (iso: string) => capitalised(longDate.format(new Date(iso)));
/** '3 mar 2025'. */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));
/** '3 de marzo de 2025, 14:05'. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** A calendar day, 'YYYY-MM-DD' → '3 de marzo de 2025' (no time zone: it names a day, not an instant). */
export const formatDay = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));
/** 'viernes, 28 de noviembre, 10:00': a moment of the coming weeks (a send's hour). */
export const formatMoment = (iso: string) => moment.format(new Date(iso));
/** '14:05'. */
export const formatTime = (iso: string) => clock.format(new Date(iso));
export const formatCount = (n: number) => integer.format(n);
export const formatUsd = (n: number) => usd.format(n);

/** A share as a percentage, or '—' when there is nothing to divide by. */
export const formatRate = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');

/** The local calendar day of an instant, 'YYYY-MM-DD': the key the timeline groups by. */
export function localDay(iso: string | Date): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The day `days` before (negative: after) a 'YYYY-MM-DD', as a 'YYYY-MM-DD'. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
