// The 12 life areas of the wheel (activities 1–3), in their default order, and the pure helpers
// the summary and the focus order use.

export interface LifeArea {
  id: string;
  title: string;
  /** Activity 1: what the area covers, to rate it. */
  description: string;
  /** Activity 2: questions to notice what one believes about the area today. */
  beliefPrompts: string[];
  /** Activity 3: questions to describe the area from the future, as already lived. */
  visionPrompts: string[];
}

export const LIFE_AREAS: readonly LifeArea[] = [
  {
    id: 'love-relationship',
    title: 'Amor y Pareja',
    description: 'Tu relación de pareja o tu forma de vivir el amor romántico: intimidad, compañerismo, respeto y deseo.',
    beliefPrompts: [
      '¿Qué crees que tienes que hacer o ser para que te amen?',
      '¿Qué aprendiste en casa sobre cómo es una pareja?',
      '¿Qué frase te repites sobre el amor cuando algo sale mal?',
    ],
    visionPrompts: [
      '¿Cómo es un domingo cualquiera con tu pareja, o contigo, en tu vida ideal?',
      '¿Cómo se sienten el respeto y la ternura en ese vínculo?',
      '¿Qué ya no aceptas y qué eliges cuidar cada día?',
    ],
  },
  {
    id: 'friendships',
    title: 'Amistades',
    description: 'Las personas con las que compartes tu tiempo: apoyo, confianza, alegría y reciprocidad.',
    beliefPrompts: [
      '¿Crees que mereces amistades que te cuiden tanto como tú las cuidas?',
      '¿Qué te dices cuando alguien se aleja?',
      '¿Te cuesta pedir ayuda? ¿Qué crees que pasaría si la pidieras?',
    ],
    visionPrompts: [
      '¿Quiénes están a tu alrededor y cómo te sientes con ellos?',
      '¿Qué comparten, de qué se ríen, en qué se apoyan?',
      '¿Qué clase de amistad ofreces tú en esa vida?',
    ],
  },
  {
    id: 'finances',
    title: 'Finanzas',
    description: 'Tu relación con el dinero: ingresos, ahorro, deudas, tranquilidad y libertad para decidir.',
    beliefPrompts: [
      '¿Qué se decía del dinero en tu casa durante tu infancia?',
      '¿Crees que ganar más exige sacrificar algo importante? ¿Qué?',
      '¿Qué sientes en el cuerpo cuando miras tu cuenta bancaria?',
    ],
    visionPrompts: [
      '¿Cuánto ganas y cómo lo ganas, haciendo algo que valoras?',
      '¿Qué decisiones tomas con libertad gracias a tu tranquilidad económica?',
      '¿Cómo usas el dinero para cuidarte y cuidar a otros?',
    ],
  },
  {
    id: 'quality-of-life',
    title: 'Calidad de Vida',
    description: 'Tu entorno y tu día a día: hogar, tiempo libre, descanso, viajes y disfrute.',
    beliefPrompts: [
      '¿Crees que el descanso hay que ganárselo? ¿De dónde viene esa idea?',
      '¿Qué te impide hoy disfrutar más de tu tiempo?',
      '¿Qué lujos simples te niegas y por qué?',
    ],
    visionPrompts: [
      '¿Cómo es tu hogar y cómo te sientes al entrar en él?',
      '¿Cómo es una semana de tu vida: trabajo, descanso y disfrute?',
      '¿Qué lugares visitas y qué experiencias te regalas?',
    ],
  },
  {
    id: 'health-fitness',
    title: 'Salud y Bienestar Físico',
    description: 'Tu cuerpo y tu energía: alimentación, movimiento, sueño y cuidado de tu salud.',
    beliefPrompts: [
      '¿Qué crees de tu cuerpo cuando te miras al espejo?',
      '¿Qué te dices cuando abandonas un hábito saludable?',
      '¿Crees que cuidarte es egoísta o que no tienes tiempo? ¿Por qué?',
    ],
    visionPrompts: [
      '¿Cómo te despiertas por la mañana y con cuánta energía?',
      '¿Cómo mueves y alimentas tu cuerpo, y cómo lo disfrutas?',
      '¿Qué te dice tu cuerpo cuando lo escuchas?',
    ],
  },
  {
    id: 'intellectual-life',
    title: 'Vida Intelectual',
    description: 'Tu curiosidad y tu aprendizaje: lecturas, estudios, ideas nuevas y pensamiento propio.',
    beliefPrompts: [
      '¿Te consideras una persona capaz de aprender cualquier cosa? ¿Por qué sí o por qué no?',
      '¿Qué te dijeron en la escuela sobre tu inteligencia?',
      '¿Qué te da miedo aprender y por qué?',
    ],
    visionPrompts: [
      '¿Qué estás aprendiendo y qué te apasiona descubrir?',
      '¿Qué lees, con quién conversas y qué ideas compartes?',
      '¿Cómo usas lo que sabes para crear algo propio?',
    ],
  },
  {
    id: 'emotional-life',
    title: 'Vida Emocional',
    description: 'Cómo vives lo que sientes: reconocer, expresar y atravesar tus emociones con amor.',
    beliefPrompts: [
      '¿Qué emociones crees que no deberías sentir?',
      '¿Qué aprendiste sobre llorar, enojarte o tener miedo?',
      '¿Cómo reaccionas cuando alguien se enoja contigo?',
    ],
    visionPrompts: [
      '¿Cómo atraviesas un día difícil sin perderte?',
      '¿Cómo expresas lo que sientes y cómo te escuchan?',
      '¿Qué emoción predomina en tu vida ideal?',
    ],
  },
  {
    id: 'spiritual-life',
    title: 'Vida Espiritual',
    description: 'Tu conexión con algo más grande: sentido, fe, prácticas, silencio y presencia.',
    beliefPrompts: [
      '¿Qué crees sobre el sentido de tu vida?',
      '¿Te sientes a solas en el universo? ¿Desde cuándo?',
      '¿Qué prácticas abandonaste y qué creencia te alejó de ellas?',
    ],
    visionPrompts: [
      '¿Cómo te conectas contigo y con lo sagrado cada día?',
      '¿Qué certeza interior te acompaña cuando todo cambia?',
      '¿Cómo se nota tu espiritualidad en tus actos?',
    ],
  },
  {
    id: 'career',
    title: 'Carrera y Propósito Profesional',
    description: 'Tu trabajo y tu vocación: lo que haces, cómo te sientes haciéndolo y el valor que aportas.',
    beliefPrompts: [
      '¿Crees que se puede vivir de lo que te apasiona? ¿Por qué?',
      '¿Qué te dices cuando alguien logra lo que tú quieres?',
      '¿Qué miedo aparece cuando imaginas cambiar de rumbo?',
    ],
    visionPrompts: [
      '¿A qué te dedicas y qué impacto tiene tu trabajo?',
      '¿Cómo es tu jornada y con quién trabajas?',
      '¿Qué reconocimiento recibes y cuál te das a ti?',
    ],
  },
  {
    id: 'character',
    title: 'Carácter',
    description: 'Quién eres cuando nadie mira: tus valores, tu coherencia, tu disciplina y tu integridad.',
    beliefPrompts: [
      '¿Qué defectos crees que son parte de tu forma de ser y no pueden cambiar?',
      '¿Cumples las promesas que te haces? ¿Qué te dices cuando no?',
      '¿Qué valores heredaste sin elegirlos?',
    ],
    visionPrompts: [
      '¿Qué valores guían tus decisiones y cómo se notan?',
      '¿Cómo respondes cuando te equivocas?',
      '¿Qué dicen de ti las personas que mejor te conocen?',
    ],
  },
  {
    id: 'family-parenting',
    title: 'Familia y Crianza',
    description: 'Tu familia de origen y la que elegiste o formaste: vínculos, límites, cuidado y presencia.',
    beliefPrompts: [
      '¿Qué mandatos familiares sigues cumpliendo aunque no los elegiste?',
      '¿Qué crees que le debes a tu familia?',
      '¿Qué repites de tus padres que prometiste no repetir?',
    ],
    visionPrompts: [
      '¿Cómo son los encuentros con tu familia y cómo te sientes en ellos?',
      '¿Qué límites sanos sostienes con amor?',
      '¿Qué legado quieres dejar a quienes vienen detrás?',
    ],
  },
  {
    id: 'life-vision',
    title: 'Visión de Vida',
    description: 'La dirección de tu vida en conjunto: sueños, propósito y la persona que quieres llegar a ser.',
    beliefPrompts: [
      '¿Crees que es tarde para los sueños que postergaste?',
      '¿Quién te dijo que tus sueños eran demasiado grandes?',
      '¿Qué pasaría si lograras todo lo que deseas?',
    ],
    visionPrompts: [
      'Dentro de diez años, ¿qué ves cuando miras hacia atrás?',
      '¿Qué sueños cumpliste y cuáles nuevos nacieron?',
      '¿Cómo se siente vivir en sintonía con tu propósito?',
    ],
  },
];

