// /coaching: the 1:1 Purpose Session, a 60-minute video call, and its price. Booking
// and payment happen on WhatsApp or the scheduling page; the page makes no backend call besides the visit count.
import { QUOTED_PRICES, formatPrice } from '../../../../../course/products';
import { useSiteLinks } from '../../../lib/site';
import { money, useCatalogue } from '../../../lib/catalogue';
import { useTrackView } from '../../../lib/track-view';
import {
  AboutGuide,
  CtaButton,
  CtaGroup,
  Facts,
  Faq,
  ForWhom,
  Hero,
  PageTestimonials,
  Price,
  SalesPage,
  Section,
  Steps,
  WhatsAppCta,
  type Fact,
  type FaqItem,
  type Step,
} from '../sales';
import styles from './CoachingPage.module.css';
import { CompassArt } from './CompassArt';

export const COACHING_WHATSAPP_MESSAGE = '¡Hola! Quiero reservar mi Sesión 1:1 de Propósito de 60 minutos.';

const DURATION = `${QUOTED_PRICES.purposeSession.minutes} minutos`;

/** The session at a glance; its price once the catalogue says it (null: still loading). */
const facts = (price: string | null): Fact[] => [
  { label: 'Duración', value: DURATION },
  { label: 'Modalidad', value: 'Videollamada, desde donde estés' },
  ...(price ? [{ label: 'Inversión', value: price }] : []),
  { label: 'Pago', value: 'Lo coordinamos por WhatsApp o después de agendar' },
];

const STEPS: Step[] = [
  { title: 'Agenda', text: 'Eliges el día y el horario que mejor te quede en mi agenda, o me escribes por WhatsApp y lo coordinamos.' },
  {
    title: 'Conectamos',
    text: 'Nos encontramos por videollamada. Arrancamos respirando y bajando el ritmo, para que puedas hablar desde un lugar tranquilo.',
  },
  {
    title: 'Descubre tu propósito',
    text: 'Con preguntas precisas vamos a lo que te mueve de verdad: tus talentos, lo que te enciende y lo que ya no quieres sostener.',
  },
  {
    title: 'Diseña tu camino',
    text: 'Cerramos con pasos concretos para las próximas semanas, para que salgas de la sesión sabiendo qué hacer el lunes.',
  },
];

const IS_FOR = [
  'Sientes que estás para algo más, pero no sabes bien qué es.',
  'Estás en un momento de cambio (de trabajo, de ciudad, de vínculo) y quieres elegir con claridad.',
  'Tienes muchas ideas y te cuesta decidir por dónde empezar.',
  'Quieres pasar de la inspiración a un plan con pasos concretos.',
  'Tienes ganas de mirarte con honestidad durante una hora.',
];

const IS_NOT_FOR = [
  'Buscas que alguien decida por ti o te dé una receta mágica.',
  'Esperas resultados sin hacer nada después de la sesión.',
  'Necesitas acompañamiento psicológico o médico: el coaching no reemplaza una terapia.',
  'No tienes ganas de salir de tu zona de confort, ni un poquito.',
];

const faq = (price: string | null): FaqItem[] => [
  {
    q: '¿Cómo es la videollamada?',
    a: `Dura ${DURATION} y la hacemos por videollamada: te paso el enlace al agendar. Solo necesitas un lugar tranquilo, auriculares si tienes y algo para anotar.`,
  },
  {
    q: '¿Cómo pago la sesión?',
    a: `${price ? `La sesión cuesta ${price}. ` : ''}El pago lo coordinamos por WhatsApp o después de que agendes, con el medio que te quede más cómodo.`,
  },
  {
    q: '¿Qué pasa si no sé qué quiero?',
    a: 'Es justamente para eso. No hace falta que llegues con claridad: llegas con tus preguntas y las ordenamos juntos.',
  },
  {
    q: '¿Puedo reprogramar si me surge algo?',
    a: 'Sí. Avísame con al menos 24 horas de anticipación y buscamos otro horario sin costo.',
  },
  {
    q: '¿Y después de la sesión?',
    a: 'Te llevas un plan con tus próximos pasos. Si quieres seguir el proceso conmigo, te cuento las opciones, sin ninguna obligación.',
  },
];

