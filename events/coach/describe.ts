// Each event of a learner's journey in plain Spanish for the coach ("Calificó Finanzas con 4"), and the
// activity it belongs to (for the timeline's filter).
import { areaById } from '../../course/areas';
import { AREA_BELIEFS_ACTIVITY, BELIEF_THRESHOLD_ACTIVITY, DEEP_WHY_ACTIVITY, MEDITATION_ACTIVITY, WHEEL_ACTIVITY } from '../../course/activities';
import { minutesMeditated } from '../../course/meditation';
import { PRODUCTS, isProductId } from '../../course/products';
import { activityBySlug } from '../../course/syllabus';
import {
  DisplayNameChanged,
  EmailChanged,
  EmailChangeRequested,
  EmailChangeUndone,
  EmailVerified,
  PasswordChanged,
  PasswordResetRequested,
  RoleGranted,
  RoleRevoked,
  UserRegistered,
  VerificationRequested,
} from '../accounts/accounts.events';
import { BeliefGoalDeleted, BeliefGoalSaved } from '../belief-threshold/belief-threshold.events';
import { ActivityCompleted, ReflectionSaved } from '../course/course.events';
import { WhyAnswerSaved, WhyExerciseRestarted, WhyQuestionAsked, WhySelectionSaved } from '../deep-why/deep-why.events';
import { MeditationSessionCompleted, RevelationSaved } from '../meditation/meditation.events';
import { EntitlementGranted, EntitlementRevoked } from '../payments/payments.events';
import type { RecordedEvent } from '../store/types';
import { AreaDefinitionSaved, AreaRated } from '../wheel/wheel.events';
import { PersonForgotten } from '../erasure/erasure.events';
import { CoachNoteAdded } from './coach.events';

const area = (id: string) => areaById(id)?.title ?? id;
const activity = (slug: string) => activityBySlug(slug)?.title ?? slug;
const quote = (text: string, max = 80) => `«${text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text}»`;
const ROLE_NAMES: Record<number, string> = { 7: 'premium', 9: 'coach' };
const roleName = (role: number) => ROLE_NAMES[role] ?? `rol ${role}`;

/** Where a forgotten person's name would be. */
export const FORGOTTEN_PERSON = 'Persona eliminada';

