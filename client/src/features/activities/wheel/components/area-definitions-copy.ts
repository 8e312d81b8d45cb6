// What differs between activities 2 and 3: the prompts, the banner, the last button and the
// completion screen. Everything a visitor reads is here, in Spanish.
import type { LifeArea } from '../../../../../../course/areas';
import { AREA_BELIEFS_ACTIVITY, AREA_VISION_ACTIVITY } from '../../../../../../course/activities';
import type { DefinitionActivity } from '../../../../../../course/wheel';

export type Insight = { title: string; text: string };

export type AreaDefinitionsCopy = {
  slug: DefinitionActivity;
  loading: string;
  intro: string;
  prompts: (area: LifeArea) => readonly string[];
  promptsTitle: string;
  fieldLabel: (area: LifeArea) => string;
  placeholder: string;
  banner: { title: string; forUser: string; forGuest: string };
  finishLabel: string;
  done: { title: string; lead: string; insightsTitle: string; insights: readonly Insight[]; review: string; closing: string };
};

export const BELIEFS: AreaDefinitionsCopy = {
  slug: AREA_BELIEFS_ACTIVITY,
  loading: 'Cargando tus áreas de enfoque...',
  intro:
    'Cada área de tu vida se apoya en lo que crees sobre ella. Aquí vas a ponerlo en palabras, área por área, sin corregirte: lo que escribas es una foto de tu mapa interno de hoy, no una sentencia.',
  prompts: (area) => area.beliefPrompts,
  promptsTitle: 'Preguntas para mirar hacia adentro',
  fieldLabel: (area) => `Lo que crees hoy sobre ${area.title}`,
  placeholder: 'Escribe con tus palabras, como te salga...',
  banner: {
    title: 'Un Comienzo Enfocado',
    forUser:
      'Ordenamos las áreas de menor a mayor según tu calificación en la Rueda de la Vida: empiezas por las que hoy más te duelen, porque ahí es donde tus creencias tienen más para mostrarte.',
    forGuest:
      'Sin cuenta, recorres las áreas en su orden habitual. Con una cuenta gratis las ordenamos de menor a mayor según tu Rueda de la Vida, para que empieces por las que más atención te piden.',
  },
  finishLabel: 'Finalizar Actividad',
  done: {
    title: '¡Actividad Completada!',
    lead: 'Pusiste en palabras lo que crees sobre cada área de tu vida. Eso ya es un acto de valentía: lo que se nombra deja de decidir en silencio.',
    insightsTitle: 'Antes de seguir, quédate un momento con estas dos preguntas',
    insights: [
      {
        title: '¿Tu modelo de la realidad es absoluto o relativo?',
        text: 'Relee una de tus respuestas y pregúntate: ¿esto es verdad para todas las personas, en todos los lugares y en todas las épocas? Si alguien en el mundo vive lo contrario, entonces no es una ley: es tu mapa. Y un mapa se puede volver a dibujar.',
      },
      {
        title: '¿Algo significa realmente lo que crees que significa?',
        text: 'Un «no» puede ser rechazo o un límite sano; un error puede ser fracaso o aprendizaje. El hecho es uno, pero el significado se lo das tú. Elige una situación que te duela y escribe otros dos significados posibles. Observa qué cambia en tu cuerpo.',
      },
    ],
    review: 'Revisar mis respuestas',
    closing: 'En la próxima actividad vas a mirar estas mismas áreas desde tu vida ideal, como si ya la estuvieras viviendo.',
  },
};

export const VISION: AreaDefinitionsCopy = {
  slug: AREA_VISION_ACTIVITY,
  loading: 'Cargando tu visión del futuro...',
  intro:
    'Imagina que ya pasaron unos años y tu vida es la que elegiste. Desde ahí, mira hacia atrás y describe cada área como si ya fuera real: en presente, con detalles, con lo que ves, sientes y haces.',
  prompts: (area) => area.visionPrompts,
  promptsTitle: 'Preguntas para habitar tu futuro',
  fieldLabel: (area) => `Tu visión de ${area.title}`,
  placeholder: 'Describe tu vida ideal en esta área, en presente...',
  banner: {
    title: 'Prioridades para tu Visión',
    forUser:
      'Empezamos por las áreas con la calificación más baja en tu Rueda de la Vida: son las que más espacio tienen para crecer, y donde una visión clara hace la mayor diferencia.',
    forGuest:
      'Sin cuenta, recorres las áreas en su orden habitual. Con una cuenta gratis empezarías por las de menor calificación en tu Rueda de la Vida, donde una visión clara más se nota.',
  },
  finishLabel: 'Finalizar y Trazar Futuro',
  done: {
    title: '¡Tu Futuro Ideal está Trazado!',
    lead: 'Ahora tienes un mapa de la vida que eliges, área por área. No es una lista de deseos: es la dirección hacia la que vas a orientar tus decisiones.',
    insightsTitle: 'Dos claves para que tu visión trabaje por ti',
    insights: [
      {
        title: 'Tu visión es un filtro',
        text: 'Tu mente recibe miles de estímulos por día y solo deja pasar lo que considera importante. Al escribir tu visión le diste una nueva instrucción: a partir de hoy vas a notar personas, ideas y oportunidades que antes pasaban de largo. Léela cada mañana para mantener el filtro encendido.',
      },
      {
        title: 'De la visión a la acción',
        text: 'Una visión se vuelve real con pasos pequeños. Elige el área que más te entusiasma y pregúntate: ¿qué haría hoy la persona que ya vive esto? Haz una sola cosa en las próximas 24 horas, por mínima que sea. La acción le demuestra a tu mente que vas en serio.',
      },
    ],
    review: 'Revisar mi Visión',
    closing: 'En la próxima actividad vas a descubrir por qué esta visión es tan importante para ti: tu motor.',
  },
};