function Ctas({ center = false }: { center?: boolean }) {
  const { links } = useSiteLinks();
  return (
    <CtaGroup align={center ? 'center' : 'start'}>
      <WhatsAppCta message={COACHING_WHATSAPP_MESSAGE}>Reserva por WhatsApp</WhatsAppCta>
      <CtaButton href={links.bookingPurposeSession} variant="secondary">
        Agenda tu sesión
      </CtaButton>
    </CtaGroup>
  );
}

export function CoachingPage() {
  const { links } = useSiteLinks();
  useTrackView('coaching');
  const catalogue = useCatalogue();
  const session = money(catalogue?.purposeSession);
  const price = session && formatPrice(session);

  return (
    <SalesPage>
      <Hero
        eyebrow={`Videollamada de ${DURATION}`}
        title="Sesión 1:1 de Propósito"
        art={<CompassArt />}
        lead={
          <>
            <p>Una hora a solas, tú y yo, para descubrir tu propósito y diseñar el camino concreto para vivirlo.</p>
            <p>Sin fórmulas genéricas: trabajamos con tu historia, tus talentos y lo que hoy te frena, y sales con pasos claros para las próximas semanas.</p>
          </>
        }
      >
        <Ctas />
      </Hero>

      <Section tone="muted" width="wide" eyebrow="Lo esencial" title="La sesión en pocas palabras">
        <Facts items={facts(price)} />
      </Section>

      <Section eyebrow="Cómo funciona" title="Cuatro pasos">
        <Steps items={STEPS} />
        <Ctas />
      </Section>

      <Section tone="muted" width="wide" eyebrow="¿Es para ti?" title="Antes de reservar, mírate con honestidad">
        <ForWhom isFor={IS_FOR} isNotFor={IS_NOT_FOR} />
      </Section>

      <Section eyebrow="Quién te acompaña" title="Tu coach en esta hora">
        <AboutGuide>
          <p>Soy coach holística. En esta hora mi trabajo es hacerte las preguntas que te ayuden a escuchar lo que de verdad quieres, sin decidir por ti.</p>
          <p>Combino herramientas de coaching, respiración y meditación para que la claridad no se quede en la cabeza y se convierta en decisiones.</p>
        </AboutGuide>
      </Section>

      <Section id="reserva" tone="muted" eyebrow="Inversión" title="Reserva tu sesión">
        <Price
          title="Sesión 1:1 de Propósito"
          price={session}
          listPrice={money(catalogue?.purposeSessionOldAmount)}
          per={`por ${DURATION} de videollamada`}
          features={['Una hora solo para ti, por videollamada', 'Claridad sobre tu propósito', 'Un plan de acción con tus próximos pasos']}
          note="El pago lo coordinamos por WhatsApp o después de agendar."
        >
          <Ctas />
        </Price>
      </Section>

      <Section
        eyebrow="¿Todavía con dudas?"
        title="Hablemos antes, sin costo"
        intro={<p>Si no sabes si esta sesión es lo que necesitas, agenda una llamada informativa gratuita de 30 minutos y lo vemos juntos.</p>}
      >
        <CtaGroup>
          <CtaButton href={links.bookingClarificationCall} variant="secondary" note="30 minutos, gratis y sin compromiso">
            Agenda una llamada informativa
          </CtaButton>
        </CtaGroup>
      </Section>

      <PageTestimonials page="coaching" />

      <Section tone="muted" eyebrow="Preguntas frecuentes" title="Lo que más me preguntan">
        <Faq items={faq(price)} />
      </Section>

      <Section tone="accent" title="Tu propósito no se piensa, se descubre" intro={<p>Una hora puede cambiar la dirección de todo lo que viene.</p>}>
        <Ctas center />
      </Section>

      <footer className={styles.footer}>
        {links.instagram ? (
          <p>
            Sígueme en{' '}
            <a href={links.instagram} target="_blank" rel="noopener noreferrer">
              Instagram
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
            .
          </p>
        ) : null}
        <p>© {new Date().getFullYear()} Manifiesta</p>
      </footer>
    </SalesPage>
  );
}
