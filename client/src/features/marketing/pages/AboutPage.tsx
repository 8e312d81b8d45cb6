// /about: the coach's story in her own words (written in the desk; no section while she has not written it), how
// she accompanies, and the two ways to work with her: the course (/cursos/manifiesta) and tech projects (a mailto
// link). Nothing here tells her life for her: the hero's lead is her own short presentation, or words about the page.
import { ButtonLink } from '../../../components/Button/Button';
import { useCoach, useSiteLinks } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import { Benefits, CtaGroup, GuidePhoto, Hero, PageTestimonials, RevealItem, SalesPage, Section, WhatsAppCta, type Benefit, type Fact } from '../sales';
import styles from './AboutPage.module.css';

export const ABOUT_WHATSAPP_MESSAGE = '¡Hola! Vi tu página «Sobre mí» en Manifiesta y me gustaría conversar contigo.';

/** The e-mail link of the tech-projects offer, or null while the coach has not set the address. */
export const techProjectsMailto = (email: string | null) => (email ? `mailto:${email}?subject=${encodeURIComponent('Proyecto tecnológico')}` : null);

const BELIEFS: Benefit[] = [
  { title: 'El cuerpo primero', text: 'Antes de cambiar un pensamiento, respiramos. Un sistema nervioso en calma decide mejor que una mente apurada.' },
  { title: 'Práctica antes que teoría', text: 'Las leyes universales son hermosas, pero lo que te transforma es lo que haces el lunes por la mañana.' },
  { title: 'Sin gurúes', text: 'No tengo todas las respuestas. Tengo buenas preguntas, herramientas probadas y ganas genuinas de acompañarte.' },
];

/** The two ways to work with her (detailed below), beside the text on a wide screen when there is no portrait. */
const GLANCE: Fact[] = [
  { label: 'El curso Manifiesta', value: 'Cinco semanas de actividades guiadas, meditaciones y coaching' },
  { label: 'Proyectos tecnológicos', value: 'Una web, una app o una automatización con propósito' },
];

export function AboutPage() {
  const techProjects = techProjectsMailto(useSiteLinks().links.techProjectsEmail);
  const coach = useCoach();
  useTrackView('about');

  return (
    <SalesPage>
      <Hero
        eyebrow="Quién te acompaña"
        title="Sobre mí"
        lead={
          coach.bio ? (
            <Paragraphs texts={coach.bio} />
          ) : (
            <p>
              Soy {coach.name ? `${coach.name}, ` : ''}coach holística. Aquí te cuento {coach.story ? 'mi historia, ' : ''}cómo acompaño y las dos formas en que
              podemos trabajar juntos: el curso Manifiesta y los proyectos tecnológicos.
            </p>
          )
        }
        media={coach.portrait ? <GuidePhoto lazy={false} /> : undefined}
        glance={{ title: 'Trabajemos juntos', facts: GLANCE }}
      />

      {coach.story ? (
        <Section eyebrow="En mis palabras" title="Mi historia">
          <div className={styles.story}>
            <Paragraphs texts={coach.story} />
          </div>
        </Section>
      ) : null}

      <Section tone="muted" width="wide" eyebrow="Lo que creo" title="Cómo acompaño">
        <Benefits items={BELIEFS} />
      </Section>

      <PageTestimonials page="about" />

      <Section width="wide" eyebrow="Trabajemos juntos" title="Dos formas de hacerlo">
        <ul className={styles.offers}>
          <RevealItem index={0} className={styles.offer}>
            <p className="eyebrow">Para tu crecimiento personal</p>
            <h3 className={styles.offerTitle}>El curso Manifiesta</h3>
            <p>
              Cinco semanas de actividades guiadas, meditaciones y sesiones de coaching para reprogramar tus creencias y diseñar la vida que quieres. Las
              primeras actividades son gratis: puedes empezar hoy mismo, a tu ritmo.
            </p>
            <ButtonLink to="/cursos/manifiesta" className={styles.offerAction}>
              Empieza el curso
            </ButtonLink>
          </RevealItem>
          <RevealItem index={1} className={styles.offer}>
            <p className="eyebrow">Para tu proyecto digital</p>
            <h3 className={styles.offerTitle}>Proyectos tecnológicos</h3>
            <p>
              Si tienes un proyecto (una web, una app, una automatización) y buscas a alguien que entienda tanto el código como el propósito que hay detrás,
              cuéntame.
            </p>
            {/* React Router hands an absolute address like mailto: to the browser as a plain link. */}
            {techProjects ? (
              <ButtonLink to={techProjects} className={styles.offerAction}>
                Escríbeme por email
              </ButtonLink>
            ) : null}
          </RevealItem>
        </ul>
      </Section>

      <Section
        tone="accent"
        title={coach.story ? '¿Te resonó algo de mi historia?' : '¿Conversamos?'}
        intro={<p>Escríbeme. Me encanta saber quién está del otro lado y qué te trajo hasta aquí.</p>}
      >
        <CtaGroup align="center">
          <WhatsAppCta message={ABOUT_WHATSAPP_MESSAGE}>Escríbeme por WhatsApp</WhatsAppCta>
        </CtaGroup>
      </Section>
    </SalesPage>
  );
}

/** The coach's own text, a paragraph each, as plain text (React escapes it: what she typed is what shows). */
function Paragraphs({ texts }: { texts: string[] }) {
  return texts.map((text, i) => (
    <p key={i} className={styles.ownWords}>
      {text}
    </p>
  ));
}
