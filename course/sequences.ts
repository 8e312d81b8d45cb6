// The welcome sequences after a lead magnet: which downloads have one, its three steps and their default days, and
// the rules of a step as the coach writes it. Shared by the server (which checks and sends) and the desk's editor.
// Plain checks with Spanish messages (no schema library), as course/newsletter.ts.
import { SEQUENCE_SOURCE } from './campaigns';
import { requiredTextProblem } from './text';

/** The lead magnets with a welcome sequence: the four downloads (the newsletter form has its own confirmation). */
export const SEQUENCE_SOURCES = [
  {
    page: 'nostalgia',
    section: 'fragmento',
    label: 'Audiolibro «Soltar el Pasado»',
    path: '/nostalgia',
    gift: 'el audiolibro «Soltar el Pasado»',
    welcomeSubject: 'Tu audiolibro «Soltar el Pasado» ya es tuyo',
  },
  {
    page: 'niveles',
    section: 'pdf',
    label: 'Guía de los niveles de conciencia',
    path: '/niveles',
    gift: 'la guía en PDF de los niveles de conciencia',
    welcomeSubject: 'Tu guía de los niveles de conciencia',
  },
  {
    page: 'afirmaciones',
    section: 'fragmento',
    label: 'Fragmento gratuito de afirmaciones',
    path: '/afirmaciones',
    gift: 'el fragmento gratuito del ebook de afirmaciones',
    welcomeSubject: 'Tu fragmento gratuito de afirmaciones',
  },
  {
    page: 'afirmaciones',
    section: 'ebook',
    label: 'Ebook completo de afirmaciones',
    path: '/afirmaciones',
    gift: 'el ebook completo de afirmaciones',
    welcomeSubject: 'Tu ebook de afirmaciones completo',
  },
] as const;
export type SequenceSource = (typeof SEQUENCE_SOURCES)[number];
export type SequencePage = SequenceSource['page'];
export type SequenceSection = SequenceSource['section'];

export const sequenceSourceOf = (page: string, section: string): SequenceSource | undefined =>
  SEQUENCE_SOURCES.find((s) => s.page === page && s.section === section);

/** Step 1 is the welcome that goes at once; steps 2 and 3 follow on their day. */
export const SEQUENCE_STEPS = [1, 2, 3] as const;
export type SequenceStep = (typeof SEQUENCE_STEPS)[number];
/** The days after the download each step is due, when the coach has not chosen others. */
export const DEFAULT_STEP_DAYS: Record<SequenceStep, number> = { 1: 0, 2: 2, 3: 5 };
export const isSequenceStep = (value: unknown): value is SequenceStep => value === 1 || value === 2 || value === 3;

export const MAX_STEP_SUBJECT = 120;
export const MAX_STEP_MARKDOWN = 20_000;
export const MIN_STEP_DAY = 1;
export const MAX_STEP_DAY = 30;
/** The campaign a sequence mail's links to this site carry, so the funnel attributes the visit to the step. */
export const sequenceUtm = (source: { page: string; section: string }, step: SequenceStep) =>
  ({ utm_source: SEQUENCE_SOURCE, utm_campaign: `${source.page}-${source.section}-${step}` }) as const;

/** A step written after a lead's moment for it went by is still sent to her within this many hours; later, not. */
export const LATE_STEP_HOURS = 24;

export const SEQUENCE_MESSAGES = {
  subject: 'Escribe el asunto del correo.',
  subjectTooLong: `El asunto puede tener hasta ${MAX_STEP_SUBJECT} caracteres.`,
  markdown: 'Escribe el texto del correo.',
  markdownTooLong: `El texto puede tener hasta ${MAX_STEP_MARKDOWN.toLocaleString('es')} caracteres.`,
  day: `Elige un día entre el ${MIN_STEP_DAY} y el ${MAX_STEP_DAY} después de la descarga.`,
  firstDay: 'El primer correo sale en el momento de la descarga: su día es el 0.',
  order: (before: number, day: number) => `Este correo tiene que salir después del anterior (día ${before}): elige un día mayor que ${before}, no ${day}.`,
  orderNext: (after: number, day: number) => `Este correo tiene que salir antes del siguiente (día ${after}): elige un día menor que ${after}, no ${day}.`,
  source: 'Esa descarga no tiene una secuencia de bienvenida.',
  step: 'Esa secuencia tiene tres correos: elige el 1, el 2 o el 3.',
  clearFirst: 'El primer correo es la bienvenida de la descarga: puedes cambiarlo, pero no quitarlo.',
  unwritten: 'Ese correo todavía no está escrito: escríbelo y guárdalo antes de enviarte una prueba.',
} as const;