export function describeEvent(e: RecordedEvent): string {
  if (UserRegistered.is(e)) return e.redacted ? `Creó su cuenta (${FORGOTTEN_PERSON})` : `Creó su cuenta como @${e.data.username}`;
  if (PersonForgotten.is(e))
    return e.data.subject.startsWith('user:')
      ? `${FORGOTTEN_PERSON}: pidió borrar su cuenta; sus textos y sus datos ya no se pueden leer`
      : `${FORGOTTEN_PERSON}: se olvidó su dirección de correo de las descargas y el boletín`;
  if (EmailVerified.is(e)) return 'Verificó su correo';
  if (VerificationRequested.is(e)) return 'Pidió un nuevo enlace de verificación';
  if (DisplayNameChanged.is(e)) return `Cambió su nombre a «${e.data.username}»`;
  // The addresses themselves stay out of the timeline: the account's current one is on the learner's page.
  if (PasswordResetRequested.is(e)) return 'Pidió un enlace para crear una nueva contraseña';
  if (PasswordChanged.is(e)) return e.data.how === 'reset' ? 'Creó una nueva contraseña con el enlace del correo' : 'Cambió su contraseña';
  if (EmailChangeRequested.is(e)) return 'Pidió cambiar su correo';
  if (EmailChanged.is(e)) return 'Confirmó su nuevo correo';
  if (EmailChangeUndone.is(e)) return 'Deshizo el cambio de correo: volvió a su correo anterior';
  if (RoleGranted.is(e)) {
    const paid = e.data.by.startsWith('payment:');
    return paid && e.data.role === 7 ? 'Pagó el curso completo: acceso premium activado' : `Recibió el rol ${roleName(e.data.role)}`;
  }
  if (RoleRevoked.is(e))
    return e.data.by.startsWith('payment:')
      ? // Access derived from every source: it ends only when this was the last one (the learner's roles say so).
        `Un pago suyo fue reembolsado o desconocido: ese pago deja de darle el acceso ${roleName(e.data.role)}`
      : `Se le quitó el rol ${roleName(e.data.role)}`;
  if (ActivityCompleted.is(e)) return `Completó «${activity(e.data.activityId)}»`;
  if (ReflectionSaved.is(e)) return `Escribió su reflexión en «${activity(e.data.activityId)}»: ${quote(e.data.text)}`;
  if (AreaRated.is(e)) return `Calificó ${area(e.data.areaId)} con ${e.data.score}`;
  if (AreaDefinitionSaved.is(e)) {
    const what = e.data.activityId === AREA_BELIEFS_ACTIVITY ? 'sus creencias' : 'su visión';
    return `Escribió ${what} para ${area(e.data.areaId)}: ${quote(e.data.definition)}`;
  }
  if (WhySelectionSaved.is(e)) return `Eligió sus áreas de enfoque: ${e.data.areaIds.map(area).join(', ')}`;
  if (WhyAnswerSaved.is(e)) return `Respondió el nivel ${e.data.levelIndex + 1} del porqué en ${area(e.data.areaId)}: ${quote(e.data.answer)}`;
  if (WhyExerciseRestarted.is(e)) return `Rehízo «${activity(DEEP_WHY_ACTIVITY)}»: empezó de nuevo, con sus áreas y respuestas en blanco`;
  if (WhyQuestionAsked.is(e)) {
    const how = e.data.source === 'ai' ? `generada por IA (${e.data.model})` : 'de respaldo';
    return `Recibió la pregunta ${e.data.levelIndex + 1} del porqué en ${area(e.data.areaId)} (${how}): ${quote(e.data.question, 140)}`;
  }
  if (MeditationSessionCompleted.is(e)) {
    const how = e.data.outcome === 'completed' ? 'completa' : 'detenida antes del final';
    return `Meditó ${minutesMeditated(e.data.seconds)} min (${e.data.activePhases.length} fases, sesión ${how})`;
  }
  if (RevelationSaved.is(e)) return `Meditó ${minutesMeditated(e.data.totalTimeMeditated)} min y guardó una revelación: ${quote(e.data.revelation)}`;
  if (BeliefGoalSaved.is(e)) {
    const g = e.data;
    if (g.perfectTimeFrameLabel) return `Encontró su tiempo perfecto (${g.perfectTimeFrameLabel}) para ${quote(g.manifestGoal, 60)}`;
    const doubts = g.hesitations.length;
    return doubts
      ? `Trabajó su meta ${quote(g.manifestGoal, 60)}: ${doubts} ${doubts === 1 ? 'duda' : 'dudas'} anotadas`
      : `Escribió una meta: ${quote(g.manifestGoal, 60)}`;
  }
  if (BeliefGoalDeleted.is(e)) return 'Eliminó una meta del umbral de creencia';
  if (EntitlementGranted.is(e)) return `Pagó ${isProductId(e.data.productId) ? PRODUCTS[e.data.productId].name : e.data.productId}`;
  if (EntitlementRevoked.is(e))
    return `Un pago suyo de ${isProductId(e.data.productId) ? PRODUCTS[e.data.productId].name : e.data.productId} fue reembolsado: ese pago deja de darle acceso`;
  if (CoachNoteAdded.is(e)) return `Nota de la coach: ${quote(e.data.text, 140)}`;
  return e.type;
}

/** The activity an event belongs to, for the timeline's filter (undefined: account, payments, notes). */
export function activityOf(e: RecordedEvent): string | undefined {
  if (ActivityCompleted.is(e) || ReflectionSaved.is(e)) return e.data.activityId;
  if (AreaRated.is(e)) return WHEEL_ACTIVITY;
  if (AreaDefinitionSaved.is(e)) return e.data.activityId;
  if (WhySelectionSaved.is(e) || WhyAnswerSaved.is(e) || WhyQuestionAsked.is(e) || WhyExerciseRestarted.is(e)) return DEEP_WHY_ACTIVITY;
  if (MeditationSessionCompleted.is(e) || RevelationSaved.is(e)) return MEDITATION_ACTIVITY;
  if (BeliefGoalSaved.is(e) || BeliefGoalDeleted.is(e)) return BELIEF_THRESHOLD_ACTIVITY;
  return undefined;
}
