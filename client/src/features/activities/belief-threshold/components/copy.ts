// Every word the belief threshold shows, besides the fixed texts shared with the server in course/belief-threshold.ts.

export const LOADING = 'Cargando tus metas...';
export const RETRY = 'Reintentar';
export const SAVING = 'Guardando...';
/** What the wheel says when finishing fails; here, when completing on the way on fails. */
export { COMPLETE_ERROR as FINISH_FAILED } from '../../../../components/CompleteActivity/CompleteActivity';

export const INTRO = {
  title: 'Encuentra tu umbral de creencia',
};

export const MANAGEMENT = {
  title: 'Tus metas',
  empty: 'Todavía no tienes metas aquí. Empieza con la que más te importa hoy.',
  guestNote:
    'Como invitado, tus metas no se guardan: viven solo mientras esta página esté abierta. Crea tu cuenta gratis para conservarlas y volver a ellas cuando quieras.',
  signup: 'Crear Cuenta Gratis',
  login: 'Ya tengo cuenta',
  add: 'Nueva meta',
  resume: 'Continuar',
  review: 'Ver resumen',
  remove: 'Eliminar',
  removeLabel: (goal: string) => `Eliminar «${goal}»`,
  doneStatus: (label: string) => `Tu tiempo perfecto: ${label}`,
};

export const DELETE_DIALOG = {
  title: 'Eliminar meta',
  confirm: 'Sí, eliminar',
  cancel: 'Cancelar',
  deleting: 'Eliminando...',
};

export const GOAL_INPUT = {
  title: '¿Qué quieres manifestar?',
  lead: 'Escríbela con tus palabras, como un logro concreto. Cuanto más clara sea, más honesta será la respuesta de tu cuerpo.',
  label: 'Tu meta',
  placeholder: 'Por ejemplo: vivir de mi trabajo como terapeuta, con una agenda llena y tranquila.',
  submit: 'Guardar mi meta',
  back: 'Volver a mis metas',
};

export const QUESTIONING = {
  step: (n: number, of: number) => `Plazo ${n} de ${of}`,
  progressLabel: 'Tu avance por los plazos',
  question: (goal: string, label: string) => `¿Crees, con todo tu ser, que puedes lograr «${goal}» en ${label}?`,
  hint: (label: string) =>
    `Cierra los ojos un momento e imagínalo hecho en ${label}. Nota qué pasa en tu cuerpo: si se expande, es un sí; si se encoge, es una duda, y está bien.`,
  doubt: 'Uhm... dudo',
  yes: 'Sí, Absolutamente',
  perfect: 'Este tiempo es perfecto',
  back: 'Volver a mis metas',
};

export const REFLECTION = {
  title: 'Escuchemos esa duda',
  lead: (label: string) =>
    `Algo en ti todavía no cree que puedas lograrlo en ${label}. No lo apartes: ¿qué creencia hay detrás? Quizás «no tengo tiempo», «no soy suficiente» o «eso no es para mí».`,
  label: 'La creencia que te hace dudar',
  placeholder: 'Escribe lo primero que aparezca, sin juzgarlo.',
  submit: 'Guardar y seguir',
  back: 'Volver a la pregunta',
};

export const SUMMARY = {
  title: 'Tu umbral de creencia',
  goal: 'Tu meta',
  perfect: (label: string) => `Tu tiempo perfecto: ${label}`,
  perfectText: 'Ahí tu cuerpo dijo «sí». Es el plazo desde el que puedes planear y actuar con confianza.',
  noPerfect: 'Esta vez ningún plazo se sintió perfecto, y eso también es información valiosa. Mira tus dudas con cariño y, cuando quieras, vuelve a empezar.',
  hesitations: 'Las creencias que aparecieron',
  noHesitations: 'No apareció ninguna duda en el camino: tu cuerpo te acompañó de principio a fin.',
  closing: 'Cada duda que escribiste es una creencia que ahora puedes ver. Y lo que ves, lo puedes transformar.',
  restart: 'Empezar de Nuevo',
  back: 'Volver a mis metas',
  next: 'Siguiente Actividad',
  syllabus: 'Volver al Temario',
};