export const AREA_IDS = LIFE_AREAS.map((a) => a.id) as [string, ...string[]];
export const areaById = (id: string): LifeArea | undefined => LIFE_AREAS.find((a) => a.id === id);

export const MIN_SCORE = 0;
export const MAX_SCORE = 10;
/** Sorting score of an area not rated yet: after every rated one. */
export const UNRATED_SORT_SCORE = 11;

export type Ratings = Readonly<Record<string, number>>;
export type ScoreColour = 'red' | 'yellow' | 'green';

/** A score's colour: ≤ 3 red, ≤ 6 yellow, otherwise green. */
export function scoreColour(score: number): ScoreColour {
  if (score <= 3) return 'red';
  if (score <= 6) return 'yellow';
  return 'green';
}

export interface RatedArea {
  id: string;
  title: string;
  score: number;
}

function rated(ratings: Ratings): RatedArea[] {
  return LIFE_AREAS.filter((a) => typeof ratings[a.id] === 'number').map((a) => ({ id: a.id, title: a.title, score: ratings[a.id]! }));
}

/** The 3 highest-rated areas, highest first; ties keep the default order. */
export function strongestAreas(ratings: Ratings, n = 3): RatedArea[] {
  return rated(ratings)
    .sort((a, b) => b.score - a.score)
    .slice(0, n);
}

/** The 3 lowest-rated areas (the opportunities), lowest first; ties keep the default order. */
export function weakestAreas(ratings: Ratings, n = 3): RatedArea[] {
  return rated(ratings)
    .sort((a, b) => a.score - b.score)
    .slice(0, n);
}

/** Every area, weakest first by earlier score, unrated ones last (as 11); ties keep the default order. */
export function areasByEarlierScore(ratings: Ratings): LifeArea[] {
  const score = (a: LifeArea) => ratings[a.id] ?? UNRATED_SORT_SCORE;
  return [...LIFE_AREAS].sort((a, b) => score(a) - score(b));
}

export const allRated = (ratings: Ratings) => LIFE_AREAS.every((a) => typeof ratings[a.id] === 'number');
export const allDefined = (definitions: Readonly<Record<string, string>>) => LIFE_AREAS.every((a) => (definitions[a.id] ?? '').trim() !== '');
