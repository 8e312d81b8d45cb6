// The free resources: the five cards of /recursos-gratuitos, which the page shows and GET /api/resources serves.
import { MEDITATION_ACTIVITY } from './activities';

export type ResourceType = 'app' | 'course' | 'newsletter' | 'ebook' | 'audio';

export interface Resource {
  title: string;
  description: string;
  link: string;
  image: string;
  type: ResourceType;
}

export const RESOURCES: readonly Resource[] = [
  {
    title: 'Meditación de las 7 Fases',
    description: 'Una meditación guiada en siete fases para calmar la mente, agradecer y visualizar lo que quieres crear. Eliges la duración y la música.',
    link: `/cursos/manifiesta/${MEDITATION_ACTIVITY}`,
    image: '/img/recursos/meditacion.svg',
    type: 'app',
  },
  {
    title: 'Curso Manifiesta',
    description:
      'Las primeras actividades del curso son gratis: tu rueda de la vida, tus creencias, tu visión y los siete niveles de tu porqué. Empiezas hoy, sin tarjeta.',
    link: '/cursos/manifiesta',
    image: '/img/recursos/curso.svg',
    type: 'course',
  },
  {
    title: 'Newsletter',
    description: 'Cartas sobre conciencia, hábitos y manifestación para leer con un café. Todas las anteriores están a un clic.',
    link: '/newsletter',
    image: '/img/recursos/newsletter.svg',
    type: 'newsletter',
  },
  {
    title: 'Afirmaciones',
    description: 'Un fragmento gratuito del ebook de afirmaciones para reprogramar tu diálogo interno, una frase por día.',
    link: '/afirmaciones',
    image: '/img/recursos/afirmaciones.svg',
    type: 'ebook',
  },
  {
    title: 'Soltar el Pasado',
    description: 'Un audiolibro breve para hacer las paces con lo que fue y abrir espacio a lo que viene. Dura menos de cinco minutos.',
    link: '/nostalgia',
    image: '/img/recursos/audiolibro.svg',
    type: 'audio',
  },
];