export type StepText = { subject: string; markdown: string; day: number };
export type StepField = keyof StepText;

/** What is wrong with one field of a step, in Spanish (null: nothing): the desk says the same as the server. */
export function stepFieldProblem(step: SequenceStep, field: StepField, value: unknown): string | null {
  switch (field) {
    case 'subject':
      return requiredTextProblem(value, MAX_STEP_SUBJECT, { missing: SEQUENCE_MESSAGES.subject, tooLong: SEQUENCE_MESSAGES.subjectTooLong });
    case 'markdown':
      return requiredTextProblem(value, MAX_STEP_MARKDOWN, { missing: SEQUENCE_MESSAGES.markdown, tooLong: SEQUENCE_MESSAGES.markdownTooLong }, 'body');
    case 'day':
      if (step === 1) return value === 0 ? null : SEQUENCE_MESSAGES.firstDay;
      return Number.isInteger(value) && (value as number) >= MIN_STEP_DAY && (value as number) <= MAX_STEP_DAY ? null : SEQUENCE_MESSAGES.day;
    default: {
      const _never: never = field;
      return _never;
    }
  }
}

export const STEP_FIELDS = ['subject', 'markdown', 'day'] as const satisfies readonly StepField[];

/** Every problem of a step's fields, by field. */
export function stepProblems(step: SequenceStep, fields: Partial<Record<StepField, unknown>>): Partial<Record<StepField, string>> {
  const problems: Partial<Record<StepField, string>> = {};
  for (const field of STEP_FIELDS) {
    const problem = stepFieldProblem(step, field, fields[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The problem with the days' order said for any two days: how the order messages begin. */
const ORDER_LEAD = 'Este correo tiene que salir';

/** Which field one of these messages is about (the server's answer, shown under its field), or none. */
export function stepFieldOfMessage(message: string): StepField | null {
  const m = SEQUENCE_MESSAGES;
  if (message === m.subject || message === m.subjectTooLong) return 'subject';
  if (message === m.markdown || message === m.markdownTooLong) return 'markdown';
  if (message === m.day || message === m.firstDay || message.startsWith(ORDER_LEAD)) return 'day';
  return null;
}

/**
 * Whether a step's day keeps the written steps in order (strictly increasing days): `days` are the other written
 * steps' days (an unwritten step has none). Null: in order.
 */
export function stepOrderProblem(step: SequenceStep, day: number, days: Partial<Record<SequenceStep, number>>): string | null {
  for (const other of SEQUENCE_STEPS) {
    const otherDay = other === 1 ? 0 : days[other];
    if (other === step || otherDay === undefined) continue;
    if (other < step && otherDay >= day) return SEQUENCE_MESSAGES.order(otherDay, day);
    if (other > step && otherDay <= day) return SEQUENCE_MESSAGES.orderNext(otherDay, day);
  }
  return null;
}

/**
 * The welcome (step 1) of a download when the coach has not written her own: the words the site always sent, in
 * Markdown. The greeting, the sign-off and the footer are not part of it: every mail of a sequence adds them.
 */
export function defaultWelcome(source: { gift: string; path: string; welcomeSubject: string }): StepText {
  const markdown = [
    `Gracias por confiar en este espacio. Ya tienes ${source.gift}.`,
    `Si la descarga no empezó o quieres volver a verlo, siempre lo encuentras [aquí](${source.path}).`,
    'Tómate un momento tranquilo para recibirlo, sin apuro. Lo que hoy empieza como una lectura o una escucha puede convertirse en un cambio real cuando lo llevas a tu día a día.',
    'Cada tanto te voy a escribir con herramientas, reflexiones y prácticas para acompañarte.',
  ].join('\n\n');
  return { subject: source.welcomeSubject, markdown, day: 0 };
}
