// The activities with a body of their own, by their syllabus slug: the address /cursos/manifiesta/<slug>, and
// the id that learners' progress, events and guest data are stored under. Written here once, in a module that
// imports nothing, so that any code (the app's shell included) can name an activity without loading the
// course's data. The code's name for each is its feature slug (README, "Slices").

/** The wheel: the life wheel, then one text per area — what one believes about it, and its vision. */
export const WHEEL_ACTIVITY = '12-areas-balance';
export const AREA_BELIEFS_ACTIVITY = 'concientizando-areas-balance';
export const AREA_VISION_ACTIVITY = 'viendo-hacia-atras-desde-el-futuro';
export const DEEP_WHY_ACTIVITY = '7-niveles-deep-why';
export const MEDITATION_ACTIVITY = 'meditacion-7-fases';
export const CONSCIOUSNESS_ACTIVITY = 'niveles-conciencia-hawkins';
export const FIRST_COACHING_SESSION_ACTIVITY = 'primera-sesion-de-coaching';
export const BELIEF_THRESHOLD_ACTIVITY = 'umbral-de-creencia';
export const BREATHING_ACTIVITY = 'herramienta-respiracion-guiada';
export const FIVE_LAWS_ACTIVITY = 'teoria-5-leyes-universales';
