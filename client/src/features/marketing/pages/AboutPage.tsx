// /about: the coach's story and the two ways to work with her: the course
// (/cursos/manifiesta) and tech projects (a mailto link).
import { ButtonLink } from '../../../components/Button/Button';
import { useCoach, useSiteLinks } from '../../../lib/site';
import { useTrackView } from '../../../lib/track-view';
import { Benefits, CtaGroup, GuidePhoto, Hero, PageTestimonials, RevealItem, SalesPage, Section, WhatsAppCta, type Benefit, type Fact } from '../sales';
import styles from './AboutPage.module.css';

export const ABOUT_WHATSAPP_MESSAGE = '¡Hola! Leí tu historia en Manifiesta y me gustaría conversar contigo.';

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
          <p>
            Soy {coach.name ? `${coach.name}, ` : ''}coach holística y, antes de eso, pasé casi diez años escribiendo código frente a una pantalla. Esta es la
            historia de cómo una cosa me llevó a la otra, y de por qué hoy hago lo que hago.
          </p>
        }
        media={coach.portrait ? <GuidePhoto lazy={false} /> : undefined}
        glance={{ title: 'Trabajemos juntos', facts: GLANCE }}
      />

      <Section eyebrow="Mi historia" title="Del nudo en el pecho a Manifiesta">
        <div className={styles.story}>
          <p>
            Trabajé muchos años como desarrolladora de software en Córdoba. Me iba bien: buen sueldo, proyectos interesantes, un equipo que quería. Y aun así,
            cada domingo por la noche aparecía un nudo en el pecho que no sabía nombrar.
          </p>
          <p>
            Un invierno el cuerpo habló antes que yo. Ansiedad, noches sin dormir y la sensación constante de estar corriendo detrás de una vida que no había
            elegido. Me dijeron que tenía que «bajar el ritmo». Yo no tenía idea de por dónde empezar.
          </p>
          <p>
            Empecé por lo más simple: respirar. Diez minutos por la mañana, antes de abrir la computadora. Después llegaron la meditación, el yoga, los libros
            sobre conciencia y, un poco por desafío, las duchas frías. Ahí, temblando bajo el agua helada, entendí algo que ninguna teoría me había enseñado:
            que podía atravesar lo incómodo sin escaparme.
          </p>
          <p>
            Me formé como coach, estudié las leyes universales, el Kybalion y los niveles de conciencia, y durante dos años acompañé gratis a amigas y amigos,
            para comprobar si esto funcionaba más allá de mí. Funcionaba. Vi a gente cambiar de trabajo, animarse a emprender, soltar vínculos que la apagaban
            y, sobre todo, volver a confiar en sí misma.
          </p>
          <p>
            Así nació Manifiesta: un espacio para que pases de la intención a la acción, con herramientas concretas y alguien al lado. No te prometo una vida
            sin miedo. Te prometo que no lo vas a atravesar sin compañía.
          </p>
        </div>
      </Section>

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
              No dejé la tecnología: la puse al servicio de lo que me importa, y este mismo sitio lo construí yo. Si tienes un proyecto (una web, una app, una
              automatización) y buscas a alguien que entienda tanto el código como el propósito que hay detrás, cuéntame.
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
        title="¿Te resonó algo de mi historia?"
        intro={<p>Escríbeme. Me encanta saber quién está del otro lado y qué te trajo hasta aquí.</p>}
      >
        <CtaGroup align="center">
          <WhatsAppCta message={ABOUT_WHATSAPP_MESSAGE}>Escríbeme por WhatsApp</WhatsAppCta>
        </CtaGroup>
      </Section>
    </SalesPage>
  );
}
