// The free resources of /recursos-gratuitos (platform.md section 2): served by GET /api/resources.
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
    description: 'Una app de meditación guiada para volver a tu centro en presencia, gratitud, amor, perdón, visión, elección y conexión.',
    link: '/cursos/manifiesta/meditacion-7-fases',
    image: '/img/recursos/meditacion.svg',
    type: 'app',
  },
  {
    title: 'Curso Manifiesta: la primera semana',
    description: 'Empieza gratis: tu rueda de la vida, tus creencias, tu visión y los siete niveles de tu porqué.',
    link: '/cursos/manifiesta',
    image: '/img/recursos/curso.svg',
    type: 'course',
  },
  {
    title: 'Newsletter',
    description: 'Reflexiones, prácticas y herramientas para tu semana, directo en tu correo.',
    link: '/newsletter',
    image: '/img/recursos/newsletter.svg',
    type: 'newsletter',
  },
  {
    title: 'Afirmaciones que transforman',
    description: 'Un fragmento gratuito del ebook de afirmaciones para reprogramar tu diálogo interno.',
    link: '/afirmaciones',
    image: '/img/recursos/afirmaciones.svg',
    type: 'ebook',
  },
  {
    title: 'Soltar el Pasado',
    description: 'Un audiolibro para cerrar ciclos con amor y hacer espacio a lo nuevo.',
    link: '/nostalgia',
    image: '/img/recursos/audiolibro.svg',
    type: 'audio',
  },
];
