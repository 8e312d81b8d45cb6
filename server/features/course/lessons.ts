// The text of the paid activities, served only to premium learners (GET /api/course/lesson/{slug}): it never
// ships in the browser's bundle, where anyone could read it. What a paid activity teaches is here — a theory
// lesson whole, a tool's introduction; what the browser needs to run a tool (its labels, buttons, the
// fixed texts it quotes) stays in the client. The free activities' text ships with the app, so that it works offline.
// A paid generic lesson has no text of its own beyond its syllabus description, which the syllabus shows
// everyone.
import { BELIEF_THRESHOLD_ACTIVITY, BREATHING_ACTIVITY, FIVE_LAWS_ACTIVITY } from '../../../course/activities';

export interface LessonSection {
  id: string;
  title: string;
  motto?: string;
  paragraphs: string[];
  example?: string;
  practice?: string;
}

export interface LessonText {
  /** Paragraphs before the sections. */
  intro: string[];
  sections: LessonSection[];
  closing?: { title: string; paragraphs: string[] };
}

const FIVE_LAWS: LessonSection[] = [
  {
    id: 'vibracion',
    title: 'La Ley de Vibración',
    motto: 'Nada está quieto: todo se mueve, todo vibra.',
    paragraphs: [
      'Desde la física sabemos que la materia que parece sólida es, en el fondo, energía en movimiento. Esta ley lleva esa idea a tu vida interior: tus emociones, tus pensamientos y tu forma de estar también tienen una frecuencia, y esa frecuencia se nota.',
      'No se trata de estar siempre «arriba». Se trata de darte cuenta de en qué estado estás, porque desde ahí miras, decides y te vinculas. Cambiar de estado, aunque sea un poco, cambia lo que eres capaz de ver.',
    ],
    example:
      'Piensa en dos mañanas. En una discutiste antes de salir; en la otra caminaste diez minutos al sol. Es la misma reunión, la misma gente, el mismo trabajo… y sin embargo la viviste distinta. No cambió el mundo: cambió tu vibración, y con ella, lo que notaste y cómo respondiste.',
    practice:
      'Tres veces hoy (pon una alarma si te ayuda), detente y pregúntate: «Del 0 al 10, ¿cómo estoy?». Sin juzgar el número, haz tres respiraciones lentas y elige un pensamiento que te suba un punto. Solo uno.',
  },
  {
    id: 'correspondencia',
    title: 'La Ley de Correspondencia',
    motto: 'Como es adentro, es afuera; como es arriba, es abajo.',
    paragraphs: [
      'Lo que vives afuera suele parecerse a lo que pasa adentro. Tus relaciones, tu espacio, tu agenda y tu cuerpo funcionan como un espejo de tus creencias y de tus hábitos emocionales.',
      'Esto no es para culparte: es una invitación a usar tu vida como un mapa. Cuando algo se repite afuera, vale la pena preguntarte qué patrón interno lo sostiene, porque ahí está tu poder de cambiarlo.',
    ],
    example:
      'Si en tres trabajos distintos sentiste que nadie valoraba tu esfuerzo, quizás no sea mala suerte con los jefes. Tal vez haya una creencia como «tengo que demostrar que valgo» que te lleva a decir que sí a todo… y a sentirte invisible cuando nadie lo nota.',
    practice:
      'Elige una situación que hoy te moleste. Escribe una sola línea que responda: «¿En qué se parece esto a algo que pasa dentro de mí?». No hace falta resolverlo; alcanza con verlo.',
  },
  {
    id: 'causa-efecto',
    title: 'La Ley de Causa y Efecto',
    motto: 'Toda causa tiene su efecto; todo efecto, su causa.',
    paragraphs: [
      'Nada aparece de la nada. Lo que hoy tienes es, en buena parte, el resultado acumulado de pequeñas decisiones repetidas: lo que pensaste, lo que dijiste, lo que hiciste y lo que dejaste de hacer.',
      'La buena noticia es que funciona en los dos sentidos. Si siembras hoy una causa pequeña y la repites, el efecto llega, aunque todavía no lo veas. Lo que llamamos «suerte» muchas veces es una causa que no supimos mirar.',
    ],
    example:
      '«No tengo tiempo para mí» es una frase común. Veinte minutos por día en el celular sin darte cuenta son más de cien horas al año: tiempo suficiente para aprender algo nuevo, moverte, leer o simplemente descansar de verdad.',
    practice:
      'Elige una causa pequeña que vas a sembrar hoy a favor de tu visión: diez minutos, una llamada, un paso concreto. Escríbela por la mañana y, antes de dormir, marca si la hiciste. El efecto empieza con la constancia.',
  },
  {
    id: 'polaridad',
    title: 'La Ley de Polaridad',
    motto: 'Todo tiene dos polos; los opuestos son lo mismo en distinto grado.',
    paragraphs: [
      'El frío y el calor no son cosas distintas: son extremos de una misma temperatura. Lo mismo pasa con el miedo y el coraje, la tristeza y la alegría, la escasez y la abundancia. Están en la misma línea, y por eso puedes moverte por ella.',
      'No hace falta saltar de un extremo al otro, algo que la mente casi nunca cree. Alcanza con subir un grado: un pensamiento un poco más amable, un poco más posible, que te acerque al polo que eliges.',
    ],
    example:
      'Si piensas «odio mi trabajo», saltar a «amo mi trabajo» suena falso. Pero «hay una parte de este trabajo que me está enseñando algo» es creíble… y ya te movió un grado hacia el otro polo.',
    practice:
      'Escribe un pensamiento que hoy te pese. Debajo, escribe su opuesto. Y entre los dos, una frase que esté un solo grado más cerca del polo que quieres y que puedas creer de verdad. Léela en voz alta.',
  },
  {
    id: 'ritmo',
    title: 'La Ley del Ritmo',
    motto: 'Todo fluye y refluye; todo tiene sus mareas.',
    paragraphs: [
      'Las estaciones, las mareas, el día y la noche, tu respiración: todo se mueve en ciclos. Tu energía, tu ánimo y tu creatividad también. Hay semanas de expansión y semanas de recogimiento, y las dos son parte del mismo movimiento.',
      'Conocer tu ritmo te saca de la culpa. Un momento bajo no significa que retrocediste: es el péndulo volviendo. Y si lo observas sin pelearte con él, aprendes a no irte tan lejos hacia el otro lado.',
    ],
    example:
      'Después de una semana muy productiva llega otra en la que cuesta todo. Si la lees como fracaso, te exiges más y te agotas. Si la lees como ritmo, descansas, ordenas y vuelves con fuerza, como el mar que se retira para volver.',
    practice:
      'Esta noche, mira tu día como una marea: ¿en qué momento tu energía estuvo más alta y en cuál más baja? Planea para mañana un gesto que te cuide en el momento bajo. Y cuando llegue, repítete: «Esto también es un ritmo».',
  },
];

