// The text of the paid activities with a body of their own, as GET /api/course/lesson/{slug} answers a premium
// learner, for the component tests' fake server: texts of the tests' own in the server's shape. The real texts
// are the server's, served only to premium learners, and never part of the client.
import { activityBySlug } from '../../../course/syllabus';
import type { Lesson } from '../lib/activity/body';
import { envelope } from './fake-api';

const law = (id: string, title: string) => ({
  id,
  title,
  motto: `El lema de ${title}.`,
  paragraphs: [`Qué dice ${title}.`, `Cómo se ve ${title} en un día cualquiera.`],
  example: `Un ejemplo de ${title}.`,
  practice: `Una práctica de ${title} para hoy.`,
});

export const LESSON_TEXTS: Readonly<Record<string, Omit<Lesson, 'slug' | 'title'>>> = {
  'teoria-5-leyes-universales': {
    intro: ['Cinco principios que se repiten en la naturaleza y en la vida, para mirarlos como lentes.'],
    sections: [
      law('vibracion', 'La Ley de Vibración'),
      law('correspondencia', 'La Ley de Correspondencia'),
      law('causa-y-efecto', 'La Ley de Causa y Efecto'),
      law('polaridad', 'La Ley de Polaridad'),
      law('ritmo', 'La Ley del Ritmo'),
    ],
    closing: { title: 'Para llevarte', paragraphs: ['Elige una ley y vívela esta semana.'] },
  },
  'herramienta-respiracion-guiada': {
    intro: ['Elige un ritmo y deja que el círculo marque el paso de tu respiración.'],
    sections: [],
    closing: null,
  },
  'umbral-de-creencia': {
    intro: [
      'Hay un momento en que tu cuerpo deja de discutir y dice: «sí, lo creo». Ese es tu umbral de creencia.',
      'Escribe una meta y responde con el cuerpo a la misma pregunta en distintos plazos.',
    ],
    sections: [],
    closing: null,
  },
};

/** The text of `slug` as the server gives it: in its envelope, with the activity's slug and title. */
export const lessonAnswer = (slug: string) => envelope(200, 'Lección.', { slug, title: activityBySlug(slug)!.title, ...LESSON_TEXTS[slug]! });
