// /recursos-gratuitos (platform.md §2 "Marketing pages"): five free ways in, each a card with its kind, a
// picture, what it is and where it leads.
import { Link } from 'react-router-dom';
import { whatsappLink } from '../../../config/links';
import { useTrackView } from '../../../lib/track-view';
import { LeadHero } from '../components/LeadHero';
import { Reveal } from '../components/Reveal';
import leadStyles from '../components/lead-page.module.css';
import styles from './FreeResourcesPage.module.css';

export const RESOURCES_WHATSAPP_MESSAGE = '¡Hola! Vengo de los recursos gratuitos de Manifiesta y quiero que me recomiendes por dónde empezar.';

type ResourceType = 'app' | 'course' | 'newsletter' | 'ebook' | 'audio';

type Resource = {
  title: string;
  description: string;
  link: string;
  /** Decorative art of public/img/recursos: the title says what the card is. */
  image: string;
  type: ResourceType;
  action: string;
};

const TYPE_LABEL: Record<ResourceType, string> = {
  app: 'App',
  course: 'Curso',
  newsletter: 'Newsletter',
  ebook: 'Ebook',
  audio: 'Audio',
};

export const RESOURCES: readonly Resource[] = [
  {
    title: 'Meditación de las 7 Fases',
    description: 'Una meditación guiada en siete estaciones para calmar la mente, agradecer y visualizar lo que quieres crear. Eliges la duración y la música.',
    link: '/cursos/manifiesta/meditacion-7-fases',
    image: '/img/recursos/meditacion.svg',
    type: 'app',
    action: 'Meditar ahora',
  },
  {
    title: 'Curso Manifiesta',
    description: 'Las primeras actividades del curso son gratis: la rueda de la vida, tu propósito profundo y una mirada desde tu futuro. Empiezas hoy, sin tarjeta.',
    link: '/cursos/manifiesta',
    image: '/img/recursos/curso.svg',
    type: 'course',
    action: 'Empezar el curso',
  },
  {
    title: 'Newsletter',
    description: 'Cartas sobre conciencia, hábitos y manifestación para leer con un café. Todas las anteriores están a un clic.',
    link: '/newsletter',
    image: '/img/recursos/newsletter.svg',
    type: 'newsletter',
    action: 'Leer las cartas',
  },
  {
    title: 'Afirmaciones',
    description: 'Un fragmento gratuito del ebook de afirmaciones para reprogramar tu diálogo interno, una frase por día.',
    link: '/afirmaciones',
    image: '/img/recursos/afirmaciones.svg',
    type: 'ebook',
    action: 'Descargar el fragmento',
  },
  {
    title: 'Soltar el Pasado',
    description: 'Un audiolibro breve para hacer las paces con lo que fue y abrir espacio a lo que viene. Dura menos de cinco minutos.',
    link: '/nostalgia',
    image: '/img/recursos/audiolibro.svg',
    type: 'audio',
    action: 'Escuchar el audio',
  },
];

function ResourceCard({ resource, index }: { resource: Resource; index: number }) {
  const titleId = `recurso-${index}`;
  return (
    <Reveal as="li" index={index} className={styles.card}>
      <img className={styles.image} src={resource.image} alt="" width={160} height={120} loading="lazy" decoding="async" />
      <div className={styles.body}>
        <p className={leadStyles.badge}>{TYPE_LABEL[resource.type]}</p>
        <h2 id={titleId} className={styles.title}>
          {resource.title}
        </h2>
        <p className={styles.description}>{resource.description}</p>
        {/* The whole card is the link's target (see .link::after); its name stays short and clear. */}
        <Link to={resource.link} className={styles.link} aria-describedby={titleId}>
          {resource.action}
        </Link>
      </div>
    </Reveal>
  );
}

export function FreeResourcesPage() {
  useTrackView('recursos-gratuitos');

  return (
    <article className={leadStyles.page}>
      <LeadHero
        eyebrow="Para empezar hoy"
        title="Recursos Gratuitos"
        lead="Meditaciones, cartas, un fragmento del ebook y un audiolibro para dar el primer paso sin costo y a tu ritmo. Elige el que te llame hoy."
      />

      <ul className={styles.cards} aria-label="Recursos">
        {RESOURCES.map((resource, index) => (
          <ResourceCard key={resource.link} resource={resource} index={index} />
        ))}
      </ul>

      <Reveal as="aside" className={styles.help} aria-labelledby="recursos-ayuda">
        <h2 id="recursos-ayuda" className={styles.helpTitle}>
          ¿No sabes por dónde empezar?
        </h2>
        <p>Cuéntame en qué momento estás y te recomiendo el recurso que más te puede servir hoy.</p>
        <a className={leadStyles.jump} href={whatsappLink(RESOURCES_WHATSAPP_MESSAGE)} target="_blank" rel="noopener noreferrer">
          Escríbeme por WhatsApp
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      </Reveal>
    </article>
  );
}