export const LESSON_TEXTS: Readonly<Record<string, LessonText>> = {
  [FIVE_LAWS_ACTIVITY]: {
    intro: [
      'Hay principios que se repiten en la naturaleza, en el cuerpo y en la forma en que se arma nuestra vida. Las tradiciones espirituales los llamaron leyes universales. No hace falta creer en ellas para usarlas: alcanza con mirarlas como lentes para entender lo que te pasa y elegir mejor.',
    ],
    sections: FIVE_LAWS,
    closing: {
      title: 'Para llevarte',
      paragraphs: [
        'No intentes practicar las cinco a la vez. Elige la que más te resonó y vívela durante esta semana. Cuando la sientas tuya, suma otra. Las leyes no se aprenden leyendo: se aprenden observándolas en tu propio día.',
      ],
    },
  },
  [BREATHING_ACTIVITY]: {
    intro: [
      'Cuando la mente se acelera, el cuerpo es la puerta de vuelta. Elige un ritmo, siéntate con la espalda cómoda y deja que el círculo marque el paso: crece cuando inhalas, se queda quieto cuando sostienes y se achica cuando exhalas.',
    ],
    sections: [],
  },
  [BELIEF_THRESHOLD_ACTIVITY]: {
    intro: [
      'Hay un momento en que tu cuerpo deja de discutir y dice: «sí, lo creo». Ese es tu umbral de creencia. No es lo que tu mente considera lógico, sino lo que sientes posible en el pecho, en el estómago, en la respiración.',
      'Vas a escribir una meta y te haré la misma pregunta en distintos plazos, de 20 años a 1 mes. Responde con el cuerpo, no con la cabeza: si algo se tensa, es una duda, y esa duda guarda una creencia que vale la pena mirar. Cuando un plazo se sienta exactamente bien, ese es tu tiempo perfecto.',
    ],
    sections: [],
  },
};
