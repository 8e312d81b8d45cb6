// Everything a visitor reads on the seven levels of why, in Spanish, except the fixed texts that the
// server shares (course/deep-why.ts: the summary's title and fallbacks, the first-question fallbacks).
import { FOCUS_AREAS, NEEDS_WHEEL, WHY_LEVELS } from '../../../../../../course/deep-why';

export const LOADING = 'Cargando tus áreas de enfoque...';

export const LOAD_FAILED_TITLE = 'Error al Cargar';
/** The deep why needs the wheel (course/deep-why.ts; the server answers 409 with it). */
export { NEEDS_WHEEL };
export const GO_TO_WHEEL = 'Ir a la Rueda de la Vida';
export const RETRY = 'Reintentar';

export const SELECTION = {
  title: `Elige tus ${FOCUS_AREAS} áreas de enfoque`,
  lead: 'Estas son las siete áreas que calificaste más bajo en tu Rueda de la Vida. Elige las tres que más te mueven por dentro: en cada una vas a preguntarte «¿por qué?» siete veces, hasta llegar al motor que hay debajo de todo.',
  chosen: (count: number) => `${count} de ${FOCUS_AREAS} áreas elegidas`,
  full: `Ya elegiste tus ${FOCUS_AREAS} áreas. Si quieres cambiar alguna, quita primero una de las que marcaste.`,
  noCurrentText: 'Aún no escribiste cómo vives esta área hoy.',
  confirm: `Comenzar con estas ${FOCUS_AREAS} áreas`,
};

export const ACTIVITY = {
  area: (n: number) => `Área ${n} de ${FOCUS_AREAS}`,
  level: (n: number) => `Nivel ${n} de ${WHY_LEVELS}`,
  progress: 'Tu avance en el ejercicio',
  current: 'Tu realidad actual',
  future: 'Tu visión',
  preparing: 'Preparando tu siguiente pregunta…',
  answerLabel: 'Tu respuesta',
  hint: 'Responde con lo primero que sientas, sin corregirte.',
  /** Shown only where there is a keyboard (KeyboardHint). */
  keys: 'Con Ctrl + Enter (o ⌘ + Enter) pasas al siguiente nivel.',
  earlier: (count: number) => `Tus respuestas anteriores en esta área (${count})`,
  placeholder: 'Escribe aquí, con tus palabras...',
  next: 'Siguiente Nivel',
  finishNow: 'Finalizar ahora y ver el resumen',
};

/** A blank answer is refused with this. */
export const BLANK_ANSWER = 'Por favor, escribe una respuesta.';
export { COMPLETE_ERROR as FINISH_FAILED } from '../../../../components/CompleteActivity/CompleteActivity';

export const SUMMARY = {
  lead: 'Debajo de cada meta late un motor: la razón profunda que te sostiene cuando la motivación del primer día se apaga. Vuelve a leer estos porqués cada vez que dudes. Son tuyos.',
  finalWhy: 'Tu porqué final',
  chain: (count: number) => `El camino hasta tu porqué (${count} de ${WHY_LEVELS} niveles)`,
  redo: 'Rehacer Ejercicio',
};
