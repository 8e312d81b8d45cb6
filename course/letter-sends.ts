// Sending a letter to the confirmed subscribers: the rules of a send and their Spanish messages, shared by the
// coach's desk (the send panel) and the server (decision 0020).

/** A send may be scheduled at most this many days ahead. */
export const MAX_SCHEDULE_DAYS = 60;

/** What a send is doing: waiting for its time, going out, held by the coach, stopped for good, or done. */
export const SEND_STATES = ['scheduled', 'sending', 'paused', 'cancelled', 'completed'] as const;
export type SendState = (typeof SEND_STATES)[number];

export const LETTER_SEND_MESSAGES = {
  alreadySent: 'Esta carta ya se envió a tus suscriptoras: cada carta sale una sola vez.',
  inProgress: 'Esta carta ya tiene un envío programado o en curso. Puedes pausarlo o cancelarlo desde aquí.',
  noSend: 'Esta carta todavía no tiene un envío.',
  letterNotFound: 'No encontramos esa carta.',
  atInvalid: 'La fecha del envío no es válida.',
  atPast: 'Elige un momento en el futuro para programar el envío, o envíala ahora.',
  atTooFar: `Puedes programar un envío hasta ${MAX_SCHEDULE_DAYS} días antes.`,
  notPausable: 'Este envío ya no se puede pausar: terminó o se canceló.',
  notResumable: 'Solo se puede reanudar un envío pausado.',
  notCancellable: 'Este envío ya terminó: no hay nada que cancelar.',
  scheduled: 'Envío programado.',
  sendingNow: 'La carta está saliendo hacia tus suscriptoras.',
  paused: 'Envío pausado: nadie más la recibirá hasta que lo reanudes.',
  resumed: 'Envío reanudado.',
  cancelled: 'Envío cancelado: quienes todavía no la recibieron ya no la recibirán.',
} as const;

/**
 * Checks a scheduled time (ISO 8601 text) against `now`: the message to show when it cannot be used, or null.
 * Absent: send now.
 */
export function scheduleProblem(at: string | undefined, now: number): string | null {
  if (at === undefined) return null;
  const time = Date.parse(at);
  if (Number.isNaN(time)) return LETTER_SEND_MESSAGES.atInvalid;
  if (time <= now) return LETTER_SEND_MESSAGES.atPast;
  if (time > now + MAX_SCHEDULE_DAYS * 86_400_000) return LETTER_SEND_MESSAGES.atTooFar;
  return null;
}
