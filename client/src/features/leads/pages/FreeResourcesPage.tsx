// /recursos-gratuitos: five free ways in, each a card with its kind, a
// picture, what it is and where it leads. The cards are course/resources.ts, which GET /api/resources serves too.
import { Link } from 'react-router-dom';
import { RESOURCES, type Resource, type ResourceType } from '../../../../../course/resources';
import { useSiteLinks } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import { LeadHero } from '../components/LeadHero';
import { Reveal } from '../components/Reveal';
import leadStyles from '../components/lead-page.module.css';
import styles from './FreeResourcesPage.module.css';

export const RESOURCES_WHATSAPP_MESSAGE = '¡Hola! Vengo de los recursos gratuitos de Manifiesta y quiero que me recomiendes por dónde empezar.';

const TYPE_LABEL: Record<ResourceType, string> = {
  app: 'App',
  course: 'Curso',
  newsletter: 'Newsletter',
  ebook: 'Ebook',
  audio: 'Audio',
};

/** What the card's link does, by kind of resource: a short name for the link, the card's title says the rest. */
const ACTION: Record<ResourceType, string> = {
  app: 'Meditar ahora',
  course: 'Empezar el curso',
  newsletter: 'Leer las cartas',
  ebook: 'Descargar el fragmento',
  audio: 'Escuchar el audio',
};

function ResourceCard({ resource, index }: { resource: Resource; index: number }) {
  const titleId = `recurso-${index}`;
  return (
    <Reveal as="li" index={index} className={styles.card}>
      {/* Decorative art of public/img/recursos: the title says what the card is. */}
      <img className={styles.image} src={resource.image} alt="" width={160} height={120} loading="lazy" decoding="async" />
      <div className={styles.body}>
        <p className={leadStyles.badge}>{TYPE_LABEL[resource.type]}</p>
        <h2 id={titleId} className={styles.title}>
          {resource.title}
        </h2>
        <p className={styles.description}>{resource.description}</p>
        {/* The whole card is the link's target (see .link::after); its name stays short and clear. */}
        <Link to={resource.link} className={styles.link} aria-describedby={titleId}>
          {ACTION[resource.type]}
        </Link>
      </div>
    </Reveal>
  );
}

export function FreeResourcesPage() {
  const chat = useSiteLinks().whatsappLink(RESOURCES_WHATSAPP_MESSAGE);
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
        {chat ? (
          <a className={leadStyles.jump} href={chat} target="_blank" rel="noopener noreferrer">
            Escríbeme por WhatsApp
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        ) : null}
      </Reveal>
    </article>
  );
}
