// When a session was last used, as a person says it: «hace un momento», «hace 5 minutos», «hace 3 horas», «ayer»,
// then the date («12 de noviembre», with the year when it is another one).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });
const sameYear = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long' });
const otherYear = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric' });

export function lastUsedText(at: Date, now: Date = new Date()): string {
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'hace un momento';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 2 * DAY) return 'ayer';
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return `el ${(at.getFullYear() === now.getFullYear() ? sameYear : otherYear).format(at)}`;
}
